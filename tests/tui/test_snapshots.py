"""Snapshots (pytest-textual-snapshot): title, the game screen at 80x24 and 160x48 in both
languages and with NO_COLOR, combat with a non-empty reaction line. Update with
``pytest tests/tui --snapshot-update``.

A screenshot is taken only once the game screen has settled (the human is to move, no AI move
is pending, the log shows every line scrolled to its end), waited for by letting the app run
(``pilot.pause``) until that holds, never by time, so a loaded machine gives the same picture."""

from __future__ import annotations

import time
from collections.abc import Callable

from hkk_tui.app import HkkApp
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.settings_store import Settings
from hkk_tui.widgets.log import GameLog
from scripted import combat_with_reaction
from tui_helpers import fresh_data_dir


def _app(lang: str = "en") -> HkkApp:
    app = HkkApp(Settings(lang=lang, ai_pace=0.0))
    app.seed = 5
    return app


async def _until(pilot, ready: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Let the app run until ``ready()`` holds: each round drains the screen's messages
    (``pilot.pause``) and waits for running workers (the AI thinks in one)."""
    end = time.monotonic() + timeout
    while True:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if ready():
            return
        if time.monotonic() > end:
            raise AssertionError(f"the game screen did not settle: {what}")


def _log_complete(screen: GameScreen) -> bool:
    """The log shows every line of the game, scrolled to the end."""
    log = screen.query_one(GameLog)
    return (log.count == len(screen.session.log_lines(0)) and bool(log.lines)
            and log.scroll_y == log.max_scroll_y)


def _settled(screen: GameScreen) -> bool:
    return (screen.session.my_decision() is not None and not screen.bot_busy
            and _log_complete(screen))


async def _laid_out(pilot, screen: GameScreen) -> None:
    """Wait until the log pane has its final size and has re-wrapped its lines for it (the log
    re-wraps after every resize of the first layouts)."""
    seen = None

    def same_size_twice() -> bool:
        nonlocal seen
        size = screen.query_one(GameLog).size
        before, seen = seen, size
        return before == size and size.width > 0 and _log_complete(screen)

    await _until(pilot, same_size_twice, "the log pane kept changing size")


async def _start_game(pilot) -> None:
    app = pilot.app
    # the AI (first to move with this seed) waits until the screen is laid out: a move that
    # lands while the log re-wraps for a resize is a race the picture must not depend on
    app.settings.ai_pace = 3600.0
    screen = app.start_game("raia-egi-legio", "chara-din-horda", ai="greedy", seed=5)
    await _laid_out(pilot, screen)
    app.settings.ai_pace = 0.0
    screen.after_change()           # now the AI moves
    await _until(pilot, lambda: _settled(screen), "waiting for the human's first decision")


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
        screen = pilot.app.open_session(combat_with_reaction("en"))
        await _laid_out(pilot, screen)
        await _until(pilot, lambda: _settled(screen), "waiting for the human's response")

    assert snap_compare(_app("en"), terminal_size=(100, 30), run_before=before)


def test_game_80x24_hu(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("hu"), terminal_size=(80, 24), run_before=_start_game)


def test_game_160x48_en(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    assert snap_compare(_app("en"), terminal_size=(160, 48), run_before=_start_game)


def test_game_80x24_without_colour(snap_compare, monkeypatch):
    """NO_COLOR: Textual's monochrome filter; the marks (✓ ▶, [ATK], the story's separators)
    carry what colour would."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app("en"), terminal_size=(80, 24), run_before=_start_game)


def test_game_160x48_hu_without_colour(snap_compare, monkeypatch):
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app("hu"), terminal_size=(160, 48), run_before=_start_game)
