"""Summoner Wars' side of the platform protocol (engine.core.protocol): views, redaction,
results, summaries, the turn track and action hints.

Mixed into :class:`engine.sw.ruleset.SwRuleset`; nothing here changes a rule.

Hints (one per legal action, same order) use ``Ref("card", iid)`` for cards and
``Ref("square", row * 6 + col)`` for squares. Label keys live in the ``sw.`` namespace:
``sw.act.summon`` / ``build`` / ``move`` / ``attack`` / ``event`` / ``ability`` / ``discard`` /
``end_phase`` / ``pick_card`` / ``pick_square`` / ``pick_option`` / ``order`` / ``yes`` /
``skip`` / ``concede``. Track keys: ``sw.track.*`` (frame ``sw.track.turn``: phase, moves,
attacks, the last roll, active events; frame ``sw.track.tasks``: what is resolving, top last).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.protocol import (
    OMNISCIENT, ActionHint, Ref, Result, TrackFrame, TrackItem, TrackView, summary_dict,
)
from engine.sw import actions as A
from engine.sw import board as B
from engine.sw import events as E
from engine.sw import views
from engine.sw.state import BOARD, State


def card(iid: int) -> Ref:
    return Ref("card", iid)


def square(sq: int) -> Ref:
    return Ref("square", sq)


class SwProtocol:
    """Platform methods of the SW ruleset (``self.pool``, ``self.ctx`` and ``self.pending`` come
    from it)."""

    pool: dict

    # -- what a seat may know ------------------------------------------------------------
    def view(self, state: State, seat: int) -> views.View:
        """What ``seat`` may know (``OMNISCIENT``: everything, for replays and the debugger)."""
        return views.view(self.ctx(state), seat, self.pending(state))  # type: ignore[attr-defined]

    def redact(self, event: Any, seat: int) -> Any:
        """The event as ``seat`` may see it: shuffled orders, the RNG state, the opponent's drawn
        and magic-discarded cards, a search of the opponent's discard pile and a scenario's
        hidden set-up stay hidden (summoner-wars.md §14.4)."""
        if seat == OMNISCIENT:
            return event
        t = type(event)
        if t is E.DeckShuffled:
            return E.DeckShuffled(event.player, (), 0)
        if t in (E.CardDrawn, E.HandDiscarded) and event.player != seat:
            return msgspec.structs.replace(event, card=-1)
        if t in (E.FirstPlayerChosen, E.DiceRolled, E.DiceRerolled):
            return msgspec.structs.replace(event, rng=0)
        if t in (E.TaskPushed, E.TaskReplaced) and event.task.secret and \
                event.task.player != seat:
            return t(views.hide_task(event.task))
        if t is E.Advanced and any(k.secret and k.player != seat for k in event.push):
            return E.Advanced(event.keep, tuple(views.hide_task(k) if k.secret and k.player != seat
                                                else k for k in event.push))
        if t is E.PositionSet:
            return E.PositionSet(b"")
        return event

    # -- results and summaries -------------------------------------------------------------
    def result(self, state: State) -> Result | None:
        return state.result

    def summary(self, state: State) -> dict[str, Any]:
        """Turn, phase, active seat, a headline per seat (summoner's life left, magic, hand,
        draw pile, units on the battlefield: all public) and the result."""
        from engine.sw.stats import remaining_life

        ctx = self.ctx(state)  # type: ignore[attr-defined]
        heads = []
        for p, pl in enumerate(state.players):
            summ = pl.summoner
            life = remaining_life(ctx, summ) if summ >= 0 and \
                state.cards[summ].zone == BOARD else 0
            units = sum(1 for i in ctx.on_board() if state.cards[i].controller == p
                        and ctx.d(i).is_unit)
            heads.append({"life": life, "magic": pl.magic, "hand": len(pl.hand),
                          "deck": len(pl.deck), "units": units})
        return summary_dict(state.turn, state.phase, state.active, heads, state.result)

    # -- the turn track ----------------------------------------------------------------------
    def track(self, view: views.View) -> TrackView:
        """The turn track: phase, moves 2/3, attacks 1/3, the last roll, active events; and the
        work resolving now (top last)."""
        items = [TrackItem("sw.track.phase", {"phase": view.phase, "turn": view.turn},
                           controller=view.active),
                 TrackItem("sw.track.moves", {"used": 3 - view.moves_left, "max": 3}),
                 TrackItem("sw.track.attacks", {"used": 3 - view.attacks_left, "max": 3})]
        if view.roll is not None:
            r = view.roll
            items.append(TrackItem("sw.track.roll", {"faces": list(r.faces), "hits": r.hits,
                                                     "kind": r.kind},
                                   card(r.attacker), targets=(card(r.target),)))
        for p in view.players:
            for e in p.active:
                items.append(TrackItem("sw.track.active_event", {"cid": e.cid}, card(e.iid),
                                       e.controller))
        last = len(view.tasks) - 1

        def task(t: Any, flags: frozenset[str]) -> TrackItem:
            # ``by``: what set a unit's ability off (a Soul Drift per death tells them apart)
            return TrackItem(f"sw.task.{t.kind}", {"ability": t.ability, "ask": t.ask,
                                                    "by": t.slots.get("trigger", -1)},
                             card(t.card) if t.card >= 0 else None, t.player, flags=flags)

        tasks = tuple(task(t, frozenset({"top"}) if i == last else frozenset())
                      for i, t in enumerate(view.tasks) if not t.waiting)
        # units' abilities waiting for the effects resolving now (ruling R31) in the order they
        # will resolve: a lower task's first (an inner one's join them when it ends), each
        # task's in the order they were set off (the view lists them nearest-first below it)
        waiting: list[TrackItem] = []
        group: list[TrackItem] = []
        for t in view.tasks:
            if t.waiting:
                group.append(task(t, frozenset({"waiting"})))
            else:
                waiting += reversed(group)
                group = []
        notes = ("attacked_enemy",) if view.attacked_enemy else ()
        return TrackView((TrackFrame("sw.track.turn", {"turn": view.turn}, tuple(items),
                                     notes=notes),
                          TrackFrame("sw.track.tasks", {}, tasks, queue=tuple(waiting))))

    # -- menus -----------------------------------------------------------------------------
    def concede_action(self, seat: int) -> Any:
        return A.Concede()

    def hints(self, view: views.View | None, legal: list[Any]) -> list[ActionHint]:
        """One hint per legal action, in the same order."""
        top = view.tasks[-1] if view is not None and view.tasks else None
        return [self._hint(a, view, top) for a in legal]

    def _cost(self, view: Any, iid: int) -> dict[str, Any]:
        cv = view.find(iid) if view is not None else None
        return {"magic": cv.cost if cv is not None else 0}

    def _hint(self, a: Any, view: Any, top: Any) -> ActionHint:
        match a:
            case A.Summon(card=c, square=sq):
                return ActionHint(f"summon:{c}", "sw.act.summon", {"card": c}, card(c),
                                  square(sq), cost="sw.cost.magic", cost_params=self._cost(view, c),
                                  option="sw.opt.square", option_params={"square": B.name(sq)})
            case A.Build(card=c, square=sq):
                return ActionHint(f"build:{c}", "sw.act.build", {"card": c}, card(c), square(sq),
                                  cost="sw.cost.magic", cost_params=self._cost(view, c),
                                  option="sw.opt.square", option_params={"square": B.name(sq)})
            case A.Move(unit=u, path=path):
                walk = "-".join(B.name(q) for q in path)
                return ActionHint(f"move:{u}", "sw.act.move", {"card": u}, card(u),
                                  square(path[-1]), option="sw.opt.path",
                                  option_params={"path": walk})
            case A.Attack(unit=u, target=t):
                tv = view.find(t) if view is not None else None
                return ActionHint(f"attack:{u}", "sw.act.attack", {"card": u, "target": t},
                                  card(u), square(tv.square) if tv is not None else None,
                                  (card(t),), option="sw.opt.target",
                                  option_params={"target": t})
            case A.PlayEvent(card=c):
                return ActionHint(f"event:{c}", "sw.act.event", {"card": c}, card(c),
                                  cost="sw.cost.magic", cost_params=self._cost(view, c))
            case A.UseAbility(card=c, ability=i):
                return ActionHint(f"ability:{c}:{i}", "sw.act.ability", {"card": c, "ability": i},
                                  card(c))
            case A.Discard(card=c):
                return ActionHint("discard", "sw.act.discard", {"card": c}, card(c),
                                  option="sw.opt.card", option_params={"card": c})
            case A.EndPhase():
                return ActionHint("end", "sw.act.end_phase",
                                  {"phase": view.phase if view is not None else ""}, role="pass")
            case A.PickCard(card=c):
                return ActionHint("pick", "sw.act.pick_card", {"card": c}, card(c),
                                  targets=(card(c),), option="sw.opt.card",
                                  option_params={"card": c})
            case A.PickSquare(square=sq):
                return ActionHint("pick", "sw.act.pick_square", {"square": B.name(sq)},
                                  dest=square(sq), option="sw.opt.square",
                                  option_params={"square": B.name(sq)})
            case A.PickOption(index=i):
                return self._option_hint(i, view, top)
            case A.Skip():
                return ActionHint("skip", "sw.act.skip", role="pass")
            case A.Concede():
                return ActionHint("concede", "sw.act.concede", role="concede")
        return ActionHint(f"other:{type(a).__name__}", f"sw.act.{type(a).__name__}")

    def _option_hint(self, i: int, view: Any, top: Any) -> ActionHint:
        if top is not None and top.ask == "order":
            below = view.tasks[-2 - i] if view is not None and len(view.tasks) >= 2 + i else None
            src = card(below.card) if below is not None and below.card >= 0 else None
            named = {"card": below.card if below is not None else -1,
                     "ability": below.ability if below is not None else -1,
                     # what set it off tells two of the same ability apart (a Soul Drift a death)
                     "by": below.slots.get("trigger", -1) if below is not None else -1}
            return ActionHint("order", "sw.act.order", {"index": i, **named}, src,
                              option="sw.opt.order_by" if named["by"] >= 0 else "sw.opt.order",
                              option_params=named)
        if top is not None and top.ask == "confirm":
            return ActionHint("confirm", "sw.act.yes", {"card": top.card, "ability": top.ability},
                              card(top.card) if top.card >= 0 else None)
        params = {"index": i, "card": top.card if top else -1,
                  "ability": top.ability if top else -1}
        return ActionHint("pick", "sw.act.pick_option", params,
                          card(top.card) if top is not None and top.card >= 0 else None,
                          option="sw.opt.index", option_params=params)
