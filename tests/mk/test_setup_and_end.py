"""Setup and mulligan (MK 1.08), the round (MK 1.07) and the win and draw checks (MK 1.01)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.plugin import PLUGIN
from engine.magus.scenario import build
from tests.mk.helpers import A, B, C, Table


def _new(seed: int = 3):
    h = PLUGIN.new_header(("lantern", "ashen"), seed)
    rules = PLUGIN.ruleset_for(h)
    s = rules.initial_state(h)
    out = rules.start(s)
    return rules, s, out


def _pick_towers(rules, s, seat):
    out = []
    while s.stage == "towers" and s.chooser == seat:
        legal = rules.legal_actions(s, seat)
        out += rules.submit(s, seat, legal[0])
    return out


def _no_cuts(rules, s):
    out = []
    while s.stage == "cut":
        out += rules.submit(s, s.chooser, X.Done())
    return out


def test_mk_1_08_a_both_roll_die_by_die_and_the_higher_roller_chooses_the_starter():
    rules, s, out = _new()
    dice = [e for e in out if isinstance(e, E.DieRolled)]
    judged = [e for e in out if isinstance(e, E.RollJudged)]
    assert len(dice) == 2 * len(judged) and len(judged) >= 2
    last = judged[-2:]
    chooser = 0 if last[0].total > last[1].total else 1
    assert rules.pending(s).kind == "starter" and rules.pending(s).player == chooser
    rules.submit(s, chooser, X.ChooseStarter(1 - chooser))
    assert s.starter == 1 - chooser and s.active == 1 - chooser
    assert s.players[s.starter].stamp < s.players[chooser].stamp          # ruling 3


def test_mk_1_08_b_three_different_hidden_tower_levels_in_the_owners_order():
    rules, s, _ = _new()
    rules.submit(s, s.chooser, X.ChooseStarter(0))
    legal = rules.legal_actions(s, 0)
    assert legal and all(isinstance(a, X.PickTower) for a in legal)
    first = legal[0].card
    rules.submit(s, 0, legal[0])
    again = [a for a in rules.legal_actions(s, 0)
             if s.cards[a.card].cid == s.cards[first].cid]
    assert again == []                                     # a second copy may not be picked
    with pytest.raises(IllegalAction) as exc:
        rules.submit(s, 0, X.PickTower(first))
    assert exc.value.rule == "MK 1.08.B"
    out = _pick_towers(rules, s, 0)
    tower = s.players[0].tower
    assert len(tower) == 3 and tower[0] == first                       # bottom first
    assert len({s.cards[i].cid for i in tower}) == 3 and all(s.cards[i].face_down for i in tower)
    assert all(rules.view(s, 1).cards[i].cid == "" for i in tower)
    assert all(rules.redact(e, 1).card == -1 for e in out if isinstance(e, E.TowerPicked))
    out = _pick_towers(rules, s, 1)
    out += _no_cuts(rules, s)
    gained = [e for e in out if isinstance(e, E.MpChanged) and e.rule == "MK 1.08.C"]
    assert [g.delta for g in gained] == [6, 6]                                     # MK 1.08.C
    assert s.round == 1 and [p.mp for p in s.players] == [10, 10]                  # ruling 5


def test_mk_1_08_d_mulligan_seven_five_three_one():
    rules, s, _ = _new()
    rules.submit(s, s.chooser, X.ChooseStarter(0))
    _pick_towers(rules, s, 0)
    _pick_towers(rules, s, 1)
    _no_cuts(rules, s)
    assert rules.pending(s).kind == "mulligan" and rules.pending(s).player == 0   # ruling 6
    sizes = [len(s.players[0].hand)]
    for _ in range(3):
        rules.submit(s, 0, X.Mulligan())
        assert rules.pending(s).kind == "cut" and rules.pending(s).player == 1
        _no_cuts(rules, s)
        sizes.append(len(s.players[0].hand))
    assert sizes == [7, 5, 3, 1]
    assert rules.legal_actions(s, 0) == [X.Keep()]                 # a hand of 1 is kept
    with pytest.raises(IllegalAction) as exc:
        rules.submit(s, 0, X.Mulligan())
    assert exc.value.rule == "MK 1.08.D"
    rules.submit(s, 0, X.Keep())
    assert rules.pending(s).player == 1 and len(s.players[1].hand) == 7


def test_mk_1_07_resource_phase_draws_to_seven_and_re_rotates():
    t = Table([C(A, "a-borka", "line", pos="wounded"), C(A, "a-zsolt", "line", pos="resting")]
              + [C(A, "a-geza", "future") for _ in range(8)], phase="round", mp=[1, 1])
    assert t.s.round == 3
    assert len(t.s.players[A].hand) == 7 and t.s.players[A].mp == 5
    assert t.card(t.idx(A, "a-borka")).pos == "resting"
    assert t.card(t.idx(A, "a-zsolt")).pos == "alert"


def test_mk_1_01_a_a_siege_taking_the_last_tower_level_wins_at_once():
    rules, s = build({"cards": [C(B, "a-halvard", "line"), C(A, "t-salt-gate", "tower"),
                                C(B, "t-glass-spire", "tower"), C(A, "a-geza", "future"),
                                C(B, "a-geza", "future")], "mp": [4, 10]})
    out = rules.submit(s, B, X.Siege())
    out += rules.submit(s, B, X.Join(0))
    ended = [e for e in out if isinstance(e, E.GameEnded)]
    assert ended and ended[0].winners == (B,) and ended[0].rule == "MK 1.01.A"
    assert s.result is not None and rules.pending(s) is None


def test_mk_1_01_b_at_the_end_of_the_round_eleven_dp_and_strictly_most_win():
    cards = [C(A, "q-tide-oath", "solved"), C(A, "q-drowned-archive", "solved"),
             C(A, "q-silent-bell", "solved"), C(A, "q-lost-lantern", "solved"),
             C(B, "q-tide-oath", "solved"), C(B, "q-silent-bell", "solved")]
    t = Table(cards, mp=[5, 5])                    # A 12 DP, B 7 DP
    # nobody can do anything: both pass, the round closes, the end-of-round check runs
    res = t.s.result
    assert res is not None and res.winners == (A,) and res.rule == "MK 1.01.B"
    assert res.reason == "dp11"


def test_mk_1_01_b_an_empty_future_loses_at_the_end_of_the_round():
    rules, s = build({"cards": [C(A, "t-salt-gate", "tower"), C(B, "t-glass-spire", "tower"),
                                C(A, "a-geza", "future")], "mp": [5, 5]})
    res = s.result
    assert res is not None and res.winners == (A,) and res.reason == "deck"
    assert res.rule == "MK 1.01.B"


def test_mk_1_01_a_nineteen_dp_and_strictly_most_win_at_once():
    cards = [C(A, "q-tide-oath", "solved") for _ in range(4)] + [
        C(A, "q-drowned-archive", "solved"), C(B, "a-zsolt", "line"),
        C(A, "q-ash-orchard", "quests"), C(A, "a-borka", "line")]
    t = Table(cards, mp=[10, 5])                   # A 19 DP already; a quest to solve
    assert t.s.result is None                      # not checked before something happens
    t.act(A, X.SolveQuest(t.idx(A, "q-ash-orchard")))
    out = t.act(A, X.Join(t.idx(A, "a-borka")))
    # checked at the first timeline end: the initiating team's phase timeline
    assert t.of(E.TimelineEnded, out)[0].kind == "m_init"
    res = t.s.result
    assert res is not None and res.winners == (A,) and res.rule == "MK 1.01.A"


def test_mk_1_03_keveresi_szabaly_after_a_shuffle_the_opponent_may_cut_or_reshuffle():
    rules, s, _ = _new()
    rules.submit(s, s.chooser, X.ChooseStarter(0))
    _pick_towers(rules, s, 0)
    _pick_towers(rules, s, 1)
    d = rules.pending(s)
    assert (d.kind, d.player) == ("cut", 1) and s.cuts == [0, 1]       # B may cut A's Future
    before = list(s.players[0].future)
    out = rules.submit(s, 1, X.Cut(5))
    assert s.players[0].future == before[5:] + before[:5]
    assert [e for e in out if isinstance(e, E.CutAnswered)][0].rule == \
        "MK 1.03 \"Keverési szabály\""
    assert rules.pending(s).player == 0                                 # A may cut B's
    out = rules.submit(s, 0, X.Reshuffle())
    assert any(isinstance(e, E.Shuffled) and e.player == 1 for e in out)
    assert all(rules.redact(e, 0).order == () for e in out if isinstance(e, E.Shuffled))
