"""Keywords with empty texts, read by ruling 15: TÚLÜTÉS X (MK 2.05) replaces the attack roll,
EXPEDÍCIÓ X (MK 2.03) replaces solving."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import dp
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _to_rounds(t: Table, blocker: int) -> None:
    """B besieges with Halvard, A blocks with ``blocker``; stop in combat round 1 at A."""
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    _drive(t, lambda d: (X.Join(blocker) if d.kind == "team" and X.Join(blocker) in t.legal(A)
                         else X.Done() if d.kind in ("team", "order") else
                         X.WallCheck(False) if d.kind == "wall" else
                         False if t.s.manoeuvre and t.s.manoeuvre.step == "rounds" and
                         d.player == A else None))


@pytest.mark.parametrize("damage, hits", [(2, True), (1, False)])
def test_mk_2_05_tulutes_hits_when_the_target_s_level_is_at_most_x_without_a_roll(damage, hits):
    # Crushing Blow: TÚLÜTÉS 2 against Halvard (level 4): current level 2 is hit, 3 is not
    t = Table([C(B, "a-halvard", "line", damage=damage), C(A, "a-borka", "line"),
               C(A, "x-crushing-blow")] + KEEP, mp=[10, 12])
    borka, halvard = t.idx(A, "a-borka"), t.idx(B, "a-halvard")
    _to_rounds(t, borka)
    blow = X.Play(t.idx(A, "x-crushing-blow"), borka, halvard)
    assert blow in t.legal(A)
    out = t.act(A, blow)
    out += _drive(t, lambda d: False if t.s.manoeuvre is None or not t.s.timelines or
                  t.s.timelines[-1].kind != "m_action" else None)
    judged = t.of(E.OverstrikeJudged, out)
    assert judged and judged[0].limit == 2 and judged[0].success is hits
    assert not [e for e in out if isinstance(e, E.RollJudged) and e.purpose == "attack"]
    assert bool([e for e in t.of(E.Damaged, out) if e.card == halvard]) is hits


def test_mk_2_03_expedicio_solves_at_team_level_x_with_no_condition_or_mp():
    # The Far Cairn: EXPEDÍCIÓ 5; Borka (3) and Zsolt (2) make 5
    t = Table([C(A, "a-borka", "line"), C(A, "a-zsolt", "line"),
               C(A, "q-far-cairn", "quests")] + KEEP, mp=[10, 8])
    cairn = t.idx(A, "q-far-cairn")
    t.act(A, X.SolveQuest(cairn))
    t.act(A, X.Join(t.idx(A, "a-borka")))
    t.act(A, X.Join(t.idx(A, "a-zsolt")))
    _drive(t, lambda d: False if d.kind == "condition" else
           X.Done() if d.kind == "team" else None)
    assert X.Expedition() in t.legal(A)
    out = t.act(A, X.Expedition())
    judged = t.of(E.ExpeditionJudged, out)[0]
    assert (judged.level, judged.limit, judged.success) == (5, 5, True)
    assert t.card(cairn).zone == "solved" and dp(t.s, t.rules.pool, A) == 2
    assert t.s.players[A].mp == 10                            # no solving MP
    assert not [e for e in out if isinstance(e, E.RollJudged)]


def test_mk_2_03_expedicio_fails_below_x_and_only_quests_with_it_offer_it():
    t = Table([C(A, "a-borka", "line"), C(A, "q-far-cairn", "quests"),
               C(A, "q-ash-orchard", "quests")] + KEEP, mp=[10, 8])
    cairn, orchard = t.idx(A, "q-far-cairn"), t.idx(A, "q-ash-orchard")
    t.act(A, X.SolveQuest(cairn))
    t.act(A, X.Join(t.idx(A, "a-borka")))
    _drive(t, lambda d: False if d.kind == "condition" else
           X.Done() if d.kind == "team" else None)
    out = t.act(A, X.Expedition())
    assert not t.of(E.ExpeditionJudged, out)[0].success and t.card(cairn).zone == "quests"
    t2 = Table([C(A, "a-borka", "line"), C(A, "q-ash-orchard", "quests")] + KEEP, mp=[10, 8])
    orchard = t2.idx(A, "q-ash-orchard")
    t2.act(A, X.SolveQuest(orchard))
    t2.act(A, X.Join(t2.idx(A, "a-borka")))
    assert t2.rules.pending(t2.s).kind == "condition" and X.Expedition() not in t2.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t2.act(A, X.Expedition())
    assert exc.value.rule == "MK 2.03"
