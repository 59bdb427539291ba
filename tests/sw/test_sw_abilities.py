"""Abilities as data: push, place, under, auras, triggers, upkeep, active events, timing (gl.
KÉNYSZERÍTÉS, gl. HELYEZNI, gl. ALATT, gl. ALAPERŐ, gl. UTÁN, gl. KÉPESSÉG, gl. AKTÍV ESEMÉNY,
gl. IDŐZÍTÉS, gl. FELTÉTELES MÓD, gl. ELPUSZTUL, rulings R10, R22, R23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.game import Game, IllegalAction
from engine.sw import actions as A
from engine.sw import events as E
from engine.sw.scenario import labels_of

from tests.sw.helpers import (
    DEATH_RATTLE_TWO_DEATHS, PLUGIN, SCRABBLE_UPKEEP, card, emitted, kinds, life, position,
    scenario, sq, strength,
)

MELEE = ["m"]


def _shipped(name: str, **options):
    spec = PLUGIN.load_scenario(Path(f"saves/sw/scenarios/{name}.toml"))
    header, start = PLUGIN.scenario_game(spec, 1, options=options or None)
    return Game.new(PLUGIN.ruleset_for(header), header, start=start), labels_of(spec)


def test_sw_gl_kenyszerites_push():
    game, lab = _shipped("sw-gl-kenyszerites-push")
    svara, gate, brute = lab["svara"], lab["gate"], lab["brute"]
    game.submit(0, A.Move(svara, (sq("b2"),)))
    d = game.pending()
    assert d.kind == "sw.card" and d.rule == "SW gl. KÉPESSÉG"      # Structural Shift, "may"
    assert A.Skip() in game.legal_actions(0)
    game.submit(0, A.PickCard(gate))
    squares = {a.square for a in game.legal_actions(0) if isinstance(a, A.PickSquare)}
    assert squares == {sq("c5"), sq("b4"), sq("d4"), sq("c3")}      # 1 square, straight lines
    events = game.submit(0, A.PickSquare(sq("c5")))
    assert any(isinstance(e, E.Pushed) and e.card == gate for e in events)
    # a push is not a move: the gate did not use a move slot
    assert gate not in game.state.movers
    # Icy Shove (active) triggers on the pushed structure: the brute is not next to c5 yet
    assert game.pending().kind == "sw.move"
    assert card(game, brute).damage == 0


def test_sw_gl_kenyszerites_push_sets_off_icy_shove_next_to_a_unit():
    """The gate pushed from b4 to b5 lands next to the brute on b6: Icy Shove (active) deals it
    1 damage, then may push it 1 square."""
    text = """
active = 0
phase = "move"
[[players]]
active = ["pd-icy-shove"]
board = [{ card = "pd-svara", square = "b2", label = "svara" },
         { card = "gate", square = "b4", label = "gate" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-tunnel-brute", square = "b6", label = "brute" }]
"""
    game3, lab3 = scenario(text)
    game3.submit(0, A.Move(lab3["svara"], (sq("a2"),)))
    game3.submit(0, A.PickCard(lab3["gate"]))
    game3.submit(0, A.PickSquare(sq("b5")))
    d = game3.pending()
    assert d.kind == "sw.card"                         # Icy Shove: which unit next to it
    game3.submit(0, A.PickCard(lab3["brute"]))
    assert card(game3, lab3["brute"]).damage == 1
    assert game3.pending().kind == "sw.square"         # then "you may push it 1 square"
    game3.submit(0, A.PickSquare(sq("b7")))
    assert card(game3, lab3["brute"]).square == sq("b7")


def test_sw_dontes_10_a_blocked_push_direction_cannot_be_chosen():
    text = """
active = 0
phase = "build"
[[players]]
magic = 0
hand = ["pd-glacier-shift"]
board = [{ card = "pd-svara", square = "a1", label = "svara" },
         { card = "gate", square = "c2", label = "gate" },
         { card = "pd-frost-mage", square = "c4" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" }]
"""
    game, lab = scenario(text)
    game.submit(0, A.PlayEvent(game.state.players[0].hand[0]))
    game.submit(0, A.PickCard(lab["gate"]))
    squares = {a.square for a in game.legal_actions(0) if isinstance(a, A.PickSquare)}
    # 1 or 2 squares: up is blocked at c4 (c3 only), down c1, left b2/a2, right d2/e2
    assert squares == {sq("c3"), sq("c1"), sq("b2"), sq("a2"), sq("d2"), sq("e2")}
    game2, lab2 = scenario(text, partial_push=True)
    game2.submit(0, A.PlayEvent(game2.state.players[0].hand[0]))
    game2.submit(0, A.PickCard(lab2["gate"]))
    squares2 = {a.square for a in game2.legal_actions(0) if isinstance(a, A.PickSquare)}
    assert squares2 == squares                          # the last empty square is c3 anyway


def test_sw_gl_alapero_auras_change_strength_and_life_and_their_loss_destroys():
    text = """
active = 1
phase = "attack"
[[players]]
board = [{ card = "pd-svara", square = "a1" },
         { card = "pd-ollag", square = "c3", label = "ollag", damage = 6 },
         { card = "gate", square = "d3", label = "gate", damage = 5 },
         { card = "pd-frost-mage", square = "e3", label = "mage" },
         { card = "pd-nadiana", square = "e2", label = "nadiana" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-mole-rider", square = "c4", label = "rider" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    assert life(game, lab["gate"]) == 6                 # Ollag's Chill: +1
    assert strength(game, lab["mage"]) == 1 + 1         # Frost Strike: the gate next to it
    assert strength(game, lab["nadiana"]) == 2 + 1      # the gate within 2 squares
    events = game.submit(1, A.Attack(lab["rider"], lab["ollag"]))
    # Ollag falls; the gate, 5 damage on 5 life without the aura, is destroyed with him
    destroyed = [e.card for e in events if isinstance(e, E.Destroyed)]
    assert lab["ollag"] in destroyed and lab["gate"] in destroyed
    assert strength(game, lab["mage"]) == 1


def test_sw_gl_alatt_frost_axe_goes_under_a_common_unit():
    text = """
active = 0
phase = "move"
[[players]]
board = [{ card = "pd-svara", square = "a1" },
         { card = "pd-ice-smith", square = "c2", label = "smith", charges = 1 },
         { card = "pd-bear-rider", square = "c4", label = "rider" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" }]
"""
    game, lab = scenario(text)
    game.submit(0, A.Move(lab["smith"], (sq("d2"),)))
    assert game.pending().kind == "sw.option"
    assert set(a.index for a in game.legal_actions(0) if isinstance(a, A.PickOption)) == {0, 1}
    assert A.Skip() in game.legal_actions(0)            # ruling R23: may do neither
    game.submit(0, A.PickOption(1))              # the rider is the only candidate: taken
    assert card(game, lab["smith"]).zone == "under" and card(game, lab["smith"]).host == \
        lab["rider"]
    assert card(game, lab["rider"]).under == [lab["smith"]]
    assert card(game, lab["smith"]).charges == 0
    # it follows its host
    game.submit(0, A.Move(lab["rider"], (sq("c5"),)))
    assert card(game, lab["smith"]).square == sq("c5")


def test_sw_gl_alatt_frost_axe_charges_without_a_charge_to_spend():
    text = """
active = 0
phase = "move"
[[players]]
board = [{ card = "pd-svara", square = "a1" },
         { card = "pd-ice-smith", square = "c2", label = "smith" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" }]
"""
    game, lab = scenario(text)
    game.submit(0, A.Move(lab["smith"], (sq("d2"),)))
    # the second option costs a charge it does not have: only "put a charge" (or decline)
    assert {a.index for a in game.legal_actions(0) if isinstance(a, A.PickOption)} == {0}
    game.submit(0, A.PickOption(0))
    assert card(game, lab["smith"]).charges == 1


def test_sw_gl_utan_jarmund_momentum_and_ice_shards_at_the_end_of_the_build_phase():
    text = """
active = 0
phase = "attack"
[[players]]
board = [{ card = "pd-svara", square = "a1" },
         { card = "pd-jarmund", square = "c4", label = "jarmund" },
         { card = "gate", square = "d5", label = "gate" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-tunnel-brute", square = "c5", label = "brute" },
         { card = "br-knuckles", square = "e5", label = "k" }]
"""
    game, lab = scenario(text, die_faces=["r"])
    game.submit(0, A.Attack(lab["jarmund"], lab["brute"]))
    assert card(game, lab["jarmund"]).charges == 1       # once per turn, after attacking a unit
    # on to the next own build phase
    from tests.sw.helpers import until_phase

    until_phase(game, "build", 0)
    events = game.submit(0, A.EndPhase())
    assert game.pending().kind == "sw.confirm"           # "you may spend 1 charge"
    events = game.submit(0, A.PickOption(0))
    hurt = {e.card for e in events if isinstance(e, E.Damaged)}
    assert hurt == {lab["brute"], lab["k"]}               # both next to the friendly gate
    assert card(game, lab["jarmund"]).charges == 0


def test_sw_gl_kepesseg_last_word_after_destruction_gives_no_magic():
    text = """
active = 1
phase = "attack"
[[players]]
magic = 3
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-ossian", square = "c4", label = "ossian", damage = 5 }]
[[players]]
magic = 3
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pebble-slinger", square = "c5", label = "a" },
         { card = "br-pebble-slinger", square = "b4", label = "b" }]
"""
    game, lab = scenario(text, die_faces=["r"])
    events = game.submit(1, A.Attack(lab["a"], lab["ossian"]))
    destroyed = [e.card for e in events if isinstance(e, E.Destroyed)]
    assert destroyed[0] == lab["ossian"]
    assert set(destroyed[1:]) == {lab["a"], lab["b"]}    # Last Word: 1 damage each, 1 life
    assert game.state.players[0].magic == 3              # ruling R22: its source is gone
    assert game.state.players[1].magic == 4              # Burrow gained 1 for Ossian


def test_sw_gl_helyezni_soul_drift_places_the_archer_where_a_unit_fell():
    text = """
active = 0
phase = "attack"
[[players]]
magic = 0
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-wraith-archer", square = "c2", label = "archer" },
         { card = "aw-crypt-warden", square = "c4", label = "warden" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pilferer", square = "c5", label = "p" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    game.submit(0, A.Attack(lab["warden"], lab["p"]))
    assert game.pending().kind == "sw.confirm"           # "you may place it"
    events = game.submit(0, A.PickOption(0))
    assert any(isinstance(e, E.Relocated) for e in events)
    assert card(game, lab["archer"]).square == sq("c5")


def test_sw_gl_kepesseg_bloodthirst_charges_and_cools_at_the_end_of_the_turn():
    text = """
active = 0
phase = "attack"
[[players]]
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-ash-wraith", square = "c4", label = "w" },
         { card = "aw-crypt-warden", square = "d4", label = "warden" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pilferer", square = "d5", label = "p" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    base = strength(game, lab["w"])
    game.submit(0, A.Attack(lab["warden"], lab["p"]))
    assert card(game, lab["w"]).charges == 1 and strength(game, lab["w"]) == base + 1
    from tests.sw.helpers import until_phase

    until_phase(game, "summon", 1)
    assert card(game, lab["w"]).charges == 0


def test_sw_gl_elpusztul_soulless_kills_give_no_magic_and_contagion_places_a_hauler():
    text = """
active = 0
phase = "attack"
[[players]]
magic = 2
discard = ["aw-corpse-hauler"]
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-corpse-hauler", square = "c4", label = "h" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pebble-slinger", square = "c5", label = "p" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    game.submit(0, A.Attack(lab["h"], lab["p"]))
    assert game.state.players[0].magic == 2              # Hollow: no magic
    d = game.pending()
    assert d.kind == "sw.card" and A.Skip() in game.legal_actions(0)
    found = game.state.players[0].discard[0]
    # the search is secret from the other seat
    v1 = game.ruleset.view(game.state, 1)
    assert v1.tasks[-1].options == [] and game.ruleset.view(game.state, 0).tasks[-1].options
    game.submit(0, A.PickCard(found))
    assert card(game, found).square == sq("c5") and card(game, found).zone == "board"


def test_sw_gl_aktiv_esemeny_ashfall_counts_deaths_and_heals_when_discarded():
    text = """
active = 0
phase = "summon"
[[players]]
magic = 3
hand = ["aw-ashfall"]
board = [{ card = "aw-morkh", square = "a1", label = "morkh", damage = 4 },
         { card = "aw-crypt-warden", square = "c4", label = "warden" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pilferer", square = "c5", label = "p" },
         { card = "br-pilferer", square = "d4", label = "q" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    ashfall = game.state.players[0].hand[0]
    game.submit(0, A.PlayEvent(ashfall))
    assert game.state.players[0].active == [ashfall]
    from tests.sw.helpers import until_phase

    until_phase(game, "attack", 0)
    game.submit(0, A.Attack(lab["warden"], lab["p"]))
    assert card(game, ashfall).charges == 1
    until_phase(game, "summon", 1)
    assert card(game, lab["morkh"]).damage == 4
    # the start of seat 0's next turn discards it and heals Morkh (the only damaged friendly
    # unit: taken without asking) by its charges
    until_phase(game, "summon", 0)
    assert card(game, lab["morkh"]).damage == 3 and ashfall in game.state.players[0].discard


def test_sw_gl_felteteles_mod_upkeep_pay_or_discard():
    text = SCRABBLE_UPKEEP
    game, lab = scenario(text.replace("{magic}", "3"))
    game.submit(1, A.EndPhase())
    assert game.pending().kind == "sw.option"            # spend 1 magic or discard
    game.submit(1, A.PickOption(0))
    assert game.state.players[1].magic == 2 and card(game, lab["s"]).zone == "board"
    game2, lab2 = scenario(text.replace("{magic}", "0"))
    events = game2.submit(1, A.EndPhase())               # cannot pay: discarded, no question
    assert card(game2, lab2["s"]).zone == "discard"
    assert any(isinstance(e, E.CardDiscarded) and e.card == lab2["s"] for e in events)


def test_sw_gl_idozites_the_active_player_orders_simultaneous_triggers():
    text = """
active = 0
phase = "attack"
[[players]]
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-wraith-archer", square = "c4", label = "a1" },
         { card = "aw-sebla", square = "e4", label = "sebla" },
         { card = "aw-crypt-warden", square = "d4", label = "warden" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pilferer", square = "d5", label = "p" },
         { card = "br-pilferer", square = "e6", label = "q" }]
"""
    game, lab = scenario(text, die_faces=MELEE)
    game.submit(0, A.Attack(lab["warden"], lab["p"]))
    d = game.pending()
    assert d.kind == "sw.order" and d.rule == "SW gl. IDŐZÍTÉS"
    opts = [a for a in game.legal_actions(0) if isinstance(a, A.PickOption)]
    assert len(opts) == 2 and A.Skip() not in game.legal_actions(0)
    with pytest.raises(IllegalAction):
        game.submit(0, A.Skip())


def test_sw_gl_helyett_an_instead_ability_needs_the_units_move():
    game, lab = position("move", active=1,
                         b1=', { card = "br-pilferer", square = "e7", label = "pil" }')
    grubnik = lab["grubnik"]
    game.submit(1, A.Move(grubnik, (sq("f7"),)))
    use = [a for a in game.legal_actions(1) if isinstance(a, A.UseAbility) and a.card == grubnik]
    assert use == []
    with pytest.raises(IllegalAction) as exc:
        game.submit(1, A.UseAbility(grubnik, 0))
    assert exc.value.rule == "SW gl. HELYETT"


def test_sw_esemenyek_1_events_only_in_their_phase_and_paid():
    game, lab = position("move", m0=0, h0='"pd-glacier-shift", "pd-structure-freeze"')
    shift, freeze = game.state.players[0].hand
    events = [a for a in game.legal_actions(0) if isinstance(a, A.PlayEvent)]
    assert events == [A.PlayEvent(freeze)]
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.PlayEvent(shift))
    assert exc.value.rule == "SW Események.1" and exc.value.key == "wrong_phase"
    with emitted() as seen:
        out = game.submit(0, A.PlayEvent(freeze))
    assert kinds(out)[0] == "EventPlayed"
    assert kinds(seen)[:2] == ["EventPlayed", "TaskPushed"]   # (logged folded)
    assert freeze in game.state.players[0].discard


def test_sw_esemenyek_2_no_event_while_something_resolves():
    text = """
active = 0
phase = "move"
[[players]]
hand = ["pd-structure-freeze"]
board = [{ card = "pd-svara", square = "c2", label = "svara" },
         { card = "gate", square = "c4" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" }]
"""
    game, lab = scenario(text)
    game.submit(0, A.Move(lab["svara"], (sq("b2"),)))
    assert game.pending().kind == "sw.card"
    with pytest.raises(IllegalAction):
        game.submit(0, A.PlayEvent(game.state.players[0].hand[0]))


def test_sw_dontes_29_an_event_with_nothing_to_act_on_is_not_offered():
    game, lab = position("attack", active=1, m1=3, h1='"br-firepot"')
    firepot = game.state.players[1].hand[0]
    assert A.PlayEvent(firepot) not in game.legal_actions(1)
    with pytest.raises(IllegalAction) as exc:
        game.submit(1, A.PlayEvent(firepot))
    assert exc.value.rule == "SW Döntés.29" and game.state.players[1].magic == 3
    game2, lab2 = position("attack", active=1, m1=3, h1='"br-firepot"',
                           b0=', { card = "pd-frost-mage", square = "e8", label = "m" }')
    fire2 = game2.state.players[1].hand[0]
    assert A.PlayEvent(fire2) in game2.legal_actions(1)   # next to Grubnik on f8
    game2.submit(1, A.PlayEvent(fire2))
    assert game2.state.cards[lab2["m"]].damage == 2 and game2.state.players[1].magic == 2


def test_sw_kartyak_eldobasa_1_a_discarded_card_loses_its_tokens_and_what_lies_under_it():
    text = """
active = 1
phase = "magic"
[[players]]
board = [{ card = "pd-svara", square = "a1" }]
[[players]]
magic = 0
board = [{ card = "br-grubnik", square = "f8" },
         {card="br-scrabble",square="c6",label="s",damage=2,charges=1,under=["br-pilferer"]}]
"""
    game, lab = scenario(text)
    under = card(game, lab["s"]).under[0]
    events = game.submit(1, A.EndPhase())            # Greedy: no magic, so it is discarded
    assert card(game, lab["s"]).zone == "discard" and card(game, under).zone == "discard"
    assert (card(game, lab["s"]).damage, card(game, lab["s"]).charges) == (0, 0)
    assert game.state.players[1].discard[-2:] == [under, lab["s"]]
    rules = [e.rule for e in events if isinstance(e, E.CardDiscarded)]
    assert rules == ["SW gl. ALATT", "SW Kártyák eldobása.1"]
    assert not any(isinstance(e, E.Destroyed) for e in events)   # discarded, not destroyed


def test_sw_gl_kepesseg_unit_abilities_set_off_by_death_rattle_wait_until_it_is_done():
    """Death Rattle's damage destroys the Pilferer before its own destroy step. The Wraith
    Archer's Soul Drift, set off by that death, takes no effect while the event is carried out
    (gl. KÉPESSÉG, ruling R31): the Warden is destroyed first, and only then are the two Soul
    Drifts (one per death) offered, in the order the active player chooses (R27). Before, the
    first Soul Drift was asked with the Warden still standing."""
    game, lab = scenario(DEATH_RATTLE_TWO_DEATHS)
    rattle = game.state.players[0].hand[0]
    game.submit(0, A.PlayEvent(rattle))
    events = game.submit(0, A.PickCard(lab["warden"]))
    destroyed = [e.card for e in events if isinstance(e, E.Destroyed)]
    assert destroyed == [lab["p"], lab["warden"]]
    assert card(game, lab["warden"]).zone == "discard" and card(game, rattle).zone == "discard"
    d = game.pending()
    assert d.kind == "sw.order" and d.rule == "SW gl. IDŐZÍTÉS"
    assert len([a for a in game.legal_actions(0) if isinstance(a, A.PickOption)]) == 2
    assert card(game, lab["archer"]).square == sq("c2")
    game.submit(0, A.PickOption(1))                    # the Soul Drift for the Warden first
    assert game.pending().kind == "sw.confirm"
    game.submit(0, A.PickOption(0))
    assert card(game, lab["archer"]).square == sq("c4")


def test_sw_gl_kepesseg_an_ability_set_off_during_icy_shove_waits_for_glacier_shift():
    """Glacier Shift pushes the gate next to the Pilferer; Icy Shove (an active event, so at once:
    gl. UTÁN) deals it the damage that destroys it. The Wraith Archer's Soul Drift waits until
    Glacier Shift, still being carried out, is done (gl. KÉPESSÉG, ruling R31): meanwhile the
    turn track shows it below Glacier Shift, waiting."""
    text = """
active = 0
phase = "build"
[[players]]
magic = 3
hand = ["pd-glacier-shift"]
active = ["pd-icy-shove"]
board = [{ card = "pd-svara", square = "b2" },
         { card = "gate", square = "b4", label = "gate" },
         { card = "gate", square = "a3" },
         { card = "aw-wraith-archer", square = "c3", label = "archer" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pilferer", square = "c5", label = "p", damage = 1 }]
"""
    game, lab = scenario(text)
    shift = game.state.players[0].hand[0]
    game.submit(0, A.PlayEvent(shift))
    game.submit(0, A.PickCard(lab["gate"]))
    game.submit(0, A.PickSquare(sq("b5")))
    assert game.pending().kind == "sw.card"            # Icy Shove: a unit next to the gate
    game.submit(0, A.PickCard(lab["p"]))
    assert card(game, lab["p"]).zone == "discard"
    d = game.pending()                                  # Glacier Shift goes on: a 2nd structure
    assert d.kind == "sw.card" and A.Skip() in game.legal_actions(0)
    tasks = game.ruleset.view(game.state, 0).tasks
    assert [(t.card, t.waiting) for t in tasks] == [(lab["archer"], True), (shift, False)]
    assert [(t.card, t.waiting) for t in game.ruleset.view(game.state, 1).tasks] == \
        [(lab["archer"], True), (shift, False)]          # public: the opponent sees it wait
    frame = game.ruleset.track(game.ruleset.view(game.state, 0)).frames[-1]
    assert [i.source.id for i in frame.items] == [shift]
    assert [(i.source.id, i.flags) for i in frame.queue] == [(lab["archer"], {"waiting"})]
    game.submit(0, A.Skip())                            # Glacier Shift is done
    assert card(game, shift).zone == "discard"
    assert game.pending().kind == "sw.confirm"          # now Soul Drift: "you may place it"
    game.submit(0, A.PickOption(0))
    assert card(game, lab["archer"]).square == sq("c5")
