"""Tash-Kalar rules, one scenario per rule, each test named after the citation it shows
(saves/tk/scenarios/*.toml)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.tk import actions as A
from engine.tk import board as B
from engine.tk import patterns as P
from engine.tk.plugin import PLUGIN
from tests.tk.helpers import card_in_hand, rules_cited, scenario, sq, summons_of


def test_tk_idezes_szimmetria_summon_under_a_rotated_and_mirrored_pattern():
    game = scenario("tk-idezes-szimmetria-mirrored")
    wisp = card_in_hand(game, 0, "dusk-mirror")
    d = game.ruleset.pool["dusk-mirror"]
    orients = P.orientations(d.cells, d.marked)
    assert len(orients) == 8                       # no symmetry: eight distinct orientations
    at_e5 = [a for a in summons_of(game, 0, wisp) if a.square == sq("e5")]
    # the only way onto e5 is mirrored (transforms 4-7) and rotated: pieces e6, f6, marked f5
    assert len(at_e5) == 1 and at_e5[0].orient >= 4
    o = orients[at_e5[0].orient]
    assert sorted(P.used_squares(o, sq("e5"))) == sorted([sq("e6"), sq("f6")])
    assert P.marked_squares(o, sq("e5")) == [sq("f5")]
    game.submit(0, at_e5[0])
    s = game.state
    assert (s.owner[sq("e5")], s.rank[sq("e5")]) == (0, 1)
    assert game.legal_actions(0) == [A.PickSquare(sq("f5")), A.Skip()]   # the marked square
    events = game.submit(0, A.PickSquare(sq("f5")))
    assert s.owner[sq("f5")] == 0 and "TK Hatás.átalakítás" in rules_cited(events)


def test_tk_idezes_szimmetria_one_action_per_distinct_placement():
    """TK R.23: a pattern symmetric under every transform gives one summon per square."""
    game = scenario("tk-idezes-cel-higher-rank")
    imp = card_in_hand(game, 0, "ember-imp")
    d = game.ruleset.pool["ember-imp"]
    assert len(P.orientations(d.cells, d.marked)) == 8 // 2   # 1O: four directions
    acts = summons_of(game, 0, imp)
    keys = {(a.orient, a.square) for a in acts}
    assert len(keys) == len(acts)


def test_tk_idezes_cel_a_higher_rank_on_the_outlined_square_refuses_the_summon():
    game = scenario("tk-idezes-cel-higher-rank")
    imp = card_in_hand(game, 0, "ember-imp")
    squares = {a.square for a in summons_of(game, 0, imp)}
    assert sq("f5") not in squares and sq("d5") in squares
    o = next(a.orient for a in summons_of(game, 0, imp) if a.square == sq("d5"))
    right = next(k for k, ori in enumerate(P.orientations(
        game.ruleset.pool["ember-imp"].cells, ())) if P.used_squares(ori, sq("f5")) == [sq("e5")])
    before = len(game.entries)
    with pytest.raises(IllegalAction) as err:
        game.submit(0, A.Summon(imp, right, sq("f5")))
    assert err.value.rule == "TK Idézés.cél" and "higher rank" in err.value.message
    assert len(game.entries) == before and game.state.owner[sq("f5")] == 1
    events = game.submit(0, A.Summon(imp, o, sq("d5")))
    assert game.state.owner[sq("d5")] == 0 and "TK Idézés.cél" in rules_cited(events)
    assert game.state.aside == [[1, 1, 0]]         # kept beside the board until scoring (R.7)


def test_tk_idezes_rang_refuses_a_pattern_not_on_the_board():
    game = scenario("tk-idezes-cel-higher-rank")
    imp = card_in_hand(game, 0, "ember-imp")
    with pytest.raises(IllegalAction) as err:
        game.submit(0, A.Summon(imp, 0, sq("a9")))
    assert err.value.rule == "TK Idézés.rang"


def test_tk_akcio_lerakas_hiany_place_starts_with_a_pick_up():
    game = scenario("tk-akcio-lerakas-hiany")
    s = game.state
    assert B.free_tokens(s, 0, 1) == 0             # 4 tokens: 1 marker (R.16) + 3 on the board
    legal = game.legal_actions(0)
    assert not any(isinstance(a, A.Place) for a in legal)
    assert {a.square for a in legal if isinstance(a, A.PickUp)} == {sq("a1"), sq("c3"), sq("i9")}
    with pytest.raises(IllegalAction) as err:
        game.submit(0, A.Place(sq("e4")))
    assert err.value.rule == "TK Akció.lerakás.hiány"
    game.submit(0, A.PickUp(sq("c3")))             # the heroic piece comes back as common
    assert s.owner[sq("c3")] == -1 and s.ask.kind == "place"
    game.submit(0, A.PickSquare(sq("c3")))         # R.22: back on its own square
    assert (s.owner[sq("c3")], s.rank[sq("c3")]) == (0, 1) and s.actions == 1


def test_tk_idezes_hiany_summon_takes_a_piece_the_pattern_does_not_use():
    game = scenario("tk-idezes-hiany")
    s = game.state
    imp = card_in_hand(game, 0, "ember-imp")
    assert B.free_tokens(s, 0, 1) == 0
    act = next(a for a in summons_of(game, 0, imp) if a.square == sq("f5"))
    game.submit(0, act)
    assert s.ask.kind == "take" and set(s.ask.options) == {sq("a1"), sq("i9")}
    events = game.submit(0, A.PickSquare(sq("a1")))
    assert s.owner[sq("a1")] == -1 and s.owner[sq("f5")] == 0
    assert "TK Idézés.hiány" in rules_cited(events)


def test_tk_felvillanas_mindketto_upper_then_lower_and_the_opponent_scores():
    game = scenario("tk-felvillanas-mindketto")
    s = game.state
    flare = card_in_hand(game, 0, "flare-second-wind")
    assert A.CallFlare(flare, 1) in game.legal_actions(0)
    events = game.submit(0, A.CallFlare(flare, 1))
    cited = rules_cited(events)
    assert cited[0] == "TK Felvillanás.mindkettő"
    assert s.scores[1][0] == 1 and "TK Felvillanás.Párbaj" in cited
    assert s.players[0].extra == ["legend"]        # the upper effect first
    assert s.ask.kind == "target" and s.ask.optional  # then the lower: place, optional
    game.submit(0, A.PickSquare(sq("a1")))
    assert s.owner[sq("a1")] == 0 and s.effect is None and s.flared == 1
    assert not any(isinstance(a, A.CallFlare) for a in game.legal_actions(0))


def test_tk_felvillanas_refused_when_no_criterion_holds():
    game = scenario("tk-idezes-cel-higher-rank")
    s = game.state
    # give seat 0 a flare it cannot call: the opponent has no lead of 3
    flare = next(c.iid for c in s.cards if c.cid == "flare-rally")
    assert not any(isinstance(a, A.CallFlare) for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as err:
        game.submit(0, A.CallFlare(flare, 1))
    assert err.value.rule == "TK Felvillanás"


def test_tk_csata_rogtonzott_one_enemy_piece_once_per_colour():
    game = scenario("tk-csata-rogtonzott")
    s = game.state
    raider = card_in_hand(game, 0, "ember-raider")
    imp = [a for a in summons_of(game, 0, raider) if a.enemy]
    assert A.Summon(raider, imp[0].orient, sq("e5"), sq("f5") + 1) in imp
    act = next(a for a in imp if a.square == sq("e5") and a.enemy == sq("f5") + 1)
    events = game.submit(0, act)
    assert s.improvised[0][1] and "TK Csata.rögtönzött" in rules_cited(events)
    assert (s.owner[sq("e5")], s.rank[sq("e5")]) == (0, 2)
    if s.ask is not None:
        game.submit(0, A.Skip())
    # the blue colour is used up: the same help for the Brute is no longer offered
    assert not any(a.enemy and s.owner[a.enemy - 1] == 1 for a in
                   game.legal_actions(0) if isinstance(a, A.Summon))
    with pytest.raises(IllegalAction) as err:
        game.submit(0, A.Summon(raider, act.orient, sq("e2"), sq("f2") + 1))
    assert err.value.rule in ("TK Csata.rögtönzött", "TK Idézés.kéz")


def test_tk_csapat_atadas_the_teammate_finishes_the_effect_then_only_places():
    game = scenario("tk-csapat-atadas")
    s = game.state
    raider = card_in_hand(game, 0, "ember-raider")
    act = next(a for a in summons_of(game, 0, raider) if a.square == sq("e5"))
    game.submit(0, act)
    assert s.ask.kind == "target" and s.ask.player == 0
    assert A.PassControl() in game.legal_actions(0)
    events = game.submit(0, A.PassControl())
    assert "TK Csapat.átadás" in rules_cited(events)
    assert s.controller == 2 and s.ask.player == 2 and game.pending().player == 2
    kinds = [game.ruleset.pool[s.cards[i].cid].kind for i in s.players[2].hand]
    assert kinds.count("legend") == 2 and not any(      # the legends went along
        game.ruleset.pool[s.cards[i].cid].kind == "legend" for i in s.players[0].hand)
    with pytest.raises(IllegalAction):
        game.submit(0, A.PickSquare(sq("e4")))
    game.submit(2, A.PickSquare(sq("e4")))
    assert s.owner[sq("e4")] == -1
    legal = game.legal_actions(2)
    assert legal and all(isinstance(a, (A.Place, A.PickUp)) for a in legal)
    flare = card_in_hand(game, 0, "flare-surge")
    with pytest.raises(IllegalAction) as err:
        game.submit(2, A.CallFlare(flare, 1))
    assert err.value.rule == "TK Csapat.átadás.csak_lerakás"
    game.submit(2, A.Place(sq("a1")))
    assert s.active == 1 and s.turn == 6           # the turn ended (drawing by seat 0)


def test_tk_vege_kor_everyone_plays_one_more_full_turn():
    game = scenario("tk-vege-kor")
    s = game.state
    turns = []
    for _ in range(200):
        d = game.pending()
        if d is None:
            break
        if not turns or turns[-1] != s.turn:
            turns.append(s.turn)
        legal = game.legal_actions(d.player)
        place = [a for a in legal if isinstance(a, (A.Place, A.EndTurn, A.Skip))]
        game.submit(d.player, (place or legal)[0])
    assert s.trigger == 0 and s.result is not None
    assert turns == [9, 10, 11]                    # the trigger turn, then one more each
    assert s.result.rule == "TK Vége.kör" and s.result.winners == (0,)


def test_tk_parbaj_pont_pairs_of_commons_and_no_carry_over():
    game = scenario("tk-parbaj-pont")
    s = game.state
    brute = card_in_hand(game, 0, "ember-brute")
    act = next(a for a in summons_of(game, 0, brute) if a.square == sq("e5") and sorted(
        P.used_squares(P.card_orientations(game.ruleset.pool["ember-brute"])[a.orient],
                       a.square)) == sorted([sq("d4"), sq("e4"), sq("d5")]))
    events = game.submit(0, act)
    for name in ("f5", "f6", "e6"):
        assert s.owner[sq(name)] == -1
    cited = rules_cited(events)
    assert "TK Párbaj.pont" in cited and s.scores[0][0] == 1   # 3 commons: one pair
    assert s.aside == [] and s.active == 1        # the odd one is not kept (R.12)


def test_tk_kor_kezdo_the_start_player_has_one_action_on_the_first_turn():
    header = PLUGIN.new_header(("ember", "tide"), 3)
    from engine.core.game import Game

    game = Game.new(PLUGIN.ruleset_for(header), header)
    s = game.state
    assert s.ask is not None and s.ask.kind == "start_place" and s.ask.player == 1
    assert set(s.ask.options) == set(s.symbols)    # TK Előkészület.Párbaj: symbol squares
    game.submit(1, A.PickSquare(s.symbols[0]))
    game.submit(1, A.PickSquare(s.symbols[1]))
    assert s.actions == 1 and s.active == 0 and s.turn == 1
    for p in s.players:                            # TK Előkészület.6: 3-2-1
        kinds = sorted(game.ruleset.pool[s.cards[i].cid].kind for i in p.hand)
        assert kinds == ["creature"] * 3 + ["flare"] + ["legend"] * 2


def test_tk_akcio_dobas_once_a_turn_and_cards_under_their_decks():
    game = scenario("tk-felvillanas-mindketto")
    s = game.state
    boar = card_in_hand(game, 0, "grove-boar")
    flare = card_in_hand(game, 0, "flare-second-wind")
    game.submit(0, A.Discard(boar))
    assert s.discarded and boar in s.players[0].discard and s.actions == 1
    assert s.ask.kind == "bottom" and s.ask.optional and flare in s.ask.options
    events = game.submit(0, A.PickCard(flare))      # R.10: under its own pile (the flares)
    assert s.flares[-1] == flare and "TK R.10" in rules_cited(events)
    assert s.ask is None                            # nothing left in hand to put under
    with pytest.raises(IllegalAction) as err:
        game.submit(0, A.Discard(boar))
    assert err.value.rule == "TK Akció.dobás"


def test_tk_felvillanas_the_track_shows_each_criterion_and_the_coming_score():
    game = scenario("tk-felvillanas-mindketto")
    rs = game.ruleset
    items = [i for f in rs.track(rs.view(game.state, 0)).frames for i in f.items]
    crit = [i for i in items if i.label == "tk.track.criteria"]
    assert len(crit) == 1 and crit[0].params["upper"] and crit[0].params["lower"]
    assert crit[0].params["upgraded_lead"] == 2 and crit[0].params["pieces_lead"] == 2
    other = [i for f in rs.track(rs.view(game.state, 1)).frames for i in f.items
             if i.label == "tk.track.criteria"]
    assert other == []                                # seat 1 holds no flare in this scenario
    game.submit(0, A.CallFlare(card_in_hand(game, 0, "flare-second-wind"), 1))
    eff = [i for f in rs.track(rs.view(game.state, 1)).frames for i in f.items
           if i.label == "tk.track.effect"]
    assert eff[0].params["part"] == "lower" and eff[0].params["do"] == "place"
    assert eff[0].params["left"] == 1


def test_tk_parbaj_pont_the_track_shows_what_the_turn_will_score():
    game = scenario("tk-idezes-cel-higher-rank")
    imp = card_in_hand(game, 0, "ember-imp")
    act = next(a for a in summons_of(game, 0, imp) if a.square == sq("d5"))
    game.submit(0, act)
    rs = game.ruleset
    items = [i for f in rs.track(rs.view(game.state, 1)).frames for i in f.items]
    aside = next(i for i in items if i.label == "tk.track.aside")
    assert aside.params["points"] == 0                # one common: no pair yet


def test_tk_halado_feladat_claim_replace_and_the_3_of_4_rule():
    game = scenario("tk-halado-feladat")
    s = game.state
    rs = game.ruleset
    cid = [s.cards[i].cid for i in s.tasks_up]
    assert cid == ["task-line-four", "task-heart", "task-border"]
    assert s.cards[s.next_task].cid == "task-two-heroes"
    from engine.tk.tasks import hf_score

    assert hf_score(s, 0) == 1                      # TK Haladó.legenda: c1 is legendary
    game.submit(0, A.Place(sq("d1")))               # a1-d1: a line of four
    assert s.ask.kind == "claim" and s.ask.optional
    assert s.ask.options == (0, 2)                 # the line, and four on the edge too
    events = game.submit(0, A.PickOption(0))
    assert "TK Haladó.feladat" in rules_cited(events) and s.scores[0][0] == 2
    assert hf_score(s, 0) == 3
    assert [s.cards[i].cid for i in s.tasks_up] == ["task-heart", "task-border",
                                                    "task-two-heroes"]
    # Rule the Centre would make three position tasks: under the deck, Shield Wall instead
    assert s.cards[s.next_task].cid == "task-block"
    assert s.cards[s.task_deck[-1]].cid == "task-centre-rule"
    assert "TK Előkészület.Haladó.3a4" in rules_cited(events)
    assert s.active == 1 and rs.pending(s).kind == "tk.act"


BATTLE3 = """
title = { en = "battle", hu = "csata" }
active = 0
actions = 2
turn = 4
options = { mode = "battle" }
pieces = [
  { square = "d4", colour = 0, rank = "common" },
  { square = "e4", colour = 0, rank = "common" },
  { square = "d5", colour = 0, rank = "common" },
  { square = "f5", colour = 1, rank = "common" },
  { square = "e6", colour = 2, rank = "common" },
  { square = "h8", colour = 0, rank = "legendary" },
]
legends = ["leg-titan", "leg-wyrm"]
flares = ["flare-rally", "flare-quake"]
[[players]]
hand = ["ember-brute", "leg-colossus"]
deck = ["ember-hound", "ember-scout", "ember-torch", "ember-imp"]
score = [0, 5, 1]
[[players]]
hand = ["tide-eel"]
deck = ["tide-crab", "tide-tern", "tide-siren"]
score = [2, 0, 2]
[[players]]
hand = ["grove-boar"]
deck = ["grove-fox", "grove-sprout", "grove-owl"]
score = [3, 3, 0]
"""


def test_tk_csata_paratlan_two_odd_commons_of_two_colours_give_a_chosen_point():
    from tests.tk.helpers import inline

    game = inline(BATTLE3)
    s = game.state
    brute = card_in_hand(game, 0, "ember-brute")
    act = next(a for a in summons_of(game, 0, brute) if a.square == sq("e5") and sorted(
        P.used_squares(P.card_orientations(game.ruleset.pool["ember-brute"])[a.orient],
                       a.square)) == sorted([sq("d4"), sq("e4"), sq("d5")]))
    game.submit(0, act)                              # destroys f5 (blue) and e6 (green)
    assert s.owner[sq("f5")] == -1 and s.owner[sq("e6")] == -1
    legend = card_in_hand(game, 0, "leg-colossus")
    lact = next(a for a in summons_of(game, 0, legend) if a.square == sq("h7"))
    events = game.submit(0, lact)                    # TK Csata.legenda: a colour is chosen
    assert s.ask.kind == "legend_colour" and set(s.ask.options) == {1, 2}
    assert "TK Idézés.legenda" in rules_cited(events)
    game.submit(0, A.PickOption(2))
    assert s.scores[0] == [0, 5, 2]
    if s.ask is not None and s.ask.kind == "target":
        game.submit(0, A.Skip())
    assert s.ask.kind == "bonus_colour" and set(s.ask.options) == {1, 2}
    events = game.submit(0, A.PickOption(2))
    assert "TK Csata.páratlan" in rules_cited(events) and s.scores[0] == [0, 5, 3]
    assert s.active == 1


def test_tk_vege_gyoztes_battle_counts_each_players_lowest_colour():
    from engine.tk import turn
    from tests.tk.helpers import inline

    game = inline(BATTLE3)
    rs = game.ruleset
    ctx = rs.ctx(game.state)
    turn.end_game(ctx, "test", "TK Vége.győztes")
    r = game.state.result
    assert r.winners == (2,) and r.scores == (1.0, 2.0, 3.0)   # lowest colours 1, 2, 3


def test_tk_vege_feladas_no_concession_in_battle_but_in_duel():
    from tests.tk.helpers import inline

    game = inline(BATTLE3)
    with pytest.raises(IllegalAction) as err:
        game.submit(1, A.Concede())
    assert err.value.rule == "TK Vége.feladás"
    duel = scenario("tk-idezes-cel-higher-rank")
    duel.submit(1, A.Concede())
    assert duel.state.result.winners == (0,) and duel.state.result.rule == "TK Vége.feladás"
