"""Headers and rulesets of Summoner Wars games: a header pins the definitions of every card its
two decks use (msgpack, sealed by digest, like HKK), so an old save replays with the card texts it
was played with."""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from typing import Any

from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.sw import pool as P
from engine.sw.actions import Action
from engine.sw.cards import DeckDef, Text
from engine.sw.events import Event
from engine.sw.ruleset import RULESET_VERSION, SwRuleset
from engine.sw.rulings import DEFAULT_OPTIONS, OPTION_CHOICES

_RULESETS: dict[str, SwRuleset] = {}
#: option keys set by the engine itself (not game options a player picks)
INTERNAL_OPTIONS = ("scenario",)


def check_options(options: dict[str, Any]) -> None:
    """Refuse unknown options and ill-typed values, in words (ValueError)."""
    for key, value in options.items():
        if key in INTERNAL_OPTIONS:
            continue
        if key not in DEFAULT_OPTIONS:
            raise ValueError(f"Summoner Wars has no option '{key}'; its options: "
                             f"{', '.join(DEFAULT_OPTIONS)}.")
        default = DEFAULT_OPTIONS[key]
        if key in OPTION_CHOICES and value not in OPTION_CHOICES[key]:
            raise ValueError(f"Option {key} = {value!r}: choose one of "
                             f"{', '.join(map(str, OPTION_CHOICES[key]))}.")
        if key == "die_faces":
            if not isinstance(value, list) or not value or not all(
                    isinstance(f, str) and f and set(f) <= set("mrs") for f in value):
                raise ValueError("Option die_faces: give a list of faces, each a string of the "
                                 "symbols m (melee), r (ranged), s (special), e.g. "
                                 '["m","m","r","r","mr","s"].')
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"Option {key}: give true or false.")
        elif isinstance(default, int) and (not isinstance(value, int) or isinstance(value, bool)
                                           or value < 1):
            raise ValueError(f"Option {key}: give a whole number of at least 1.")


def ruleset_for(header: Header) -> SwRuleset:
    """The ruleset with the card definitions pinned in ``header``."""
    key = header.card_pool_digest or "current"
    if key not in _RULESETS:
        pool = P.decode_cards(header.cards) if header.cards else P.default_pool()
        _RULESETS[key] = SwRuleset(pool)
    return _RULESETS[key]


def pinned(pool: dict, decklists: tuple[tuple[str, ...], ...]) -> tuple[bytes, str]:
    used = {cid: pool[cid] for deck in decklists for cid in deck}
    data = P.encode_cards(used)
    return data, P.digest(data)


def make_header(decks: tuple[str, str], seed: int, seats: tuple[Seat, ...] | None = None,
                options: dict[str, Any] | None = None, title: str = "",
                pool: dict | None = None) -> Header:
    """A header for a new game between two deck ids (or deck file paths)."""
    pool = pool if pool is not None else P.default_pool()
    check_options(dict(options or {}))
    deck_defs = [P.load_deck(d, pool) for d in decks]
    if seats is None:
        seats = (Seat("Player 1", deck_defs[0].id), Seat("Player 2", deck_defs[1].id))
    lists = tuple(tuple(P.decklist(d)) for d in deck_defs)
    data, dig = pinned(pool, lists)
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="sw", ruleset_version=RULESET_VERSION, seed=seed,
        seats=tuple(seats), options=dict(options or {}), card_pool_digest=dig, cards=data,
        decklists=lists, title=title,
        created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")))


def header_problem(header: Header) -> str:
    """Pinned cards that do not match their digest, decks naming cards not pinned, illegal decks
    (scenario games declare their own position and skip the deck rules)."""
    if not header.cards:
        return "its header pins no Summoner Wars cards"
    if P.digest(header.cards) != header.card_pool_digest:
        return "its pinned cards do not match their digest (the header was edited)"
    try:
        pool = P.decode_cards(header.cards)
        check_options({k: v for k, v in header.options.items()})
    except (P.PoolError, ValueError) as exc:
        return str(exc)
    if len(header.decklists) != 2:
        return "a Summoner Wars game has two decks"
    for n, deck in enumerate(header.decklists):
        missing = [c for c in deck if c not in pool]
        if missing:
            return f"deck {n + 1} names cards its header does not pin ({', '.join(missing[:3])})"
        if "scenario" in header.options:
            continue
        d = DeckDef(f"seat-{n + 1}", Text("", ""), Text("", ""), dict(Counter(deck)))
        problems = P.validate_deck(d, pool, f"deck {n + 1}")
        if problems:
            return problems[0].message
    return ""


def codec() -> Any:
    from engine.core.store import EntryCodec

    return EntryCodec(Action, Event)
