"""Unwinding reads its parameters now (MK 6.05.S) and a departed source still resolves with its
last known values (MK 6.05.T)."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table


def _unwind(t: Table) -> list:
    out = []
    while t.s.timelines and t.s.timelines[-1].items:
        out += t.act(t.rules.pending(t.s).player, X.Pass())
    return out


def test_mk_6_05_s_a_heal_reads_the_damage_it_mends_at_resolution_not_when_played():
    """Two Healing Words on Borka (1 damage): the later one unwinds first and mends the point;
    the first, played when there was damage to mend, finds none when it resolves and heals
    nothing — but it resolves (it is not neutralised)."""
    t = Table([C(A, "a-borka", "line", damage=1), C(A, "a-ilka", "line"),
               C(A, "a-teodor", "line"), C(A, "x-healing-word"), C(A, "x-healing-word")]
              + KEEP, mp=[10, 8])
    borka = t.idx(A, "a-borka")
    first, second = t.idx(A, "x-healing-word"), t.idx(A, "x-healing-word", 1)
    out = t.act(A, X.Play(first, t.idx(A, "a-ilka"), borka))
    if t.rules.pending(t.s).player != A:
        out += t.act(B, X.Pass())
    out += t.act(A, X.Play(second, t.idx(A, "a-teodor"), borka))
    uids = {e.card: e.uid for e in t.of(E.ItemAdded, out)}
    # the second joined the first's timeline (MK 6.05.B); with nothing left to play the
    # engine passes for both, and the items unwind top first
    assert len(t.of(E.TimelineOpened, out)) == 1
    out += _unwind(t)
    unwound = t.of(E.ItemUnwound, out)
    assert [u.uid for u in unwound][:2] == [uids[second], uids[first]]
    assert not any(u.neutralised for u in unwound[:2])
    healed = [e for e in t.of(E.Healed, out) if e.card == borka]
    assert [h.amount for h in healed] == [1]                    # the later word mended it
    assert t.card(borka).damage == 0 and t.card(first).zone == "past"


def test_mk_6_05_t_a_source_that_left_present_still_resolves_with_its_last_known_values():
    """The Border Scout spends its last 2 points on an arrow and leaves at once (MK 3.08.A):
    the arrow is still on the timeline and resolves, with the scout's printed damage."""
    t = Table([C(A, "y-border-scout", "allies"), C(B, "a-geza", "line")] + KEEP, mp=[10, 8])
    scout, geza = t.idx(A, "y-border-scout"), t.idx(B, "a-geza")
    out = t.act(A, X.UseAlly(scout, geza))
    out += _unwind(t)
    left = [i for i, e in enumerate(out) if isinstance(e, E.CardMoved) and e.card == scout]
    uid = next(e.uid for e in t.of(E.ItemAdded, out) if e.card == scout)
    unwound = [i for i, e in enumerate(out) if isinstance(e, E.ItemUnwound) and e.uid == uid]
    hit = [i for i, e in enumerate(out) if isinstance(e, E.Damaged) and e.card == geza]
    assert left and unwound and hit and left[0] < unwound[0] < hit[0]   # gone, then resolved
    assert not out[unwound[0]].neutralised and out[hit[0]].amount == 1
    assert t.card(scout).zone == "past"
