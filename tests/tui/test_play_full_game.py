"""Play whole games against the AI with key presses only, once per language."""

from __future__ import annotations

import asyncio

import pytest

from hkk_tui.app import HkkApp
from hkk_tui.screens.dialogs import ChoiceScreen
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.title import NewGameScreen
from hkk_tui.screens.settings_store import Settings
from tui_helpers import fresh_data_dir, game_ended, play_to_end, until


@pytest.mark.parametrize("lang,pane", [("en", "Board"), ("hu", "Asztal")])
def test_full_game_vs_ai_by_keys(monkeypatch, lang, pane):
    data_dir = fresh_data_dir(monkeypatch)

    async def run() -> None:
        app = HkkApp(Settings(lang=lang, ai_pace=0.0))
        app.seed = 11
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("enter")                            # New game vs the AI
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "which game")
            await pilot.press("enter")                            # Hatalom Kártyái (first)
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            await pilot.press("down", "down", "down", "enter")    # Start the game
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.query_one("#board-pane").border_title == pane
            await play_to_end(pilot, app)
            assert game_ended(screen.session)
            result = screen.session.result()
            assert result is not None
            # a real end by the rules, not a safety limit
            assert result.reason in ("life", "both_dead") and result.rule in ("K 3.14", "K 3.15")
        saved = list((data_dir / "saves").glob("*.hkk"))   # the game in a file of its own
        assert saved == [screen.session.path]

    asyncio.run(run())
