"""HKK's side of the platform protocol (engine.core.protocol): views, redaction, results,
summaries, the track of the reaction line and trigger queue, and action hints for menus.

Mixed into :class:`engine.hkk.ruleset.HkkRuleset`; nothing here changes a rule.
"""

from __future__ import annotations

from typing import Any

from engine.core.protocol import (
    OMNISCIENT, ActionHint, Ref, Result, TrackFrame, TrackItem, TrackView, summary_dict,
)
from engine.hkk import actions as A
from engine.hkk import views
from engine.hkk.ctx import Ctx
from engine.hkk.decisions import KINDS
from engine.hkk.preview import forecasts
from engine.hkk.state import State, Target

def ref(target: Target) -> Ref:
    """An HKK target as a generic reference."""
    return Ref({"c": "card", "p": "player", "l": "item"}.get(target.k, target.k), target.i)


def card(iid: int) -> Ref:
    return Ref("card", iid)


class HkkProtocol:
    """Platform methods of the HKK ruleset (``self.pool`` and ``self.pending`` come from it)."""

    pool: dict

    # -- what a seat may know ------------------------------------------------------------
    def view(self, state: State, seat: int) -> Any:
        """What ``seat`` may know (``OMNISCIENT``: everything, for replays and the debugger)."""
        pending = self.pending(state)  # type: ignore[attr-defined]
        v = views.view(Ctx(state, self.pool), seat, pending)
        if state.combat is not None:           # public facts only: the combat preview
            v.forecast = forecasts(state, self.pool, pending)
        return v

    def redact(self, event: Any, seat: int) -> Any:
        return views.redact(event, seat)

    # -- results and summaries -------------------------------------------------------------
    def result(self, state: State) -> Result | None:
        r = state.result
        if r is None:
            return None
        return Result(() if r.winner < 0 else (r.winner,), r.reason, r.rule)

    def summary(self, state: State) -> dict[str, Any]:
        """Turn, phase, active seat, a headline per seat (life, VP, components, hand and deck
        sizes: all public) and the result; kept in the save's meta for the save browser."""
        result = self.result(state)
        headlines = [{"life": p.life, "vp": p.vp, "mc": p.mc, "hand": len(p.hand),
                      "deck": len(p.deck)} for p in state.players]
        return summary_dict(state.turn, state.phase, state.active, headlines, result)

    # -- the timeline-stack pane -------------------------------------------------------------
    def track(self, view: Any) -> TrackView:
        """The reaction line (K 94) bottom to top, with the related effects waiting to happen
        (K 22) as its queue."""
        last = len(view.line) - 1
        items = tuple(
            TrackItem(f"line.{item.kind}", {"index": i}, card(item.card.iid), item.controller,
                      tuple(ref(t) for t in item.targets),
                      frozenset(f for f, on in (("prevented", item.prevented), ("top", i == last),
                                                ("reaction", not item.independent)) if on))
            for i, item in enumerate(view.line))
        queue = tuple(TrackItem("line.trigger", {}, card(t.card.iid), t.controller)
                      for t in view.triggers)
        return TrackView((TrackFrame("track.line", {}, items, queue),))

    # -- menus -----------------------------------------------------------------------------
    def concede_action(self, seat: int) -> Any:
        return A.Concede()

    def draw_offer_action(self, seat: int) -> Any:
        """The action by which ``seat`` offers a draw (K 2.8.1); the opponent then answers it."""
        return A.OfferDraw()

    def hints(self, view: Any, legal: list[Any]) -> list[ActionHint]:
        """One hint per legal action, in the same order: what the shell needs for menus,
        "playable" marks and the pass key, without knowing HKK's action classes."""
        kind = view.decision.kind if view is not None and view.decision is not None else ""
        return [self._hint(a, kind, view) for a in legal]

    def _hint(self, a: Any, kind: str, view: Any) -> ActionHint:
        match a:
            case A.Pass():
                label = KINDS[kind].pass_label if kind in KINDS else "pass"
                return ActionHint("pass", f"act.{label}",
                                  role="pass" if label == "pass" else "done")
            case A.PlayCard(card=c, targets=tg):
                cv = view.find(c) if view is not None else None
                cost = cv.cost if cv is not None else self.pool_cost(view, c)
                d = self.card_def(view, c)
                mc = cv.cost_mc if cv is not None else (d.cost_mc if d else 0)
                return ActionHint(f"play:{c}", "act.play", {"card": c}, card(c),
                                  targets=tuple(ref(t) for t in tg), cost="cost.vp",
                                  cost_params={"vp": cost, "mc": mc},
                                  option="opt.targets")
            case A.Activate(card=c, ability=i, targets=tg):
                return ActionHint(f"act:{c}:{i}", "act.activate", {"card": c, "n": i + 1},
                                  card(c), targets=tuple(ref(t) for t in tg),
                                  option="opt.targets")
            case A.DeclareAttack(attacker=c, target=tg):
                return ActionHint(f"atk:{c}", "act.attack_with", {"card": c}, card(c),
                                  targets=(ref(tg),), option="opt.target")
            case A.WithdrawAttack(attacker=c):
                return ActionHint(f"withdraw:{c}", "act.withdraw", {"card": c}, card(c))
            case A.MoveToGuard(card=c):
                return ActionHint(f"guard:{c}", "act.to_guard", {"card": c}, card(c),
                                  dest=Ref("player", view.viewer if view else -1))
            case A.MoveToReserve(card=c):
                return ActionHint(f"reserve:{c}", "act.to_reserve", {"card": c}, card(c),
                                  dest=Ref("player", view.viewer if view else -1))
            case A.SacrificeForMc(card=c):
                return ActionHint(f"sacrifice:{c}", "act.sacrifice", {"card": c}, card(c))
            case A.Regenerate(card=c):
                return ActionHint(f"regen:{c}", "act.regenerate", {"card": c}, card(c))
            case A.CedeStart(cede=cede):
                return ActionHint("cede", "act.cede" if cede else "act.keep", {},
                                  role="act")
            case A.ChooseHitBack(defender=d, attacker=c):
                return ActionHint(f"hitback:{c}", "act.hit_back", {"card": d, "target": c},
                                  card(d), targets=(card(c),))
            case A.UseCombatAbility(card=c, amount=n):
                return ActionHint(f"combat:{c}", "act.combat_of", {"card": c}, card(c),
                                  option="act.spend_vp", option_params={"n": n},
                                  cost="cost.vp", cost_params={"vp": n, "mc": 0})
            case A.ChooseTarget(targets=tg):
                refs = tuple(ref(t) for t in tg)
                key = ",".join(f"{r.kind}{r.id}" for r in refs)
                return ActionHint(f"target:{key}", "act.target", {}, targets=refs)
            case A.OrderTrigger(index=i):
                trig = view.triggers[i] if view is not None and i < len(view.triggers) else None
                return ActionHint(f"order:{i}", "act.trigger_first",
                                  {"card": trig.card.iid if trig else -1},
                                  card(trig.card.iid) if trig else None)
            case A.ExtractMc(card=c, amount=n):
                return ActionHint(f"extract:{c}", "act.extract", {"card": c}, card(c),
                                  option="act.extract_n", option_params={"n": n})
            case A.ShiftCreature(card=c, left=left):
                return ActionHint(f"shift:{c}", "act.shift", {"card": c}, card(c),
                                  option="act.shift_left" if left else "act.shift_right")
            case A.AcceptDraw():
                return ActionHint("draw:accept", "act.accept_draw")
            case A.DeclineDraw():
                return ActionHint("draw:decline", "act.decline_draw")
            case A.OfferDraw():
                return ActionHint("draw", "act.offer_draw", role="draw")
            case A.Concede():
                return ActionHint("concede", "act.concede", role="concede")
        return ActionHint(f"other:{type(a).__name__}", f"act.{type(a).__name__}")

    def card_def(self, view: Any, iid: int) -> Any:
        cv = view.find(iid) if view is not None else None
        return self.pool.get(cv.cid) if cv is not None else None

    def pool_cost(self, view: Any, iid: int) -> int:
        d = self.card_def(view, iid)
        return d.cost if d is not None else 0


__all__ = ["HkkProtocol", "OMNISCIENT", "ref"]
