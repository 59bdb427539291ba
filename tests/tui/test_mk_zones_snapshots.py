"""Snapshots at 80×24 of the M.A.G.U.S. screens issue 18's §16 round added: a scenario position
with both seats' Outer plane and a ghost with its rounds left (English), and the swap screen
between two games of a match (Hungarian, without colour). Taken once the screen has settled.
Update with ``pytest tests/tui/test_mk_zones_snapshots.py --snapshot-update``."""

from __future__ import annotations

from pathlib import Path

from test_mk_zones_ui import POSITION
from test_snapshots import _settled, _until
from tui_helpers import fresh_data_dir

from hkk_tui.app import HkkApp
from hkk_tui.screens.settings_store import Settings


def _app(lang: str) -> HkkApp:
    app = HkkApp(Settings(lang=lang, ai_pace=0.0))
    app.seed = 1
    app.ruleset = "mk"
    return app


def test_mk_outer_plane_and_ghosts_80x24(snap_compare, monkeypatch, tmp_path):
    fresh_data_dir(monkeypatch)
    path = Path(tmp_path) / "zones.toml"
    path.write_text(POSITION, encoding="utf-8")

    async def opened(pilot):
        from hkk_tui.screens.game import GameScreen

        app = pilot.app
        app.open_scenario(path, "mk")
        await _until(pilot, lambda: isinstance(app.screen, GameScreen)
                     or type(app.screen).__name__ == "HandOverScreen", "the scenario")
        await pilot.pause()
        if type(app.screen).__name__ == "HandOverScreen":
            await pilot.press("enter")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await _until(pilot, lambda: app.screen is screen and _settled(screen), "settled")
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(_app("en"), terminal_size=(80, 24), run_before=opened)


def test_mk_swap_screen_80x24_hu_without_colour(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def swapping(pilot):
        from engine.magus import pool as P
        from engine.magus.match import Match
        from hkk_tui.rulesets.mk.match import MatchRecord
        from hkk_tui.rulesets.mk.swap_screen import SwapScreen

        deck = P.load_deck("stonebeard")
        rec = MatchRecord("snap", Match((deck, deck), [1]), ("Anna", "Gép"),
                          ("human", "ai:squire"), ("stonebeard", "stonebeard"), 1)
        pilot.app.push_screen(SwapScreen(rec, 0, "hu"))
        await _until(pilot, lambda: isinstance(pilot.app.screen, SwapScreen), "the swaps")
        await pilot.pause()

    assert snap_compare(_app("hu"), terminal_size=(80, 24), run_before=swapping)
