"""KINCS treasures (MK 2.07), FÓKUSZ payment (MK 2.19, ruling 52) and timed effects that choose
a target as they enter the timeline, checked again at resolution (MK 5.01.B, MK 6.05.R,
ruling 53)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import Run, dp
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive
from tests.mk.helpers import resolve as _resolve


# ---------------------------------------------------------------- KINCS
def _treasure_table(team: list[str]) -> tuple[Table, int]:
    t = Table([C(A, cid, "line") for cid in team] + [C(A, "a-lost-prince")] + KEEP,
              mp=[10, 8])
    prince = t.idx(A, "a-lost-prince")
    t.act(A, X.PlayTreasure(prince))
    _resolve(t)
    return t, prince


def test_mk_2_07_c_a_treasure_is_played_as_a_pending_quest_for_its_printed_mp():
    t, prince = _treasure_table(["a-borka"])
    assert t.card(prince).zone == "quests" and prince in t.s.players[A].quests
    assert t.s.players[A].mp == 10 - 5                       # never free (MK 2.07.b)
    poor = Table([C(A, "a-lost-prince")] + KEEP, mp=[4, 3])
    assert X.PlayTreasure(poor.idx(A, "a-lost-prince")) not in poor.legal(A)
    with pytest.raises(IllegalAction) as exc:
        poor.act(A, X.PlayTreasure(poor.idx(A, "a-lost-prince")))
    assert exc.value.rule == "MK 2.07.c"


@pytest.mark.parametrize("team, solved", [(["a-borka", "a-zsolt"], True),
                                          (["a-zsolt"], False)])
def test_mk_2_07_c_a_treasure_quest_is_solved_at_team_level_x_and_its_card_joins_the_solver(
        team, solved):
    t, prince = _treasure_table(team)
    t.act(A, X.SolveQuest(prince))
    for cid in team:
        t.act(A, X.Join(t.idx(A, cid)))
    _drive(t, lambda d: False if d.kind == "condition" else
           X.Done() if d.kind == "team" else None)
    assert t.legal(A) == [X.Condition(0)]                 # "team level ≥ X" is its one condition
    mp = t.s.players[A].mp
    out = t.act(A, X.Condition(0))
    judged = t.of(E.TreasureJudged, out)[0]
    assert (judged.limit, judged.success) == (4, solved)
    assert t.s.players[A].mp == mp                             # solving MP 0 (MK 2.07.c)
    if solved:
        assert t.card(prince).zone == "line" and prince in t.s.players[A].line
        assert dp(t.s, t.rules.pool, A) == 0                       # MK 2.07.f
    else:
        assert t.card(prince).zone == "quests"


def test_mk_2_07_c_a_treasure_quest_has_four_obstacle_slots():
    def table(n: int) -> Table:
        cards = [C(A, "a-lost-prince", "quests")]
        cards += [C(A, "o-pit", "attached", host=0) for _ in range(n)]
        return Table(cards + [C(B, "o-rockfall")] + KEEP, mp=[8, 10])

    three = table(3)
    assert X.Attach(three.idx(B, "o-rockfall"), 0) in three.legal(B)
    four = table(4)
    assert X.Attach(four.idx(B, "o-rockfall"), 0) not in four.legal(B)


# ---------------------------------------------------------------- FÓKUSZ
def test_mk_2_19_fokusz_cards_pay_one_mp_each_and_go_to_the_bottom_of_the_future():
    t = Table([C(A, "a-focus-monk", "line"), C(A, "a-candle-sage"), C(A, "a-zsolt")] + KEEP,
              mp=[2, 8])
    monk, sage, zsolt = t.idx(A, "a-focus-monk"), t.idx(A, "a-candle-sage"), t.idx(A, "a-zsolt")
    legal = t.legal(A)
    assert X.Play(sage) in legal                  # 2 MP + one FÓKUSZ card cover its 3
    assert X.Play(zsolt) not in legal             # no FÓKUSZ: 3 MP needed, 2 there
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(zsolt))
    assert exc.value.rule == "MK 5.01.C"
    t.act(A, X.Play(sage))
    d = t.rules.pending(t.s)
    assert (d.kind, d.player) == ("focus", A)
    assert t.legal(A) == [X.Focus(monk)]              # 2 < 3: no Done yet
    out = t.act(A, X.Focus(monk))               # 3 MP now: Done is all that is left (auto)
    assert t.of(E.FocusPaid, out)[0].card == monk
    assert t.s.players[A].future[-1] == monk and t.card(monk).zone == "future"
    assert t.of(E.FocusDone, out) and t.card(sage).zone != "hand"
    _resolve(t)
    assert t.card(sage).zone == "line" and t.s.players[A].mp == 0


def test_mk_2_19_a_fokusz_player_may_pay_with_mp_alone():
    t = Table([C(A, "a-focus-monk", "line"), C(A, "a-candle-sage")] + KEEP, mp=[10, 8])
    monk, sage = t.idx(A, "a-focus-monk"), t.idx(A, "a-candle-sage")
    t.act(A, X.Play(sage))
    assert set(map(type, t.legal(A))) == {X.Focus, X.Done}
    t.act(A, X.Done())
    _resolve(t)
    assert t.card(monk).zone == "line" and t.s.players[A].mp == 7
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Focus(monk))
    assert exc.value.rule == "MK 2.19"


# ---------------------------------------------------------------- targeted timed effects
def _duellist(enemies: list[str]) -> Table:
    return Table([C(A, "a-duelist")] + [C(B, cid, "line") for cid in enemies] + KEEP,
                 mp=[10, 8])


def test_mk_5_01_b_a_timed_effect_chooses_its_target_as_it_enters_the_timeline():
    t = _duellist(["a-geza", "a-szirom"])
    duelist, geza, szirom = t.idx(A, "a-duelist"), t.idx(B, "a-geza"), t.idx(B, "a-szirom")
    t.act(A, X.Play(duelist))
    _drive(t, lambda d: False if d.kind == "aim" else None)
    d = t.rules.pending(t.s)
    assert (d.kind, d.player) == ("aim", A)
    assert sorted(a.target for a in t.legal(A)) == sorted([geza, szirom])
    t.act(A, X.Aim(szirom))
    _resolve(t)
    added = [e for e in t.of(E.ItemAdded) if e.kind == "enter"]
    assert added and added[0].target == szirom
    assert [e.card for e in t.of(E.Damaged)] == [szirom]


def test_mk_5_01_b_one_legal_target_is_taken_and_none_keeps_the_effect_out():
    one = _duellist(["a-geza"])
    one.act(A, X.Play(one.idx(A, "a-duelist")))
    out = _resolve(one)
    assert not [e for e in out if isinstance(e, E.TargetAsked)]
    assert [e.target for e in one.of(E.ItemAdded) if e.kind == "enter"] == [one.idx(B, "a-geza")]
    none = _duellist([])
    none.act(A, X.Play(none.idx(A, "a-duelist")))
    _resolve(none)
    assert not [e for e in none.of(E.ItemAdded) if e.kind == "enter"]
    assert none.card(none.idx(A, "a-duelist")).zone == "line"


def test_mk_6_05_r_a_timed_effect_whose_target_left_is_neutralised():
    t = Table([C(A, "a-duelist"), C(B, "a-geza", "line"), C(B, "a-szirom", "line"),
               C(B, "x-healing-word")] + KEEP, mp=[10, 8])
    duelist, szirom = t.idx(A, "a-duelist"), t.idx(B, "a-szirom")
    t.act(A, X.Play(duelist))
    _drive(t, lambda d: False if d.kind == "aim" else None)
    t.act(A, X.Aim(szirom))
    assert [e for e in t.s.timelines[-1].items if e.kind == "enter"]    # B may answer now
    # the target leaves the Line before the effect unwinds (as a death or a will transfer would)
    Run(t.s, t.rules.pool).emit(E.CardMoved(szirom, "past", -1, False, -1, "MK 6.05.K"))
    out = _resolve(t)
    unwound = t.of(E.ItemUnwound, out)
    assert unwound and unwound[0].neutralised and unwound[0].rule == "MK 6.05.R"
    assert not t.of(E.Damaged, out)
