"""Snapshots of issue 14's debugger-and-replay part (pytest-textual-snapshot): the graph of a
finished game in replay at 80×24, the New game screen with its deck description, the
"terminal too small" notice. Update with ``--snapshot-update -k <name>``."""

from __future__ import annotations

from hkk_tui.app import HkkApp
from hkk_tui.screens.settings_store import Settings
from test_replay_debug import GAME
from tui_helpers import fresh_data_dir


def _app(lang: str, start: dict | None = None) -> HkkApp:
    return HkkApp(Settings(lang=lang, ai_pace=0.0), start)


def test_replay_graph_80x24(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)

    async def before(pilot) -> None:
        await pilot.press("end", "G")
        await pilot.pause()

    assert snap_compare(_app("en", {"replay": str(GAME)}), terminal_size=(80, 24),
                        run_before=before)


def test_new_game_with_deck_description_hu(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)

    async def before(pilot) -> None:
        from hkk_tui.screens.title import NewGameScreen

        pilot.app.push_screen(NewGameScreen(ruleset="hkk"))
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(_app("hu"), terminal_size=(80, 24), run_before=before)


def test_terminal_too_small_notice(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("en"), terminal_size=(60, 18))
