"""Play over the network (issue 13, part 3): whole games of every ruleset between bot clients,
written by the server in the crash-safe save format; undo only with the opponent's consent; draw
offers; concession; chat; the chess clock; the full log to the players after the end only."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import Raw, act, register_toy, running_server, unregister_toy

from engine.core import store
from engine.core.game import rerun
from engine.core.registry import ruleset_for
from engine.net import bot
from engine.net import clock as C
from engine.net import messages as M
from engine.net.address import parse
from engine.net.mirror import TableMirror


@pytest.fixture(autouse=True)
def _toy():
    register_toy()
    yield
    unregister_toy()


def run(coro):
    return asyncio.run(coro)


@pytest.mark.parametrize("ruleset,bots", [("hkk", ("greedy", "random")), ("toy", ("random",) * 2)])
def test_two_bot_clients_play_a_whole_game_saved_by_the_server(tmp_path, ruleset, bots):
    async def body():
        async with running_server(tmp_path) as server:
            address = parse(server.socket_path)
            results = await asyncio.gather(*(
                bot.play(address, "g", name, ruleset, as_user=f"p{i}", seed=i, timeout=60)
                for i, name in enumerate(bots)))
            assert results[0] == results[1] and results[0] is not None
            save = tmp_path / "data" / "tables" / "g.hkk"
        loaded = store.load(save)
        assert loaded.header.ruleset == ruleset and not loaded.damaged
        checked = rerun(ruleset_for(loaded.header), loaded.header, loaded.entries)
        assert checked.divergence is None          # the rules agree with every entry
        assert ruleset_for(loaded.header).result(checked.state) == results[0]
    run(body())


async def _two(server, ruleset: str = "toy"):
    """Alice (seat 0) and Bob (seat 1) at table t, both with their first snapshot."""
    alice = await Raw.hello(server, as_user="alice")
    bob = await Raw.hello(server, as_user="bob")
    alice.send(M.CreateTable(ruleset, table="t"))
    await alice.expect(M.Seated)
    bob.send(M.Join("t"))
    mirrors = {}
    for c in (alice, bob):
        m = TableMirror("t")
        m.snapshot(await c.expect(M.Snapshot))
        mirrors[c] = m
    return alice, bob, mirrors[alice], mirrors[bob]


async def _follow(client: Raw, mirror: TableMirror) -> M.Update:
    update = await client.expect(M.Update)
    assert mirror.update(update)
    return update


def _place(m: TableMirror):
    """A toy placement (it reveals nothing: no draw, no die)."""
    return next(a for a in m.legal if type(a).__name__ == "Place")


def test_undo_against_a_person_needs_their_consent(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice, bob, ma, mb = await _two(server)
            n = ma.n
            alice.send(act("t", n, _place(ma)))
            await _follow(alice, ma)
            await _follow(bob, mb)
            alice.send(M.Undo("t"))
            asked = await bob.expect(M.Notice, key="undo_asked")
            assert asked.params == {"seat": 0, "name": "alice"}
            bob.send(M.UndoAnswer("t", False))                 # Bob says no
            declined = await alice.expect(M.Notice, key="undo_declined")
            assert declined.params["seat"] == 0
            assert len(server.tables["t"].game.entries) == n + 1
            alice.send(M.Undo("t"))
            await bob.expect(M.Notice, key="undo_asked")
            alice.send(M.UndoAnswer("t", True))                # not hers to answer
            assert (await alice.expect(M.Error)).code == "no_request"
            bob.send(M.UndoAnswer("t", True))
            snap = await alice.expect(M.Snapshot)
            ma.snapshot(snap)
            assert ma.n == n and ma.mine()                     # back at her decision
            assert (await bob.expect(M.Snapshot)).n == n
    run(body())


def test_undo_is_refused_when_the_policy_says_no(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice, bob, ma, mb = await _two(server)
            alice.send(M.Undo("t"))                            # nothing of hers yet
            assert (await alice.expect(M.Error)).code == "undo_nothing"
            alice.send(act("t", ma.n, _place(ma)))
            await _follow(alice, ma)
            await _follow(bob, mb)
            bob.send(act("t", mb.n, _place(mb)))
            await _follow(bob, mb)
            await _follow(alice, ma)
            alice.send(M.Undo("t"))                            # Bob has moved since
            assert (await alice.expect(M.Error)).code == "undo_not_yours"
    run(body())


def test_a_draw_needs_both_and_a_concession_ends_the_game(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice, bob, ma, mb = await _two(server)
            alice.send(M.Draw("t"))
            assert (await bob.expect(M.Notice, key="draw_offered")).params["seat"] == 0
            bob.send(M.Draw("t", accept=False))
            await alice.expect(M.Notice, key="draw_declined")
            alice.send(M.Draw("t"))
            await bob.expect(M.Notice, key="draw_offered")
            bob.send(M.Draw("t"))
            snap = await alice.expect(M.Snapshot)
            assert snap.result is not None and snap.result.winners == () and \
                snap.result.reason == "agreed_draw"
            loaded = store.summarize(tmp_path / "data" / "tables" / "t.hkk")
            assert loaded.finished                            # the save says it is over
    run(body())


def test_concede_chat_and_the_log_only_for_players_after_the_end(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice, bob, ma, mb = await _two(server)
            watcher = await Raw.hello(server, as_user="wendy")
            watcher.send(M.Watch("t"))
            await watcher.expect(M.Snapshot)
            bob.send(M.Say("t", "good luck \x1b[31m!"))
            for c in (alice, bob, watcher):
                said = await c.expect(M.Said)
                assert (said.line.who, said.line.text) == ("bob", "good luck [31m!")
            alice.send(M.GetLog("t"))
            assert (await alice.expect(M.Error)).code == "not_over"
            bob.send(M.Concede("t"))
            update = await alice.expect(M.Update)
            assert update.result.winners == (0,)
            watcher.send(M.GetLog("t"))
            assert (await watcher.expect(M.Error)).code == "players_only"
            alice.send(M.GetLog("t"))
            log = await alice.expect(M.Log)
            path = tmp_path / "got.hkk"
            path.write_bytes(log.data)
            loaded = store.load(path)
            assert loaded.header.seed != 0 and len(loaded.entries) == update.n
    run(body())


def test_a_person_out_of_time_loses_on_the_clock(tmp_path, monkeypatch):
    monkeypatch.setattr(C, "MIN_CLOCK", 0)
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            alice.send(M.CreateTable("toy", seats=["human", "ai:random"], clock=1))
            snap = await alice.expect(M.Snapshot)
            assert snap.status.clocks == [1.0, 1.0] and snap.status.running == 0
            notice = await alice.expect(M.Notice, key="time_up")   # alice does not move
            assert notice.params["seat"] == 0
            update = await alice.expect(M.Update)
            assert update.result.winners == (1,)
    run(body())


def test_against_the_ai_undo_needs_no_consent_and_redo_brings_the_moves_back(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            alice.send(M.CreateTable("toy", table="t", seats=["human", "ai:random"]))
            m = TableMirror("t")
            m.snapshot(await alice.expect(M.Snapshot))
            n = m.n
            alice.send(act("t", n, _place(m)))
            while True:                                    # her move, then the AI's
                await _follow(alice, m)
                if m.mine():
                    break
            game = server.tables["t"].game
            moved = list(game.entries)
            alice.send(M.Undo("t"))
            snap = await alice.expect(M.Snapshot)
            assert snap.n == n and len(game.entries) == n  # back before her move, at once
            alice.send(M.Redo("t"))
            snap = await alice.expect(M.Snapshot)
            assert snap.n == len(moved) and game.entries == moved
            alice.send(M.Redo("t"))                        # nothing more of hers to redo
            assert (await alice.expect(M.Error)).code == "undo_no_redo"
    run(body())
