"""Entering the antiss (MK 8.04) and antiss abilities (MK 8.01.B, MK 8.02, MK 8.03.C; ruling 63):
an alert antiss wizard turns resting as an MP-bound Sor action; resting in the Line he may use
his antiss ability once a round, his act on the antiss."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive
from tests.mk.helpers import resolve as _resolve


def _table(pos: str = "alert", **kw) -> tuple[Table, int, int]:
    t = Table([C(A, "a-antiss-seer", "line", pos=pos), C(A, "a-borka", "line"),
               C(B, "a-geza", "line")] + KEEP, mp=[10, 4], **kw)
    return t, t.idx(A, "a-antiss-seer"), t.idx(B, "a-geza")


def test_mk_8_04_an_alert_antiss_wizard_enters_the_antiss_and_turns_resting():
    t, seer, _ = _table()
    borka = t.idx(A, "a-borka")
    legal = t.legal(A)
    assert X.EnterAntiss(seer) in legal and X.EnterAntiss(borka) not in legal  # no mark
    mp = t.s.players[A].mp
    out = t.act(A, X.EnterAntiss(seer))
    assert t.of(E.AntissEntered, out) and t.of(E.Stamped, out)           # MP-bound
    assert t.card(seer).pos == "resting" and t.s.players[A].mp == mp         # 0 MP
    assert [e.kind for e in t.of(E.TimelineOpened, out)] == ["action"]    # MK 6.00
    assert seer not in t.s.antiss_acted              # not an antiss manoeuvre (MK 8.04)
    _resolve(t)
    assert X.EnterAntiss(seer) not in t.legal(A)             # already resting


def test_mk_8_04_only_an_antiss_wizard_enters_and_the_refusal_says_so():
    t, _, _ = _table()
    before = t.s.players[A].mp
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.EnterAntiss(t.idx(A, "a-borka")))
    assert exc.value.rule == "MK 8.04"
    assert t.events == [] and t.s.players[A].mp == before


def test_mk_8_02_an_antiss_ability_is_used_while_the_wizard_rests():
    t, seer, geza = _table()
    assert not [a for a in t.legal(A) if isinstance(a, X.Channel)]       # alert: not yet
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Channel(seer, geza))
    assert exc.value.rule == "MK 8.02"
    t.act(A, X.EnterAntiss(seer))
    _resolve(t)
    assert X.Channel(seer, geza) in t.legal(A)
    mp = t.s.players[A].mp
    out = t.act(A, X.Channel(seer, geza))
    assert t.s.players[A].mp == mp - 2                                  # its antiss MP
    assert [(e.kind, e.rule) for e in t.of(E.ItemAdded, out)] == [("antiss_ability",
                                                                     "MK 8.02")]
    out += _resolve(t)
    assert [(e.card, e.amount) for e in t.of(E.Damaged, out)] == [(geza, 1)]
    assert t.card(seer).pos == "resting"                      # it stays on the antiss


def test_mk_8_03_c_a_wizard_acts_on_the_antiss_once_a_round():
    t, seer, geza = _table(pos="resting")
    t.act(A, X.Channel(seer, geza))
    _resolve(t)
    assert seer in t.s.antiss_acted
    assert not [a for a in t.legal(A) if isinstance(a, X.Channel)]
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Channel(seer, geza))
    assert exc.value.rule == "MK 8.03.C"
    t.rules.apply(t.s, E.RoundBegan(t.s.round + 1))                        # a new round
    assert seer not in t.s.antiss_acted


def test_mk_8_03_c_a_wizard_back_from_an_antiss_quest_has_had_his_act():
    t = Table([C(A, "a-antiss-seer", "line", pos="resting"), C(B, "a-geza", "line"),
               C(A, "q-dreaming-gate", "quests")] + KEEP, mp=[10, 4])
    seer, gate = t.idx(A, "a-antiss-seer"), t.idx(A, "q-dreaming-gate")
    t.act(A, X.SolveQuest(gate))
    t.act(A, X.Join(seer))
    _drive(t, lambda d: X.Done() if d.kind == "team" else
           X.Condition(1) if d.kind == "condition" else
           False if t.s.manoeuvre is None and d.kind == "priority" and
           not t.s.timelines else None)
    assert (t.card(seer).zone, t.card(seer).pos) == ("line", "resting")   # home resting
    assert seer in t.s.antiss_acted
    assert not [a for a in t.legal(A) if isinstance(a, X.Channel)]


def test_mk_8_02_a_wounded_wizard_cannot_use_his_antiss_ability():
    t, seer, _ = _table(pos="wounded")
    legal = t.legal(A)
    assert not [a for a in legal if isinstance(a, (X.Channel, X.EnterAntiss))]


def test_mk_8_04_with_the_option_off_nobody_enters_the_antiss():
    t, seer, _ = _table(options={"antiss": False})
    assert not [a for a in t.legal(A) if isinstance(a, (X.Channel, X.EnterAntiss))]
