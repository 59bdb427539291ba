"""Headers and rulesets of M.A.G.U.S. games: a header pins the definitions of every card its two
decks use (msgpack, sealed by digest), so an old save replays with the cards it was played with."""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from typing import Any

from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.magus import pool as P
from engine.magus.actions import Action
from engine.magus.cards import DeckDef, Text
from engine.magus.events import Event
from engine.magus.ruleset import RULESET_VERSION, MkRuleset
from engine.magus.rulings import DEFAULT_OPTIONS, OPTION_CHOICES

_RULESETS: dict[str, MkRuleset] = {}
INTERNAL_OPTIONS = ("scenario", "max_rounds")


def check_options(options: dict[str, Any]) -> None:
    for key, value in options.items():
        if key in INTERNAL_OPTIONS:
            continue
        if key not in DEFAULT_OPTIONS:
            raise ValueError(f"M.A.G.U.S. has no option '{key}'; its options: "
                             f"{', '.join(DEFAULT_OPTIONS)}.")
        if key in OPTION_CHOICES:
            if value not in OPTION_CHOICES[key]:
                raise ValueError(f"Option {key} = {value!r}: choose one of "
                                 f"{', '.join(map(repr, OPTION_CHOICES[key]))}.")
        elif isinstance(DEFAULT_OPTIONS[key], bool) and not isinstance(value, bool):
            raise ValueError(f"Option {key}: give true or false.")


def ruleset_for(header: Header) -> MkRuleset:
    key = header.card_pool_digest or "current"
    if key not in _RULESETS:
        pool = P.decode_cards(header.cards) if header.cards else P.default_pool()
        _RULESETS[key] = MkRuleset(pool)
    return _RULESETS[key]


def make_header(decks: tuple[str, str], seed: int, seats: tuple[Seat, ...] | None = None,
                options: dict[str, Any] | None = None, title: str = "") -> Header:
    pool = P.default_pool()
    check_options(dict(options or {}))
    defs = [P.load_deck(d) for d in decks]
    for d in defs:
        problems = P.validate_deck(d, pool, d.id, dev=bool((options or {}).get(
            "dev_small_decks")))
        if problems:
            raise P.PoolError(problems)
    if seats is None:
        seats = (Seat("Player 1", defs[0].id), Seat("Player 2", defs[1].id))
    lists = tuple(tuple(P.decklist(d)) for d in defs)
    used = {cid: pool[cid] for deck in lists for cid in deck}
    data = P.encode_cards(used)
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="mk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=tuple(seats), options=dict(options or {}),
        card_pool_digest=P.digest(data), cards=data, decklists=lists, title=title,
        created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")))


def header_problem(header: Header) -> str:
    if not header.cards:
        return "its header pins no M.A.G.U.S. cards"
    if P.digest(header.cards) != header.card_pool_digest:
        return "its pinned cards do not match their digest (the header was edited)"
    try:
        pool = P.decode_cards(header.cards)
        check_options(dict(header.options))
    except (P.PoolError, ValueError) as exc:
        return str(exc)
    if len(header.decklists) != 2:
        return "a M.A.G.U.S. game has two decks"
    for n, deck in enumerate(header.decklists):
        missing = [c for c in deck if c not in pool]
        if missing:
            return f"deck {n + 1} names cards its header does not pin ({', '.join(missing[:3])})"
        if "scenario" in header.options:
            continue
        d = DeckDef(f"seat-{n + 1}", Text("", ""), Text("", ""), dict(Counter(deck)),
                    limit=int(header.options.get("copy_limit", 3)))
        problems = P.validate_deck(d, pool, f"deck {n + 1}",
                                   dev=bool(header.options.get("dev_small_decks")))
        if problems:
            return problems[0].message
    return ""


def codec() -> Any:
    from engine.core.store import EntryCodec

    return EntryCodec(Action, Event)
