"""Headers and rulesets of Summoner Wars games: a header pins the definitions of every card its
two decks use (msgpack, sealed by digest, like HKK), so an old save replays with the card texts it
was played with."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.content import RulesetCache, created_now, entry_codec, pinned_problem
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.sw import pool as P
from engine.sw.actions import Action
from engine.sw.cards import DeckDef, Text
from engine.sw.events import Event
from engine.sw.ruleset import RULESET_VERSION, SwRuleset
from engine.sw.rulings import DEFAULT_OPTIONS, OPTION_CHOICES

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


#: the ruleset with the card definitions pinned in a header (today's pool for none)
ruleset_for = RulesetCache(lambda header: SwRuleset(
    P.decode_cards(header.cards) if header.cards else P.default_pool()))


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
        created=created_now()))


def header_problem(header: Header) -> str:
    """Pinned cards that do not match their digest, decks naming cards not pinned, illegal decks
    (scenario games declare their own position and skip the deck rules)."""
    def deck_problem(n: int, deck: tuple[str, ...], pool: dict) -> str:
        d = DeckDef(f"seat-{n + 1}", Text("", ""), Text("", ""), dict(Counter(deck)))
        problems = P.validate_deck(d, pool, f"deck {n + 1}")
        return problems[0].message if problems else ""

    return pinned_problem(header, game="Summoner Wars", decode=P.decode_cards,
                          check_options=check_options, decks=2, deck_problem=deck_problem)


def codec() -> Any:
    return entry_codec(Action, Event)
