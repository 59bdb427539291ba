"""Set-up, the turn's phases, magic and drawing (SW Előkészületek, SW A játék menete, SW Kör
kezdete, SW Mágia, SW Mágiapont, SW Húzás)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.sw import actions as A
from engine.sw import board as B
from engine.sw import events as E

from tests.sw.helpers import card, end_phase, kinds, new_game, position, sq, until_phase


def test_sw_elokeszuletek_4_starting_layout_second_seat_turned():
    game = new_game("polar-dwarves", "burrow-rabble")
    s = game.state
    svara = s.players[0].summoner
    grubnik = s.players[1].summoner
    assert card(game, svara).square == sq("c1")
    # Grubnik's c1 in his own frame is f8-c1 turned 180°: d8
    assert card(game, grubnik).square == B.own_frame(sq("c1"), 1) == sq("d8")
    placed = [e for e in game.entries[0].events if isinstance(e, E.StartingCardPlaced)]
    assert len(placed) == 8
    cids = {card(game, e.card).cid for e in placed if e.player == 0}
    assert cids == {"pd-svara", "gate-start", "pd-frost-mage", "pd-ice-golem"}


def test_sw_elokeszuletek_5_shuffle_and_draw_five():
    game = new_game()
    for p in game.state.players:
        assert len(p.hand) == 5 and len(p.deck) == 34 - 4 - 5
    assert kinds(game.entries[0].events).count("DeckShuffled") == 2


def test_sw_elokeszuletek_6_first_player_two_magic_second_three():
    firsts = set()
    for seed in range(6):
        game = new_game(seed=seed)
        s = game.state
        firsts.add(s.first)
        assert s.players[s.first].magic == 2 and s.players[1 - s.first].magic == 3
        assert game.pending().player == s.first and s.phase == "summon" and s.turn == 1
    assert firsts == {0, 1}, "the first player is chosen at random"


def test_sw_a_jatek_menete_1_phases_follow_in_order_then_the_other_player():
    game = new_game(seed=2)
    first = game.state.first
    seen = []
    for _ in range(5):
        seen.append(game.state.phase)
        end_phase(game)
    assert seen == ["summon", "move", "build", "attack", "magic"]
    assert game.state.active == 1 - first and game.state.phase == "summon"
    assert game.state.turn == 2


def test_sw_a_jatek_menete_1_actions_only_in_their_phase():
    game, lab = position("summon", h0='"pd-frost-mage"', b0=', { card = "gate", square = "b2" }')
    mage = game.state.players[0].hand[0]
    with pytest.raises(IllegalAction) as exc:
        game.submit(0, A.Discard(mage))
    assert exc.value.rule == "SW Mágia.1"
    with pytest.raises(IllegalAction) as exc:
        game.submit(1, A.EndPhase())
    assert exc.value.rule == "SW A játék menete.1"


def test_sw_magia_1_discard_any_number_for_one_magic_each():
    game, lab = position("magic", m0=3, h0='"pd-frost-mage", "pd-ice-smith", "gate"')
    hand = list(game.state.players[0].hand)
    game.submit(0, A.Discard(hand[0]))
    game.submit(0, A.Discard(hand[1]))
    assert game.state.players[0].magic == 5
    assert game.state.players[0].discard == hand[:2]


def test_sw_magiapont_2_magic_is_capped_at_fifteen():
    game, lab = position("magic", m0=14, h0='"pd-frost-mage", "pd-ice-smith"')
    for c in list(game.state.players[0].hand):
        game.submit(0, A.Discard(c))
    assert game.state.players[0].magic == 15


def test_sw_husas_1_draw_up_to_five_at_the_end_of_the_turn():
    game = new_game(seed=3)
    me = game.state.active
    until_phase(game, "magic", me)
    hand = list(game.state.players[me].hand)
    game.submit(me, A.Discard(hand[0]))
    game.submit(me, A.Discard(hand[1]))
    assert len(game.state.players[me].hand) == 3
    events = end_phase(game)
    drawn = [e for e in events if isinstance(e, E.CardDrawn) and e.player == me]
    assert len(drawn) == 2 and len(game.state.players[me].hand) == 5


def test_sw_husas_2_an_empty_draw_pile_is_not_reshuffled():
    game, lab = position("magic", h0='"pd-frost-mage"', extra="")
    events = end_phase(game)
    assert not any(isinstance(e, (E.CardDrawn, E.DeckShuffled)) for e in events)
    assert game.state.players[0].hand and not game.state.players[0].deck


def test_sw_kor_kezdete_1_active_events_are_discarded_at_the_start_of_your_next_turn():
    game, lab = position("summon", m0=3, active=1, h1='"br-great-scramble"',
                         b1=', { card = "br-pebble-slinger", square = "e6", label = "slinger" }')
    ev = game.state.players[1].hand[0]
    before = game.ruleset.ctx(game.state)
    from engine.sw.stats import strength_of

    base = strength_of(before, lab["slinger"])
    game.submit(1, A.PlayEvent(ev))
    assert game.state.players[1].active == [ev]
    assert strength_of(game.ruleset.ctx(game.state), lab["slinger"]) == base + 1  # its aura
    until_phase(game, "summon", 0)
    assert game.state.players[1].active == [ev]          # still there in the other turn
    until_phase(game, "summon", 1)
    assert game.state.players[1].active == [] and ev in game.state.players[1].discard
    assert strength_of(game.ruleset.ctx(game.state), lab["slinger"]) == base


def test_sw_dontes_26_turn_limit_ends_in_a_draw():
    game = new_game(seed=4, max_turns=2)
    for _ in range(12):
        if game.state.result is not None:
            break
        end_phase(game)
    r = game.ruleset.result(game.state)
    assert r is not None and r.winners == () and r.rule == "SW Döntés.26"


def test_sw_dontes_25_a_player_may_concede_at_any_time():
    game = new_game(seed=5)
    other = 1 - game.pending().player
    game.submit(other, A.Concede())
    r = game.ruleset.result(game.state)
    assert r.winners == (1 - other,) and r.reason == "concede"


def test_phase_actions_list_is_what_submit_accepts():
    game = new_game(seed=6)
    d = game.pending()
    for a in game.legal_actions(d.player):
        if isinstance(a, A.EndPhase):
            continue
        trial = new_game(seed=6)
        trial.submit(d.player, a)           # every listed action is accepted
