"""Measure the app as a person meets it (figures for notes; never asserted in tests).

    python -m hkk_tui.measure            # in a real terminal via tmux: time to first frame
                                         # and keypress-to-screen latency, median and p95
    python -m hkk_tui.measure --start    # ``hkk`` start to its title menu, 80x24, 7 runs

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
from pathlib import Path


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


def measure_start(runs: int = 7, width: int = 80, height: int = 24,
                  command: str | None = None) -> dict:
    """``hkk`` start to first frame, wall seconds: from starting the program in a detached
    tmux session until its title menu stands whole on the screen (its last line, the quit
    item, "Quit" / "Kilépés", drawn), ``runs`` times in a fresh data folder each; median, min and max."""
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is needed: apt-get install tmux")
    cmd = command or f"{sys.executable} -m hkk_tui.cli"
    times = []
    for run in range(runs):
        session = f"hkk-start-{os.getpid()}-{run}"
        data = tempfile.mkdtemp(prefix="hkk-measure-")
        t0 = time.perf_counter()
        _tmux("new", "-d", "-s", session, "-x", str(width), "-y", str(height),
              f"NO_COLOR=1 HKK_DATA_DIR={data} {cmd}")
        first = cpu = float("nan")
        pid = 0
        while time.perf_counter() - t0 < 20:
            pid = pid or int(_tmux("display", "-p", "-t", session, "#{pane_pid}") or 0)
            screen = _screen(session)
            if "Quit" in screen or "Kilépés" in screen:
                first = time.perf_counter() - t0
                cpu = _cpu_seconds(pid)
                break
            time.sleep(0.005)
        _tmux("kill-session", "-t", session)
        shutil.rmtree(data, ignore_errors=True)
        times.append((first, cpu))
    ok = sorted(x for x in times if x[0] == x[0])
    walls = [x[0] for x in ok]
    cpus = sorted(x[1] for x in ok if x[1] == x[1])
    return {"terminal": f"{width}x{height} (tmux, NO_COLOR)", "runs": len(ok),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "start_to_first_frame_seconds_median": round(statistics.median(walls), 3)
            if ok else None,
            "min": round(walls[0], 3) if ok else None, "max": round(walls[-1], 3) if ok else None,
            "cpu_seconds_to_first_frame_median": round(statistics.median(cpus), 3) if cpus
            else None}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` and its children so far (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            stat = Path(f"/proc/{p}/stat").read_text()
            fields = stat.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except (OSError, ValueError, IndexError):
            continue
        todo += [int(k) for k in kids]
    return total if pid else float("nan")


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
    if "--start" in sys.argv:
        print(json.dumps(measure_start(), indent=2))
        raise SystemExit(0)
    report = measure()
    if "--replay" in sys.argv:
        report["replay"] = measure_replay()
    print(json.dumps(report, indent=2))
