"""The antiss (MK 8.00-8.03, spec §16.2; option ``antiss``; ruling 62)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table, to_combat_rounds
from tests.mk.helpers import drive as _drive


def test_mk_8_02_a_resting_antiss_wizard_leads_and_may_take_one_resting_companion():
    t = Table([C(A, "a-dream-walker", "line", pos="resting"),
               C(A, "a-borka", "line", pos="resting"), C(A, "a-ilka", "line", pos="resting"),
               C(A, "a-zsolt", "line"), C(A, "q-dreaming-gate", "quests")] + KEEP, mp=[10, 8])
    walker, borka, ilka, zsolt = (t.idx(A, c) for c in ("a-dream-walker", "a-borka", "a-ilka",
                                                        "a-zsolt"))
    gate = t.idx(A, "q-dreaming-gate")
    assert X.SolveQuest(gate) in t.legal(A)                # no alert adventurer needed
    t.act(A, X.SolveQuest(gate))
    joins = {a.card for a in t.legal(A) if isinstance(a, X.Join)}
    assert joins == {walker, borka, ilka}                  # the alert Zsolt may not go
    assert X.Done() not in t.legal(A)                      # a wizard must lead
    t.act(A, X.Join(borka))
    assert X.Done() not in t.legal(A)
    assert X.Join(walker) in t.legal(A)
    t.act(A, X.Join(walker))          # then only Done is left (one companion): taken at once
    m = t.s.manoeuvre
    assert m is not None and m.kind == "antiss" and sorted(m.attackers) == sorted([walker, borka])
    assert ilka not in m.attackers and zsolt not in m.attackers


def test_mk_8_03_b_each_antiss_quest_is_tried_once_a_round():
    t = Table([C(A, "a-dream-walker", "line"), C(A, "a-teodor", "line"),
               C(A, "q-dreaming-gate", "quests")] + KEEP, mp=[10, 8])
    gate = t.idx(A, "q-dreaming-gate")
    t.act(A, X.SolveQuest(gate))
    t.act(A, X.Join(t.idx(A, "a-dream-walker")))
    _drive(t, lambda d: X.Done() if d.kind == "team" else
           X.Condition(1) if d.kind == "condition" else       # 2*mage/priest: not met alone
           False if t.s.manoeuvre is None and d.kind == "priority" and
           not t.s.timelines else None)
    assert t.card(gate).zone == "quests"
    assert X.SolveQuest(gate) not in t.legal(A)            # tried this round
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.SolveQuest(gate))
    assert exc.value.rule == "MK 8.03"


def _antiss_combat() -> Table:
    """A goes to the antiss with the Dream Walker and Borka; B blocks with Halvard; stop in
    combat round 1 at A."""
    t = Table([C(A, "a-dream-walker", "line"), C(A, "a-borka", "line", pos="resting"),
               C(A, "q-dreaming-gate", "quests"), C(B, "a-halvard", "line"),
               C(A, "x-cleave"), C(A, "x-fire-arrow")] + KEEP, mp=[10, 8])
    t.act(A, X.SolveQuest(t.idx(A, "q-dreaming-gate")))
    t.act(A, X.Join(t.idx(A, "a-dream-walker")))
    t.act(A, X.Join(t.idx(A, "a-borka")))
    halvard = t.idx(B, "a-halvard")
    to_combat_rounds(t, halvard)
    assert t.s.manoeuvre is not None and t.s.manoeuvre.step == "rounds"
    return t


def test_mk_8_03_e_only_antiss_wizards_act_with_any_combat_card_and_astral_for_physique():
    t = _antiss_combat()
    walker, borka, halvard = t.idx(A, "a-dream-walker"), t.idx(A, "a-borka"), \
        t.idx(B, "a-halvard")
    cleave = t.idx(A, "x-cleave")
    plays = [a for a in t.legal(A) if isinstance(a, X.Play)]
    assert X.Play(cleave, walker, halvard) in plays        # a warrior's card, by a mage
    assert not [a for a in plays if a.caster == borka]     # Borka is no antiss wizard
    out = t.act(A, X.Play(cleave, walker, halvard))
    out += _drive(t, lambda d: False if not t.s.timelines or
                  t.s.timelines[-1].kind != "m_action" else None)
    roll = [e for e in t.of(E.RollJudged) if e.purpose == "attack"]
    assert roll and roll[0].high == 10                      # the Dream Walker's Astral


def test_mk_8_03_e_on_the_antiss_a_death_becomes_a_return_home_wounded():
    t = _antiss_combat()
    walker, halvard = t.idx(A, "a-dream-walker"), t.idx(B, "a-halvard")
    t.s.cards[halvard].damage = 3              # earlier blows in this combat (level 4)
    t.act(A, X.Play(t.idx(A, "x-fire-arrow"), walker, halvard))
    _drive(t, lambda d: False if not t.s.timelines or
           t.s.timelines[-1].kind != "m_action" else None)
    assert [e for e in t.of(E.AntissSaved) if e.card == halvard]
    assert not [e for e in t.of(E.Died) if e.card == halvard]
    c = t.card(halvard)
    assert (c.zone, c.pos, c.damage) == ("line", "wounded", 0)


def test_mk_8_00_with_the_option_off_antiss_quests_are_not_offered():
    t = Table([C(A, "a-dream-walker", "line"), C(A, "q-dreaming-gate", "quests")] + KEEP,
              mp=[10, 8], options={"antiss": False})
    assert X.SolveQuest(t.idx(A, "q-dreaming-gate")) not in t.legal(A)
