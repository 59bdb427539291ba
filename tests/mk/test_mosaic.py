"""Mosaic spells (MK 7.00-7.04, spec §16.1; option ``mosaic``): the caster picks form and base
value as he casts; the form sets the MP, the targets and the half-save (MK 7.01)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _combat(options: dict | None = None) -> Table:
    """B besieges with Halvard; A blocks with Mira; stop in combat round 1 at A."""
    t = Table([C(B, "a-halvard", "line"), C(A, "a-mira", "line"), C(A, "x-mosaic-fire")]
              + KEEP, mp=[10, 12], options=options or {})
    mira = t.idx(A, "a-mira")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    _drive(t, lambda d: (X.Join(mira) if d.kind == "team" and X.Join(mira) in t.legal(A)
                         else X.Done() if d.kind in ("team", "order") else
                         X.WallCheck(False) if d.kind == "wall" else
                         False if t.s.manoeuvre and t.s.manoeuvre.step == "rounds" and
                         d.player == A and d.kind == "priority" else None))
    return t


def _finish(t: Table) -> list:
    return _drive(t, lambda d: False if not t.s.timelines or
                  t.s.timelines[-1].kind != "m_action" else None)


def test_mk_7_00_the_caster_picks_form_and_base_and_the_form_sets_the_mp():
    t = _combat()
    mira, halvard, spell = t.idx(A, "a-mira"), t.idx(B, "a-halvard"), t.idx(A, "x-mosaic-fire")
    play = X.Play(spell, mira, halvard)
    assert play in t.legal(A) and X.Play(spell, mira, -1) in t.legal(A)
    t.act(A, play)
    d = t.rules.pending(t.s)
    assert (d.kind, d.player) == ("mosaic", A)
    legal = t.legal(A)
    assert X.Weave("sword", 7) in legal                      # base + 1 = 8 ≤ 10
    assert X.Weave("arrow", 4) in legal and X.Weave("arrow", 5) not in legal   # ×2 in front
    assert not [w for w in legal if w.kind in ("eruption", "carpet", "plume")]
    out = t.act(A, X.Weave("sword", 3))
    assert t.s.players[A].mp == 10 - 4 and t.card(mira).pos == "resting"
    out += _finish(t)
    save = [e for e in out if isinstance(e, E.RollJudged) and e.purpose == "half_save"]
    assert len(save) == 1 and save[0].player == B and save[0].high == 4       # MK 7.01
    hit = [e.amount for e in t.of(E.Damaged, out) if e.card == halvard]
    assert hit == [2 if save[0].success else 3]


def test_mk_7_00_eruption_hits_every_adventurer_in_the_combat_and_allows_no_save():
    t = _combat()
    mira, halvard, spell = t.idx(A, "a-mira"), t.idx(B, "a-halvard"), t.idx(A, "x-mosaic-fire")
    t.act(A, X.Play(spell, mira, -1))
    assert {w.kind for w in t.legal(A)} == {"eruption", "carpet"}
    out = t.act(A, X.Weave("eruption", 2))
    assert t.s.players[A].mp == 10 - 4
    out += _finish(t)
    assert sorted(e.card for e in t.of(E.Damaged, out)) == sorted([mira, halvard])
    assert not [e for e in out if isinstance(e, E.RollJudged) and e.purpose == "half_save"]


def test_mk_7_04_shower_hits_every_adventurer_in_every_line_its_price_counts_them():
    t = Table([C(A, "a-mira", "line"), C(B, "a-geza", "line"), C(B, "a-szirom", "line"),
               C(A, "x-mosaic-air")] + KEEP, mp=[10, 8])
    mira, spell = t.idx(A, "a-mira"), t.idx(A, "x-mosaic-air")
    t.act(A, X.Play(spell, mira, -1))
    legal = t.legal(A)
    assert X.Weave("shower", 3) in legal and X.Weave("shower", 4) not in legal   # 3×3+1 = 10
    assert X.Weave("dome", 2) in legal and X.Weave("dome", 3) not in legal       # 2×2+5 = 9
    t.act(A, X.Weave("shower", 1))
    assert t.s.players[A].mp == 10 - 4
    _drive(t, lambda d: False if not t.s.timelines else None)
    hit = sorted(e.card for e in t.of(E.Damaged))
    assert hit == sorted([mira, t.idx(B, "a-geza"), t.idx(B, "a-szirom")])      # ruling 29


def test_mk_7_00_with_the_option_off_a_mosaic_spell_is_refused():
    t = _combat({"mosaic": False})
    spell, mira = t.idx(A, "x-mosaic-fire"), t.idx(A, "a-mira")
    assert not [a for a in t.legal(A) if isinstance(a, X.Play) and a.card == spell]
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(spell, mira, -1))
    assert exc.value.rule == "MK 7.00" and exc.value.key == "subsystem_off"
