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

import random
from functools import lru_cache
from typing import Any, Callable

from engine.core.search import (
    SearchHooks, deal_cards_again, difference_row, fitted_value, key_of, reseed,
)
from engine.sw.board import distance
from engine.sw.bot import WarlordBot
from engine.sw.state import DECK, DISCARD, HAND, State
from engine.sw.views import LazyView

_CARD_FIELDS = ("card", "unit", "target")

#: Not a random rollout: a turn is many decisions of one player (summons, three moves, three
#: attacks), and random ones say little; no rollout at all did better against the Warlord than
#: twelve random steps (8 seat-swapped games at 60 simulations a move: 2-6 with, 4-4 without).
#: Fewer actions tried per node and more weight on the Warlord's opinion.
#: Where the search cannot tell moves apart (its win estimates within 0.05: at 200 simulations
#: most moves of a phase are within 0.005 of each other, the evaluation having no opinion on
#: squares) it plays the Warlord's favourite instead of a near-random pick among them (issue 16,
#: 2026-11-24: search:200sims against the Warlord, seed 1, the same 40 seat-swapped games:
#: 16-24 without, 23-17 with it — a hint, not yet significant at 40 games).
#: Since the fitted evaluation (issue 16, 2026-11-25, search:0.1 against the Warlord, seed 1,
#: the same 60 seat-swapped games): a rollout in which both sides play the Warlord's favourite
#: until the turn ends (at most 30 steps) sees a turn's summons, moves and attacks through
#: before the position is judged: 41-19 (0.683, 74 simulations a move) against 36-24 (0.600,
#: 265 a move) for the material evaluation with no rollout.
TUNING = {"rollout_steps": 30, "rollout_prior": True, "widen_k": 1.0, "bias": 2.0,
          "anchor": 0.05}


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
    deal_cards_again([[i for i in hidden if i not in named], [i for i in hidden if i in named],
                      [i for i in me.deck if i not in pinned]], cards, rng)
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


#: the features of a player's position the evaluation weighs (:func:`features`)
NAMES = ("summoner", "low_summoner", "units", "strength", "health", "cost", "gates",
         "gate_health", "magic", "hand", "deck", "threat", "escort")

#: the evaluation's weights, fitted to game outcomes by ``python -m engine.ai.evalfit --ruleset
#: sw --games 1500 --seed 1`` (a logistic regression of the winner on the difference of the
#: players' :func:`features`; on the 27,000 held-out positions: log loss 0.550 and the winner
#: called right 69.9% of the time)
WEIGHTS: dict[str, float] = {
    "summoner": 0.2335,
    "low_summoner": 0.5022,
    "units": -0.1159,
    "strength": 0.0862,
    "health": 0.0368,
    "cost": 0.0140,
    "gates": 0.0998,
    "gate_health": 0.0012,
    "magic": 0.0445,
    "hand": 0.1007,
    "deck": -0.0118,
    "threat": 0.1238,
    "escort": 0.0775,
    "turn": 0.1387,
}


def features(state: State, pool: dict, seat: int) -> list[float]:
    """One player's position: its summoner's life left (and again up to 4: near 0 every point is
    the game, SW Győzelem), its other units' number, strength, life left and cost, its gates
    (number and life left), magic, cards in hand and in the deck (up to 20), the strength of its
    units within 3 squares of the enemy summoner (they can reach it this turn or next: SW
    Mozgás.1, Támadás) and the number of its units next to its own summoner."""
    cards = state.cards
    board = state.board
    p = state.players[seat]
    own = p.summoner
    enemy = state.players[1 - seat].summoner
    own_sq = cards[own].square if own >= 0 and cards[own].zone != DISCARD else -1
    enemy_sq = cards[enemy].square if enemy >= 0 and cards[enemy].zone != DISCARD else -1
    summoner = units = strength = health = cost = gates = gate_health = threat = escort = 0.0
    for i in board:
        if i < 0:
            continue
        c = cards[i]
        if c.controller != seat:
            continue
        d = pool[c.cid]
        left = max(0, d.life - c.damage)
        if i == own:
            summoner = left
            continue
        if d.kind == "structure" or d.gate:
            gates += 1
            gate_health += left
            if d.kind == "structure":
                continue
        units += 1
        strength += d.strength
        health += left
        cost += d.cost
        if enemy_sq >= 0 and distance(c.square, enemy_sq) <= 3:
            threat += d.strength
        if own_sq >= 0 and distance(c.square, own_sq) == 1:
            escort += 1
    return [summoner, min(summoner, 4), units, strength, health, cost, gates, gate_health,
            p.magic, len(p.hand), min(len(p.deck), 20), threat, escort]


def feature_row(state: State, pool: dict) -> list[float]:
    """Player 0's :func:`features` less player 1's, then +1 if it is player 0's turn (else -1):
    what :data:`WEIGHTS` weigh."""
    return difference_row(features(state, pool, 0), features(state, pool, 1),
                          state.active == 0)


def evaluate(state: State, pool: dict) -> tuple[float, float]:
    """How well each seat stands, in [0, 1]: the fitted chance that player 0 wins (a logistic of
    the weighted :func:`feature_row`), and its complement. The game is won by destroying the
    enemy summoner (SW Győzelem), so its life and the units that threaten it count most."""
    if state.result is not None:
        w = state.result.winners
        return (0.5, 0.5) if not w else ((1.0, 0.0) if w[0] == 0 else (0.0, 1.0))
    return fitted_value(_W, feature_row(state, pool))


_W = tuple(WEIGHTS[name] for name in (*NAMES, "turn"))


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
        turn=_turn,
        view=lambda state, seat: LazyView(ruleset.ctx(state), seat, ruleset.pending(state)),
        features=lambda state: feature_row(state, pool),
        feature_names=(*NAMES, "turn"),
        weights=WEIGHTS,
        tuning=TUNING)


def _turn(state: State) -> int:
    return state.turn

