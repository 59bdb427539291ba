"""Positions as data, for scenario tests and the teaching scenarios of ``saves/mk/scenarios``:
cards placed in zones, MP, stamps and the phase, and — for a position in the middle of things —
a running manoeuvre and its nested timelines with their items; the position starts where the
rules would ask their next question.

    {"mp": [10, 8], "phase": "manoeuvres",
     "cards": [{"owner": 0, "cid": "a-borka", "zone": "hand"},
               {"owner": 1, "cid": "t-salt-gate", "zone": "tower"}, ...]}

Zones: future, hand, line, tower (face down unless ``open``), quests, solved, past, depth,
storage, buildings, allies, team (a manoeuvre's member: ``manoeuvre.attackers``/``blockers``),
attached (with ``host``: another card, face down unless ``open``). A card may carry ``label``
(other fields name it by its label), ``damage``, ``pos``, ``hurt``, ``doomed``, ``front``,
``points``. A file (TOML, :func:`load`) adds ``title``, ``description`` (hu/en), ``rule``,
``steps`` (actions by seat, cards named by label: ``{seat = 1, action = "Pass"}``,
``{seat = 0, action = "Play", card = "lance", target = "geza"}``) and ``expect`` (rules the
steps' events must cite). The format is described in ``saves/mk/scenarios/README.md``.

A scenario *game* (``hkk scenario --ruleset mk FILE``, the plugin's ``load_scenario`` and
``scenario_game``: :func:`load_file`, :func:`game`) starts with the action ``StartScenario``
carrying the spec; :func:`set_up` turns it into one ``ScenarioSet`` event holding the position
(redacted to nothing for a seat), then the position's phase begins — so saves, undo, replay and
``hkk verify`` work as for any game. A ghost may carry ``rounds`` (MK 11.00.A).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

from engine.core.content import created_now
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.magus import actions as A
from engine.magus import events as E
from engine.magus import pool as P
from engine.magus.cards import Text
from engine.magus.ctx import Run
from engine.magus.flow import advance
from engine.magus.ruleset import MkRuleset
from engine.magus.rulings import DEFAULT_OPTIONS
from engine.magus.state import Card, Item, Manoeuvre, PlayerState, State, Timeline
from engine.magus.timeline import PRIORITY

#: zones that are a list of the owner's PlayerState
PLAYER_ZONES = ("future", "hand", "line", "tower", "quests", "solved", "past", "depth",
                "storage", "buildings", "allies", "outer", "ghosts", "sideboard")
ZONES = PLAYER_ZONES + ("team", "attached")
PHASES = ("round", "opening", "resource", "manoeuvres", "closing")
#: the fields a scenario file may have
FILE_FIELDS = {"title", "description", "rule", "phase", "round", "mp", "stamps", "cards",
               "options", "manoeuvre", "timelines", "steps", "expect", "rng", "active"}


class ScenarioError(ValueError):
    """A scenario that cannot be set up: says where and what to do."""


def _ref(labels: dict[str, int], value: Any, where: str) -> int:
    """A card named by its label (or its index in ``cards``); -1 stays "none"."""
    if isinstance(value, bool):
        raise ScenarioError(f"{where}: name a card by its label, not {value!r}")
    if isinstance(value, int):                # a card's index in ``cards``, or -1
        return value
    if value not in labels:
        raise ScenarioError(f"{where}: no card has the label {value!r}; labels: "
                            f"{', '.join(k for k in labels if k) or 'none'}")
    return labels[value]


def _labels(cards: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for n, c in enumerate(cards):
        label = c.get("label")
        if label is None:
            continue
        if label in out:
            raise ScenarioError(f"card {n + 1}: the label {label!r} is used twice")
        out[str(label)] = n
    return out


def build(spec: dict[str, Any], seed: int = 1) -> tuple[MkRuleset, State]:
    """The position ``spec`` describes, with the rules that play on from it."""
    pool = P.default_pool()
    rules = MkRuleset(pool)
    s = position(spec, {**DEFAULT_OPTIONS, **spec.get("options", {})},
                 spec.get("rng", 12345 + seed))
    begin(Run(s, pool), spec)
    return rules, s


def position(spec: dict[str, Any], options: dict[str, Any], rng: int) -> State:
    """The state ``spec`` declares, before any event: cards in their zones (instance id = the
    card's index in ``cards``), MP, stamps, round, the manoeuvre and its timelines."""
    pool = P.default_pool()
    if not isinstance(spec.get("cards", []), list) or not spec.get("cards"):
        raise ScenarioError("cards: list the cards of the position (at least one)")
    players = [PlayerState() for _ in range(2)]
    cards: list[Card] = []
    specs = list(spec.get("cards", ()))
    labels = _labels(specs)
    known = {i for i in range(len(specs))}
    for n, c in enumerate(specs):
        where = f"card {n + 1}" + (f" ({c['label']})" if "label" in c else "")
        if c.get("cid") not in pool:
            raise ValueError(f"scenario card {n}: unknown card {c.get('cid')!r}")
        if c.get("owner") not in (0, 1):
            raise ScenarioError(f"{where}: owner is 0 or 1")
        zone = c.get("zone", "future")
        if zone not in ZONES:
            raise ScenarioError(f"{where}: unknown zone {zone!r}; one of {', '.join(ZONES)}")
        host = c.get("host", -1)
        host = host if isinstance(host, int) else _ref(labels, host, where)
        if host != -1 and host not in known:
            raise ScenarioError(f"{where}: its host is card {host}, which is not in the list")
        card = Card(n, c["cid"], c["owner"], zone, c.get("controller", c["owner"]),
                    pos=c.get("pos", "alert"), damage=c.get("damage", 0),
                    hurt=bool(c.get("hurt", c.get("damage", 0) > 0 and zone == "team")),
                    doomed=bool(c.get("doomed", False)),
                    face_down=zone in ("tower", "attached") and not c.get("open", False),
                    host=host, front=bool(c.get("front", True)),
                    points=c.get("points", pool[c["cid"]].points if zone == "allies" else 0))
        cards.append(card)
        if zone in PLAYER_ZONES:
            getattr(players[card.controller], zone).append(n)
    s = State(cards, players, options, rng=rng)
    for n, c in enumerate(specs):                 # a ghost's rounds left (MK 11.00.A)
        if c.get("zone") == "ghosts":
            s.ghosts[n] = int(c.get("rounds", pool[c["cid"]].spirit or 1))
    s.round = spec.get("round", 2)
    for p, mp in enumerate(spec.get("mp", [10, 10])):
        players[p].mp = mp
    for p, st in enumerate(spec.get("stamps", [0, 1])):
        players[p].stamp = st
    s.clock = max(p.stamp for p in players) + 1
    s.starter = 0
    phase = spec.get("phase", "manoeuvres")
    if phase not in PHASES:
        raise ScenarioError(f"phase {phase!r}: one of {', '.join(PHASES)}")
    _manoeuvre(s, spec, labels)
    _timelines(s, spec, labels)
    s.phase = phase
    return s


def begin(r: Run, spec: dict[str, Any]) -> None:
    """The position's phase begins and the rules go on to their next question."""
    s = r.s
    phase = spec.get("phase", "manoeuvres")
    r.emit(E.PhaseBegan(phase))
    r.recompute()
    if s.timelines or phase == "manoeuvres":
        r.stage(PRIORITY, -1)
    elif phase == "closing":
        r.stage("close_discard", s.active)
    else:
        r.stage("round", -1)
    advance(r)


def _manoeuvre(s: State, spec: dict[str, Any], labels: dict[str, int]) -> None:
    m = spec.get("manoeuvre")
    if not m:
        return
    where = "manoeuvre"
    kind = m.get("kind", "siege")
    if kind not in ("siege", "quest", "capture", "fight"):
        raise ScenarioError(f"{where}: kind is siege, quest, capture or fight")
    team = {i for i, c in enumerate(s.cards) if c.zone == "team"}
    sides = [[_ref(labels, x, f"{where}.{side}") for x in m.get(side, ())]
             for side in ("attackers", "blockers")]
    for side in sides:
        for i in side:
            if i not in team:
                raise ScenarioError(f"{where}: {s.cards[i].cid} is in a team, so its zone is "
                                    f"\"team\"")
    s.manoeuvre = Manoeuvre(kind, _ref(labels, m.get("target", -1), f"{where}.target"),
                            int(m.get("initiator", 0)), sides[0], sides[1],
                            m.get("step", "rounds"), blocked=bool(sides[1]),
                            combat_round=int(m.get("combat_round", 0)))
    s.timelines.append(Timeline("m_surround"))


def _timelines(s: State, spec: dict[str, Any], labels: dict[str, int]) -> None:
    for n, t in enumerate(spec.get("timelines", ())):
        where = f"timeline {n + 1}"
        tl = Timeline(t.get("kind", "action"), passes=int(t.get("passes", 0)))
        for k, it in enumerate(t.get("items", ())):
            w = f"{where}, item {k + 1}"
            card = _ref(labels, it["card"], w)
            kind = it.get("kind", "card")
            hidden = bool(it.get("hidden", s.cards[card].face_down))
            s.uid += 1
            tl.items.append(Item(int(it.get("player", s.cards[card].owner)), card, kind,
                                 _ref(labels, it.get("caster", -1), w),
                                 _ref(labels, it.get("target", -1), w), hidden, s.uid))
            if kind == "card":
                c = s.cards[card]
                zone_list = getattr(s.players[c.owner], c.zone, None)
                if isinstance(zone_list, list) and card in zone_list:
                    zone_list.remove(card)
                c.zone, c.face_down = "timeline", hidden
        s.timelines.append(tl)


# ---------------------------------------------------------------------------- files
def load(path: Path) -> dict[str, Any]:
    """A scenario file (TOML) as a spec; a broken or unknown field is told with the file."""
    try:
        spec = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot read it as TOML ({exc})") from None
    unknown = set(spec) - FILE_FIELDS
    if unknown:
        raise ScenarioError(f"{path}: unknown field(s) {', '.join(sorted(unknown))}; the "
                            f"fields: {', '.join(sorted(FILE_FIELDS))}")
    return spec


def labels_of(spec: dict[str, Any]) -> dict[str, int]:
    """label -> card instance id in the built position."""
    return _labels(list(spec.get("cards", ())))


def action(spec: dict[str, Any], step: dict[str, Any]) -> Any:
    """A step's action: ``action`` names the class (``Play``, ``Pass``, ``Condition`` …), its
    other fields the action's, cards by label."""
    labels = labels_of(spec)
    name = step.get("action", "")
    cls = getattr(A, name, None)
    if not (isinstance(cls, type) and issubclass(cls, A.Act)):
        raise ScenarioError(f"step {step}: unknown action {name!r}")
    fields = {k: v for k, v in step.items() if k not in ("action", "seat")}
    args = {k: (_ref(labels, v, f"step {name}") if isinstance(v, str) else v)
            for k, v in fields.items()}
    try:
        return cls(**args)
    except TypeError as exc:
        raise ScenarioError(f"step {name}: {exc}") from None


def play(spec: dict[str, Any], seed: int = 1) -> tuple[MkRuleset, State, list[Any]]:
    """Build the position and submit its steps; the events they made, in order."""
    rules, s = build(spec, seed)
    events: list[Any] = []
    for step in spec.get("steps", ()):
        events += rules.submit(s, int(step.get("seat", 0)), action(spec, step))
    return rules, s, events


# ---------------------------------------------------------------------------- games
class Loaded(msgspec.Struct, frozen=True):
    """A scenario file as ``hkk scenario`` opens it: its title and description (each hu/en) for
    the screen, and the spec."""

    title: Text
    description: Text
    spec: dict[str, Any]


def _text(spec: dict[str, Any], key: str) -> Text:
    value = spec.get(key, {})
    if isinstance(value, str):
        return Text(value, value)
    return Text(str(value.get("hu", "")), str(value.get("en", ""))) if isinstance(value, dict) \
        else Text("", "")


def load_file(path: Any) -> Loaded:
    """A scenario file checked by setting its position up once: a file the rules cannot start
    from is refused here, with the file and what to do."""
    spec = load(Path(path))
    try:
        build(spec)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise ScenarioError(f"{path}: the position cannot be set up ({exc}); see "
                            f"saves/mk/scenarios/README.md") from None
    return Loaded(_text(spec, "title"), _text(spec, "description"), spec)


def decklists(spec: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each seat's cards, in the order of ``cards``: the header's decklists (the cards it pins)."""
    lists: list[list[str]] = [[], []]
    for c in spec.get("cards", ()):
        lists[c["owner"]].append(c["cid"])
    return tuple(lists[0]), tuple(lists[1])


def game(spec: Loaded | dict[str, Any], seed: int, seats: tuple[Seat, ...] | None = None,
         options: dict[str, Any] | None = None) -> tuple[Header, A.StartScenario]:
    """The header of a game set up as ``spec`` declares (its cards pinned, the option
    ``scenario`` naming it, so the deck rules are not asked of a position), and the set-up
    action carrying the spec: the game's first entry, so saves, undo, replay and ``hkk verify``
    work as for any game."""
    from engine.magus.ruleset import RULESET_VERSION
    from engine.magus.session import check_options

    data = spec.spec if isinstance(spec, Loaded) else spec
    data = {**data, "rng": data.get("rng", 12345 + seed)}    # the dice of ``build(spec, seed)``
    title = spec.title.en if isinstance(spec, Loaded) else _text(data, "title").en
    pool = P.default_pool()
    build(data, seed)                              # refuses a position it cannot set up
    opts = {**data.get("options", {}), **(options or {})}
    check_options(opts)
    opts["scenario"] = title or "scenario"
    lists = decklists(data)
    used = {cid: pool[cid] for deck in lists for cid in deck}
    cards = P.encode_cards(used)
    header = sealed(Header(
        format_version=FORMAT_VERSION, ruleset="mk", ruleset_version=RULESET_VERSION, seed=seed,
        seats=seats or (Seat("Player 1", "scenario"), Seat("Player 2", "scenario")),
        options=opts, card_pool_digest=P.digest(cards), cards=cards, decklists=lists,
        title=title, created=created_now()))
    return header, A.StartScenario(msgspec.msgpack.encode(data))


def set_up(r: Run, data: bytes) -> None:
    """A scenario game's start (``MkRuleset.start``): one ``ScenarioSet`` event sets the declared
    position (the header's options, the game's RNG unless the spec names one), then the
    position's phase begins."""
    spec = msgspec.msgpack.decode(data)
    s = position(spec, dict(r.s.options), int(spec.get("rng", r.s.rng)))
    r.emit(E.ScenarioSet(msgspec.msgpack.encode(s)))
    begin(r, spec)
