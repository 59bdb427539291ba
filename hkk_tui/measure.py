"""Measure the app as a person meets it (figures for notes; never asserted in tests).

    python -m hkk_tui.measure            # in a real terminal via tmux: time to first frame
                                         # and keypress-to-screen latency, median and p95

It starts ``hkk`` in a detached tmux session, polls the screen until the title menu shows, then
starts a game and times each key press until the screen changes.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def _tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def _screen(session: str) -> str:
    return _tmux("capture-pane", "-p", "-e", "-t", session)


def _wait_change(session: str, before: str, timeout: float = 5.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        now = _screen(session)
        if now != before and now.strip():
            return time.perf_counter() - start
        time.sleep(0.002)
    return float("nan")


def measure(width: int = 100, height: int = 30, presses: int = 40) -> dict:
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is needed: apt-get install tmux")
    session = f"hkk-measure-{os.getpid()}"
    data = tempfile.mkdtemp(prefix="hkk-measure-")
    env = f"HKK_DATA_DIR={data}"
    cmd = f"{env} {sys.executable} -m hkk_tui.cli play --seed 3 --lang en"
    t0 = time.perf_counter()
    _tmux("new", "-d", "-s", session, "-x", str(width), "-y", str(height), cmd)
    first = float("nan")
    while time.perf_counter() - t0 < 20:
        if "Board" in _screen(session):
            first = time.perf_counter() - t0
            break
        time.sleep(0.005)
    time.sleep(0.5)
    latencies = []
    keys = ["Down", "Up"] * (presses // 2)      # move the selection in the hand: a redraw each
    for key in keys:
        before = _screen(session)
        _tmux("send-keys", "-t", session, key)
        latencies.append(_wait_change(session, before))
    _tmux("kill-session", "-t", session)
    shutil.rmtree(data, ignore_errors=True)
    ok = sorted(x for x in latencies if x == x)
    return {
        "terminal": f"{width}x{height} (tmux)",
        "first_frame_seconds": round(first, 3),
        "keypress_samples": len(ok),
        "keypress_to_screen_ms_median": round(statistics.median(ok) * 1000, 1) if ok else None,
        "keypress_to_screen_ms_p95": round(ok[int(0.95 * (len(ok) - 1))] * 1000, 1) if ok
        else None,
    }


def measure_replay(runs: int = 5) -> dict:
    """Open a 2,000-entry save in the replay screen and seek from its start to its end
    (in-process with Textual's pilot, so the figures include building every pane)."""
    import asyncio
    from pathlib import Path

    from engine.core import registry, store
    from hkk_tui.app import HkkApp
    from hkk_tui.bench import _long_game
    from hkk_tui.screens.replay import ReplayScreen
    from hkk_tui.screens.settings_store import Settings

    hkk = registry.get("hkk")                  # the bench's long game is an HKK game
    long = _long_game(hkk, 1)
    folder = Path(tempfile.mkdtemp(prefix="hkk-measure-"))
    path = folder / "long.hkk"
    writer = store.SaveWriter.create(path, long.header, hkk.codec(), fsync=False)
    for entry in long.entries:
        writer.append(entry)
    writer.close()
    opens, seeks = [], []

    async def one() -> None:
        app = HkkApp(Settings(lang="en", ai_pace=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            t0 = time.perf_counter()
            app.open_replay(path)
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            opens.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await pilot.press("end")
            await pilot.pause()
            seeks.append(time.perf_counter() - t0)

    for _ in range(runs):
        asyncio.run(one())
    shutil.rmtree(folder, ignore_errors=True)
    return {"entries": len(long.entries),
            "open_in_replay_seconds_median": round(statistics.median(opens), 3),
            "seek_start_to_end_seconds_median": round(statistics.median(seeks), 3)}


if __name__ == "__main__":
    report = measure()
    if "--replay" in sys.argv:
        report["replay"] = measure_replay()
    print(json.dumps(report, indent=2))
