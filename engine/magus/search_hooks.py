"""M.A.G.U.S. search hooks (engine.core.search): determinize, action key and evaluation.

What a seat may not know (MK 1.03-1.04): the opponent's hand and Future, the order of its own
Future, and the opponent's face-down cards (tower levels, attached obstacles, hidden timeline
items). A sample deals the opponent's unseen definitions again — a face-down tower level gets a
tower level (different from the others of that tower, MK 1.08.B), a face-down obstacle an
obstacle, the hand and Future the rest — deals its own Future again, and reseeds the RNG.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable

from engine.core.search import SearchHooks, deal_cards_again, key_of, reseed
from engine.magus.bot import SquireBot
from engine.magus.ctx import dp
from engine.magus.state import State
from engine.magus.views import sees

_CARD_FIELDS = ("card", "caster", "host", "quest")
#: the search bot's settings for MK: the squire's scores as the prior near the root, and its
#: favourite played where the search cannot tell the moves apart (engine.ai.search.SearchBot)
TUNING: dict[str, Any] = {"rollout_steps": 0, "prior_depth": 1, "anchor": 0.02}


def _slot(s: State, i: int) -> str:
    c = s.cards[i]
    if c.zone == "tower":
        return "tower"
    if c.zone == "attached":
        return "obstacle"
    if c.zone == "timeline":
        for tl in s.timelines:
            for it in tl.items:
                if it.card == i:
                    return "obstacle" if it.kind == "attach" else "tower"
    return "any"


def determinize(s: State, seat: int, rng: random.Random, clone: Callable[[Any], Any],
                pool: dict) -> State:
    out = clone(s)
    cards = out.cards
    opp = 1 - seat
    unseen = sorted(c.iid for c in cards if c.owner == opp and not sees(out, seat, c.iid))
    values = sorted(cards[i].cid for i in unseen)
    rng.shuffle(values)
    slots = {i: _slot(out, i) for i in unseen}
    assigned: dict[int, str] = {}
    for kind in ("tower", "obstacle"):
        used: set[str] = set()
        for i in unseen:
            if slots[i] != kind:
                continue
            pick = next((n for n, v in enumerate(values) if pool[v].type == kind and
                         (kind != "tower" or v not in used)), None)
            if pick is None:
                pick = next((n for n, v in enumerate(values) if pool[v].type == kind), 0)
            v = values.pop(pick)
            used.add(v)
            assigned[i] = v
    rest = [i for i in unseen if slots[i] == "any"]
    for i, v in zip(rest, values):
        assigned[i] = v
    for i, v in assigned.items():
        cards[i].cid = v
    mine = [c.iid for c in cards if c.owner == seat and not sees(out, seat, c.iid)]
    deal_cards_again([sorted(mine)], cards, rng)
    out.rng = reseed(rng)
    return out


def action_key(s: State, seat: int, action: Any) -> Any:
    """Cards by instance where ``seat`` sees them, by definition where it does not."""
    parts: list[Any] = [type(action).__name__]
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if name in _CARD_FIELDS and isinstance(value, int) and 0 <= value < len(s.cards) and \
                not sees(s, seat, value):
            parts.append(("def", s.cards[value].cid))
        else:
            parts.append(key_of(value))
    return tuple(parts)


def evaluate(s: State, pool: dict) -> tuple[float, float]:
    """Tower levels left count most (MK 1.01.A), then DP (MK 1.01.B), adventurers' levels in
    Present, MP and cards in hand."""
    if s.result is not None:
        w = s.result.winners
        return (0.5, 0.5) if not w else ((1.0, 0.0) if w[0] == 0 else (0.0, 1.0))
    score = [0.0, 0.0]
    for p, pl in enumerate(s.players):
        score[p] += 4.0 * len(pl.tower) + 1.5 * dp(s, pool, p) + 0.2 * pl.mp + 0.2 * len(pl.hand)
        score[p] += (0 if pl.future else -3.0)
    for c in s.cards:
        if c.zone in ("line", "team") and pool[c.cid].type == "adventurer":
            score[c.controller if c.controller >= 0 else c.owner] += \
                0.6 * max(0, pool[c.cid].level - c.damage)
    v = 1.0 / (1.0 + math.exp(-(score[0] - score[1]) / 6.0))
    return (v, 1.0 - v)


@lru_cache(maxsize=16)
def hooks(ruleset: Any) -> SearchHooks:
    pool, clone = ruleset.pool, ruleset.clone

    def prior(rs: Any, seed: int) -> Callable[[Any, list[Any]], list[float]]:
        return SquireBot(rs.pool, seed).scores

    return SearchHooks(
        determinize=lambda state, seat, rng: determinize(state, seat, rng, clone, pool),
        action_key=action_key,
        evaluate=lambda state: evaluate(state, pool),
        prior=prior,
        tuning=TUNING)
