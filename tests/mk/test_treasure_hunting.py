"""Treasure hunting, KINCSKERESÉS X (MK 1.14.14, spec §13 and §17 LLM_END): the team's values
add up; solving a treasure quest of value at most the sum sends the whole team home alert and
spends each member's hunting for the round."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.cards import CardDef, Text
from engine.magus.keywords import check
from tests.mk.helpers import KEEP, A, B, C, Table


def _drive(t: Table, answer) -> list:
    out = []
    for _ in range(400):
        d = t.rules.pending(t.s)
        if d is None:
            break
        a = answer(d)
        if a is False:
            break
        if a is None:
            legal = t.legal(d.player)
            a = X.Pass() if X.Pass() in legal else X.Done() if X.Done() in legal else legal[0]
        out += t.act(d.player, a)
    return out


def _sor(t: Table) -> bool:
    return t.s.manoeuvre is None and not t.s.timelines


def _hunt(t: Table, treasure: int, team: list[int]) -> list:
    """Play the treasure, send the team after it, name its one condition, and play on until
    the Sor again."""
    t.act(A, X.PlayTreasure(treasure))
    _drive(t, lambda d: False if _sor(t) else None)
    out = t.act(A, X.SolveQuest(treasure))
    for i in team:
        out += t.act(A, X.Join(i))
    out += _drive(t, lambda d: X.Done() if d.kind == "team" else
                  X.Condition(0) if d.kind == "condition" else
                  False if _sor(t) and d.kind == "priority" else None)
    return out


def _table(team: list[str], hand: list[str], mp: int = 20) -> tuple[Table, list[int]]:
    t = Table([C(A, cid, "line") for cid in team] + [C(A, cid) for cid in hand] + KEEP,
              mp=[mp, 4])
    return t, [t.idx(A, cid) for cid in team]


def test_mk_1_14_14_d_the_team_values_add_up_and_the_whole_team_goes_home_alert():
    # Oszkár (KINCSKERESÉS 3) + the Tunnel Delver (2) + Borka (none) solve the Lost Prince
    # (KINCS 4): 3 + 2 ≥ 4, so all three go home alert, Borka too (MK 1.14.14.B, D)
    t, team = _table(["a-treasure-seeker", "a-cave-delver", "a-borka"], ["a-lost-prince"])
    prince = t.idx(A, "a-lost-prince")
    out = _hunt(t, prince, team)
    assert t.of(E.TreasureJudged, out)[0].success
    hunted = t.of(E.TreasureHunted, out)
    assert len(hunted) == 1 and (hunted[0].total, hunted[0].limit) == (5, 4)
    assert sorted(hunted[0].cards) == sorted(team)
    assert all(t.card(i).zone == "line" and t.card(i).pos == "alert" for i in team)
    assert sorted(t.s.hunted) == sorted(team)              # spent for the round (MK 1.14.14.D)


def test_mk_1_14_14_b_a_treasure_worth_more_than_the_hunting_sends_the_team_home_resting():
    # Oszkár (3) + Borka (none) solve the Lost Prince (KINCS 4): 3 < 4, home resting as usual
    t, team = _table(["a-treasure-seeker", "a-borka"], ["a-lost-prince"])
    out = _hunt(t, t.idx(A, "a-lost-prince"), team)
    assert t.of(E.TreasureJudged, out)[0].success
    assert not t.of(E.TreasureHunted, out)
    assert all(t.card(i).zone == "line" and t.card(i).pos == "resting" for i in team)
    assert t.s.hunted == []                                 # nothing spent


def test_mk_1_14_14_c_each_hunting_works_once_a_round():
    # the same team solves a second treasure (the Hoard Blade, KINCS 3) in the same round:
    # their hunting is spent, so this time they go home resting (MK 1.14.14.C)
    t, team = _table(["a-treasure-seeker", "a-cave-delver"], ["a-lost-prince", "x-hoard-blade"],
                     mp=30)
    _hunt(t, t.idx(A, "a-lost-prince"), team)
    assert all(t.card(i).pos == "alert" for i in team)
    t.s.players[B].mp = 0                          # B keeps out of the way; A stays active
    out = _hunt(t, t.idx(A, "x-hoard-blade"), team)
    assert t.of(E.TreasureJudged, out)[0].success
    assert not t.of(E.TreasureHunted, out)
    assert all(t.card(i).pos == "resting" for i in team)


def test_mk_1_14_14_c_the_hunting_is_spent_for_the_round_only():
    t, team = _table(["a-treasure-seeker", "a-cave-delver"], ["a-lost-prince"])
    _hunt(t, t.idx(A, "a-lost-prince"), team)
    assert t.s.hunted
    t.rules.apply(t.s, E.RoundBegan(t.s.round + 1))
    assert t.s.hunted == []


def test_mk_1_14_14_an_ordinary_quest_sends_hunters_home_resting():
    t, team = _table(["a-treasure-seeker", "a-cave-delver"], ["q-wolf-pass"])
    quest = t.idx(A, "q-wolf-pass")
    t.act(A, X.Play(quest))
    _drive(t, lambda d: False if _sor(t) else None)
    out = t.act(A, X.SolveQuest(quest))
    for i in team:
        out += t.act(A, X.Join(i))
    out += _drive(t, lambda d: X.Done() if d.kind == "team" else
                  X.Condition(0) if d.kind == "condition" else
                  False if _sor(t) and d.kind == "priority" else None)
    assert not t.of(E.TreasureHunted, out)
    home = {e.card for e in t.of(E.PositionSet, out) if e.rule == "MK 4.01.G"}
    assert home == set(team) and not [e for e in out if getattr(e, "rule", "") == "MK 1.14.14"]


def test_mk_1_14_14_a_treasure_hunting_belongs_to_an_adventurer():
    bad = CardDef(id="x", type="quest", name=Text("x", "x"), hunting=2)
    assert any("MK 1.14.14" in p for p in check(bad))
    good = CardDef(id="y", type="adventurer", name=Text("y", "y"), hunting=2)
    assert not any("MK 1.14.14" in p for p in check(good))
