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
    #: the game options of each fuzz game number (None: the defaults)
    options: Callable[[int], dict[str, Any]] | None = None


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


# ---------------------------------------------------------------------------- Summoner Wars
def _sw_invariants(state: Any) -> None:
    """Every card is in exactly one place; the board and the cards agree; magic 0-15; what lies
    under a card shares its square."""
    seen: dict[int, str] = {}
    for p, pl in enumerate(state.players):
        assert 0 <= pl.magic <= 15, f"seat {p} has {pl.magic} magic"
        for zone in ("deck", "hand", "discard", "active"):
            for i in getattr(pl, zone):
                assert i not in seen, f"card {i} is in {zone} and {seen[i]}"
                seen[i] = zone
                assert state.cards[i].zone == zone, (i, zone, state.cards[i].zone)
    for sq, i in enumerate(state.board):
        if i < 0:
            continue
        assert i not in seen and state.cards[i].zone == "board" and state.cards[i].square == sq
        seen[i] = "board"
        for u in state.cards[i].under:
            assert state.cards[u].zone == "under" and state.cards[u].host == i
            assert state.cards[u].square == sq
            seen[u] = "under"
    for c in state.cards:
        if c.zone == "resolving":
            seen[c.iid] = "resolving"
        assert c.iid in seen, f"card {c.iid} ({c.cid}) is nowhere"
        assert c.damage >= 0 and c.charges >= 0
    assert len(state.movers) <= 3 and len(state.attackers) <= 3


def _sw_variant(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    out = ruleset.clone(state)
    me, opp = out.players[seat], out.players[1 - seat]
    hidden = list(opp.hand) + list(opp.deck) + list(opp.discard) + list(me.deck)
    _shuffled_among(hidden, lambda i: out.cards[i].cid,
                    lambda i, cid: setattr(out.cards[i], "cid", cid), rng)
    out.rng ^= rng.getrandbits(32) + 1           # the next roll is nobody's to know
    return out


def _sw_leak(event: Any, redacted: Any, seat: int) -> str:
    from engine.sw import events as E

    if isinstance(redacted, (E.CardDrawn, E.HandDiscarded)) and redacted.player != seat and \
            redacted.card != -1:
        return "the opponent's hidden card is named"
    if isinstance(redacted, E.DeckShuffled) and (redacted.order or redacted.rng):
        return "a shuffled deck's order or the RNG state is shown"
    if isinstance(redacted, (E.FirstPlayerChosen, E.DiceRolled, E.DiceRerolled)) and \
            redacted.rng:
        return "the RNG state is shown"
    if isinstance(redacted, (E.TaskPushed, E.TaskReplaced)) and redacted.task.secret and \
            redacted.task.player != seat and (redacted.task.options or redacted.task.slots):
        return "a search of the opponent's discard pile is shown"
    if isinstance(redacted, E.Advanced) and any(
            k.secret and k.player != seat and (k.options or k.slots) for k in redacted.push):
        return "a search of the opponent's discard pile is shown"
    if isinstance(redacted, E.PositionSet) and redacted.data:
        return "a scenario's whole position (hands and decks) is shown"
    return ""


def _sw_decks(plugin: Any, g: int) -> tuple[str, ...]:
    ids = [d.id for d in plugin.decks()]
    return ids[g % len(ids)], ids[(g // len(ids) + g + 1) % len(ids)]


# ---------------------------------------------------------------------------- M.A.G.U.S.
def _mk_invariants(state: Any) -> None:
    """Every card is in exactly one place and its zone says which; MP never negative."""
    from engine.magus.reducer import LISTED

    seen: dict[int, str] = {}
    for p, pl in enumerate(state.players):
        assert pl.mp >= 0, f"seat {p} has {pl.mp} MP"
        for zone in LISTED:
            for i in getattr(pl, zone):
                assert i not in seen, f"card {i} is in {zone} and {seen[i]}"
                seen[i] = zone
                assert state.cards[i].zone == zone, (i, zone, state.cards[i].zone)
    for tl in state.timelines:
        for it in tl.items:
            if it.kind in ("card", "attach", "ride", "treasure", "build"):   # MK reducer
                assert it.card not in seen and state.cards[it.card].zone == "timeline"
                seen[it.card] = "timeline"
    if state.manoeuvre is not None:
        for i in state.manoeuvre.attackers + state.manoeuvre.blockers:
            assert i not in seen and state.cards[i].zone == "team"
            seen[i] = "team"
    for c in state.cards:
        if c.zone == "attached":
            assert state.cards[c.host].zone in ("tower", "quests", "buildings", "line", "team"), \
                (c.iid, c.host)
            seen[c.iid] = "attached"
        if c.zone == "resolving":                # unwound, its destination the next event
            seen[c.iid] = "resolving"
        assert c.iid in seen, f"card {c.iid} ({c.cid}) is nowhere"
        assert c.damage >= 0


def _mk_variant(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    from engine.magus.search_hooks import determinize

    return determinize(state, seat, rng, ruleset.clone, ruleset.pool)


def _mk_leak(event: Any, redacted: Any, seat: int) -> str:
    from engine.magus import events as E

    if isinstance(redacted, E.Drew) and redacted.player != seat and redacted.card != -1:
        return "the opponent's drawn card is named"
    if isinstance(redacted, E.TowerPicked) and redacted.player != seat and redacted.card != -1:
        return "the opponent's starting tower level is named"
    if isinstance(redacted, E.HandReturned) and redacted.player != seat and redacted.cards:
        return "the opponent's mulliganed hand is named"
    if isinstance(redacted, E.Shuffled) and (redacted.order or redacted.rng):
        return "a deck order or the RNG state is shown"
    if isinstance(redacted, E.DieRolled) and redacted.rng:
        return "the RNG state is shown"
    return ""


def _mk_decks(plugin: Any, g: int) -> tuple[str, ...]:
    return ("lantern", "ashen") if g % 2 else ("ashen", "lantern")

# ---------------------------------------------------------------------------- Tash-Kalar
def _tk_invariants(state: Any) -> None:
    from tests.tk.invariants import check_state

    check_state(state)


def _tk_variant(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    from tests.tk.invariants import hidden_groups

    out = ruleset.clone(state)
    for group in hidden_groups(out, seat, ruleset.pool):
        _shuffled_among(group, lambda i: out.cards[i].cid,
                        lambda i, cid: setattr(out.cards[i], "cid", cid), rng)
    out.rng ^= rng.getrandbits(32) + 1           # the next shuffle is nobody's to know
    return out


def _tk_leak(event: Any, redacted: Any, seat: int) -> str:
    from tests.tk.invariants import leak

    return leak(event, redacted, seat)


#: fuzz game g plays TK_GAMES[g % 6]: (seats, options) — every mode
TK_GAMES = ((2, {"mode": "duel"}), (4, {"mode": "battle"}), (2, {"mode": "highform"}),
            (4, {"mode": "duel", "team": True}), (3, {"mode": "battle"}),
            (4, {"mode": "highform", "team": True}))


def _tk_decks(plugin: Any, g: int) -> tuple[str, ...]:
    ids = [d.id for d in plugin.decks()]
    n = TK_GAMES[g % len(TK_GAMES)][0]
    return tuple(ids[(g + i) % len(ids)] for i in range(n))


def _tk_options(g: int) -> dict[str, Any]:
    return dict(TK_GAMES[g % len(TK_GAMES)][1])


HOOKS: dict[str, Hooks] = {
    "tk": Hooks(_tk_invariants, _tk_variant, _tk_leak, _tk_decks, _tk_options),
    "hkk": Hooks(_hkk_invariants, _hkk_variant, _hkk_leak, _hkk_decks),
    "sw": Hooks(_sw_invariants, _sw_variant, _sw_leak, _sw_decks),
    "mk": Hooks(_mk_invariants, _mk_variant, _mk_leak, _mk_decks),
    "toy": Hooks(_toy_invariants, _toy_variant, _toy_leak, _toy_decks),
}

__all__ = ["HOOKS", "Hooks", "OMNISCIENT"]
