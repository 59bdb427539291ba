"""Kill the app mid-game (no clean shutdown), then Continue from its save: same state."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import msgspec

from hkk_tui.app import HkkApp
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.settings_store import Settings
from tui_helpers import fresh_data_dir

HERE = Path(__file__).resolve().parent


def test_kill_mid_game_then_continue(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    out = data / "before.msgpack"
    proc = subprocess.run([sys.executable, str(HERE / "kill_child.py"), str(out)],
                          env={**os.environ, "HKK_DATA_DIR": str(data)}, timeout=300,
                          capture_output=True)
    assert proc.returncode == 9, proc.stderr.decode()[-2000:]
    before = msgspec.msgpack.decode(out.read_bytes())
    assert before["entries"] > 3
    saved = list((data / "saves").glob("*.hkk"))              # the game's own save file
    assert len(saved) == 1

    async def run() -> None:
        app = HkkApp(Settings(lang="en", ai_pace=0.0))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down", "down", "enter")       # Continue: the games in progress
            await pilot.pause()
            assert app.screen.paths == saved                   # the killed game is listed
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            game = screen.session.game
            assert len(game.entries) == before["entries"]
            now = msgspec.msgpack.decode(msgspec.msgpack.encode(game.state))
            assert now == before["state"]
            assert screen.session.my_decision() is not None
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
