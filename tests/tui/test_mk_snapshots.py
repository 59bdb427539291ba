"""Snapshots of a M.A.G.U.S. game at 80×24 (pytest-textual-snapshot), in English and, without
colour (NO_COLOR), in Hungarian: the setup answered by keys (the human starts, picks the first
three tower levels offered, lets the AI's Future be, keeps the hand) up to the first right to act
of the first round — the MP/DP strip with who is active and why, both seats' zones (the AI's
tower face down), the named hand with costs and types, the Timeline pane and the log. Taken once
the screen has settled, never by time. Update with
``pytest tests/tui/test_mk_snapshots.py --snapshot-update``."""

from __future__ import annotations

from test_snapshots import _laid_out, _settled, _until
from tui_helpers import fresh_data_dir

from hkk_tui.app import HkkApp
from hkk_tui.screens.settings_store import Settings


def _app(lang: str) -> HkkApp:
    app = HkkApp(Settings(lang=lang, ai_pace=0.0))
    app.seed = 4
    app.ruleset = "mk"
    return app


async def _to_first_priority(pilot) -> None:
    app = pilot.app
    screen = app.start_game(None, None, ruleset="mk", decks=("ashen", "lantern"),
                            kinds=("human", "ai:squire"), seed=4)
    await _laid_out(pilot, screen)
    for _ in range(40):
        await _until(pilot, lambda: _settled(screen), "waiting for the human's decision")
        d = screen.session.my_decision()
        if d.kind.endswith("priority"):
            break
        groups = screen.groups()
        if any(g.kind not in ("pass", "done") for g in groups) and not d.kind.endswith("cut"):
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("1")
        else:
            await pilot.press("space")
        await pilot.pause()
    else:
        raise AssertionError("no first right to act")
    await _until(pilot, lambda: _settled(screen), "the first right to act")
    await pilot.pause()


def test_mk_first_round_80x24(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("en"), terminal_size=(80, 24), run_before=_to_first_priority)


def test_mk_first_round_80x24_hu_without_colour(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app("hu"), terminal_size=(80, 24), run_before=_to_first_priority)
