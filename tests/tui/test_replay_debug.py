"""Replay and the rules debugger driven by keys: stepping both ways, breakpoints, search, play
from here, and the command line entry points."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec

from engine.core import store
from engine.core.game import Game
from engine.hkk import events as E
from engine.hkk.session import codec, ruleset_for
from hkk_tui.app import HkkApp
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.replay import ReplayScreen, parse_breakpoint
from hkk_tui.screens.settings_store import Settings
from hkk_tui.rulesets.hkk.board import Board
from hkk_tui.widgets.log import GameLog
from tui_helpers import fresh_data_dir

SAVES = Path(__file__).resolve().parents[2] / "saves"
SHIPPED = SAVES / "hkk" if (SAVES / "hkk" / "games").is_dir() else SAVES   # the layout moves
GAME = sorted((SHIPPED / "games").glob("*.hkk"))[2]
ENC = msgspec.msgpack.Encoder()


def _truth():
    loaded = store.load(GAME, codec())
    return Game.from_log(ruleset_for(loaded.header), loaded.header, loaded.entries)


def _board_text(screen) -> str:
    return str(screen.query_one("#board", Board).render())


def run(coro_fn, start, size=(120, 36), lang="en"):
    async def main():
        app = HkkApp(Settings(lang=lang, ai_pace=0.0), start)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await coro_fn(app, pilot)
    asyncio.run(main())


def test_replay_steps_forward_and_back_and_shows_the_recorded_states(monkeypatch):
    fresh_data_dir(monkeypatch)
    truth = _truth()

    async def body(app, pilot):
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.pos == screen.replay.entry_start[1]
        for _ in range(6):
            await pilot.press("right")
        await pilot.pause()
        at = screen.replay.current_entry()
        assert at == 6
        assert ENC.encode(screen.replay.state) == ENC.encode(truth.state_at(7))
        # the board shows that point: life totals of both players
        text = _board_text(screen)
        for p in truth.state_at(7).players:
            assert f"Life {p.life}/" in text
        await pilot.press("full_stop", "full_stop", "comma")
        await pilot.pause()
        assert screen.replay.pos == screen.replay.entry_start[7] + 1
        for _ in range(3):
            await pilot.press("left")
        await pilot.pause()
        # the first step back returns to the start of the entry the cursor was inside
        assert ENC.encode(screen.replay.state) == ENC.encode(truth.state_at(5))
        await pilot.press("end")
        await pilot.pause()
        assert screen.replay.state.result is not None
        log = screen.query_one("#log", GameLog).plain_lines()
        assert any("wins" in line or "draw" in line for line in log[-5:])

    run(body, {"replay": str(GAME)})


def test_replay_switches_between_views_and_hides_the_hand():
    async def body(app, pilot):
        screen = app.screen
        for _ in range(4):
            await pilot.press("right")
        await pilot.press("o")           # player 1's view: the opponent's hand is hidden
        await pilot.pause()
        assert screen.viewer == 0 and screen._view.players[1].hand == []
        assert screen._view.players[0].hand
        await pilot.press("o", "o")      # back to everything
        await pilot.pause()
        assert screen.viewer == -1 and screen._view.players[1].hand

    run(body, {"replay": str(GAME)})


def test_a_breakpoint_stops_where_it_should(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        assert screen.debug
        await pilot.press("B")
        await pilot.pause()
        await pilot.press(*"type AttackDeclared", "enter")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        k = screen.replay.pos - 1
        assert isinstance(screen.replay.event(k), E.AttackDeclared)
        first = k
        # the previous events hold no attack: it stopped at the first one
        assert not any(isinstance(screen.replay.event(j), E.AttackDeclared)
                       for j in range(screen.replay.entry_start[1], first))
        await pilot.press("c")
        await pilot.pause()
        assert screen.replay.pos - 1 > first or screen.replay.pos == screen.replay.total
        detail = str(screen.query_one("#event-detail").render())
        assert "K 34.1" in detail

    run(body, {"replay": str(GAME), "debug": True})


def test_search_and_rule_breakpoint(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        await pilot.press("B")
        await pilot.pause()
        await pilot.press(*"rule 36.4", "enter")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        ev = screen.replay.event(screen.replay.pos - 1)
        assert getattr(ev, "rule", "") == "K 36.4"
        await pilot.press("home", "slash")
        await pilot.pause()
        await pilot.press(*"graveyard", "enter")
        await pilot.pause()
        assert screen.search_hits
        assert screen.replay.pos - 1 == screen.search_hits[0]

    run(body, {"replay": str(GAME), "debug": True})


def test_play_from_here_branches_a_new_save(monkeypatch):
    data = fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
        at = screen.replay.current_entry() + 1
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("2")                    # player A against the AI
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        branched = list((data / "saves").glob("*-branch-*.hkk"))
        assert len(branched) == 1
        loaded = store.load(branched[0], codec())
        assert loaded.header.branched_from == (GAME.stem, at)
        assert len(loaded.entries) >= at

    run(body, {"replay": str(GAME)})


def test_breakpoint_syntax():
    assert parse_breakpoint("type AttackDeclared").kind == "type"
    assert parse_breakpoint("player 2").value == "1"
    assert parse_breakpoint("rule K 34.4").value == "34.4"
    assert parse_breakpoint("card x") is None and parse_breakpoint("nonsense") is None


def test_replay_at_80x24_in_hungarian():
    async def body(app, pilot):
        screen = app.screen
        assert screen.query_one("#board-pane").border_title == "Asztal"
        await pilot.press("right", "d")
        await pilot.pause()
        assert screen.query_one("#events").border_title == "Események"

    run(body, {"replay": str(GAME)}, size=(80, 24), lang="hu")


def test_scenario_file_opens_a_game_at_the_declared_position(monkeypatch):
    fresh_data_dir(monkeypatch)
    scenario = SHIPPED / "scenarios" / \
        "k34-4-break-through.toml"

    async def body(app, pilot):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):           # the hotseat hand-over screen
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
        assert isinstance(screen, GameScreen)
        d = screen.session.pending()
        assert d is not None and d.kind == "declare"
        assert screen.session.game.header.decklists[0]

    run(body, {"scenario": str(scenario)})


def test_a_bad_scenario_file_is_explained_not_crashed_on(monkeypatch, tmp_path):
    fresh_data_dir(monkeypatch)
    bad = tmp_path / "bad.toml"
    bad.write_text('phase = "main1"\n[[players]]\nhand = ["no-such-card"]\n[[players]]\n')

    async def body(app, pilot):
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        notes = [str(n.message) for n in app._notifications]
        assert any("no-such-card" in m for m in notes), notes

    run(body, {"scenario": str(bad)})


def test_continue_after_a_corrupted_autosave_recovers_and_says_so_in_hungarian(monkeypatch):
    from engine.core.log import Seat
    from engine.hkk.session import make_header, start_saved

    data = fresh_data_dir(monkeypatch)
    path = store.autosave_path()
    seats = (Seat("Te", "raia-egi-legio", "human"), Seat("Gép", "leah-csontkert", "ai:greedy"))
    game = start_saved(make_header(("raia-egi-legio", "leah-csontkert"), 3, seats=seats), path)
    for _ in range(12):
        d = game.pending()
        game.submit(d.player, game.legal_actions(d.player)[0])
    game.writer.close()
    raw = bytearray(path.read_bytes())
    raw[-30] ^= 0x10                                    # one flipped bit near the end
    path.write_bytes(bytes(raw))

    async def body(app, pilot):
        # a game autosaved by an older hkk (one autosave.hkk) is listed like any other
        await pilot.press("down", "down", "enter")      # Folytatás / Continue
        await pilot.pause()
        assert app.screen.paths == [path]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        # the entries before the flipped bit (the AI may already have moved on from them)
        kept = len(store.load(data / "saves" / "autosave.hkk.damaged-1").entries)
        assert kept < 13 and app.screen.session.game.entries[:kept] == game.entries[:kept]
        notes = [str(n.message) for n in app._notifications]
        assert any("sérült" in m and "damaged-1" in m and f"{kept + 1}. bejegyzés" in m
                   for m in notes), notes

    run(body, {}, size=(80, 24), lang="hu")
    assert (data / "saves" / "autosave.hkk.damaged-1").exists()
