"""Child process for test_kill_resume: play a few actions in the app, record the state, then die
without any clean shutdown (os._exit), as a kill -9 or a dropped SSH connection would."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgspec  # noqa: E402

from hkk_tui.app import HkkApp  # noqa: E402
from hkk_tui.screens.settings_store import Settings  # noqa: E402


async def main(out: Path) -> None:
    app = HkkApp(Settings(lang="en", ai_pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.start_game("raia-egi-legio", "chara-din-horda", ai="greedy", seed=21)
        decisions = 0
        for _ in range(2000):
            await pilot.pause()
            if screen.session.my_decision() is None:
                continue
            decisions += 1
            if len(screen.session.game.entries) > 6:
                break
            groups = screen.groups()
            if any(g.kind == "play" for g in groups):
                await pilot.press("a", "1")
                await pilot.pause()
                if screen.session.my_decision() and app.screen is not screen:
                    await pilot.press("1")
            else:
                await pilot.press("space")
        state = screen.session.game.state
        out.write_bytes(msgspec.msgpack.encode(
            {"entries": len(screen.session.game.entries), "state": state}))
        os._exit(9)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
