"""Tash-Kalar's invariants, hidden information and redaction policy (the conformance hooks and
the TK tests use them)."""

from __future__ import annotations

from typing import Any

from engine.tk import board as B
from engine.tk import events as E


def check_state(s: Any) -> None:
    """Every card is in exactly one place and its zone agrees; the board's two layers agree; no
    colour uses more tokens than its supply (TK Elemek.készlet); scores never go negative."""
    seen: dict[int, str] = {}

    def mark(ids: list[int], zone: str) -> None:
        for i in ids:
            assert i not in seen, f"card {i} is in {zone} and {seen[i]}"
            seen[i] = zone

    for p, pl in enumerate(s.players):
        mark(pl.deck, f"deck {p}")
        mark(pl.hand, f"hand {p}")
        mark(pl.discard, f"discard {p}")
        for i in pl.deck:
            assert s.cards[i].zone == "deck" and s.cards[i].owner == p, (i, s.cards[i])
        for i in pl.hand:
            assert s.cards[i].zone == "hand", (i, s.cards[i])
    for name in ("legends", "legend_discard", "flares", "flare_discard", "task_deck",
                 "tasks_up"):
        mark(getattr(s, name), name)
    for side in s.claimed:
        mark(side, "claimed")
    if s.next_task >= 0:
        mark([s.next_task], "next_task")
    for c in s.cards:
        if c.zone == "table":
            mark([c.iid], "table")
    if s.mode == "highform":
        assert len(seen) == len(s.cards), "a card is nowhere"
    else:
        assert len(seen) == len([c for c in s.cards if c.zone != "tasks" or c.iid in seen])
    assert len(s.owner) == len(s.rank) == s.size * s.size
    for sq in range(len(s.owner)):
        assert (s.owner[sq] < 0) == (s.rank[sq] == 0), f"square {sq} is half empty"
        assert s.rank[sq] in (0, 1, 2, 3)
    for c in range(B.colours(s)):
        for r in (1, 3):
            assert B.free_tokens(s, c, r) >= 0, f"colour {c} uses more rank-{r} tokens than it has"
    assert all(v >= 0 for row in s.scores for v in row)
    assert s.actions >= 0


def hidden_groups(s: Any, seat: int, pool: dict) -> list[list[int]]:
    """What ``seat`` cannot tell apart: each other seat's deck with its creatures in hand, its
    own deck, the legends and flares in decks and other hands, the task deck."""
    def kind(i: int) -> str:
        return pool[s.cards[i].cid].kind

    groups = []
    legends, flares = list(s.legends), list(s.flares)
    for p, pl in enumerate(s.players):
        if p == seat:
            groups.append(list(pl.deck))
            continue
        groups.append(list(pl.deck) + [i for i in pl.hand if kind(i) == "creature"])
        legends += [i for i in pl.hand if kind(i) == "legend"]
        flares += [i for i in pl.hand if kind(i) == "flare"]
    return groups + [legends, flares, list(s.task_deck)]


def leak(event: Any, redacted: Any, seat: int) -> str:
    """Why a redacted event tells ``seat`` too much ("" if it does not)."""
    if isinstance(redacted, E.Drawn) and redacted.seat != seat and redacted.card != -1:
        return "another seat's drawn card is named"
    if isinstance(redacted, (E.Shuffled, E.Reshuffled)) and (redacted.order or redacted.rng):
        return "a shuffled order or the RNG state is shown"
    if isinstance(redacted, E.Moved) and redacted.seat != seat and redacted.card != -1 and (
            redacted.to in ("deck_bottom", "legends_bottom", "flares_bottom", "hand")):
        return "a card from another seat's hand is named"
    return ""
