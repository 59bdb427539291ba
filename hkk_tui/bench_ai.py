"""``hkk bench``'s ``ai`` section (issue 16): the search bot measured per ruleset with Hard's
settings from fixed mid-game positions, on one core — simulations/s, simulated decisions/s, µs
per phase (determinize, descent, rollout, evaluate) and the peak memory of a 1 s and a 5 s
search; and (``python -m hkk_tui.bench_ai --keys``) the keypress-to-screen latency of the app
while the AI thinks, in a real terminal (tmux).

Figures for notes, never asserted in tests (the machine is shared).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
import tracemalloc
from typing import Any

#: the think time of Hard by default (hkk_tui.ai_levels.HARD_DEFAULT_S)
HARD_S = 1.0
#: how far into a game (entries) the fixed positions are taken, per ruleset
MID_GAME = {"hkk": (60, 120, 180), "sw": (40, 80, 120)}


def positions(ruleset: str, seed: int = 1) -> list[tuple[Any, Any, int]]:
    """Fixed mid-game positions of ``ruleset``: (rules, state, seat to move), reached by the
    ruleset's default bot against itself from a fixed seed."""
    from engine.ai.bots import make_bot
    from engine.core import registry
    from engine.core.game import Game
    from engine.core.log import Seat
    from engine.core.search import ask

    plugin = registry.get(ruleset)
    decks = [d.id for d in plugin.decks()]
    out = []
    for k, at in enumerate(MID_GAME.get(ruleset, (40, 80))):
        chosen = (decks[k % len(decks)], decks[(k + 1) % len(decks)])
        header = plugin.new_header(chosen, seed + k, seats=tuple(
            Seat("AB"[i], d, f"ai:{plugin.default_bot}") for i, d in enumerate(chosen)))
        game = Game.new(plugin.ruleset_for(header), header)
        bots = [make_bot(plugin.default_bot, game.ruleset, seed + i) for i in range(2)]
        while len(game.entries) < at:
            d = game.pending()
            if d is None:
                break
            legal = game.legal_actions(d.player)
            game.submit(d.player, ask(bots[d.player], game.ruleset, game.state, d.player,
                                      legal, decision=len(game.entries)))
        # the next decision with a real choice
        while (d := game.pending()) is not None and len(game.legal_actions(d.player)) < 2:
            legal = game.legal_actions(d.player)
            game.submit(d.player, legal[0])
        if d is not None:
            out.append((game.ruleset, game.ruleset.clone(game.state), d.player))
    return out


class _Timed:
    """Wraps the context's operations to time the search's phases (determinize = ``sample``;
    descent = submits and legal actions inside the tree; rollout = the random steps after it;
    evaluate = ``evaluate``/``utilities``)."""

    def __init__(self) -> None:
        self.t = {"determinize": 0.0, "descent+rollout": 0.0, "evaluate": 0.0}
        self.decisions = 0


def measure_search(rules: Any, state: Any, seat: int, budget_s: float,
                   phases: bool = False) -> dict[str, Any]:
    """One search of ``budget_s`` seconds (Hard's settings) from ``state``: simulations,
    simulated decisions, time per phase (µs per simulation) and peak memory."""
    from engine.ai.bots import make_bot
    from engine.core.search import context_for

    bot = make_bot(f"search:{budget_s}", rules, 7)
    ctx = context_for(rules, state, seat, clock=time.process_time)
    timed = _Timed()
    ops = ctx.ops
    submit0, sample0, eval0, util0 = ops.submit, ctx._sampler, ops.evaluate, ops.utilities

    def submit(s: Any, p: int, a: Any) -> Any:
        timed.decisions += 1
        return submit0(s, p, a)

    ops.submit = submit
    if phases:
        def sample(rng: random.Random) -> Any:
            t0 = time.perf_counter()
            out = sample0(rng)
            timed.t["determinize"] += time.perf_counter() - t0
            return out

        def evaluate(s: Any) -> Any:
            t0 = time.perf_counter()
            out = eval0(s)
            timed.t["evaluate"] += time.perf_counter() - t0
            return out

        def utilities(s: Any) -> Any:
            t0 = time.perf_counter()
            out = util0(s)
            timed.t["evaluate"] += time.perf_counter() - t0
            return out

        ctx._sampler, ops.evaluate, ops.utilities = sample, evaluate, utilities
    bot.clock = time.process_time
    tracemalloc.start()
    t0, c0 = time.perf_counter(), time.process_time()
    bot.choose(ctx)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    found = bot.last or {}
    sims = int(found.get("sims") or 0)
    out = {"sims": sims, "cpu_s": round(cpu, 3), "wall_s": round(wall, 3),
           "sims_per_cpu_s": round(sims / cpu, 1) if cpu > 0 else None,
           "decisions_per_cpu_s": round(timed.decisions / cpu, 1) if cpu > 0 else None,
           "peak_mb": round(peak / 2**20, 2), "stopped": found.get("stopped")}
    if phases and sims:
        rest = wall - sum(timed.t.values())
        out["us_per_sim"] = {"determinize": round(1e6 * timed.t["determinize"] / sims, 1),
                             "descent+rollout": round(1e6 * rest / sims, 1),
                             "evaluate": round(1e6 * timed.t["evaluate"] / sims, 1)}
    return out


def bench_ai(rulesets: tuple[str, ...] = ("hkk", "sw"), seconds: tuple[float, ...] = (1.0, 5.0),
             seed: int = 1) -> dict[str, Any]:
    """The ``ai`` section of ``hkk bench``: per ruleset, over its fixed positions, the search's
    rates at Hard's 1 s (with its phases; time under tracemalloc is slower, so the rates are
    measured without it first) and the peak memory of each budget in ``seconds``."""
    from engine.core import registry

    report: dict[str, Any] = {}
    for name in rulesets:
        try:
            registry.get(name)
        except Exception:  # noqa: BLE001 - a ruleset not installed is left out
            continue
        pos = positions(name, seed)
        rates = [_rates(r, s, p, HARD_S) for r, s, p in pos]
        phases = [measure_search(r, s, p, HARD_S, phases=True) for r, s, p in pos[:1]]
        peaks = {f"peak_mb_{b:g}s": max(measure_search(r, s, p, b)["peak_mb"]
                                         for r, s, p in pos[:1]) for b in seconds}
        report[name] = {
            "positions": len(pos),
            "sims_per_cpu_s": round(statistics.median(x["sims_per_cpu_s"] for x in rates), 1),
            "decisions_per_cpu_s": round(statistics.median(x["decisions_per_cpu_s"]
                                                           for x in rates), 1),
            "sims_per_move_1s": round(statistics.median(x["sims"] for x in rates)),
            "us_per_sim": phases[0].get("us_per_sim") if phases else None,
            **peaks,
        }
    return report


def _rates(rules: Any, state: Any, seat: int, budget_s: float) -> dict[str, Any]:
    """Simulations and decisions per CPU second of one search (no tracing, no phase timers)."""
    from engine.ai.bots import make_bot
    from engine.core.search import context_for

    bot = make_bot(f"search:{budget_s}", rules, 7)
    ctx = context_for(rules, state, seat, clock=time.process_time)
    count = [0]
    submit0 = ctx.ops.submit

    def submit(s: Any, p: int, a: Any) -> Any:
        count[0] += 1
        return submit0(s, p, a)

    ctx.ops.submit = submit
    c0 = time.process_time()
    bot.choose(ctx)
    cpu = time.process_time() - c0
    sims = int((bot.last or {}).get("sims") or 0)
    return {"sims": sims, "sims_per_cpu_s": sims / cpu if cpu else 0.0,
            "decisions_per_cpu_s": count[0] / cpu if cpu else 0.0}


# ---------------------------------------------------------------------------- keys while thinking
def measure_keys_while_thinking(width: int = 80, height: int = 24, presses: int = 40,
                                think: str = "search:10.0", seed: int = 3) -> dict[str, Any]:
    """The app in tmux against the search AI at ``think``: time each key (Down/Up in the hand)
    from the press until the panes above the prompt change, while the AI thinks (the prompt
    and its bar change by themselves, so they are left out of the comparison)."""
    import os
    import shutil
    import tempfile

    from hkk_tui.measure import _screen, _tmux

    session = f"hkk-ai16-think-{os.getpid()}"
    data = tempfile.mkdtemp(prefix="hkk-measure-")
    cmd = (f"HKK_DATA_DIR={data} {sys.executable} -m hkk_tui.cli play --seed {seed} "
           f"--lang en --ai {think}")
    _tmux("new", "-d", "-s", session, "-x", str(width), "-y", str(height), cmd)
    latencies: list[float] = []
    thinking_seen = 0
    try:
        t0 = time.perf_counter()
        keys = ["Down", "Up"]
        while len(latencies) < presses and time.perf_counter() - t0 < 180:
            screen = _screen(session)
            if "thinking" not in screen:    # the player's decision: keep the start, or pass
                if "keep the start" in screen:
                    _tmux("send-keys", "-t", session, "Enter")
                    time.sleep(0.3)
                    _tmux("send-keys", "-t", session, "1")
                elif "Player:" in screen:
                    _tmux("send-keys", "-t", session, "Space")
                time.sleep(0.3)
                continue
            thinking_seen += 1
            before = _panes(screen)
            start = time.perf_counter()
            _tmux("send-keys", "-t", session, keys[len(latencies) % 2])
            took = float("nan")
            while time.perf_counter() - start < 3.0:
                if _panes(_screen(session)) != before:
                    took = time.perf_counter() - start
                    break
                time.sleep(0.002)
            if "thinking" in _screen(session):  # only keys answered while it still thinks
                latencies.append(took)
    finally:
        _tmux("kill-session", "-t", session)
        shutil.rmtree(data, ignore_errors=True)
    ok = sorted(x for x in latencies if x == x)
    return {"terminal": f"{width}x{height} (tmux)", "ai": think,
            "presses_while_thinking": thinking_seen, "samples": len(ok),
            "keypress_to_screen_ms_median": round(statistics.median(ok) * 1000, 1) if ok
            else None,
            "keypress_to_screen_ms_p95": round(ok[int(0.95 * (len(ok) - 1))] * 1000, 1) if ok
            else None}


def _panes(screen: str) -> str:
    """The screen above the prompt line, the thinking bar and the footer."""
    return "\n".join(screen.splitlines()[:-5])


if __name__ == "__main__":
    if "--keys" in sys.argv:
        print(json.dumps(measure_keys_while_thinking(), indent=2))
    else:
        print(json.dumps(bench_ai(), indent=2))
