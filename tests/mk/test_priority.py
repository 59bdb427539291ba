"""MP priority and the active player (MK 1.05-1.06, spec §5.2), with the spec's worked trace."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.priority import compute_active, explain
from tests.mk.helpers import A, B, C, Table, active_chain


def test_mk_1_06_worked_trace_of_the_spec():
    """Spec §5.2: A 10 MP, B 8 MP; A plays a 5-MP adventurer, both pass, it resolves; B (8 > 5)
    is active, the empty timeline closes; B plays a 3-MP action, it resolves; 5 = 5 and A made
    the older MP-bound action, so A is active; A passes, B passes: the Manoeuvres phase ends."""
    t = Table([C(A, "a-fang"), C(B, "x-hex"), C(B, "a-ilka", "line"), C(A, "t-raven-loft"),
               C(B, "t-raven-loft")], mp=[10, 8])           # a card each to keep: no auto-end
    assert (t.s.active, t.s.why) == (A, "more_mp")
    assert explain(t.s) == "A: 10 MP > 8"
    fang, hex_, ilka = t.idx(A, "a-fang"), t.idx(B, "x-hex"), t.idx(B, "a-ilka")
    out = t.act(A, X.Play(fang))
    assert t.s.players[A].mp == 5 and t.card(fang).zone == "line"
    assert active_chain(out) == [
        ("pass", A, "timeline"), ("active", B, "passed"), ("pass", B, "timeline"),
        ("ItemUnwound", -1, ""), ("active", B, "more_mp"),            # recompute: 8 > 5
        ("pass", B, "timeline"), ("active", A, "passed"), ("pass", A, "timeline"),
        ("TimelineEnded", -1, "action"), ("active", B, "more_mp")]    # recompute at its end
    assert (t.s.active, t.s.why, t.s.stage) == (B, "more_mp", "priority")
    assert t.s.timelines == [] and t.s.phase == "manoeuvres"   # those passes did not end it
    out = t.act(B, X.Play(hex_, ilka, fang))
    assert t.s.players[B].mp == 5
    chain = active_chain(out)
    # after the action resolves: 5 = 5, no manoeuvre: A acted longer ago (MK 1.06.B)
    assert chain[:6] == [("pass", B, "timeline"), ("active", A, "passed"),
                         ("pass", A, "timeline"), ("ItemUnwound", -1, ""),
                         ("active", A, "older_stamp"), ("pass", A, "timeline")]
    assert chain[6:] == [("active", B, "passed"), ("pass", B, "timeline"),
                         ("TimelineEnded", -1, "action"), ("active", A, "older_stamp"),
                         # A passes, B may take one action only and passes: the phase ends
                         ("pass", A, "sor"), ("active", B, "passed"), ("pass", B, "sor"),
                         ("PhaseBegan", -1, "closing"), ("active", A, "older_stamp")]
    assert t.s.stage == "close_discard"


def test_mk_1_06_a_more_mp_is_active():
    t = Table([], mp=[3, 7])
    assert compute_active(t.s)[:2] == (B, "more_mp")


def test_mk_1_06_b_tie_least_recent_mp_bound_action():
    t = Table([], mp=[6, 6], stamps=[5, 2])
    assert compute_active(t.s)[:2] == (B, "older_stamp")
    assert explain(t.s) == "tie: B acted longer ago"
    assert explain(t.s, "hu") == "egyenlő MP: B cselekedett régebben"


def test_mk_1_06_c_tie_inside_a_manoeuvre_goes_to_its_initiator():
    t = Table([C(B, "a-borka", "line")], mp=[6, 8], stamps=[0, 1])
    t.act(B, X.Siege())                           # B pays 2 for the siege: 6 = 6
    out = t.act(B, X.Join(t.idx(B, "a-borka")))   # no one else may join: Done is taken
    paid = [e for e in out if isinstance(e, E.MpChanged) and e.player == B]
    assert paid[0].delta == -2 and paid[0].rule == "MK 4.01.F"
    assert t.s.players[B].stamp > t.s.players[A].stamp
    # 6 = 6 inside the manoeuvre: B leads although B's stamp is the newer one
    assert ("active", B, "initiator") in active_chain(out)


def test_mk_1_06_d_a_pass_hands_priority_over():
    t = Table([C(A, "a-borka"), C(B, "a-zsolt")], mp=[10, 8])
    out = t.act(A, X.Pass())
    assert ("active", B, "passed") in active_chain(out)
    assert t.s.active == B and explain(t.s) == "A passed"


def test_mk_1_06_e_an_adder_keeps_priority_by_ruling_2_and_the_option_hands_it_over():
    kept = Table([C(A, "a-borka"), C(A, "x-healing-word"), C(A, "a-zsolt", "line", damage=1)],
                 mp=[10, 8])
    kept.act(A, X.Play(kept.idx(A, "a-borka")))
    assert kept.s.timelines and kept.s.active == A
    handed = Table([C(A, "a-borka"), C(A, "x-healing-word"),
                    C(A, "a-zsolt", "line", damage=1), C(B, "x-healing-word"),
                    C(B, "a-ilka", "line", damage=1)],
                   mp=[10, 8], options={"priority_after_add": "pass"})
    handed.act(A, X.Play(handed.idx(A, "a-borka")))
    assert handed.s.timelines and handed.s.active == B and handed.s.why == "added"
