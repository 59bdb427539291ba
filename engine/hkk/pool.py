"""The card pool and preconstructed decks: reading the files, deck checks, loading and pinning
(digest / msgpack). The checks of a card record itself live in :mod:`engine.hkk.cardcheck`.

Cards live as TOML data in ``decks/hkk/pool/*.toml`` (one ``[[card]]`` table per card, schema in
:mod:`engine.hkk.cards`); decks in ``decks/hkk/decks/<id>.toml`` (a :class:`DeckDef`). Both
directories are package data of the ``decks`` package, found with :mod:`importlib.resources`, so
they work after a non-editable install too.

Every problem the validator finds is a :class:`Problem` whose ``message`` is a plain English
sentence naming the file, the card and what to do about it. :func:`load_pool` and
:func:`load_deck` raise :class:`PoolError` (carrying all problems) instead of a traceback.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

from engine.core.content import ContentError, display_path, read_toml, schema_error
from engine.hkk.cardcheck import ID_RE, Problem, Reporter, suggest, unknown, validate_cards
from engine.hkk.cards import GODS, CardDef, DeckDef

__all__ = [
    "POOL_DIR", "DECK_DIR", "Problem", "PoolError", "load_pool", "default_pool", "pool_digest",
    "encode_pool", "decode_pool", "load_deck", "list_decks", "decklist", "validate_files",
    "validate_cards", "validate_deck", "MIN_DECK_SIZE", "MAX_COPIES",
]

_DATA = importlib.resources.files("decks")
#: Directory of the shipped card pool files (``decks/hkk/pool``).
POOL_DIR = Path(str(_DATA / "hkk" / "pool"))
#: Directory of the shipped preconstructed decks (``decks/hkk/decks``).
DECK_DIR = Path(str(_DATA / "hkk" / "decks"))

MIN_DECK_SIZE = 30          # K 2.3.6
MAX_COPIES = 3              # K 2.3.7


# ---------------------------------------------------------------------------- problems
class PoolError(ContentError):
    """Bad card or deck data; ``problems`` lists everything that is wrong."""


def _display(path: Path | str) -> str:
    return display_path(path, POOL_DIR.parents[2])


def _convert_error(exc: msgspec.ValidationError, at: str = "$") -> str:
    return schema_error(exc, at, "engine/hkk/cards.py")


def _is_pool_data(path: Path, data: dict[str, Any]) -> bool:
    if "card" in data:
        return True
    if "cards" in data or "description" in data:
        return False
    return path.parent.name == "pool"


def _parse_pool_file(path: Path, data: dict[str, Any], rep: Reporter) -> list[CardDef]:
    extra = [k for k in data if k != "card"]
    for key in extra:
        rep.add("", f"unknown top-level key '{key}'; a pool file may only contain [[card]] "
                    f"tables, remove '{key}'.")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        rep.add("", "'card' must be an array of tables; write each card as a [[card]] table.")
        return []
    cards: list[CardDef] = []
    for index, raw in enumerate(raw_cards):
        cid = raw.get("id", "") if isinstance(raw, dict) else ""
        label = cid if isinstance(cid, str) and cid else f"#{index + 1}"
        try:
            card = msgspec.convert(raw, CardDef)
        except msgspec.ValidationError as exc:
            text = _convert_error(exc, f"$.card[{index}]")
            rep.add(label, text)
            continue
        cards.append(card)
    return cards


# ---------------------------------------------------------------------------- deck checks
def validate_deck(deck: DeckDef, pool: dict[str, CardDef], file: str = "") -> list[Problem]:
    """Deck legality (K 2.3.6-2.3.7) and consistency with the pool."""
    rep = Reporter(file or f"deck '{deck.id}'")
    if not ID_RE.match(deck.id):
        rep.add("", f"deck id '{deck.id}' must be lowercase words joined by dashes; rename it.")
    if file and Path(file).stem != deck.id:
        rep.add("", f"deck id '{deck.id}' does not match the file name '{Path(file).name}'; "
                    f"name the file {deck.id}.toml or change the id.")
    for god in deck.gods:
        if god not in GODS:
            rep.add("", unknown("deck god", god, GODS))
    total = 0
    for cid, copies in deck.cards.items():
        if cid not in pool:
            rep.add(cid, f"is not in the card pool{suggest(cid, pool)}; use an existing card "
                         f"id from decks/hkk/pool/*.toml.")
        if copies < 1:
            rep.add(cid, f"has {copies} copies; use 1 to {MAX_COPIES} or remove the line.")
        elif copies > MAX_COPIES:
            rep.add(cid, f"has {copies} copies, but a deck may hold at most {MAX_COPIES} cards of "
                         f"one name (K 2.3.7); lower it to {MAX_COPIES}.")
        total += max(copies, 0)
        card = pool.get(cid)
        if card is not None and deck.gods and card.god != "colourless" and \
                card.god not in deck.gods:
            rep.add(cid, f"is a {card.god} card but the deck lists gods "
                         f"[{', '.join(deck.gods)}]; add '{card.god}' to gods or remove the card.")
    # the same name under two ids also counts against the copy limit (K 2.3.7, 6.5.1)
    by_name: dict[str, int] = {}
    for cid, copies in deck.cards.items():
        if cid in pool:
            by_name[pool[cid].name.hu] = by_name.get(pool[cid].name.hu, 0) + max(copies, 0)
    for name, copies in by_name.items():
        if copies > MAX_COPIES and sum(1 for c in deck.cards if c in pool
                                       and pool[c].name.hu == name) > 1:
            rep.add("", f"holds {copies} cards named '{name}' across several ids; at most "
                        f"{MAX_COPIES} of one name are allowed (K 2.3.7).")
    if total < MIN_DECK_SIZE:
        rep.add("", f"deck '{deck.id}' has only {total} cards; a deck needs at least "
                    f"{MIN_DECK_SIZE} (K 2.3.6), add {MIN_DECK_SIZE - total} more.")
    for text in (deck.name.hu, deck.name.en, deck.description.hu, deck.description.en):
        if not text.strip():
            rep.add("", "deck name and description need both hu and en text; fill them in.")
            break
    return rep.problems


def _parse_deck(path: Path, data: dict[str, Any], rep: Reporter) -> DeckDef | None:
    try:
        return msgspec.convert(data, DeckDef)
    except msgspec.ValidationError as exc:
        rep.add("", _convert_error(exc))
        return None


# ---------------------------------------------------------------------------- validate_files
def _shipped_files() -> list[Path]:
    return sorted(POOL_DIR.glob("*.toml")) + sorted(DECK_DIR.glob("*.toml"))


def _scan(paths: list[Path]) -> tuple[list[Problem], dict[str, CardDef], bool,
                                      list[tuple[Path, DeckDef]]]:
    """Parse and check files. Returns problems, the cards found, whether any pool file was
    among them, and the parsed decks (checked later against a pool)."""
    problems: list[Problem] = []
    cards: list[tuple[str, CardDef]] = []
    decks: list[tuple[Path, DeckDef]] = []
    saw_pool = False
    for path in paths:
        path = Path(path)
        rep = Reporter(_display(path))
        data = read_toml(path, rep)
        if data is not None:
            if _is_pool_data(path, data):
                saw_pool = True
                cards += [(rep.file, c) for c in _parse_pool_file(path, data, rep)]
            else:
                deck = _parse_deck(path, data, rep)
                if deck is not None:
                    decks.append((path, deck))
        problems += rep.problems
    problems += validate_cards(cards)
    pool = {c.id: c for _, c in sorted(cards, key=lambda fc: fc[1].id)}
    return problems, pool, saw_pool, decks


def validate_files(paths: list[Path] | None = None) -> list[Problem]:
    """Validate pool and deck files; with no paths, the shipped pool and every shipped deck.

    Decks are checked against the cards of the pool files given (or the shipped pool when no
    pool file is among ``paths``).
    """
    files = _shipped_files() if paths is None else [Path(p) for p in paths]
    problems, pool, saw_pool, decks = _scan(files)
    if decks and not saw_pool:
        try:
            pool = default_pool()
        except PoolError as exc:
            problems += exc.problems
            pool = {}
    for path, deck in decks:
        problems += validate_deck(deck, pool, _display(path))
    return problems


# ---------------------------------------------------------------------------- loading
def load_pool(paths: Iterable[Path] | None = None) -> dict[str, CardDef]:
    """Load and validate the card pool; returns cards by id, ordered by id.

    Raises :class:`PoolError` listing every problem if the data is bad.
    """
    files = sorted(POOL_DIR.glob("*.toml")) if paths is None else [Path(p) for p in paths]
    problems, pool, _saw, decks = _scan(files)
    for path, _deck in decks:
        problems.append(Problem(_display(path), "", f"{_display(path)}: is a deck file, not a "
                                                    f"card pool file; load it with load_deck()."))
    if problems:
        raise PoolError(problems)
    return pool


@functools.cache
def default_pool() -> dict[str, CardDef]:
    """The shipped card pool, loaded once."""
    return load_pool()


def _canonical(pool: dict[str, CardDef]) -> list[CardDef]:
    return [pool[k] for k in sorted(pool)]


_ENCODER = msgspec.msgpack.Encoder(order="deterministic")
_DECODER = msgspec.msgpack.Decoder(list[CardDef])


def encode_pool(pool: dict[str, CardDef]) -> bytes:
    """Canonical msgpack encoding of the pool (cards sorted by id); used to pin cards in saves."""
    return _ENCODER.encode(_canonical(pool))


def decode_pool(data: bytes) -> dict[str, CardDef]:
    """Inverse of :func:`encode_pool`."""
    try:
        cards = _DECODER.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise PoolError([Problem("<msgpack>", "", f"<msgpack>: the pinned card pool cannot be "
                                                  f"decoded ({exc}); the save file is damaged "
                                                  f"or from an incompatible version.")]) from exc
    return {c.id: c for c in sorted(cards, key=lambda c: c.id)}


def pool_digest(pool: dict[str, CardDef]) -> str:
    """sha256 hex digest of the canonical msgpack encoding of the pool."""
    return hashlib.sha256(encode_pool(pool)).hexdigest()


def _deck_path(id_or_path: str | Path) -> Path:
    if isinstance(id_or_path, Path):
        return id_or_path
    text = str(id_or_path)
    if text.endswith(".toml") or "/" in text or "\\" in text:
        return Path(text)
    return DECK_DIR / f"{text}.toml"


def load_deck(id_or_path: str | Path, pool: dict[str, CardDef] | None = None) -> DeckDef:
    """Load a deck by id (from the shipped decks) or by path and check it against ``pool``.

    Raises :class:`PoolError` if the file is missing or bad or the deck is illegal.
    """
    pool = default_pool() if pool is None else pool
    path = _deck_path(id_or_path)
    rep = Reporter(_display(path))
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in DECK_DIR.glob("*.toml")))
        rep.add("", f"deck '{id_or_path}' not found; use one of: {known}, or give the path of "
                    f"a deck .toml file.")
        raise PoolError(rep.problems)
    data = read_toml(path, rep)
    deck = _parse_deck(path, data, rep) if data is not None else None
    if deck is None:
        raise PoolError(rep.problems)
    problems = validate_deck(deck, pool, rep.file)
    if problems:
        raise PoolError(problems)
    return deck


def list_decks(pool: dict[str, CardDef] | None = None) -> list[DeckDef]:
    """Every shipped deck, sorted by id."""
    pool = default_pool() if pool is None else pool
    decks = [load_deck(p, pool) for p in sorted(DECK_DIR.glob("*.toml"))]
    return sorted(decks, key=lambda d: d.id)


def decklist(deck: DeckDef) -> list[str]:
    """Card ids expanded by copies, sorted by id (stable across runs and dict orders)."""
    return [cid for cid, copies in sorted(deck.cards.items()) for _ in range(copies)]
