"""A best-of-three M.A.G.U.S. match in the app (MK 1.13, ruling 57): the new-game form offers
"Single game / Best of three", refusing best of three in words when a deck has no sideboard
(MK 1.13.I); after each game the result screen tells the match score; the human player swaps
cards one for one between deck and sideboard on a screen that refuses a bad swap with the rule in
words (MK 1.13.C, MK 1.08.B) while the AI keeps its deck; the record is written atomically, so an
app killed between two games resumes the match from "Continue"; two wins end the match."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tui_helpers import fresh_data_dir, run, until

ROOT = Path(__file__).resolve().parents[2]


async def _concede(app, pilot, screen) -> None:
    """The human player concedes by keys (x, then "yes")."""
    from hkk_tui.screens.dialogs import ChoiceScreen

    await until(pilot, lambda: app.screen is screen, "the game screen on top")
    await pilot.press("x")
    await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the concede question")
    await pilot.press("2")
    await until(pilot, lambda: type(app.screen).__name__ == "ResultScreen", "the result")


def _result_text(app) -> str:
    from textual.widgets import Static

    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def _start_match(app, pilot, decks=("stonebeard", "stonebeard")):
    from hkk_tui.screens.game import GameScreen

    app.ruleset = "mk"
    app.start_game(None, None, replace=True, ruleset="mk", decks=decks,
                   kinds=("human", "ai:random"), options={"match": "bo3"})
    await until(pilot, lambda: isinstance(app.screen, GameScreen)
                or bool(app._notifications), "the game or a refusal")
    return app.screen


def test_the_new_game_form_offers_a_single_game_or_best_of_three(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.title import NewGameScreen

        app.ruleset = "mk"
        app.push_screen(NewGameScreen(ruleset="mk"))
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await pilot.pause()
        rows = {label: [w for _v, w in values] for label, values, _i in app.screen.rows}
        assert rows["Match"] == ["Single game", "Best of three, with the sideboard (MK 1.13)"]

    run(body, "en", size=(80, 24))


def test_mk_1_13_i_best_of_three_is_refused_in_words_without_sideboards(monkeypatch):
    data = fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start_match(app, pilot, ("wildfire", "stonebeard"))
        assert type(screen).__name__ != "GameScreen"
        words = " ".join(str(n.message) for n in app._notifications)
        assert "needs a sideboard in both decks" in words and "MK 1.13.I" in words, words
        assert "The Wildfire Brood has none" in words and "Stonebeard Hold" in words
        assert not list((data / "saves").glob("*.hkk"))          # nothing started

    run(body, "en", size=(80, 24))


def test_mk_1_13_c_a_match_swaps_between_games_and_ends_at_two_wins(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.rulesets.mk import match as M
        from hkk_tui.rulesets.mk.swap_screen import SwapScreen
        from hkk_tui.screens.dialogs import MessageScreen
        from hkk_tui.screens.game import GameScreen

        screen = await _start_match(app, pilot)
        rec, n = M.of_header(screen.session.game.header)
        assert n == 1 and rec is not None and rec.saves
        await _concede(app, pilot, screen)
        text = _result_text(app)
        assert "Match (best of three): Player 0 – 1 AI (random)" in text, text
        assert "game 2 of at most 3 next" in text
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SwapScreen), "the swap screen")
        await pilot.pause()
        swap = app.screen
        deck = app.screen.query_one("#swap-deck")
        side = app.screen.query_one("#swap-side")
        # the last copy of a starting tower level may not go out (MK 1.08.B)
        tower = next(c for c in rec.match.decks[0].towers if rec.match.decks[0].cards[c] == 1)
        deck.focus()
        deck.highlighted = [c for c, _ in swap.cards("deck")].index(tower)
        await pilot.press("enter")
        status = str(app.screen.query_one("#swap-status").render())
        assert "starting tower levels" in status and "MK 1.08.B" in status, status
        # a card with no copy in the sideboard goes out, one sideboard card comes in
        out = next(c for c, _ in swap.cards("deck") if c not in rec.match.decks[0].towers
                   and c not in rec.match.decks[0].sideboard)
        into = swap.cards("side")[0][0]
        before = dict(rec.match.decks[0].cards)
        deck.highlighted = [c for c, _ in swap.cards("deck")].index(out)
        await pilot.press("enter")
        side.highlighted = 0
        await pilot.press("enter")
        status = str(app.screen.query_one("#swap-status").render())
        assert "Swapped:" in status and "MK 1.13.C" in status, status
        saved = M.load(rec.id)                    # written at once
        assert saved.match.decks[0].cards.get(out, 0) == before[out] - 1
        assert saved.match.decks[0].cards.get(into, 0) == before.get(into, 0) + 1
        assert saved.match.decks[1] == rec.match.decks[1]            # the AI keeps its deck
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and app.screen is not screen, "game 2")
        game2 = app.screen
        _, n2 = M.of_header(game2.session.game.header)
        assert n2 == 2
        lists = game2.session.game.header.decklists
        assert lists[0].count(into) == before.get(into, 0) + 1
        await _concede(app, pilot, game2)
        text = _result_text(app)
        assert "wins the match 2–0" in text, text
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the match's end")
        assert "The match is over" in _result_text(app)
        assert not M.continue_entries("en")

    run(body, "en", size=(80, 24), seed=4)


CHILD = textwrap.dedent("""
    import asyncio, os, sys
    sys.path[:0] = [{root!r}, {tests!r}]
    from hkk_tui.app import HkkApp
    from hkk_tui.screens.settings_store import Settings
    from tui_helpers import until
    import test_mk_match as T

    async def main():
        app = HkkApp(Settings(lang="en", ai_pace=0.0))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await T._start_match(app, pilot)
            await T._concede(app, pilot, screen)
            await pilot.press("enter")
            await until(pilot, lambda: type(app.screen).__name__ == "SwapScreen", "swaps")
            swap = app.screen
            deck = swap.query_one("#swap-deck")
            out = next(c for c, _ in swap.cards("deck")
                       if c not in swap.deck().towers and c not in swap.deck().sideboard)
            deck.focus()
            deck.highlighted = [c for c, _ in swap.cards("deck")].index(out)
            await pilot.press("enter")
            swap.query_one("#swap-side").highlighted = 0
            await pilot.press("enter")
            print("SWAPPED", out, swap.cards("side")[0][0], flush=True)
            os._exit(0)                         # killed: no clean shutdown at all

    asyncio.run(main())
""")


def test_a_match_killed_between_games_resumes_from_continue(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    env = {**os.environ, "HKK_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    code = CHILD.format(root=str(ROOT), tests=str(ROOT / "tests" / "tui"))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert "SWAPPED" in done.stdout, done.stdout + done.stderr
    out = done.stdout.split("SWAPPED", 1)[1].split()[0]

    async def body(app, pilot):
        from hkk_tui.rulesets.mk import match as M
        from hkk_tui.rulesets.mk.swap_screen import SwapScreen
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.title import SavesScreen

        app.menu_continue()
        await until(pilot, lambda: isinstance(app.screen, SavesScreen), "Continue")
        await pilot.pause()
        saves = app.screen.query_one("#saves")
        lines = [saves.get_option_at_index(i).prompt for i in range(saves.option_count)]
        i = next(n for n, line in enumerate(lines) if "M.A.G.U.S. match" in str(line))
        assert "Player 0 – 1" in str(lines[i]) and "game 2 next" in str(lines[i]), lines
        saves.highlighted = i
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SwapScreen), "the swaps again")
        await pilot.pause()
        rec = app.screen.rec
        stonebeard = __import__("engine.magus.pool", fromlist=["P"]).load_deck("stonebeard")
        assert rec.match.decks[0].cards.get(out, 0) == stonebeard.cards[out] - 1   # kept
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "game 2")
        _, n = M.of_header(app.screen.session.game.header)
        assert n == 2
        assert app.screen.session.game.header.decklists[0].count(out) == \
            stonebeard.cards[out] - 1

    run(body, "en", size=(80, 24))
