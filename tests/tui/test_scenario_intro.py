"""A scenario opens with its title and what it teaches (``hkk scenario FILE``). Both seats are
people at this terminal, so the game opens with the hand-over dialog; the words are in that
dialog, not in a toast over it (at 80x24 the toast hid half the dialog, and it timed out
while the dialog still waited)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import fresh_data_dir, run, until

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "saves" / "sw" / "scenarios" / "sw-gl-kepesseg-abilities-wait-for-the-effect.toml"


def _text(widget) -> str:
    return str(widget.render())


@pytest.mark.parametrize("lang, title, words", [
    ("en", "Abilities wait for the effect to end", "Play Death Rattle on the Crypt Warden"),
    ("hu", None, None)])
def test_a_scenario_opens_with_its_title_and_lesson_in_the_hand_over_dialog(
        monkeypatch, lang, title, words):
    import tomllib

    from hkk_tui.screens.dialogs import HandOverScreen
    from hkk_tui.screens.game import GameScreen

    fresh_data_dir(monkeypatch)
    spec = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    title = title or spec["title"][lang]
    words = words or spec["description"][lang].split()[0]

    async def body(app, pilot):
        app.open_scenario(SCENARIO, "sw")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        await pilot.pause()
        dialog = app.screen
        intro = _text(dialog.query_one("#handover-intro"))
        assert title in intro and words in intro
        assert not app._notifications, [n.message for n in app._notifications]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        await pilot.pause()
        assert not app._notifications      # shown once, in the dialog
        # the next hand-over (a later turn) carries no lesson
        assert app.screen.intro == ""

    run(body, lang, size=(80, 24), seed=1)
