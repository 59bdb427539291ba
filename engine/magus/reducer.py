"""The reducer: the only code that changes a M.A.G.U.S. state (one event at a time)."""

from __future__ import annotations

from typing import Any

from engine.core.protocol import Result
from engine.magus import events as E
from engine.magus.state import Item, Manoeuvre, State, Timeline

#: zones held in a player's lists
LISTED = ("future", "hand", "line", "tower", "quests", "solved", "past", "depth", "storage",
          "sideboard", "buildings", "allies", "outer", "ghosts")


def _unzone(s: State, i: int) -> None:
    c = s.cards[i]
    if c.zone in LISTED:
        holder = c.controller if c.controller >= 0 else c.owner
        getattr(s.players[holder], c.zone).remove(i)
    elif c.zone == "team" and s.manoeuvre is not None:
        for side in (s.manoeuvre.attackers, s.manoeuvre.blockers):
            if i in side:
                side.remove(i)
    c.host = -1


def apply(s: State, ev: Any) -> None:  # noqa: C901 - one branch per event type
    t = type(ev)
    if t is E.StageSet:
        s.stage, s.chooser = ev.stage, ev.chooser
    elif t is E.ActiveSet:
        s.active, s.why, s.why_a, s.why_b = ev.player, ev.why, ev.a, ev.b
    elif t is E.Passed:
        if ev.context == "timeline":
            s.timelines[-1].passes += 1
        else:
            s.context_passes += 1
        if not ev.second:                         # MK 6.07.C: the opponent is active
            s.active, s.why, s.why_a, s.why_b = 1 - ev.player, "passed", 0, 0
    elif t is E.DieRolled:
        s.rng = ev.rng
    elif t is E.RollJudged:
        s.last_judged = ev.success
        if ev.purpose == "starter":
            s.rolls.append(ev.total)
    elif t is E.StarterChosen:
        s.starter = ev.player
        s.players[ev.player].stamp = 0            # ruling 3: the starter acted longest ago
        s.players[1 - ev.player].stamp = 1
    elif t is E.Shuffled:
        s.players[ev.player].future = list(ev.order)
        s.rng = ev.rng
    elif t is E.TowerPicked:
        _unzone(s, ev.card)
        c = s.cards[ev.card]
        c.zone, c.controller, c.face_down = "tower", ev.player, True
        s.players[ev.player].tower.append(ev.card)
    elif t is E.MpChanged:
        s.players[ev.player].mp += ev.delta
    elif t is E.Stamped:
        s.players[ev.player].stamp = ev.clock
        s.clock = ev.clock + 1
    elif t is E.Drew:
        _unzone(s, ev.card)
        c = s.cards[ev.card]
        c.zone, c.controller = "hand", ev.player
        s.players[ev.player].hand.append(ev.card)
    elif t is E.HandReturned:
        p = s.players[ev.player]
        for i in ev.cards:
            p.hand.remove(i)
            s.cards[i].zone = "future"
            p.future.append(i)
        p.hand_size = ev.size
    elif t is E.HandKept:
        s.players[ev.player].done = True
    elif t is E.RoundBegan:
        s.round = ev.round
        s.invoked = []
        s.detached = []                                                     # ruling 67
        s.antiss_tried, s.antiss_solved, s.antiss_acted = [], [], []
        s.hunted = []                                                       # MK 1.14.14.C
    elif t is E.TreasureHunted:
        s.hunted += [i for i in ev.cards if i not in s.hunted]
        if s.manoeuvre is not None:
            s.manoeuvre.hunters = list(ev.cards)
    elif t is E.AuraRaised:                                                     # MK 7.03
        left = s.auras.get(ev.target, [0, 0])[0]
        s.auras[ev.target] = [left + ev.amount, len(s.timelines)]
    elif t is E.AuraAbsorbed:
        a = s.auras.get(ev.target)
        if a is not None:
            a[0] -= ev.amount
            if a[0] <= 0:
                del s.auras[ev.target]
    elif t is E.Sacrificed:
        c = s.cards[ev.card]
        c.damage, c.hurt, c.doomed = 0, False, False
    elif t is E.AntissEntered:
        pass
    elif t is E.AntissSaved:
        c = s.cards[ev.card]
        c.damage, c.hurt, c.doomed = 0, False, False
    elif t is E.GhostBound:
        s.ghosts[ev.card] = ev.rounds
        s.cards[ev.card].pos = "alert"                                  # MK 11.00.E
    elif t is E.GhostFaded:
        if ev.left <= 0:
            s.ghosts.pop(ev.card, None)
        else:
            s.ghosts[ev.card] = ev.left
    elif t is E.PhaseBegan:
        s.phase = ev.phase
        s.context_passes = 0
        for p in s.players:
            p.done = False
    elif t is E.TimelineOpened:
        s.timelines.append(Timeline(ev.kind))
        s.context_passes = 0
    elif t is E.ItemAdded:
        tl = s.timelines[-1]
        if ev.kind == "attach" and ev.target in tl.entered:
            tl.entered.remove(ev.target)          # one interrupting obstacle (MK 3.04.F)
        if ev.kind in ("card", "attach", "ride", "treasure", "build"):
            _unzone(s, ev.card)                   # from the hand, or the Past (MK 2.11)
            s.cards[ev.card].zone = "timeline"
            s.cards[ev.card].face_down = ev.hidden
        elif ev.kind == "outer":                          # once a round (ruling 59)
            s.invoked.append(ev.card)
        elif ev.kind == "antiss_ability":                 # MK 8.03.C: once a round
            s.antiss_acted.append(ev.card)
        elif ev.kind == "unequip":                        # ruling 67: until the next round
            s.detached.append(ev.card)
            tl.used.append(ev.card)
        elif ev.kind in ("enter", "round"):               # timed effects (MK 6.02)
            if ev.card in s.triggers:
                s.triggers.remove(ev.card)
        else:
            tl.used.append(ev.card)
        tl.items.append(Item(ev.player, ev.card, ev.kind, ev.caster, ev.target, ev.hidden,
                             ev.uid, ev.origin))
        tl.passes = 0
        s.uid = max(s.uid, ev.uid + 1)
        m = s.manoeuvre
        if m is not None and m.step == "rounds" and len(s.timelines) and \
                s.timelines[-1].kind == "m_action":
            m.acted = True
    elif t is E.ItemUnwound:
        tl = s.timelines[-1]
        for it in tl.items:
            if it.uid == ev.uid and it.kind in ("card", "attach", "ride", "treasure", "build"):
                s.cards[it.card].zone = "resolving"      # until its destination (next event)
        tl.items = [it for it in tl.items if it.uid != ev.uid]
        tl.passes = 0
    elif t is E.TimelineEnded:
        s.timelines.pop()
        if s.auras:                           # MK 7.03: until its timeline is unwound
            s.auras = {k: v for k, v in s.auras.items() if v[1] <= len(s.timelines)}
    elif t is E.CardMoved:
        if ev.card in s.victorious:
            s.victorious.remove(ev.card)
        _unzone(s, ev.card)
        c = s.cards[ev.card]
        holder = ev.player if ev.player >= 0 else c.owner
        c.zone, c.face_down, c.host = ev.zone, ev.face_down, ev.host
        if ev.zone in LISTED:
            c.controller = holder
            getattr(s.players[holder], ev.zone).append(ev.card)
        if ev.zone == "quests" and s.timelines:
            s.timelines[-1].entered.append(ev.card)
        if ev.zone in ("past", "depth", "future", "hand", "outer"):       # MK 9.00.H
            c.damage, c.hurt, c.doomed, c.pos, c.front = 0, False, False, "alert", True
            c.points = 0
    elif t is E.PositionSet:
        s.cards[ev.card].pos = ev.pos
    elif t is E.Damaged:
        c = s.cards[ev.card]
        c.damage += ev.amount
        c.hurt = True
    elif t is E.Healed:
        s.cards[ev.card].damage -= ev.amount
    elif t is E.Doomed:
        s.cards[ev.card].doomed = True
    elif t is E.Died:
        c = s.cards[ev.card]
        c.damage, c.hurt, c.doomed = 0, False, False
    elif t is E.DamageCleared:
        s.cards[ev.card].damage = 0
        s.cards[ev.card].hurt = False
    elif t is E.Revealed:
        if s.manoeuvre is not None and s.manoeuvre.target == ev.card and \
                s.manoeuvre.step == "reveal":
            s.manoeuvre.was_hidden = s.cards[ev.card].face_down
        s.cards[ev.card].face_down = False
    elif t is E.Concealed:
        s.cards[ev.card].face_down = True
    elif t is E.ManoeuvreBegan:
        s.manoeuvre = Manoeuvre(ev.kind, ev.target, ev.initiator)
        if ev.kind == "antiss":                                               # MK 8.03.B
            s.antiss_tried.append(ev.target)
    elif t is E.TeamJoined:
        _unzone(s, ev.card)
        c = s.cards[ev.card]
        c.zone, c.front = "team", True
        m = s.manoeuvre
        assert m is not None
        (m.attackers if ev.side == 0 else m.blockers).append(ev.card)
        if m.kind == "antiss":                                                # MK 8.03.C
            s.antiss_acted.append(ev.card)
    elif t is E.Picked:
        if ev.card < 0:
            s.players[ev.player].picked = []
        else:
            s.players[ev.player].picked.append(ev.card)
    elif t is E.StepBegan:
        assert s.manoeuvre is not None
        s.manoeuvre.step = ev.step
        if ev.step == "block":
            s.manoeuvre.blocked = True
    elif t is E.OrderSet:
        s.cards[ev.card].front = ev.front
    elif t is E.CombatRound:
        assert s.manoeuvre is not None
        s.manoeuvre.combat_round, s.manoeuvre.acted = ev.number, ev.acted
        s.context_passes = 0
    elif t is E.CombatDecided:
        assert s.manoeuvre is not None
        s.manoeuvre.winner = ev.winner
    elif t is E.QuestSolved:
        if s.manoeuvre is not None and s.manoeuvre.kind == "antiss":           # MK 8.03.A
            s.antiss_solved.append(ev.player)
    elif t in (E.ConditionChosen, E.Picked, E.OverstrikeJudged,
               E.ExpeditionJudged, E.WillJudged, E.TreasureJudged):
        pass
    elif t is E.ManoeuvreEnded:
        s.manoeuvre = None
    elif t is E.CutOffered:
        s.cuts, s.after_cut = list(ev.players), ev.then
    elif t is E.CutAnswered:
        s.cuts.pop(0)
        if ev.how == "cut":
            fut = s.players[ev.player].future
            s.players[ev.player].future = fut[ev.at:] + fut[:ev.at]
    elif t is E.EndWaits:
        s.ending = ev.what
    elif t is E.BeastBegan:
        s.beast, s.beast_hits, s.beast_armour = [ev.card, ev.attacks], {}, {}
    elif t is E.BeastAttacked:
        s.beast[1] -= 1
    elif t is E.BeastHit:
        s.beast_hits[ev.victim] = s.beast_hits.get(ev.victim, 0) + ev.amount
        if ev.armour:
            s.beast_armour[ev.victim] = ev.armour
    elif t is E.BeastEnded:
        s.beast, s.beast_hits, s.beast_armour = [], {}, {}
    elif t is E.TriggersPending:
        s.triggers = list(ev.cards)
    elif t is E.BeastVictorious:
        s.victorious.append(ev.card)
    elif t is E.BeastKept:
        s.victorious.remove(ev.card)
        s.cards[ev.card].face_down = True
    elif t is E.EscapeOffered:
        s.escape = ev.card
    elif t is E.EscapeAnswered:
        s.escape = -1
    elif t is E.FocusPaid:
        _unzone(s, ev.card)
        c = s.cards[ev.card]
        c.zone, c.controller, c.host, c.face_down = "future", c.owner, -1, False
        c.damage, c.hurt, c.doomed, c.pos, c.front, c.points = 0, False, False, "alert", True, 0
        s.players[c.owner].future.append(ev.card)          # the bottom (MK 2.19)
        s.players[ev.player].mp += 1
    elif t is E.TargetChosen:
        s.aiming = []
    elif t is E.MosaicAsked:
        s.weaving = [ev.card, ev.caster, ev.target, int(ev.combat)]
    elif t is E.MosaicWoven:
        from engine.magus.mosaic import FORMS

        s.weaving = []
        s.woven[ev.card] = [FORMS.index(ev.kind), ev.base]
    elif t is E.TargetAsked:
        s.aiming = [ev.card, ev.player]
    elif t is E.FocusAsked:
        s.paying = [ev.card, ev.caster, ev.target]
    elif t is E.FocusDone:
        s.paying = []
    elif t is E.AllyPoints:
        s.cards[ev.card].points += ev.delta
    elif t is E.FightsGranted:
        s.players[ev.player].fights += ev.delta
    elif t is E.ScenarioSet:                  # a scenario's position replaces the set-up
        import msgspec

        new = msgspec.msgpack.decode(ev.data, type=State)
        for field in State.__struct_fields__:
            setattr(s, field, getattr(new, field))
    elif t is E.GameEnded:
        s.result = Result(ev.winners, ev.reason, ev.rule)
        s.phase, s.stage = "over", "over"
    else:  # pragma: no cover - every event type has a branch
        raise TypeError(f"no reducer for {t.__name__}")
