"""Settings in the app: a settings file that cannot be written (a full disk) changes nothing and
is told in the player's language (issue 9, "writes that either happen or are refused")."""

from __future__ import annotations

import asyncio
import errno

import pytest

from hkk_tui.app import HkkApp
from hkk_tui.i18n import t
from hkk_tui.screens import title as T
from hkk_tui.screens.settings_store import Settings, SettingsWriteError, load_settings, settings_path
from tui_helpers import fresh_data_dir


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_settings_that_cannot_be_saved_change_nothing_and_are_told(monkeypatch, lang):
    fresh_data_dir(monkeypatch)

    def disk_full(s, path=None):
        raise SettingsWriteError(settings_path(), OSError(errno.ENOSPC, "No space left on device"))

    monkeypatch.setattr(T, "save_settings", disk_full)

    async def main():
        app = HkkApp(Settings(lang=lang, ai_pace=0.0))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.menu_settings()
            await pilot.pause()
            form = app.screen
            assert isinstance(form, T.SettingsScreen)
            await pilot.press("right")                 # change the language
            await pilot.press("end", "enter")          # "Save settings"
            await pilot.pause()
            assert app.screen is form                  # still on the form, nothing applied
            assert app.settings.lang == lang
            shown = [str(n.message) for n in app._notifications]
            expected = t("settings.not_saved", lang, error="No space left on device")
            assert expected in shown
    asyncio.run(main())
    assert load_settings() == Settings()               # nothing was written either


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_escape_on_changed_settings_asks_before_discarding(monkeypatch, lang):
    from hkk_tui.screens.dialogs import ChoiceScreen

    fresh_data_dir(monkeypatch)
    other = "hu" if lang == "en" else "en"

    async def main():
        app = HkkApp(Settings(lang=lang, ai_pace=0.0))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.menu_settings()
            await pilot.pause()
            form = app.screen
            await pilot.press("escape")                # nothing changed: straight back
            await pilot.pause()
            assert isinstance(app.screen, T.TitleScreen)
            app.menu_settings()
            await pilot.pause()
            form = app.screen
            await pilot.press("right")                 # change the language
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert app.screen.title_text == t("settings_ask.title", lang)
            await pilot.press("3")                     # keep editing: the change is kept
            await pilot.pause()
            assert app.screen is form and form.values()[0] == other
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("2")                     # discard
            await pilot.pause()
            assert isinstance(app.screen, T.TitleScreen)
            assert app.settings.lang == lang
            app.menu_settings()
            await pilot.pause()
            await pilot.press("right", "escape")
            await pilot.pause()
            await pilot.press("1")                     # save
            await pilot.pause()
            assert isinstance(app.screen, T.TitleScreen)
            assert app.settings.lang == other
    asyncio.run(main())
    assert load_settings().lang == other


def test_a_language_chosen_on_the_form_relabels_it_at_once(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def main():
        app = HkkApp(Settings(lang="en", ai_pace=0.0))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.menu_settings()
            await pilot.pause()
            form = app.screen
            await pilot.press("right")                 # English -> magyar, not yet saved
            await pilot.pause()
            title = str(form.query_one("#form-title").render())
            assert title == t("menu.settings", "hu")
            rows = [str(o.prompt) for o in form.query_one("#form").options]
            assert rows[0].startswith(t("settings.lang", "hu"))
            assert rows[-1] == t("settings.save", "hu")
            assert app.settings.lang == "en"           # nothing applied before saving
            await pilot.press("left")                  # back to English: English labels
            await pilot.pause()
            assert str(form.query_one("#form-title").render()) == t("menu.settings", "en")
    asyncio.run(main())
