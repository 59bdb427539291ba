"""Matches of M.A.G.U.S. (MK 1.13): best of three with the sideboard. Between two games a player
may swap cards one for one between his deck and his sideboard, keeping both sizes (MK 1.13.C);
the swapped deck must still be legal (MK 1.02, MK 1.13.E-F). A match is won by the first player
to win two games (ruling 57).

The match is data: the two decks as they stand, the results so far; ``swap`` returns a new
deck or refuses with the rule in words, changing nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from engine.core.content import created_now
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.magus import pool as P
from engine.magus.cards import CardDef, DeckDef
from engine.magus.ruleset import RULESET_VERSION

#: games a best-of-three match plays at most, and the wins that decide it (ruling 57)
MAX_GAMES = 3
WINS_NEEDED = 2


class SwapError(ValueError):
    """A swap that breaks MK 1.13.C or leaves an illegal deck; ``rule`` cites it, ``key`` and
    ``params`` name the refusal for a catalog (``swap16.<key>``)."""

    def __init__(self, rule: str, message: str, key: str = "illegal", **params: object) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule, self.key, self.params = rule, key, {"problem": message, **params}


def swap(deck: DeckDef, out_cid: str, in_cid: str, pool: dict[str, CardDef]) -> DeckDef:
    """MK 1.13.C: one copy of ``out_cid`` leaves the deck for the sideboard and one copy of
    ``in_cid`` comes from the sideboard into the deck."""
    if not deck.sideboard:
        raise SwapError("MK 1.13.I", "This deck has no sideboard to swap with", "no_sideboard")
    if deck.cards.get(out_cid, 0) < 1:
        raise SwapError("MK 1.13.C", f"{out_cid!r} is not in the deck", "not_in_deck",
                        card=out_cid)
    if deck.sideboard.get(in_cid, 0) < 1:
        raise SwapError("MK 1.13.C", f"{in_cid!r} is not in the sideboard", "not_in_sideboard",
                        card=in_cid)
    if out_cid in deck.towers and deck.cards[out_cid] == 1:
        raise SwapError("MK 1.08.B", f"{out_cid!r} is one of the deck's starting tower levels",
                        "tower", card=out_cid)
    cards = Counter(deck.cards)
    side = Counter(deck.sideboard)
    cards[out_cid] -= 1
    cards[in_cid] += 1
    side[in_cid] -= 1
    side[out_cid] += 1
    new = msgspec.structs.replace(deck, cards={k: v for k, v in cards.items() if v > 0},
                                  sideboard={k: v for k, v in side.items() if v > 0})
    problems = P.validate_deck(new, pool, deck.id)
    if problems:
        raise SwapError("MK 1.02.A", problems[0].message)
    return new


def no_sideboard(decks: tuple[DeckDef, ...]) -> DeckDef | None:
    """The first deck with no sideboard: a best-of-three match needs one for each deck here, the
    swaps between games being the point of it (MK 1.13.C, 1.13.I)."""
    return next((d for d in decks if not d.sideboard), None)


def header_for(decks: tuple[DeckDef, DeckDef], seed: int, seats: tuple[Seat, ...],
               options: dict[str, Any], title: str = "") -> Header:
    """The header of one game of a match: the decks as they stand after the swaps (not the deck
    files), their cards pinned; the option ``match`` names the match and the game."""
    from engine.magus.session import check_options, header_problem

    pool = P.default_pool()
    check_options(options)
    for d in decks:
        problems = P.validate_deck(d, pool, d.id)
        if problems:
            raise P.PoolError(problems)
    lists = tuple(tuple(P.decklist(d)) for d in decks)
    used = {cid: pool[cid] for deck in lists for cid in deck}
    data = P.encode_cards(used)
    header = sealed(Header(
        format_version=FORMAT_VERSION, ruleset="mk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=tuple(seats), options=dict(options), card_pool_digest=P.digest(data),
        cards=data, decklists=lists, title=title, created=created_now()))
    problem = header_problem(header)
    if problem:
        raise P.PoolError([P.Problem("", "", problem)])
    return header


class Match(msgspec.Struct):
    """A best-of-three match: the decks as they stand and each game's winner (-1 a draw)."""

    decks: tuple[DeckDef, DeckDef]
    results: list[int] = []

    def record(self, winner: int) -> None:
        if self.over():
            raise ValueError("The match is over; start a new one.")
        if winner not in (-1, 0, 1):
            raise ValueError("A game's winner is seat 0, seat 1 or -1 for a draw.")
        self.results.append(winner)

    def wins(self, seat: int) -> int:
        return self.results.count(seat)

    def over(self) -> bool:
        return max(self.wins(0), self.wins(1)) >= WINS_NEEDED or len(self.results) >= MAX_GAMES

    def winner(self) -> int:
        """The match's winner once it is over: two wins, or after three games the one with
        more wins; -1 for a drawn match (ruling 57); -2 while it goes on."""
        if not self.over():
            return -2
        a, b = self.wins(0), self.wins(1)
        return 0 if a > b else 1 if b > a else -1

    def swap(self, seat: int, out_cid: str, in_cid: str, pool: dict[str, CardDef]) -> None:
        """MK 1.13.C: only between games, i.e. while the match goes on."""
        if self.over():
            raise SwapError("MK 1.13.C", "The match is over; no more swaps", "over")
        decks = list(self.decks)
        decks[seat] = swap(decks[seat], out_cid, in_cid, pool)
        self.decks = (decks[0], decks[1])
