"""``hkk loadtest``: many concurrent bot games against one server, measured (issue 13).

It starts an ``hkk server`` process on a temporary socket (or uses ``--connect``), then client
processes that each play their share of the games at once — every game two ``hkk bot`` players in
one process, so the delay from an action leaving one client to the update reaching the other
client is read on one clock (end to end). ``--think S`` makes the bots wait about S seconds
before each decision, as people do: flat out (0) measures throughput, paced runs the delays a
player would feel with that many games going on. The server reports its own delay (from an action's
arrival to the opponent's update being queued) and its memory. The report (JSON) holds games per
minute, the p50/p95 delays, the server's memory per table at the peak, and any error; a run
with an error exits 1. Numbers, not assertions: this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return round(values[min(len(values) - 1, int(p * len(values)))] * 1000, 2)


# ---------------------------------------------------------------------------- a client process
async def _worker(address: str, games: list[int], ruleset: str, bot: str, seed: int,
                  tag: str, think: float) -> dict[str, Any]:
    from engine.net import bot as botclient
    from engine.net.address import parse

    probe = botclient.Probe()
    addr = parse(address)
    durations: list[float] = []
    errors: list[str] = []

    async def game(g: int) -> None:
        table = f"load-{tag}-{g}"
        t0 = time.perf_counter()
        try:
            results = await asyncio.gather(*(
                botclient.play(addr, table, bot, ruleset, name=f"{table}-{i}",
                               as_user=f"{table}-{i}", seed=seed * 1000 + 2 * g + i,
                               probe=probe, timeout=7200, think=think)
                for i in range(2)))
            if results[0] is None or results[0] != results[1]:
                errors.append(f"{table}: the two seats saw different results {results}")
        except Exception as exc:  # noqa: BLE001 - counted and reported
            errors.append(f"{table}: {type(exc).__name__}: {exc}")
        durations.append(time.perf_counter() - t0)

    await asyncio.gather(*(game(g) for g in games))
    return {"durations": durations, "delays": probe.delays, "errors": errors}


def worker_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--address")
    p.add_argument("--games")
    p.add_argument("--ruleset")
    p.add_argument("--bot")
    p.add_argument("--seed", type=int)
    p.add_argument("--tag")
    p.add_argument("--out")
    p.add_argument("--think", type=float, default=0.0)
    a = p.parse_args(argv)
    games = [int(g) for g in a.games.split(",") if g]
    out = asyncio.run(_worker(a.address, games, a.ruleset, a.bot, a.seed, a.tag, a.think))
    Path(a.out).write_text(json.dumps(out))
    return 0


# ---------------------------------------------------------------------------- the driver
async def _stats(address: str) -> Any:
    from engine.net import messages as M
    from engine.net.address import parse
    from engine.net.wire import SERVER_FRAME_LIMIT, decode_server, encode, read_frame

    a = parse(address)
    if a.unix:
        reader, writer = await asyncio.open_unix_connection(a.path)
    else:
        reader, writer = await asyncio.open_connection(a.host, a.port)
    try:
        writer.write(encode(M.Hello(M.PROTOCOL, "loadtest", "loadtest")))
        writer.write(encode(M.GetStats()))
        while True:
            msg = decode_server(await read_frame(reader, SERVER_FRAME_LIMIT))
            if isinstance(msg, M.Stats):
                return msg
    finally:
        writer.close()


def stats(address: str) -> Any:
    return asyncio.run(asyncio.wait_for(_stats(address), 30))


def run_loadtest(args: argparse.Namespace) -> int:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    tmp = Path(tempfile.mkdtemp(prefix="hkk-loadtest-"))
    server = None
    address = args.connect
    if address is None:
        address = str(tmp / "hkk.sock")
        server = subprocess.Popen(
            [sys.executable, "-m", "hkk_tui.cli", "server", "--socket", address, "--data",
             str(tmp / "data"), "--quiet"], env=env, stderr=subprocess.PIPE, text=True)
        line = server.stderr.readline()
        if "listening" not in line:
            print(f"hkk loadtest: the server did not start: {line}{server.stderr.read()}",
                  file=sys.stderr)
            return 2
    try:
        before = stats(address)
        shares = [list(range(i, args.games, args.clients)) for i in range(args.clients)]
        t0 = time.perf_counter()
        workers = [(subprocess.Popen(
            [sys.executable, "-m", "hkk_tui.loadtest", "--worker", "--address", address,
             "--games", ",".join(map(str, share)), "--ruleset", args.ruleset, "--bot",
             args.bot, "--seed", str(args.seed), "--tag", f"{args.seed}-{os.getpid()}",
             "--out", str(tmp / f"worker-{i}.json"), "--think", str(args.think)], env=env),
            tmp / f"worker-{i}.json")
            for i, share in enumerate(shares) if share]
        peak_tables, peak_rss = 0, before.rss_kb
        while any(w.poll() is None for w, _out in workers):
            now = stats(address)
            peak_tables, peak_rss = max(peak_tables, now.playing), max(peak_rss, now.rss_kb)
            time.sleep(1.0)                         # sampling the server, not waiting on it
        wall = time.perf_counter() - t0
        durations, delays, errors = [], [], []
        for w, out in workers:
            if w.wait() != 0 or not out.exists():
                errors.append(f"a client process ended with {w.returncode}")
                continue
            got = json.loads(out.read_text())
            durations += got["durations"]
            delays += got["delays"]
            errors += got["errors"]
        after = stats(address)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=60)
    tables = max(peak_tables, 1)
    report = {
        "ruleset": args.ruleset, "bot": args.bot, "games": args.games,
        "think_seconds": args.think,
        "client_processes": len(shares), "concurrent_tables_at_peak": peak_tables,
        "errors": errors, "wall_seconds": round(wall, 2),
        "games_per_minute": round(args.games / wall * 60, 1),
        "actions": after.actions - before.actions,
        "average_game_seconds": round(sum(durations) / max(len(durations), 1), 2),
        "delay_server_p50_ms": after.delay_p50_ms, "delay_server_p95_ms": after.delay_p95_ms,
        "delay_end_to_end_p50_ms": _pct(delays, 0.5),
        "delay_end_to_end_p95_ms": _pct(delays, 0.95),
        "server_rss_kb_idle": before.rss_kb, "server_rss_kb_peak": peak_rss,
        "memory_per_table_kb": round((peak_rss - before.rss_kb) / tables, 1),
        "cpus": os.cpu_count(),
    }
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        sys.exit(worker_main(sys.argv[2:]))
    print("run it as: hkk loadtest --games 200", file=sys.stderr)
    sys.exit(2)
