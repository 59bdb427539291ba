"""Summoner Wars scenarios: a position declared as data (``saves/sw/scenarios/*.toml``) — the
cards on the battlefield, hands, piles, magic, whose turn and which phase. Used by teaching
scenarios, rule tests and rule investigations.

A scenario game's first entry is the :class:`~engine.sw.actions.StartScenario` action carrying the
spec; its one event, :class:`~engine.sw.events.PositionSet`, sets the declared position, so saving,
replaying, undoing and verifying work as for any game. TOML form::

    title = {hu = "...", en = "..."}
    description = {hu = "...", en = "..."}
    rule = "SW Támadás.2"       # the rule it teaches
    active = 0                  # whose turn (0 or 1)
    phase = "attack"            # summon | move | build | attack | magic
    turn = 3
    options = {}                # game options (engine/sw/RULINGS.md)
    [[players]]                 # exactly two, seat 0 first
    magic = 4
    hand = ["pd-frost-mage"]
    deck = []                   # top card first
    discard = []
    active = []                 # active events
    board = [{card = "pd-svara", square = "c1", label = "svara",
              damage = 0, charges = 0, under = []}]

Squares are written in seat 0's frame (``a1`` is seat 0's left back corner, ``f8`` seat 1's).
Each side has exactly one summoner on the battlefield.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.sw import board as B
from engine.sw import events as E
from engine.sw import pool as P
from engine.sw.actions import StartScenario
from engine.sw.state import ACTIVE, BOARD, DECK, DISCARD, HAND, UNDER
from engine.sw.stats import Ctx
from engine.sw.turn import MAIN_PHASES


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hu: str = ""
    en: str = ""


class Placed(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    card: str
    square: str
    label: str = ""
    damage: int = 0
    charges: int = 0
    under: tuple[str, ...] = ()


class Side(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    board: tuple[Placed, ...] = ()
    magic: int = 0
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    active: tuple[str, ...] = ()


class ScenarioSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    players: tuple[Side, Side]
    active: int = 0
    phase: str = "summon"
    turn: int = 3
    title: Text = Text()
    description: Text = Text()
    rule: str = ""
    options: dict[str, Any] = {}


class ScenarioError(ValueError):
    """A scenario file or spec is wrong; the message says where and what to do."""


_ENC = msgspec.msgpack.Encoder()


def decklists(spec: ScenarioSpec) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each side's cards in the order :func:`set_up` deals them (board with what lies under,
    hand, deck, discard, active events): the header's decklists."""
    out = []
    for side in spec.players:
        cards: list[str] = []
        for p in side.board:
            cards.append(p.card)
            cards += list(p.under)
        cards += [*side.hand, *side.deck, *side.discard, *side.active]
        out.append(tuple(cards))
    return out[0], out[1]


def labels_of(spec: ScenarioSpec) -> dict[str, int]:
    """label -> card instance id (the ids the game gives the scenario's cards)."""
    out: dict[str, int] = {}
    iid = 0
    for side in spec.players:
        for p in side.board:
            if p.label:
                out[p.label] = iid
            iid += 1 + len(p.under)
        iid += len(side.hand) + len(side.deck) + len(side.discard) + len(side.active)
    return out


def check(spec: ScenarioSpec, pool: dict) -> None:
    """Refuse a spec the rules cannot start from, saying where and what to do."""
    if spec.active not in (0, 1):
        raise ScenarioError("active must be 0 or 1 (the seat whose turn it is).")
    if spec.phase not in MAIN_PHASES:
        raise ScenarioError(f"phase '{spec.phase}' is not one the game waits in; use one of "
                            f"{', '.join(MAIN_PHASES)}.")
    used: dict[str, str] = {}
    for n, side in enumerate(spec.players):
        summoners = 0
        for k, p in enumerate(side.board):
            where = f"players[{n}].board[{k}]"
            for cid in (p.card, *p.under):
                if cid not in pool:
                    raise ScenarioError(f"{where}: card '{cid}' is not in the Summoner Wars pool; "
                                        "use a card id from decks/sw/cards/*.toml.")
            try:
                sq = B.parse(p.square)
            except ValueError as exc:
                raise ScenarioError(f"{where}: {exc}.") from None
            if p.square in used:
                raise ScenarioError(f"{where}: {p.square} already holds {used[p.square]}; give "
                                    "each card its own square.")
            used[p.square] = p.card
            d = pool[p.card]
            if not (d.is_unit or d.is_structure):
                raise ScenarioError(f"{where}: '{p.card}' is an event; only units and structures "
                                    "stand on the battlefield (put events in 'active').")
            summoners += d.kind == "summoner"
            del sq
        if summoners != 1:
            raise ScenarioError(f"players[{n}]: put exactly one summoner on the battlefield (it "
                                f"has {summoners}).")
        for zone in ("hand", "deck", "discard", "active"):
            for cid in getattr(side, zone):
                if cid not in pool:
                    raise ScenarioError(f"players[{n}].{zone}: card '{cid}' is not in the pool.")
        if not 0 <= side.magic <= 15:
            raise ScenarioError(f"players[{n}].magic must be 0 to 15.")


def load_toml(text: str, source: str = "<scenario>") -> ScenarioSpec:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: TOML syntax error: {exc}; fix the syntax at that "
                            "line.") from None
    try:
        return msgspec.convert(data, ScenarioSpec)
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"{source}: {exc}; fix that field (the format is in "
                            "engine/sw/scenario.py).") from None


def load_file(path: Any) -> ScenarioSpec:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    spec = load_toml(text, str(path))
    try:
        check(spec, P.default_pool())
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    return spec


def game(spec: ScenarioSpec, seed: int, seats: tuple[Seat, ...] | None = None,
         options: dict[str, Any] | None = None) -> tuple[Header, StartScenario]:
    """The header of a game set up as ``spec`` declares, and its set-up action."""
    from engine.sw.session import check_options, pinned
    from engine.sw.ruleset import RULESET_VERSION

    pool = P.default_pool()
    check(spec, pool)
    opts = dict(spec.options)
    opts.update(options or {})
    check_options(opts)
    opts["scenario"] = spec.title.en or "scenario"
    lists = decklists(spec)
    data, dig = pinned(pool, lists)
    header = sealed(Header(
        format_version=FORMAT_VERSION, ruleset="sw", ruleset_version=RULESET_VERSION, seed=seed,
        seats=seats or (Seat("Player 1", "scenario"), Seat("Player 2", "scenario")),
        options=opts, card_pool_digest=dig, cards=data, decklists=lists,
        title=spec.title.en))
    return header, StartScenario(_ENC.encode(spec))


def set_up(ctx: Ctx, data: bytes) -> None:
    """Emit the declared position (one PositionSet event, SW Előkészületek.4)."""
    spec = msgspec.msgpack.decode(data, type=ScenarioSpec)
    s = msgspec.msgpack.decode(_ENC.encode(ctx.s), type=type(ctx.s))
    iid = 0
    for seat, side in enumerate(spec.players):
        p = s.players[seat]
        p.deck, p.hand, p.discard, p.active = [], [], [], []
        p.magic = side.magic
        for pl in side.board:
            c = s.cards[iid]
            c.zone, c.square, c.damage, c.charges = BOARD, B.parse(pl.square), pl.damage, \
                pl.charges
            s.board[c.square] = iid
            host = iid
            iid += 1
            for _ in pl.under:
                u = s.cards[iid]
                u.zone, u.square, u.host = UNDER, c.square, host
                c.under.append(iid)
                iid += 1
        for zone, name in ((HAND, "hand"), (DECK, "deck"), (DISCARD, "discard"),
                           (ACTIVE, "active")):
            for _ in getattr(side, name):
                s.cards[iid].zone = zone
                getattr(p, name).append(iid)
                iid += 1
    s.active = spec.active
    s.first = spec.active
    s.turn = spec.turn
    s.phase = spec.phase
    for p in s.players:
        p.turns = max(1, spec.turn // 2)
    ctx.emit(E.PositionSet(_ENC.encode(s)))
