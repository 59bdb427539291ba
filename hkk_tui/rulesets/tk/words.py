"""Tash-Kalar's words: the catalog namespace, colour letters and names, and the small read-only
helpers the panes share (pieces as ``B2``, a card's name, flare criteria now)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hkk_tui.i18n import tr

NS = "tk"
#: letters of colours whose deck is unknown (a scenario's seats)
FALLBACK = "ABCD"
RANK_WORDS = {1: "rank.common", 2: "rank.heroic", 3: "rank.legendary"}


def t(key: str, lang: str, **params: Any) -> str:
    return tr(NS, key, lang, **params)


def local(key: str) -> str:
    """An engine catalog key (``tk.act.place``) as this catalog holds it (``act.place``)."""
    return key.removeprefix(NS + ".")


@lru_cache(maxsize=1)
def _decks() -> dict[str, Any]:
    try:
        from engine.tk import pool as P

        return dict(P.default_content().decks)
    except Exception:  # noqa: BLE001 - a broken content file must not break the board
        return {}


def colour_decks(header: Any, team: bool) -> list[str]:
    """The deck id of each colour (colour ``c`` is seat ``c``'s; in TEAM the team's first seat)."""
    seats = list(header.seats)
    n = 2 if team else len(seats)
    return [seats[c].deck if c < len(seats) else "" for c in range(n)]


def colour_letters(header: Any, team: bool) -> list[str]:
    """One letter per colour (the deck's ``letter``, e.g. ``B`` for Tide), distinct."""
    decks = _decks()
    out: list[str] = []
    for c, deck in enumerate(colour_decks(header, team)):
        d = decks.get(deck)
        letter = d.letter if d is not None else FALLBACK[c]
        if letter in out:                      # two seats with one deck: keep them apart
            letter = next(x for x in FALLBACK if x not in out)
        out.append(letter)
    return out


def colour_names(header: Any, team: bool, lang: str) -> list[str]:
    decks = _decks()
    out = []
    for c, deck in enumerate(colour_decks(header, team)):
        d = decks.get(deck)
        out.append(getattr(d.name, lang) if d is not None else FALLBACK[c])
    return out


def piece(letters: list[str], colour: int, rank: int) -> str:
    """``B2``: the colour's letter and the rank digit."""
    letter = letters[colour] if 0 <= colour < len(letters) else "?"
    return f"{letter}{rank}"


def upgraded(view: Any, colour: int) -> int:
    return sum(1 for o, r in zip(view.owner, view.rank) if o == colour and r >= 2)


def pieces(view: Any, colour: int) -> int:
    return sum(1 for o in view.owner if o == colour)


def colour_of(view: Any, seat: int) -> int:
    return view.players[seat].colour if 0 <= seat < len(view.players) else -1


def criteria(view: Any, seat: int, d: Any) -> list[tuple[int, bool, bool, int, int]]:
    """A flare's criteria now for ``seat`` against each opponent seat it may compare with
    (TK Felvillanás.felső / .alsó): (opponent seat, upper holds, lower holds, how many more
    upgraded pieces, how many more pieces the opponent has)."""
    me = colour_of(view, seat)
    out = []
    seen: set[int] = set()
    for p in range(len(view.players)):
        c = colour_of(view, p)
        if c == me or (view.mode != "battle" and c in seen):
            continue
        seen.add(c)
        up = upgraded(view, c) - upgraded(view, me)
        low = pieces(view, c) - pieces(view, me)
        out.append((p, up >= d.upper_n, low >= d.lower_n, up, low))
    return out
