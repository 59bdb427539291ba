"""Overrides between contradicting effects (MK 5.10, spec §14, rulings 25 and 72): cards carry
explicit flags (``pierce``, ``armour_stance``: strong/weak, prohibit/permit, a text that settles
the conflict itself) and ``numbers.prevail`` settles the conflict: the source examples of
MK 5.10 (after H)."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import Run
from engine.magus.equipment import armoured
from engine.magus.numbers import Claim, armour_holds, prevail
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _wearer(armour: str) -> tuple[Run, int, Table]:
    t = Table([C(B, "a-halvard", "line"), C(B, armour, "attached", host=0),
               C(A, "x-cleave"), C(A, "x-throwing-knives"), C(A, "x-ghost-arrow")] + KEEP)
    return Run(t.s, t.rules.pool), t.idx(B, "a-halvard"), t


def test_mk_5_10_f_armour_does_not_protect_against_an_attack_that_says_it_does_not():
    """Source example 1: "armour does not protect against this" against a plain armour: the
    prohibiting effect wins (F-G)."""
    r, halvard, t = _wearer("x-chain-shirt")                     # VÉDŐKÜSZÖB 6, SFÉ 1
    assert armoured(r, halvard, 5, t.idx(A, "x-cleave")) == 1      # a plain attack: it holds
    assert armoured(r, halvard, 5, t.idx(A, "x-throwing-knives")) == 0
    assert armoured(r, halvard, 7, t.idx(A, "x-cleave")) == 0      # above the threshold anyway
    pool = t.rules.pool
    assert not armour_holds(pool["x-chain-shirt"], pool["x-throwing-knives"])


def test_mk_5_10_a_an_armour_whose_text_settles_the_conflict_still_protects():
    """Source example 2: the same attack against an armour that "also protects where armour
    normally would not": the armour's own text settles it (MK 5.10.A)."""
    r, halvard, t = _wearer("x-warded-mail")
    assert armoured(r, halvard, 5, t.idx(A, "x-throwing-knives")) == 1
    assert armoured(r, halvard, 5, t.idx(A, "x-ghost-arrow")) == 1       # even a strong one


def test_mk_5_10_c_a_strong_effect_beats_a_weak_one():
    """Source example 3: "returns to the Line alert" against "in any case returns wounded":
    wounded (strong beats weak, C-E); and a strong "in no case" attack beats the plain armour."""
    alert = Claim("alert", time=2)
    wounded = Claim("wounded", strong=True, time=1)
    assert prevail([alert, wounded]).value == "wounded"
    r, halvard, t = _wearer("x-chain-shirt")
    assert armoured(r, halvard, 5, t.idx(A, "x-ghost-arrow")) == 0


def test_mk_5_10_h_of_two_weak_permitting_effects_the_later_wins():
    """Source example 4: "returns alert" against "returns wounded", both weak and permitting:
    the later one (H)."""
    assert prevail([Claim("alert", time=1), Claim("wounded", time=2)]).value == "wounded"
    assert prevail([Claim("wounded", time=1), Claim("alert", time=2)]).value == "alert"
    assert prevail([Claim("alert", time=5), Claim("wounded", prohibit=True, time=1)]).value \
        == "wounded"                                                         # F before H


def _knives_at_armour(rng: int) -> Table:
    t = Table([C(A, "a-geza", "line"), C(A, "q-lost-lantern", "quests"),
               C(A, "x-throwing-knives"), C(B, "a-halvard", "line"),
               C(B, "x-chain-shirt", "attached", host=3), C(A, "a-borka", "line")] + KEEP,
              mp=[10, 8], rng=rng)
    geza = t.idx(A, "a-geza")
    t.act(A, X.SolveQuest(t.idx(A, "q-lost-lantern")))
    _drive(t, lambda d: next((a for a in t.legal(d.player) if isinstance(a, X.Join)), X.Done())
           if d.kind == "team" else
           X.Protect(geza) if d.kind == "order" and X.Protect(geza) in t.legal(d.player) else
           X.Done() if d.kind == "order" else
           False if t.s.manoeuvre is not None and t.s.manoeuvre.step == "rounds" and
           d.player == A and d.kind == "priority" and t.s.timelines[-1].kind == "m_surround"
           else None)
    knives, geza, halvard = t.idx(A, "x-throwing-knives"), t.idx(A, "a-geza"), \
        t.idx(B, "a-halvard")
    t.act(A, X.Play(knives, geza, halvard))
    _drive(t, lambda d: False if t.s.timelines[-1].kind != "m_action" else None)
    return t


def test_mk_5_10_f_in_play_the_knives_hit_a_chain_shirt_for_their_full_damage():
    halvard = 3
    for rng in range(40):                      # a seed whose attack roll hits under VK 6
        t = _knives_at_armour(rng)
        roll = [e for e in t.of(E.RollJudged) if e.purpose == "attack"]
        if roll and roll[0].success and roll[0].total <= 6:
            break
    else:
        raise AssertionError("no seed gave a hit under the armour's threshold")
    hits = [e for e in t.of(E.Damaged) if e.card == halvard]
    assert [(e.amount, e.rule) for e in hits] == [(2, "MK 3.05.1")]       # no SFÉ taken off
