"""The shared grid board (hkk_tui/widgets/grid.py): the cursor moves with the arrows as drawn
(flipped for seat 1) and stops at the edge; the selected piece's destinations, targets and path
are marked in text as well as colour; Enter on a piece picks it, Enter on a square it can reach
picks that square within the selection; a card highlighted in the hand marks where it can go.
Then the same through the real app on Toy Grid at 80×24 with NO_COLOR: the board reads
without colour, Enter on a piece lists its actions from the hints, Enter on a destination
moves there."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult
from toy_ui import ToyUI
from tui_helpers import fresh_data_dir, run, until

from engine.core import registry
from engine.core.protocol import ActionHint, Ref
from hkk_tui.rulesets import register_ui, unregister_ui
from hkk_tui.screens.dialogs import ChoiceScreen
from hkk_tui.screens.game import GameScreen
from hkk_tui.widgets.grid import Cell, Grid
from hkk_tui.widgets.messages import Picked
from tests.toy_ruleset import PLUGIN as TOY

# a 3×3 board: square n is column n % 3, row n // 3 (row 0 at the bottom)
A, B = Ref("piece", 1), Ref("piece", 2)
CARD = Ref("card", 9)
HINTS = [
    ActionHint("move:1", "x.move", {"path": [4, 5]}, subject=A, dest=Ref("square", 5)),
    ActionHint("move:1", "x.move", {"path": [1]}, subject=A, dest=Ref("square", 1)),
    ActionHint("attack:1", "x.attack", subject=A, targets=(B,)),
    ActionHint("summon:9", "x.summon", subject=CARD, dest=Ref("square", 6)),
    ActionHint("pass", "x.pass", role="pass"),
]
CELLS = {0: Cell(("A",), (A,), owner=0), 8: Cell(("B",), (B,), owner=1)}


class Host(App):
    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.grid = grid
        self.picked: list[tuple[Ref, Ref | None]] = []
        self.asked: list[bool] = []

    def compose(self) -> ComposeResult:
        yield self.grid

    def on_mount(self) -> None:
        self.grid.focus()

    def on_picked(self, message: Picked) -> None:
        self.picked.append((message.ref, message.within))
        self.asked.append(message.ask)


def host(body, flipped: bool = False) -> None:
    async def main():
        grid = Grid(3, 3, cell_width=3)
        app = Host(grid)
        async with app.run_test(size=(40, 12)) as pilot:
            grid.load(CELLS, HINTS, flipped=flipped, legend="LEGEND")
            await pilot.pause()
            await body(app, grid, pilot)
    asyncio.run(main())


def rows(grid: Grid) -> list[str]:
    """The board's text lines (header, then the rows top down)."""
    return grid.render().plain.split("\n")


def test_arrows_move_the_cursor_as_drawn_and_stop_at_the_edge():
    async def body(app, grid, pilot):
        assert grid.cursor == 0                              # a1, bottom left
        await pilot.press("up")
        assert grid.cursor == 3 and grid.square_name(3) == "a2"
        await pilot.press("right", "right", "right")         # stops at column c
        assert grid.cursor == 5
        await pilot.press("up", "up")                        # stops at row 3
        assert grid.cursor == 8
        await pilot.press("down", "left")
        assert grid.cursor == 4
        await pilot.press("k", "h")                          # vi keys too
        assert grid.cursor == 6
    host(body)


def test_a_flipped_board_turns_round_and_the_arrows_follow_the_picture():
    async def body(app, grid, pilot):
        lines = rows(grid)
        assert lines[0].split() == ["c", "b", "a"]
        assert lines[1].split()[0] == "1" and lines[3].split()[0] == "3"
        assert grid.cursor == 0                              # a1: top right when flipped
        await pilot.press("down")                            # toward row 2 on screen
        assert grid.cursor == 3
        await pilot.press("left")                            # toward column b on screen
        assert grid.cursor == 4
    host(body, flipped=True)


def test_the_selected_piece_shows_where_it_can_go_what_it_can_hit_and_the_path():
    async def body(app, grid, pilot):
        assert grid.selected == A                            # the cursor rests on it
        lines = rows(grid)
        top, middle, bottom = lines[1], lines[2], lines[3]
        assert "[A  ]" in bottom                             # the cursor, on the piece
        assert "+" in bottom and "+" in middle               # b1 and c2 reachable
        assert "!B  !" in top                                # the target
        assert "LEGEND" in lines[-1]
        await pilot.press("right")                           # b1: the selection stays
        assert grid.selected == A
        bottom = rows(grid)[3]
        # the cursor's mark wins the gap it shares with the selection's: "<A  [ * ]"
        assert "<A  [ * ]" in bottom                         # the path to b1 is b1 itself
        await pilot.press("up", "right")                     # c2: the path b2, c2
        assert grid.selected == A
        middle = rows(grid)[2]
        assert middle.count("*") == 2
    host(body)


def test_enter_picks_the_piece_then_a_destination_within_the_selection():
    async def body(app, grid, pilot):
        await pilot.press("enter")                           # on A: its actions
        await pilot.press("right", "enter")                  # b1: A's move there
        await pilot.press("up", "up", "right", "enter")      # c3: A's target B
        await pilot.press("left", "left", "enter")           # a3: the card's summon square
        await pilot.pause()
        assert app.picked == [(A, None), (Ref("square", 1), A), (B, A),
                              (Ref("square", 6), None)]
        # a piece's actions are listed even if there is one; a square acts at once
        assert app.asked == [True, False, False, False]
    host(body)


def test_a_pending_choice_of_squares_and_cards_is_marked_without_a_selection():
    """An ability asks for a square or a card: hints with no subject (or naming their own
    subject as the target) mark those squares, and Enter there picks it."""
    choose = [ActionHint("pick", "x.pick_square", dest=Ref("square", 4)),
              ActionHint("pick", "x.pick_card", subject=B, targets=(B,))]

    async def body(app, grid, pilot):
        grid.load(CELLS, choose)
        await pilot.press("right")
        assert grid.marks.sets["reach"] == {4} and grid.marks.sets["target"] == {8}
        assert "+" in rows(grid)[2] and "!B  !" in rows(grid)[1]
        await pilot.press("up", "enter")                     # b2: the square asked for
        await pilot.pause()
        assert app.picked[-1] == (Ref("square", 4), None)
    host(body)


def test_a_card_previewed_from_the_hand_marks_its_squares_until_the_preview_ends():
    async def body(app, grid, pilot):
        await pilot.press("right")                           # off the piece
        grid.preview(CARD)
        assert grid.selected == CARD
        assert grid.marks.sets["reach"] == {6}
        assert "+" in rows(grid)[1]
        grid.preview(None)                                   # the hand lost the focus
        assert grid.selected is None and not grid.marks.sets["reach"]
        assert "+" not in rows(grid)[1]
    host(body)


def test_new_hints_drop_a_selection_that_can_no_longer_act():
    async def body(app, grid, pilot):
        await pilot.press("right")
        assert grid.selected == A
        grid.load(CELLS, [HINTS[-1]])
        assert grid.selected is None and grid.actors() == set()
    host(body)


# ---------------------------------------------------------------------------- in the app
@pytest.fixture
def toy():
    registry.names()
    registry.register(TOY)
    register_ui(ToyUI())
    yield TOY
    registry.unregister("toy")
    unregister_ui("toy")


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def start_toy(pilot, app) -> GameScreen:
    app.ruleset = "toy"
    app.start_game(None, None, replace=True, ruleset="toy", decks=("low", "high"),
                   kinds=("human", "ai:random"))
    await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
    screen = app.screen
    await until(pilot, lambda: bool(screen.query("#board")) and
                screen.session.my_decision() is not None, "my decision on the game screen")
    return screen


def test_toy_grid_at_80x24_without_colour_reads_from_the_text_alone(monkeypatch, toy):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        assert app.no_color
        screen = await start_toy(pilot, app)
        session = screen.session
        while not session.view().board:                      # put a piece on the board
            groups = screen.groups()
            place = next(g for g in groups if g.kind == "place")
            screen.submit(place.actions[0])
            await until(pilot, lambda: session.my_decision() is not None, "my turn")
        await pilot.press("1")                               # the board pane
        board = screen.query_one("#board")
        mine = next(sq for sq, (owner, _v) in session.view().board.items() if owner == 0)
        board.cursor = mine
        await pilot.pause()
        text = screen_text(app)
        _owner, value = session.view().board[mine]
        assert f"[A{value} ]" in text                        # the cursor on my piece
        assert "+" in text                                   # where it can go
        assert "cursor" in text and "can go" in text         # the legend says what is what
        assert "a   b   c   d" in text
    run(body, size=(80, 24), seed=7)


def test_toy_grid_enter_lists_a_pieces_moves_and_enter_on_a_square_moves_there(monkeypatch, toy):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start_toy(pilot, app)
        session = screen.session
        while not any(g.kind == "move" for g in screen.groups()):
            place = next(g for g in screen.groups() if g.kind == "place")
            screen.submit(place.actions[0])
            await until(pilot, lambda: session.my_decision() is not None, "my turn")
        move = next(g for g in screen.groups() if g.kind == "move")
        board = screen.query_one("#board")
        await pilot.press("1")
        board.cursor = move.subject.id
        await pilot.press("enter")                           # the piece: its moves
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "its actions")
        assert [str(label) for label, _a in app.screen.options] == move.labels
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the game")
        dest = move.hints[0].dest.id
        before = len(session.game.entries)
        board.cursor = dest                                  # the selection stays
        await pilot.press("enter")                           # a destination: that move
        await until(pilot, lambda: len(session.game.entries) > before, "the move")
        assert session.game.entries[before].action == move.actions[0]
    run(body, size=(80, 24), seed=7)


def test_a_token_chosen_in_the_hand_is_placed_with_enter_on_a_marked_square(monkeypatch, toy):
    """Highlight a token in the hand: the grid marks where it can go; it stays selected when the
    grid takes the focus; the arrows walk to a marked square and Enter places it there."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start_toy(pilot, app)
        session = screen.session
        await pilot.press("2", "down")                       # the hand, its first token
        board = screen.query_one("#board")
        hand = screen.query_one("#hand")
        await until(pilot, lambda: board.selected is not None, "the preview")
        token = hand.tokens[hand.highlighted]
        assert board.selected == Ref("card", token)
        squares = {h.dest.id for g in screen.groups() for h in g.hints
                   if h.subject == Ref("card", token)}
        assert board.marks.sets["reach"] == squares and squares
        await pilot.press("1")                               # the grid: still selected
        assert board.selected == Ref("card", token)
        target = max(squares)
        while board.cursor != target:                        # walk there by arrows
            x, y = board._screen_pos(board.cursor)
            tx, ty = board._screen_pos(target)
            await pilot.press("right" if tx > x else "left" if tx < x else
                              "down" if ty > y else "up")
        before = len(session.game.entries)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.game.entries) > before, "the placing")
        action = session.game.entries[before].action
        assert (action.token, action.square) == (token, target)
    run(body, size=(80, 24), seed=7)


def test_pieces_that_can_act_are_marked_in_text_not_only_in_bold():
    """Issue 14: a piece that can act now (the subject of a hint) shows ``• •`` beside it, so a
    board without colour says which pieces can move, attack or use an ability."""
    C = Ref("piece", 3)

    async def main():
        grid = Grid(3, 3, cell_width=3)
        app = Host(grid)
        async with app.run_test(size=(40, 12)) as pilot:
            cells = dict(CELLS)
            cells[2] = Cell(("C",), (C,), owner=0)
            grid.load(cells, HINTS + [ActionHint("move:3", "x.move", subject=C,
                                                 dest=Ref("square", 5))])
            await pilot.pause()
            lines = rows(grid)
            bottom = lines[3]                        # row 1: A (cursor) · C (can act)
            assert bottom.startswith("1 [A  ]") and "•C  •" in bottom, lines
            top = lines[1]                           # row 3: B cannot act (A's target)
            assert "B" in top and "•" not in top, lines
    asyncio.run(main())
