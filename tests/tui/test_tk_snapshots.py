"""Snapshots of a Tash-Kalar DUEL at 80×24 (pytest-textual-snapshot), in English and, without
colour (NO_COLOR), in Hungarian: the 9×9 arena with colour-letter pieces and symbol squares, the
highlighted card's placements lit and its pattern under the board, the flare's criteria, the turn
track and scores. Taken once the screen has settled (the human to move, the log complete), never
by time. Update with ``pytest tests/tui/test_tk_snapshots.py --snapshot-update``."""

from __future__ import annotations

from test_snapshots import _laid_out, _settled, _until
from tui_helpers import fresh_data_dir

from hkk_tui.app import HkkApp
from hkk_tui.screens.settings_store import Settings


def _app(lang: str) -> HkkApp:
    app = HkkApp(Settings(lang=lang, ai_pace=0.0))
    app.seed = 4
    app.ruleset = "tk"
    return app


async def _start_duel(pilot) -> None:
    app = pilot.app
    app.settings.ai_pace = 3600.0
    screen = app.start_game(None, None, ruleset="tk", decks=("tide", "ember"),
                            kinds=("human", "ai:tactician"), seed=4)
    await _laid_out(pilot, screen)
    app.settings.ai_pace = 0.0
    screen.after_change()
    await _until(pilot, lambda: _settled(screen), "waiting for the human's first decision")
    await pilot.pause()


def test_tk_duel_80x24(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("en"), terminal_size=(80, 24), run_before=_start_duel)


def test_tk_duel_80x24_hu_without_colour(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app("hu"), terminal_size=(80, 24), run_before=_start_duel)
