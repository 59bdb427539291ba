"""The Warlord: a heuristic Summoner Wars bot. It sees only its seat's view and the legal actions
(engine.ai.bots) and plays the plan every summoner game rewards: summon what it can afford close
to the front, advance on the enemy summoner, put ranged units in clear lines, attack the summoner
whenever it can (else the weakest enemy it can destroy, else anything hostile — never a friend),
keep its own summoner back, and turn spare cards into magic.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.search import unpack
from engine.sw import actions as A
from engine.sw import board as B
from engine.sw.cards import CardDef
from engine.sw.rulings import DEFAULT_OPTIONS
from engine.sw.views import CardView, View

KEEP_IN_HAND = 2


class WarlordBot:
    name = "warlord"
    needs_view = True

    def __init__(self, pool: dict[str, CardDef], seed: int = 0):
        self.pool = pool
        self.rng = random.Random(seed)
        self._cards: dict[int, CardView] = {}
        self._enemies: list[CardView] = []

    def _find(self, view: View, iid: int) -> CardView | None:
        cv = self._cards.get(iid)
        return cv if cv is not None else view.find(iid)

    # -- helpers ---------------------------------------------------------------------------
    def _p_hit(self, view: View, kind: str) -> float:
        faces = view.options.get("die_faces", DEFAULT_OPTIONS["die_faces"])
        sym = "r" if kind == "ranged" else "m"
        return sum(1 for f in faces if sym in f) / max(1, len(faces))  # type: ignore[arg-type]

    def _enemy_summoner(self, view: View) -> CardView | None:
        me = view.viewer
        return self._find(view, view.players[1 - me].summoner)

    def _can_hit_from(self, view: View, unit: CardView, sq: int, target: CardView) -> bool:
        d = B.distance(sq, target.square)
        if d == 1:
            return True
        if unit.attack != "ranged" or d > 3:
            return False
        between = B.between(sq, target.square)
        return between is not None and all(view.board[q] is None or view.board[q].iid == unit.iid
                                           for q in between)

    # -- choosing --------------------------------------------------------------------------
    def choose(self, view: Any, legal: list[Any] | None = None) -> Any:
        """``choose(ctx)`` (engine.core.search.BotContext) or ``choose(view, legal)``."""
        view, legal = unpack(view, legal)
        if len(legal) == 1:
            return legal[0]
        self._look(view)
        scored = [(self._score(view, a), self.rng.random(), i) for i, a in enumerate(legal)]
        scored.sort(reverse=True)
        return legal[scored[0][2]]

    def scores(self, view: View, legal: list[Any]) -> list[float]:
        """The bot's score of each legal action (the search bot's prior)."""
        self._look(view)
        return [self._score(view, a) for a in legal]

    def _look(self, view: View) -> None:
        on_board = [c for c in view.board if c is not None]
        self._cards = {c.iid: c for c in on_board}
        for c in view.me().hand or []:
            self._cards[c.iid] = c
        self._enemies = [c for c in on_board if c.controller != view.viewer]

    def _score(self, view: View, a: Any) -> float:
        match a:
            case A.EndPhase():
                return 0.0
            case A.Summon():
                return self._summon(view, a)
            case A.Build():
                return self._build(view, a)
            case A.Move():
                return self._move(view, a)
            case A.Attack():
                return self._attack(view, a)
            case A.Discard():
                return self._discard(view, a)
            case A.PlayEvent():
                return self._event(view, a)
            case A.UseAbility():
                return self._ability(view, a)
            case A.PickCard():
                return self._pick_card(view, a.card)
            case A.PickSquare():
                return self._pick_square(view, a.square)
            case A.PickOption():
                return self._pick_option(view, a.index)
            case A.Skip():
                return 0.1
        return -1.0

    # -- phases ----------------------------------------------------------------------------
    def _summon(self, view: View, a: A.Summon) -> float:
        d = self.pool[self._find(view, a.card).cid]
        foe = self._enemy_summoner(view)
        closeness = 0.0 if foe is None else (14 - B.distance(a.square, foe.square)) / 14
        return 2.0 + d.strength * 0.5 + d.life * 0.2 + d.cost * 0.3 + closeness

    def _build(self, view: View, a: A.Build) -> float:
        d = self.pool[self._find(view, a.card).cid]
        if d.is_unit:
            return -1.0                      # a unit-structure is better summoned
        units_in_hand = sum(1 for c in view.me().hand or [] if self.pool[c.cid].is_unit)
        if not d.gate and d.kind != "event":
            return -1.0
        foe = self._enemy_summoner(view)
        forward = B.row_of(a.square, view.viewer)
        near = 0.0 if foe is None else (14 - B.distance(a.square, foe.square)) / 14
        if d.gate:
            gates = sum(1 for c in view.board if c is not None and c.controller == view.viewer
                        and c.gate)
            return (1.0 + forward * 0.3 + near if units_in_hand and gates < 3 else -1.0)
        return 0.5 + near

    def _move(self, view: View, a: A.Move) -> float:
        unit = self._find(view, a.unit)
        foe = self._enemy_summoner(view)
        if unit is None or foe is None:
            return -1.0
        dest = a.path[-1]
        if unit.kind == "summoner":
            # keep the summoner out of reach: moving away from enemies is good
            threat_now = self._threat(view, unit.square, unit.iid)
            threat_then = self._threat(view, dest, unit.iid)
            return (threat_now - threat_then) * 0.8 - 0.2
        gain = B.distance(unit.square, foe.square) - B.distance(dest, foe.square)
        score = gain * 0.6
        if self._can_hit_from(view, unit, dest, foe):
            score += 4.0
        elif any(self._can_hit_from(view, unit, dest, c) for c in self._enemies):
            score += 1.0
        if unit.structure:
            score -= 0.5
        trampled = [view.board[q] for q in a.path[:-1] if view.board[q] is not None
                    and view.board[q].iid != unit.iid]
        score += sum(1.0 if t.controller != view.viewer else -1.0 for t in trampled)
        return score

    def _threat(self, view: View, sq: int, me: int) -> float:
        total = 0.0
        for c in self._enemies:
            if c.kind not in ("summoner", "champion", "common"):
                continue
            dist = B.distance(sq, c.square)
            reach = 3 if c.attack == "ranged" else 1
            if dist <= reach + 2:
                total += c.strength / (1 + max(0, dist - reach))
        return total

    def _attack(self, view: View, a: A.Attack) -> float:
        unit, target = self._find(view, a.unit), self._find(view, a.target)
        if unit is None or target is None:
            return -1.0
        if target.controller == view.viewer:
            return -5.0
        expected = unit.strength * self._p_hit(view, unit.attack)
        left = target.life - target.damage
        score = 1.0 + expected
        if target.kind == "summoner":
            score += 6.0 + expected
        elif expected >= left:
            score += 3.0 + target.cost * 0.3
        elif target.kind in ("champion", "common"):
            score += 0.5
        return score

    def _discard(self, view: View, a: A.Discard) -> float:
        me = view.me()
        hand = me.hand or []
        if me.magic >= 15:
            return -1.0
        card = self._find(view, a.card)
        d = self.pool[card.cid]
        if len(hand) <= KEEP_IN_HAND:
            return -0.5
        # keep the best units; discard gates beyond one, events and the expensive first
        worth = d.strength + d.life * 0.5 if d.is_unit else (0.5 if d.kind == "event" else 1.0)
        units = sorted((self.pool[c.cid].strength + self.pool[c.cid].life * 0.5, c.iid)
                       for c in hand if self.pool[c.cid].is_unit)
        if d.is_unit and (worth, a.card) in units[-KEEP_IN_HAND:]:
            return -0.5
        return 1.0 + (3 - worth * 0.2)

    def _event(self, view: View, a: A.PlayEvent) -> float:
        d = self.pool[self._find(view, a.card).cid]
        first = d.steps[0] if d.steps else None
        if first is not None and first.do == "choose_card" and first.filter is not None \
                and first.filter.side == "friendly" and any(s.do == "destroy" for s in d.steps):
            # sacrificing a friend pays only when it hurts enemies next to it
            return 1.5 if self._friend_next_to_enemy(view) else -1.0
        if d.active and not d.abilities:
            return -1.0
        return 0.8 - d.cost * 0.2

    def _friend_next_to_enemy(self, view: View) -> bool:
        for c in view.board:
            if c is not None and c.controller == view.viewer and c.kind == "common":
                for n in B.neighbours(c.square):
                    o = view.board[n]
                    if o is not None and o.controller != view.viewer and o.kind != "structure":
                        return True
        return False

    def _ability(self, view: View, a: A.UseAbility) -> float:
        unit = self._find(view, a.card)
        ab = self.pool[unit.cid].abilities[a.ability]
        if ab.keyword == "charge":
            foe = self._enemy_summoner(view)
            return 1.5 if foe is not None and B.distance(unit.square, foe.square) > 2 else -1.0
        if ab.instead:
            return -1.0
        if any(s.do == "damage" and s.who == "self" for s in ab.steps):
            return 1.0 if unit.life - unit.damage > 6 else -1.0
        return 0.5

    # -- answers to choices ------------------------------------------------------------------
    def _next_verb(self, view: View) -> str:
        t = view.tasks[-1] if view.tasks else None
        if t is None or t.card < 0:
            return ""
        cv = self._find(view, t.card)
        if cv is None:
            return ""
        d = self.pool[cv.cid]
        steps = d.steps if t.kind == "event" else d.abilities[t.ability].steps \
            if 0 <= t.ability < len(d.abilities) else ()
        for st in steps[max(0, t.step) + 1:]:
            return st.do
        return ""

    def _pick_card(self, view: View, iid: int) -> float:
        c = self._find(view, iid)
        if c is None:
            return 0.0
        verb = self._next_verb(view)
        mine = c.controller == view.viewer
        if verb in ("damage", "destroy"):
            if mine:
                return 0.5 if verb == "destroy" else -2.0
            return 5.0 if c.kind == "summoner" else 2.0 + 1.0 / (1 + c.life - c.damage)
        if verb == "heal":
            return c.damage + (2 if c.kind == "summoner" else 0)
        if verb in ("place", "put_under"):
            return self.pool[c.cid].strength + 0.1 * self.pool[c.cid].cost
        return 1.0 if mine else 0.5

    def _pick_square(self, view: View, sq: int) -> float:
        foe = self._enemy_summoner(view)
        if foe is None:
            return 0.0
        t = view.tasks[-1] if view.tasks else None
        moving = self._find(view, t.card) if t is not None and t.card >= 0 else None
        if t is not None and t.kind == "charge" and moving is not None:
            return (14 - B.distance(sq, foe.square)) + (4 if self._can_hit_from(
                view, moving, sq, foe) else 0)
        return (14 - B.distance(sq, foe.square)) * 0.1

    def _pick_option(self, view: View, index: int) -> float:
        t = view.tasks[-1] if view.tasks else None
        if t is not None and t.ask == "option" and t.card >= 0:
            cv = self._find(view, t.card)
            if cv is not None and t.ability >= 0:
                ab = self.pool[cv.cid].abilities[t.ability]
                branch = [s for s in ab.steps if s.branch == index]
                if any(s.do == "discard" for s in branch):
                    return 0.2
                if any(s.do == "spend_magic" for s in branch):
                    return 1.0 if view.me().magic >= 2 else 0.1
        return 1.0 - index * 0.01
