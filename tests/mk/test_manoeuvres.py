"""Line-leaving manoeuvres (MK 4.01-4.06): quest solving, tower siege with reveal, obstacles,
beasts, the wall check, combat and its outcome; MOMENTUM (MK 2.10)."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import dp
from engine.magus.scenario import build
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def test_mk_4_02_quest_solving_meets_a_condition_pays_and_solves():
    t = Table([C(A, "a-borka", "line"), C(A, "q-ash-orchard", "quests")] + KEEP, mp=[10, 8])
    quest = t.idx(A, "q-ash-orchard")
    t.act(A, X.SolveQuest(quest))
    t.act(A, X.Join(t.idx(A, "a-borka")))
    assert t.rules.pending(t.s).kind == "condition"           # no blocker, no obstacle
    out = t.act(A, X.Condition(0))
    assert t.of(E.ConditionChosen, out)[0].met
    assert t.of(E.QuestSolved, out) and t.card(quest).zone == "solved"
    assert dp(t.s, t.rules.pool, A) == 1
    borka = t.card(t.idx(A, "a-borka"))
    assert borka.zone == "line" and borka.pos == "resting"                      # MK 4.01.G


def test_mk_4_06_feltetel_a_failed_test_roll_leaves_the_quest_unsolved():
    # Géza (Physique 6) must roll above 6 and at most 6: impossible
    t = Table([C(A, "a-geza", "line"), C(A, "q-iron-bridge", "quests")] + KEEP, mp=[10, 8])
    quest = t.idx(A, "q-iron-bridge")
    t.act(A, X.SolveQuest(quest))
    t.act(A, X.Join(t.idx(A, "a-geza")))
    out = t.act(A, X.Condition(1))                          # martial+physique>6: no martial
    assert not t.of(E.ConditionChosen, out)[0].met and t.card(quest).zone == "quests"


def test_mk_4_03_c_the_wall_check_lets_the_defender_end_the_siege():
    t = Table([C(B, "a-geza", "line"), C(A, "a-borka", "line")] + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-geza")))
    # Ember Keep's Wall 2 ≥ Géza's level 1: A decides
    assert t.rules.pending(t.s).kind == "wall" and t.rules.pending(t.s).player == A
    out = t.act(A, X.WallCheck(True))
    assert t.of(E.ManoeuvreEnded, out)[0].rule == "MK 4.03.C"
    assert t.card(t.idx(A, "t-ember-keep")).zone == "tower"
    assert t.card(t.idx(B, "a-geza")).pos == "resting"


def test_mk_4_03_e_a_held_tower_level_is_turned_face_down_again():
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line")] + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    out = _drive(t, lambda d: False if t.s.manoeuvre is None else
                 X.Join(t.idx(A, "a-borka")) if d.kind == "team" else None)
    keep = t.idx(A, "t-ember-keep")
    assert t.of(E.Revealed)[0].card == keep                           # revealed in the siege
    decided = t.of(E.CombatDecided, out)[0]
    assert (decided.attack, decided.defence, decided.winner) == (4, 5, A)   # 3 + Wall 2
    assert t.of(E.Concealed, out) and t.card(keep).face_down and t.card(keep).zone == "tower"


def test_mk_4_03_f_an_unopposed_siege_destroys_the_level():
    t = Table([C(B, "a-halvard", "line")] + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    out = t.act(B, X.Join(t.idx(B, "a-halvard")))
    keep = t.idx(A, "t-ember-keep")
    assert t.card(keep).zone == "past"
    assert [e for e in out if isinstance(e, E.CardMoved) and e.card == keep][0].rule == \
        "MK 4.03.F"
    assert t.s.players[A].tower == [t.idx(A, "t-salt-gate")]


def test_mk_4_06_toronyszint_felfedese_the_reveal_ability_enters_the_timeline():
    rules, s = build({"cards": [C(B, "a-halvard", "line"), C(A, "t-moss-bastion", "tower"),
                                C(A, "t-salt-gate", "tower"), C(B, "t-glass-spire", "tower"),
                                C(A, "t-raven-loft"), C(B, "t-raven-loft"),
                                C(A, "a-geza", "future"), C(B, "a-geza", "future")],
                      "mp": [8, 10]})
    out = rules.submit(s, B, X.Siege())
    out += rules.submit(s, B, X.Join(0))
    added = [e for e in out if isinstance(e, E.ItemAdded) and e.kind == "reveal"]
    assert added and added[0].card == 1 and added[0].player == A
    gained = [e for e in out if isinstance(e, E.MpChanged) and e.player == A and e.delta == 2]
    assert gained                                      # Moss Bastion: its player gains 2 MP


def test_mk_4_06_bestia_the_defender_picks_each_victim_and_the_beast_is_one_source():
    t = Table([C(B, "a-halvard", "line"), C(B, "a-fang", "line"), C(A, "o-marsh-wyrm",
                                                                    "attached")] + KEEP,
              mp=[8, 10], rng=7)
    t.card(t.idx(A, "o-marsh-wyrm")).host = t.idx(A, "t-ember-keep")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    t.act(B, X.Join(t.idx(B, "a-fang")))            # nobody else may join: Done is taken
    out = _drive(t, lambda d: X.Activate(t.idx(A, "o-marsh-wyrm"))
                 if d.player == A and X.Activate(t.idx(A, "o-marsh-wyrm")) in t.legal(A)
                 else (False if d.kind == "victim" else None))
    assert t.rules.pending(t.s).kind == "victim" and t.rules.pending(t.s).player == B
    victims = []
    for _ in range(3):
        d = t.rules.pending(t.s)
        if d is None or d.kind != "victim":
            break
        pick = t.legal(B)[0]
        victims.append(pick.card)
        out += t.act(B, pick)
    attacked = t.of(E.BeastAttacked, out)
    assert len(attacked) == 3 and [a.victim for a in attacked][:len(victims)] == victims
    hits: dict[int, int] = {}
    for h in t.of(E.BeastHit, out):
        hits[h.victim] = hits.get(h.victim, 0) + h.amount
    dealt = {e.card: e.amount for e in t.of(E.Damaged, out)
             if e.rule == "MK 4.06 \"Bestia\".I"}
    assert dealt == hits                          # one Damaged per adventurer: the total


def test_mk_2_10_momentum_decides_who_acts_first_in_combat_round_one():
    t = Table([C(B, "a-halvard", "line"), C(A, "a-fang", "line"), C(A, "x-flying-kick"),
               C(B, "x-cleave")] + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    out = _drive(t, lambda d: (X.Join(t.idx(A, "a-fang")) if d.kind == "team" else
                               X.WallCheck(False) if d.kind == "wall" else
                               False if t.s.manoeuvre and t.s.manoeuvre.step == "rounds"
                               else None))
    assert t.s.manoeuvre.step == "rounds"
    mom = [e for e in out if isinstance(e, E.ActiveSet) and e.why == "momentum"]
    assert mom and mom[0].player == A and mom[0].rule == "MK 2.10"      # B has more MP
    assert t.rules.pending(t.s).player == A


def test_mk_2_11_recall_plays_from_the_past_and_then_goes_to_the_depth():
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line"), C(A, "a-zsolt", "line"),
               C(A, "x-ghost-arrow", "past")] + KEEP, mp=[8, 10])
    arrow, zsolt = t.idx(A, "x-ghost-arrow"), t.idx(A, "a-zsolt")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))

    def answer(d):
        if t.s.manoeuvre is not None and t.s.manoeuvre.step == "rounds" and d.player == A:
            return False
        if d.kind == "team":
            return X.Join(t.idx(A, "a-borka")) if not t.s.players[A].picked else X.Join(zsolt)
        if d.kind == "order" and d.player == A:
            return X.Protect(zsolt) if t.card(zsolt).front else X.Done()
        if d.kind == "wall":
            return X.WallCheck(False)
        return None

    _drive(t, answer)
    play = X.Play(arrow, zsolt, t.idx(B, "a-halvard"))
    assert t.card(arrow).zone == "past" and play in t.legal(A)
    out = t.act(A, play)
    assert t.of(E.ItemAdded, out)[0].origin == "past"
    moved = [e for e in out if isinstance(e, E.CardMoved) and e.card == arrow]
    assert moved[0].zone == "depth" and moved[0].rule == "MK 2.11"


def _to_rounds(options: dict) -> Table:
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line")] + KEEP, mp=[8, 10],
              options=options)
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    _drive(t, lambda d: X.Join(t.idx(A, "a-borka")) if d.kind == "team" else
           (False if t.s.manoeuvre.step == "rounds" else None))
    return t


def test_mk_4_06_harci_korok_g_an_all_pass_round_ends_the_rounds_by_ruling_8():
    t = _to_rounds({})
    out = _drive(t, lambda d: False if t.s.manoeuvre is None or
                 t.s.manoeuvre.step != "rounds" else None)
    assert len(t.of(E.CombatRound)) == 1 and any(
        isinstance(e, E.StepBegan) and e.step == "result" for e in out)


def test_mk_4_06_harci_korok_g_option_ask_lets_a_player_ask_for_another_round():
    t = _to_rounds({"combat_rounds": "ask"})
    _drive(t, lambda d: False if d.kind == "more" else None)
    d = t.rules.pending(t.s)
    assert d.kind == "more" and d.player == B                          # the initiator first
    t.act(B, X.GoOn(False))
    assert t.rules.pending(t.s).kind == "more" and t.rules.pending(t.s).player == A
    out = t.act(A, X.GoOn(True))
    assert t.of(E.CombatRound, out)[0].number == 2


def test_mk_2_18_raiding_lets_an_adventurer_start_a_siege_free_of_charge():
    """PORTYÁZÁS: a raiding adventurer (Grim Halvard) starts a siege without its 2 MP (MK 2.18,
    MK 4.01.F), even with less than 2 MP; without one, 1 MP is not enough for a siege."""
    t = Table([C(B, "a-halvard", "line"), C(B, "a-geza", "line")] + KEEP, mp=[0, 1])
    halvard, levels = t.idx(B, "a-halvard"), len(t.s.players[A].tower)
    assert X.Siege() in t.legal(B)
    t.act(B, X.Siege())
    joins = [a for a in t.legal(B) if isinstance(a, X.Join)]
    assert joins == [X.Join(halvard)]                     # only the raider can lead it at 1 MP
    t.act(B, X.Join(halvard))
    _drive(t, lambda d: X.Done() if d.kind == "team" and d.player == B else False)
    assert len(t.s.players[A].tower) == levels - 1         # unopposed: a level falls (4.03.F)
    assert t.s.players[B].mp == 1                          # free of charge

    plain = Table([C(B, "a-geza", "line")] + KEEP, mp=[0, 1])
    assert X.Siege() not in plain.legal(B)


def test_mk_2_18_without_a_raider_in_the_team_the_siege_costs_2_mp():
    t = Table([C(B, "a-halvard", "line"), C(B, "a-geza", "line")] + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-geza")))
    _drive(t, lambda d: X.Done() if d.kind == "team" and d.player == B else False)
    assert t.s.players[B].mp == 8                          # 10 - 2 (MK 4.01.F)
