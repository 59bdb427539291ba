"""The Aura form of mosaic spells (MK 7.03, ruling 64): only as a neutraliser, when an item of the
opposed element on the running timeline would hit the caster's own adventurers; those in the
caster's play area are protected by the base value against action-card damage until the
timeline ends, the protection depleting as it is used; it costs targets × base."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus import mosaic as M7
from engine.magus.ctx import Run
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _threat(shield: str = "x-mosaic-earth", base: int = 3, **kw) -> tuple[Table, dict]:
    """B (more MP) casts an Air Mosaic as a plume of ``base`` at A's Borka; B, with nothing
    else to do, passes and A has priority while the plume waits (when A has an answer)."""
    t = Table([C(A, "a-teodor", "line"), C(A, "a-borka", "line"), C(A, shield),
               C(B, "a-mira", "line"), C(B, "x-mosaic-air")] + KEEP, mp=[8, 12], **kw)
    ids = {"teodor": t.idx(A, "a-teodor"), "borka": t.idx(A, "a-borka"),
           "shield": t.idx(A, shield), "mira": t.idx(B, "a-mira"),
           "air": t.idx(B, "x-mosaic-air")}
    t.act(B, X.Play(ids["air"], ids["mira"], ids["borka"]))
    assert X.Weave("aura", 1) not in t.legal(B)           # never a form cast in the Sor
    t.act(B, X.Weave("plume", base))
    assert t.rules.pending(t.s).player == A
    return t, ids


def _to_the_end(t: Table) -> list:
    return _drive(t, lambda d: False if not t.s.timelines or d.kind != "priority" else None)


def test_mk_7_03_an_aura_is_cast_only_against_the_opposed_element_as_a_neutraliser():
    t, ids = _threat()
    play = X.Play(ids["shield"], ids["teodor"], -1)
    assert play in t.legal(A)                              # earth against air
    t.act(A, play)
    assert t.legal(A) == [X.Weave("aura", b) for b in range(1, 8)]        # 1 target × base
    other, oids = _threat(shield="x-mosaic-fire")           # fire is not opposed to air
    # A had no answer, so the engine passed for A and the plume went through unshielded
    assert not other.of(E.AuraRaised) and not other.s.timelines
    assert [e.card for e in other.of(E.Damaged)] == [oids["borka"]]


def test_mk_7_03_the_aura_costs_targets_times_base_and_joins_the_running_timeline():
    t, ids = _threat()
    mp = t.s.players[A].mp
    t.act(A, X.Play(ids["shield"], ids["teodor"], -1))
    out = t.act(A, X.Weave("aura", 3))
    assert [e.delta for e in t.of(E.MpChanged, out)] == [-1 * 3]
    assert t.s.players[A].mp == mp - 3
    added = t.of(E.ItemAdded, out)
    assert [(e.card, e.rule) for e in added] == [(ids["shield"], "MK 6.05.B")]
    opened = [i for i, e in enumerate(out) if isinstance(e, E.TimelineOpened)]
    assert not opened or opened[0] > out.index(added[0])     # no timeline of its own
    assert not [e for e in t.of(E.Stamped, out) if e.player == A]     # fast: no MP stamp
    unwound = [e.uid for e in t.of(E.ItemUnwound, out)]
    assert len(unwound) == 2 and unwound[0] == added[0].uid        # LIFO: the aura first
    assert t.card(ids["teodor"]).pos == "resting"                       # the caster turns


def test_mk_7_03_the_aura_takes_the_opposed_damage_off_its_target():
    t, ids = _threat(base=3)
    t.act(A, X.Play(ids["shield"], ids["teodor"], -1))
    t.act(A, X.Weave("aura", 3))
    _to_the_end(t)
    out = t.events
    raised = t.of(E.AuraRaised, out)
    assert [(e.target, e.amount) for e in raised] == [(ids["borka"], 3)]
    absorbed = t.of(E.AuraAbsorbed, out)
    assert absorbed and absorbed[0].target == ids["borka"] and absorbed[0].amount in (2, 3)
    assert not [e for e in t.of(E.Damaged, out) if e.card == ids["borka"]]
    assert t.card(ids["borka"]).damage == 0 and t.s.auras == {}        # gone with the timeline


def test_mk_7_03_a_smaller_aura_only_lessens_the_damage():
    t, ids = _threat(base=5)
    t.act(A, X.Play(ids["shield"], ids["teodor"], -1))
    t.act(A, X.Weave("aura", 1))
    _to_the_end(t)
    out = t.events
    save = [e for e in t.of(E.RollJudged, out) if e.purpose == "half_save"][0]
    full = 3 if save.success else 5                                        # MK 7.01
    assert [e.amount for e in t.of(E.AuraAbsorbed, out)] == [1]
    assert [e.amount for e in t.of(E.Damaged, out) if e.card == ids["borka"]] == [full - 1]


def test_mk_7_03_the_protection_depletes_as_it_is_used_and_ends_with_its_timeline():
    t, ids = _threat()
    borka = ids["borka"]
    r = Run(t.s, t.rules.pool)
    r.emit(E.AuraRaised(ids["shield"], borka, 3))
    assert M7.absorb(r, ids["air"], borka, 2) == 0          # an action card's damage: 2 off
    assert t.s.auras[borka][0] == 1
    assert M7.absorb(r, ids["air"], borka, 2) == 1          # 1 point left, then spent
    assert borka not in t.s.auras
    r.emit(E.AuraRaised(ids["shield"], borka, 2))
    assert M7.absorb(r, t.idx(A, "t-raven-loft"), borka, 2) == 2     # not an action card
    r.emit(E.TimelineEnded("action", "MK 6.05.I"))
    assert t.s.auras == {}                                   # until its timeline unwinds


def test_mk_7_03_with_the_mosaic_option_off_no_aura_is_offered():
    t = Table([C(A, "a-teodor", "line"), C(A, "x-mosaic-earth")] + KEEP, mp=[8, 12],
              options={"mosaic": False})
    assert not [a for a in t.legal(A) if isinstance(a, X.Play)]


def test_mk_7_03_a_mosaic_spell_without_a_threat_is_refused_in_a_running_timeline():
    # B's shower of air hits every Line, A's too; A holds a counterspell, so A is asked while
    # the shower waits: an Earth Mosaic may answer it as an Aura, a Water Mosaic may not
    t = Table([C(A, "a-teodor", "line"), C(A, "a-borka", "line"), C(A, "x-mosaic-earth"),
               C(A, "x-counterspell"), C(B, "a-mira", "line"), C(B, "x-mosaic-air")] + KEEP,
              mp=[8, 12])
    air, earth = t.idx(B, "x-mosaic-air"), t.idx(A, "x-mosaic-earth")
    teodor = t.idx(A, "a-teodor")
    t.act(B, X.Play(air, t.idx(B, "a-mira"), -1))
    t.act(B, X.Weave("shower", 1))                     # hits every Line: A's too (air)
    assert t.rules.pending(t.s).player == A and t.s.timelines
    assert X.Play(earth, teodor, -1) in t.legal(A)     # earth answers air
    t2 = Table([C(A, "a-teodor", "line"), C(A, "a-borka", "line"), C(A, "x-mosaic-water"),
                C(A, "x-counterspell"), C(B, "a-mira", "line"), C(B, "x-mosaic-air")] + KEEP,
               mp=[8, 12])
    t2.act(B, X.Play(t2.idx(B, "x-mosaic-air"), t2.idx(B, "a-mira"), -1))
    t2.act(B, X.Weave("shower", 1))
    assert t2.rules.pending(t2.s).player == A and t2.s.timelines     # the counterspell waits
    water = t2.idx(A, "x-mosaic-water")
    before = (len(t2.events), t2.s.players[A].mp)
    with pytest.raises(IllegalAction) as exc:
        t2.act(A, X.Play(water, t2.idx(A, "a-teodor"), -1))          # water does not answer air
    assert exc.value.rule == "MK 7.03"
    assert (len(t2.events), t2.s.players[A].mp) == before


def test_mk_7_03_aura_is_never_woven_on_its_own():
    t = Table([C(A, "a-teodor", "line"), C(A, "x-mosaic-earth"), C(B, "a-geza", "line")]
              + KEEP, mp=[12, 4])
    earth, teodor = t.idx(A, "x-mosaic-earth"), t.idx(A, "a-teodor")
    t.act(A, X.Play(earth, teodor, -1))                                      # a Sor cast
    assert X.Weave("aura", 1) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Weave("aura", 1))
    assert exc.value.rule == "MK 7.03"
