"""The search bot at a network table (issue 16): a server AI seat ``ai:search[:BUDGET]`` that
thinks in a child process of the server. A client is never sent a sample of the hidden cards
(a sample carries the hidden cards' true instance ids, which the public decklists turn back into
the true hand), so a client bot that wants to search is told to ask for a server seat.

Hidden information: the whole game against a search seat is checked message by message with the
same property checks as two people's games (tests/net/test_net_hidden.py), and no frame holds the
search's annotations (its candidates name the AI's own hand)."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from net_helpers import Raw, register_toy, running_server, unregister_toy
from test_net_hidden import _check, _player, _spectator

from engine.ai.notes import notes_for, read_notes
from engine.net import messages as M
from engine.net.mirror import TableMirror
from engine.net.records import tables_dir
from engine.net.search_seat import MAX_SECONDS, ServerSearch


@pytest.fixture(autouse=True)
def _toy():
    register_toy()
    yield
    unregister_toy()


async def _game_against_search(tmp_path, name: str, seed: int) -> None:
    rng = random.Random(seed)
    async with running_server(tmp_path) as server:
        a = await Raw.hello(server, as_user="a")
        w = await Raw.hello(server, as_user="w")
        a.send(M.CreateTable(name, seats=["human", "ai:search:24sims"], table="g"))
        await a.expect(M.Seated)
        w.send(M.Watch("g"))
        await w.expect(M.Snapshot)
        ma = TableMirror("g")
        probes: list = []
        await asyncio.wait_for(asyncio.gather(
            _player(a, ma, TableMirror("g"), rng, probes), _spectator(w)), 300)
        table = server.tables["g"]
        game = table.game
        assert game.ruleset.result(game.state) is not None
        seat = table.bots[1]
        assert isinstance(seat, ServerSearch)
        assert seat.process.proc is None, "the search's process outlived the game"
        if name != "toy":                  # the test-only ruleset is unknown to the child
            assert seat.in_server == 0, "the search ran in the server, not in its process"
        searched = [n for n in seat.annotations if n["sims"]]
        assert searched and all(0 < n["sims"] <= 24 for n in searched)
        assert any(e.player == 1 for e in game.entries)
        kept = read_notes(tables_dir(server.data) / table.rec.save)     # on the server's disk
        assert kept.damaged == 0 and len(notes_for(kept, game.entries)) == len(searched)
        clients = {ma.viewer: a, M.SPECTATOR: w}
        for c in clients.values():
            c.close()
    for client in clients.values():
        assert not any(b"candidates" in f or b"tree_entries" in f for f in client.frames), \
            "a client was sent the search's annotation"
    assert _check(name, game, clients, probes, rng) > len(game.entries)


@pytest.mark.parametrize("name", ["toy", "hkk", "sw"])
def test_a_search_seat_plays_a_whole_game_and_no_message_tells_more_than_the_view(
        tmp_path, name):
    asyncio.run(_game_against_search(tmp_path, name, 5))


@pytest.mark.parametrize("kind,says", [
    ("ai:search:99", f"at most {MAX_SECONDS:g} seconds"),
    ("ai:search:lots", "is not a search budget"),
    ("ai:search:999999sims", "at most 50000 simulations"),
])
def test_a_search_seat_with_a_bad_budget_is_refused_in_words(tmp_path, kind, says):
    async def go() -> None:
        async with running_server(tmp_path) as server:
            a = await Raw.hello(server, as_user="a")
            a.send(M.CreateTable("hkk", seats=["human", kind], table="g"))
            err = await a.expect(M.Error)
            assert err.code == "seats" and says in err.message
            assert "g" not in server.tables

    asyncio.run(go())


def test_a_client_bot_that_wants_to_search_is_told_to_ask_for_a_server_seat(capsys, tmp_path):
    from hkk_tui.cli import main

    code = main(["bot", "--connect", str(tmp_path / "none.sock"), "--table", "g",
                 "--bot", "search:0.5"])
    err = capsys.readouterr().err
    assert code == 2 and "ai:search" in err and "never sends" in err
    assert len(err.strip().splitlines()) == 1


def test_a_thinking_search_seat_never_holds_up_another_tables_moves(tmp_path):
    """The search seats wait for their processes in threads of their own: with one worker
    thread for table work, another table still starts and answers while a search thinks."""
    async def go() -> None:
        async with running_server(tmp_path, workers=1) as server:
            a = await Raw.hello(server, as_user="a")
            a.send(M.CreateTable("hkk", seats=["ai:search:4", "ai:search:4"], table="ai",
                                 sit=False))
            await a.expect(M.Tables)
            started = time.monotonic()
            while not server.tables["ai"].searching():
                assert time.monotonic() - started < 20, "the search seats never started"
                await asyncio.sleep(0.05)
            b = await Raw.hello(server, as_user="b")
            t0 = time.monotonic()
            b.send(M.CreateTable("hkk", seats=["human", "ai:greedy"], table="g"))
            await b.expect(M.Snapshot)
            assert time.monotonic() - t0 < 3.0, "a new table waited for another's search"
            assert server.tables["ai"].searching() or len(server.tables["ai"].game.entries) < 4

    asyncio.run(go())


def test_why_no_sample_is_sent_a_samples_instance_ids_tell_the_true_hand_and_next_draw():
    """The reason for the server seat: HKK numbers its cards in decklist order (public), and a
    sample keeps the hidden cards' ids where they truly are, so a client holding a sample could
    read the opponent's hand and next draw off the ids, though the sample's view is the seat's
    view. (If a ruleset ever renumbers hidden cards in its samples, this test says so.)"""
    from engine.core import registry
    from engine.core.game import Game
    from engine.core.log import Seat
    from engine.core.search import hooks_for

    plugin = registry.get("hkk")
    decks = tuple(d.id for d in plugin.decks()[:2])
    seats = tuple(Seat("AB"[i], d, "human") for i, d in enumerate(decks))
    game = Game.new(plugin.ruleset_for(plugin.new_header(decks, 5, seats=seats)),
                    plugin.new_header(decks, 5, seats=seats))
    numbering = [c.cid for c in Game.new(game.ruleset, plugin.new_header(
        decks, 999, seats=seats)).state.cards]          # any game of these public decklists
    state = game.state
    sample = hooks_for(game.ruleset).determinize(state, 0, random.Random(1))
    assert game.ruleset.view(sample, 0) == game.ruleset.view(state, 0)
    true_hand = sorted(state.cards[i].cid for i in state.players[1].hand)
    assert sorted(sample.cards[i].cid for i in sample.players[1].hand) != true_hand
    assert sorted(numbering[i] for i in sample.players[1].hand) == true_hand
    assert numbering[sample.players[1].deck[0]] == state.cards[state.players[1].deck[0]].cid
