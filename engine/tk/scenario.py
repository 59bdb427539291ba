"""Tash-Kalar scenarios: a position declared as data (``saves/tk/scenarios/*.toml``) — pieces on
the board, hands, decks, scores, whose turn and how many actions are left. Used by the rule
tests, teaching scenarios and rule investigations.

A scenario game's first entry is the :class:`~engine.tk.actions.StartScenario` action carrying
the spec; its events set the declared position (cards drawn in the declared order, pieces
placed), so saving, replaying, undoing and verifying work as for any game. TOML form::

    title = { hu = "...", en = "..." }
    description = { hu = "...", en = "..." }
    rule = "TK Idézés.szimmetria"      # the rule it shows
    active = 0                          # whose turn
    actions = 2                         # actions left
    turn = 3
    options = { mode = "duel" }         # game options (engine/tk/RULINGS.md)
    pieces = [{ square = "e5", colour = 0, rank = "heroic" }]
    legends = []                        # the legend deck, top first
    flares = []
    [[players]]                         # one per seat
    hand = ["ember-imp"]                # creature, legend or flare ids
    deck = ["ember-hound"]              # top first
    discard = []
    score = [0]                         # DUEL/HF: [points]; BATTLE: one per colour

Squares are named ``a1`` (top left) to ``i9``: column letter, row number.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.tk import events as E
from engine.tk import pool as P
from engine.tk.actions import StartScenario
from engine.tk.cards import RANKS


class ScenarioError(ValueError):
    """A scenario that cannot be set up; the message says what to fix."""


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hu: str = ""
    en: str = ""


class Piece(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    square: str
    colour: int
    rank: str = "common"


class Side(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    score: tuple[int, ...] = ()


class ScenarioSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    title: Text = Text()
    description: Text = Text()
    rule: str = ""
    active: int = 0
    actions: int = 2
    turn: int = 3
    options: dict[str, Any] = {}
    pieces: tuple[Piece, ...] = ()
    legends: tuple[str, ...] = ()
    flares: tuple[str, ...] = ()
    tasks: tuple[str, ...] = ()         # High Form: 3 face up, the next task, then the deck
    players: tuple[Side, ...] = ()


def square(text: str, size: int = 9) -> int:
    text = text.strip().lower()
    if len(text) < 2 or not "a" <= text[0] < chr(ord("a") + size) or not text[1:].isdigit() or \
            not 1 <= int(text[1:]) <= size:
        raise ScenarioError(f"square {text!r}: write a column letter a-{chr(96 + size)} and a "
                            f"row 1-{size}, e.g. e5")
    return (int(text[1:]) - 1) * size + ord(text[0]) - ord("a")


def load_toml(text: str) -> ScenarioSpec:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"this is not valid TOML ({exc})") from None
    try:
        return msgspec.convert(raw, ScenarioSpec)
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"the scenario does not fit its form: {exc}") from None


def load_file(path: Path) -> ScenarioSpec:
    spec = load_toml(path.read_text(encoding="utf-8"))
    check(spec)
    return spec


def check(spec: ScenarioSpec) -> None:
    pool = P.default_content().pool
    n = len(spec.players)
    if not 2 <= n <= 4:
        raise ScenarioError(f"a scenario has 2 to 4 [[players]], not {n}")
    if not 0 <= spec.active < n:
        raise ScenarioError(f"active = {spec.active}: a seat from 0 to {n - 1}")
    names = [c for side in spec.players for c in side.hand + side.deck + side.discard]
    for cid in names + list(spec.legends) + list(spec.flares) + list(spec.tasks):
        if cid not in pool:
            raise ScenarioError(f"unknown card {cid!r}; `hkk decks list --ruleset tk` lists the "
                                "decks")
    for pc in spec.pieces:
        square(pc.square)
        if pc.rank not in RANKS:
            raise ScenarioError(f"piece on {pc.square}: rank is common, heroic or legendary")


def decklists(spec: ScenarioSpec, pool: dict) -> tuple[tuple[str, ...], ...]:
    """Seat lists (hand creatures, then deck, then discard), then the legend, flare and task
    decks (the cards held in hands first)."""
    lists: list[tuple[str, ...]] = []
    legends: list[str] = []
    flares: list[str] = []
    for side in spec.players:
        held = [c for c in side.hand if pool[c].kind == "creature"]
        lists.append(tuple(held + list(side.deck) + list(side.discard)))
        legends += [c for c in side.hand if pool[c].kind == "legend"]
        flares += [c for c in side.hand if pool[c].kind == "flare"]
    lists.append(tuple(legends + list(spec.legends)))
    lists.append(tuple(flares + list(spec.flares)))
    lists.append(tuple(spec.tasks) + tuple(t for t in P.shared_ids(pool, "task")
                                           if t not in spec.tasks))
    return tuple(lists)


def game(spec: ScenarioSpec, seed: int, seats: tuple[Seat, ...] | None = None,
         options: dict[str, Any] | None = None) -> tuple[Header, StartScenario]:
    """The header of a game set up as ``spec`` declares, and its set-up action."""
    from engine.tk.ruleset import RULESET_VERSION
    from engine.tk.rulings import check_options

    check(spec)
    content = P.default_content()
    n = len(spec.players)
    opts = dict(spec.options)
    opts.update(options or {})
    try:
        check_options(opts, n)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    opts["scenario"] = spec.title.en or "scenario"
    lists = decklists(spec, content.pool)
    used = {c for lst in lists for c in lst}
    data = P.encode({c: content.pool[c] for c in sorted(used)}, content.boards)
    header = sealed(Header(
        format_version=FORMAT_VERSION, ruleset="tk", ruleset_version=RULESET_VERSION, seed=seed,
        seats=seats or tuple(Seat(f"Player {i + 1}", "scenario") for i in range(n)),
        options=opts, card_pool_digest=P.digest(data), cards=data, decklists=lists,
        title=spec.title.en))
    return header, StartScenario(msgspec.to_builtins(spec))


def set_up(ctx: Any, raw: dict[str, Any], ruleset: Any) -> None:
    """Emit the declared position: the board side, hands drawn in order, discards, pieces,
    scores, then the turn."""
    spec = msgspec.convert(raw, ScenarioSpec)
    s = ctx.s
    board = ruleset.boards["highform" if s.mode == "highform" else "deathmatch"]
    ctx.emit(E.SetUp(tuple(r * s.size + c for r, c in board.symbols),
                     tuple(r * s.size + c for r, c in board.centre)))
    rule = "TK Előkészület.6"
    pool = ctx.pool
    for seat, side in enumerate(spec.players):
        p = s.players[seat]
        for cid in side.hand:
            kind = pool[cid].kind
            if kind == "creature":
                ctx.emit(E.Drawn(seat, "deck", p.deck[0], rule))
            elif kind == "legend":
                ctx.emit(E.Drawn(seat, "legends", s.legends[0], rule))
            else:
                ctx.emit(E.Drawn(seat, "flares", s.flares[0], rule))
        for _ in side.discard:
            ctx.emit(E.Moved(p.deck[-1], seat, "discard", rule))
        for k, v in enumerate(side.score):
            if v and k < len(s.scores[seat if s.mode == "battle" else p.colour]):
                ctx.emit(E.Scored(seat if s.mode == "battle" else p.colour, k, v, rule))
    for pc in spec.pieces:
        ctx.emit(E.Placed(square(pc.square, s.size), pc.colour, RANKS[pc.rank],
                          "TK Előkészület.1"))
    if s.mode == "highform":
        for k in range(min(4, len(spec.tasks))):
            ctx.emit(E.Moved(s.task_deck[0], -1, "task_up" if k < 3 else "next_task",
                             "TK Előkészület.Haladó"))
    ctx.emit(E.TurnBegun(spec.active, spec.turn, spec.actions, "TK Kör.1"))
