"""Equipment under a pending quest (MK 3.02.F, ruling 69): to your own pending quest you may
attach one equipment openly, its MP value at most the quest's DP; whoever solves the quest puts
it into his Storage for free."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive
from tests.mk.helpers import resolve as _resolve


def _table() -> Table:
    return Table([C(A, "q-lost-lantern", "quests"), C(A, "x-ash-spear"), C(A, "x-hoard-blade"),
                  C(A, "x-chain-shirt"), C(A, "a-borka", "line"), C(B, "q-wolf-pass", "quests"),
                  C(B, "a-halvard", "line")] + KEEP, mp=[10, 8])


def test_mk_3_02_f_one_equipment_goes_openly_under_your_own_pending_quest():
    t = _table()
    lantern, spear = t.idx(A, "q-lost-lantern"), t.idx(A, "x-ash-spear")
    shirt = t.idx(A, "x-chain-shirt")
    assert X.Attach(spear, lantern) in t.legal(A)
    assert X.Attach(spear, t.idx(B, "q-wolf-pass")) not in t.legal(A)   # not the opponent's
    out = t.act(A, X.Attach(spear, lantern))
    assert t.of(E.Stamped, out) and t.of(E.TimelineOpened, out)          # an MP-bound action
    added = t.of(E.ItemAdded, out)
    assert [(e.kind, e.hidden, e.target) for e in added] == [("attach", False, lantern)]
    _resolve(t)
    c = t.card(spear)
    assert (c.zone, c.host, c.face_down) == ("attached", lantern, False)
    assert t.s.players[A].mp == 10                                       # free
    if t.rules.pending(t.s).player != A:
        t.act(B, X.Pass())
    assert X.Attach(shirt, lantern) not in t.legal(A)                    # one only
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Attach(shirt, lantern))
    assert exc.value.rule == "MK 3.02.F" and exc.value.key == "quest_equipment"
    assert len(t.events) == before and t.card(shirt).zone == "hand"


def test_mk_3_02_f_its_mp_value_may_not_exceed_the_quests_dp():
    t = _table()
    lantern, blade = t.idx(A, "q-lost-lantern"), t.idx(A, "x-hoard-blade")   # 3 MP > 2 DP
    assert X.Attach(blade, lantern) not in t.legal(A)
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Attach(blade, lantern))
    assert exc.value.rule == "MK 3.02.F"
    assert "at most the quest's DP" in exc.value.message
    assert len(t.events) == before and t.card(blade).zone == "hand"


def test_mk_3_02_f_the_solver_puts_it_into_his_storage_free():
    t = Table([C(A, "q-lost-lantern", "quests"), C(A, "x-ash-spear", "attached", host=0,
                                                   open=True),
               C(B, "a-halvard", "line")] + KEEP, mp=[6, 8])
    lantern, spear, halvard = t.idx(A, "q-lost-lantern"), t.idx(A, "x-ash-spear"), \
        t.idx(B, "a-halvard")
    assert X.SolveQuest(lantern) in t.legal(B)
    t.act(B, X.SolveQuest(lantern))
    _drive(t, lambda d: X.Join(halvard) if d.kind == "team" and d.player == B and
           X.Join(halvard) in t.legal(B) else X.Done() if d.kind == "team" else
           X.Condition(0) if d.kind == "condition" else
           False if t.s.manoeuvre is None and not t.s.timelines else None)
    assert t.card(lantern).zone == "solved"
    c = t.card(spear)
    assert (c.zone, c.controller) == ("storage", B) and spear in t.s.players[B].storage
    assert [e.rule for e in t.of(E.CardMoved) if e.card == spear] == ["MK 3.02.F"]
    assert t.s.players[B].mp == 8 - 1                                    # the solving MP only


def test_mk_3_02_f_the_offer_says_the_equipment_goes_openly():
    from hkk_tui.i18n import ns_catalog

    t = _table()
    lantern, spear = t.idx(A, "q-lost-lantern"), t.idx(A, "x-ash-spear")
    hints = t.rules.hints(t.rules.view(t.s, A), t.legal(A))
    mine = [h for h in hints if h.params.get("card") == spear and h.params.get("host") == lantern]
    assert [h.label for h in mine] == ["act.attach_open"]
    for lang in ("en", "hu"):
        assert "act.attach_open" in ns_catalog("mk", lang)

