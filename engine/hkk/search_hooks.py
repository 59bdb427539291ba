"""HKK's search hooks (engine.core.search): determinize, action key, evaluation and the greedy
bot's opinion as the search's prior.

What a player may not know in HKK (K 1.6, 2.2.7): the opponent's hand and the order of both
decks; the contents of each deck are the public decklist less every card seen elsewhere. A
sample deals the definitions of those cards again — the opponent's hand and deck together (the
seat cannot tell which of the opponent's unseen cards are in hand), its own deck apart — and
reseeds the RNG, so no later draw, shuffle or random pick is known.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable

from engine.core.search import SearchHooks, deal_again, key_of, reseed
from engine.hkk.greedy import GreedyBot
from engine.hkk.state import HIDDEN_ZONES, State, Target

#: The search's settings for HKK (issue 16, measured with ``hkk bench``'s ai section and
#: ``hkk tournament``): no random rollout — a random HKK step is ~55 µs of rules and twelve of
#: them were more than half of a simulation, while the evaluation right after the searched
#: decisions says more than twelve random passes and plays; the greedy prior only at the root
#: and its children — it needs the mover's view, the dearest part of the descent, and deeper
#: nodes are seldom visited enough for it to matter. Together: ~800 -> ~2,400 simulations per
#: CPU second from the bench's mid-game positions. Where the search cannot tell moves apart
#: (within 0.02 of win estimate) it plays the greedy bot's favourite: without that it reordered
#: its guard post 85 times in one 8-turn game (moves that change nothing look alike to it).
TUNING = {"rollout_steps": 0, "prior_depth": 1, "anchor": 0.02}

#: the action fields that name a card instance
_CARD_FIELDS = ("card", "attacker", "defender")


def determinize(state: State, seat: int, rng: random.Random, clone: Callable[[Any], Any]) -> State:
    return deal(clone(state), seat, rng)


def deal(out: State, seat: int, rng: random.Random) -> State:
    """:func:`determinize` of a copy the caller owns (changed in place and returned)."""
    me, opp = out.players[seat], out.players[1 - seat]
    cards = out.cards

    def put(i: int, cid: str) -> None:
        cards[i].cid = cid

    # a card the rules are in the middle of (a task, a trigger, the reaction line) keeps its
    # definition: the pending work names it and its ability
    pinned = {t.card for t in out.tasks} | {t.card for t in out.triggers} | \
        {t.trigger_card for t in out.triggers} | {item.card for item in out.line}
    deal_again([[i for i in list(opp.hand) + list(opp.deck) if i not in pinned],
                [i for i in me.deck if i not in pinned]], lambda i: cards[i].cid, put, rng)
    out.rng = reseed(rng)
    return out


def _hidden(state: State, seat: int, iid: int) -> bool:
    card = state.cards[iid] if 0 <= iid < len(state.cards) else None
    return card is not None and card.zone in HIDDEN_ZONES and (
        card.zone == "deck" or card.owner != seat)


def _card_key(state: State, seat: int, iid: int) -> Any:
    """A card the seat cannot see by its definition (the instance differs between samples)."""
    return ("def", state.cards[iid].cid) if _hidden(state, seat, iid) else iid


def _target_key(state: State, seat: int, t: Target) -> Any:
    return (t.k, _card_key(state, seat, t.i)) if t.k == "c" else (t.k, t.i)


def action_key(state: State, seat: int, action: Any) -> Any:
    parts: list[Any] = [type(action).__name__]
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if name in _CARD_FIELDS:
            parts.append(_card_key(state, seat, value))
        elif name == "targets":
            parts.append(tuple(_target_key(state, seat, t) for t in value))
        elif name == "target":
            parts.append(_target_key(state, seat, value))
        else:
            parts.append(key_of(value))
    return tuple(parts)


def evaluate(state: State, pool: dict) -> tuple[float, float]:
    """How well each seat stands, in [0, 1] (a logistic of the difference of a material score:
    life counts most (K 3.12: at 0 the game is lost), then creatures on the table, cards in hand,
    victory points and monster components)."""
    if state.result is not None:
        w = state.result.winner
        return (0.5, 0.5) if w < 0 else ((1.0, 0.0) if w == 0 else (0.0, 1.0))
    cards = state.cards
    score = []
    for p in state.players:
        material = 0.0
        for i in p.reserve + p.guard:
            d = pool[cards[i].cid]
            material += d.damage + max(0, (d.hp or 0) - cards[i].damage) + 0.5 * d.cost
        for i in p.perm:
            material += 0.5 * pool[cards[i].cid].cost
        score.append(1.5 * max(p.life, 0) + 0.35 * material + 0.6 * len(p.hand)
                     + 0.15 * p.vp + 0.2 * p.mc + (0 if p.deck else -4))
    v = 1.0 / (1.0 + math.exp(-(score[0] - score[1]) / 8.0))
    return (v, 1.0 - v)


@lru_cache(maxsize=16)
def hooks(ruleset: Any) -> SearchHooks:
    """The hooks of one HKK rules object (they need its card pool)."""
    pool, clone = ruleset.pool, ruleset.clone

    def prior(rs: Any, seed: int) -> Callable[[Any, list[Any]], list[float]]:
        bot = GreedyBot(rs.pool, seed)
        return lambda view, legal: [bot.score(view, a) for a in legal]

    return SearchHooks(
        determinize=lambda state, seat, rng: determinize(state, seat, rng, clone),
        determinize_owned=deal,
        action_key=action_key,
        evaluate=lambda state: evaluate(state, pool),
        prior=prior,
        tuning=TUNING)
