"""M.A.G.U.S. content: the card pool (``decks/mk/cards/*.toml``), the ready decks
(``decks/mk/decks/*.toml``), their validation (MK 1.02, MK 1.13) and their pinning into a save's
header. Every problem is one plain sentence naming the file, the card and what to do; a broken
file raises :class:`PoolError` carrying them all, never a traceback."""

from __future__ import annotations

import functools
import importlib.resources
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec

from engine.core.content import ContentError, Problem, digest  # noqa: F401 - P.digest seals the pins
from engine.magus.cards import (
    ALIGNMENTS, BOOSTABLE, CASTES, DURATIONS, KEYWORDS, OBSTACLE_KINDS, OPS, PHASE_TAGS,
    PLAYABLE_TYPES, REACHES, SLOTS, SPEEDS, SUBTYPES, TARGETS, TRIGGER_OPS, TYPES, CardDef,
    ConditionError, DeckDef, parse_condition,
)

_DATA = importlib.resources.files("decks")
CARD_DIR = Path(str(_DATA / "mk" / "cards"))
DECK_DIR = Path(str(_DATA / "mk" / "decks"))
MIN_FUTURE = {3: 40, 4: 60}                   # MK 1.02.B-C
SIDEBOARD = {3: 12, 4: 15}                    # MK 1.13.E-F
STARTING_TOWERS = 3                           # MK 1.08.B


class PoolError(ContentError):
    game = "M.A.G.U.S."


def _check_card(d: CardDef, file: str) -> list[Problem]:
    from engine.magus.keywords import check as keyword_problems

    out: list[Problem] = []

    def bad(msg: str) -> None:
        out.append(Problem(file, d.id, f"{file}: card {d.id}: {msg}"))

    if d.type not in TYPES:
        bad(f"type {d.type!r} is not one of {', '.join(TYPES)}")
    elif d.type not in PLAYABLE_TYPES:
        bad(f"type {d.type!r} is not played yet; use one of {', '.join(PLAYABLE_TYPES)}")
    for k in d.castes:
        if k.split("/")[0] not in CASTES:
            bad(f"caste {k!r}: use one of {', '.join(CASTES)} (a sub-caste as warrior/knight)")
    checks = (("alignment", d.alignment, ALIGNMENTS), ("phase", d.phase, PHASE_TAGS),
              ("speed", d.speed, SPEEDS), ("subtype", d.subtype, SUBTYPES),
              ("target", d.target, TARGETS), ("duration", d.duration, DURATIONS))
    for field, value, allowed in checks:
        if value not in allowed:
            bad(f"{field} {value!r} is not one of {', '.join(repr(a) for a in allowed)}")
    for k in d.keywords:
        if k not in KEYWORDS:
            bad(f"keyword {k!r} is not one of {', '.join(KEYWORDS)}")
    for e in d.effects + d.reveal:
        if e.op not in OPS:
            bad(f"effect {e.op!r} is not one of {', '.join(OPS)}")
    if d.type == "adventurer" and not (1 <= d.level <= 7 and
                                       all(1 <= v <= 15 for v in (d.physique, d.astral,
                                                                  d.mental))):
        bad("an adventurer needs a base level 1-7 and attributes 1-15 (MK 3.07.3-4)")
    if d.type == "quest":
        if len(d.conditions) != 3:
            bad("a quest has exactly three conditions (MK 4.06 \"Feltétel\")")
        for c in d.conditions:
            try:
                parse_condition(c)
            except ConditionError as exc:
                bad(str(exc))
    if d.reach not in REACHES:                                                 # MK 3.05.3.K
        bad(f"reach {d.reach!r} is not one of {', '.join(repr(a) for a in REACHES)}")
    elif d.reach and (d.subtype != "equipment" or d.slot not in ("weapon", "offhand") or
                      not any(e.op == "attack" for e in d.effects)):
        bad("a reach (melee or ranged) is for a weapon (slot weapon or offhand) whose effects "
            "hold an attack (MK 3.05.3.K)")
    if d.pierce is not None and (not d.pierce.prohibit or
                                 not any(e.op == "attack" for e in d.effects)):
        bad("pierce (\"armour does not protect against it\") is a prohibiting stance of a card "
            "with an attack (MK 5.10.F, MK 2.17)")
    if d.armour_stance is not None and d.armour == (0, 0):
        bad("armour_stance belongs to an armour (MK 2.17, MK 5.10)")
    if d.one_only and d.type != "building":                                    # MK 1.14.4
        bad("\"at most one such building\" (one_only) is for buildings only (MK 1.14.4)")
    if d.subtype == "equipment":                                              # MK 3.05.3
        if d.type != "action":
            bad("equipment is an action card (MK 3.05.3)")
        if d.slot not in SLOTS:
            bad(f"an equipment's slot is one of {', '.join(SLOTS)} (MK 3.05.3.H)")
        for b in d.boosts:
            if b.attr not in BOOSTABLE:
                bad(f"a boost changes one of {', '.join(BOOSTABLE)}, not {b.attr!r}")
        if d.armour != (0, 0) and not (2 <= d.armour[0] <= 12 and d.armour[1] >= 1):
            bad("armour is VÉDŐKÜSZÖB 2-12 and SFÉ ≥ 1 (MK 2.17)")
        if d.phase != "sor" or d.speed != "mp" or d.target or (d.effects and not d.reach):
            bad("equipment is played in the Sor, MP-bound, without a target or effects (but a "
                "weapon's attack, with its reach); what "
                "it gives is in boosts and armour (MK 3.05.3)")
    for msg in keyword_problems(d):                             # keywords.py (chapter 2)
        bad(msg)
    for e in d.on_round + (() if d.trigger_target else d.on_enter):
        if e.op not in TRIGGER_OPS:
            bad(f"a timed effect does one of {', '.join(TRIGGER_OPS)} (it has no target), not "
                f"{e.op!r} (MK 6.02)")
    if d.on_round and d.type not in ("adventurer", "building", "ally", "tower"):
        bad("only a card that stays in Present has a round-start effect (MK 1.07)")
    if d.overstrike and not (d.type == "action" and 1 <= d.overstrike <= 7 and
                             any(e.op == "attack" for e in d.effects)):
        bad("TÚLÜTÉS X belongs to an attacking action card, X 1-7 (MK 2.05, ruling 15)")
    if d.expedition and not (d.type == "quest" and 1 <= d.expedition <= 42):
        bad("EXPEDÍCIÓ X belongs to a quest, X 1-42 (MK 2.03, ruling 15)")
    if d.type == "ally":                                                         # MK 3.08
        if d.points < 1 or d.use_points < 1:
            bad("an ally enters with at least 1 alliance point and spends at least 1 a use "
                "(MK 3.08)")
        if d.alignment:
            bad("an ally has no alignment (MK 3.08)")
        if not d.effects or any(e.op == "attack" for e in d.effects):
            bad("an ally's ability needs effects, and no attack roll (it has no caster)")
        if d.target == "" and any(e.op in ("damage", "heal", "doom", "neutralise")
                                  for e in d.effects):
            bad("an effect that hits a card needs a target (MK 5.01.B)")
    if d.type in ("building", "ally"):                                         # MK 3.03
        if len(d.conditions) > 1:
            bad("a building or ally has at most one play condition (MK 3.03.A-B)")
        for c in d.conditions:
            try:
                if any(">" in a for part in parse_condition(c) for a in part):
                    bad("a play condition names castes only; test rolls belong to quests "
                        "(MK 3.03.B)")
            except ConditionError as exc:
                bad(str(exc))
        if d.type == "building" and not (1 <= d.attackers <= 6 and 1 <= d.defenders <= 6):
            bad("a building's attacker and defender team sizes are 1-6 (MK 3.03.D)")
    if d.type == "obstacle":
        if d.kind not in OBSTACLE_KINDS:
            bad(f"an obstacle's kind is trap or beast, not {d.kind!r} (MK 3.04.D)")
        if d.kind == "beast" and not (d.number >= 1 and 2 <= d.attack <= 12 and
                                      1 <= d.dmg[0] <= d.dmg[1]):
            bad("a beast needs number ≥ 1, attack 2-12 and a damage range a-b with 1 ≤ a ≤ b")
    if any(v < 0 for v in (d.mp, d.wall, d.solve_mp, d.paths, d.level)):
        bad("printed values are never negative (MK 1.10.A)")
    if d.type == "action" and d.effects and d.target == "" and not d.reach and any(
            e.op in ("damage", "attack", "heal", "doom", "neutralise") for e in d.effects):
        bad("an effect that hits a card needs a target (MK 5.01.B)")
    return out


def load_pool_files(files: list[Path]) -> tuple[dict[str, CardDef], list[Problem]]:
    pool: dict[str, CardDef] = {}
    problems: list[Problem] = []
    dec = msgspec.convert
    for f in files:
        name = f.name
        try:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            problems.append(Problem(name, "", f"{name}: cannot be read as TOML ({exc}); fix "
                                    "the syntax, the file is left as it is."))
            continue
        for n, raw in enumerate(data.get("card", [])):
            cid = raw.get("id", f"#{n + 1}") if isinstance(raw, dict) else f"#{n + 1}"
            try:
                d = dec(raw, CardDef)
            except msgspec.ValidationError as exc:
                problems.append(Problem(name, str(cid), f"{name}: card {cid}: {exc} (see "
                                        "engine/magus/cards.py for the fields)."))
                continue
            if d.id in pool:
                problems.append(Problem(name, d.id, f"{name}: card id {d.id} is used twice; "
                                        "give each card its own id."))
                continue
            problems += _check_card(d, name)
            pool[d.id] = d
    return pool, problems


@functools.lru_cache(maxsize=1)
def default_pool() -> dict[str, CardDef]:
    pool, problems = load_pool_files(sorted(CARD_DIR.glob("*.toml")))
    if problems:
        raise PoolError(problems)
    return pool


def load_deck_file(path: Path) -> DeckDef:
    try:
        return msgspec.convert(tomllib.loads(path.read_text(encoding="utf-8")), DeckDef)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError,
            msgspec.ValidationError) as exc:
        raise PoolError([Problem(path.name, "", f"{path.name}: not a deck file ({exc}); see "
                                 "DeckDef in engine/magus/cards.py.")]) from None


def shipped_decks() -> list[DeckDef]:
    return [load_deck_file(p) for p in sorted(DECK_DIR.glob("*.toml"))]


def list_decks() -> list[DeckDef]:
    """The shipped decks, then the player's own (engine/magus/userdecks.py; broken files left
    out here, listed with their error by ``userdecks.list_user``)."""
    from engine.magus.userdecks import user_decks

    return shipped_decks() + user_decks()


def load_deck(name: str) -> DeckDef:
    path = Path(name)
    if path.suffix == ".toml" and path.exists():
        return load_deck_file(path)
    for d in list_decks():
        if d.id == name:
            return d
    known = ", ".join(d.id for d in list_decks())
    raise PoolError([Problem("", name, f"There is no M.A.G.U.S. deck called {name!r}; "
                             f"choose one of: {known}.")])


def validate_deck(d: DeckDef, pool: dict[str, CardDef], file: str, dev: bool = False
                  ) -> list[Problem]:
    """MK 1.02, MK 1.13, MK 1.08.B: copy limit, Future size, sideboard, three tower levels."""
    out: list[Problem] = []

    def bad(card: str, msg: str) -> None:
        out.append(Problem(file, card, f"{file}: {msg}"))

    limit = d.limit
    if limit not in MIN_FUTURE:
        bad("", f"limit {limit}: the copy limit is 3 or 4 (MK 1.02.A)")
        return out
    both = Counter(d.cards) + Counter(d.sideboard)
    for cid, n in sorted(both.items()):
        if cid not in pool:
            bad(cid, f"unknown card {cid!r}; check its id in decks/mk/cards")
        elif n > limit:
            bad(cid, f"{n} copies of {pool[cid].name.en}, limit {limit} (MK 1.02.A)")
    towers = {c for c in d.cards if c in pool and pool[c].type == "tower"}
    if len(towers) < STARTING_TOWERS:
        bad("", f"{len(towers)} different tower levels; a deck needs at least 3 for its "
            "starting tower (MK 1.08.B)")
    future = max(0, sum(d.cards.values()) - STARTING_TOWERS)
    if not dev and future < MIN_FUTURE[limit]:
        bad("", f"{future} Future cards besides the 3 starting tower levels; limit {limit} "
            f"needs at least {MIN_FUTURE[limit]} (MK 1.02.{'B' if limit == 3 else 'C'})")
    side = sum(d.sideboard.values())
    if side not in (0, SIDEBOARD[limit]):
        bad("", f"a sideboard of {side} cards; with limit {limit} it is exactly "
            f"{SIDEBOARD[limit]} or none (MK 1.13.E-F, I)")
    return out


def validate_files(files: list[Path] | None = None) -> list[Problem]:
    card_files = [f for f in (files or []) if f.parent.name == "cards"] if files else \
        sorted(CARD_DIR.glob("*.toml"))
    pool, problems = load_pool_files(card_files or sorted(CARD_DIR.glob("*.toml")))
    deck_files = [f for f in files if f.parent.name != "cards"] if files else \
        sorted(DECK_DIR.glob("*.toml"))
    for f in deck_files:
        try:
            d = load_deck_file(f)
        except PoolError as exc:
            problems += exc.problems
            continue
        problems += validate_deck(d, pool, f.name)
    return problems


def decklist(d: DeckDef) -> list[str]:
    return [cid for cid, n in d.cards.items() for _ in range(n)]


_ENC = msgspec.msgpack.Encoder()


def encode_cards(pool: dict[str, Any]) -> bytes:
    return _ENC.encode(dict(sorted(pool.items())))


def decode_cards(data: bytes) -> dict[str, CardDef]:
    try:
        return msgspec.msgpack.decode(data, type=dict[str, CardDef])
    except msgspec.MsgspecError as exc:
        raise PoolError([Problem("header", "", f"the pinned cards cannot be read ({exc})")]) \
            from None


