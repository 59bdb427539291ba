"""Card-type rules of the core: alignment clash (MK 3.07.2), the named rule (MK 1.03), the
pending-quest limit (MK 3.02.C), obstacle attachment (MK 3.04), hand adjustment (MK 1.07)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table


def test_mk_3_07_2_an_opposed_alignment_cannot_enter():
    t = Table([C(A, "a-zsolt", "line"), C(A, "a-halvard"), C(A, "a-borka")] + KEEP,
              mp=[10, 8])                                         # life in Present; death
    halvard = t.idx(A, "a-halvard")
    assert X.Play(halvard) not in t.legal(A) and X.Play(t.idx(A, "a-borka")) in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(halvard))
    assert exc.value.rule == "MK 3.07.2"


def test_mk_1_03_nevesites_szabalya_no_second_named_card_of_that_name():
    t = Table([C(B, "a-mira", "depth"), C(B, "a-mira"), C(B, "a-geza")] + KEEP, mp=[5, 10])
    second = t.idx(B, "a-mira", 1)
    with pytest.raises(IllegalAction) as exc:
        t.act(B, X.Play(second))
    assert exc.value.rule == "MK 1.03 \"Nevesítés szabálya\""


def test_mk_3_02_c_at_most_three_pending_quests():
    t = Table([C(A, "q-wolf-pass", "quests"), C(A, "q-lost-lantern", "quests"),
               C(A, "q-iron-bridge", "quests"), C(A, "q-silent-bell"), C(A, "a-borka", "line")]
              + KEEP, mp=[10, 8])
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(t.idx(A, "q-silent-bell")))
    assert exc.value.rule == "MK 3.02.C"


def test_mk_3_04_b_an_obstacle_is_attached_face_down_for_free_and_stamps():
    t = Table([C(A, "o-cave-bear"), C(B, "q-wolf-pass", "quests")] + KEEP, mp=[10, 8])
    bear, quest = t.idx(A, "o-cave-bear"), t.idx(B, "q-wolf-pass")
    hosts = {a.host for a in t.legal(A) if isinstance(a, X.Attach)}
    assert quest in hosts and t.idx(A, "t-ember-keep") in hosts                 # ruling 23
    assert t.idx(B, "t-glass-spire") not in hosts                # not the opponent's tower
    out = t.act(A, X.Attach(bear, quest))
    assert t.card(bear).zone == "attached" and t.card(bear).host == quest
    assert t.card(bear).face_down and t.s.players[A].mp == 10 and t.of(E.Stamped, out)
    assert t.rules.view(t.s, B).cards[bear].cid == ""


def test_mk_1_07_hand_adjustment_discards_down_to_seven():
    t = Table([C(A, "a-geza") for _ in range(9)] + KEEP, phase="round", mp=[1, 1])
    d = t.rules.pending(t.s)
    assert d.kind == "adjust" and d.player == A and len(t.s.players[A].hand) == 10
    while t.rules.pending(t.s).kind == "adjust":
        t.act(A, t.legal(A)[0])
    assert len(t.s.players[A].hand) == 7


def test_mk_3_04_f_the_opponent_may_attach_one_obstacle_to_a_new_quest_at_once():
    t = Table([C(A, "q-wolf-pass"), C(B, "o-pit"), C(B, "o-stone-hound")] + KEEP, mp=[10, 8])
    quest, pit, hound = t.idx(A, "q-wolf-pass"), t.idx(B, "o-pit"), t.idx(B, "o-stone-hound")
    t.act(A, X.Play(quest))
    assert t.card(quest).zone == "quests" and t.s.timelines            # the same timeline
    assert t.rules.pending(t.s).player == B
    assert X.Attach(pit, quest) in t.legal(B)
    out = t.act(B, X.Attach(pit, quest))
    added = t.of(E.ItemAdded, out)[0]
    assert added.rule == "MK 3.04.F" and added.hidden and not t.of(E.Stamped, out)
    assert not t.of(E.TimelineOpened, out)
    assert t.card(pit).zone == "attached" and t.card(pit).host == quest
    # one only: B still held the Stone Hound, yet had nothing more to do in that timeline
    assert len(t.of(E.ItemAdded, out)) == 1 and t.card(hound).zone == "hand"
    first_pass = next(e for e in out if isinstance(e, E.Passed))
    assert first_pass.player == B and first_pass.context == "timeline"
