"""``hkk bench``: engine speed and memory figures written to a JSON report (never asserted).

The figures are measured for any ruleset through its plugin and the protocol (``--ruleset``):
random-bot games per second, rebuild speed, save size per entry, load read-only / with rebuild /
with the rules re-check, replay open and seek, undo latency and memory, state clone time in
mid-game, rebuild time per entry of a long log against its first 1,000 entries (does it bend?)
and the app's import time (the bulk of the first frame). For Hatalom Kártyái the long game is a
2,000-entry game with big decks (its own figures, as before the platform); for other rulesets it
is the longest of the random games. ``--compare OLD.json`` prints each figure's ratio to an
earlier report.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from engine.ai.bots import make_bot
from engine.ai.sim import play_out
from engine.core import registry
from engine.core.game import Game
from engine.core.log import Seat


def _pin_one_core() -> str:
    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        return "pinned to one core"
    except (AttributeError, OSError):
        return "single process (could not pin)"


def _seats(decks: tuple[str, ...], bot: str) -> tuple[Seat, ...]:
    return tuple(Seat("ABCDEFGH"[i % 8], d, f"ai:{bot}") for i, d in enumerate(decks))


def _random_games(plugin: Any, decks: list[str], n: int, seed: int
                  ) -> tuple[float, float, list[Game]]:
    """``n`` random-bot games: seconds playing them (new game + play-out) and seconds making
    their headers (content loading and pinning, timed apart)."""
    seats = plugin.seats[0]
    games = []
    playing = headers = 0.0
    for g in range(n):
        chosen = tuple(decks[(g + i) % len(decks)] for i in range(seats))
        t0 = time.perf_counter()
        header = plugin.new_header(chosen, seed + g, seats=_seats(chosen, "random"))
        t1 = time.perf_counter()
        game = Game.new(plugin.ruleset_for(header), header)
        bots = [make_bot("random", game.ruleset, seed + g if i == 0 else seed - g - i + 1)
                for i in range(seats)]
        play_out(game, bots)
        playing += time.perf_counter() - t1
        headers += t1 - t0
        games.append(game)
    return playing, headers, games


def _turn(game: Game) -> int:
    return int(game.ruleset.summary(game.state).get("turn") or 0)


def _long_game(plugin: Any, seed: int, entries: int = 2000) -> Game | None:
    """A game of at least ``entries`` entries between random bots, from the plugin's
    ``long_game_header`` (a set-up that runs long: big decks, no turn limit); None if the plugin
    has no such set-up."""
    make = getattr(plugin, "long_game_header", None)
    if make is None:
        return None
    game = None
    for attempt in range(40):
        header = make(seed + attempt)
        game = Game.new(plugin.ruleset_for(header), header)
        play_out(game, [make_bot("random", game.ruleset, attempt + 101 * seat)
                        for seat in range(len(header.seats))], max_decisions=1_000_000)
        if len(game.entries) >= entries:
            break
    return game


def _clone_us(games: list[Game]) -> float:
    """Median µs of a state clone in mid-game (the AI's search clones thousands per move)."""
    samples = []
    for game in games[:10]:
        state = game.state_at(len(game.entries) // 2)
        clone = game.ruleset.clone
        for _ in range(20):
            t0 = time.perf_counter()
            clone(state)
            samples.append(time.perf_counter() - t0)
    return round(statistics.median(samples) * 1e6, 1)


def _lingering_log(plugin: Any, seed: int, entries: int, seconds: float = 90.0) -> Game | None:
    """A log of about ``entries`` entries from the plugin's long set-up, played by bots that
    mostly pass (so that the game lingers instead of ending): the longest of a few tries, within
    ``seconds``; None if the plugin has no long set-up."""
    make = getattr(plugin, "long_game_header", None)
    if make is None or entries <= 0:
        return None
    best: Game | None = None
    started = time.perf_counter()
    for attempt in range(20):
        header = make(seed + attempt)
        game = Game.new(plugin.ruleset_for(header), header)
        bots = [make_bot("random", game.ruleset, attempt + 101 * s)
                for s in range(len(header.seats))]
        lean = random.Random(seed + attempt)
        while len(game.entries) < entries:
            decision = game.pending()
            if decision is None:
                break
            legal = game.legal_actions(decision.player)
            passes = [a for a in legal if type(a).__name__ == "Pass"]
            action = (passes[0] if passes and lean.random() < 0.97
                      else bots[decision.player].choose(None, legal))
            game.submit(decision.player, action)
        if best is None or len(game.entries) > len(best.entries):
            best = game
        if len(best.entries) >= entries or time.perf_counter() - started > seconds:
            break
    return best


def _rebuild_us_per_entry(game: Game, n: int) -> float:
    """Best-of-three CPU µs per entry of ``Game.from_log`` over the first ``n`` entries."""
    entries = game.entries[:n]
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        Game.from_log(game.ruleset, game.header, entries)
        best = min(best, time.process_time() - t0)
    return round(best / max(1, len(entries)) * 1e6, 2)


def _after_load(game: Game) -> dict[str, Any]:
    """A long game loaded the way the app loads one (``Game.from_log``): the snapshots it keeps
    and what a full garbage collection then costs (the load moves its objects out of the
    collector's sight, ``gc.freeze``)."""
    gc.collect()
    loaded = Game.from_log(game.ruleset, game.header, game.entries)
    snaps = loaded._snapshots
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        gc.collect()
        times.append(time.perf_counter() - t0)
    state_at = []
    for k in range(0, len(loaded.entries), max(1, len(loaded.entries) // 20)):
        t0 = time.perf_counter()
        loaded.state_at(k)
        state_at.append(time.perf_counter() - t0)
    out = {"entries": len(loaded.entries), "snapshots": len(snaps),
           "snapshot_kib": round(sum(len(s) if isinstance(s, bytes) else 0
                                     for s in snaps.values()) / 1024),
           "gc_full_collection_ms_median": round(statistics.median(times) * 1000, 2),
           "gc_tracked_objects": len(gc.get_objects()),
           "state_at_ms_median": round(statistics.median(state_at) * 1000, 3),
           "state_at_ms_max": round(max(state_at) * 1000, 3)}
    gc.unfreeze()
    return out


def _typical_save(plugin: Any, game: Game) -> dict[str, Any]:
    from engine.core import store as S

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "typical.hkk"
        writer = S.SaveWriter.create(path, game.header, plugin.codec(), fsync=False)
        again = Game.new(game.ruleset, game.header, writer)
        for entry in game.entries[1:]:
            again.submit(entry.player, entry.action)
        writer.close()
        size = path.stat().st_size
    header = len(S.MAGIC) + len(S._frame(S.HeaderRec(game.header)))
    n = len(game.entries)
    return {"entries": n, "events": sum(len(e.events) for e in game.entries),
            "bytes": size, "bytes_per_entry_records": round((size - header) / n, 1),
            "bytes_per_entry_with_header": round(size / n, 1)}


def _import_app_seconds() -> float | None:
    """Median seconds for a fresh interpreter to import the app (most of the first frame)."""
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", "import hkk_tui.app"], capture_output=True)
        if done.returncode:
            return None
        runs.append(time.perf_counter() - t0)
    return round(statistics.median(runs), 3)


def _leaves(report: Any, prefix: str = "") -> dict[str, float]:
    """The numeric figures of a report, by dotted path."""
    out: dict[str, float] = {}
    if isinstance(report, dict):
        for key, value in report.items():
            out.update(_leaves(value, f"{prefix}{key}."))
    elif isinstance(report, (int, float)) and not isinstance(report, bool):
        out[prefix[:-1]] = float(report)
    return out


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """One line per figure in both reports: old, new, and new / old."""
    before, after = _leaves(old), _leaves(new)
    lines = []
    for key, value in after.items():
        if key in before and key != "cpu_count":
            was = before[key]
            ratio = f"{value / was:.2f}x" if was else "-"
            lines.append(f"{key:55} {was:>14g} -> {value:<14g} {ratio}")
    return lines


def run_bench(args: Any) -> int:
    from engine.core import store as S

    plugin = registry.get(getattr(args, "ruleset", None) or "hkk")
    decks = [d.id for d in plugin.decks()]
    report: dict[str, Any] = {
        "ruleset": plugin.name,
        "python": platform.python_version(), "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
    }
    report["cpu"] = _pin_one_core()

    # 1. random-bot games per second on one core (the game itself: new game and play-out; the
    #    header — loading and pinning the ruleset's content — is timed apart)
    elapsed, header_seconds, games = _random_games(plugin, decks, args.games, args.seed)
    report["random_games"] = {
        "games": len(games), "seconds": round(elapsed, 3),
        "games_per_second": round(len(games) / elapsed, 1),
        "header_ms_per_game": round(header_seconds / max(1, len(games)) * 1000, 3),
        "games_per_second_with_headers": round(len(games) / (elapsed + header_seconds), 1),
        "avg_entries": round(statistics.mean(len(g.entries) for g in games), 1),
        "avg_events": round(statistics.mean(sum(len(e.events) for e in g.entries)
                                            for g in games), 1),
        "avg_turns": round(statistics.mean(_turn(g) for g in games), 1),
    }
    report["clone_us_mid_game"] = _clone_us(games)

    # 2. rebuild speed: events per second applying logged events to a fresh state
    total_events = 0
    started = time.perf_counter()
    for game in games:
        state = game.ruleset.initial_state(game.header)
        apply = game.ruleset.apply
        for entry in game.entries:
            for ev in entry.events:
                apply(state, ev)
            total_events += len(entry.events)
    rebuild = time.perf_counter() - started
    report["rebuild"] = {"events": total_events, "seconds": round(rebuild, 3),
                         "events_per_second": round(total_events / rebuild)}

    # 3. a long game: save size, load + rebuild time, replay, undo latency
    long = _long_game(plugin, args.seed) or max(games, key=lambda g: len(g.entries))
    codec = plugin.codec()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.hkk"
        writer = S.SaveWriter.create(path, long.header, codec, fsync=False)
        for entry in long.entries:
            writer.append(entry, None)
        writer.close()
        size = path.stat().st_size
        # loading, three ways side by side: reading the file alone; reading + applying the
        # recorded events (the load before saves were re-checked); reading + re-running every
        # recorded action through the rules and comparing events (today's load)
        from engine.core.game import check_header

        parses, loads, checked_loads = [], [], []
        for _ in range(5):
            t0 = time.perf_counter()
            loaded = S.load(path, codec)
            parses.append(time.perf_counter() - t0)
            Game.from_log(long.ruleset, loaded.header, loaded.entries)
            loads.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            loaded = S.load(path, codec)
            assert not check_header(long.ruleset, loaded.header)
            _, checked = Game.from_checked(long.ruleset, loaded.header, loaded.entries)
            assert checked.divergence is None
            checked_loads.append(time.perf_counter() - t0)
        header_bytes = len(codec_header_bytes(long.header))
        # replay: open the save into a replay cursor, and seek from its start to its end
        from engine.core.replay import Replay

        opens, seeks = [], []
        for _ in range(5):
            t0 = time.perf_counter()
            loaded = S.load(path, codec)
            replay = Replay(long.ruleset, loaded.header, loaded.entries, plugin.rule_of)
            opens.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            replay.goto(replay.total)
            replay.goto(0)
            replay.goto(replay.total)
            seeks.append((time.perf_counter() - t0) / 2)
    n = len(long.entries)
    report["replay"] = {
        "entries": n, "open_seconds_median": round(statistics.median(opens), 4),
        "seek_start_to_end_seconds_median": round(statistics.median(seeks), 4),
    }
    report["long_game"] = {
        "entries": n, "events": sum(len(e.events) for e in long.entries),
        "save_bytes": size, "save_bytes_per_entry": round((size - header_bytes) / n, 1),
        "load_and_rebuild_seconds_median": round(statistics.median(loads), 4),
        "read_only_seconds_median": round(statistics.median(parses), 4),
        "load_checked_seconds_median": round(statistics.median(checked_loads), 4),
        "load_checked_us_per_entry": round(statistics.median(checked_loads) / n * 1e6, 1),
    }
    undo_times = []
    # the game before its last entry: a finished game's result is final (cannot be undone)
    game = Game.from_log(long.ruleset, long.header, long.entries[:-1])
    for _ in range(20):
        d = game.pending()
        player = d.player if d else 0
        t0 = time.perf_counter()
        try:
            game.undo(player)
        except Exception:  # noqa: BLE001 - nothing more to undo
            break
        undo_times.append(time.perf_counter() - t0)
    report["undo"] = {"samples": len(undo_times),
                      "median_ms": round(statistics.median(undo_times) * 1000, 3) if undo_times
                      else None,
                      "max_ms": round(max(undo_times) * 1000, 3) if undo_times else None}

    # 4. memory: peak while rebuilding the long game
    tracemalloc.start()
    Game.from_log(long.ruleset, long.header, long.entries)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    report["memory"] = {"rebuild_long_game_peak_kib": round(peak / 1024)}

    # 5. rebuild of a long log per entry against its first 1,000 entries (flat, or bends?)
    lingering = _lingering_log(plugin, args.seed, getattr(args, "long_entries", 16_000))
    if lingering is not None:
        n = len(lingering.entries)
        first = _rebuild_us_per_entry(lingering, 1000)
        whole = _rebuild_us_per_entry(lingering, n)
        report["rebuild_scaling"] = {
            "entries": n, "events": sum(len(e.events) for e in lingering.entries),
            "us_per_entry_first_1000": first, "us_per_entry_all": whole,
            "bend": round(whole / first, 2) if first else None}
        report["after_load"] = _after_load(lingering)

    # 5b. a typical game's save: bytes per entry, its records alone and with its header (which
    #     pins the card definitions); written as play writes it (a summary with every entry)
    report["typical_save"] = _typical_save(plugin, sorted(games, key=lambda g: len(g.entries))[
        len(games) // 2])

    report.update(getattr(plugin, "bench_figures", lambda args: {})(args))  # a ruleset's own
    # the search as the game's search process runs it: what it holds before searching (there,
    # the game it loaded; here, this bench's games and long logs) is out of the collector's sight
    # (settle_after_load). Unsettled, the 240,000 objects the sections above keep alive are walked
    # by every full collection the search triggers: 8-10% fewer simulations a second.
    from engine.core.game import settle_after_load

    gc.collect()
    settle_after_load()
    report["ai"] = __import__("hkk_tui.bench_ai", fromlist=["x"]).ai_section(plugin.name, args.games)
    gc.unfreeze()

    # 6. the first frame's bulk: a fresh interpreter importing the app
    report["import_app_seconds"] = _import_app_seconds()

    Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    print(f"report written to {args.out}")
    old_path = getattr(args, "compare", None)
    if old_path:
        try:
            old = json.loads(Path(old_path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"cannot compare with {old_path}: {exc}")
            return 1
        print(f"figures against {old_path} (new / old):")
        print("\n".join(compare(old, report)))
    return 0


def codec_header_bytes(header) -> bytes:
    import msgspec

    return msgspec.msgpack.encode(header)


# ---------------------------------------------------------------------------- the peer recipe
def peer_main(argv: list[str] | None = None) -> int:
    """The project's side of the Fireplace comparison (../shared/bench): the adapted copy of
    its ``hkk_random.py`` that its README asks for when the API moves, through the plugin API
    (``make_bot`` takes the game's ruleset now). Run as a script:
    ``HKK_RANDOM=hkk_tui/bench.py bash ../shared/bench/side_by_side.sh ...``. Game g: decks
    (D[g % n], D[(g + 1) % n]), header seed SEED + g, random bots seeded SEED + g and SEED - g;
    each game's header, new game and play-out are timed (CPU and wall); the same JSON report."""
    import argparse
    import collections

    ap = argparse.ArgumentParser(description="hkk random-bot games per second (peer recipe)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--ruleset", default="hkk")
    ap.add_argument("--show-errors", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    plugin = registry.get(args.ruleset)
    decks = [d.id for d in plugin.decks()]
    seats = plugin.seats[0]

    def pair_of(g: int) -> tuple[str, ...]:
        return tuple(decks[(g + i) % len(decks)] for i in range(seats))

    for g in range(len(decks)):        # untimed warm-up: deck loads, pool pinning, rules build
        header = plugin.new_header(pair_of(g), 0)
        Game.new(plugin.ruleset_for(header), header)
    load_s = time.perf_counter() - t0
    errors: collections.Counter = collections.Counter()
    lines = []
    cpu = wall = 0.0
    decisions = not_pass = events = 0
    turns = []
    for g in range(args.games):
        seed = args.seed + g
        pair = pair_of(g)
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            header = plugin.new_header(pair, seed, seats=_seats(pair, "random"))
            game = Game.new(plugin.ruleset_for(header), header)
            play_out(game, [make_bot("random", game.ruleset, seed if i == 0 else args.seed - g)
                            for i in range(seats)])
            c1, w1 = time.process_time(), time.perf_counter()
        except Exception as exc:  # noqa: BLE001 - counted per game, like the peer's errors
            errors[type(exc).__name__] += 1
            lines.append(f"game {g} (seed {seed}, decks {pair}): {type(exc).__name__}: {exc}")
            continue
        cpu += c1 - c0
        wall += w1 - w0
        played = [e for e in game.entries if e.player >= 0]
        decisions += len(played)
        not_pass += sum(1 for e in played if type(e.action).__name__ != "Pass")
        events += sum(len(e.events) for e in game.entries)
        turns.append(_turn(game))
    done = len(turns)
    report = {
        "engine": "hkk", "ruleset": args.ruleset, "games": args.games, "seed": args.seed,
        "finished": done, "errors": sum(errors.values()), "error_kinds": dict(errors),
        "cpu_s": round(cpu, 3), "wall_s": round(wall, 3), "load_s": round(load_s, 2),
        "games_per_cpu_s": round(done / cpu, 3) if cpu else None,
        "games_per_wall_s": round(done / wall, 3) if wall else None,
        "actions_per_game": round(decisions / done, 1) if done else None,
        "actions_per_cpu_s": round(decisions / cpu, 1) if cpu else None,
        "not_pass_per_game": round(not_pass / done, 1) if done else None,
        "events_per_game": round(events / done, 1) if done else None,
        "turns_per_game": round(statistics.mean(turns), 1) if turns else None,
    }
    if args.show_errors:
        for line in lines:
            print(line, file=sys.stderr)
    print(json.dumps(report) if args.json else json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(peer_main())
