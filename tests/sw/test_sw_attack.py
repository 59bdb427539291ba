"""Attacks, dice, damage, destruction, magic for kills, inactivity and the end of the game
(SW Támadás, SW Kártyák sérülése, SW A tétlenség ára, SW A játék vége, gl. EXTRA, gl. ÚJRADOBÁS,
rulings R1, R4, R8, R9, R19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.game import Game, IllegalAction
from engine.sw import actions as A
from engine.sw import events as E
from engine.sw.scenario import labels_of

from tests.sw.helpers import PLUGIN, card, kinds, life_left, position, scenario, sq

MELEE = ["m"]       # every die a melee hit (ruling R1: the face table is an option)
RANGED = ["r"]
SPECIAL = ["s"]


def _shipped(name: str, **options):
    spec = PLUGIN.load_scenario(Path(f"saves/sw/scenarios/{name}.toml"))
    header, start = PLUGIN.scenario_game(spec, 1, options=options or None)
    return Game.new(PLUGIN.ruleset_for(header), header, start=start), labels_of(spec)


def test_sw_tamadas_2_ranged_line_blocked():
    game, lab = _shipped("sw-tamadas-2-ranged-line-blocked")
    targets = {a.target for a in game.legal_actions(0)
               if isinstance(a, A.Attack) and a.unit == lab["mage"]}
    assert lab["slinger"] in targets and lab["grubnik"] not in targets
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Attack(lab["mage"], lab["grubnik"]))
    assert exc.value.rule == "SW Támadás.2" and exc.value.key == "out_of_range"
    assert game.state.roll is None                     # refused before any event


def test_sw_tamadas_2_friendly_units_attack_through_a_parapet():
    game, lab = _shipped("sw-tamadas-2-ranged-line-blocked")
    targets = {a.target for a in game.legal_actions(0)
               if isinstance(a, A.Attack) and a.unit == lab["mage2"]}
    assert lab["brute"] in targets                     # d3 -> through the parapet on d4 -> d6


def test_sw_tamadas_2_melee_targets_only_adjacent_cards():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }',
                         ', { card = "br-pilferer", square = "c4", label = "p" }'
                         ', { card = "br-pilferer", square = "c6", label = "far" }'
                         ', { card = "br-pilferer", square = "d4", label = "diag" }')
    targets = {a.target for a in game.legal_actions(0) if isinstance(a, A.Attack)
               and a.unit == lab["r"]}
    assert targets == {lab["p"]}


def test_sw_gl_celpont_a_card_never_targets_itself():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }')
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Attack(lab["r"], lab["r"]))
    assert exc.value.rule == "SW gl. CÉLPONT"


def test_sw_tamadas_3_roll_one_die_per_point_of_strength_each_face_recorded():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }',
                         ', { card = "gate", square = "c4", label = "g" }')
    events = game.submit(0, A.Attack(lab["r"], lab["g"]))
    rolled = [e for e in events if isinstance(e, E.DiceRolled)]
    assert len(rolled) == 1 and len(rolled[0].faces) == 3
    assert all(f in ("m", "r", "mr", "s") for f in rolled[0].faces)
    assert game.ruleset.reveals_hidden(rolled[0])     # undo never crosses it
    assert game.state.roll.faces == list(rolled[0].faces)


def test_sw_tamadas_4_only_the_attackers_own_symbol_hits():
    setup = (', { card = "pd-bear-rider", square = "c3", label = "r" }'
             ', { card = "pd-frost-mage", square = "e3", label = "m" }',
             ', { card = "gate", square = "c4", label = "g" }'
             ', { card = "gate", square = "e5", label = "g2" }')
    game, lab = position("attack", *setup, die_faces=RANGED)
    game.submit(0, A.Attack(lab["r"], lab["g"]))           # melee rider rolls ranged faces
    assert game.state.roll.hits == 0 and card(game, lab["g"]).damage == 0
    game.submit(0, A.Attack(lab["m"], lab["g2"]))          # ranged mage: 1 die, 1 hit
    assert game.state.roll.hits == 1 and card(game, lab["g2"]).damage == 1
    game2, lab2 = position("attack", *setup, die_faces=SPECIAL)
    game2.submit(0, A.Attack(lab2["r"], lab2["g"]))
    assert game2.state.roll.hits == 0                      # specials do nothing by themselves


def test_sw_kartyak_serulese_2_destroyed_with_the_cards_under_it_discarded():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }',
                         ', { card = "br-tunnel-brute", square = "c4", label = "b",'
                         ' under = ["br-pilferer"] }', die_faces=MELEE)
    under = card(game, lab["b"]).under[0]
    events = game.submit(0, A.Attack(lab["r"], lab["b"]))
    assert kinds(events).count("Destroyed") == 1
    assert card(game, lab["b"]).zone == "discard" and card(game, under).zone == "discard"
    assert any(isinstance(e, E.CardDiscarded) and e.card == under and e.rule == "SW gl. ALATT"
               for e in events)
    assert card(game, lab["b"]).damage == 0            # tokens leave with it


def test_sw_kartyak_serulese_3_magic_for_an_enemy_card_destroyed_not_a_friendly_one():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }'
                                   ', { card = "pd-ice-smith", square = "b3", label = "own" }'
                                   ', { card = "pd-bear-rider", square = "a3", label = "r2" }',
                         ', { card = "br-pilferer", square = "c4", label = "p" }',
                         m0=4, die_faces=MELEE)
    game.submit(0, A.Attack(lab["r"], lab["p"]))
    assert game.state.players[0].magic == 5
    game.submit(0, A.Attack(lab["r2"], lab["own"]))        # friendly fire (ruling R8)
    assert card(game, lab["own"]).zone == "discard" and game.state.players[0].magic == 5


def test_sw_dontes_8_friendly_fire_can_be_switched_off():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }'
                                   ', { card = "pd-ice-smith", square = "b3", label = "own" }',
                         friendly_fire=False)
    assert not any(isinstance(a, A.Attack) and a.target == lab["own"]
                   for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Attack(lab["r"], lab["own"]))
    assert exc.value.rule == "SW Döntés.8"


def test_sw_tamadas_1_three_attackers_then_only_extra_attacks():
    units = "".join(f', {{ card = "pd-ice-smith", square = "{c}4", label = "s{c}" }}'
                    for c in "bcde")
    foes = "".join(f', {{ card = "gate", square = "{c}5" }}' for c in "bcde") + \
        ', { card = "br-pebble-slinger", square = "a5", label = "sl" }'
    game, lab = position("attack", units + ', { card = "gate", square = "a4", label = "g" }',
                         foes, active=0)
    for c in "bcd":
        game.submit(0, A.Attack(lab[f"s{c}"], game.state.board[sq(f"{c}5")]))
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Attack(lab["se"], game.state.board[sq("e5")]))
    assert exc.value.rule == "SW Támadás.1"
    # the Burrow side: Pebble Slingers are relentless, their attacks are extra
    game2, lab2 = position("attack", active=1, b1="".join(
        f', {{ card = "br-pebble-slinger", square = "{c}6", label = "p{c}" }}' for c in "abcde"),
        b0="".join(f', {{ card = "gate", square = "{c}5" }}' for c in "abcde"))
    for c in "abcde":
        events = game2.submit(1, A.Attack(lab2[f"p{c}"], game2.state.board[sq(f"{c}5")]))
        assert events[0].slot == "free"
    assert game2.state.attackers == []


def test_sw_tamadas_1_a_unit_placed_back_is_a_new_card_and_takes_the_third_slot():
    """A Corpse Hauler attacks, is destroyed by Death Rattle and placed back by the other
    Hauler's Contagion: a new card (SW Kártyák sérülése, gl. ELPUSZTUL), whose attack is the
    third of the 3, so a fourth unit may not attack (it used to: the card's number was still
    listed, and its new attack took no slot)."""
    text = """
active = 0
phase = "attack"
[[players]]
magic = 5
hand = ["aw-death-rattle"]
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-corpse-hauler", square = "c4", label = "h1" },
         { card = "aw-corpse-hauler", square = "e4", label = "h2" },
         { card = "aw-crypt-warden", square = "a4", label = "warden" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-tunnel-brute", square = "c5", label = "t1" },
         { card = "br-pebble-slinger", square = "e5", label = "slinger" },
         { card = "br-tunnel-brute", square = "e6", label = "t2" },
         { card = "br-tunnel-brute", square = "a5", label = "t3" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    h1 = lab["h1"]
    game.submit(0, A.Attack(h1, lab["t1"]))
    game.submit(0, A.PlayEvent(game.state.players[0].hand[0]))       # Death Rattle
    game.submit(0, A.PickCard(h1))
    assert card(game, h1).zone == "discard"
    game.submit(0, A.Attack(lab["h2"], lab["slinger"]))               # kills: Contagion
    assert game.pending().kind == "sw.card"
    game.submit(0, A.PickCard(h1))
    assert card(game, h1).zone == "board" and card(game, h1).square == sq("e5")
    assert game.ruleset.view(game.state, 0).attacks_left == 1
    events = game.submit(0, A.Attack(h1, lab["t2"]))
    assert events[0].slot == "slot"
    assert game.ruleset.view(game.state, 0).attacks_left == 0
    assert not any(isinstance(a, A.Attack) for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Attack(lab["warden"], lab["t3"]))
    assert exc.value.rule == "SW Támadás.1"


def test_sw_gl_extra_an_extra_attack_is_a_second_attack_beyond_the_limit():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }',
                         ', { card = "gate", square = "c4", label = "g" }')
    game.submit(0, A.Attack(lab["r"], lab["g"]))
    assert not any(isinstance(a, A.Attack) and a.unit == lab["r"] for a in game.legal_actions(0))
    game.ruleset.apply(game.state, E.ExtraAttackGranted(lab["r"], "SW gl. EXTRA"))
    events = game.submit(0, A.Attack(lab["r"], lab["g"]))
    assert events[0].slot == "extra" and card(game, lab["r"]).extra == 0


def test_sw_dontes_19_different_names_option_limits_copies():
    units = "".join(f', {{ card = "pd-ice-smith", square = "{c}4", label = "s{c}" }}'
                    for c in "bc")
    foes = "".join(f', {{ card = "gate", square = "{c}5" }}' for c in "bc")
    game, lab = position("attack", units, foes, different_means="names")
    game.submit(0, A.Attack(lab["sb"], game.state.board[sq("b5")]))
    assert not any(isinstance(a, A.Attack) and a.unit == lab["sc"]
                   for a in game.legal_actions(0))


def test_sw_a_tetlenseg_ara_1_inactivity():
    game, lab = _shipped("sw-a-tetlenseg-ara-1-inactivity")
    before = life_left(game, lab["morkh"])
    events = game.submit(0, A.EndPhase())
    assert any(isinstance(e, E.InactivityPenalty) for e in events)
    hurt = [e for e in events if isinstance(e, E.Damaged)]
    assert hurt[0].card == lab["morkh"] and hurt[0].rule == "SW A tétlenség ára.1"
    assert life_left(game, lab["morkh"]) == before - 1


def test_sw_a_tetlenseg_ara_1_attacking_an_enemy_card_avoids_it():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }',
                         ', { card = "gate", square = "c4", label = "g" }', die_faces=RANGED)
    game.submit(0, A.Attack(lab["r"], lab["g"]))           # no hit, but an enemy was attacked
    events = game.submit(0, A.EndPhase())
    assert not any(isinstance(e, E.InactivityPenalty) for e in events)


def test_sw_dontes_12_inactivity_can_be_switched_off():
    game, lab = position("attack", inactivity="off")
    events = game.submit(0, A.EndPhase())
    assert not any(isinstance(e, E.InactivityPenalty) for e in events)


def test_sw_a_jatek_vege_1_destroying_the_enemy_summoner_wins():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "e8", label = "r" }',
                         die_faces=MELEE, extra="")
    game.state.cards[lab["grubnik"]].damage = 9            # 10 life: one hit left
    events = game.submit(0, A.Attack(lab["r"], lab["grubnik"]))
    r = game.ruleset.result(game.state)
    assert r.winners == (0,) and r.rule == "SW A játék vége.1"
    assert isinstance(events[-1], E.GameEnded) and game.pending() is None


def test_sw_dontes_9_both_summoners_destroyed_at_once_is_a_draw():
    """No shipped card hits both sides in one step, so the ruling is checked where the rules
    decide it: both summoners gone when the game looks (combat.check_end)."""
    from engine.sw.combat import check_end

    for mode, winners, rule in (("draw", (), "SW Döntés.9"), ("active_wins", (0,), "SW Döntés.9")):
        game, lab = position("attack", both_summoners=mode)
        ctx = game.ruleset.ctx(game.state)
        ctx.emit(E.Destroyed(lab["svara"], -1, "SW Kártyák sérülése.2"))
        ctx.emit(E.Destroyed(lab["grubnik"], -1, "SW Kártyák sérülése.2"))
        assert check_end(ctx)
        r = game.ruleset.result(game.state)
        assert r.winners == winners and r.rule == rule


def test_sw_a_jatek_vege_1_losing_your_own_summoner_loses():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "a2", label = "r" }',
                         die_faces=MELEE)
    game.state.cards[lab["svara"]].damage = 11
    game.submit(0, A.Attack(lab["r"], lab["svara"]))      # friendly fire on your own summoner
    assert game.ruleset.result(game.state).winners == (1,)


def test_sw_gl_ujradobas_knuckles_rerolls_the_misses_once_per_turn():
    game, lab = position("attack", active=1,
                         b1=', { card = "br-knuckles", square = "c6", label = "k" }',
                         b0=', { card = "gate", square = "c5", label = "g" }', die_faces=["r"])
    game.submit(1, A.Attack(lab["k"], lab["g"]))
    d = game.pending()
    assert d.kind == "sw.confirm" and d.player == 1
    events = game.submit(1, A.PickOption(0))
    rer = [e for e in events if isinstance(e, E.DiceRerolled)]
    assert rer and rer[0].indexes == (0, 1, 2) and game.ruleset.reveals_hidden(rer[0])
    assert game.state.roll.rerolled == 1


def test_sw_dontes_4_frost_axe_specials_count_as_two_hits_under_a_common_unit():
    game, lab = position("attack", ', { card = "pd-frost-mage", square = "c3", label = "m",'
                                   ' under = ["pd-ice-smith"] }',
                         ', { card = "gate", square = "c5", label = "g" }', die_faces=SPECIAL)
    game.submit(0, A.Attack(lab["m"], lab["g"]))
    assert game.state.roll.hits == 2 and card(game, lab["g"]).damage == 2
    game2, lab2 = position("attack", ', { card = "pd-frost-mage", square = "c3", label = "m",'
                                     ' under = ["pd-ice-smith"] }',
                           ', { card = "gate", square = "c5", label = "g" }', die_faces=SPECIAL,
                           frost_axe_hits=1)
    game2.submit(0, A.Attack(lab2["m"], lab2["g"]))
    assert game2.state.roll.hits == 1
