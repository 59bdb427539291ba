"""The opponent's targets marked on the board while its move is played back (issue 14): the
ruleset table's ``pointed_at`` names what an entry's events point at, the board marks it with a
character as well as a colour (read here with NO_COLOR, from the screen's text), and the mark
goes when the step is over (``f`` here: the pace is an hour, so nothing waits on the clock).

HKK: the AI declares an attack on the player's guard (K 34.1) — ``◎`` before the defender's
name; a creature it takes off the table is named on a line of its own with where it went.
Summoner Wars: the AI moves a unit (SW Mozgás.2) — ``» «`` beside the unit's square."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from tui_helpers import fresh_data_dir, run, until

from engine.core.log import Seat
from engine.core.protocol import Ref
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.scenario import CardSpec, ScenarioSpec, SideSpec
from engine.hkk.session import scenario_game
from engine.hkk.state import Target
from engine.sw import actions as SA
from hkk_tui.rulesets.hkk.board import AIMED
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.session import GameSession

MAGE = "fairlight-tukormagus"


def screen_text(app) -> str:
    """The screen as text (what a person reads; colours are not in it)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class Played:
    """The AI seat's bot, made to choose the move under test when it is legal (``pick``), and
    from then on played back at an hour's pace."""

    def __init__(self, inner: Any, app: Any, pick: Any) -> None:
        self.inner, self.app, self.pick = inner, app, pick
        self.needs_view = getattr(inner, "needs_view", True)
        self.chosen: Any = None

    def choose(self, ctx: Any) -> Any:
        """A bot's choice from its context (engine.core.search.BotContext: view and legal)."""
        if self.chosen is None:
            mine = next((a for a in ctx.legal if self.pick(a)), None)
            if mine is not None:
                self.chosen = mine
                self.app.settings.ai_pace = 3600.0
                return mine
        return self.inner.choose(ctx)


def bots_turn() -> ScenarioSpec:
    """The Bot's main phase 1: its Crystal-backed beast in its guard post can attack; the
    player's Mirror Mage guards."""
    return ScenarioSpec(players=(
        SideSpec(guard=(CardSpec(MAGE, active=True),), deck=("chara-din-nyalkas-larva",) * 5),
        SideSpec(guard=(CardSpec("chara-din-kristalyhatu", active=True),),
                 deck=("chara-din-nyalkas-larva",) * 5)),
        active=1, phase="main1", turn=4)


async def pass_until(pilot, screen, cond, what: str) -> None:
    """Pass every decision of the player's (the AI moves at once) until ``cond()``."""
    s = screen.session
    for _ in range(400):
        if cond():
            return
        assert s.result() is None, f"the game ended before {what}"
        if s.my_decision() is not None and not screen.moving:
            await pilot.press("space")
        await pilot.pause(0.01)
    raise AssertionError(f"never reached: {what}")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_k34_1_the_ais_attack_target_is_marked_without_colour_until_the_step_ends(
        monkeypatch, lang):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        assert app.no_color
        game = scenario_game(bots_turn(), seed=1, seats=(
            Seat("Anna", "scenario", "human"), Seat("Bot", "scenario", "ai:greedy")))
        session = GameSession(game=game, lang=lang).attach_bots()
        mage_iid = game.state.players[0].guard[0]
        bot = Played(session.bots[1], app, lambda a: isinstance(a, A.DeclareAttack)
                     and a.target == Target("c", mage_iid))
        session.bots[1] = bot
        screen = app.open_session(session)
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board")), "the game")
        board = screen.query_one("#board")
        await pass_until(pilot, screen, lambda: bool(board.aimed), "the AI's attack")
        await pilot.pause()
        assert bot.chosen is not None
        assert board.aimed == frozenset({Ref("card", mage_iid)})
        name = screen.session.table().card(mage_iid)
        # the board scrolls at 80x24: it brings the marked line into sight
        await until(pilot, lambda: AIMED + name in screen_text(app), "the mark in sight")
        lines = screen_text(app).split("\n")
        marked = [line for line in lines if AIMED + name in line]
        assert len(marked) == 1, lines                  # the defender's line, marked
        assert "Bot" in screen.query_one("#prompt").main_text     # the move on the prompt
        assert screen._aim_timer is not None            # it goes after the step's pace
        await pilot.press("f")                          # the step is over: the mark goes
        await pilot.pause()
        assert not board.aimed
        assert AIMED not in screen_text(app)

    run(body, lang=lang, size=(80, 24))


def test_k4_14_a_creature_taken_off_the_table_is_named_with_where_it_went(monkeypatch):
    """A bounced creature (K 4.14: returned to its owner's hand) is no longer on the board:
    the mark names it on a line of its own, with where it went; a player the move hurts is
    marked before their name."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        spec = msgspec.structs.replace(bots_turn(), active=0)      # Anna's turn: all quiet
        game = scenario_game(spec, seed=1, seats=(
            Seat("Anna", "scenario", "human"), Seat("Bot", "scenario", "ai:greedy")))
        session = GameSession(game=game, lang="en").attach_bots()
        screen = app.open_session(session)
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board"))
                    and session.my_decision() is not None, "my decision")
        await pilot.pause()
        table = session.table()
        mage = game.state.players[0].guard[0]
        # the HKK table's hook: what a bounce and a hit on a player point at
        events = [E.CardMoved(mage, "hand", 0, False, "returned", "K 4.14"),
                  E.LifeChanged(0, -2, 5)]
        refs = table.pointed_at(events)
        assert refs == (Ref("card", mage), Ref("player", 0))
        board = screen.query_one("#board")
        board.view.players[0].guard = []                 # the board's view after the bounce
        board.aim(refs)
        await pilot.pause()
        text = screen_text(app)
        assert f"{AIMED}Left the table: {table.card(mage)} to the hand" in text, text
        assert f"{AIMED}Anna" in text

    run(body, lang="en", size=(100, 30))


def test_sw_mozgas_2_the_ais_moved_unit_is_marked_on_the_grid_without_colour(monkeypatch):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        app.start_game(None, None, ruleset="sw", decks=("polar-dwarves", "ashvale-wraiths"),
                       kinds=("human", "ai:random"))
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board")), "the game")
        screen = app.screen
        session = screen.session
        bot = Played(session.bots[1], app, lambda a: isinstance(a, SA.Move))
        session.bots[1] = bot
        board = screen.query_one("#board")
        await pass_until(pilot, screen, lambda: bool(board.aimed), "the AI's move")
        await pilot.pause()
        unit = bot.chosen.unit
        assert board.aimed == (Ref("card", unit),)
        square = board.square_of(Ref("card", unit))
        assert square == bot.chosen.path[-1]
        cv = session.view().board[square]
        short = session.table().short(cv.cid, cv.name)
        text = screen_text(app)
        assert f"»{short:<5}«" in text, text            # the mark's sides, no colour needed
        await pilot.press("f")
        await pilot.pause()
        assert not board.aimed
        assert f"»{short:<5}«" not in screen_text(app)

    run(body, lang="en", size=(80, 24))


def test_sw_kartyak_serulese_2_a_destroyed_target_is_marked_where_it_stood():
    """The grid marks what the opponent's move points at ``» «`` beside its square, and a card
    that left the board (destroyed by the attack, SW Kártyák sérülése.2) with ``◎`` on the
    square where it last stood; an empty aim clears both."""
    import asyncio

    from textual.app import App, ComposeResult

    from hkk_tui.widgets.grid import Cell, Grid

    unit, target = Ref("card", 1), Ref("card", 2)

    class Host(App):
        def compose(self) -> ComposeResult:
            yield Grid(3, 3, cell_width=3, legend=False, id="grid")

    async def main():
        app = Host()
        async with app.run_test(size=(40, 12)) as pilot:
            grid = app.query_one(Grid)
            grid.load({0: Cell(("U",), (unit,)), 4: Cell(("T",), (target,))}, [])
            grid.load({0: Cell(("U",), (unit,))}, [])          # the target is destroyed
            grid.move_to(8)                                    # the cursor out of the way
            grid.aim((unit, target))
            await pilot.pause()
            lines = grid.render().plain.split("\n")
            assert grid.aimed_squares() == {0, 4}
            assert "»U  «" in lines[3]                          # a1: the attacker
            assert lines[2].split()[1:] == ["·", "◎", "·"]     # b2: where the target stood
            grid.aim(())
            lines = grid.render().plain.split("\n")
            assert "»" not in "".join(lines) and "◎" not in "".join(lines)

    asyncio.run(main())
