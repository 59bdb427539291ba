"""The Outer plane (MK 9.00, option ``outer_plane``) and ghosts (MK 11.00, option ``ghosts``),
rulings 59-60."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import Run
from engine.magus.timeline import deaths
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive
from tests.mk.helpers import next_manoeuvres as _next_manoeuvres
from tests.mk.helpers import resolve as _resolve


# ---------------------------------------------------------------- the Outer plane
def test_mk_9_00_b_an_outer_card_is_played_for_its_mp_onto_the_outer_plane():
    t = Table([C(A, "a-star-walker"), C(A, "a-sarnyas", "line")] + KEEP, mp=[10, 8])
    walker = t.idx(A, "a-star-walker")
    t.act(A, X.Play(walker))
    _resolve(t)
    assert t.card(walker).zone == "outer" and walker in t.s.players[A].outer
    assert walker not in t.s.players[A].line and t.s.players[A].mp == 10 - 4


def test_mk_9_00_f_its_outer_ability_brings_it_into_the_line_until_the_phase_ends():
    t = Table([C(A, "a-star-walker", "outer"), C(B, "a-geza", "line")] + KEEP, mp=[10, 8])
    walker = t.idx(A, "a-star-walker")
    assert X.Invoke(walker, -1) in t.legal(A)
    t.act(A, X.Invoke(walker, -1))
    _resolve(t)
    assert t.card(walker).zone == "line" and t.card(walker).pos == "alert"
    assert t.s.players[A].mp == 10 - 2
    assert X.Invoke(walker, -1) not in t.legal(A)              # once a round (ruling 59)
    t.card(walker).damage = 1                                   # (MK 9.00.H falls off)
    out = _drive(t, lambda d: False if t.s.phase == "closing" else None)
    back = [e for e in out if isinstance(e, E.CardMoved) and e.card == walker]
    assert back and back[-1].zone == "outer" and back[-1].rule == "MK 9.00.E"
    assert t.card(walker).zone == "outer" and t.card(walker).damage == 0


def test_mk_9_00_an_outer_ability_with_a_target_works_from_the_outer_plane():
    t = Table([C(A, "a-void-hunter", "outer"), C(B, "a-geza", "line")] + KEEP, mp=[10, 8])
    hunter, geza = t.idx(A, "a-void-hunter"), t.idx(B, "a-geza")
    t.act(A, X.Invoke(hunter, geza))
    _resolve(t)
    assert [e.card for e in t.of(E.Damaged)] == [geza]
    assert t.card(hunter).zone == "outer"


def test_mk_9_00_with_the_option_off_outer_cards_are_refused():
    t = Table([C(A, "a-star-walker")] + KEEP, mp=[10, 8], options={"outer_plane": False})
    walker = t.idx(A, "a-star-walker")
    assert X.Play(walker) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(walker))
    assert exc.value.rule == "MK 9.00" and exc.value.key == "subsystem_off"


# ---------------------------------------------------------------- ghosts
def _kill(t: Table, i: int) -> None:
    r = Run(t.s, t.rules.pool)
    r.emit(E.Doomed(i, "MK 6.05.L"))
    deaths(r)


def test_mk_11_00_e_a_dying_spirit_adventurer_stays_as_a_ghost_for_its_rounds():
    deep = [C(p, "x-feint", "future") for p in (A, B) for _ in range(20)]   # no empty Future
    t = Table([C(A, "a-old-knight", "line"), C(B, "a-geza", "line")] + KEEP + deep,
              mp=[10, 8])
    knight = t.idx(A, "a-old-knight")
    _kill(t, knight)
    c = t.card(knight)
    assert (c.zone, c.pos) == ("ghosts", "alert") and knight not in t.s.players[A].line
    assert t.s.ghosts[knight] == 2
    _next_manoeuvres(t)
    assert t.card(knight).zone == "ghosts" and t.s.ghosts[knight] == 1
    _next_manoeuvres(t)
    assert t.card(knight).zone in ("past", "depth") and knight not in t.s.ghosts


def test_mk_11_00_d_a_ghost_acts_only_through_its_spirit_ability():
    t = Table([C(A, "a-old-knight", "line"), C(B, "a-geza", "line"),
               C(A, "q-lost-lantern", "quests")] + KEEP, mp=[10, 8])
    knight, geza = t.idx(A, "a-old-knight"), t.idx(B, "a-geza")
    _kill(t, knight)
    legal = t.legal(A)
    assert X.Haunt(knight, geza) in legal
    assert not [a for a in legal if isinstance(a, (X.SolveQuest, X.Siege))]   # not in the Line
    t.act(A, X.Haunt(knight, geza))
    assert t.card(knight).pos == "resting" and t.s.players[A].mp == 9
    _resolve(t)
    assert [e.card for e in t.of(E.Damaged)] == [geza]
    assert X.Haunt(knight, geza) not in t.legal(A)               # it rests until re-rotation


def test_mk_11_00_with_the_option_off_the_adventurer_simply_dies():
    t = Table([C(A, "a-old-knight", "line")] + KEEP, options={"ghosts": False})
    knight = t.idx(A, "a-old-knight")
    _kill(t, knight)
    assert t.card(knight).zone in ("past", "depth") and not t.s.ghosts
