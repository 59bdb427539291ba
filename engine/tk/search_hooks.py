"""Tash-Kalar's search hooks (engine.core.search): determinize, action key, evaluation and the
Tactician's opinion as the search's prior.

What a seat may not know (spec §11.5): the other seats' hands and the order of every deck. Card
backs differ by kind, so a seat knows how many creature, legend and flare cards each hand holds.
A sample deals again, among themselves: each other seat's own deck and creature cards in hand
(its decklist less what is seen), the seat's own deck, the legends in the deck and in other
hands, the flares likewise, and the task deck; and it reseeds the RNG.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable

from engine.core.search import SearchHooks, deal_cards_again, key_of, reseed
from engine.tk import board as B
from engine.tk.state import State


def determinize(state: State, seat: int, rng: random.Random, clone: Callable[[Any], Any],
                pool: dict) -> State:
    out = clone(state)
    cards = out.cards

    def kind(i: int) -> str:
        return pool[cards[i].cid].kind

    groups: list[list[int]] = []
    legends = list(out.legends)
    flares = list(out.flares)
    for p, pl in enumerate(out.players):
        if p == seat:
            groups.append(list(pl.deck))
            continue
        groups.append(list(pl.deck) + [i for i in pl.hand if kind(i) == "creature"])
        legends += [i for i in pl.hand if kind(i) == "legend"]
        flares += [i for i in pl.hand if kind(i) == "flare"]
    groups += [legends, flares, list(out.task_deck)]
    deal_cards_again(groups, cards, rng)
    out.rng = reseed(rng)
    return out


def action_key(state: State, seat: int, action: Any) -> Any:
    """Actions by their fields: every card an action names is in the seat's own hand (seen), and
    squares are squares."""
    return (type(action).__name__,) + tuple(key_of(getattr(action, f))
                                           for f in action.__struct_fields__)


def _strength(s: State, colour: int) -> float:
    return sum(s.rank[q] ** 1.5 for q, o in enumerate(s.owner) if o == colour)


def evaluate(state: State) -> tuple[float, ...]:
    """How well each seat stands, in [0, 1]: its score (BATTLE: its lowest colour) against the
    best other seat's, then its pieces' strength on the board."""
    s = state
    n = len(s.players)
    if s.result is not None:
        w = s.result.winners
        return tuple((1.0 if p in w else 0.0) if w else 0.5 for p in range(n))
    from engine.tk.turn import standing

    vals = []
    for p in range(n):
        st = standing(s, p)
        c = B.colour_of(s, p)
        vals.append(3.0 * st[0] + 0.3 * _strength(s, c))
    out = []
    for p in range(n):
        other = max(v for q, v in enumerate(vals) if q != p) if n > 1 else 0.0
        out.append(1.0 / (1.0 + math.exp(-(vals[p] - other) / 6.0)))
    return tuple(out)


@lru_cache(maxsize=16)
def hooks(ruleset: Any) -> SearchHooks:
    pool, clone = ruleset.pool, ruleset.clone

    def prior(rs: Any, seed: int) -> Callable[[Any, list[Any]], list[float]]:
        from engine.tk.bot import TacticianBot

        return TacticianBot(rs, seed).scores

    return SearchHooks(
        determinize=lambda state, seat, rng: determinize(state, seat, rng, clone, pool),
        action_key=action_key, evaluate=evaluate, prior=prior)
