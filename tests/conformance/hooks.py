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


def _hkk_variant(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    out = ruleset.clone(state)
    me, opp = out.players[seat], out.players[1 - seat]
    hidden = list(opp.hand) + list(opp.deck) + list(me.deck)
    cids = [out.cards[i].cid for i in hidden]
    rng.shuffle(cids)
    for iid, cid in zip(hidden, cids):
        out.cards[iid].cid = cid
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
    me, opp = out.players[seat], out.players[1 - seat]
    hidden = list(opp.hand) + list(opp.deck) + list(me.deck)
    values = [out.values[t] for t in hidden]
    rng.shuffle(values)
    for t, v in zip(hidden, values):
        out.values[t] = v
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
