"""Tash-Kalar's own figures for ``hkk bench --ruleset tk`` (issue 17 point 2): the time of
``legal_actions`` per decision on crowded boards (median and p95, DUEL and 4-player BATTLE) and
random-bot games per second in every mode. Never asserted: the report records them. Times are
the process's CPU time (``time.process_time``), so a machine shared with other work does not
inflate them."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.ai.bots import RandomBot
from engine.core.game import Game
from engine.core.log import Seat

#: (label, seats, options) of every mode
MODES = (("duel", 2, {"mode": "duel"}), ("highform", 2, {"mode": "highform"}),
         ("battle3", 3, {"mode": "battle"}), ("battle4", 4, {"mode": "battle"}),
         ("team_duel", 4, {"mode": "duel", "team": True}),
         ("team_highform", 4, {"mode": "highform", "team": True}))

#: the clock: CPU time of this process (wall time grows with the machine's load)
CLOCK = time.process_time

#: a board is crowded from this many pieces on it
CROWDED = 30


def _header(plugin: Any, seats: int, options: dict, seed: int) -> Any:
    ids = [d.id for d in plugin.decks()]
    decks = tuple(ids[(seed + i) % len(ids)] for i in range(seats))
    return plugin.new_header(decks, seed, options=options,
                             seats=tuple(Seat(f"S{i}", d, "ai:random")
                                         for i, d in enumerate(decks)))


def _play(plugin: Any, seats: int, options: dict, seed: int,
          timings: list[tuple[str, float]] | None) -> Game:
    header = _header(plugin, seats, options, seed)
    game = Game.new(plugin.ruleset_for(header), header)
    rs = game.ruleset
    bots = [RandomBot(seed * 10 + i) for i in range(seats)]
    for _ in range(20_000):
        d = rs.pending(game.state)
        if d is None:
            break
        s = game.state
        crowded = timings is not None and sum(1 for o in s.owner if o >= 0) >= CROWDED
        t0 = CLOCK()
        legal = rs.legal_actions(s, d.player)
        if crowded:
            timings.append((d.kind, CLOCK() - t0))
        game.submit(d.player, bots[d.player].choose(None, legal))
    return game


def _stats(times: list[float]) -> dict[str, Any]:
    times = sorted(times)
    if not times:
        return {"decisions": 0}
    return {"decisions": len(times),
            "median_ms": round(statistics.median(times) * 1000, 4),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))] * 1000, 4),
            "max_ms": round(times[-1] * 1000, 4)}


def legal_actions_ms(plugin: Any, seats: int, options: dict, seed: int,
                     games: int = 20) -> dict[str, Any]:
    """``legal_actions`` per decision on crowded boards: every decision, and the turn's action
    decisions alone (``tk.act``: places, summons, discards, flares — the costly ones)."""
    timings: list[tuple[str, float]] = []
    for g in range(games):
        _play(plugin, seats, options, seed + g, timings)
    return {"all": _stats([t for _, t in timings]),
            "act": _stats([t for k, t in timings if k == "tk.act"])}


def games_per_second(plugin: Any, seats: int, options: dict, seed: int,
                     games: int = 20) -> dict[str, Any]:
    started = CLOCK()
    turns = 0
    for g in range(games):
        game = _play(plugin, seats, options, seed + g, None)
        turns += game.state.turn
    elapsed = CLOCK() - started
    return {"games": games, "games_per_second": round(games / elapsed, 1),
            "avg_turns": round(turns / games, 1)}


def figures(args: Any) -> dict[str, Any]:
    """The ``tk`` section of the bench report."""
    from engine.tk.plugin import PLUGIN

    seed = getattr(args, "seed", 1)
    games = max(5, min(40, getattr(args, "games", 20)))
    return {"tk": {
        "crowded_from_pieces": CROWDED,
        "legal_actions_duel": legal_actions_ms(PLUGIN, 2, {"mode": "duel"}, seed, games),
        "legal_actions_battle4": legal_actions_ms(PLUGIN, 4, {"mode": "battle"}, seed, games),
        "random_games": {label: games_per_second(PLUGIN, n, opts, seed, games)
                         for label, n, opts in MODES},
    }}
