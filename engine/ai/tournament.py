"""Bot tournaments (``hkk tournament``): seat-swapped games between bots, scored with confidence
intervals (issue 16).

Each pair of bots plays ``games`` games as ``games / 2`` deals; a deal is played twice with the
same seed and the same decks, the bots changing seats, so neither the deal nor the first move
favours either bot. Three or more bots play a round robin. A game that raises is reported with
its seed and counted as an error, never as a result.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine.core import registry
from engine.core.game import Game
from engine.core.log import Seat
from engine.core.search import ask

#: a game longer than this many decisions is an error (a rules loop), not a draw
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class GameSpec:
    """One game to play: everything a worker process needs (plain data, picklable)."""

    ruleset: str
    deal: int
    seed: int
    decks: tuple[str, ...]
    bots: tuple[str, ...]            # one per seat, as given (``search:0.1``)
    budget_s: float | None
    sims: int | None
    #: what a search's seconds are counted on: "wall" (the default), or "cpu", the game
    #: process's own CPU time, so that a loaded machine gives the same think per move
    clock: str = "wall"


#: the clocks a tournament may count think time on (``GameSpec.clock``)
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


@dataclass
class GameRecord:
    spec: GameSpec
    winners: tuple[int, ...] = ()
    error: str = ""
    decisions: int = 0
    #: per seat: think seconds of each move (a decision with two or more legal actions)
    think: list[list[float]] = field(default_factory=list)
    #: per seat: simulations of each move (search bots)
    sims: list[list[int]] = field(default_factory=list)
    #: per seat: CPU seconds of each move (this process's time: independent of the load)
    cpu: list[list[float]] = field(default_factory=list)
    #: where the game stands in the schedule (the record file's key)
    index: int = -1


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a draw counts half a success)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def make(name: str, ruleset: Any, seed: int, budget_s: float | None, sims: int | None) -> Any:
    from engine.ai.bots import make_bot

    if name.split(":", 1)[0] == "search" and ":" not in name:
        return make_bot(name, ruleset, seed, budget_s=None if sims else budget_s, sims=sims)
    return make_bot(name, ruleset, seed)


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game of the tournament (in a worker process or here)."""
    n = len(spec.bots)
    record = GameRecord(spec, think=[[] for _ in range(n)], sims=[[] for _ in range(n)],
                        cpu=[[] for _ in range(n)])
    try:
        plugin = registry.get(spec.ruleset)
        seats = tuple(Seat(f"{spec.bots[i]}", d, f"ai:{spec.bots[i].split(':')[0]}")
                      for i, d in enumerate(spec.decks))
        header = plugin.new_header(spec.decks, spec.seed, seats=seats)
        ruleset = plugin.ruleset_for(header)
        game = Game.new(ruleset, header)
        bots = [make(b, ruleset, spec.seed * 31 + 7 * i + 1, spec.budget_s, spec.sims)
                for i, b in enumerate(spec.bots)]
        clock = CLOCKS[spec.clock]
        for _ in range(MAX_DECISIONS):
            d = game.pending()
            if d is None:
                break
            seat = d.player
            legal = game.legal_actions(seat)
            start, cpu0 = time.perf_counter(), time.process_time()
            action = ask(bots[seat], ruleset, game.state, seat, legal,
                         decision=len(game.entries), clock=clock)
            spent = time.perf_counter() - start
            if len(legal) > 1:
                record.think[seat].append(round(spent, 5))
                record.cpu[seat].append(round(time.process_time() - cpu0, 5))
                last = getattr(bots[seat], "last", None)
                if last is not None:
                    record.sims[seat].append(int(last["sims"]))
            game.submit(seat, action)
            record.decisions += 1
        result = ruleset.result(game.state)
        if result is None:
            raise RuntimeError(f"the game did not end within {MAX_DECISIONS} decisions")
        record.winners = tuple(result.winners)
    except Exception as exc:  # noqa: BLE001 - reported with the game's seed, never raised
        last_line = traceback.format_exception_only(type(exc), exc)[-1].strip()
        record.error = last_line
    return record


def schedule(ruleset: str, bots: list[str], games: int, seed: int, budget_s: float | None,
             sims: int | None, clock: str = "wall") -> list[GameSpec]:
    """Every game of the tournament: per pair, ``games / 2`` deals, each played both ways
    (``clock``: see :attr:`GameSpec.clock`)."""
    plugin = registry.get(ruleset)
    ids = [d.id for d in plugin.decks()]
    seats = plugin.seats[0]
    specs = []
    for a, b in combinations(range(len(bots)), 2):
        for deal in range(games // 2):
            game_seed = seed * 100_003 + deal
            decks = tuple(ids[(deal + s * (deal // len(ids) + 1)) % len(ids)]
                          for s in range(seats))
            for first, second in ((a, b), (b, a)):
                order = (bots[first], bots[second]) + (bots[second],) * (seats - 2)
                specs.append(GameSpec(ruleset, deal, game_seed, decks, order, budget_s, sims,
                                      clock))
    return specs


def _play_indexed(item: tuple[int, GameSpec]) -> GameRecord:
    record = play_game(item[1])
    record.index = item[0]
    return record


def run(specs: list[GameSpec], jobs: int = 1,
        progress: Callable[[int, int], None] | None = None, *,
        skip: frozenset[int] | set[int] = frozenset(),
        on_record: Callable[[GameRecord], None] | None = None) -> list[GameRecord]:
    """Play ``specs`` (but those whose index is in ``skip``: already recorded): here (``jobs``
    1) or in ``jobs`` processes (0: one per core). ``on_record`` gets each game as it ends (the
    record file); the games come back in the order they ended."""
    if jobs == 0:
        jobs = os.cpu_count() or 1
    todo = [(i, spec) for i, spec in enumerate(specs) if i not in skip]
    records: list[GameRecord] = []

    def done(record: GameRecord) -> None:
        records.append(record)
        if on_record is not None:
            on_record(record)
        if progress is not None:
            progress(len(specs) - len(todo) + len(records), len(specs))

    if jobs <= 1 or len(todo) <= 1:
        for item in todo:
            done(_play_indexed(item))
        return records
    methods = multiprocessing.get_all_start_methods()
    mp = multiprocessing.get_context("fork" if "fork" in methods else None)
    with mp.Pool(min(jobs, len(todo))) as pool:
        for record in pool.imap_unordered(_play_indexed, todo):
            done(record)
    return records


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def standing(records: list[GameRecord], bot: str, opponent: str | None = None) -> dict[str, Any]:
    """One bot's line: games, games per seat, W-L-D, score, Wilson 95% CI, think time mean and
    p95, simulations per move (over its games, or those against ``opponent``)."""
    wins = losses = draws = 0
    as_seat: list[int] = []
    think: list[float] = []
    cpu: list[float] = []
    sims: list[int] = []
    for r in records:
        if r.error or bot not in r.spec.bots:
            continue
        if opponent is not None and opponent not in r.spec.bots:
            continue
        seat = r.spec.bots.index(bot)
        while len(as_seat) <= seat:
            as_seat.append(0)
        as_seat[seat] += 1
        think += r.think[seat]
        if r.cpu:
            cpu += r.cpu[seat]
        sims += r.sims[seat]
        if not r.winners:
            draws += 1
        elif seat in r.winners:
            wins += 1
        else:
            losses += 1
    games = wins + losses + draws
    low, high = wilson(wins + draws / 2, games)
    return {"games": games, "as_seat": as_seat, "wins": wins, "losses": losses, "draws": draws,
            "score": round((wins + draws / 2) / games, 4) if games else 0.0,
            "ci95_low": round(low, 4), "ci95_high": round(high, 4),
            "think_s_mean": round(sum(think) / len(think), 4) if think else 0.0,
            "think_s_p95": round(_p95(think), 4),
            "sims_per_decision": round(sum(sims) / len(sims)) if sims else 0,
            "cpu_s_mean": round(sum(cpu) / len(cpu), 4) if cpu else 0.0,
            "cpu_s_p95": round(_p95(cpu), 4),
            "sims_per_cpu_s": round(sum(sims) / sum(cpu)) if sims and sum(cpu) > 0 else 0}


def report(ruleset: str, seed: int, budget_s: float | None, bots: list[str],
           records: list[GameRecord], elapsed: float) -> dict[str, Any]:
    """The ``--json`` report: the totals per bot, and per pair."""
    pairs = []
    for a, b in combinations(bots, 2):
        pairs.append({"bots": [a, b], a: standing(records, a, b), b: standing(records, b, a)})
    return {"ruleset": ruleset, "seed": seed, "budget_s": budget_s,
            "games": sum(1 for r in records if not r.error),
            "errors": sum(1 for r in records if r.error), "elapsed_s": round(elapsed, 1),
            "bots": {b: standing(records, b) for b in bots}, "pairs": pairs,
            "failed": [{"seed": r.spec.seed, "deal": r.spec.deal, "bots": list(r.spec.bots),
                        "error": r.error} for r in records if r.error]}


def table(rep: dict[str, Any]) -> str:
    """The report as text: a table per pair."""
    on_cpu = rep.get("clock") == "cpu"          # the think the budget was counted in
    clock = f" ({rep['clock']} clock)" if rep.get("clock") else ""
    think = ("cpu_s_mean", "cpu_s_p95") if on_cpu else ("think_s_mean", "think_s_p95")
    lines = [(f"{rep['ruleset']} tournament, seed {rep['seed']}, budget {rep['budget_s']} s"
              f"{clock}: {rep['games']} games, {rep['errors']} errors, {rep['elapsed_s']} s"),
             f"think: {'CPU ' if on_cpu else ''}seconds a move (mean, p95); sims: a move, a "
             "CPU second"]
    head = (f"  {'bot':<16} {'W-L-D':>9} {'score':>5} {'95% CI':>11} {'think':>6} {'p95':>6} "
            f"{'sims':>6} {'/cpu s':>6}")
    for pair in rep["pairs"]:
        lines += ["", f"{pair['bots'][0]} vs {pair['bots'][1]}", head]
        for b in pair["bots"]:
            s = pair[b]
            wld = f"{s['wins']}-{s['losses']}-{s['draws']}"
            lines.append(f"  {b:<16} {wld:>9} {s['score']:>5.3f} "
                         f"{s['ci95_low']:>5.3f}-{s['ci95_high']:<5.3f} "
                         f"{s.get(think[0], 0.0):>6.3f} {s.get(think[1], 0.0):>6.3f} "
                         f"{s['sims_per_decision']:>6} {s.get('sims_per_cpu_s', 0):>6}")
    if "record" in rep:
        r = rep["record"]
        lines.append(f"record {r['file']}: {r['recorded_before']} games from earlier runs, "
                     f"{r['played_now']} played now")
    for f in rep["failed"]:
        lines.append(f"ERROR in the game of seed {f['seed']} ({' vs '.join(f['bots'])}): "
                     f"{f['error']}")
    return "\n".join(lines)
