"""Headers and rulesets of Tash-Kalar games: a header pins the definitions of every card its decks
use and the boards (msgpack, sealed by digest), so an old save replays with the content it was
played with. Decklists: one own deck per seat, then the legend, flare and task decks."""

from __future__ import annotations

from typing import Any

from engine.core.content import RulesetCache, created_now, entry_codec
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.tk import pool as P
from engine.tk.actions import Action
from engine.tk.events import Event
from engine.tk.ruleset import RULESET_VERSION, TkRuleset
from engine.tk.rulings import check_options


def _ruleset(header: Header) -> TkRuleset:
    if header.cards:
        pinned = P.decode(header.cards)
        return TkRuleset(pinned.cards, pinned.boards)
    c = P.default_content()
    return TkRuleset(c.pool, c.boards)


#: the ruleset with the content pinned in a header (today's content for none)
ruleset_for = RulesetCache(_ruleset)


def make_header(decks: tuple[str, ...], seed: int, seats: tuple[Seat, ...] | None = None,
                options: dict[str, Any] | None = None, title: str = "") -> Header:
    """A header for a new game: one colour deck id per seat (2 for DUEL and High Form, 3-4 for
    BATTLE, 4 for TEAM, whose teammates' decks are seats 0+2 and 1+3)."""
    content = P.default_content()
    n = len(decks)
    if n < 2 or n > 4:
        raise ValueError(f"Tash-Kalar is played by 2 to 4 players, not {n}.")
    opts = dict(options or {})
    check_options(opts, n)
    lists: list[tuple[str, ...]] = []
    for d in decks:
        if d not in content.decks:
            raise ValueError(f"Unknown Tash-Kalar deck {d!r}; use one of: "
                             f"{', '.join(content.decks)}.")
        lists.append(tuple(content.decks[d].cards))
    for kind in ("legend", "flare", "task"):
        lists.append(P.shared_ids(content.pool, kind))
    if seats is None:
        seats = tuple(Seat(f"Player {i + 1}", d) for i, d in enumerate(decks))
    if len(seats) != n:
        raise ValueError(f"Give one seat per deck ({n}), not {len(seats)}.")
    used = {cid for lst in lists for cid in lst}
    data = P.encode({cid: content.pool[cid] for cid in sorted(used)}, content.boards)
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="tk", ruleset_version=RULESET_VERSION, seed=seed,
        seats=tuple(seats), options=opts, card_pool_digest=P.digest(data), cards=data,
        decklists=tuple(lists), title=title,
        created=created_now()))


def header_problem(header: Header) -> str:
    if not header.cards:
        return "its header pins no Tash-Kalar cards"
    if P.digest(header.cards) != header.card_pool_digest:
        return "its pinned cards do not match their digest (the header was edited)"
    try:
        pinned = P.decode(header.cards)
        check_options(dict(header.options), len(header.seats))
    except Exception as exc:  # noqa: BLE001 - told in words
        return str(exc)
    n = len(header.seats)
    if len(header.decklists) != n + 3:
        return f"a Tash-Kalar game of {n} seats has {n + 3} decklists"
    for k, deck in enumerate(header.decklists):
        missing = [c for c in deck if c not in pinned.cards]
        if missing:
            return f"deck {k + 1} names cards its header does not pin ({', '.join(missing[:3])})"
    if "deathmatch" not in pinned.boards or "highform" not in pinned.boards:
        return "its header pins no boards"
    return ""


def codec() -> Any:
    return entry_codec(Action, Event)
