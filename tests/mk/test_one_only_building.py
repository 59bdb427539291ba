""""A player may control at most one such building" (MK 1.14.4, MK 3.03.F, ruling 70): the card
flag ``one_only`` (The Toll Bridge): such a building is not played while its player controls
one of that card; gaining control of a second, he sacrifices one of the two before anything
else."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.cards import CardDef, Text
from engine.magus.ctx import dp
from engine.magus.pool import _check_card
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def test_mk_1_14_4_the_toll_bridge_is_such_a_building():
    t = Table(KEEP)
    assert t.rules.pool["b-toll-bridge"].one_only
    assert not t.rules.pool["b-hill-watchtower"].one_only


def test_mk_1_14_4_such_a_building_is_not_played_while_you_control_one():
    t = Table([C(A, "a-geza", "line"), C(A, "b-toll-bridge", "buildings"),
               C(A, "b-toll-bridge"), C(A, "b-hill-watchtower")] + KEEP, mp=[10, 8])
    second = t.idx(A, "b-toll-bridge", 1)
    assert X.Play(second) not in t.legal(A)
    assert X.Play(t.idx(A, "b-hill-watchtower")) in t.legal(A)      # another card is fine
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(second))
    assert exc.value.rule == "MK 1.14.4" and exc.value.key == "one_only"
    assert "at most one such building" in exc.value.message
    assert len(t.events) == before and t.card(second).zone == "hand"


def test_mk_1_14_4_without_one_the_first_is_played():
    t = Table([C(A, "a-geza", "line"), C(A, "b-toll-bridge")] + KEEP, mp=[10, 8])
    assert X.Play(t.idx(A, "b-toll-bridge")) in t.legal(A)


def test_mk_1_14_4_capturing_a_second_makes_you_sacrifice_one_of_the_two_first():
    t = Table([C(A, "a-halvard", "line"), C(A, "b-toll-bridge", "buildings"),
               C(A, "b-hill-watchtower", "buildings"), C(B, "b-toll-bridge", "buildings"),
               C(B, "o-pit", "attached", host=-1)] + KEEP, mp=[10, 8])
    mine, theirs = t.idx(A, "b-toll-bridge"), t.idx(B, "b-toll-bridge")
    tower = t.idx(A, "b-hill-watchtower")
    t.act(A, X.Capture(theirs))
    t.act(A, X.Join(t.idx(A, "a-halvard")))
    _drive(t, lambda d: False if d.kind == "raze" or t.s.manoeuvre is None else
           X.Done() if d.kind == "team" else None)
    d = t.rules.pending(t.s)
    assert d is not None and d.kind == "raze" and d.player == A
    assert sorted(t.s.players[A].buildings) == sorted([mine, theirs, tower])
    assert set(t.legal(A)) == {X.Raze(mine), X.Raze(theirs)}      # one of the two, nothing else
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Raze(tower))
    assert exc.value.rule == "MK 1.14.4" and len(t.events) == before
    out = t.act(A, X.Raze(mine))
    assert [e.rule for e in t.of(E.CardMoved, out) if e.card == mine] == ["MK 1.14.4"]
    assert t.card(mine).zone == "past" and t.card(theirs).controller == A
    assert t.s.manoeuvre is None and t.of(E.ManoeuvreEnded)[-1].outcome == "taken"
    assert dp(t.s, t.rules.pool, A) == 2 + 1


def test_mk_1_14_4_the_flag_is_for_buildings_only():
    d = CardDef("x-odd", "quest", Text("x", "x"), one_only=True, dp=1,
                conditions=("warrior", "rogue", "mage"))
    assert any("MK 1.14.4" in p.message for p in _check_card(d, "test.toml"))
