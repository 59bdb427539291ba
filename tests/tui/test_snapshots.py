"""Snapshots (pytest-textual-snapshot): title, game screen at 80x24 and 160x48, combat with a
non-empty reaction line. Update with ``pytest tests/tui --snapshot-update``."""

from __future__ import annotations

from hkk_tui.app import HkkApp
from hkk_tui.screens.settings_store import Settings
from scripted import combat_with_reaction
from tui_helpers import fresh_data_dir


def _app(lang: str = "en") -> HkkApp:
    app = HkkApp(Settings(lang=lang, ai_pace=0.0))
    app.seed = 5
    return app


async def _start_game(pilot) -> None:
    app = pilot.app
    screen = app.start_game("raia-egi-legio", "chara-din-horda", ai="greedy", seed=5)
    for _ in range(200):
        await pilot.pause()
        if screen.session.my_decision() is not None:
            break
    await pilot.pause()


def test_title(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("hu"), terminal_size=(80, 24))


def test_game_80x24(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("en"), terminal_size=(80, 24), run_before=_start_game)


def test_game_160x48(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("hu"), terminal_size=(160, 48), run_before=_start_game)


def test_combat_reaction_line(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)

    async def before(pilot) -> None:
        pilot.app.open_session(combat_with_reaction("en"))
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(_app("en"), terminal_size=(100, 30), run_before=before)
