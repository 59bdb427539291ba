"""Colour balance of Tash-Kalar's content (issue 17 point 4): each colour's win rate in Tactician
self-play, every colour against every other in both seats (DUEL: the 12 ordered pairs of distinct
colours, no mirror matches, which would only pull every rate towards 50 %), and in 4-player
BATTLE with the four colours in every seat by rotation. A shared win counts as a share.

Run it as ``python -m engine.tk.balance --games 600`` (one process; never asserted in a test: the
figures go to the closing note and to engine/tk/RULINGS.md's design note)."""

from __future__ import annotations

import argparse
import itertools
import json
import math
from typing import Any

from engine.ai.bots import make_bot
from engine.ai.sim import play_out
from engine.core.game import Game
from engine.core.log import Seat


def _game(plugin: Any, colours: tuple[str, ...], options: dict, seed: int,
          bot: str) -> tuple[int, ...]:
    header = plugin.new_header(colours, seed, options=options,
                               seats=tuple(Seat(f"S{i}", c, f"ai:{bot}")
                                           for i, c in enumerate(colours)))
    game = Game.new(plugin.ruleset_for(header), header)
    play_out(game, [make_bot(bot, game.ruleset, seed * 7 + i) for i in range(len(colours))])
    result = game.ruleset.result(game.state)
    if result is None:
        raise RuntimeError(f"seed {seed}: the game ended without a result")
    return tuple(result.winners)


def _wilson(wins: float, games: int) -> tuple[float, float]:
    if not games:
        return (0.0, 0.0)
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(100 * (centre - half), 1), round(100 * (centre + half), 1))


def colour_win_rates(plugin: Any, mode: str, games: int, seed: int = 1,
                     bot: str = "tactician") -> dict[str, Any]:
    """Win rate per colour over ``games`` self-play games of ``mode`` (``duel`` or
    ``battle4``): the matchups cycle so that every colour plays every seat equally often."""
    colours = [d.id for d in plugin.decks()]
    if mode == "duel":
        matchups = list(itertools.permutations(colours, 2))
        options: dict[str, Any] = {"mode": "duel"}
    elif mode == "battle4":
        matchups = [tuple(colours[(r + i) % 4] for i in range(4)) for r in range(4)]
        options = {"mode": "battle"}
    else:
        raise ValueError(f"unknown balance mode {mode!r}: use duel or battle4")
    wins = dict.fromkeys(colours, 0.0)
    played = dict.fromkeys(colours, 0)
    start_seat_wins = 0.0
    draws = 0
    for g in range(games):
        chosen = matchups[g % len(matchups)]
        winners = _game(plugin, chosen, options, seed + g, bot)
        if not winners:
            draws += 1
        for seat, colour in enumerate(chosen):
            played[colour] += 1
            if seat in winners:
                wins[colour] += 1 / len(winners)
                if seat == 0:
                    start_seat_wins += 1 / len(winners)
    return {"mode": mode, "games": games, "bot": bot, "draws": draws,
            "fair_share_pct": round(100 / len(matchups[0]), 1),
            "start_seat_win_pct": round(100 * start_seat_wins / games, 1),
            "colours": {c: {"games": played[c], "wins": round(wins[c], 2),
                            "win_pct": round(100 * wins[c] / played[c], 1),
                            "ci95": _wilson(wins[c], played[c])}
                        for c in colours if played[c]}}


def main(argv: list[str] | None = None) -> int:
    from engine.tk.plugin import PLUGIN

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("duel", "battle4"), default="duel")
    parser.add_argument("--bot", default="tactician")
    args = parser.parse_args(argv)
    print(json.dumps(colour_win_rates(PLUGIN, args.mode, args.games, args.seed, args.bot),
                     indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
