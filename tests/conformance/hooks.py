"""What the conformance suite needs to know of each ruleset beyond the protocol: its invariants
(checked after every event), a state that differs from the true one only in what a seat may not
know (views must not tell them apart), and its redaction policy for log events.

A new ruleset adds one :class:`Hooks` entry here (and passes the suite) before it ships.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from engine.core.protocol import OMNISCIENT


@dataclass(frozen=True)
class Hooks:
    #: raises AssertionError when a state breaks one of the ruleset's invariants
    invariants: Callable[[Any], None]
    #: a copy of ``state`` with everything ``seat`` may not know changed at random
    hidden_variant: Callable[[Any, Any, int, random.Random], Any]
    #: why ``redacted`` (``event`` as ``seat`` sees it) tells ``seat`` too much ("" if it doesn't)
    event_leak: Callable[[Any, Any, int], str]
    #: decks to play (one per seat) and options, for each fuzz game number
    decks: Callable[[Any, int], tuple[str, ...]]


# ---------------------------------------------------------------------------- HKK
def _hkk_invariants(state: Any) -> None:
    from tests.test_fuzz import check_state

    check_state(state)


def _hidden_of(state: Any, seat: int) -> list[int]:
    """What ``seat`` cannot see in a two-player card game: the opponent's hand and both decks."""
    me, opp = state.players[seat], state.players[1 - seat]
    return list(opp.hand) + list(opp.deck) + list(me.deck)


def _shuffled_among(ids: list[int], get: Callable[[int], Any], put: Callable[[int, Any], None],
                    rng: random.Random) -> None:
    """Deal the values of ``ids`` among them at random (what a seat cannot tell apart)."""
    values = [get(i) for i in ids]
    rng.shuffle(values)
    for i, v in zip(ids, values):
        put(i, v)


def _hkk_variant(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    out = ruleset.clone(state)
    _shuffled_among(_hidden_of(out, seat), lambda i: out.cards[i].cid,
                    lambda i, cid: setattr(out.cards[i], "cid", cid), rng)
    return out


def _hkk_leak(event: Any, redacted: Any, seat: int) -> str:
    from engine.hkk import events as E

    if isinstance(redacted, E.CardDrawn) and redacted.player != seat and redacted.card != -1:
        return "the opponent's drawn card is named"
    if isinstance(redacted, E.DeckShuffled) and (redacted.order or redacted.rng):
        return "a shuffled deck's order or the RNG state is shown"
    if isinstance(redacted, (E.RandomPicked, E.StarterChosen)) and redacted.rng:
        return "the RNG state is shown"
    return ""


def _hkk_decks(plugin: Any, g: int) -> tuple[str, ...]:
    ids = [d.id for d in plugin.decks()]
    return ids[g % len(ids)], ids[(g // len(ids) + g + 1) % len(ids)]


# ---------------------------------------------------------------------------- Toy Grid
def _toy_invariants(state: Any) -> None:
    seen: set[int] = set()
    for p, player in enumerate(state.players):
        for t in player.deck + player.hand:
            assert state.owners[t] == p and t not in seen
            seen.add(t)
    for sq, t in state.board.items():
        assert 0 <= sq < 16 and t not in seen
        seen.add(t)
    assert len(seen) + sum(p.points for p in state.players) <= len(state.values)


def _toy_variant(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    out = ruleset.clone(state)
    _shuffled_among(_hidden_of(out, seat), out.values.__getitem__, out.values.__setitem__, rng)
    out.rng ^= rng.getrandbits(32) + 1           # the future rolls are not the seat's to know
    return out


def _toy_leak(event: Any, redacted: Any, seat: int) -> str:
    from tests import toy_ruleset as T

    if isinstance(redacted, T.Drew) and redacted.player != seat and redacted.token != -1:
        return "the opponent's drawn token is named"
    if isinstance(redacted, T.Shuffled) and (redacted.order or redacted.rng):
        return "a deck order or the RNG state is shown"
    if isinstance(redacted, T.DieRolled) and redacted.rng:
        return "the RNG state is shown"
    return ""


def _toy_decks(plugin: Any, g: int) -> tuple[str, ...]:
    return ("low", "high") if g % 2 else ("high", "low")


HOOKS: dict[str, Hooks] = {
    "hkk": Hooks(_hkk_invariants, _hkk_variant, _hkk_leak, _hkk_decks),
    "toy": Hooks(_toy_invariants, _toy_variant, _toy_leak, _toy_decks),
}

__all__ = ["HOOKS", "Hooks", "OMNISCIENT"]
