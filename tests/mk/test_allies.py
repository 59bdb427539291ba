"""Allies (MK 3.08): played with a play condition for 0 MP, they enter with alliance points,
spend them on their abilities (MP-bound in the Sor, fast ones inside timelines, once per
timeline) and leave for the Past or Depth at 0 points; the named rule applies."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import resolve as _resolve


def test_mk_3_08_an_ally_needs_its_play_condition_and_enters_with_its_points():
    t = Table([C(A, "a-borka", "line"), C(A, "y-hedge-witch")] + KEEP, mp=[10, 8])
    witch = t.idx(A, "y-hedge-witch")
    assert X.Play(witch) not in t.legal(A)                  # a mage or priest is needed
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(witch))
    assert exc.value.rule == "MK 3.08" and t.card(witch).zone == "hand"
    t2 = Table([C(A, "a-ambrus", "line"), C(A, "y-hedge-witch")] + KEEP, mp=[10, 8])
    witch2 = t2.idx(A, "y-hedge-witch")
    t2.act(A, X.Play(witch2))
    _resolve(t2)
    assert t2.card(witch2).zone == "allies" and t2.card(witch2).points == 3
    assert t2.s.players[A].mp == 10
    seen = t2.rules.view(t2.s, B)
    assert seen.seats[A].allies == (witch2,) and seen.cards[witch2].points == 3


def test_mk_3_08_a_each_use_spends_points_and_at_zero_the_ally_leaves():
    # The Border Scout: 2 points, 2 a use: one arrow at Géza in B's Line, then gone
    t = Table([C(A, "y-border-scout", "allies"), C(B, "a-geza", "line")] + KEEP, mp=[10, 8])
    scout, geza = t.idx(A, "y-border-scout"), t.idx(B, "a-geza")
    assert t.card(scout).points == 2                         # it entered with them
    assert X.UseAlly(scout, geza) in t.legal(A)
    out = t.act(A, X.UseAlly(scout, geza))
    assert t.of(E.AllyPoints, out)[0].delta == -2
    assert t.card(scout).zone == "past"                      # at once, at 0 points
    out += _resolve(t)
    assert any(e.card == geza and e.amount == 1 for e in t.of(E.Damaged))
    assert t.card(geza).zone == "past"                       # the ability still resolved
    assert [e.rule for e in t.events if isinstance(e, E.CardMoved) and e.card == scout] == \
        ["MK 3.08.A"]


def test_mk_3_08_a_a_fast_ally_acts_inside_a_timeline_once_per_timeline():
    # The Old Ferryman (fast heal) inside the timeline of B's Hex on Borka
    t = Table([C(A, "a-borka", "line", damage=1), C(A, "y-old-ferryman", "allies"),
               C(A, "y-old-ferryman", "allies"), C(B, "a-teodor", "line"), C(B, "x-hex")]
              + KEEP, mp=[8, 10])
    other = t.idx(A, "y-old-ferryman", 1)
    ferry, borka = t.idx(A, "y-old-ferryman"), t.idx(A, "a-borka")
    t.act(B, X.Play(t.idx(B, "x-hex"), t.idx(B, "a-teodor"), borka))
    if t.rules.pending(t.s).player == B:
        t.act(B, X.Pass())
    assert X.UseAlly(ferry, borka) in t.legal(A)             # a fast effect (MK 5.08)
    out = t.act(A, X.UseAlly(ferry, borka))
    assert [e.kind for e in t.of(E.ItemAdded, out)] == ["ally"]
    assert t.card(ferry).points == 1 and len(t.s.timelines[-1].items) == 2
    assert X.UseAlly(ferry, borka) not in t.legal(A)          # once in this timeline
    assert X.UseAlly(other, borka) in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.UseAlly(ferry, borka))
    assert exc.value.rule == "MK 3.08.A"
    out = _resolve(t)
    healed = [e for e in t.of(E.Healed, out) if e.card == borka]
    assert healed and healed[0].amount == 1                  # the heal unwinds first (LIFO)


def test_mk_3_08_the_named_rule_keeps_a_second_same_named_ally_out():
    t = Table([C(A, "a-ambrus", "line"), C(A, "y-hedge-witch", "allies"),
               C(A, "y-hedge-witch")] + KEEP, mp=[10, 8])
    second = t.idx(A, "y-hedge-witch", 1)
    assert X.Play(second) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(second))
    assert exc.value.rule == "MK 1.03 \"Nevesítés szabálya\""
