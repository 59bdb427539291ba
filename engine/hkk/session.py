"""Starting and resuming HKK games: headers that pin the card pool, rulesets per header."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from engine.core.game import CheckedLog, Game, check_header, rerun
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.hkk import pool as P
from engine.hkk.ruleset import RULESET_VERSION, HkkRuleset

_RULESETS: dict[str, HkkRuleset] = {}



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


def ruleset_for(header: Header) -> HkkRuleset:
    """The ruleset with the card definitions pinned in ``header`` (today's pool if none)."""
    key = header.card_pool_digest or "current"
    if key not in _RULESETS:
        pool = P.decode_pool(header.cards) if header.cards else P.load_pool()
        _RULESETS[key] = HkkRuleset(pool)
    return _RULESETS[key]


def make_header(decks: tuple[str, str], seed: int, seats: tuple[Seat, Seat] | None = None,
                options: dict[str, Any] | None = None, pool: dict | None = None,
                title: str = "") -> Header:
    """A header for a new game between two deck ids (or deck file paths)."""
    pool = pool if pool is not None else P.load_pool()
    deck_defs = [_deck(d, pool) for d in decks]
    if seats is None:
        seats = (Seat("Player 1", deck_defs[0].id), Seat("Player 2", deck_defs[1].id))
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="hkk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=tuple(seats), options=dict(options or {}),
        card_pool_digest=_digest(pool), cards=_encode(pool),
        decklists=tuple(tuple(P.decklist(d)) for d in deck_defs),
        created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"), title=title,
    ))


def new_game(header: Header, writer: Any = None) -> Game:
    return Game.new(ruleset_for(header), header, writer)


def scenario_header(spec: Any, seed: int = 0, pool: dict | None = None,
                    options: dict[str, Any] | None = None,
                    seats: tuple[Seat, Seat] | None = None) -> Header:
    """A header whose decklists hold exactly the scenario's cards (engine.hkk.scenario)."""
    from engine.hkk.scenario import check, decklists

    pool = pool if pool is not None else P.load_pool()
    check(spec, pool)
    opts = dict(spec.options)
    opts.update(options or {})
    return sealed(Header(
        format_version=FORMAT_VERSION, ruleset="hkk", ruleset_version=RULESET_VERSION,
        seed=seed, seats=seats or (Seat("Player 1", "scenario"), Seat("Player 2", "scenario")),
        options=opts, card_pool_digest=_digest(pool), cards=_encode(pool),
        decklists=decklists(spec), title=spec.title.en,
        created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    ))


def scenario_game(spec: Any, seed: int = 0, pool: dict | None = None,
                  options: dict[str, Any] | None = None, writer: Any = None,
                  seats: tuple[Seat, Seat] | None = None) -> Game:
    from engine.hkk.actions import SetupScenario

    header = scenario_header(spec, seed, pool, options, seats)
    ruleset = HkkRuleset(pool) if pool is not None else ruleset_for(header)
    return Game.new(ruleset, header, writer, start=SetupScenario(spec))


def codec() -> Any:
    """The save codec for HKK entries."""
    from engine.core.store import EntryCodec
    from engine.hkk.actions import Action
    from engine.hkk.events import Event

    return EntryCodec(Action, Event)


def start_saved(header: Header, path: Any = None, start: Any = None) -> Game:
    """A new game that autosaves every entry to a file of its own (crash-safe journal, locked
    while the game is open). ``path`` defaults to a new name in the saves folder; an existing
    file is never replaced."""
    from engine.core.store import SaveWriter, new_save_path

    writer = SaveWriter.create(path or new_save_path(header), header, codec())
    try:
        return Game.new(ruleset_for(header), header, writer, start=start)
    except BaseException:
        writer.close()
        raise


def check_log(header: Header, entries: list) -> tuple[str, CheckedLog | None]:
    """Re-check a recorded game against the rules: ``(problem, checked)``. ``problem`` is a
    sentence fragment ("" if the header can be trusted); ``checked`` says which entries agree."""
    ruleset = ruleset_for(header)
    problem = check_header(ruleset, header)
    if problem:
        return problem, None
    return "", rerun(ruleset, header, entries)


def check_loaded(loaded: Any) -> str:
    """Why a loaded save or export disagrees with the rules ("" if it agrees throughout)."""
    problem, checked = check_log(loaded.header, loaded.entries)
    if problem:
        return problem
    if checked is not None and checked.divergence is not None:
        return f"entry {checked.agreed} disagrees with the rules: {checked.why}"
    return ""


def resume(path: Any) -> tuple[Game, Any]:
    """Continue a saved game, locked against other processes (:class:`SaveLocked` if one has it).

    A torn or corrupted file is recovered first; then every recorded action is re-run through
    the rules and its events compared with the recorded ones. A record that disagrees is damage:
    the agreeing prefix is kept, the original backed up. An edited header (decks, seats, options,
    seed, cards) cannot be trusted at all and is refused with :class:`SaveError`, the file
    untouched. Returns the game and the LoadedSave (its ``problem`` and ``backup`` say what
    recovery did; both empty if the file was whole)."""
    from engine.core.store import SaveError, SaveWriter

    loaded, writer = SaveWriter.open_append(path, codec())
    try:
        ruleset = ruleset_for(loaded.header)
        problem = check_header(ruleset, loaded.header)
        if problem:
            raise SaveError(f"The save '{loaded.path.name}' cannot be continued: {problem}. "
                            "It was left untouched.")
        game, checked = Game.from_checked(ruleset, loaded.header, loaded.entries, loaded.redo,
                                          writer)
        if checked.divergence is not None:
            loaded = writer.cut_to(checked.agreed, codec(), checked.why)
            writer.n_entries = len(game.entries)
        return game, loaded
    except BaseException:
        writer.close()
        raise


def open_read_only(path: Any) -> tuple[Game, str]:
    """A saved game for the replay viewer and debugger (no lock, nothing written): the entries the
    rules agree with, and why the rest were left out ("" if none were)."""
    from engine.core.store import SaveError, load

    loaded = load(path, codec())
    problem, checked = check_log(loaded.header, loaded.entries)
    if problem:
        raise SaveError(f"The save '{loaded.path.name}' cannot be trusted: {problem}.")
    assert checked is not None
    entries = loaded.entries[:checked.agreed]
    game = Game.from_log(ruleset_for(loaded.header), loaded.header, entries)
    notes = [loaded.problem] if loaded.damaged else []
    if checked.divergence is not None:
        notes.append(f"The save '{loaded.path.name}' disagrees with the rules at entry "
                     f"{checked.agreed} ({checked.why}); the replay ends before it.")
    return game, " ".join(notes)


def branch(header: Header, entries: list, at: int, source: str, seats: tuple[Seat, Seat],
           path: Any) -> Any:
    """"Play from here": a new save holding the first ``at`` entries of a game, with new seats,
    that records which game and entry it branched from. Returns the path written."""
    import msgspec

    from engine.core.store import SaveWriter

    if not 1 <= at <= len(entries):
        raise ValueError(f"cannot branch at entry {at}: the game has {len(entries)} entries")
    new = sealed(msgspec.structs.replace(
        header, seats=tuple(seats), branched_from=(source, at), format_version=FORMAT_VERSION,
        created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        title=f"{header.title or source} @ {at}"))
    writer = SaveWriter.create(path, new, codec())
    try:
        for entry in entries[:at]:
            writer.append(entry)
    finally:
        writer.close()
    return path
