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


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_new_game_screen_describes_the_highlighted_deck(monkeypatch, lang):
    from engine.core import registry
    from hkk_tui.screens.title import NewGameScreen

    fresh_data_dir(monkeypatch)
    decks = registry.get("hkk").decks()

    async def body(app, pilot):
        app.ruleset = "hkk"
        app.push_screen(NewGameScreen(ruleset="hkk"))
        await pilot.pause()
        note = app.screen.query_one("#form-note")
        text = str(note.render())
        assert note.display and decks[0].description[lang][:30] in text.replace("\n", " ")
        await pilot.press("down")                  # the AI's deck row: its own deck
        await pilot.pause()
        assert decks[1].description[lang][:30] in str(note.render()).replace("\n", " ")
        await pilot.press("right")                 # another deck there: its description
        await pilot.pause()
        assert decks[2].description[lang][:30] in str(note.render()).replace("\n", " ")

    run(body, lang=lang)


def _notices(app) -> list[str]:
    from hkk_tui.widgets.too_small import TooSmallNotice

    return [str(n.render()) for n in app.screen.query(TooSmallNotice)]


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_terminal_below_80x24_is_told_and_the_notice_goes_when_it_grows(monkeypatch, lang):
    fresh_data_dir(monkeypatch)
    word = {"en": "Terminal too small: 60×18 (need 80×24)",
            "hu": "Túl kicsi a terminál: 60×18"}[lang]

    async def body(app, pilot):
        assert _notices(app) and word in _notices(app)[0]    # the title screen
        app.start_game(None, None)                            # a new screen: told there too
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert _notices(app) and word in _notices(app)[0]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert _notices(app) == []
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        await pilot.pause()
        assert "79×30" in _notices(app)[0]

    run(body, lang=lang, size=(60, 18))


def test_no_notice_at_80x24(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        assert _notices(app) == []
        app.start_game(None, None)
        await pilot.pause()
        assert _notices(app) == []

    run(body, size=(80, 24))
