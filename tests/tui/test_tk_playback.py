"""Tash-Kalar's board marks while another seat's move is played back (issue 17 gap 2; the
playback of :mod:`hkk_tui.screens.playback`, the table's ``pointed_at``): the squares the move
changed — a piece placed or summoned, destroyed, moved or jumped (both ends), upgraded or
downgraded, converted — are marked ``» «`` beside a piece and ``◎`` on a square left empty,
read here without colour (NO_COLOR, the screen's text), and the marks go when the step is over
(``f``: the pace is an hour, so nothing waits on the clock)."""

from __future__ import annotations

from tui_helpers import fresh_data_dir, run, until

from engine.core.protocol import Ref
from engine.tk import actions as A
from engine.tk import events as E
from hkk_tui.screens.game import GameScreen


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class Played:
    """The AI seat's bot, made to choose the first legal action ``pick`` accepts, after which
    its moves are played back at an hour's pace."""

    def __init__(self, inner, app, pick) -> None:
        self.inner, self.app, self.pick = inner, app, pick
        self.needs_view = getattr(inner, "needs_view", True)
        self.chosen = None

    def choose(self, ctx):
        if self.chosen is None:
            mine = next((a for a in ctx.legal if self.pick(a)), None)
            if mine is not None:
                self.chosen = mine
                self.app.settings.ai_pace = 3600.0
                return mine
        return self.inner.choose(ctx)


async def _play_until(pilot, screen, cond, what: str) -> None:
    """The player places on the first empty square from the centre (board, Enter) and ends
    the turn (Space) until ``cond()``."""
    s = screen.session
    order = sorted(range(81), key=lambda q: (abs(q // 9 - 4) + abs(q % 9 - 4), q))
    for _ in range(600):
        if cond():
            return
        assert s.result() is None, f"the game ended before {what}"
        d = s.my_decision()
        if d is not None and not screen.moving and screen.app.screen is screen:
            board = screen.query_one("#board")
            if d.kind == "tk.end":
                await pilot.press("space")
            elif d.kind == "tk.act":
                board.focus()
                board.move_to(next(q for q in order if s.view().owner[q] < 0))
                await pilot.press("enter")
        await pilot.pause(0.01)
    raise AssertionError(f"never reached: {what}")


def test_tk_akcio_lerakas_the_ais_placed_piece_is_marked_without_colour_until_the_step_ends(
        monkeypatch):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        assert app.no_color
        app.ruleset = "tk"
        app.start_game(None, None, replace=True, ruleset="tk", decks=("tide", "ember"),
                       kinds=("human", "ai:tactician"))
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board"))
                    and app.screen.query_one("#board").view is not None, "the game")
        screen = app.screen
        session = screen.session
        bot = Played(session.bots[1], app, lambda a: isinstance(a, A.Place))
        session.bots[1] = bot
        board = screen.query_one("#board")
        await _play_until(pilot, screen, lambda: bool(board.aimed), "the AI's placement")
        await pilot.pause()
        square = bot.chosen.square
        assert board.aimed == (Ref("square", square),)
        piece = session.table().piece(session.view().owner[square], 1)
        assert piece == "R1"                                   # Ember's letter, common
        assert f"»{piece} «" in screen_text(app), screen_text(app)
        assert screen._aim_timer is not None                    # it goes after the pace
        await pilot.press("f")
        await pilot.pause()
        assert not board.aimed
        assert "»R1 «" not in screen_text(app)

    run(body, "en", size=(80, 24), seed=4)


def test_tk_hatas_every_changed_square_is_pointed_at_and_an_emptied_one_shows_a_ring(
        monkeypatch):
    """The table's hook names each square a move changed, once, in order: a summon that
    destroys (TK Idézés), a move (TK Hatás.mozgás: both ends), an upgrade (TK
    Hatás.felfejlesztés), a conversion (TK Hatás.átalakítás: removed and placed anew); bookkeeping
    names none. On the board a square left empty by the move is marked ``◎``."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        app.ruleset = "tk"
        app.start_game(None, None, replace=True, ruleset="tk", decks=("tide", "ember"),
                       kinds=("human", "ai:tactician"))
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board"))
                    and app.screen.query_one("#board").view is not None, "the game")
        screen = app.screen
        table = screen.session.table()
        events = [E.Removed(40, 1, True, True, "TK Idézés"), E.Placed(40, 0, 2, "TK Idézés"),
                  E.Scored(0, 0, 2, "TK Párbaj.pont"), E.Stepped(30, 31, "TK Hatás.mozgás"),
                  E.Ranked(50, 2, "TK Hatás.felfejlesztés"),
                  E.Removed(60, 0, False, False, "TK Hatás.átalakítás"),
                  E.Placed(60, 0, 1, "TK Hatás.átalakítás"), E.ActionsLeft(1, "TK Kör.1")]
        assert table.pointed_at(events) == tuple(Ref("square", q) for q in (40, 30, 31,
                                                                              50, 60))
        assert table.pointed_at([E.ActionsLeft(1, "TK Kör.1"), E.AsideReturned()]) == ()
        board = screen.query_one("#board")
        await until(pilot, lambda: screen.session.my_decision() is not None
                    and not screen.moving, "my decision")
        await pilot.pause()
        empty = next(q for q in (40, 41, 39, 31, 49, 32, 48) if q not in board.special
                     and screen.session.view().owner[q] < 0)    # near the cursor: in sight
        board.aim((Ref("square", empty),))
        await pilot.pause()
        assert "◎" in screen_text(app), screen_text(app)
        board.aim(())
        await pilot.pause()
        assert "◎" not in screen_text(app)

    run(body, "en", size=(80, 24), seed=4)
