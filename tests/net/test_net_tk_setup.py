"""Tash-Kalar's set-up at a server table (issue 17 gap 3): the starting pieces are put on the
board by the placer, the last seat in turn order (TK Előkészület.Párbaj / .Csata, TK R.15),
before the start player's first turn. Played back at a server table, those entries read as the
set-up they are ("Set-up: starting piece …"), never as a move of the game by the last seat; the
game's own set-up entry (the system's, seat -1) is nobody's move, in Tash-Kalar as in HKK and
Summoner Wars. The pace is an hour: only ``f`` ends the playback."""

from __future__ import annotations

import asyncio

import pytest

from engine.core.game import Game
from engine.core.registry import get
from engine.net import bot
from engine.net.address import parse
from hkk_tui.rulesets import get_ui
from hkk_tui.screens.logbook import LogBook
from tests.net.test_net_tui import game_screen, open_table, until, with_app


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "home"))


def test_tk_elokeszulet_parbaj_the_placers_starting_pieces_read_as_set_up_at_a_table(tmp_path):
    from hkk_tui.widgets.log import GameLog

    async def body(server, app, pilot):
        app.settings.ai_pace = 3600.0           # every move of bob's is played back
        await open_table(app, pilot, "tk")
        [table] = list(server.tables)
        bob = asyncio.ensure_future(bot.play(parse(server.socket_path), table, "random", "tk",
                                             as_user="bob", timeout=120))
        await until(pilot, lambda: game_screen(app) is not None, "the game screen")
        screen = game_screen(app)
        s = screen.session
        await until(pilot, lambda: screen.playing_back, "bob's set-up played back")
        entries = s.game.entries
        assert entries[0].player == -1                          # the system's set-up
        placer = [e for e in entries[1:3]]
        assert all(e.player == 1 for e in placer)               # bob, last in turn order
        prompt = screen.query_one("#prompt").main_text
        assert prompt.startswith("bob is moving · Set-up: starting piece "), prompt
        log = screen.query_one("#log", GameLog)
        await pilot.press("f")                                  # the playback's end
        await until(pilot, lambda: not screen.playing_back and s.my_decision() is not None,
                    "my first turn")
        lines = [x for x in log.lines_ if x.story and x.kind == "event" and x.seat == 1]
        assert len(lines) >= 2 and all(x.text.startswith("Set-up: starting piece ")
                                       for x in lines[:2]), [x.text for x in lines]
        assert "TK Előkészület.Párbaj" in {x.rule for x in lines[:2]}
        prompt = screen.query_one("#prompt").main_text
        assert prompt.startswith("alice: "), prompt             # then the start player's turn
        bob.cancel()

    asyncio.run(with_app(tmp_path, body))


@pytest.mark.parametrize("ruleset, options, seats", [
    ("tk", {"mode": "duel"}, 2), ("tk", {"mode": "highform"}, 2),
    ("tk", {"mode": "battle"}, 4), ("hkk", None, 2), ("sw", None, 2)])
def test_the_games_own_set_up_entry_is_nobodys_move(ruleset, options, seats):
    """The first entry (the system's set-up) is logged for seat -1 in every game, so the
    playback never tells it as a seat's move; in Tash-Kalar it is followed by the placer's
    entries (DUEL, BATTLE), whose starting pieces read as set-up."""
    plugin = get(ruleset)
    ids = [d.id for d in plugin.decks()]
    header = plugin.new_header(tuple(ids[:seats]), 3, options=options)
    game = Game.new(plugin.ruleset_for(header), header)
    names = ["Anna", "Béla", "Cili", "Dani"][:seats]
    table = get_ui(ruleset).table(header, game.ruleset, names, "en")
    lines = LogBook(table, game.ruleset, 0).read(game.entries, 0)
    assert lines and all(x.seat == -1 for x in lines if x.entry == 0 and x.kind == "event")
    if ruleset == "tk" and options["mode"] != "highform":
        d = game.pending()
        assert d is not None and d.player == seats - 1          # the placer: last in order
        from engine.tk import actions as A

        square = game.legal_actions(d.player)[0]
        assert isinstance(square, A.PickSquare)
        events = game.submit(d.player, square)
        said = [table.describe(ev) for ev in events]
        said = [x for x in said if x is not None]
        assert said and said[0][0].startswith("Set-up: starting piece ")
        assert said[0][1].startswith("TK Előkészület.")
