"""What a seat may know (MK 1.03-1.04, 6.05.D): hands, Futures, face-down tower levels and
obstacles and hidden timeline items are never in another seat's view or events; the track
(nested timeline frames, outermost first) and the action hints for a UI."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import Decision
from engine.core.protocol import (
    OMNISCIENT, ActionHint, Ref, Result, TrackFrame, TrackItem, TrackView,
)
from engine.magus import actions as A
from engine.magus import events as E
from engine.magus.ctx import current_level, dp, holder
from engine.magus.state import Manoeuvre, State


class CardView(msgspec.Struct, frozen=True):
    iid: int
    cid: str                      # "" when hidden from the viewer
    owner: int
    zone: str
    controller: int
    pos: str
    damage: int
    face_down: bool
    host: int
    front: bool
    points: int = 0               # an ally's alliance points (MK 3.08)
    level: int = 0                # an adventurer's current level (MK 3.07.5), equipment included
    doomed: bool = False          # a death effect waits for the timeline end (MK 6.05.L)
    hurt: bool = False            # damaged in the current timeline run (MK 6.05.N)


class ItemView(msgspec.Struct, frozen=True):
    uid: int
    player: int
    card: int
    kind: str
    caster: int
    target: int
    hidden: bool


class TimelineView(msgspec.Struct, frozen=True):
    kind: str
    items: tuple[ItemView, ...]
    passes: int


class SeatView(msgspec.Struct, frozen=True):
    mp: int
    dp: int
    hand: int
    future: int
    line: tuple[int, ...]
    tower: tuple[int, ...]
    quests: tuple[int, ...]
    solved: tuple[int, ...]
    past: tuple[int, ...]
    depth: tuple[int, ...]
    storage: tuple[int, ...]
    buildings: tuple[int, ...] = ()
    allies: tuple[int, ...] = ()


class MkView(msgspec.Struct, frozen=True):
    viewer: int
    round: int
    phase: str
    stage: str
    chooser: int
    active: int
    why: str
    why_a: int
    why_b: int
    seats: tuple[SeatView, ...]
    hand: tuple[int, ...]                 # the viewer's own hand
    picked: tuple[int, ...]               # the viewer's composite choice in progress
    cards: dict[int, CardView]
    timelines: tuple[TimelineView, ...]
    manoeuvre: Manoeuvre | None
    beast: tuple[int, ...]
    decision: Decision | None
    result: Result | None
    context_passes: int = 0               # passes in a row in the Sor or a combat round
    ghosts: dict[int, int] = {}           # MK 11.00: each ghost's rounds left (public)


def sees(s: State, seat: int, i: int) -> bool:
    """Whether ``seat`` may know card ``i``'s identity."""
    c = s.cards[i]
    if seat == OMNISCIENT:
        return True
    if c.zone == "future":                  # a seat searching its Future sees it (MK 1.08.B)
        return s.stage == "towers" and s.chooser == seat == c.owner
    if c.zone == "sideboard":
        return False
    if c.zone == "hand":
        return c.owner == seat
    if c.face_down:
        return holder(c) == seat or c.owner == seat
    return True


def view(s: State, pool: dict, seat: int, decision: Decision | None) -> MkView:
    cards: dict[int, CardView] = {}
    for c in s.cards:
        if c.zone in ("future", "sideboard") and not sees(s, seat, c.iid):
            continue
        if c.zone == "hand" and c.owner != seat and seat != OMNISCIENT:
            continue
        known = sees(s, seat, c.iid)
        level = current_level(pool, c, s) if known and pool[c.cid].type == "adventurer" else 0
        cards[c.iid] = CardView(c.iid, c.cid if known else "", c.owner, c.zone,
                                c.controller, c.pos, c.damage, c.face_down, c.host, c.front,
                                c.points, level, c.doomed, c.hurt)
    seats = tuple(SeatView(p.mp, dp(s, pool, n), len(p.hand), len(p.future), tuple(p.line),
                           tuple(p.tower), tuple(p.quests), tuple(p.solved), tuple(p.past),
                           tuple(p.depth), tuple(p.storage), tuple(p.buildings),
                           tuple(p.allies))
                  for n, p in enumerate(s.players))
    mine = s.players[seat] if 0 <= seat < 2 else None
    return MkView(
        seat, s.round, s.phase, s.stage, s.chooser, s.active, s.why, s.why_a, s.why_b, seats,
        tuple(sorted(mine.hand)) if mine else (), tuple(mine.picked) if mine else (), cards,
        tuple(TimelineView(t.kind, tuple(ItemView(it.uid, it.player, it.card, it.kind,
                                                  it.caster, it.target, it.hidden)
                                         for it in t.items), t.passes) for t in s.timelines),
        s.manoeuvre, tuple(s.beast), decision, s.result, s.context_passes, dict(s.ghosts))


def redact(ev: Any, seat: int) -> Any:
    """An event as ``seat`` may see it: drawn and picked cards of others, deck orders, returned
    hands and RNG states hidden (-1, empty, 0)."""
    if seat == OMNISCIENT:
        return ev
    t = type(ev)
    if t is E.ScenarioSet:                  # the whole position: hands, Futures, RNG
        return E.ScenarioSet(b"", ev.rule)
    if t is E.Shuffled:
        return E.Shuffled(ev.player, (), 0, ev.rule)
    if t is E.DieRolled:
        return E.DieRolled(ev.player, ev.purpose, ev.face, 0, ev.rule)
    if t is E.Drew and ev.player != seat:
        return E.Drew(ev.player, -1, ev.rule)
    if t is E.TowerPicked and ev.player != seat:
        return E.TowerPicked(ev.player, -1)
    if t is E.HandReturned and ev.player != seat:
        return E.HandReturned(ev.player, (), ev.size)
    if t is E.Picked and ev.player != seat and ev.rule == "MK 1.08.B":
        return E.Picked(ev.player, -1 if ev.card >= 0 else ev.card, ev.rule)
    return ev


def reveals_hidden(ev: Any) -> bool:
    return isinstance(ev, (E.Shuffled, E.Drew, E.DieRolled, E.Revealed, E.HandReturned,
                           E.CutAnswered))


# ---------------------------------------------------------------------------- track
def _item(v: MkView, it: ItemView) -> TrackItem:
    c = v.cards.get(it.card)
    known = c is not None and c.cid != ""
    label = {"card": "track.card", "activation": "track.activation",
             "attach": "track.attach" if it.hidden else "track.card",       # MK 3.02.F open
             "reveal": "track.reveal",
             "order": "track.order",
             "weapon": "track.activation"}.get(it.kind, "track.card")
    return TrackItem(label, {"card": c.cid if known else "", "kind": it.kind},
                     Ref("card", it.card) if known else None, it.player,
                     (Ref("card", it.target),) if it.target >= 0 and not (
                         it.kind == "attach" and it.hidden) else (),
                     frozenset({"hidden"}) if it.hidden and not known else frozenset())


def waiting(v: MkView, kind: str, top: bool) -> list[str]:
    """What waits for a timeline's end (MK 6.05.J-N, 6.06.C), as notes: on the innermost one,
    the deaths (``dies:ID:effect`` for a death effect, MK 6.05.L; ``dies:ID:DAMAGE`` for damage
    reaching the level, K), the Line's damaged survivors turning wounded (``wounds:ID:DAMAGE``,
    N) and manoeuvre participants keeping their damage (``keeps:ID:DAMAGE``, MK 6.06.C); on a
    manoeuvre's surrounding timeline, its participants going home wounded (``home:ID:DAMAGE``,
    MK 6.05.M)."""
    out: list[str] = []
    for c in sorted(v.cards.values(), key=lambda c: c.iid):
        if c.zone not in ("line", "team") or not (c.damage or c.hurt or c.doomed):
            continue
        if top and c.doomed:
            out.append(f"dies:{c.iid}:effect")
        elif top and c.cid and c.level <= 0:
            out.append(f"dies:{c.iid}:{c.damage}")
        elif top and c.zone == "line":
            out.append(f"wounds:{c.iid}:{c.damage}")
        elif c.zone == "team" and kind == "m_surround":
            out.append(f"home:{c.iid}:{c.damage}")
        elif top and c.zone == "team":
            out.append(f"keeps:{c.iid}:{c.damage}")
    return out


def track(v: MkView) -> TrackView:
    """Nested frames, outermost first: the round, its phase, the manoeuvre, each timeline with
    its items (top last), its pass state (``passes:N:SEAT:ITEMS``, SEAT the last to pass; none
    on a manoeuvre's surrounding timeline, which has no windows, ruling 13) and what waits for
    its end (:func:`waiting`). The innermost frame also says who acts in it and why
    (``active``); in the Sor or a combat round, where no timeline runs, the passes in a row
    there (``sor:N:SEAT``, ``combat:N:SEAT``, MK 6.07.F)."""
    last = 1 - v.active if v.active in (0, 1) else -1
    acting = v.stage == "priority"
    context = f":{v.context_passes}:{last if v.context_passes else -1}"
    inner: tuple[TrackFrame, ...] = ()
    for depth, tl in enumerate(reversed(v.timelines)):
        top = depth == 0
        notes = ["active"] if top and acting else []
        if tl.kind != "m_surround":
            notes.append(f"passes:{tl.passes}:{last if tl.passes else -1}:{len(tl.items)}")
        elif top and acting and v.manoeuvre is not None and v.manoeuvre.step == "rounds":
            notes.append(f"combat{context}")
        notes += waiting(v, tl.kind, top)
        inner = (TrackFrame(f"tl.{tl.kind}", {"kind": tl.kind},
                            tuple(_item(v, it) for it in tl.items),
                            notes=tuple(notes), frames=inner),)
    if v.manoeuvre is not None:
        m = v.manoeuvre
        inner = (TrackFrame("track.manoeuvre", {"kind": m.kind, "step": m.step,
                                                   "initiator": m.initiator,
                                                   "round": m.combat_round}, frames=inner),)
    notes = ("active", f"sor{context}") if not v.timelines and acting and \
        v.phase == "manoeuvres" else ()
    phase = TrackFrame("track.phase", {"phase": v.phase, "active": v.active, "why": v.why,
                                          "a": v.why_a, "b": v.why_b},
                       notes=notes, frames=inner)
    return TrackView((TrackFrame("track.round", {"round": v.round}, frames=(phase,)),))


def hints(v: MkView, legal: list[Any], pool: dict | None = None) -> list[ActionHint]:
    out = []
    for a in legal:
        name = type(a).__name__.lower()
        card = getattr(a, "card", getattr(a, "quest", -1))
        subject = Ref("card", card) if isinstance(card, int) and card >= 0 else None
        targets: tuple[Ref, ...] = ()
        if isinstance(a, A.Play) and a.target >= 0:
            targets = (Ref("card", a.target),)
        if isinstance(a, A.Attach):
            targets = (Ref("card", a.host),)
        if isinstance(a, A.Strike):                                             # MK 3.05.3.K
            targets = (Ref("card", a.target),)
        role = "pass" if isinstance(a, A.Pass) else ("done" if isinstance(a, A.Done) else "act")
        params = {k: getattr(a, k) for k in a.__struct_fields__}
        cid = v.cards[card].cid if subject is not None and card in v.cards else ""
        label = f"act.{name}"
        if isinstance(a, A.Attach) and pool is not None and cid in pool and \
                pool[cid].subtype == "equipment":               # MK 3.02.F: openly
            label = "act.attach_open"
        out.append(ActionHint(f"{name}:{card}", label, {**params, "cid": cid},
                              subject, None, targets, role))
    return out
