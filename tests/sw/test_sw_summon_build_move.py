"""Summoning, building and moving (SW Idézés, SW Építkezés, SW Mozgás, gl. KAPU, gl. KERESZTÜL,
gl. HELYETT, gl. HELYET CSERÉL)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.sw import actions as A
from engine.sw import events as E
from pathlib import Path

from tests.sw.helpers import PLUGIN, card, emitted, kinds, position, scenario, sq, strength

GATE = ', { card = "gate", square = "c3", label = "gate" }'


def _hand(game, seat=0):
    return list(game.state.players[seat].hand)


def test_sw_idezes_1_summon_next_to_a_gate_you_control_paying_its_cost():
    game, lab = position("summon", GATE, m0=3, h0='"pd-bear-rider"')
    rider = _hand(game)[0]
    squares = {a.square for a in game.legal_actions(0) if isinstance(a, A.Summon)}
    assert squares == {sq("c2"), sq("c4"), sq("b3"), sq("d3")}
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Summon(rider, sq("e5")))
    assert exc.value.rule == "SW Idézés.1"
    events = game.submit(0, A.Summon(rider, sq("c4")))
    assert kinds(events) == ["MagicChanged", "Summoned"]
    assert game.state.players[0].magic == 0 and game.state.board[sq("c4")] == rider


def test_sw_gl_koltseg_you_cannot_summon_what_you_cannot_pay():
    game, lab = position("summon", GATE, m0=2, h0='"pd-bear-rider"')
    rider = _hand(game)[0]
    assert not any(isinstance(a, A.Summon) for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Summon(rider, sq("c4")))
    assert exc.value.rule == "SW gl. KÖLTSÉG" and game.state.players[0].magic == 2
    from hkk_tui.words import describe_illegal        # the player reads the numbers
    assert exc.value.params == {"cost": 3, "magic": 2}
    assert describe_illegal(exc.value, "en", "sw").startswith("It costs 3 magic and you have 2")
    assert "3 mágiába kerül, neked 2 van" in describe_illegal(exc.value, "hu", "sw")


def test_sw_gl_kapu_a_living_gate_lets_you_summon_next_to_it():
    game, lab = position("summon", ', { card = "pd-ice-golem", square = "e4" }', m0=3,
                         h0='"pd-frost-mage"')
    squares = {a.square for a in game.legal_actions(0) if isinstance(a, A.Summon)}
    assert squares == {sq("e3"), sq("e5"), sq("d4"), sq("f4")}


def test_sw_epitkezes_1_build_in_the_back_three_rows_or_next_to_the_summoner():
    game, lab = position("build", m0=3, h0='"gate"',
                         b0=', { card = "pd-frost-mage", square = "c3" }')
    gate = _hand(game)[0]
    squares = {a.square for a in game.legal_actions(0) if isinstance(a, A.Build)}
    assert sq("f3") in squares and sq("c3") not in squares and sq("a4") not in squares
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Build(gate, sq("c5")))
    assert exc.value.rule == "SW Építkezés.1"
    # moved forward, the summoner lets you build next to it
    game2, _ = scenario("""
active = 0
phase = "build"
[[players]]
magic = 2
hand = ["gate"]
board = [{ card = "pd-svara", square = "c5" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" }]
""")
    squares = {a.square for a in game2.legal_actions(0) if isinstance(a, A.Build)}
    assert {sq("c6"), sq("b5"), sq("d5"), sq("c4")} <= squares


def test_sw_dontes_15_the_ice_golem_is_summoned_or_built():
    game, lab = position("summon", GATE, m0=5, h0='"pd-ice-golem"')
    golem = _hand(game)[0]
    assert any(isinstance(a, A.Summon) and a.card == golem for a in game.legal_actions(0))
    game.submit(0, A.EndPhase())
    game.submit(0, A.EndPhase())
    assert game.state.phase == "build"
    assert any(isinstance(a, A.Build) and a.card == golem for a in game.legal_actions(0))
    game.submit(0, A.Build(golem, sq("f2")))
    assert card(game, golem).zone == "board"


def test_sw_mozgas_1_at_most_three_different_units_move():
    units = "".join(f', {{ card = "pd-frost-mage", square = "{c}3", label = "m{c}" }}'
                    for c in "bcde")
    game, lab = position("move", units)
    for c in "bcd":
        game.submit(0, A.Move(lab[f"m{c}"], (sq(f"{c}4"),)))
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Move(lab["me"], (sq("e4"),)))
    assert exc.value.rule == "SW Mozgás.1" and exc.value.key == "three_moved"
    assert not any(isinstance(a, A.Move) for a in game.legal_actions(0))


def test_sw_mozgas_1_a_unit_moves_once():
    game, lab = position("move", ', { card = "pd-frost-mage", square = "c3", label = "m" }')
    game.submit(0, A.Move(lab["m"], (sq("c4"),)))
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Move(lab["m"], (sq("c5"),)))
    assert exc.value.key == "moved"


def test_sw_mozgas_2_one_or_two_orthogonal_steps_never_through_cards():
    game, lab = position("move", ', { card = "pd-frost-mage", square = "c3", label = "m" }'
                                 ', { card = "gate", square = "c4" }')
    m = lab["m"]
    ends = {a.path[-1] for a in game.legal_actions(0) if isinstance(a, A.Move) and a.unit == m}
    # straight, L-shaped and out-and-back; not through the gate on c4, not diagonal-only
    assert sq("c2") in ends and sq("b4") in ends and sq("c3") in ends
    assert sq("c5") not in ends and sq("e3") in ends and sq("a3") in ends
    for bad in ((sq("d4"),), (sq("c4"), sq("c5")), (sq("c2"), sq("c1"), sq("b1"))):
        with pytest.raises(IllegalAction) as exc:
            game.submit(0, A.Move(m, bad))
        assert exc.value.rule == "SW Mozgás.2"
    game.submit(0, A.Move(m, (sq("d3"), sq("c3"))))       # out and back is a move
    assert card(game, m).moved and card(game, m).square == sq("c3")


def test_sw_mozgas_3_structures_do_not_move_but_a_moving_structure_moves_one_fewer():
    game, lab = position("move", ', { card = "pd-ice-golem", square = "c3", label = "golem" }'
                                 ', { card = "gate", square = "e3", label = "gate" }')
    moves = [a for a in game.legal_actions(0) if isinstance(a, A.Move) and a.unit != lab["svara"]]
    assert moves and all(a.unit == lab["golem"] and len(a.path) == 1 for a in moves)
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Move(lab["gate"], (sq("e4"),)))
    assert exc.value.rule == "SW Mozgás.1"     # a plain gate is no unit at all
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Move(lab["golem"], (sq("c4"), sq("c5"))))
    assert exc.value.rule == "SW Mozgás.2"


def test_sw_mozgas_2_trample_through_common_units_not_structures():
    spec = PLUGIN.load_scenario(Path("saves/sw/scenarios/sw-mozgas-2-trample.toml"))
    header, start = PLUGIN.scenario_game(spec, 1)
    from engine.core.game import Game
    from engine.sw.scenario import labels_of

    game = Game.new(PLUGIN.ruleset_for(header), header, start=start)
    lab = labels_of(spec)
    rider, slinger = lab["rider"], lab["slinger"]
    paths = [a.path for a in game.legal_actions(0) if isinstance(a, A.Move) and a.unit == rider]
    assert (sq("c4"), sq("c5")) in paths                 # through the enemy slinger
    assert not any(p[-1] == sq("c4") for p in paths)     # but not ending on it
    assert not any(sq("b3") in p for p in paths)         # the golem is a structure (R21)
    events = game.submit(0, A.Move(rider, (sq("c4"), sq("c5"))))
    assert kinds(events)[:3] == ["Moved", "Damaged", "Destroyed"]
    assert events[1].rule == "SW gl. KERESZTÜL"
    assert game.state.players[0].magic == 3              # an enemy card destroyed: +1


def test_sw_gl_helyett_charge_runs_a_straight_line_and_uses_the_move():
    game, lab = position("move", active=1,
                         b1=', { card = "br-mole-rider", square = "c7", label = "rider" }')
    rider = lab["rider"]
    base = strength(game, rider)
    ab = next(a for a in game.legal_actions(1) if isinstance(a, A.UseAbility))
    game.submit(1, ab)
    squares = [a.square for a in game.legal_actions(1) if isinstance(a, A.PickSquare)]
    assert sq("c3") in squares and sq("c2") not in squares and sq("b6") not in squares
    with emitted() as seen:
        events = game.submit(1, A.PickSquare(sq("c4")))
    assert kinds(events)[:2] == ["Moved", "StrengthBoosted"]
    assert kinds(seen)[:3] == ["TaskPopped", "Moved", "StrengthBoosted"]   # (logged folded)
    assert strength(game, rider) == base + 1 and card(game, rider).moved
    assert not any(isinstance(a, A.Move) and a.unit == rider for a in game.legal_actions(1))
    for _ in range(4):                                   # build, attack, magic, draw
        game.submit(1, A.EndPhase())
    assert game.state.active == 0
    assert strength(game, rider) == base                 # until the end of the turn


def test_sw_gl_helyett_a_declined_charge_spends_the_move():
    """A charge declared and then declined (Skip) was used instead of the move: the rider
    stays where it is, may neither move nor charge again this turn, and the turn goes on. (Left
    unspent, the same charge was offered again at once: a search bot declared and declined it
    thousands of times in one turn.)"""
    game, lab = position("move", active=1,
                         b1=', { card = "br-mole-rider", square = "c7", label = "rider" }')
    rider = lab["rider"]
    where = card(game, rider).square
    charge = next(a for a in game.legal_actions(1) if isinstance(a, A.UseAbility)
                  and a.card == rider)
    game.submit(1, charge)
    assert A.Skip() in game.legal_actions(1)             # the run is still a "may"
    events = game.submit(1, A.Skip())
    assert kinds(events)[:1] == ["SlotUsed"]
    assert card(game, rider).square == where and card(game, rider).moved
    legal = game.legal_actions(1)
    assert game.state.phase == "move" and A.EndPhase() in legal
    assert not any(getattr(a, "unit", None) == rider or getattr(a, "card", None) == rider
                   for a in legal)
    with pytest.raises(IllegalAction) as refused:
        game.submit(1, charge)
    assert refused.value.rule == "SW gl. HELYETT"


def test_sw_gl_helyet_cserel_instead_of_moving_swap_places():
    game, lab = position("move", active=1,
                         b1=', { card = "br-pilferer", square = "e7", label = "pil" }')
    grubnik = game.state.players[1].summoner
    use = next(a for a in game.legal_actions(1) if isinstance(a, A.UseAbility)
               and a.card == grubnik)
    with emitted() as seen:
        events = game.submit(1, use)
    assert kinds(events)[0] == "SlotUsed"
    assert kinds(seen)[:2] == ["SlotUsed", "TaskPushed"]   # (logged folded)
    events = game.submit(1, A.PickCard(lab["pil"])) if game.pending().kind == "sw.card" else \
        events
    assert card(game, grubnik).square == sq("e7") and card(game, lab["pil"]).square == sq("f8")
    assert any(isinstance(e, E.Swapped) for e in events)
    assert card(game, grubnik).moved
