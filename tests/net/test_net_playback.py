"""The opponent's moves at a server table played back (issue 14, play14): the server's updates
come at once, the client shows the other seat's story lines one per pace (the ``ai_pace``
setting) with the latest on the prompt; keys that answer a decision are dropped meanwhile
(with a note), ``f`` skips to the end, and then the player's decision takes keys again. The
pace is an hour: only ``f`` ends the playback, so nothing here waits on the clock."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import register_toy, unregister_toy

from engine.net import bot
from engine.net.address import parse
from hkk_tui.rulesets import register_ui, unregister_ui
from tests.net.test_net_tui import game_screen, open_table, until, with_app


@pytest.fixture(autouse=True)
def _setup(monkeypatch, tmp_path):
    from tests.tui.toy_ui import ToyUI

    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "home"))
    register_toy()
    register_ui(ToyUI())
    yield
    unregister_ui("toy")
    unregister_toy()


async def _against_a_bot(server, app, pilot, ruleset: str, bot_name: str):
    """Open a table of ``ruleset`` by keys, seat a headless ``bot_name`` as bob; the game
    screen and bob's task once the game is on screen."""
    await open_table(app, pilot, ruleset)
    [table] = list(server.tables)
    opponent = asyncio.ensure_future(bot.play(parse(server.socket_path), table, bot_name,
                                              ruleset, as_user="bob", timeout=120))
    await until(pilot, lambda: game_screen(app) is not None, "the game screen")
    return game_screen(app), opponent


def test_the_opponents_moves_at_a_server_are_played_back_and_f_skips(tmp_path):
    from hkk_tui.widgets.log import GameLog

    async def body(server, app, pilot):
        screen, opponent = await _against_a_bot(server, app, pilot, "toy", "random")
        s = screen.session
        log = screen.query_one("#log", GameLog)
        await until(pilot, lambda: s.my_decision() is not None, "my decision")
        app.settings.ai_pace = 3600.0           # from now on: played back
        told = log.count
        before = s.game.n
        await pilot.press("space")              # pass: bob moves, at once
        await until(pilot, lambda: s.game.n > before + 1 and s.pending() is not None
                    and s.pending().player == s.viewer(), "bob's move and my turn")
        await pilot.pause()
        # bob's move is on the prompt (the latest line shown), for one pace
        assert getattr(screen, "playing_back", False), "bob's move was not played back"
        prompt = screen.query_one("#prompt").main_text
        assert prompt.startswith("bob is moving · "), prompt
        assert prompt.endswith(log.lines_[-1].text) or screen._backlog
        assert log.count > told
        n = s.game.n
        await pilot.press("space")              # dropped: the playback goes on
        assert s.game.n == n and "Space ignored" in screen.error
        await pilot.press("f")                  # skip: every line shown at once
        assert not screen.playing_back
        assert screen.query_one("#prompt").main_text.startswith("alice")
        await pilot.press("space")              # now the pass is mine to make
        await until(pilot, lambda: s.game.n > n, "my pass")
        opponent.cancel()

    asyncio.run(with_app(tmp_path, body))


def test_your_own_pass_at_a_server_is_logged(tmp_path):
    """At a server table the client knows its own moves: a pass that told nothing else is
    logged as "alice: Pass", as in local play (the server sends only the events)."""
    from hkk_tui.widgets.log import GameLog

    async def body(server, app, pilot):
        screen, opponent = await _against_a_bot(server, app, pilot, "hkk", "greedy")
        s = screen.session
        log = screen.query_one("#log", GameLog)
        for _ in range(12):
            if "alice: Pass" in getattr(log, "shown_lines", log.plain_lines)():
                break
            await until(pilot, lambda: s.my_decision() is not None
                        and not getattr(screen, "moving", False), "my decision")
            before = s.game.n
            await pilot.press("space" if any(g.kind == "pass" for g in screen.groups())
                              else "enter")
            if app.screen is not screen:        # a menu without a pass: its first line
                await pilot.press("1")
            await until(pilot, lambda: s.game.n > before, "my move")
        assert "alice: Pass" in getattr(log, "shown_lines", log.plain_lines)()
        opponent.cancel()

    asyncio.run(with_app(tmp_path, body))


def test_sw_the_opponents_targets_at_a_server_are_marked_for_each_line_played_back(
        tmp_path, monkeypatch):
    """At a server, each line of the other seat's move played back marks on the board what its
    entry's events point at (a unit summoned, moved, attacked...: ``» «`` beside the square,
    readable with NO_COLOR), and only for that line: the next line's marks replace it, the end
    of the playback (``f``) clears them. The pace's end is stood in for by the backlog's tick,
    so nothing waits on the clock."""
    from hkk_tui.widgets.grid import MARKS
    from hkk_tui.widgets.log import GameLog

    monkeypatch.setenv("NO_COLOR", "1")

    async def body(server, app, pilot):
        screen, opponent = await _against_a_bot(server, app, pilot, "sw", "random")
        s = screen.session
        board = screen.query_one("#board")
        log = screen.query_one("#log", GameLog)
        table = s.table()
        await until(pilot, lambda: s.my_decision() is not None or screen.playing_back,
                    "my decision")
        app.settings.ai_pace = 3600.0
        marked: list[tuple] = []
        for _ in range(3000):
            if len(marked) >= 2 or s.result() is not None:
                break
            if screen.playing_back and screen._backlog_timer is not None:
                line = log.lines_[-1]               # the line on show, for one pace
                assert line.seat == 1 - s.viewer() and line.entry >= 0
                want = screen.pointed_at([line.entry])
                assert board.aimed == want, (line.text, board.aimed, want)
                if want:
                    marked.append((line.text, want))
                    square = board.aimed_squares().pop()
                    assert square in board.marks.sets["aimed"]
                    assert MARKS["aimed"].sides[0] in "\n".join(
                        strip.text for strip in app.screen._compositor.render_strips())
                screen._backlog_timer.stop()        # the pace is over
                screen._backlog_tick()
            elif s.my_decision() is not None and not screen.moving:
                await pilot.press("space")
            await pilot.pause(0.01)
        assert marked, "no move of bob's pointed at anything"
        assert all(table.name(ref, s.view()) for _line, refs in marked for ref in refs)
        await pilot.press("f")
        assert not board.aimed
        opponent.cancel()

    asyncio.run(with_app(tmp_path, body))
