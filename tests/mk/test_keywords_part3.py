"""The ten keywords of chapter 2 that part 3 adds, each as data (engine/magus/keywords.py):
IGAZ NÉV (MK 2.02), AKARATÁTVITEL (MK 2.04), HÁTAS (MK 2.06), TÖRZSSZÖVETSÉG (MK 2.08),
CSATLÓS (MK 2.09), ŐSERŐ (MK 2.12), AKADÁLYOK (MK 2.13), ELVADULT (MK 2.14), MEGELEVENEDŐ
(MK 2.15) and MENEKÜLÉS (MK 2.16)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import value
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _resolve(t: Table) -> list:
    """Pass until no timeline is open."""
    return _drive(t, lambda d: False if not t.s.timelines else None)


def _to_rounds(t: Table, blocker: int) -> None:
    """B besieges with Halvard, A blocks with ``blocker``; stop in combat round 1 at A."""
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    _drive(t, lambda d: (X.Join(blocker) if d.kind == "team" and X.Join(blocker) in t.legal(A)
                         else X.Done() if d.kind in ("team", "order") else
                         X.WallCheck(False) if d.kind == "wall" else
                         False if t.s.manoeuvre and t.s.manoeuvre.step == "rounds" and
                         d.player == A and d.kind == "priority" else None))


def _level(t: Table, i: int) -> int:
    return value(t.s, t.rules.pool, t.card(i), "level")


# ---------------------------------------------------------------- IGAZ NÉV
def test_mk_2_02_igaz_nev_counts_as_the_named_card_for_the_named_rule():
    t = Table([C(A, "a-zsolt", "line"), C(A, "a-grey-pilgrim")] + KEEP, mp=[10, 8])
    pilgrim = t.idx(A, "a-grey-pilgrim")
    assert X.Play(pilgrim) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(pilgrim))
    assert exc.value.rule == "MK 1.03 \"Nevesítés szabálya\""
    free = Table([C(A, "a-borka", "line"), C(A, "a-grey-pilgrim")] + KEEP, mp=[10, 8])
    assert X.Play(free.idx(A, "a-grey-pilgrim")) in free.legal(A)


def test_mk_2_02_igaz_nev_works_both_ways_for_the_depth():
    # a named card goes to the Depth unless a card of its name (its true name too) is there
    from engine.magus.ctx import goes_to

    t = Table([C(A, "a-zsolt", "line"), C(A, "a-grey-pilgrim", "line")] + KEEP)
    assert goes_to(t.s, t.rules.pool, t.idx(A, "a-grey-pilgrim")) == "past"
    alone = Table([C(A, "a-grey-pilgrim", "line")] + KEEP)
    assert goes_to(alone.s, alone.rules.pool, alone.idx(A, "a-grey-pilgrim")) == "depth"


# ---------------------------------------------------------------- AKARATÁTVITEL
@pytest.mark.parametrize("damage, moves", [(2, True), (1, False)])
def test_mk_2_04_akaratatvitel_turns_a_target_of_level_at_most_x_into_the_caster_s_line(
        damage, moves):
    t = Table([C(B, "a-halvard", "line", damage=damage), C(A, "a-ambrus", "line"),
               C(A, "x-will-of-the-serpent")] + KEEP, mp=[10, 12])
    ambrus, halvard = t.idx(A, "a-ambrus"), t.idx(B, "a-halvard")
    _to_rounds(t, ambrus)
    will = X.Play(t.idx(A, "x-will-of-the-serpent"), ambrus, halvard)
    assert will in t.legal(A)
    out = t.act(A, will)
    out += _drive(t, lambda d: False if not t.s.timelines or
                  t.s.timelines[-1].kind != "m_action" else None)
    judged = t.of(E.WillJudged, out)
    assert judged and (judged[0].level, judged[0].limit, judged[0].success) == \
        (4 - damage, 2, moves)
    assert not [e for e in out if isinstance(e, E.RollJudged) and e.purpose == "attack"]
    if moves:
        assert halvard in t.s.players[A].line
        assert [e for e in out if isinstance(e, E.PositionSet) and e.card == halvard and
                e.pos == "resting" and e.rule == "MK 2.04"]
        assert t.card(halvard).pos == "wounded"        # its damage turns it (MK 6.05.N)
        assert t.card(halvard).owner == B and halvard not in (t.s.manoeuvre.attackers
                                                              if t.s.manoeuvre else [])
    else:
        assert halvard not in t.s.players[A].line


# ---------------------------------------------------------------- HÁTAS
def test_mk_2_06_hatas_a_mount_rides_an_adventurer_meeting_its_condition():
    t = Table([C(A, "a-borka", "line"), C(A, "a-ilka", "line"), C(A, "o-war-horse"),
               C(A, "o-giant-eagle")] + KEEP, mp=[10, 8])
    borka, ilka, horse = t.idx(A, "a-borka"), t.idx(A, "a-ilka"), t.idx(A, "o-war-horse")
    assert X.Ride(horse, borka) in t.legal(A)
    assert X.Ride(horse, ilka) not in t.legal(A)             # the horse wants a warrior
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Ride(horse, ilka))
    assert exc.value.rule == "MK 2.06"
    mp = t.s.players[A].mp
    t.act(A, X.Ride(horse, borka))
    _resolve(t)
    c = t.card(horse)
    assert (c.zone, c.host, c.face_down) == ("attached", borka, False)
    assert t.s.players[A].mp == mp                            # a free action
    assert _level(t, borka) == 4 and value(t.s, t.rules.pool, t.card(borka), "physique") == 9
    eagle = t.idx(A, "o-giant-eagle")
    assert X.Ride(eagle, borka) not in t.legal(A)             # one mount per adventurer
    assert X.Ride(eagle, ilka) in t.legal(A)                  # the eagle takes anyone


def test_mk_2_06_hatas_the_mount_leaves_with_its_rider():
    t = Table([C(A, "a-zsolt", "line"), C(A, "o-war-horse"), C(B, "a-geza", "line"),
               C(B, "x-frost-lance")] + KEEP, mp=[10, 8])
    zsolt, horse = t.idx(A, "a-zsolt"), t.idx(A, "o-war-horse")
    t.act(A, X.Ride(horse, zsolt))
    _resolve(t)
    from engine.magus.ctx import Run
    from engine.magus.timeline import deaths

    r = Run(t.s, t.rules.pool)
    r.emit(E.Doomed(zsolt, "MK 6.05.L"))
    deaths(r)
    assert t.card(zsolt).zone == "past" and t.card(horse).zone == "past"


# ---------------------------------------------------------------- TÖRZSSZÖVETSÉG
def test_mk_2_08_torzsszovetseg_works_only_with_three_of_the_race():
    two = Table([C(A, "a-dwarf-smith", "line"), C(A, "a-dwarf-miner", "line"),
                 C(A, "a-borka", "line")] + KEEP)
    smith = two.idx(A, "a-dwarf-smith")
    assert _level(two, smith) == 2
    three = Table([C(A, "a-dwarf-smith", "line"), C(A, "a-dwarf-miner", "line"),
                   C(A, "a-dwarf-runecaster", "line")] + KEEP)
    smith = three.idx(A, "a-dwarf-smith")
    assert _level(three, smith) == 3
    miner = three.idx(A, "a-dwarf-miner")
    assert value(three.s, three.rules.pool, three.card(miner), "physique") == 10
    # the opponent's dwarves do not count for A
    split = Table([C(A, "a-dwarf-smith", "line"), C(A, "a-dwarf-miner", "line"),
                   C(B, "a-dwarf-runecaster", "line")] + KEEP)
    assert _level(split, split.idx(A, "a-dwarf-smith")) == 2


# ---------------------------------------------------------------- CSATLÓS
def test_mk_2_09_csatlos_a_henchman_gives_its_host_its_abilities():
    t = Table([C(A, "a-borka", "line"), C(A, "a-ilka", "line"), C(A, "a-squire-boy")]
              + KEEP, mp=[10, 8])
    borka, ilka, boy = t.idx(A, "a-borka"), t.idx(A, "a-ilka"), t.idx(A, "a-squire-boy")
    legal = t.legal(A)
    assert X.Ride(boy, borka) in legal and X.Ride(boy, ilka) not in legal
    assert X.Play(boy) in legal                       # it may still be played as itself
    t.act(A, X.Ride(boy, borka))
    _resolve(t)
    assert t.card(boy).zone == "attached" and t.card(boy).host == borka
    assert boy not in t.s.players[A].line
    assert _level(t, borka) == 4
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Ride(boy, ilka))
    assert exc.value.rule == "MK 2.09"


# ---------------------------------------------------------------- ŐSERŐ
def test_mk_2_12_osero_is_free_for_a_player_with_an_aquir_or_dragon():
    from engine.magus.ctx import Run
    from engine.magus.keywords import card_cost

    t = Table([C(A, "a-sarnyas", "line"), C(A, "x-primal-roar")] + KEEP)
    roar = t.idx(A, "x-primal-roar")
    assert card_cost(Run(t.s, t.rules.pool), roar, -1, A) == 0
    t2 = Table([C(A, "a-borka", "line"), C(A, "x-primal-roar")] + KEEP)
    assert card_cost(Run(t2.s, t2.rules.pool), t2.idx(A, "x-primal-roar"), -1, A) == 3


@pytest.mark.parametrize("with_aquir", [True, False])
def test_mk_2_12_osero_quest_solving_is_free_for_such_a_solver(with_aquir):
    mage = "a-sarnyas" if with_aquir else "a-mira"
    t = Table([C(A, mage, "line"), C(A, "a-ambrus", "line"),
               C(A, "q-first-spring", "quests")] + KEEP, mp=[10, 8])
    spring = t.idx(A, "q-first-spring")
    t.act(A, X.SolveQuest(spring))
    t.act(A, X.Join(t.idx(A, mage)))
    t.act(A, X.Join(t.idx(A, "a-ambrus")))
    _drive(t, lambda d: False if d.kind == "condition" else
           X.Done() if d.kind == "team" else None)
    out = t.act(A, X.Condition(2))                                # priest+mage
    assert t.of(E.ConditionChosen, out)[0].met
    assert t.s.players[A].mp == (10 if with_aquir else 7)


# ---------------------------------------------------------------- AKADÁLYOK
def test_mk_2_13_akadalyok_gives_x_obstacle_slots():
    def table(n: int, quest: str) -> Table:
        cards = [C(A, quest, "quests")]
        cards += [C(B, "o-pit", "attached", host=0) for _ in range(n)]
        return Table(cards + [C(A, "o-rockfall")] + KEEP, mp=[10, 8])

    three = table(3, "q-seven-gates")
    assert X.Attach(three.idx(A, "o-rockfall"), 0) in three.legal(A)
    four = table(4, "q-seven-gates")
    assert X.Attach(four.idx(A, "o-rockfall"), 0) not in four.legal(A)
    plain = table(1, "q-lost-lantern")                           # paths 1, no AKADÁLYOK
    assert X.Attach(plain.idx(A, "o-rockfall"), 0) not in plain.legal(A)


# ---------------------------------------------------------------- ELVADULT
def test_mk_2_14_elvadult_attaches_as_an_obstacle_and_cannot_be_activated():
    t = Table([C(A, "e-rumour"), C(A, "a-borka", "line"), C(B, "a-halvard", "line"),
               C(A, "o-pit", "attached", host=6)] + KEEP, mp=[10, 8])
    rumour, keep = t.idx(A, "e-rumour"), t.idx(A, "t-ember-keep")
    assert keep == 6
    attach = X.Attach(rumour, keep)
    assert attach in t.legal(A) and X.Play(rumour) in t.legal(A)
    t.act(A, attach)
    _resolve(t)
    c = t.card(rumour)
    assert (c.zone, c.host, c.face_down) == ("attached", keep, True)
    # B besieges that level: in the obstacle phase A has nothing to activate
    t.act(A, X.Pass())
    offered = []
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    _drive(t, lambda d: (offered.extend(t.legal(A)) or None) if t.s.timelines and
           t.s.timelines[-1].kind == "m_obst" and d.player == A else
           X.Done() if d.kind in ("team", "order") else X.WallCheck(False)
           if d.kind == "wall" else False if t.s.manoeuvre is None or
           t.s.manoeuvre.step not in ("init", "reveal", "obstacles") else None)
    acts = [a for a in offered if isinstance(a, X.Activate)]
    assert acts and all(a.card == t.idx(A, "o-pit") for a in acts)


# ---------------------------------------------------------------- MEGELEVENEDŐ
def test_mk_2_15_megelevenedo_activates_in_the_combat_rounds_by_rotating_a_team_member():
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line"),
               C(A, "o-stone-guardian", "attached", host=6)] + KEEP, mp=[10, 12])
    borka, halvard = t.idx(A, "a-borka"), t.idx(B, "a-halvard")
    guardian = t.idx(A, "o-stone-guardian")
    assert t.cards[6]["cid"] == "t-salt-gate"                # A's upper level, not besieged
    _to_rounds(t, borka)
    animate = X.Animate(guardian, borka)
    assert animate in t.legal(A)
    mp = t.s.players[A].mp
    out = t.act(A, animate)
    assert t.card(borka).pos == "resting" and t.s.players[A].mp == mp - 2
    out += _drive(t, lambda d: False if not t.s.timelines or
                  t.s.timelines[-1].kind != "m_action" else None)
    assert [e for e in t.of(E.Damaged, out) if e.card == halvard]
    assert t.card(guardian).zone == "past"                    # used up (MK 3.04.G)
    assert X.Animate(guardian, borka) not in t.legal(A)


def test_mk_2_15_only_animated_obstacles_act_in_combat():
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line"),
               C(A, "o-pit", "attached", host=6)] + KEEP, mp=[10, 12])
    _to_rounds(t, t.idx(A, "a-borka"))
    assert not [a for a in t.legal(A) if isinstance(a, X.Animate)]
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Animate(t.idx(A, "o-pit"), t.idx(A, "a-borka")))
    assert exc.value.rule == "MK 2.15"


# ---------------------------------------------------------------- MENEKÜLÉS
@pytest.mark.parametrize("go", [True, False])
def test_mk_2_16_menekules_the_target_s_controller_decides_at_resolution(go):
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line"), C(A, "a-zsolt", "line"),
               C(A, "x-fighting-retreat")] + KEEP, mp=[10, 12])
    borka, zsolt = t.idx(A, "a-borka"), t.idx(A, "a-zsolt")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    _drive(t, lambda d: (X.Join(borka) if X.Join(borka) in t.legal(A) else
                         X.Join(zsolt) if X.Join(zsolt) in t.legal(A) else X.Done())
           if d.kind == "team" and d.player == A else
           X.Done() if d.kind in ("team", "order") else
           X.WallCheck(False) if d.kind == "wall" else
           False if t.s.manoeuvre and t.s.manoeuvre.step == "rounds" and
           d.player == A and d.kind == "priority" else None)
    retreat = X.Play(t.idx(A, "x-fighting-retreat"), zsolt, borka)
    assert retreat in t.legal(A)
    t.act(A, retreat)
    _drive(t, lambda d: False if d.kind == "escape" else None)
    assert t.rules.pending(t.s).kind == "escape" and t.rules.pending(t.s).player == A
    assert t.legal(B) == []
    out = t.act(A, X.Escape(go))
    assert t.of(E.EscapeAnswered, out)[0].go is go
    assert (borka in t.s.players[A].line) is go
    if go:
        assert t.card(borka).pos == "resting" and borka not in t.s.manoeuvre.blockers
