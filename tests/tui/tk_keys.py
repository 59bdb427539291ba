"""A smart keyboard player for Tash-Kalar's whole-game UI tests (issue 17 gap 1): at each of its
decisions it asks the Tactician (which sees only that seat's view, like a person) what to do,
then does it with the keys a person would press, so games reach their own end (the score
trigger and the final round, or the last card) instead of a turn cap:

* a summon: ``2`` (the hand), arrows to the card, ``n`` until the board's current placement is
  the chosen one, Enter;
* a place, or a square the game asks for: ``1`` (the board), arrows to the square, Enter;
* ending the turn: Space; anything else (a flare, a discard, a card or option asked for, a
  skip, a hand-over of control): ``a``, the line of its group, then its option;
* the hotseat's hand-over screen: Enter.

Every key goes through the app; a key that does not act (a lit square that only chose another
placement) falls back to the action menu, and a press that changes nothing fails the test."""

from __future__ import annotations

from typing import Any

from tui_helpers import press_choice, until

from engine.core.search import view_context
from engine.tk import actions as A
from engine.tk.bot import TacticianBot


async def cursor_to(pilot: Any, board: Any, square: int) -> None:
    """``1`` (the board) if it has not the keys, then the arrow keys from its cursor to
    ``square`` (up is up as drawn); again if the keys went elsewhere meanwhile (the focus
    going back after a square was chosen lands a moment later)."""
    for _ in range(3):
        if not board.has_focus:
            await pilot.press("1")
            await until(pilot, lambda: board.has_focus, "the board takes the keys")
        x, y = board._screen_pos(board.cursor)
        tx, ty = board._screen_pos(square)
        keys = (["right"] * (tx - x) if tx > x else ["left"] * (x - tx)) + \
            (["down"] * (ty - y) if ty > y else ["up"] * (y - ty))
        if keys:
            await pilot.press(*keys)
        if board.cursor == square:
            return
        await pilot.pause()
    raise AssertionError(f"the cursor is on {board.cursor}, not {square}")


class KeyPlayer:
    """Plays every human seat of a game screen by keys, choosing as the Tactician would."""

    def __init__(self, pilot: Any, app: Any, screen: Any, seed: int = 0) -> None:
        self.pilot, self.app, self.screen = pilot, app, screen
        self.bot = TacticianBot(screen.session.game.ruleset, seed)
        self.handovers: set[int] = set()
        self.summons_by_hand = 0
        self.places_by_board = 0
        self.by_menu = 0

    async def play_to_end(self, decisions: int = 1000, waits: int = 20_000) -> None:
        """Answer every human decision until the game's result: at most ``decisions`` of
        them, and ``waits`` idle steps of the app while the AI moves."""
        from hkk_tui.screens.dialogs import HandOverScreen

        pilot, app, screen = self.pilot, self.app, self.screen
        s = screen.session
        made = 0
        for _ in range(waits):
            if s.result() is not None:
                return
            if isinstance(app.screen, HandOverScreen):
                self.handovers.add(s.pending().player)
                await pilot.press("enter")
                await pilot.pause()
                continue
            d = s.my_decision()
            if d is None or app.screen is not screen or screen.moving:
                await pilot.pause(0.01)
                continue
            made += 1
            assert made <= decisions, f"no end after {decisions} decisions"
            await pilot.pause()                         # the screen settled on the decision
            before = len(s.game.entries)
            action = self.bot.choose(view_context(s.view(), s.legal(), d.player))
            await self.do(action, d)
            if len(s.game.entries) == before and s.result() is None:
                await self.by_the_menu(action)          # the key only chose, or was dropped
                assert len(s.game.entries) > before or s.result() is not None, \
                    (action, screen.error)
        raise AssertionError(f"the game did not end ({made} decisions, turn "
                             f"{s.view().turn}, {len(s.game.entries)} entries)")

    async def do(self, action: Any, decision: Any) -> None:
        pilot, screen = self.pilot, self.screen
        board, hand = screen.query_one("#board"), screen.query_one("#hand")
        if isinstance(action, A.Summon):
            if not hand.has_focus:
                await pilot.press("2")
                await until(pilot, lambda: hand.has_focus, "the hand takes the keys")
            index = hand.cards.index(action.card)
            now = hand.highlighted or 0
            keys = ["down"] * (index - now) if index > now else ["up"] * (now - index)
            if keys:
                await pilot.press(*keys)
            for _ in range(len(board.placements())):
                from hkk_tui.rulesets.tk.board import summon_action

                hint = board.current()
                if hint is not None and summon_action(hint) == action:
                    break
                await pilot.press("n")
            await pilot.press("enter")
            self.summons_by_hand += 1
        elif isinstance(action, (A.Place, A.PickSquare)):
            await cursor_to(pilot, board, action.square)
            await pilot.press("enter")
            self.places_by_board += 1
        elif isinstance(action, A.EndTurn) and decision.kind == "tk.end":
            await pilot.press("space")
        else:
            await self.by_the_menu(action)

    async def by_the_menu(self, action: Any) -> None:
        """``a``, the line of the group holding ``action``, then its option."""
        from hkk_tui.screens.dialogs import ChoiceScreen

        pilot, app, screen = self.pilot, self.app, self.screen
        await pilot.pause()
        if app.screen is not screen:                    # a list left open: back to the game
            await pilot.press("escape")
            await pilot.pause()
        groups = screen.groups()
        g = next(i for i, grp in enumerate(groups) if action in grp.actions)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await press_choice(pilot, g)
        await pilot.pause()
        if not groups[g].single:
            await press_choice(pilot, groups[g].actions.index(action))
            await pilot.pause()
        self.by_menu += 1
