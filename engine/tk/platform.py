"""Tash-Kalar's side of the platform protocol (engine.core.protocol): views, redaction, results,
summaries, the turn track and action hints.

What a seat may know (spec §11.5): the board, scores, the face-up tasks, every discard pile and
the cards on the table are public; a seat sees its own hand; of other hands and of every deck it
sees only counts (per kind: creature, legend and flare backs differ). The RNG state is in no
view. Hints use ``Ref("square", row * 9 + col)`` and ``Ref("card", iid)``; label keys live in the
``tk.`` namespace (``tk.act.place``, ``tk.act.summon``, ...; track ``tk.track.*``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.protocol import (
    OMNISCIENT, ActionHint, Ref, Result, TrackFrame, TrackItem, TrackView, summary_dict,
)
from engine.tk import actions as A
from engine.tk import board as B
from engine.tk import events as E
from engine.tk.state import Ask, Effect, State


class PlayerView(msgspec.Struct):
    colour: int
    deck_count: int
    turned: int                          # TEAM: turned cards at the bottom of the deck
    hand_counts: dict[str, int]          # creature / legend / flare backs in hand
    hand: list[int] | None               # card ids (the viewer's own hand only)
    discard: list[int]
    extra: list[str]
    deck: list[int] | None = None        # omniscient view only, top first


class View(msgspec.Struct):
    """Everything one seat may know (``viewer`` -1: the omniscient view)."""

    viewer: int
    mode: str
    team: bool
    size: int
    owner: list[int]
    rank: list[int]
    symbols: list[int]
    centre: list[int]
    players: list[PlayerView]
    cards: dict[int, str]                # card id -> definition, for every card the viewer sees
    legend_count: int
    flare_count: int
    legend_discard: list[int]
    flare_discard: list[int]
    tasks_up: list[int]
    next_task: int
    task_count: int
    claimed: list[list[int]]
    scores: list[list[int]]
    improvised: list[list[bool]]
    aside: list[list[int]]
    free: list[list[int]]                # per colour: free common/heroic, free legendary tokens
    phase: str
    turn: int
    active: int
    controller: int
    handed: bool
    actions: int
    discarded: bool
    flared: int
    effect: Effect | None
    ask: Ask | None
    trigger: int
    final_left: int
    result: Result | None
    table: list[int] = []                # cards on the table (being resolved)


def _coming(view: View) -> int | dict[int, int]:
    """The points the pieces set aside this turn will score (TK Párbaj.pont / TK Csata.pont):
    a number in DUEL, colour -> points in BATTLE (the odd-commons bonus not counted)."""
    me = view.players[view.active].colour
    by: dict[int, list[int]] = {}
    for colour, rank, _ in view.aside:
        if colour != me:
            by.setdefault(colour, [0, 0, 0, 0])[rank] += 1
    if view.mode == "battle":
        return {c: 2 * r[3] + r[2] + r[1] // 2 for c, r in by.items()}
    return sum(2 * r[3] + r[2] for r in by.values()) + sum(r[1] for r in by.values()) // 2


def card(iid: int) -> Ref:
    return Ref("card", iid)


def square(sq: int) -> Ref:
    return Ref("square", sq)


class TkProtocol:
    pool: dict
    view_type = View

    def view(self, state: State, seat: int) -> View:
        s = state
        pool = self.pool
        omni = seat == OMNISCIENT
        seen: dict[int, str] = {}
        players = []
        for p, pl in enumerate(s.players):
            counts = {"creature": 0, "legend": 0, "flare": 0}
            for i in pl.hand:
                counts[pool[s.cards[i].cid].kind] += 1
            mine = omni or p == seat
            if mine:
                for i in pl.hand:
                    seen[i] = s.cards[i].cid
            for i in pl.discard:
                seen[i] = s.cards[i].cid
            if omni:
                for i in pl.deck:
                    seen[i] = s.cards[i].cid
            players.append(PlayerView(pl.colour, len(pl.deck),
                                      min(6, len(pl.deck)) if s.team else 0, counts,
                                      list(pl.hand) if mine else None, list(pl.discard),
                                      list(pl.extra), list(pl.deck) if omni else None))
        table = [c.iid for c in s.cards if c.zone == "table"]
        for i in (s.legend_discard + s.flare_discard + s.tasks_up + table +
                  [i for side in s.claimed for i in side] +
                  ([s.next_task] if s.next_task >= 0 else [])):
            seen[i] = s.cards[i].cid
        if omni:
            for i in s.legends + s.flares + s.task_deck:
                seen[i] = s.cards[i].cid
        ncol = B.colours(s)
        return View(seat, s.mode, s.team, s.size, list(s.owner), list(s.rank), list(s.symbols),
                    list(s.centre), players, dict(sorted(seen.items())), len(s.legends),
                    len(s.flares), list(s.legend_discard), list(s.flare_discard),
                    list(s.tasks_up), s.next_task, len(s.task_deck),
                    [list(c) for c in s.claimed], [list(r) for r in s.scores],
                    [list(r) for r in s.improvised], [list(a) for a in s.aside],
                    [[B.free_tokens(s, c, 1), B.free_tokens(s, c, 3)] for c in range(ncol)],
                    s.phase, s.turn, s.active, s.controller, s.handed, s.actions, s.discarded,
                    s.flared, s.effect, s.ask, s.trigger, s.final_left, s.result, table)

    def redact(self, event: Any, seat: int) -> Any:
        """The event as ``seat`` may see it: shuffled orders and the RNG state never; another
        seat's drawn card and the cards it puts under its piles stay hidden."""
        if seat == OMNISCIENT:
            return event
        t = type(event)
        if t is E.Shuffled:
            return E.Shuffled(event.pile, event.seat, (), 0, event.rule)
        if t is E.Reshuffled:
            return E.Reshuffled(event.pile, (), 0, event.rule)
        if t is E.Drawn and event.seat != seat:
            return msgspec.structs.replace(event, card=-1)
        if t is E.Moved and event.to.endswith("_bottom") and event.seat != seat and \
                event.to != "tasks_bottom":
            return msgspec.structs.replace(event, card=-1)
        if t is E.Moved and event.to == "hand" and event.seat != seat:
            return msgspec.structs.replace(event, card=-1)
        return event

    def result(self, state: State) -> Result | None:
        return state.result

    def summary(self, state: State) -> dict[str, Any]:
        from engine.tk.tasks import hf_score

        s = state
        heads = []
        for p, pl in enumerate(s.players):
            c = pl.colour
            if s.mode == "battle":
                own = [v for k, v in enumerate(s.scores[p]) if k != c]
                score = min(own) if own else 0
            elif s.mode == "highform":
                score = hf_score(s, c)
            else:
                score = s.scores[c][0]
            heads.append({"score": score, "pieces": B.pieces(s, c),
                          "upgraded": B.upgraded(s, c), "hand": len(pl.hand),
                          "deck": len(pl.deck)})
        return summary_dict(s.turn, s.phase, s.active, heads, s.result, mode=s.mode,
                            team=s.team)

    def track(self, view: View) -> TrackView:
        """Actions left, discard and flare used, the effect being resolved, pieces destroyed
        this turn, the final round and the scores."""
        items = [TrackItem("tk.track.turn", {"turn": view.turn, "mode": view.mode},
                           controller=view.active),
                 TrackItem("tk.track.actions", {"left": view.actions}),
                 TrackItem("tk.track.discard", {"used": view.discarded}),
                 TrackItem("tk.track.flare", {"used": view.flared})]
        if view.handed:
            items.append(TrackItem("tk.track.handed", {"seat": view.controller},
                                   controller=view.controller))
        if view.aside:
            items.append(TrackItem("tk.track.aside", {"pieces": [list(a) for a in view.aside],
                                                      "points": _coming(view)}))
        items += self._criteria(view)
        if view.trigger >= 0:
            items.append(TrackItem("tk.track.final", {"left": view.final_left,
                                                      "by": view.trigger}))
        effect: tuple[TrackItem, ...] = ()
        if view.effect is not None:
            e = view.effect
            cid = view.cards.get(e.card, "")
            d = self.pool.get(cid)
            steps = getattr(d, e.parts[0], ()) if d is not None and e.parts else ()
            effect = (TrackItem("tk.track.effect", {
                "cid": cid, "part": e.parts[0] if e.parts else "", "step": e.step,
                "steps": len(steps), "left": max(0, len(steps) - e.step),
                "do": steps[e.step].do if e.step < len(steps) else "",
                "parts_left": list(e.parts)}, card(e.card), e.player,
                flags=frozenset({"top"})),)
        scores = tuple(TrackItem("tk.track.score", {"seat": p, "scores": row})
                       for p, row in enumerate(view.scores))
        return TrackView((TrackFrame("tk.track.turn", {"turn": view.turn}, tuple(items)),
                          TrackFrame("tk.track.effect", {}, effect),
                          TrackFrame("tk.track.scores", {}, scores)))

    def _criteria(self, view: View) -> list[TrackItem]:
        """Each flare in the viewer's hand: whether its upper and lower criteria hold now against
        each opponent it may compare with (TK Felvillanás.felső / .alsó)."""
        if view.viewer < 0 or view.players[view.viewer].hand is None:
            return []
        me = view.players[view.viewer].colour
        counts: dict[int, list[int]] = {}
        for q, o in enumerate(view.owner):
            if o >= 0:
                c = counts.setdefault(o, [0, 0])
                c[0] += view.rank[q] >= 2
                c[1] += 1
        out = []
        for i in view.players[view.viewer].hand:
            d = self.pool.get(view.cards.get(i, ""))
            if d is None or d.kind != "flare":
                continue
            for p, pl in enumerate(view.players):
                if pl.colour == me or (view.mode != "battle" and p != next(
                        k for k, x in enumerate(view.players) if x.colour != me)):
                    continue
                mine, theirs = counts.get(me, [0, 0]), counts.get(pl.colour, [0, 0])
                out.append(TrackItem("tk.track.criteria", {
                    "target": p, "upper": theirs[0] - mine[0] >= d.upper_n,
                    "lower": theirs[1] - mine[1] >= d.lower_n, "upper_n": d.upper_n,
                    "lower_n": d.lower_n, "upgraded_lead": theirs[0] - mine[0],
                    "pieces_lead": theirs[1] - mine[1]}, card(i), view.viewer))
        return out

    def concede_action(self, seat: int) -> Any:
        return A.Concede()

    def hints(self, view: View | None, legal: list[Any]) -> list[ActionHint]:
        ask = view.ask if view is not None else None
        return [self._hint(a, ask) for a in legal]

    def _hint(self, a: Any, ask: Ask | None) -> ActionHint:
        match a:
            case A.Place(square=sq):
                return ActionHint("place", "tk.act.place", {"square": B.name(sq)},
                                  dest=square(sq), option="tk.opt.square",
                                  option_params={"square": B.name(sq)})
            case A.PickUp(square=sq):
                return ActionHint("pickup", "tk.act.pickup", {"square": B.name(sq)},
                                  square(sq), option="tk.opt.square",
                                  option_params={"square": B.name(sq)})
            case A.Summon(card=c, orient=o, square=sq, enemy=en):
                return ActionHint(f"summon:{c}", "tk.act.summon", {"card": c}, card(c),
                                  square(sq), (square(en - 1),) if en else (),
                                  option="tk.opt.placement",
                                  option_params={"square": B.name(sq), "orient": o,
                                                 "enemy": B.name(en - 1) if en else ""})
            case A.Discard(card=c):
                return ActionHint("discard", "tk.act.discard", {"card": c}, card(c),
                                  option="tk.opt.card", option_params={"card": c})
            case A.CallFlare(card=c, target=t):
                return ActionHint(f"flare:{c}", "tk.act.flare", {"card": c, "target": t},
                                  card(c), targets=(Ref("player", t),), option="tk.opt.target",
                                  option_params={"target": t})
            case A.EndTurn():
                return ActionHint("end", "tk.act.end_turn", role="pass")
            case A.PickSquare(square=sq):
                kind = ask.kind if ask is not None else "square"
                return ActionHint("pick", f"tk.ask.{kind}", {"square": B.name(sq)},
                                  dest=square(sq), targets=(square(sq),), option="tk.opt.square",
                                  option_params={"square": B.name(sq)})
            case A.PickCard(card=c):
                return ActionHint("pick", "tk.ask.bottom", {"card": c}, card(c),
                                  option="tk.opt.card", option_params={"card": c})
            case A.PickOption(index=i):
                kind = ask.kind if ask is not None else "option"
                return ActionHint("pick", f"tk.ask.{kind}", {"index": i},
                                  option="tk.opt.index", option_params={"index": i})
            case A.Skip():
                return ActionHint("skip", "tk.act.skip", role="pass")
            case A.PassControl():
                return ActionHint("hand_over", "tk.act.hand_over")
            case A.Concede():
                return ActionHint("concede", "tk.act.concede", role="concede")
        return ActionHint(f"other:{type(a).__name__}", f"tk.act.{type(a).__name__}")
