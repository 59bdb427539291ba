"""Storable quests (MK 1.14.3): solved onto a free own tower level of the solver's choice, they
give DP while stored, fall with their tower level, and cannot be solved without a free one."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import dp
from tests.mk.helpers import KEEP, A, B, C, Table


def test_mk_1_14_3_a_solved_storable_quest_goes_onto_a_chosen_tower_level():
    t = Table([C(A, "a-geza", "line"), C(A, "q-salt-road", "quests")] + KEEP, mp=[10, 8])
    road = t.idx(A, "q-salt-road")
    t.act(A, X.SolveQuest(road))
    t.act(A, X.Join(t.idx(A, "a-geza")))
    t.act(A, X.Condition(0))                                  # a rogue: met
    d = t.rules.pending(t.s)
    keep, gate = t.idx(A, "t-ember-keep"), t.idx(A, "t-salt-gate")
    assert d.kind == "store" and d.player == A
    assert set(t.legal(A)) == {X.Store(keep), X.Store(gate)}
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Store(t.idx(B, "t-glass-spire")))
    assert exc.value.rule == "MK 1.14.3"
    out = t.act(A, X.Store(gate))
    assert t.card(road).zone == "attached" and t.card(road).host == gate
    assert t.of(E.QuestSolved, out) and road not in t.s.players[A].solved
    assert dp(t.s, t.rules.pool, A) == 2                      # DP while stored
    assert t.s.players[A].mp == 9                             # its solving MP


def test_mk_1_14_3_without_a_free_tower_level_it_cannot_be_solved():
    t = Table([C(A, "a-geza", "line"), C(A, "q-salt-road", "quests"),
               C(A, "q-salt-road", "attached", host=-1),
               C(A, "q-salt-road", "attached", host=-1)] + KEEP, mp=[10, 8])
    road = t.idx(A, "q-salt-road")
    t.card(t.idx(A, "q-salt-road", 1)).host = t.idx(A, "t-ember-keep")
    t.card(t.idx(A, "q-salt-road", 2)).host = t.idx(A, "t-salt-gate")
    t.act(A, X.SolveQuest(road))
    t.act(A, X.Join(t.idx(A, "a-geza")))
    out = t.act(A, X.Condition(0))
    assert not t.of(E.ConditionChosen, out)[0].met
    assert t.card(road).zone == "quests" and t.s.players[A].mp == 10


def test_mk_1_14_3_a_stored_quest_is_destroyed_with_its_tower_level():
    t = Table([C(B, "a-halvard", "line"), C(A, "q-salt-road", "attached", host=-1)] + KEEP,
              mp=[8, 10])
    road, keep = t.idx(A, "q-salt-road"), t.idx(A, "t-ember-keep")
    t.card(road).host = keep
    t.card(road).face_down = False
    assert dp(t.s, t.rules.pool, A) == 2
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))                   # unopposed: the level falls
    assert t.card(keep).zone == "past" and t.card(road).zone == "past"
    assert dp(t.s, t.rules.pool, A) == 0
