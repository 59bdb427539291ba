"""Starting and resuming HKK games: headers that pin the card pool, rulesets per header."""

from __future__ import annotations

from typing import Any

from engine.core.content import RulesetCache, created_now, entry_codec
from engine.core.game import CheckedLog, Game
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.hkk import pool as P
from engine.hkk.actions import Action, SetupScenario
from engine.hkk.events import Event
from engine.hkk.ruleset import RULESET_VERSION, HkkRuleset
from engine.hkk.scenario import check, decklists

_PINNED: dict[int, tuple[dict, bytes, str]] = {}
_DECKS: dict[tuple[str, int], Any] = {}


def _pinned(pool: dict) -> tuple[bytes, str]:
    """The pool's encoding and digest, computed once per pool object."""
    hit = _PINNED.get(id(pool))
    if hit is None or hit[0] is not pool:
        hit = (pool, P.encode_pool(pool), P.pool_digest(pool))
        _PINNED[id(pool)] = hit
    return hit[1], hit[2]


def _encode(pool: dict) -> bytes:
    return _pinned(pool)[0]


def _digest(pool: dict) -> str:
    return _pinned(pool)[1]


def _deck(deck: str, pool: dict) -> Any:
    """Load (and check) a deck once per pool; files given by path are always re-read."""
    if "/" in deck or deck.endswith(".toml"):
        return P.load_deck(deck, pool)
    key = (deck, id(pool))
    if key not in _DECKS:
        _DECKS[key] = P.load_deck(deck, pool)
    return _DECKS[key]


#: the ruleset with the card definitions pinned in a header (today's pool if none)
ruleset_for = RulesetCache(lambda header: HkkRuleset(
    P.decode_pool(header.cards) if header.cards else P.load_pool()))


def make_header(decks: tuple[str, str], seed: int, seats: tuple[Seat, Seat] | None = None,
                options: dict[str, Any] | None = None, pool: dict | None = None,
                title: str = "") -> Header:
    """A header for a new game between two deck ids (or deck file paths)."""
    pool = pool if pool is not None else P.default_pool()
    deck_defs = [_deck(d, pool) for d in decks]
    if seats is None:
        seats = (Seat("Player 1", deck_defs[0].id), Seat("Player 2", deck_defs[1].id))
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="hkk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=tuple(seats), options=dict(options or {}),
        card_pool_digest=_digest(pool), cards=_encode(pool),
        decklists=tuple(tuple(P.decklist(d)) for d in deck_defs),
        created=created_now(), title=title,
    ))


def new_game(header: Header, writer: Any = None) -> Game:
    return Game.new(ruleset_for(header), header, writer)


def scenario_header(spec: Any, seed: int = 0, pool: dict | None = None,
                    options: dict[str, Any] | None = None,
                    seats: tuple[Seat, Seat] | None = None) -> Header:
    """A header whose decklists hold exactly the scenario's cards (engine.hkk.scenario)."""
    pool = pool if pool is not None else P.load_pool()
    check(spec, pool)
    opts = dict(spec.options)
    opts.update(options or {})
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="hkk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=seats or (Seat("Player 1", "scenario"), Seat("Player 2", "scenario")),
        options=opts, card_pool_digest=_digest(pool), cards=_encode(pool),
        decklists=decklists(spec), title=spec.title.en,
        created=created_now(),
    ))


def scenario_game(spec: Any, seed: int = 0, pool: dict | None = None,
                  options: dict[str, Any] | None = None, writer: Any = None,
                  seats: tuple[Seat, Seat] | None = None) -> Game:
    header = scenario_header(spec, seed, pool, options, seats)
    ruleset = HkkRuleset(pool) if pool is not None else ruleset_for(header)
    return Game.new(ruleset, header, writer, start=SetupScenario(spec))


def codec() -> Any:
    """The save codec for HKK entries."""
    return entry_codec(Action, Event)


def start_saved(header: Header, path: Any = None, start: Any = None) -> Game:
    """A new game in a save file of its own (engine.core.sessions.start_saved)."""
    from engine.core import sessions

    return sessions.start_saved(header, path, start)


def check_log(header: Header, entries: list) -> tuple[str, CheckedLog | None]:
    """Re-check a recorded game against the rules (engine.core.sessions.check_log)."""
    from engine.core import sessions

    return sessions.check_log(header, entries)


def check_loaded(loaded: Any) -> str:
    """Why a loaded save disagrees with the rules (engine.core.sessions.check_loaded)."""
    from engine.core import sessions

    return sessions.check_loaded(loaded)


def resume(path: Any) -> tuple[Game, Any]:
    """Continue a saved game, locked, recovered and re-checked (engine.core.sessions.resume)."""
    from engine.core import sessions

    return sessions.resume(path)


def open_read_only(path: Any) -> tuple[Game, str]:
    """A saved game for the replay viewer (engine.core.sessions.open_read_only)."""
    from engine.core import sessions

    return sessions.open_read_only(path)


def branch(header: Header, entries: list, at: int, source: str, seats: tuple[Seat, ...],
           path: Any) -> Any:
    """"Play from here" as a new save (engine.core.sessions.branch)."""
    from engine.core import sessions

    return sessions.branch(header, entries, at, source, seats, path)
