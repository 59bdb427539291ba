"""Bad input and load never hurt other tables (issue 13, part 6): another protocol version,
messages before hello, malformed, oversized and unknown frames, actions for another seat or table,
floods and slow clients each get a clear error or a disconnect, while a game at another table goes
on to its end."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from net_helpers import Raw, act, frame_header, register_toy, running_server, unregister_toy

from engine.net import bot
from engine.net import messages as M
from engine.net.address import parse
from engine.net.conn import Limits


@pytest.fixture(autouse=True)
def _toy():
    register_toy()
    yield
    unregister_toy()


def run(coro):
    return asyncio.run(coro)


async def bot_game(server, table: str, ruleset: str = "toy", seed: int = 1):
    """Two bots play a whole game at ``table``; returns their results."""
    address = parse(server.socket_path)
    return await asyncio.gather(
        bot.play(address, table, "random", ruleset, as_user=f"{table}-a", seed=seed,
                 timeout=60),
        bot.play(address, table, "random", ruleset, as_user=f"{table}-b", seed=seed + 1,
                 timeout=60))


def test_a_client_of_another_protocol_version_is_told_both_versions(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            c = await Raw.open(server)
            c.send(M.Hello(M.PROTOCOL + 1))
            seen = await c.closed()
            err = seen[0]
            assert isinstance(err, M.Error) and err.code == "version" and err.fatal
            assert f"protocol {M.PROTOCOL}" in err.message and \
                f"protocol {M.PROTOCOL + 1}" in err.message
    run(body())


def test_anything_before_hello_closes_the_connection(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            c = await Raw.open(server)
            c.send(M.ListTables())
            seen = await c.closed()
            assert [type(m) for m in seen] == [M.Error] and seen[0].code == "hello_first"
    run(body())


def test_malformed_and_unknown_frames_are_refused_and_the_connection_goes_on(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            c = await Raw.hello(server, as_user="x")
            c.send_bytes(frame_header(3) + b"\xc1\xc1\xc1")                 # not msgpack
            err = await c.expect(M.Error)
            assert err.code == "bad_message" and not err.fatal
            body_ = msgspec.msgpack.encode({"t": "launch_missiles", "at": 1})
            c.send_bytes(frame_header(len(body_)) + body_)                 # unknown type
            err = await c.expect(M.Error)
            assert err.code == "bad_message" and "launch_missiles" in err.message
            c.send(M.Ping(7))                                              # still in step
            assert (await c.expect(M.Pong)).n == 7
    run(body())


def test_an_oversized_frame_is_refused_before_it_is_read(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            c = await Raw.hello(server, as_user="x")
            c.send_bytes(frame_header(50 * 1024 * 1024))                    # 50 MB announced
            seen = await c.closed()
            assert seen and seen[-1].code == "too_large" and seen[-1].fatal
    run(body())


def test_a_client_that_never_says_hello_is_disconnected(tmp_path):
    async def body():
        async with running_server(tmp_path, limits=Limits(hello_timeout=0.3)) as server:
            c = await Raw.open(server)
            seen = await c.closed()
            assert seen and seen[-1].code == "timeout"
    run(body())


def test_actions_for_another_table_or_seat_are_refused_without_a_change(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            a = await Raw.hello(server, as_user="a")
            b = await Raw.hello(server, as_user="b")
            w = await Raw.hello(server, as_user="w")
            a.send(M.CreateTable("toy", table="t"))
            await a.expect(M.Seated)
            b.send(M.Join("t"))
            snap_b = await b.expect(M.Snapshot)
            snap_a = await a.expect(M.Snapshot)
            game = server.tables["t"].game
            n = len(game.entries)
            mover, other = (a, b) if snap_a.decision.player == snap_a.viewer else (b, a)
            legal = server.tables["t"].game.legal_actions(snap_a.decision.player)
            other.send(act("t", n, legal[0]))                  # not the other's decision
            refused = await other.expect(M.Refused)
            assert refused.rule.startswith("TG") and refused.message
            mover.send(act("elsewhere", n, legal[0]))          # a table it is not at
            assert (await mover.expect(M.Error)).code == "not_here"
            w.send(M.Watch("t"))
            await w.expect(M.Snapshot, viewer=M.SPECTATOR)
            w.send(act("t", n, legal[0]))                      # a spectator acts
            assert (await w.expect(M.Error)).code == "watching"
            mover.send(act("t", n - 1, legal[0]))              # an older position
            assert (await mover.expect(M.Error)).code == "stale"
            await mover.expect(M.Snapshot)                    # ... and it is brought up to date
            mover.send(M.Act("t", n, msgspec.Raw(msgspec.msgpack.encode(["Place", True, -3]))))
            assert (await mover.expect(M.Refused)).key == "malformed"
            assert len(game.entries) == n and snap_b.n == n
            mover.send(act("t", n, legal[0]))                  # and the right move still works
            assert (await mover.expect(M.Update)).n == n + 1
    run(body())


def test_a_flood_is_refused_and_then_cut_off_while_another_table_plays_on(tmp_path):
    async def body():
        limits = Limits(rate=100, burst=100, max_refused=200)
        async with running_server(tmp_path, limits=limits) as server:
            game = asyncio.ensure_future(bot_game(server, "calm"))
            flood = await Raw.hello(server, as_user="flooder")
            for i in range(5000):
                flood.send(M.Ping(i))
            seen = await flood.closed()
            codes = [m.code for m in seen if isinstance(m, M.Error)]
            assert codes[0] == "flood" and codes[-1] == "flood" and seen[-1].fatal
            assert sum(isinstance(m, M.Pong) for m in seen) < 1000
            results = await game
            assert all(r is not None for r in results)
    run(body())


def test_a_slow_client_is_dropped_and_the_game_it_watched_goes_on(tmp_path):
    async def body():
        limits = Limits(out_buffer=32 * 1024)
        async with running_server(tmp_path, limits=limits) as server:
            a = await Raw.hello(server, as_user="a")
            a.send(M.CreateTable("hkk", table="bots", seats=["ai:random", "ai:random"],
                                 sit=False))                  # bots only: it starts at once
            await a.expect(M.Tables)
            sloth = await Raw.hello(server, as_user="sloth")
            sloth.writer.transport.pause_reading()             # reads nothing from now on
            sloth.send(M.Watch("bots"))
            other = asyncio.ensure_future(bot_game(server, "other", "hkk", seed=5))
            end = asyncio.get_running_loop().time() + 60
            while any(c.name == "sloth" for c in server.conns):
                assert asyncio.get_running_loop().time() < end, "the slow client stayed"
                await asyncio.sleep(0.01)
            assert all(r is not None for r in await other)
            table = server.tables["bots"]
            async with table.lock:                             # the watched game went on
                assert len(table.game.entries) > 1
    run(body())
