"""Summoner Wars' search hooks (engine.core.search): determinize, action key, evaluation and the
Warlord's opinion as the search's prior.

What a player may not know (SW Húzás, SW Mágia.1): the opponent's hand and face-down discard
pile and the order of both draw decks; each deck's contents are the public army list less every
card seen elsewhere. A sample deals the definitions of those cards again — the opponent's hand,
deck and discard pile together, its own deck apart — and reseeds the RNG, so no later draw,
shuffle or die roll is known. While the opponent searches its own discard pile (a secret task),
the cards it may pick are dealt among themselves, so the pending choice stays a legal one; a card
whose ability is being resolved keeps its definition.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable

from engine.core.search import SearchHooks, deal_again, key_of, reseed
from engine.sw.bot import WarlordBot
from engine.sw.state import DECK, DISCARD, HAND, State

_CARD_FIELDS = ("card", "unit", "target")

#: No random rollout: a turn is many decisions of one player (summons, three moves, three
#: attacks), and random ones say little; the evaluation right after the searched decisions
#: (dice already rolled in each sample) did better against the Warlord, and three times as many
#: simulations fit in the same time (8 seat-swapped games at 60 simulations a move: 12 random
#: steps 2-6, none 4-4). Fewer actions tried per node and more weight on the Warlord's opinion.
#: Where the search cannot tell moves apart (its win estimates within 0.05: at 200 simulations
#: most moves of a phase are within 0.005 of each other, the evaluation having no opinion on
#: squares) it plays the Warlord's favourite instead of a near-random pick among them (issue 16,
#: 2026-11-24: search:200sims against the Warlord, seed 1, the same 40 seat-swapped games:
#: 16-24 without, 23-17 with it — a hint, not yet significant at 40 games).
TUNING = {"rollout_steps": 0, "widen_k": 1.0, "bias": 2.0, "anchor": 0.05}


def determinize(state: State, seat: int, rng: random.Random, clone: Callable[[Any], Any]) -> State:
    return deal(clone(state), seat, rng)


def deal(out: State, seat: int, rng: random.Random) -> State:
    """:func:`determinize` of a copy the caller owns (changed in place and returned)."""
    me, opp = out.players[seat], out.players[1 - seat]
    cards = out.cards
    named = {i for t in out.tasks if t.secret and t.player != seat for i in t.options}
    named |= {i for t in out.tasks if t.secret and t.player != seat for i in t.slots.values()}
    # a card whose ability or event is being resolved keeps its definition (the task names it
    # and its ability: the turn track shows them), even once it lies in a discard pile
    pinned = {t.card for t in out.tasks} | {i for t in out.tasks for i in t.chosen}
    hidden = [i for i in list(opp.hand) + list(opp.deck) + list(opp.discard) if i not in pinned]

    def put(i: int, cid: str) -> None:
        cards[i].cid = cid

    deal_again([[i for i in hidden if i not in named], [i for i in hidden if i in named],
                [i for i in me.deck if i not in pinned]], lambda i: cards[i].cid, put, rng)
    out.rng = reseed(rng)
    return out


def _hidden(state: State, seat: int, iid: int) -> bool:
    if not 0 <= iid < len(state.cards):
        return False
    card = state.cards[iid]
    return card.zone == DECK or (card.zone in (HAND, DISCARD) and card.owner != seat)


def action_key(state: State, seat: int, action: Any) -> Any:
    """Cards by instance where ``seat`` sees them, by definition where it does not (an opponent
    playing from hand); squares and paths as they are."""
    parts: list[Any] = [type(action).__name__]
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if name in _CARD_FIELDS and isinstance(value, int) and _hidden(state, seat, value):
            parts.append(("def", state.cards[value].cid))
        else:
            parts.append(key_of(value))
    return tuple(parts)


def evaluate(state: State, pool: dict) -> tuple[float, float]:
    """How well each seat stands, in [0, 1]: the life left on its summoner counts most (the game
    is won by destroying the enemy summoner, SW Győzelem), then its units and structures on the
    battlefield, its magic and its cards in hand."""
    if state.result is not None:
        w = state.result.winners
        return (0.5, 0.5) if not w else ((1.0, 0.0) if w[0] == 0 else (0.0, 1.0))
    cards = state.cards
    score = [0.0, 0.0]
    for sq, i in enumerate(state.board):
        if i < 0:
            continue
        c = cards[i]
        d = pool[c.cid]
        left = max(0, d.life - c.damage)
        if d.kind == "summoner":
            score[c.controller] += 3.0 * left
        else:
            score[c.controller] += 0.5 * d.strength + 0.4 * left + 0.3 * d.cost
    for p, pl in enumerate(state.players):
        score[p] += 0.25 * pl.magic + 0.3 * len(pl.hand) + (0 if pl.deck else -1)
    v = 1.0 / (1.0 + math.exp(-(score[0] - score[1]) / 6.0))
    return (v, 1.0 - v)


@lru_cache(maxsize=16)
def hooks(ruleset: Any) -> SearchHooks:
    """The hooks of one SW rules object (they need its card pool)."""
    pool, clone = ruleset.pool, ruleset.clone

    def prior(rs: Any, seed: int) -> Callable[[Any, list[Any]], list[float]]:
        return WarlordBot(rs.pool, seed).scores

    return SearchHooks(
        determinize=lambda state, seat, rng: determinize(state, seat, rng, clone),
        determinize_owned=deal,
        action_key=action_key,
        evaluate=lambda state: evaluate(state, pool),
        prior=prior,
        tuning=TUNING)

