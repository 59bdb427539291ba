"""Victorious beasts (MK 4.06 "Bestia".J, ruling 22): a beast whose attacks left no adventurer
of the team visible to beasts is victorious; if the team is still empty at the end of the
obstacle phase its owner may re-attach it instead of using it up."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table


def _siege_by_geza(extra: list, rng: int) -> Table:
    """B's Géza (level 1) besieges A's Ember Keep, which carries A's Stone Hound (1 attack,
    ATTACK 8, DAMAGE 1); A activates it."""
    t = Table([C(B, "a-geza", "line"), C(A, "o-stone-hound", "attached")] + extra + KEEP,
              mp=[8, 10], rng=rng)
    hound = t.idx(A, "o-stone-hound")
    t.card(hound).host = t.idx(A, "t-ember-keep")
    t.act(B, X.Siege())
    for _ in range(20):
        d = t.rules.pending(t.s)
        if d.kind == "team" and d.player == B and t.legal(B) != [X.Done()]:
            t.act(B, [a for a in t.legal(B) if isinstance(a, X.Join)][0])
            continue
        if d.kind == "team":
            t.act(d.player, X.Done())
            continue
        if X.Activate(hound) in t.legal(A):
            t.act(A, X.Activate(hound))
            continue
        if d.kind == "victim":                            # B offers Géza
            t.act(B, X.Victim(t.idx(B, "a-geza")))
            continue
        if d.kind in ("reattach", "wall") or t.s.manoeuvre is None:
            break
        t.act(d.player, X.Pass())
    return t


def _a_hitting_seed(extra: list) -> Table:
    for rng in range(1, 60):
        t = _siege_by_geza(extra, rng)
        if t.of(E.BeastHit):
            return t
    raise AssertionError("no seed in 1..59 lets the Stone Hound hit")


def test_mk_4_06_bestia_j_a_victorious_beast_may_be_re_attached():
    t = _a_hitting_seed([])
    hound = t.idx(A, "o-stone-hound")
    assert t.of(E.BeastVictorious) and t.of(E.BeastVictorious)[0].card == hound
    d = t.rules.pending(t.s)
    assert d.kind == "reattach" and d.player == A
    assert set(t.legal(A)) == {X.KeepBeast(hound), X.Done()}
    assert t.card(t.idx(B, "a-geza")).zone == "past"          # died at the phase's end
    t.act(A, X.KeepBeast(hound))
    assert t.card(hound).zone == "attached" and t.card(hound).host == t.idx(A, "t-ember-keep")
    assert t.card(hound).face_down and t.s.manoeuvre is None   # MK 4.01.I: nobody is left


def test_mk_4_06_bestia_j_a_declined_victorious_beast_is_used_up():
    t = _a_hitting_seed([])
    hound = t.idx(A, "o-stone-hound")
    out = t.act(A, X.Done())
    moved = [e for e in t.of(E.CardMoved, out) if e.card == hound]
    assert moved and moved[0].rule == "MK 3.04.G" and t.card(hound).zone == "past"


def test_mk_4_06_bestia_j_a_beast_that_leaves_someone_standing_is_not_victorious():
    # Halvard (level 4) joins Géza: the hound cannot empty the team
    t = _a_hitting_seed([C(B, "a-halvard", "line")])
    hound = t.idx(A, "o-stone-hound")
    assert not t.of(E.BeastVictorious)
    assert t.card(hound).zone == "past"
    assert not [e for e in t.events if isinstance(e, E.StageSet) and e.stage == "reattach"]
