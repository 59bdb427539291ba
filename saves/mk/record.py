"""Record the shipped M.A.G.U.S. games (saves/mk/games): one bot game for each kind of play the
issue asks to see — a siege that takes a tower level, a quest fought over by a blocking team, a
building capture, a win on DP, and a fight or a tower win — found by trying seeds (and deck
orders and bots) until each kind has occurred, then saved with the store writer.

    PYTHONPATH=. python -m saves.mk.record            # re-make all (after a rules change)
    PYTHONPATH=. python -m saves.mk.record --check    # say which seed each kind takes, write nothing

The search is deterministic: the same rules and cards give the same files. Each file is named
after its kind (``game-01-siege-ashen-vs-lantern.hkk``); `hkk verify saves/mk/games/*.hkk`
re-checks them with today's rules, and tests/test_saved_games.py does too. A kind that no
seed in the budget shows is reported (exit status 1) and its old file, if any, is left alone.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.ai.bots import make_bot
from engine.ai.sim import play_out
from engine.core import registry
from engine.core import store as S
from engine.core.game import Game
from engine.core.log import Seat
from engine.magus import events as E

DEST = Path(__file__).resolve().parent / "games"
#: the pairings tried, in order, for every seed: (bot of seat 1, bot of seat 2)
BOTS = (("squire", "squire"), ("squire", "random"), ("random", "squire"))


def _events(game: Game) -> Iterator[Any]:
    for entry in game.entries:
        yield from entry.events


def _manoeuvres(game: Game) -> list[tuple[str, list[Any]]]:
    """Each manoeuvre of the game: its kind and the events from its start to its end."""
    out: list[tuple[str, list[Any]]] = []
    for ev in _events(game):
        if isinstance(ev, E.ManoeuvreBegan):
            out.append((ev.kind, [ev]))
        elif out and (not out[-1][1] or not isinstance(out[-1][1][-1], E.ManoeuvreEnded)):
            out[-1][1].append(ev)
    return out


def siege_taken(game: Game) -> bool:
    """A siege that took a tower level (MK 4.03.E)."""
    return any(kind == "siege" and any(isinstance(e, E.ManoeuvreEnded) and e.outcome == "taken"
                                       for e in evs) for kind, evs in _manoeuvres(game))


def quest_fight(game: Game) -> bool:
    """A quest solving met by a blocking team, fought out in combat rounds (MK 4.02, 4.06)."""
    return any(kind == "quest" and any(isinstance(e, E.CombatRound) for e in evs)
               and any(isinstance(e, E.QuestSolved) for e in evs)
               for kind, evs in _manoeuvres(game))


def capture(game: Game) -> bool:
    """A building capture (MK 4.04)."""
    return any(kind == "capture" for kind, _ in _manoeuvres(game))


def dp_win(game: Game) -> bool:
    """A win on DP (MK 1.01.A 19 DP, or MK 1.01.B 11 DP at a round's end)."""
    r = game.state.result
    return r is not None and bool(r.winners) and r.reason in ("dp11", "dp19")


def fight_or_towers(game: Game) -> bool:
    """A fight manoeuvre (MK 4.05), or a win by taking every tower level (MK 1.01.A)."""
    r = game.state.result
    return any(kind == "fight" for kind, _ in _manoeuvres(game)) or (
        r is not None and r.reason == "towers")


KINDS: dict[str, Callable[[Game], bool]] = {
    "siege": siege_taken, "quest-fight": quest_fight, "capture": capture, "dp-win": dp_win,
    "fight-or-towers": fight_or_towers,
}


def play(plugin: Any, decks: tuple[str, str], bots: tuple[str, str], seed: int,
         path: Path | None = None) -> Game:
    """One bot game (saved to ``path`` if given)."""
    seats = tuple(Seat(f"Player {i + 1}", decks[i], f"ai:{bots[i]}") for i in range(2))
    header = plugin.new_header(decks, seed, title=" vs ".join(decks), seats=seats)
    writer = S.SaveWriter.create(path, header, plugin.codec(), overwrite=True, fsync=False) \
        if path is not None else None
    game = Game.new(plugin.ruleset_for(header), header, writer)
    play_out(game, [make_bot(bots[i], game.ruleset, seed * 2 + i) for i in range(2)])
    if writer is not None:
        writer.close()
    return game


def find(budget: int, first_seed: int) -> dict[str, tuple[tuple[str, str], tuple[str, str], int]]:
    """The first (decks, bots, seed) showing each kind, a different game for each."""
    plugin = registry.get("mk")
    ids = [d.id for d in plugin.decks()]
    orders = [(a, b) for a in ids for b in ids if a != b] or [(ids[0], ids[0])]
    found: dict[str, tuple[tuple[str, str], tuple[str, str], int]] = {}
    for seed in range(first_seed, first_seed + budget):
        for bots in BOTS:
            decks = orders[seed % len(orders)]
            game = play(plugin, decks, bots, seed)
            for kind, shows in KINDS.items():
                if kind not in found and shows(game):
                    found[kind] = (decks, bots, seed)
                    break                       # one kind per game: five different games
            if len(found) == len(KINDS):
                return found
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=int, default=200, help="seeds to try (each with 3 pairings)")
    ap.add_argument("--seed", type=int, default=1, help="the first seed tried")
    ap.add_argument("--check", action="store_true", help="find them, write nothing")
    args = ap.parse_args(argv)
    found = find(args.budget, args.seed)
    plugin = registry.get("mk")
    DEST.mkdir(parents=True, exist_ok=True)
    for n, kind in enumerate(KINDS, 1):
        if kind not in found:
            print(f"{kind}: no game in seeds {args.seed}..{args.seed + args.budget - 1} shows it; "
                  "try a larger --budget", file=sys.stderr)
            continue
        decks, bots, seed = found[kind]
        name = f"game-{n:02d}-{kind}-{'-vs-'.join(decks)}.hkk"
        print(f"{kind}: seed {seed}, {' vs '.join(decks)}, {' vs '.join(bots)} -> {name}")
        if args.check:
            continue
        for old in DEST.glob(f"game-{n:02d}-*.hkk"):
            old.unlink()
        game = play(plugin, decks, bots, seed, DEST / name)
        r = game.state.result
        assert KINDS[kind](game), f"{name}: replaying seed {seed} did not show {kind}"
        print(f"  {len(game.entries)} entries, round {game.state.round}, "
              f"{'draw' if not r.winners else 'winner seat ' + str(r.winners[0] + 1)} "
              f"({r.reason}, {r.rule})")
    return 0 if len(found) == len(KINDS) else 1


if __name__ == "__main__":
    sys.exit(main())
