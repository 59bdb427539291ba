"""``hkk bench``'s ``ai`` section (issue 16): the search bot measured per ruleset with Hard's
settings from fixed mid-game positions, on one core — simulations/s, simulated decisions/s, µs
per phase (determinize, descent, rollout, evaluate) and the peak memory of a 1 s and a 5 s
search; and (``python -m hkk_tui.bench_ai --keys``) the keypress-to-screen latency of the app
while the AI thinks, in a real terminal (tmux).

Figures for notes, never asserted in tests (the machine is shared).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from typing import Any

from engine.ai.positions import positions

#: the think time of Hard by default (hkk_tui.ai_levels.HARD_DEFAULT_S)
HARD_S = 1.0


def measure_search(rules: Any, state: Any, seat: int, budget_s: float,
                   memory: bool = False, **tuning: Any) -> dict[str, Any]:
    """One search of ``budget_s`` CPU seconds (Hard's settings, or these changed by ``tuning``)
    from ``state``: simulations, simulated decisions and µs per phase per simulation; with
    ``memory``, the peak memory under tracemalloc instead (which slows the search, so its
    rates are not reported)."""
    from engine.ai.bots import make_bot
    from engine.core.search import context_for

    bot = make_bot(f"search:{budget_s}", rules, 7, profile=not memory, **tuning)
    ctx = context_for(rules, state, seat, clock=time.process_time)
    count = [0]
    submit0 = ctx.ops.submit

    def submit(s: Any, p: int, a: Any) -> Any:
        count[0] += 1
        return submit0(s, p, a)

    ctx.ops.submit = submit
    if memory:
        tracemalloc.start()
    c0 = time.process_time()
    bot.choose(ctx)
    cpu = time.process_time() - c0
    found = bot.last or {}
    sims = int(found.get("sims") or 0)
    if memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return {"sims": sims, "peak_mb": round(peak / 2**20, 2)}
    return {"sims": sims, "cpu_s": round(cpu, 3),
            "sims_per_cpu_s": sims / cpu if cpu > 0 else 0.0,
            "decisions_per_cpu_s": count[0] / cpu if cpu > 0 else 0.0,
            "us_per_sim": found.get("phases_us"), "stopped": found.get("stopped")}


def bench_ai(rulesets: tuple[str, ...] = ("hkk", "sw"), seconds: tuple[float, ...] = (1.0, 5.0),
             seed: int = 1, think_s: float = HARD_S) -> dict[str, Any]:
    """The ``ai`` section of ``hkk bench``: per ruleset, over its fixed positions, the search's
    rates at Hard's 1 s (with its phases; time under tracemalloc is slower, so the rates are
    measured without it first), the rate of simulations cut short right after the tree (no
    rollout: what the engine allows; Hard's rollout makes each simulation deeper and fewer) and
    the peak memory of each budget in ``seconds``."""
    from engine.core import registry

    report: dict[str, Any] = {}
    for name in rulesets:
        try:
            registry.get(name)
        except Exception:  # noqa: BLE001 - a ruleset not installed is left out
            continue
        pos = positions(name, seed)
        runs = [measure_search(r, s, p, think_s) for r, s, p in pos]
        bare = [measure_search(r, s, p, think_s, rollout_steps=0) for r, s, p in pos]
        peaks = {f"peak_mb_{b:g}s": max(measure_search(r, s, p, b, memory=True)["peak_mb"]
                                         for r, s, p in pos[:1]) for b in seconds}
        phases = {k: round(statistics.mean((x["us_per_sim"] or {}).get(k, 0.0) for x in runs), 1)
                  for k in ("determinize", "descent", "rollout", "evaluate")}
        report[name] = {
            "positions": len(pos),
            "think_s": think_s,
            "sims_per_cpu_s": round(statistics.median(x["sims_per_cpu_s"] for x in runs), 1),
            "decisions_per_cpu_s": round(statistics.median(x["decisions_per_cpu_s"]
                                                           for x in runs), 1),
            "sims_per_move": round(statistics.median(x["sims"] for x in runs)),
            "sims_per_cpu_s_without_rollout": round(statistics.median(
                x["sims_per_cpu_s"] for x in bare), 1),
            "us_per_sim": phases,
            **peaks,
        }
    return report


def ai_section(ruleset: str, games: int = 200) -> dict[str, Any] | None:
    """``hkk bench``'s ``ai`` section for ``ruleset`` (None when it has no search hooks). A
    quick bench (fewer than 20 games: a smoke run) searches 0.1 s and 0.2 s instead of Hard's
    1 s and 5 s."""
    from engine.ai.bots import has_search

    if not has_search(ruleset):
        return None
    if games < 20:
        return bench_ai((ruleset,), seconds=(0.1, 0.2), think_s=0.1).get(ruleset)
    return bench_ai((ruleset,)).get(ruleset)


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
