"""Buildings (MK 3.03) and the building-capture manoeuvre (MK 4.04): play conditions, DP while
controlled, the cap of three, capture cost and team sizes, obstacles on a building, the wall
check, the defender's Wall in combat and the change of control."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import dp
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def _resolve(t: Table) -> list:
    """Both pass until the Sor is back (the played card resolves)."""
    return _drive(t, lambda d: False if not t.s.timelines and d.kind == "priority" else
                  (False if d.kind != "priority" else None))


def test_mk_3_03_a_a_building_needs_its_play_condition():
    # The Toll Bridge asks for a rogue in the Line: Borka is a warrior
    t = Table([C(A, "a-borka", "line"), C(A, "b-toll-bridge")] + KEEP, mp=[10, 8])
    bridge = t.idx(A, "b-toll-bridge")
    assert X.Play(bridge) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(bridge))
    assert exc.value.rule == "MK 3.03.A"
    assert t.card(bridge).zone == "hand"                    # refused before any event


def test_mk_3_03_e_a_played_building_gives_its_dp_while_controlled():
    t = Table([C(A, "a-geza", "line"), C(A, "b-toll-bridge")] + KEEP, mp=[10, 8])
    bridge = t.idx(A, "b-toll-bridge")
    t.act(A, X.Play(bridge))                                # Géza is a rogue: allowed
    _resolve(t)
    assert t.card(bridge).zone == "buildings" and t.s.players[A].buildings == [bridge]
    assert t.s.players[A].mp == 10                          # a building's MP value is 0
    assert dp(t.s, t.rules.pool, A) == 2
    view = t.rules.view(t.s, B)
    assert view.seats[A].buildings == (bridge,) and view.seats[A].dp == 2


def test_mk_3_03_f_a_fourth_building_makes_its_player_destroy_one_of_his_choice():
    t = Table([C(A, "b-hill-watchtower", "buildings"), C(A, "b-toll-bridge", "buildings"),
               C(A, "b-lantern-chapel", "buildings"), C(A, "b-hill-watchtower"),
               C(A, "o-pit", "attached")] + KEEP, mp=[10, 8])
    fourth = t.idx(A, "b-hill-watchtower", 1)
    pit = t.idx(A, "o-pit")
    t.card(pit).host = t.idx(A, "b-toll-bridge")
    t.act(A, X.Play(fourth))
    _drive(t, lambda d: False if d.kind == "raze" else None)
    d = t.rules.pending(t.s)
    assert d.kind == "raze" and d.player == A and len(t.s.players[A].buildings) == 4
    assert X.Pass() not in t.legal(A)                       # before anyone acts
    bridge = t.idx(A, "b-toll-bridge")
    out = t.act(A, X.Raze(bridge))
    assert t.card(bridge).zone == "past" and len(t.s.players[A].buildings) == 3
    assert t.card(pit).zone == "past"                         # its attachment falls with it
    assert {e.rule for e in t.of(E.CardMoved, out)} == {"MK 3.03.F"}
    assert dp(t.s, t.rules.pool, A) == 1 + 3 + 1


def test_mk_4_04_an_unopposed_capture_pays_the_dp_and_takes_the_building():
    t = Table([C(A, "a-halvard", "line"), C(B, "b-toll-bridge", "buildings"),
               C(B, "o-pit", "attached", host=-1)] + KEEP, mp=[10, 8])
    bridge, pit = t.idx(B, "b-toll-bridge"), t.idx(B, "o-pit")
    t.card(pit).host = bridge
    assert X.Capture(bridge) in t.legal(A)
    t.act(A, X.Capture(bridge))
    out = t.act(A, X.Join(t.idx(A, "a-halvard")))       # a lone Done is taken for him
    assert [e.delta for e in t.of(E.MpChanged, out) if e.player == A] == [-2]   # MK 4.01.F
    out += _drive(t, lambda d: False if t.s.manoeuvre is None else
                  X.Done() if d.kind == "team" else None)       # B sends no defender
    assert t.card(bridge).zone == "buildings" and t.card(bridge).controller == A
    assert t.s.players[A].buildings == [bridge] and t.s.players[B].buildings == []
    assert t.card(pit).zone == "past"                                          # MK 4.04.E
    assert t.of(E.ManoeuvreEnded, out)[0].outcome == "taken"
    assert dp(t.s, t.rules.pool, A) == 2 and dp(t.s, t.rules.pool, B) == 0


def test_mk_3_03_d_a_building_s_printed_team_sizes_limit_both_teams():
    # The Toll Bridge: 2 attackers, 3 defenders
    t = Table([C(A, "a-halvard", "line"), C(A, "a-borka", "line"), C(A, "a-zsolt", "line"),
               C(B, "b-toll-bridge", "buildings")] + KEEP, mp=[10, 8])
    t.act(A, X.Capture(t.idx(B, "b-toll-bridge")))
    t.act(A, X.Join(t.idx(A, "a-halvard")))
    assert X.Join(t.idx(A, "a-zsolt")) in t.legal(A)
    t.act(A, X.Join(t.idx(A, "a-borka")))                # the second closes the team
    joined = [e.card for e in t.of(E.TeamJoined)]
    assert joined == [t.idx(A, "a-halvard"), t.idx(A, "a-borka")]
    assert t.card(t.idx(A, "a-zsolt")).zone == "line"
    assert t.card(t.idx(A, "a-zsolt")).pos == "alert"    # never left the Line


def test_mk_4_01_c_nobody_captures_his_own_building():
    t = Table([C(A, "a-halvard", "line"), C(A, "b-toll-bridge", "buildings")] + KEEP,
              mp=[10, 8])
    own = t.idx(A, "b-toll-bridge")
    assert X.Capture(own) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Capture(own))
    assert exc.value.rule == "MK 4.01.C"


def test_mk_4_04_b_the_building_s_wall_lets_the_defender_end_the_capture():
    # The Lantern Chapel has Wall 2; Géza's level is 1
    t = Table([C(A, "a-geza", "line"), C(B, "b-lantern-chapel", "buildings")] + KEEP,
              mp=[10, 8])
    chapel = t.idx(B, "b-lantern-chapel")
    t.act(A, X.Capture(chapel))
    t.act(A, X.Join(t.idx(A, "a-geza")))
    _drive(t, lambda d: False if d.kind == "wall" else
           X.Done() if d.kind == "team" else None)
    d = t.rules.pending(t.s)
    assert d.kind == "wall" and d.player == B
    out = t.act(B, X.WallCheck(True))
    assert t.of(E.ManoeuvreEnded, out)[0].outcome == "wall"
    assert t.card(chapel).controller == B and t.s.players[A].mp == 7       # 10 - DP 3


def test_mk_4_04_d_the_defender_adds_the_building_s_wall_and_a_draw_keeps_it():
    # Halvard (4) against Borka (3) + the Hill Watchtower's Wall 1: 4 against 4, no change
    t = Table([C(A, "a-halvard", "line"), C(B, "a-borka", "line"),
               C(B, "b-hill-watchtower", "buildings")] + KEEP, mp=[10, 8])
    tower = t.idx(B, "b-hill-watchtower")
    t.act(A, X.Capture(tower))
    t.act(A, X.Join(t.idx(A, "a-halvard")))
    out = _drive(t, lambda d: False if t.s.manoeuvre is None else
                 X.Join(t.idx(B, "a-borka")) if d.kind == "team" and d.player == B and
                 X.Join(t.idx(B, "a-borka")) in t.legal(B) else
                 X.Done() if d.kind in ("team", "order") else
                 X.WallCheck(False) if d.kind == "wall" else None)
    decided = t.of(E.CombatDecided, out)[0]
    assert (decided.attack, decided.defence, decided.winner) == (4, 4, -1)
    assert t.card(tower).controller == B
    assert t.of(E.ManoeuvreEnded, out)[0].outcome == "held"


def test_mk_3_04_a_an_obstacle_may_be_attached_to_an_own_building_and_used_in_its_capture():
    t = Table([C(B, "a-halvard", "line"), C(A, "b-hill-watchtower", "buildings"),
               C(A, "o-pit")] + KEEP, mp=[10, 8])
    tower, pit = t.idx(A, "b-hill-watchtower"), t.idx(A, "o-pit")
    assert X.Attach(pit, tower) in t.legal(A)
    t.act(A, X.Attach(pit, tower))
    _resolve(t)
    assert t.card(pit).zone == "attached" and t.card(pit).host == tower
    assert t.card(pit).face_down
    t.s.players[A].mp, t.s.players[B].mp = 6, 10            # B is richer: B acts
    t.rules.submit(t.s, A, X.Pass()) if t.rules.pending(t.s).player == A else None
    t.act(B, X.Capture(tower))
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    out = _drive(t, lambda d: X.Activate(pit) if X.Activate(pit) in t.legal(A) else
                 (False if t.s.manoeuvre is None or d.kind != "priority" else None))
    assert any(e.card == pit for e in t.of(E.ItemAdded, out))
    assert any(e.rule == "MK 4.06 \"Csapda aktivizálás\"" for e in t.of(E.Damaged, out))


def test_mk_2_01_a_only_a_building_with_fal_x_has_a_wall():
    """FAL X gives a building Wall X (MK 2.01.a); the Toll Bridge has none, so no wall check is
    asked and Borka (3) defends it alone against Halvard (4), where the Hill Watchtower's Wall 1
    made it 4 against 4 (MK 2.01.b, test_mk_4_04_d)."""
    t = Table([C(A, "a-halvard", "line"), C(B, "a-borka", "line"),
               C(B, "b-toll-bridge", "buildings")] + KEEP, mp=[10, 8])
    bridge = t.idx(B, "b-toll-bridge")
    assert t.rules.pool["b-toll-bridge"].wall == 0
    t.act(A, X.Capture(bridge))
    t.act(A, X.Join(t.idx(A, "a-halvard")))
    kinds = []

    def answer(d):
        kinds.append(d.kind)
        if t.s.manoeuvre is None:
            return False
        if d.kind == "team" and d.player == B and X.Join(t.idx(B, "a-borka")) in t.legal(B):
            return X.Join(t.idx(B, "a-borka"))
        return X.Done() if d.kind in ("team", "order") else None

    out = _drive(t, answer)
    assert "wall" not in kinds
    decided = t.of(E.CombatDecided, out)[0]
    assert (decided.attack, decided.defence, decided.winner) == (4, 3, A)
