"""Summoner Wars content: the card pool (``decks/sw/cards/*.toml``), the ready decks
(``decks/sw/decks/*.toml``), their validation and their pinning into a save's header.

Every problem is a :class:`Problem` whose message is one plain sentence: the file, the card, what
is wrong and what to do. :func:`load_pool` and :func:`load_deck` raise :class:`PoolError`
(carrying every problem) instead of a traceback.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections import Counter
from pathlib import Path
from typing import Any, Iterable

import msgspec

from engine.core.content import (
    ContentError, Problem, Reporter, display_path, read_toml, schema_error, unknown,
)
from engine.core.content import digest  # noqa: F401 - P.digest seals the pins
from engine.sw import board as B
from engine.sw.cards import (
    ATTACK_TYPES, CLASS_WORDS, KEYWORDS, KINDS, PHASES, STEPS, WHEN, Ability, CardDef, DeckDef,
    Filter, Step,
)

_DATA = importlib.resources.files("decks")
CARD_DIR = Path(str(_DATA / "sw" / "cards"))
DECK_DIR = Path(str(_DATA / "sw" / "decks"))

DECK_SIZE = 34            # SW Pakliépítés.1
COMMON_EVENTS = 6
CHAMPIONS = 3
COMMONS = 16
GATES = 3                 # 5-life gates besides the 10-life starting gate
COPIES = {"common_event": 2, "champion": 1, "common": 4}   # SW Pakliépítés.2
_ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_SCHEMA = "engine/sw/cards.py"


class PoolError(ContentError):
    game = "Summoner Wars"


def _display(path: Path | str) -> str:
    return display_path(path, CARD_DIR.parents[2])


# ---------------------------------------------------------------------------- cards
def _parse_cards(data: dict[str, Any], rep: Reporter) -> list[CardDef]:
    extra = [k for k in data if k != "card"]
    if extra:
        rep.add("", f"unknown top-level key(s) {', '.join(extra)}; a card file holds only "
                    "[[card]] tables.")
    raw = data.get("card", [])
    if not isinstance(raw, list):
        rep.add("", "'card' must be a list of [[card]] tables.")
        return []
    out = []
    for n, item in enumerate(raw):
        name = item.get("id", f"#{n + 1}") if isinstance(item, dict) else f"#{n + 1}"
        try:
            out.append(msgspec.convert(item, CardDef))
        except msgspec.ValidationError as exc:
            rep.add(str(name), schema_error(exc, f"$.card[{n}]", _SCHEMA))
    return out


def _check_filter(rep: Reporter, cid: str, f: Filter | None, where: str) -> None:
    while f is not None:
        for w in (*f.cls, *f.not_cls):
            if w not in CLASS_WORDS:
                rep.add(cid, f"{where}: " + unknown("class word", w, CLASS_WORDS))
        f = f.adjacent_to


def _check_steps(rep: Reporter, cid: str, steps: tuple[Step, ...], where: str) -> None:
    choices = 0
    for k, st in enumerate(steps):
        at = f"{where} step {k + 1}"
        if st.do not in STEPS:
            rep.add(cid, f"{at}: " + unknown("step", st.do, STEPS))
            continue
        _check_filter(rep, cid, st.filter, at)
        _check_filter(rep, cid, st.per, at)
        if st.do == "choose_one":
            if len(st.choices) < 2:
                rep.add(cid, f"{at}: a choose_one needs at least two 'choices' (texts in hu and "
                             "en).")
            choices = len(st.choices)
        if st.branch >= 0 and st.branch >= choices:
            rep.add(cid, f"{at}: branch {st.branch} names no option of an earlier choose_one; "
                         f"use 0 to {max(choices - 1, 0)}.")
        if st.do == "choose_square" and st.at.partition(":")[0] not in ("adjacent", "line", ""):
            rep.add(cid, f"{at}: 'at' must be adjacent:<self|gate|summoner|slot> or line.")
        if st.do in ("damage", "heal", "charge", "strength", "gain_magic", "spend_magic",
                     "spend_charge") and st.amount <= 0 and st.per is None \
                and not st.amount_from:
            rep.add(cid, f"{at}: '{st.do}' needs an 'amount' of at least 1 (or 'per' or "
                         "'amount_from').")
        if st.do == "push" and not 1 <= st.min <= st.max:
            rep.add(cid, f"{at}: a push needs 1 <= min <= max squares.")


def _check_ability(rep: Reporter, card: CardDef, n: int, ab: Ability) -> None:
    at = f"ability {n + 1} ({ab.name.en or '?'})"
    if not ab.name.hu or not ab.name.en or not ab.text.hu or not ab.text.en:
        rep.add(card.id, f"{at}: give its name and text in both languages (hu and en).")
    kinds = [k for k, on in (("keyword", bool(ab.keyword)), ("modifier", ab.modifier is not None),
                             ("dice", ab.dice is not None), ("when", bool(ab.when)),
                             ("activate", bool(ab.activate or ab.instead))) if on]
    if len(kinds) != 1:
        rep.add(card.id, f"{at}: an ability is exactly one of keyword, modifier, dice, when or "
                         f"activate/instead (it has {', '.join(kinds) or 'none'}).")
    if ab.keyword and ab.keyword not in KEYWORDS:
        rep.add(card.id, f"{at}: " + unknown("keyword", ab.keyword, KEYWORDS))
    if ab.when and ab.when not in WHEN:
        rep.add(card.id, f"{at}: " + unknown("trigger 'when'", ab.when, WHEN))
    if ab.when in ("start_of_phase", "end_of_phase") and ab.phase not in PHASES:
        rep.add(card.id, f"{at}: a phase trigger needs 'phase', one of {', '.join(PHASES)}.")
    if ab.activate and ab.activate not in PHASES:
        rep.add(card.id, f"{at}: " + unknown("phase", ab.activate, PHASES))
    if ab.under and (ab.when or ab.activate or ab.instead):
        rep.add(card.id, f"{at}: only keywords, modifiers and dice rules work from under a "
                         "card; drop 'under' or make it one of those.")
    if (ab.when or ab.activate or ab.instead) and not ab.steps:
        rep.add(card.id, f"{at}: a triggered or activated ability needs 'steps'.")
    if ab.modifier is not None:
        _check_filter(rep, card.id, ab.modifier.per, at)
        _check_filter(rep, card.id, ab.modifier.applies_to, at)
    _check_filter(rep, card.id, ab.filter, at)
    _check_steps(rep, card.id, ab.steps, at)


def _check_card(rep: Reporter, card: CardDef) -> None:
    cid = card.id
    if not _ID_RE.match(cid):
        rep.add(cid, "the id must be lower-case words joined by '-', e.g. 'pd-frost-mage'.")
    if card.kind not in KINDS:
        rep.add(cid, unknown("kind", card.kind, KINDS))
        return
    if not card.name.hu or not card.name.en:
        rep.add(cid, "give its name in both languages (hu and en).")
    if card.attack not in ATTACK_TYPES:
        rep.add(cid, unknown("attack", card.attack, ATTACK_TYPES[:2]))
    if card.is_unit:
        if card.attack not in ("melee", "ranged"):
            rep.add(cid, "a unit needs attack = \"melee\" or \"ranged\".")
        if card.life <= 0:
            rep.add(cid, "a unit needs a life of at least 1.")
    if card.is_structure and card.life <= 0:
        rep.add(cid, "a structure needs a life of at least 1.")
    if card.cost < 0 or card.strength < 0:
        rep.add(cid, "cost and strength cannot be negative.")
    if card.kind == "event":
        if card.phase not in PHASES[:5]:
            rep.add(cid, "an event needs 'phase' (the phase it is played in): "
                         f"{', '.join(PHASES[:5])} (the draw phase runs by itself).")
        if card.text is None or not card.text.hu or not card.text.en:
            rep.add(cid, "an event needs its effect 'text' in hu and en.")
    if card.kind == "summoner":
        if len(card.starting) != 2 or len(card.epics) != 2:
            rep.add(cid, "a summoner names its 2 starting units ('starting') and 2 epic events "
                         "('epics').")
        if not card.layout:
            rep.add(cid, "a summoner needs its starting 'layout' (summoner, starting units and "
                         "the 10-life gate, squares in its owner's frame such as 'c2').")
    seen: set[str] = set()
    for lay in card.layout:
        try:
            sq = B.parse(lay.square)
        except ValueError as exc:
            rep.add(cid, f"layout: {exc}.")
            continue
        if not B.on_own_half(sq, 0):
            rep.add(cid, f"layout: {lay.square} is not on its owner's half (rows 1-4).")
        if lay.square in seen:
            rep.add(cid, f"layout: two cards on {lay.square}; give each its own square.")
        seen.add(lay.square)
    for n, ab in enumerate(card.abilities):
        _check_ability(rep, card, n, ab)
    _check_steps(rep, cid, card.steps, "effect")


def validate_cards(cards: Iterable[tuple[str, CardDef]]) -> list[Problem]:
    problems: list[Problem] = []
    ids: dict[str, str] = {}
    for file, card in cards:
        rep = Reporter(file)
        if card.id in ids:
            rep.add(card.id, f"the id is used twice (also in {ids[card.id]}); give each card its "
                             "own id.")
        ids[card.id] = file
        _check_card(rep, card)
        problems += rep.problems
    known = set(ids)
    for file, card in cards:
        for ref in (*card.starting, *card.epics, *(lay.card for lay in card.layout)):
            if ref not in known:
                problems.append(Problem(file, card.id, f"{file}: card '{card.id}': names card "
                                        f"'{ref}', which is not in the pool; add it or fix the "
                                        "id."))
    return problems


# ---------------------------------------------------------------------------- decks
def validate_deck(deck: DeckDef, pool: dict[str, CardDef], file: str = "") -> list[Problem]:
    """SW Pakliépítés.1-2: 34 cards — 1 summoner, the 10-life gate and 3 5-life gates, the 2
    starting units and 2 epic events the summoner names, 6 common events (at most 2 of one),
    3 different champions, 16 commons (at most 4 of one, starting units apart); every unit and
    event shares a deck symbol with the summoner; the layout's cards are in the deck."""
    rep = Reporter(file or f"deck '{deck.id}'")
    missing = [c for c in deck.cards if c not in pool]
    for c in missing:
        rep.add(c, unknown("card", c, sorted(pool))[:300] + " Add the card to the pool or fix "
                   "the id.")
    if missing:
        return rep.problems
    for c, n in deck.cards.items():
        if n < 1:
            rep.add(c, f"has {n} copies; list a card with 1 or more copies, or remove it.")
    total = sum(deck.cards.values())
    if total != DECK_SIZE:
        rep.add("", f"has {total} cards; a deck has exactly {DECK_SIZE} (SW Pakliépítés.1).")
    summoners = [c for c in deck.cards if pool[c].kind == "summoner"]
    if len(summoners) != 1 or deck.cards[summoners[0]] != 1:
        rep.add("", "needs exactly one summoner (SW Pakliépítés.1).")
        return rep.problems
    summ = pool[summoners[0]]
    count = Counter({c: n for c, n in deck.cards.items()})
    start_gates = sum(n for c, n in count.items() if pool[c].gate and pool[c].life >= 10)
    gates = sum(n for c, n in count.items() if pool[c].gate and pool[c].life < 10
                and pool[c].kind == "structure")
    if start_gates != 1 or gates != GATES:
        rep.add("", f"needs the 10-life starting gate once and {GATES} 5-life gates (it has "
                    f"{start_gates} and {gates}).")
    for s in summ.starting:
        count[s] -= 1
        if count[s] < 0:
            rep.add(s, f"is a starting unit of {summ.id} but not in the deck; add it.")
    for e in summ.epics:
        count[e] -= 1
        if count[e] < 0:
            rep.add(e, f"is an epic event of {summ.id} but not in the deck; add it.")
    epics = [c for c, n in count.items() if pool[c].kind == "event" and pool[c].epic and n > 0]
    for c in epics:
        rep.add(c, f"is an epic event that {summ.id} does not name; a deck holds only its "
                   "summoner's 2 epic events.")
    buckets = {"common_event": COMMON_EVENTS, "champion": CHAMPIONS, "common": COMMONS}
    for bucket, want in buckets.items():
        have = 0
        for c, n in count.items():
            d = pool[c]
            kind = "common_event" if d.kind == "event" and not d.epic else d.kind
            if kind != bucket or n <= 0:
                continue
            have += n
            if n > COPIES[bucket]:
                what = bucket.replace("_", " ")
                rep.add(c, f"has {n} copies; at most {COPIES[bucket]} of one {what} "
                           "(SW Pakliépítés.2).")
        if have != want:
            rep.add("", f"has {have} {bucket.replace('_', ' ')}s; a deck has {want} (not counting "
                        "the starting units) (SW Pakliépítés.1).")
    symbols = set(summ.symbols)
    for c in deck.cards:
        d = pool[c]
        if (d.is_unit or d.kind == "event") and d.kind != "summoner" and \
                not symbols.intersection(d.symbols):
            rep.add(c, f"shares no deck symbol with {summ.id} ({', '.join(sorted(symbols))}); "
                       "choose cards of the summoner's faction (SW Pakliépítés.2).")
    for lay in summ.layout:
        if lay.card not in deck.cards:
            rep.add(lay.card, f"is in {summ.id}'s starting layout but not in the deck; add it.")
    return rep.problems


def _parse_deck(data: dict[str, Any], rep: Reporter) -> DeckDef | None:
    try:
        return msgspec.convert(data, DeckDef)
    except msgspec.ValidationError as exc:
        rep.add("", schema_error(exc, "$", _SCHEMA))
        return None


# ---------------------------------------------------------------------------- files
def _scan(paths: list[Path]) -> tuple[list[Problem], dict[str, CardDef], bool,
                                      list[tuple[Path, DeckDef]]]:
    problems: list[Problem] = []
    cards: list[tuple[str, CardDef]] = []
    decks: list[tuple[Path, DeckDef]] = []
    saw_cards = False
    for path in paths:
        rep = Reporter(_display(path))
        data = read_toml(Path(path), rep)
        if data is not None:
            if "card" in data or (Path(path).parent.name == "cards" and "cards" not in data):
                saw_cards = True
                cards += [(rep.file, c) for c in _parse_cards(data, rep)]
            else:
                deck = _parse_deck(data, rep)
                if deck is not None:
                    decks.append((Path(path), deck))
        problems += rep.problems
    problems += validate_cards(cards)
    return problems, {c.id: c for _, c in sorted(cards, key=lambda fc: fc[1].id)}, saw_cards, decks


def shipped_files() -> list[Path]:
    return sorted(CARD_DIR.glob("*.toml")) + sorted(DECK_DIR.glob("*.toml"))


def validate_files(paths: list[Path] | None = None) -> list[Problem]:
    """Validate card and deck files (default: the shipped ones); decks are checked against the
    card files given, or the shipped pool when none is given."""
    files = shipped_files() if paths is None else [Path(p) for p in paths]
    problems, pool, saw_cards, decks = _scan(files)
    if decks and not saw_cards:
        try:
            pool = default_pool()
        except PoolError as exc:
            problems += exc.problems
    for path, deck in decks:
        problems += validate_deck(deck, pool, _display(path))
    return problems


def load_pool(paths: Iterable[Path] | None = None) -> dict[str, CardDef]:
    files = sorted(CARD_DIR.glob("*.toml")) if paths is None else [Path(p) for p in paths]
    problems, pool, _saw, decks = _scan(files)
    for path, _ in decks:
        problems.append(Problem(_display(path), "", f"{_display(path)}: is a deck file, not a "
                                "card file; load it with load_deck()."))
    if problems:
        raise PoolError(problems)
    return pool


@functools.cache
def default_pool() -> dict[str, CardDef]:
    return load_pool()


def _deck_path(id_or_path: str | Path) -> Path:
    text = str(id_or_path)
    if isinstance(id_or_path, Path) or text.endswith(".toml") or "/" in text or "\\" in text:
        return Path(text)
    return DECK_DIR / f"{text}.toml"


def load_deck(id_or_path: str | Path, pool: dict[str, CardDef] | None = None) -> DeckDef:
    pool = default_pool() if pool is None else pool
    path = _deck_path(id_or_path)
    rep = Reporter(_display(path))
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in DECK_DIR.glob("*.toml")))
        rep.add("", f"deck '{id_or_path}' not found; use one of: {known}, or give the path of "
                    "a deck .toml file.")
        raise PoolError(rep.problems)
    data = read_toml(path, rep)
    deck = _parse_deck(data, rep) if data is not None else None
    if deck is None:
        raise PoolError(rep.problems)
    problems = validate_deck(deck, pool, rep.file)
    if problems:
        raise PoolError(problems)
    return deck


def list_decks(pool: dict[str, CardDef] | None = None) -> list[DeckDef]:
    pool = default_pool() if pool is None else pool
    return sorted((load_deck(p, pool) for p in sorted(DECK_DIR.glob("*.toml"))),
                  key=lambda d: d.id)


def decklist(deck: DeckDef) -> list[str]:
    """Card ids expanded by copies, sorted by id."""
    return [cid for cid, n in sorted(deck.cards.items()) for _ in range(n)]


# ---------------------------------------------------------------------------- pinning
_ENC = msgspec.msgpack.Encoder(order="deterministic")
_DEC = msgspec.msgpack.Decoder(list[CardDef])


def encode_cards(cards: dict[str, CardDef]) -> bytes:
    """Canonical msgpack of the cards (sorted by id): pinned into a save's header."""
    return _ENC.encode([cards[k] for k in sorted(cards)])


def decode_cards(data: bytes) -> dict[str, CardDef]:
    try:
        cards = _DEC.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise PoolError([Problem("<header>", "", f"the pinned Summoner Wars cards cannot be "
                                 f"decoded ({exc}); the save is damaged or from an incompatible "
                                 "version.")]) from exc
    return {c.id: c for c in cards}


