#!/usr/bin/env python3
"""hkk random-bot games per second: the project's side of the Fireplace comparison.

(The project's adapted copy of ../shared/bench/hkk_random.py, as its README asks when the API
moves: the bots are made for the game's ruleset, ``make_bot("random", game.ruleset, seed)``.
Run the side-by-side with ``HKK_RANDOM=hkk_tui/bench_peer.py``.)

Run with the project's python, the project installed or on PYTHONPATH:

    PYTHONPATH=CHECKOUT VENV/bin/python hkk_random.py --games 200 --seed 1 [--json]

Game g: decks (D[g % 4], D[(g + 1) % 4]) of the shipped decks D, header seed SEED + g, random
bots seeded SEED + g and SEED - g, default options (as ``hkk bench``). Imports, the card
pool load and a warm-up header per deck pair are outside the clock; each game's header, new game
and play-out are inside it. A game that
raises is counted as an error and left out of games/s (finished games over their time).

Project functions called (update here when the API moves): engine.hkk.pool.load_pool,
engine.hkk.pool.list_decks, engine.hkk.session.make_header, engine.hkk.session.new_game,
engine.core.log.Seat, engine.ai.bots.make_bot, engine.ai.sim.play_out; read afterwards:
game.entries (player < 0 is the system's set-up entry; action, events), game.state.turn
(optional).
"""

from __future__ import annotations

import argparse
import collections
import inspect
import json
import statistics
import sys
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--ruleset", default="hkk",
                    help="ruleset to play, passed to make_header where the project takes one")
    ap.add_argument("--show-errors", action="store_true", help="one line per errored game")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.core.log import Seat
    from engine.hkk import pool as P
    from engine.hkk.session import make_header, new_game

    extra = {}
    if "ruleset" in inspect.signature(make_header).parameters:
        extra["ruleset"] = args.ruleset
    elif args.ruleset != "hkk":
        print(f"this checkout has no ruleset choice (make_header takes none): "
              f"cannot play {args.ruleset!r}", file=sys.stderr)
        return 2
    pool = P.load_pool()
    decks = [d.id for d in P.list_decks()]
    for g in range(len(decks)):  # untimed warm-up: deck loads, pool pinning, ruleset build
        new_game(make_header((decks[g], decks[(g + 1) % len(decks)]), 0, pool=pool, **extra))
    load_s = time.perf_counter() - t0

    errors: collections.Counter = collections.Counter()
    error_lines = []
    cpu = wall = 0.0
    decisions = not_pass = events = 0
    turns = []
    for g in range(args.games):
        seed = args.seed + g
        pair = (decks[g % len(decks)], decks[(g + 1) % len(decks)])
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            header = make_header(pair, seed, pool=pool,
                                 seats=(Seat("A", pair[0], "ai:random"),
                                        Seat("B", pair[1], "ai:random")), **extra)
            game = new_game(header)
            bots = [make_bot("random", game.ruleset, seed),
                    make_bot("random", game.ruleset, args.seed - g)]
            play_out(game, bots)
            c1, w1 = time.process_time(), time.perf_counter()
        except Exception as exc:  # noqa: BLE001 - counted per game, like the peer's errors
            errors[type(exc).__name__] += 1
            error_lines.append(f"game {g} (seed {seed}, decks {pair}): "
                               f"{type(exc).__name__}: {str(exc)[:160]}")
            continue
        cpu += c1 - c0
        wall += w1 - w0
        played = [e for e in game.entries if e.player >= 0]
        decisions += len(played)
        not_pass += sum(1 for e in played if type(e.action).__name__ != "Pass")
        events += sum(len(e.events) for e in game.entries)
        turns.append(getattr(game.state, "turn", None))

    finished = len(turns)
    report = {
        "engine": "hkk", "ruleset": args.ruleset, "games": args.games, "seed": args.seed,
        "finished": finished, "errors": sum(errors.values()),
        "error_kinds": dict(errors.most_common()),
        "cpu_s": round(cpu, 3), "wall_s": round(wall, 3), "load_s": round(load_s, 2),
        "games_per_cpu_s": round(finished / cpu, 3) if cpu else None,
        "games_per_wall_s": round(finished / wall, 3) if wall else None,
        "actions_per_game": round(decisions / finished, 1) if finished else None,
        "actions_per_cpu_s": round(decisions / cpu, 1) if cpu else None,
        "not_pass_per_game": round(not_pass / finished, 1) if finished else None,
        "events_per_game": round(events / finished, 1) if finished else None,
        "turns_per_game": round(statistics.mean(turns), 1) if turns and None not in turns
        else None,
    }
    if args.show_errors:
        for line in error_lines:
            print(line, file=sys.stderr)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"hkk ({args.ruleset}): {args.games} games (seed {args.seed}), {finished} finished, "
              f"{report['errors']} errors")
        for kind, n in errors.most_common():
            print(f"  error {n} x {kind}")
        print(f"games/s: {report['games_per_cpu_s']} per CPU second, "
              f"{report['games_per_wall_s']} per wall second ({cpu:.2f} s CPU, {wall:.2f} s wall)")
        print(f"decisions/game: {report['actions_per_game']} ({report['not_pass_per_game']} not "
              f"Pass); events/game: {report['events_per_game']}; "
              f"turns/game: {report['turns_per_game']}")
        print(f"decisions/s: {report['actions_per_cpu_s']} per CPU second; "
              f"imports and pool load {load_s:.1f} s (not timed)")
    return 0 if finished or not args.games else 1


if __name__ == "__main__":
    sys.exit(main())
