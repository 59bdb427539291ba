"""Tash-Kalar content: colour decks, legends, flares, tasks (``decks/tk/*.toml``) and boards
(``decks/tk/boards/*.toml``), read and checked. Every problem names its file, card and field and
says what to do; a broken file never crashes anything (:func:`validate_files`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import msgspec

from engine.core.content import Problem, digest  # noqa: F401 - P.digest seals the pins
from engine.tk.cards import (
    DRAWS, KINDS, NEARS, OWNERS, PRIMITIVES, RANKS, BoardDef, CardDef, DeckDef, Step, Text,
    parse_pattern, pattern_span,
)

SHARED_FILES = {"legends.toml": "legend", "flares.toml": "flare", "tasks.toml": "task"}


class PoolError(ValueError):
    """Content that cannot be used; the message says which file, card and field."""


def root() -> Path:
    return Path(str(files("decks"))) / "tk"


def _text(raw: Any, field: str, problems: list[str]) -> Text:
    if not isinstance(raw, dict) or not isinstance(raw.get("en"), str) or \
            not isinstance(raw.get("hu"), str) or not raw["en"] or not raw["hu"]:
        problems.append(f"field '{field}' needs both languages: {field} = {{ en = \"...\", "
                        "hu = \"...\" }")
        return Text("?", "?")
    return Text(raw["en"], raw["hu"])


def _steps(raw: Any, field: str, problems: list[str], size: int = 9) -> tuple[Step, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(f"field '{field}' must be a list of steps, e.g. "
                        f"{field} = [{{ do = \"destroy\" }}]")
        return ()
    out = []
    for k, item in enumerate(raw):
        where = f"{field}[{k}]"
        if not isinstance(item, dict):
            problems.append(f"{where}: a step is a table {{ do = ..., ... }}")
            continue
        try:
            st = msgspec.convert(item, Step)
        except msgspec.ValidationError as exc:
            problems.append(f"{where}: {exc} (fields: {', '.join(Step.__struct_fields__)})")
            continue
        if st.do not in PRIMITIVES:
            problems.append(f"{where}.do: unknown primitive {st.do!r}; use one of "
                            f"{', '.join(PRIMITIVES)}")
            continue
        if st.owner not in OWNERS:
            problems.append(f"{where}.owner: {st.owner!r} is not one of {', '.join(OWNERS)}")
        if st.near not in NEARS:
            problems.append(f"{where}.near: {st.near!r} is not one of {', '.join(NEARS)}")
        if st.do in ("move", "jump") and st.kind not in KINDS:
            problems.append(f"{where}.kind: a {st.do} must name its kind: basic or combat")
        if st.do in ("move", "jump") and st.piece not in ("self", "choose"):
            problems.append(f"{where}.piece: use self or choose")
        if st.do == "draw_extra" and st.card not in DRAWS:
            problems.append(f"{where}.card: an extra card is one of {', '.join(DRAWS)}")
        if not (1 <= st.min_rank <= st.max_rank <= 3):
            problems.append(f"{where}: ranks must satisfy 1 <= min_rank <= max_rank <= 3")
        if st.rank not in (0, 1, 2, 3):
            problems.append(f"{where}.rank: 0 (same), 1, 2 or 3")
        if st.count < 0 or st.times < 1 or st.dist < 1 or st.reach < 0:
            problems.append(f"{where}: count >= 0, times >= 1, dist >= 1, reach >= 0")
        out.append(st)
    return tuple(out)


def parse_card(raw: Any, kind: str, colour: str, problems: list[str]) -> CardDef | None:
    """One card from its TOML table (problems appended in words, field by field)."""
    if not isinstance(raw, dict):
        problems.append("a card is a [[card]] table")
        return None
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        problems.append("field 'id' is missing: give every card a unique id = \"...\"")
        return None
    known = {"id", "name", "rank", "pattern", "effect", "flavor", "upper_n", "lower_n", "upper",
             "lower", "category", "advanced", "condition", "amount", "points", "copies"}
    for key in raw:
        if key not in known:
            problems.append(f"unknown field '{key}' (fields: {', '.join(sorted(known))})")
    name = _text(raw.get("name"), "name", problems)
    flavor = _text(raw["flavor"], "flavor", problems) if "flavor" in raw else None
    if kind in ("creature", "legend"):
        rank = raw.get("rank")
        if rank not in RANKS:
            problems.append(f"field 'rank': unknown rank {rank!r}; use common, heroic or "
                            "legendary")
            return None
        pat = raw.get("pattern")
        rows = pat.splitlines() if isinstance(pat, str) else pat
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            problems.append("field 'pattern' is missing: draw it as rows, e.g. pattern = "
                            "\"\"\"\\n1.\\n1O\\n\"\"\"")
            return None
        cells, marked, why = parse_pattern(rows)
        if why:
            problems.append(f"field 'pattern': {why}")
            return None
        d = CardDef(cid, kind, name, colour, RANKS[rank], cells, marked,
                    _steps(raw.get("effect"), "effect", problems), flavor=flavor)
        if pattern_span(d) > 9:
            problems.append("field 'pattern': the pattern is larger than the 9×9 board")
        if any(st.near == "marked" for st in d.effect) and not marked:
            problems.append("field 'effect': a step targets marked squares but the pattern "
                            "marks none (m)")
        return d
    if kind == "flare":
        ns = {k: raw.get(k) for k in ("upper_n", "lower_n")}
        for k, v in ns.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                problems.append(f"field '{k}': the criterion's N, a whole number >= 1")
                return None
        return CardDef(cid, kind, name, upper_n=ns["upper_n"], lower_n=ns["lower_n"],
                       upper=_steps(raw.get("upper"), "upper", problems),
                       lower=_steps(raw.get("lower"), "lower", problems), flavor=flavor)
    from engine.tk.tasks import CONDITIONS

    cond = raw.get("condition")
    if cond not in CONDITIONS:
        problems.append(f"field 'condition': unknown condition {cond!r}; use one of "
                        f"{', '.join(CONDITIONS)}")
        return None
    pts = raw.get("points")
    if not isinstance(pts, int) or isinstance(pts, bool) or pts < 1:
        problems.append("field 'points': a whole number >= 1")
        return None
    cat = raw.get("category")
    if not isinstance(cat, str) or not cat:
        problems.append("field 'category': name the task's category")
        return None
    return CardDef(cid, "task", name, category=cat, advanced=bool(raw.get("advanced", False)),
                   condition=cond, amount=int(raw.get("amount", 0)), points=pts, flavor=flavor)


def _read(path: Path) -> tuple[dict | None, str]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), ""
    except UnicodeDecodeError:
        return None, "this is not a text file (it is not UTF-8)"
    except tomllib.TOMLDecodeError as exc:
        return None, f"this is not valid TOML ({exc}); fix the line it names"
    except OSError as exc:
        return None, f"the file cannot be read ({exc.strerror})"


def read_file(path: Path) -> tuple[list[CardDef], DeckDef | None, BoardDef | None,
                                   list[Problem]]:
    """The cards (and the deck or board) of one content file, with its problems."""
    fname = path.name
    data, why = _read(path)
    if data is None:
        return [], None, None, [Problem(fname, "", why)]
    problems: list[Problem] = []
    if path.parent.name == "boards":
        errs: list[str] = []
        try:
            board = BoardDef(str(data.get("id", path.stem)), _text(data.get("name"), "name",
                                                                      errs),
                             int(data.get("size", 9)),
                             tuple(tuple(p) for p in data.get("symbols", [])),
                             tuple(tuple(p) for p in data.get("centre", [])))
        except (TypeError, ValueError) as exc:
            return [], None, None, [Problem(fname, "", f"board fields: {exc}")]
        for p in board.symbols + board.centre:
            if len(p) != 2 or not all(0 <= v < board.size for v in p):
                errs.append(f"square {list(p)} is off the {board.size}×{board.size} board")
        return [], None, board, [Problem(fname, board.id, e) for e in errs]
    kind = SHARED_FILES.get(fname, "creature")
    deck = None
    colour = ""
    if kind == "creature":
        errs = []
        colour = str(data.get("id", ""))
        if not colour:
            problems.append(Problem(fname, "", "field 'id' is missing: name the colour deck"))
        letter = data.get("letter")
        if not isinstance(letter, str) or len(letter) != 1:
            problems.append(Problem(fname, colour, "field 'letter': one letter shows this "
                                    "colour's pieces on the board (e.g. letter = \"R\")"))
            letter = "?"
        name = _text(data.get("name"), "name", errs)
        desc = _text(data.get("description"), "description", errs)
        problems += [Problem(fname, colour, e) for e in errs]
    cards = []
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        problems.append(Problem(fname, "", "the file has no [[card]] tables"))
        raw_cards = []
    seen: set[str] = set()
    copies: dict[str, int] = {}
    for k, raw in enumerate(raw_cards):
        errs = []
        d = parse_card(raw, kind, colour, errs)
        label = d.id if d is not None else (raw.get("id") if isinstance(raw, dict) and
                                            isinstance(raw.get("id"), str) else f"card {k + 1}")
        problems += [Problem(fname, label, e) for e in errs]
        if d is None:
            continue
        if d.id in seen:
            problems.append(Problem(fname, d.id, "duplicate id: every card needs its own id"))
        seen.add(d.id)
        cards.append(d)
        n = raw.get("copies", 1)
        if kind != "creature" and "copies" in raw:
            problems.append(Problem(fname, d.id, "field 'copies': only a colour deck's creatures "
                                    "come in copies"))
        elif not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 3:
            problems.append(Problem(fname, d.id, "field 'copies': how many of this card the deck "
                                    "holds, 1 to 3"))
            n = 1
        copies[d.id] = n
    if kind == "creature" and colour:
        deck = DeckDef(colour, name, desc, letter,
                       tuple(c.id for c in cards for _ in range(copies.get(c.id, 1))))
    return cards, deck, None, problems


def content_files() -> list[Path]:
    r = root()
    return sorted(r.glob("*.toml")) + sorted((r / "boards").glob("*.toml"))


def validate_files(paths: list[Path] | None = None) -> list[Problem]:
    """Problems of the given content files (all shipped ones by default); ids must be unique
    across the files checked."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for path in paths or content_files():
        if not path.is_file():
            problems.append(Problem(str(path), "", "there is no such file"))
            continue
        cards, _, _, probs = read_file(path)
        problems += probs
        for c in cards:
            if c.id in seen and seen[c.id] != path.name:
                problems.append(Problem(path.name, c.id, f"duplicate id: also in {seen[c.id]}"))
            seen.setdefault(c.id, path.name)
    return problems


@dataclass(frozen=True)
class Content:
    pool: dict[str, CardDef]
    decks: dict[str, DeckDef]
    boards: dict[str, BoardDef]


@lru_cache(maxsize=1)
def default_content() -> Content:
    problems = validate_files()
    if problems:
        p = problems[0]
        raise PoolError(f"{p.file}: {p.card + ': ' if p.card else ''}{p.message}")
    pool: dict[str, CardDef] = {}
    decks: dict[str, DeckDef] = {}
    boards: dict[str, BoardDef] = {}
    for path in content_files():
        cards, deck, board, _ = read_file(path)
        pool.update({c.id: c for c in cards})
        if deck is not None:
            decks[deck.id] = deck
        if board is not None:
            boards[board.id] = board
    return Content(pool, decks, boards)


def shared_ids(pool: dict[str, CardDef], kind: str) -> tuple[str, ...]:
    return tuple(sorted(c.id for c in pool.values() if c.kind == kind))


_ENC = msgspec.msgpack.Encoder(order="sorted")


class Pinned(msgspec.Struct):
    cards: dict[str, CardDef]
    boards: dict[str, BoardDef]


def encode(pool: dict[str, CardDef], boards: dict[str, BoardDef]) -> bytes:
    return _ENC.encode(Pinned(pool, boards))


def decode(data: bytes) -> Pinned:
    return msgspec.msgpack.decode(data, type=Pinned)


