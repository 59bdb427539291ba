"""Small faults of issue 14: help lists the game's own keys first in the chosen language; the
New game screen describes the decks; settings ask before discarding changes; a notice when
the terminal is smaller than 80×24."""

from __future__ import annotations

import pytest

from hkk_tui.screens.dialogs import KeysScreen
from hkk_tui.screens.game import GameScreen
from tui_helpers import fresh_data_dir, run


def _keys_text(app) -> str:
    screen = app.screen
    assert isinstance(screen, KeysScreen)
    return "\n".join(f"{k}|{d}" for k, d in screen.rows)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_help_lists_the_games_own_keys_first_in_the_chosen_language(monkeypatch, lang):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        app.start_game(None, None)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        rows = app.screen.rows
        general = [d for k, d in rows if not k and d]
        assert len(general) == 1
        own = rows[:rows.index(("", ""))]
        first = {"hu": ("Lehetőségek", "Visszavonás"), "en": ("Actions", "Undo")}[lang]
        assert all(any(d == w for _k, d in own) for w in first), own
        text = _keys_text(app)
        if lang == "hu":
            for english in ("Scroll Left", "Focus Next", "Quit", "Copy selected text",
                            "Page Up"):
                assert english not in text
            assert "Kilépés" in text

    run(body, lang=lang)
