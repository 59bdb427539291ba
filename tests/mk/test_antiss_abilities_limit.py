"""On the antiss only permanent and antiss abilities work (MK 8.03.D, spec §16.2, ruling 68):
during an antiss manoeuvre no obstacle is activated against the team on the antiss and no
ally's ability reaches an adventurer there; permanent abilities (equipment boosts) and action
cards still work."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import value
from engine.magus.timeline import PRIORITY
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _table(quest: str) -> Table:
    """A's Dream Walker (the Ash Spear worn, hurt) may go to B's quest ``quest``, which carries
    B's Pit; A has the Old Ferryman (a fast healing ally) and a Healing Word."""
    return Table([C(A, "a-dream-walker", "line", damage=1), C(B, quest, "quests"),
                  C(B, "o-pit", "attached", host=1), C(A, "x-ash-spear", "attached", host=0),
                  C(A, "y-old-ferryman", "allies"), C(A, "x-healing-word")] + KEEP,
                 mp=[10, 8])


def _to_obstacles(quest: str) -> tuple[Table, list[tuple[int, list]]]:
    """Start the manoeuvre with the Walker alone, nobody blocks; stop when A may act in the
    obstacle-activation timeline. Returns the table and B's offers met in that timeline."""
    t = _table(quest)
    walker = t.idx(A, "a-dream-walker")
    seen: list[tuple[int, list]] = []

    def answer(d):
        if d.kind == "team":
            return X.Join(walker) if X.Join(walker) in t.legal(d.player) else X.Done()
        if t.s.timelines and t.s.timelines[-1].kind == "m_obst" and d.kind == "priority":
            if d.player == A:
                return False
            seen.append((d.player, t.legal(d.player)))
        return None

    t.act(A, X.SolveQuest(t.idx(B, quest)))
    _drive(t, answer)
    return t, seen


def test_mk_8_03_d_an_allys_ability_cannot_reach_an_adventurer_on_the_antiss():
    t, _ = _to_obstacles("q-dreaming-gate")
    walker, ferryman = t.idx(A, "a-dream-walker"), t.idx(A, "y-old-ferryman")
    assert t.s.manoeuvre is not None and t.s.manoeuvre.kind == "antiss"
    assert t.s.timelines[-1].kind == "m_obst" and t.rules.pending(t.s).player == A
    legal = t.legal(A)
    assert not [a for a in legal if isinstance(a, X.UseAlly)]
    assert [a for a in legal if isinstance(a, X.Play)]          # an action card still works
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.UseAlly(ferryman, walker))
    assert exc.value.rule == "MK 8.03.D" and exc.value.key == "antiss_abilities"
    assert "permanent and antiss abilities" in exc.value.message
    assert len(t.events) == before
    assert t.card(ferryman).points == 2 and t.card(walker).damage == 1


def test_mk_8_03_d_off_the_antiss_the_ally_reaches_the_team():
    t, _ = _to_obstacles("q-lost-lantern")
    walker, ferryman = t.idx(A, "a-dream-walker"), t.idx(A, "y-old-ferryman")
    assert t.s.manoeuvre is not None and t.s.manoeuvre.kind == "quest"
    assert X.UseAlly(ferryman, walker) in t.legal(A)


def test_mk_8_03_d_no_obstacle_is_activated_against_a_team_on_the_antiss():
    t, _ = _to_obstacles("q-dreaming-gate")
    pit = t.idx(B, "o-pit")
    t.s.active = B                    # B holds priority in the obstacle timeline
    assert t.s.stage == PRIORITY and X.Activate(pit) not in t.legal(B)
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(B, X.Activate(pit))
    assert exc.value.rule == "MK 8.03.D" and exc.value.key == "antiss_abilities"
    assert len(t.events) == before and t.card(pit).zone == "attached"


def test_mk_8_03_d_the_obstacle_phase_on_the_antiss_passes_without_the_obstacle():
    t, seen = _to_obstacles("q-dreaming-gate")
    pit = t.idx(B, "o-pit")
    _drive(t, lambda d: X.Condition(0) if d.kind == "condition" else
           False if t.s.manoeuvre is None and not t.s.timelines else None)
    assert t.s.manoeuvre is None
    assert not seen                                     # B was never asked there
    assert not [e for e in t.of(E.Revealed) if e.card == pit]         # never activated
    assert not [e for e in t.of(E.ItemAdded) if e.card == pit]


def test_mk_8_03_d_off_the_antiss_the_same_obstacle_is_offered():
    t, _ = _to_obstacles("q-lost-lantern")
    pit = t.idx(B, "o-pit")
    t.act(A, X.Pass())
    assert t.rules.pending(t.s).player == B and X.Activate(pit) in t.legal(B)


def test_mk_8_03_d_permanent_abilities_still_work_on_the_antiss():
    t, _ = _to_obstacles("q-dreaming-gate")
    walker = t.idx(A, "a-dream-walker")
    assert t.card(walker).zone == "team"
    assert value(t.s, t.rules.pool, t.card(walker), "physique") == 6     # 5 + the spear's 1
