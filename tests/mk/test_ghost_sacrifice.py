"""Ghosts by sacrifice (MK 11.00.E, option ``ghosts``, ruling 66): a sacrificed adventurer with
SPIRIT n stays in Present as a ghost, alert, just as a dying one does; one without it leaves at
once for the Past or Depth; ghosts have positions (MK 11.00.G)."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.cards import CardDef, Effect, Text
from engine.magus.keywords import check
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import next_manoeuvres as _next_manoeuvres
from tests.mk.helpers import resolve as _resolve

DEEP = [C(p, "x-feint", "future") for p in (A, B) for _ in range(20)]       # no empty Future


def _table(victim: str, **kw) -> tuple[Table, int, int, int]:
    t = Table([C(A, victim, "line"), C(A, "a-borka", "line"), C(A, "x-last-vigil"),
               C(B, "a-geza", "line")] + KEEP + DEEP, mp=[10, 4], **kw)
    return t, t.idx(A, victim), t.idx(A, "a-borka"), t.idx(A, "x-last-vigil")


def test_mk_11_00_e_a_sacrificed_spirit_adventurer_stays_as_a_ghost_alert():
    t, knight, borka, vigil = _table("a-old-knight")
    assert X.Play(vigil, borka, knight) in t.legal(A)
    mp = t.s.players[A].mp
    out = t.act(A, X.Play(vigil, borka, knight))
    out += _resolve(t)
    assert [e.card for e in t.of(E.Sacrificed, out)] == [knight]
    assert not t.of(E.Died, out)                                  # sacrificed, not dying
    assert [(e.card, e.rounds) for e in t.of(E.GhostBound, out)] == [(knight, 2)]
    c = t.card(knight)
    assert (c.zone, c.pos) == ("ghosts", "alert") and knight in t.s.players[A].ghosts
    assert t.s.players[A].mp == mp + 3                         # the card's MP gain


def test_mk_11_00_e_the_sacrifice_happens_as_the_card_unwinds_not_at_the_timeline_end():
    t, knight, borka, vigil = _table("a-old-knight")
    out = t.act(A, X.Play(vigil, borka, knight)) + _resolve(t)
    kinds = [type(e).__name__ for e in out]
    assert kinds.index("Sacrificed") < kinds.index("TimelineEnded")


def test_mk_11_00_e_a_sacrificed_adventurer_without_spirit_leaves_present_at_once():
    t, victim, borka, vigil = _table("a-zsolt")
    out = t.act(A, X.Play(vigil, borka, victim)) + _resolve(t)
    assert [e.card for e in t.of(E.Sacrificed, out)] == [victim]
    assert not t.of(E.GhostBound, out) and not t.of(E.Died, out)
    assert t.card(victim).zone in ("past", "depth") and victim not in t.s.players[A].line


def test_mk_11_00_e_with_the_ghosts_option_off_a_sacrificed_spirit_adventurer_just_leaves():
    t, knight, borka, vigil = _table("a-old-knight", options={"ghosts": False})
    # the Old Knight belongs to the ghosts subsystem: the scenario places him anyway
    out = t.act(A, X.Play(vigil, borka, knight)) + _resolve(t)
    assert not t.of(E.GhostBound, out)
    assert t.card(knight).zone in ("past", "depth")


def test_mk_11_00_g_a_ghost_made_by_sacrifice_has_alert_and_resting_positions():
    t, knight, borka, vigil = _table("a-old-knight")
    geza = t.idx(B, "a-geza")
    t.act(A, X.Play(vigil, borka, knight))
    _resolve(t)
    assert t.card(knight).pos == "alert"                                   # enters alert
    t.act(A, X.Haunt(knight, geza))
    assert t.card(knight).pos == "resting"               # its spirit ability rotates it
    _resolve(t)
    assert X.Haunt(knight, geza) not in t.legal(A)
    _next_manoeuvres(t)
    assert (t.card(knight).zone, t.card(knight).pos) == ("ghosts", "alert")   # re-rotated


def test_mk_11_00_e_only_an_own_adventurer_may_be_sacrificed():
    t, knight, borka, vigil = _table("a-old-knight")
    targets = {a.target for a in t.legal(A) if isinstance(a, X.Play) and a.card == vigil}
    assert t.idx(B, "a-geza") not in targets and {knight, borka} <= targets
    bad = CardDef(id="x", type="action", name=Text("x", "x"), target="enemy_line",
                  effects=(Effect("sacrifice"),))
    assert any("MK 11.00.E" in p for p in check(bad))
