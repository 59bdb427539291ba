"""No message to a seat or a spectator holds anything that viewer may not know (issue 13,
part 6): a property test over whole games played through a real server by two seats and a
spectator, every message checked afterwards against the omniscient record of the game.

For every message: the header has no seed and no digest; the view is the viewer's own view of the
true state, and the same for every state that differs only in what the viewer may not know
(tests/conformance/hooks.py); the events are the viewer's redaction of the true ones, naming nothing
hidden; legal actions and hints go to the deciding seat only; no frame holds the seed or any RNG
state of the game. Refusals are probed too: a seat that sends the other seat's actions (naming the
other's hidden cards) gets the same refusal whatever those hidden cards are.
"""

from __future__ import annotations

import asyncio
import random
import struct
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import Raw, act, register_toy, running_server, unregister_toy

from engine.core.game import IllegalAction
from engine.net import messages as M
from engine.net.mirror import TableMirror
from engine.net.tables import public_header
from engine.net.wire import encode_body
from tests.conformance.hooks import HOOKS

ENC = msgspec.msgpack.Encoder()


def _secrets(game: Any) -> set[bytes]:
    """The msgpack bytes of the seed and of every large number in the true events (RNG states)."""
    found = {game.header.seed}

    def walk(value: Any) -> None:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 2 ** 32:
            found.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    for entry in game.entries:
        walk(msgspec.to_builtins(list(entry.events)))
    return {b"\xcf" + struct.pack(">Q", v) for v in found if v < 2 ** 64}


async def _player(client: Raw, mirror: TableMirror, other: TableMirror, rng: random.Random,
                  probes: list[tuple[int, int, Any, M.Refused]]) -> None:
    """Read and play one seat to the end: a random legal move, sometimes after probing with the
    other seat's last offered actions."""
    while True:
        msg = await client.read()
        assert msg is not None, "the server closed a player's connection"
        if isinstance(msg, M.Snapshot):
            mirror.snapshot(msg)
        elif isinstance(msg, M.Update):
            assert mirror.update(msg), "an update out of order"
        else:
            continue
        if mirror.result is not None:
            return
        if not mirror.mine():
            continue
        for probe in rng.sample(other.legal, min(2, len(other.legal))) if other.legal else ():
            if probe in mirror.legal:
                continue
            client.send(act(mirror.table, mirror.n, probe))
            refused = await client.expect(M.Refused)
            probes.append((mirror.viewer, mirror.n, probe, refused))
        client.send(act(mirror.table, mirror.n, rng.choice(mirror.legal)))


async def _spectator(client: Raw) -> None:
    while True:
        msg = await client.read()
        assert msg is not None
        if isinstance(msg, (M.Snapshot, M.Update)) and msg.result is not None:
            return


def _variants(hooks: Any, ruleset: Any, state: Any, viewer: int, seats: int,
              rng: random.Random) -> list[Any]:
    """States that differ from ``state`` only in what ``viewer`` may not know."""
    if viewer >= 0:
        return [hooks.hidden_variant(ruleset, state, viewer, rng) for _ in range(2)]
    out = state
    for seat in range(seats):                    # a spectator knows no seat's secrets
        out = hooks.hidden_variant(ruleset, out, seat, rng)
    return [out]


def _refusal(ruleset: Any, state: Any, seat: int, action: Any) -> tuple:
    try:
        ruleset.submit(ruleset.clone(state), seat, action)
    except IllegalAction as exc:
        return exc.rule, exc.key, exc.message, dict(exc.params)
    return ("accepted",)


def _check(name: str, game: Any, clients: dict[int, Raw],
           probes: list[tuple[int, int, Any, M.Refused]], rng: random.Random) -> int:
    ruleset, hooks = game.ruleset, HOOKS[name]
    seats = len(game.header.seats)
    states = [game.state_at(n) for n in range(len(game.entries) + 1)]
    secrets = _secrets(game)
    checked = 0
    for viewer, client in clients.items():
        for frame in client.frames:
            for secret in secrets:
                assert secret not in frame, f"a frame to viewer {viewer} holds the seed or an " \
                                            "RNG state"
        for msg in client.got:
            if not isinstance(msg, (M.Snapshot, M.Update)):
                continue
            n = msg.n
            state = states[n]
            if isinstance(msg, M.Snapshot):
                header = msgspec.msgpack.decode(bytes(msg.header))
                assert header["seed"] == 0 and header["digest"] == ""
                assert bytes(msg.header) == encode_body(public_header(game.header))
                log = [(e.player, [ruleset.redact(ev, viewer) for ev in e.events])
                       for e in game.entries[:n]]
                assert bytes(msg.log) == encode_body(log)
            else:
                events = game.entries[n - 1].events
                redacted = [ruleset.redact(ev, viewer) for ev in events]
                assert bytes(msg.events) == encode_body(redacted)
                for ev, red in zip(events, redacted):
                    leak = hooks.event_leak(ev, red, viewer)
                    assert not leak, f"{type(ev).__name__} to viewer {viewer}: {leak}"
            view = encode_body(ruleset.view(state, viewer))
            assert bytes(msg.view) == view, f"viewer {viewer} got another view at entry {n}"
            for other in _variants(hooks, ruleset, state, viewer, seats, rng):
                assert encode_body(ruleset.view(other, viewer)) == view, \
                    f"viewer {viewer}'s view at entry {n} depends on what it may not know"
            d = ruleset.pending(state) if ruleset.result(state) is None else None
            assert msg.decision == d
            if d is not None and d.player == viewer:
                assert bytes(msg.legal) == encode_body(ruleset.legal_actions(state, viewer))
            else:
                assert msg.legal == M.NO_ACTIONS and not msg.hints, \
                    f"viewer {viewer} was sent another seat's legal actions"
            checked += 1
    for seat, n, action, refused in probes:
        got = (refused.rule, refused.key, refused.message, refused.params)
        state = states[n]
        assert got == _refusal(ruleset, state, seat, action)
        for other in _variants(hooks, ruleset, state, seat, seats, rng):
            assert _refusal(ruleset, other, seat, action) == got, \
                "a refusal tells the seat something it may not know"
    return checked


async def _game(tmp_path: Any, name: str, seed: int) -> None:
    rng = random.Random(seed)
    async with running_server(tmp_path) as server:
        a = await Raw.hello(server, as_user="a")
        b = await Raw.hello(server, as_user="b")
        w = await Raw.hello(server, as_user="w")
        a.send(M.CreateTable(name, table="g"))
        await a.expect(M.Seated)
        w.send(M.Watch("g"))
        await w.expect(M.Tables)
        b.send(M.Join("g"))
        await b.expect(M.Seated)
        ma, mb = TableMirror("g"), TableMirror("g")
        probes: list = []
        await asyncio.wait_for(asyncio.gather(
            _player(a, ma, mb, rng, probes), _player(b, mb, ma, rng, probes), _spectator(w)),
            120)
        game = server.tables["g"].game
        assert game.ruleset.result(game.state) is not None
        clients = {ma.viewer: a, mb.viewer: b, M.SPECTATOR: w}
        for c in clients.values():
            c.close()
    checked = _check(name, game, clients, probes, rng)
    assert checked > 2 * len(game.entries)        # every entry reached every viewer


@pytest.fixture(autouse=True)
def _toy():
    register_toy()
    yield
    unregister_toy()


def _names() -> list[str]:
    """Every registered ruleset, and the test-only Toy Grid."""
    from engine.core import registry

    return sorted(set(registry.names()) | {"toy"})


@pytest.mark.parametrize("name", _names())
@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # toy stays registered
@given(seed=st.integers(1, 10 ** 6))
def test_no_message_tells_a_seat_or_a_spectator_what_it_may_not_know(tmp_path_factory, name,
                                                                     seed):
    asyncio.run(_game(tmp_path_factory.mktemp("hidden"), name, seed))
