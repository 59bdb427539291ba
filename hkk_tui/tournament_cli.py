"""``hkk tournament``: seat-swapped bot games with scores and confidence intervals (issue 16).

The games and their scoring are :mod:`engine.ai.tournament`; here the arguments are checked
(bad input: one line, exit 2, nothing played) and the report printed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

USAGE_EXIT = 2


def add_commands(sub: Any) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Register ``tournament`` on the ``hkk`` parser's subcommands."""
    t = sub.add_parser("tournament", help="seat-swapped bot games: scores with 95%% CIs, think "
                                          "time, simulations per move")
    t.add_argument("--ruleset", default="hkk", help="the game (default hkk)")
    t.add_argument("--bots", required=True,
                   help="A,B[,...]: two bots play each other, three or more a round robin; "
                        "search takes a budget (search:0.1 seconds, search:400sims)")
    t.add_argument("--games", type=int, default=40, help="games per pair (even: deals x 2)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--budget", type=float, default=1.0,
                   help="seconds a move for search bots without their own budget (default 1)")
    t.add_argument("--sims", type=int, default=None,
                   help="simulations a move instead of seconds (reproducible)")
    t.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="count a search's seconds on the wall clock (default) or on its game "
                        "process's CPU time (the same think a move on a loaded machine)")
    t.add_argument("--jobs", type=int, default=1, help="game processes (0: one per core)")
    t.add_argument("--json", action="store_true", help="print only the JSON report")
    t.add_argument("--record", metavar="FILE.jsonl", default=None,
                   help="append each finished game to FILE (fsynced); a rerun with the same "
                        "arguments and FILE skips the games recorded there and reports them all")
    t.add_argument("--report-only", action="store_true",
                   help="with --record: report the games recorded so far, play none (a long "
                        "tournament still running, or stopped)")
    return {"tournament": cmd_tournament}


def _fail(message: str) -> int:
    print(f"hkk: {message}", file=sys.stderr)
    return USAGE_EXIT


def check(args: argparse.Namespace) -> tuple[str, list[str]]:
    """The ruleset and the bots, or ValueError saying what is wrong (nothing is played)."""
    from engine.ai.bots import all_bot_names, make_bot
    from engine.ai.search import parse_budget
    from engine.core import registry

    try:
        plugin = registry.get(args.ruleset)
    except registry.UnknownRuleset as exc:
        raise ValueError(str(exc)) from None
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 2:
        raise ValueError(f"--bots {args.bots!r}: give two or more bots, A,B.")
    if len(set(bots)) != len(bots):
        raise ValueError(f"--bots {args.bots!r}: each bot once (give search:0.1,search:1 to "
                         "compare budgets).")
    known = all_bot_names(plugin.name)
    for b in bots:
        base, _, suffix = b.partition(":")
        if base not in known:
            raise ValueError(f"Unknown bot {b!r} for {plugin.name}; choose among: "
                             f"{', '.join(known)}.")
        if suffix and base != "search":
            raise ValueError(f"Only the search bot takes a budget ({b!r}).")
        if suffix:
            parse_budget(suffix)
    if args.games <= 0 or args.games % 2:
        raise ValueError(f"--games {args.games}: give an even number of games (each deal is "
                         "played twice, the bots changing seats).")
    if not args.budget > 0:
        raise ValueError(f"--budget {args.budget}: a budget must be more than 0 seconds.")
    if args.sims is not None and args.sims <= 0:
        raise ValueError(f"--sims {args.sims}: give at least 1 simulation a move.")
    if args.jobs < 0:
        raise ValueError(f"--jobs {args.jobs}: give 0 (one per core) or more.")
    header = plugin.new_header(tuple(d.id for d in plugin.decks()[:1]) * plugin.seats[0], 0)
    ruleset = plugin.ruleset_for(header)
    for b in bots:                                   # every bot can be made for this game
        make_bot(b, ruleset, 0, **({"sims": 1} if b == "search" else {}))
    return plugin.name, bots


def cmd_tournament(args: argparse.Namespace) -> int:
    from engine.ai import tournament as T

    try:
        ruleset, bots = check(args)
    except ValueError as exc:
        return _fail(str(exc))
    if args.report_only and not args.record:
        return _fail("--report-only reports the games of a --record FILE: give the file.")
    specs = T.schedule(ruleset, bots, args.games, args.seed, args.budget, args.sims, args.clock)
    budget_s = None if args.sims else args.budget
    book = None
    if args.record:
        from engine.ai import tournament_record as R

        head = R.header(ruleset, bots, args.games, args.seed, budget_s, args.sims, args.clock)
        try:
            book = R.open_record(args.record, head, specs,
                                 warn=lambda m: print(f"hkk: warning: {m}", file=sys.stderr),
                                 read_only=args.report_only)
        except R.RecordMismatch as exc:
            if not isinstance(exc, R.RecordBusy):
                R.release(args.record)
            return _fail(str(exc))
        except OSError as exc:
            R.release(args.record)
            return _fail(f"--record {args.record}: {exc.strerror or exc}: give a file that "
                         "can be written.")
        if args.report_only and not book.recorded:
            return _fail(f"{args.record} records no game yet.")
        if book.recorded and not args.json and not args.report_only:
            print(f"{len(book.recorded)} of {len(specs)} games already recorded in "
                  f"{args.record}; playing the rest", file=sys.stderr)

    def progress(done: int, total: int) -> None:
        if not args.json:
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    start = time.perf_counter()
    before = dict(book.recorded) if book is not None else {}
    try:
        fresh = [] if args.report_only else T.run(
            specs, args.jobs, progress, skip=set(before),
            on_record=book.append if book is not None else None)
    finally:
        if book is not None:
            R.release(args.record)
    if not args.json:
        print(file=sys.stderr)
    records = sorted([*before.values(), *fresh], key=lambda r: r.index)
    rep = T.report(ruleset, args.seed, budget_s, bots, records, time.perf_counter() - start)
    if args.clock != "wall":
        rep["clock"] = args.clock
    if book is not None:
        rep["record"] = {"file": str(args.record), "recorded_before": len(before),
                         "played_now": len(fresh)}
    print(json.dumps(rep) if args.json else T.table(rep))
    return 1 if rep["errors"] else 0
