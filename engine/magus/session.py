"""Headers and rulesets of M.A.G.U.S. games: a header pins the definitions of every card its two
decks use (msgpack, sealed by digest), so an old save replays with the cards it was played with."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.content import RulesetCache, created_now, entry_codec, pinned_problem
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.magus import keywords
from engine.magus import pool as P
from engine.magus.actions import Action
from engine.magus.cards import DeckDef, Text
from engine.magus.events import Event
from engine.magus.ruleset import RULESET_VERSION, MkRuleset
from engine.magus.rulings import DEFAULT_OPTIONS, OPTION_CHOICES

INTERNAL_OPTIONS = ("scenario", "max_rounds", "match")   # match: hkk_tui.rulesets.mk.match


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


#: the ruleset with the card definitions pinned in a header (today's pool for none)
ruleset_for = RulesetCache(lambda header: MkRuleset(
    P.decode_cards(header.cards) if header.cards else P.default_pool()))


def make_header(decks: tuple[str, str], seed: int, seats: tuple[Seat, ...] | None = None,
                options: dict[str, Any] | None = None, title: str = "") -> Header:
    pool = P.default_pool()
    check_options(dict(options or {}))
    defs = [P.load_deck(d) for d in decks]
    if defs and all(d.limit == 4 for d in defs) and "copy_limit" not in (options or {}):
        options = {**(options or {}), "copy_limit": 4}      # MK 1.02.A: both decks agree
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
    header = sealed(Header(
        format_version=FORMAT_VERSION, ruleset="mk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=tuple(seats), options=dict(options or {}),
        card_pool_digest=P.digest(data), cards=data, decklists=lists, title=title,
        created=created_now()))
    # the game's own checks: its copy limit (MK 1.02.A) and its switched-off subsystems
    problem = header_problem(header)
    if problem:
        raise P.PoolError([P.Problem("", "", problem)])
    return header


def header_problem(header: Header) -> str:
    """Pinned cards that do not match their digest, decks naming cards not pinned, illegal decks
    (scenario games declare their own position and skip the deck rules)."""
    def deck_problem(n: int, deck: tuple[str, ...], pool: dict) -> str:
        d = DeckDef(f"seat-{n + 1}", Text("", ""), Text("", ""), dict(Counter(deck)),
                    limit=int(header.options.get("copy_limit", 3)))
        problems = [p.message for p in P.validate_deck(
            d, pool, f"deck {n + 1}", dev=bool(header.options.get("dev_small_decks")))]
        problems += keywords.deck_problems(list(deck), pool, header.options)
        return problems[0] if problems else ""

    return pinned_problem(header, game="M.A.G.U.S.", decode=P.decode_cards,
                          check_options=check_options, decks=2, deck_problem=deck_problem)


def codec() -> Any:
    return entry_codec(Action, Event)
