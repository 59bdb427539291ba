"""A first M.A.G.U.S. heuristic bot ("squire"): it reads only its seat's view and scores each
legal action by simple plans — bring adventurers, solve quests it can meet, besiege when its
alert team outweighs the Wall, block with what it has, attack in combat, heal the hurt,
counter the opponent's items, activate its obstacles. A first opponent for the generic shell;
the issue's heuristic bot (≥ 90% against random) comes with the next part."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from engine.core.search import unpack
from engine.magus import actions as X
from engine.magus.cards import CardDef, parse_condition
from engine.magus.views import MkView


class SquireBot:
    name = "squire"
    needs_view = True

    def __init__(self, pool: dict[str, CardDef], seed: int = 0) -> None:
        self.pool = pool
        self.rng = random.Random(seed)

    def choose(self, ctx: Any, legal: list[Any] | None = None) -> Any:
        view, legal = unpack(ctx, legal)
        scores = self.scores(view, legal)
        best = max(scores)
        return self.rng.choice([a for a, s in zip(legal, scores) if s == best])

    # -- helpers ---------------------------------------------------------------------------
    def _d(self, v: MkView, i: int) -> CardDef | None:
        c = v.cards.get(i)
        return self.pool.get(c.cid) if c is not None and c.cid else None

    def _level(self, v: MkView, i: int) -> int:
        d = self._d(v, i)
        return (d.level - v.cards[i].damage) if d is not None else 0

    def _alert(self, v: MkView, seat: int) -> list[int]:
        return [i for i in v.seats[seat].line
                if v.cards[i].pos == "alert" and (d := self._d(v, i)) and d.type == "adventurer"]

    def _can_meet(self, v: MkView, members: list[int], cond: str) -> bool:
        castes = [{k.split("/")[0] for k in d.castes} for i in members
                  if (d := self._d(v, i)) is not None]
        used: set[int] = set()
        for part in parse_condition(cond):
            ok = False
            for alt in part:
                if ">" in alt:
                    attr, low = alt.split(">")
                    if any(getattr(self._d(v, i), attr, 0) > int(low) + 1 for i in members):
                        ok = True
                else:
                    for n, cs in enumerate(castes):
                        if n not in used and alt in cs:
                            used.add(n)
                            ok = True
                            break
                if ok:
                    break
            if not ok:
                return False
        return True

    # -- scores ----------------------------------------------------------------------------
    def scores(self, v: MkView, legal: list[Any]) -> list[float]:  # noqa: C901
        me = v.viewer
        opp = 1 - me
        out = []
        mine_alert = self._alert(v, me)
        power = sum(self._level(v, i) for i in mine_alert)
        m = v.manoeuvre
        for a in legal:
            s = 1.0
            t = type(a)
            d = self._d(v, getattr(a, "card", -1)) if hasattr(a, "card") else None
            if t is X.ChooseStarter:
                s = 5.0 if a.seat == me else 1.0
            elif t is X.PickTower and d is not None:
                s = 2.0 + d.wall                          # the strongest Wall at the bottom
            elif t is X.Keep:
                s = 5.0
            elif t is X.Mulligan:
                adv = sum(1 for i in v.hand if (h := self._d(v, i)) and h.type == "adventurer")
                s = 6.0 if adv == 0 else 0.0
            elif t is X.Play and d is not None:
                if any(e.op == "sacrifice" for e in d.effects):             # MK 11.00.E
                    victim = self._d(v, a.target)
                    s = 7.0 if victim is not None and victim.spirit and \
                        v.phase == "manoeuvres" else 0.0      # only one who stays as a ghost
                elif d.type == "adventurer":
                    s = 10.0 + 2 * d.level
                elif d.type == "quest":
                    s = 6.0 + d.dp if len(v.seats[me].quests) < 2 else 2.0
                elif d.type == "event":
                    s = 5.0
                elif d.type == "tower":
                    s = 3.0 + d.wall
                elif d.type == "building":
                    s = 5.0 + d.dp
                elif d.type == "ally":
                    s = 5.0 + d.points
                elif d.subtype in ("melee", "ranged", "spell", "feint") and d.target.startswith(
                        "enemy"):
                    s = 9.0 + sum(e.amount for e in d.effects)
                elif d.subtype == "heal":
                    s = 8.0 if a.target >= 0 and v.cards[a.target].damage > 0 else 0.0
                elif d.target == "item":
                    top = [it for tl in v.timelines[-1:] for it in tl.items if it.uid == a.target]
                    s = 9.0 if top and top[0].player != me else 0.0
                else:
                    s = 4.0
            elif t is X.Attach and d is not None:
                host = v.cards.get(a.host)
                s = 5.0 if host is not None and host.controller == opp else 4.0
            elif t is X.Activate:
                s = 10.0
            elif t is X.SolveQuest:
                q = self._d(v, a.quest)
                ok = q is not None and any(self._can_meet(v, mine_alert, c) for c in q.conditions)
                if q is not None and q.treasure and q.type != "quest":        # MK 2.07.c
                    ok = sum(sorted((self._level(v, i) for i in mine_alert),
                                    reverse=True)[:3]) >= q.treasure
                    q = msgspec.structs.replace(q, solve_mp=0, dp=3)
                s = (12.0 + (q.dp if q else 0)) if ok and q and q.solve_mp <= v.seats[me].mp \
                    else 0.5
            elif t is X.Siege:
                enemy = sum(self._level(v, i) for i in self._alert(v, opp))
                s = 14.0 if power >= 4 and power > enemy else 0.5
            elif t is X.Capture:
                b = self._d(v, a.building)
                enemy = sum(self._level(v, i) for i in self._alert(v, opp))
                wall = b.wall if b is not None else 0
                s = 13.0 if power >= 3 and power > enemy + wall else 0.5
            elif t is X.UseAlly:
                y = self._d(v, a.card)
                if y is not None and any(e.op == "heal" for e in y.effects):
                    s = 8.0 if a.target >= 0 and v.cards[a.target].damage > 0 else 0.0
                else:
                    s = 6.0
            elif t is X.Equip:
                s = 7.0 + self._level(v, a.host) / 10          # the strongest wears it
            elif t is X.Unequip:
                s = 0.2
            elif t is X.Expedition and m is not None:
                q = self._d(v, m.target)
                members = m.attackers if m.initiator == me else m.blockers
                level = sum(self._level(v, i) for i in members)
                s = 6.0 if q is not None and level >= q.expedition else 0.5
            elif t is X.KeepBeast:
                s = 8.0                                   # a beast that won is worth keeping
            elif t is X.Store:                        # the highest level, furthest from a siege
                tower = v.seats[me].tower
                s = 1.0 + (tower.index(a.tower) if a.tower in tower else 0)
            elif t is X.Fight:
                enemy = max((self._level(v, i) for i in self._alert(v, opp)), default=0)
                best = max((self._level(v, i) for i in mine_alert), default=0)
                s = 11.0 if best > enemy else 0.5
            elif t is X.Raze:
                b = self._d(v, a.card)
                s = 10.0 - (b.dp if b is not None else 0)    # keep the richest buildings
            elif t is X.Join:
                s = 6.0 + self._level(v, a.card)
                if m is not None and m.initiator != me and not m.attackers:
                    s = 0.0
            elif t is X.Done:
                s = 2.0
            elif t is X.WallCheck:
                s = 10.0 if a.end else 1.0
            elif t is X.GoOn:
                s = 5.0 if a.go else 1.0
            elif t is X.Condition and m is not None:
                q = self._d(v, m.target)
                members = m.attackers if m.initiator == me else m.blockers
                if q is None or a.index >= len(q.conditions) or q.type != "quest":
                    s = 5.0                                  # a treasure's one condition
                else:
                    s = 5.0 if self._can_meet(v, list(members), q.conditions[a.index]) else 1.0
            elif t is X.Ride:
                s = 9.0 + self._level(v, a.host) / 10          # the strongest rides
            elif t is X.PlayTreasure:
                s = 3.0
            elif t is X.Animate:
                s = 9.0
            elif t is X.Escape:
                weak = any(self._level(v, i) <= 1
                           for i in (m.attackers + m.blockers if m else [])
                           if v.cards[i].controller == me)
                s = 5.0 if a.go == weak else 1.0
            elif t is X.Build:
                s = 7.0
            elif t in (X.Invoke, X.Haunt):
                y = self._d(v, a.card)
                s = 8.0 if y is not None and any(e.op == "descend" for e in y.effects) and \
                    v.phase == "manoeuvres" else 6.0
            elif t is X.EnterAntiss:                                          # MK 8.04
                y = self._d(v, a.card)
                s = 4.0 if y is not None and y.antiss_mp and \
                    y.antiss_mp <= v.seats[me].mp else 0.2
            elif t is X.Channel:                                            # MK 8.02
                s = 7.0
            elif t is X.Strike and d is not None:                        # MK 3.05.3.K
                s = 9.0 + sum(e.amount for e in d.effects)
            elif t is X.Weave:
                s = 2.0 + a.base                    # the most damage its MP allows
            elif t is X.Focus:
                s = 1.0                             # only when MP alone cannot pay (Done: 2)
            elif t is X.Aim:
                tc = v.cards.get(a.target)
                s = 5.0 + ((tc.damage if tc.controller == me else 10 - self._level(v, a.target))
                           if tc is not None else 0)
            elif t is X.Victim:
                s = 1.0 + self._level(v, a.card)              # the sturdiest takes the blow
            elif t is X.Discard:
                s = 1.0 + (d.mp if d is not None else 0) / 10
            elif t is X.Pass:
                s = 1.5
            out.append(s)
        return out
