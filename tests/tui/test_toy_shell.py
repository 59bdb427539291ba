"""The generic shell plays a second ruleset: Toy Grid (tests/toy_ruleset.py) with its test-only
UI plugin (toy_ui.py). With two rulesets installed the title asks which game; a whole game is
played by keys against the random bot to the result screen; hotseat hands over between the two
seats, each seeing only its own hand."""

from __future__ import annotations


import pytest

from engine.core import registry
from hkk_tui.rulesets import register_ui, unregister_ui
from hkk_tui.screens.dialogs import ChoiceScreen, HandOverScreen, MessageScreen
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.title import NewGameScreen
from tests.toy_ruleset import PLUGIN as TOY
from toy_ui import ToyUI
from tui_helpers import fresh_data_dir, press_choice, run, until, until_my_turn


@pytest.fixture
def toy():
    registry.names()                      # the built-ins first
    registry.register(TOY)
    register_ui(ToyUI())
    yield TOY
    registry.unregister("toy")
    unregister_ui("toy")


async def choose_toy(pilot, app, menu_downs: int) -> None:
    """From the title: a menu entry, then Toy Grid in the ruleset choice, then Start. With two
    games installed the title is hkk's own and names both, not one game's."""
    heading = str(app.screen.query_one("#title-name").render()) + \
        str(app.screen.query_one("#title-sub").render())
    assert "HATALOM" not in heading and "hkk" in heading
    assert TOY.title[app.lang] in heading and "Hatalom Kártyái" in heading
    await pilot.press(*(["down"] * menu_downs), "enter")
    await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the ruleset choice")
    titles = [str(lab) for lab, _value in app.screen.options]
    toy_title = TOY.title[app.lang]
    assert toy_title in titles and "Hatalom Kártyái" in titles
    await press_choice(pilot, [v for _lab, v in app.screen.options].index("toy"))
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
    assert toy_title in app.screen.title_text
    await pilot.press("end", "enter")                  # Start the game (the last row)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_whole_toy_grid_game_by_keys_against_the_random_bot(monkeypatch, toy, lang):
    data = fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        await choose_toy(pilot, app, 0)                # New game vs the AI
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        session = screen.session
        assert session.header.ruleset == "toy" and session.bots and 1 in session.bots
        want = {"en": ("Grid", "Tokens", "Turn track"), "hu": ("Rács", "Korongok", "Körsáv")}
        assert tuple(screen.query_one(f"#{p}-pane").border_title
                     for p in ("board", "hand", "stack")) == want[lang]
        picked_on_board = False
        for _ in range(400):                      # the person's moves (a toy game has far fewer)
            if session.result() is not None or isinstance(app.screen, MessageScreen):
                break
            if session.my_decision() is None or app.screen is not screen:
                await until_my_turn(pilot, app, screen, session)
                continue
            before = len(session.game.entries)
            groups = screen.groups()
            moves = [i for i, g in enumerate(groups) if g.kind == "move"]
            places = [i for i, g in enumerate(groups) if g.kind == "place"]
            if moves and not picked_on_board:
                # pick the piece on the board: its moves are offered
                square = groups[moves[0]].subject.id
                board = screen.query_one("#board")
                await pilot.press("1")
                board.cursor = square
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the moves")
                await press_choice(pilot, len(app.screen.options) - 1)
                picked_on_board = True
                await pilot.press("2")                 # back to the hand pane
            elif moves or places:
                i = (moves or places)[-1]
                await pilot.press("a")
                await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
                await press_choice(pilot, i)
                if not groups[i].single:
                    await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "options")
                    await press_choice(pilot, len(groups[i].actions) - 1)
            else:
                await pilot.press("space")             # pass: draw a token
            await until(pilot, lambda: len(session.game.entries) > before
                        or session.result() is not None, "the move")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the result screen")
        result = session.result()
        assert result is not None and result.rule.startswith("TG 5")
        body_text = app.screen.body
        reason = {"en": {"points": "two points", "turns": "the turn limit"},
                  "hu": {"points": "két pont", "turns": "a körhatár"}}[lang][result.reason]
        assert reason in body_text and result.rule in body_text
        if result.winners:
            assert session.names()[result.winners[0]] in body_text
        assert picked_on_board
        log = screen.query_one("#log").plain_lines()
        assert any("[TG 2.1]" in line for line in log)
        # the AI's hidden draws stay hidden in the person's log
        assert not any("#" in line and session.names()[1] in line and "draw" in line
                       for line in log)
        saved = list((data / "saves").glob("*.hkk"))
        assert saved == [session.path]

    run(body, lang=lang, seed=7)


def test_toy_grid_hotseat_hands_over_between_the_two_seats(monkeypatch, toy):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        await choose_toy(pilot, app, 1)                # Hotseat
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        assert "Player 1" in app.screen.player_name
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.hotseat
        session = screen.session
        assert session.viewer() == 0
        mine = session.view().hand_ids[0]
        assert session.view().hand_ids[1] is None           # the other hand is hidden
        hand = screen.query_one("#hand")
        assert hand.tokens == mine
        await pilot.press("space")                          # pass
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        assert app.screen.player_name == "Player 2"
        assert session.viewer() == 1 or session.shown == -1
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen, "the game")
        assert session.viewer() == 1
        assert session.view().hand_ids[0] is None
        assert screen.query_one("#hand").tokens == session.view().hand_ids[1]
        assert "Player 2" in screen.query_one("#prompt").main_text

    run(body, seed=7)


def test_the_new_game_form_offers_the_rulesets_seat_range(monkeypatch, toy):
    """A ruleset with a range of seats gets a Players row; each count gets its deck rows (and
    the game starts with the count chosen)."""
    fresh_data_dir(monkeypatch)

    class Wide(type(TOY)):
        seats = (2, 4)

    registry.register(Wide())

    async def body(app, pilot):
        app.ruleset = "toy"
        app.menu_hotseat()
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the ruleset choice")
        await press_choice(pilot, [v for _lab, v in app.screen.options].index("toy"))
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        form = app.screen
        assert form.rows[0][0] == "Players" and len(form.rows) == 3
        await pilot.press("right", "right")                 # 4 players
        assert form.n_seats == 4 and len(form.rows) == 8
        assert [r[0] for r in form.rows[1:5]] == ["Player 1's deck", "Player 2's deck",
                                                  "Player 3's deck", "Player 4's deck"]
        # 3-4 seats: who plays each seat after the first (hotseat: a person by default)
        assert [(r[0], r[1][r[2]][0]) for r in form.rows[5:]] == [
            ("Player 2", "human"), ("Player 3", "human"), ("Player 4", "human")]
        await pilot.press("right")                          # wraps round to 2
        assert form.n_seats == 2 and len(form.rows) == 3
        await pilot.press("end", "enter")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the game")
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert len(game.session.header.seats) == 2 and game.session.hotseat

    run(body, seed=7)
