"""HKK's greedy bot: a one-ply heuristic player over an HKK view (registered by the HKK plugin).

Like every bot it sees exactly what a person in its seat sees — its player's view — and the legal
actions; it never touches the game state.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.search import unpack
from engine.hkk import actions as A
from engine.hkk.cards import CardDef
from engine.hkk.state import Target
from engine.hkk.verbs import aimed
from engine.hkk.views import CardView, View

HARMFUL = {"damage", "destroy", "return_to_hand", "void", "passivate", "discard_random",
           "lose_vp", "prevent"} | aimed("harm")
HELPFUL = {"heal", "pump", "draw", "gain_vp", "gain_mc", "activate", "gain_life_max",
           "resurrect"} | aimed("help")
#: Helpful verbs that only matter while something threatens the creature (K 41.4 "until end
#: of turn" boosts and protections): in a reaction, keep them for a creature under attack.
SHIELDING = {"pump", "grant_for_turn"}
#: Keywords that help a creature attack (K 131.3, 14.2): worth granting for the turn only to a
#: guard-post creature of the active player before attackers are declared (K 33.2).
ATTACKING_KEYWORDS = {"invisibility", "magic_attack"}
#: Scopes of a damaging effect that hit the other side's creatures.
_HITS_ENEMIES = ("all_creatures", "enemy_creatures", "enemy_guard_creatures", "other_creatures")


class GreedyBot:
    """A one-ply heuristic player: scores every legal action from its view and takes the best.

    Cards: play the most valuable affordable card; aim harmful effects at the opponent's best
    creature or the opponent, helpful ones at its own. Combat: fill the guard post with its
    strongest creatures, attack where the attacker kills or survives, break through when it can.
    It takes every monster component it is entitled to (K 67.4), never reorders its creatures
    (no card of the pool cares about their order, K 88), and accepts a draw offer exactly when
    it is behind: its life is lower than the opponent's (K 2.8.1); otherwise it declines.
    """

    name = "greedy"
    needs_view = True

    def __init__(self, pool: dict[str, CardDef], seed: int = 0):
        self.pool = pool
        self.rng = random.Random(seed)

    # -- helpers ----------------------------------------------------------------------
    def _value(self, c: CardView | None) -> float:
        if c is None:
            return 0.0
        d = self.pool[c.cid]
        return d.cost + 0.5 * (c.damage + max(c.hp, 0)) + (1 if c.keywords else 0)

    def _target_score(self, view: View, me: int, t: Target, effects: tuple) -> float:
        verbs = {e.do for e in effects} or {"damage"}
        harmful = bool(verbs & HARMFUL) or any(
            e.do == "counter" and e.kind == "weakening" for e in effects)
        if t.k == "p":
            sign = -1 if t.i == me else 1
            return (3.0 if harmful else 2.0) * (sign if harmful else -sign)
        if t.k == "l":
            item = view.line[t.i] if t.i < len(view.line) else None
            if item is None:
                return -5
            if "prevent" not in verbs:            # e.g. a reaction to one's own card
                return 1.0 if item.controller == me else -5
            return 2.0 + self.pool[item.card.cid].cost if item.controller != me else -5
        c = view.find(t.i)
        if c is None:
            return 0.0
        mine = c.controller == me
        value = self._value(c)
        if harmful:
            amount = max((e.amount for e in effects if e.do == "damage"), default=0)
            kills = amount and amount >= c.hp
            return (-value if mine else value + (3 if kills else 0))
        return value if mine else -value

    def _effects_of(self, view: View, action: Any) -> tuple:
        if isinstance(action, A.PlayCard):
            c = view.find(action.card)
            return self.pool[c.cid].effects if c else ()
        if isinstance(action, A.Activate):
            c = view.find(action.card)
            return self.pool[c.cid].abilities[action.ability].effects if c else ()
        return ()

    def _aimed_effects(self, view: View) -> tuple:
        """Effects of the ability or card a trigger_target / retarget decision aims."""
        if view.decision_card < 0:
            return ()
        d = self.pool[view.find(view.decision_card).cid] if view.find(
            view.decision_card) else None
        if d is None:
            return ()
        if 0 <= view.decision_ability < len(d.abilities):
            return d.abilities[view.decision_ability].effects
        return d.effects

    # -- the decision -----------------------------------------------------------------
    def choose(self, view: Any, legal: list[Any] | None = None) -> Any:
        """``choose(ctx)`` (engine.core.search.BotContext) or ``choose(view, legal)``."""
        view, legal = unpack(view, legal)
        scored = [(self.score(view, a), i, a) for i, a in enumerate(legal)]
        best = max(s for s, _, _ in scored)
        choices = [a for s, _, a in scored if s >= best - 1e-9]
        return self.rng.choice(choices)

    def score(self, view: View, action: Any) -> float:  # noqa: C901 - one table of heuristics
        me = view.viewer
        kind = view.decision.kind if view.decision else ""
        if isinstance(action, A.Pass):
            return 0.0
        if isinstance(action, A.CedeStart):
            return 0.0 if action.cede else 1.0
        if isinstance(action, A.PlayCard):
            c = view.find(action.card)
            d = self.pool[c.cid] if c else None
            if d is None:
                return -1
            score = 1.0 + d.cost
            effects = d.effects
            if d.attach:
                host = view.find(action.targets[0].i) if action.targets else None
                if host is not None and host.controller != me:
                    score -= 2 * self._value(host) if not d.abilities else 0
            for t in action.targets[(1 if d.attach else 0):]:
                score += self._target_score(view, me, t, effects)
            if kind == "respond":
                score += 1.0
                if not self._shields_threatened(view, me, action.targets, effects):
                    return -1.0   # a protective reaction for a creature nothing threatens
            if d.type == "instant" and not action.targets and kind == "priority":
                score -= 1.5      # keep untargeted instants for a better moment
            if kind == "priority" and not self._granted_in_time(view, me, action.targets,
                                                                 effects):
                return -1.0       # a keyword for the turn that would not help now
            return score
        if isinstance(action, A.Activate):
            effects = self._effects_of(view, action)
            score = 0.5 + sum(self._target_score(view, me, t, effects) for t in action.targets)
            if not action.targets:
                score += 1.0
            return score
        if isinstance(action, A.Regenerate):
            return 2.0
        if isinstance(action, A.MoveToGuard):
            c = view.find(action.card)
            return 1.0 + self._value(c)
        if isinstance(action, A.MoveToReserve):
            return -1.0
        if isinstance(action, A.DeclareAttack):
            return self._attack_score(view, action)
        if isinstance(action, A.WithdrawAttack):
            return -2.0
        if isinstance(action, A.ChooseHitBack):
            c = view.find(action.attacker)
            d = view.find(action.defender)
            kill = 3 if c and d and d.damage >= c.hp else 0
            return kill + self._value(c)
        if isinstance(action, A.UseCombatAbility):
            return 0.5 + action.amount
        if isinstance(action, A.SacrificeForMc):
            c = view.find(action.card)
            return 0.5 if c and c.damage <= 1 and self.pool[c.cid].mc >= 2 else -1
        if isinstance(action, A.ChooseTarget):
            return sum(self._target_score(view, me, t, self._aimed_effects(view))
                       for t in action.targets)
        if isinstance(action, A.OrderTrigger):
            return 0.0
        if isinstance(action, A.ExtractMc):
            return 0.5 + action.amount
        if isinstance(action, A.ShiftCreature):
            return -10.0          # below everything, withdrawing from an over-full guard post too
        if isinstance(action, (A.AcceptDraw, A.DeclineDraw)):
            behind = view.players[me].life < view.players[1 - me].life
            return 1.0 if isinstance(action, A.AcceptDraw) == behind else -1.0
        return 0.0

    def _threatened(self, view: View, me: int) -> set[int]:
        """My creatures the opponent's items in the reaction line aim at or damage."""
        out: set[int] = set()
        for item in view.line:
            if item.controller == me:
                continue
            out |= {t.i for t in item.targets if t.k == "c"}
            d = self.pool[item.card.cid]
            effects = d.effects if item.ability < 0 else d.abilities[item.ability].effects
            if any(e.do == "damage" and e.to in _HITS_ENEMIES for e in effects):
                out |= {c.iid for c in view.players[me].reserve + view.players[me].guard}
        return out

    def _shields_threatened(self, view: View, me: int, targets: tuple,
                            effects: tuple) -> bool:
        """A reaction whose only help is shielding (until end of turn) is worth playing only
        on a creature that the line threatens."""
        verbs = {e.do for e in effects}
        if not verbs or not verbs <= SHIELDING | {"prevent"} or "prevent" in verbs:
            return True
        threatened = self._threatened(view, me)
        return any(t.k == "c" and t.i in threatened for t in targets)

    def _granted_in_time(self, view: View, me: int, targets: tuple, effects: tuple) -> bool:
        """A keyword granted until end of turn (K 41.4) helps only at the right moment: an
        attacking keyword before one's own attackers are declared, on a guard-post creature;
        a protection only against something in the reaction line (see _shields_threatened)."""
        grants = [e for e in effects if e.do == "grant_for_turn"]
        if not grants or len(grants) < len(effects):
            return True
        if all(e.keyword in ATTACKING_KEYWORDS for e in grants):
            guard = {c.iid for c in view.players[me].guard}
            return (view.active == me and view.phase == "combat" and view.step == 0
                    and any(t.k == "c" and t.i in guard for t in targets))
        return False

    def _attack_score(self, view: View, action: A.DeclareAttack) -> float:
        attacker = view.find(action.attacker)
        if attacker is None:
            return -1
        t = action.target
        if t.k == "p":
            return 3.0 + attacker.damage
        target = view.find(t.i)
        if target is None:
            return -1
        if target.zone == "perm":
            return 1.5 + attacker.damage
        magic_block = ("magic_defence" in target.keywords
                       and "magic_attack" not in attacker.keywords)
        kills = not magic_block and attacker.damage >= target.hp
        survives = target.damage < attacker.hp
        score = (2.0 if kills else -0.5) + (1.5 if survives else -1.5)
        if kills:
            score += 0.3 * self._value(target)
        # opening the way to the player is worth something even when the trade is even
        return score + 0.5
