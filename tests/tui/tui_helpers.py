"""Helpers for the TUI tests (imported by the test files; not a conftest): a key-pressing player that reads the prompt and options."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from engine.hkk import events as E


def fresh_data_dir(monkeypatch) -> Path:
    """An empty data directory for saves and settings (HKK_DATA_DIR)."""
    d = Path(tempfile.mkdtemp(prefix="hkk-tui-"))
    monkeypatch.setenv("HKK_DATA_DIR", str(d))
    return d


def pick_group(screen, groups):
    """A simple keyboard player's policy: play cards, fill the guard post, attack, else pass."""
    d = screen.session.my_decision()
    kinds = [g.kind for g in groups]
    prefer = {"priority": ("play",), "exchange": ("MoveToGuard",), "declare": ("attack",)}
    for want in prefer.get(d.kind, ()):
        if want in kinds:
            return kinds.index(want)
    if "pass" in kinds and d.kind in ("priority", "respond", "life_saving", "exchange",
                                      "declare", "sacrifice_mc", "combat_abilities"):
        return kinds.index("pass")
    return 0


async def press_choice(pilot, index: int) -> None:
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press(*(["down"] * index), "enter")


async def play_to_end(pilot, app, max_steps: int = 4000) -> None:
    """Answer every human decision with key presses until the game ends."""
    from hkk_tui.screens.dialogs import MessageScreen
    from hkk_tui.screens.game import GameScreen

    game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    session = game_screen.session
    for _ in range(max_steps):
        if session.result() is not None:
            await pilot.pause()
            return
        if isinstance(app.screen, MessageScreen):
            await pilot.press("enter")
            continue
        d = session.my_decision()
        if d is None or app.screen is not game_screen:
            await pilot.pause(0.01)
            continue
        groups = game_screen.groups()
        i = pick_group(game_screen, groups)
        group = groups[i]
        before = len(session.game.entries)
        if group.kind == "pass":
            await pilot.press("space")
        else:
            await pilot.press("a")
            await pilot.pause()
            await press_choice(pilot, i)
            await pilot.pause()
            if not group.single:
                await press_choice(pilot, 0)
        await pilot.pause()
        if len(session.game.entries) == before and session.result() is None:
            # the engine refused (its reason is on the prompt): pass instead
            err = game_screen.error
            assert err, "a key press neither acted nor explained why"
            await pilot.press("escape") if app.screen is not game_screen else None
            await pilot.press("space")
    raise AssertionError("the game did not end")


def game_ended(session) -> bool:
    return any(isinstance(ev, E.GameEnded) for e in session.game.entries for ev in e.events)
