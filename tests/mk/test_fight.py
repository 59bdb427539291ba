"""The fight manoeuvre (MK 4.05): only when an effect permits it (MK 4.01.A), one adventurer a
side, combat or an empty combat step, then result determination: the higher team level wins."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _permit(t: Table) -> None:
    """A plays The Thrown Gauntlet and both pass until it has resolved."""
    t.act(A, X.Play(t.idx(A, "e-thrown-gauntlet")))
    _drive(t, lambda d: False if not t.s.timelines else None)


def test_mk_4_01_a_a_fight_needs_an_effect_that_permits_it():
    t = Table([C(A, "a-halvard", "line"), C(B, "a-borka", "line"),
               C(A, "e-thrown-gauntlet")] + KEEP, mp=[10, 8])
    assert X.Fight() not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Fight())
    assert exc.value.rule == "MK 4.01.A" and t.s.manoeuvre is None
    _permit(t)
    assert t.s.players[A].fights == 1
    if t.rules.pending(t.s).player != A:
        t.act(B, X.Pass())
    assert X.Fight() in t.legal(A) and X.Fight() not in t.legal(B)


def test_mk_4_01_a_an_unused_permission_ends_with_the_round():
    t = Table([C(A, "a-halvard", "line"), C(A, "e-thrown-gauntlet")] + KEEP, mp=[10, 8])
    _permit(t)
    out = _drive(t, lambda d: False if t.s.round > 2 else
                 X.Done() if d.kind == "close_discard" else
                 (X.Keep() if d.kind == "mulligan" else None))
    expired = [e for e in t.of(E.FightsGranted, out) if e.delta < 0]
    assert expired and expired[0].rule == "MK 1.07 \"Forduló zárása fázis\""
    assert t.s.players[A].fights == 0


def test_mk_4_05_one_adventurer_a_side_and_the_higher_team_level_wins():
    # Halvard (level 4) against Borka (level 3); nobody acts in combat
    t = Table([C(A, "a-halvard", "line"), C(A, "a-szirom", "line"), C(B, "a-borka", "line"),
               C(B, "a-zsolt", "line"), C(A, "e-thrown-gauntlet")] + KEEP, mp=[10, 8])
    _permit(t)
    if t.rules.pending(t.s).player != A:
        t.act(B, X.Pass())
    mp_before = t.s.players[A].mp
    t.act(A, X.Fight())
    out = t.act(A, X.Join(t.idx(A, "a-halvard")))            # one: the team closes at once
    assert t.s.players[A].mp == mp_before                      # a fight costs 0 (MK 4.01.F)
    assert [e.card for e in t.of(E.TeamJoined, out)] == [t.idx(A, "a-halvard")]
    out += _drive(t, lambda d: False if t.s.manoeuvre is None else
                  X.Join(t.idx(B, "a-borka")) if d.kind == "team" and d.player == B and
                  X.Join(t.idx(B, "a-borka")) in t.legal(B) else
                  X.Done() if d.kind in ("team", "order") else None)
    joined = [e.card for e in t.of(E.TeamJoined, out)]
    assert joined == [t.idx(A, "a-halvard"), t.idx(B, "a-borka")]           # 1 a side
    decided = t.of(E.CombatDecided, out)[0]
    assert (decided.attack, decided.defence, decided.winner) == (4, 3, A)
    ended = t.of(E.ManoeuvreEnded, out)[0]
    assert (ended.outcome, ended.rule) == ("won", "MK 4.05")
    assert t.s.players[A].fights == 0                          # the permission is used


def test_mk_4_05_d_an_unopposed_fight_still_has_its_result_determination():
    t = Table([C(A, "a-geza", "line"), C(B, "a-borka", "line"),
               C(A, "e-thrown-gauntlet")] + KEEP, mp=[10, 8])
    _permit(t)
    if t.rules.pending(t.s).player != A:
        t.act(B, X.Pass())
    t.act(A, X.Fight())
    t.act(A, X.Join(t.idx(A, "a-geza")))
    out = _drive(t, lambda d: False if t.s.manoeuvre is None else
                 X.Done() if d.kind == "team" else None)       # B sends nobody
    steps = [e.step for e in t.of(E.StepBegan, out)]
    assert "result" in steps and "prep" not in steps
    decided = t.of(E.CombatDecided, out)[0]
    assert (decided.attack, decided.defence, decided.winner) == (1, 0, A)
