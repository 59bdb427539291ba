"""``hkk bench``: engine speed and memory figures written to a JSON report (never asserted)."""

from __future__ import annotations

import json
import os
import platform
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from engine.ai.bots import make_bot
from engine.ai.sim import play_out
from engine.core.game import Game
from engine.core.log import Seat
from engine.hkk import pool as P
from engine.hkk.session import make_header, new_game


def _pin_one_core() -> str:
    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        return "pinned to one core"
    except (AttributeError, OSError):
        return "single process (could not pin)"


def _random_games(pool: dict, decks: list[str], n: int, seed: int) -> tuple[float, list[Game]]:
    games = []
    started = time.perf_counter()
    for g in range(n):
        pair = (decks[g % len(decks)], decks[(g + 1) % len(decks)])
        header = make_header(pair, seed + g, pool=pool,
                             seats=(Seat("A", pair[0], "ai:random"),
                                    Seat("B", pair[1], "ai:random")))
        game = new_game(header)
        play_out(game, [make_bot("random", game.ruleset, seed + g),
                        make_bot("random", game.ruleset, seed - g)])
        games.append(game)
    return time.perf_counter() - started, games


def _long_game(pool: dict, decks: list[str], seed: int, entries: int = 2000) -> Game:
    """A single game of at least ``entries`` entries: random bots with big (legal, > 30 card)
    decks of every card in the pool, no turn limit, so the game runs long."""
    big = tuple(cid for cid in sorted(pool) for _ in range(3))
    for attempt in range(40):
        header = make_header((decks[0], decks[1]), seed + attempt, pool=pool,
                             seats=(Seat("A", "all", "ai:random"), Seat("B", "all", "ai:random")),
                             options={"max_turns": 100_000, "exhaustion_rounds": 3,
                                      "auto_pass": False})
        header = _with_decks(header, (big, big))
        game = new_game(header)
        play_out(game, [make_bot("random", game.ruleset, attempt),
                        make_bot("random", game.ruleset, -attempt)],
                 max_decisions=1_000_000)
        if len(game.entries) >= entries:
            return game
    return game


def _with_decks(header, decklists):
    import msgspec

    from engine.core.log import sealed

    return sealed(msgspec.structs.replace(header, decklists=tuple(tuple(d) for d in decklists)))


def run_bench(args: Any) -> int:
    from engine.core import store as S

    pool = P.load_pool()
    decks = [d.id for d in P.list_decks()]
    report: dict[str, Any] = {
        "python": platform.python_version(), "machine": platform.machine(),
        "cpu_count": os.cpu_count(), "cards_in_pool": len(pool),
    }
    report["cpu"] = _pin_one_core()

    # 1. random-bot games per second on one core
    elapsed, games = _random_games(pool, decks, args.games, args.seed)
    report["random_games"] = {
        "games": len(games), "seconds": round(elapsed, 3),
        "games_per_second": round(len(games) / elapsed, 1),
        "avg_entries": round(statistics.mean(len(g.entries) for g in games), 1),
        "avg_events": round(statistics.mean(sum(len(e.events) for e in g.entries)
                                            for g in games), 1),
        "avg_turns": round(statistics.mean(g.state.turn for g in games), 1),
    }

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

    # 3. a 2,000-entry game: save size, load + rebuild time, undo latency
    long = _long_game(pool, decks, args.seed)
    codec = S.EntryCodec(long.ruleset.action_type, long.ruleset.event_type)
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
        from engine.hkk.rulebook import rule_of

        opens, seeks = [], []
        for _ in range(5):
            t0 = time.perf_counter()
            loaded = S.load(path, codec)
            replay = Replay(long.ruleset, loaded.header, loaded.entries, rule_of)
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

    Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    print(f"report written to {args.out}")
    return 0


def codec_header_bytes(header) -> bytes:
    import msgspec

    return msgspec.msgpack.encode(header)
