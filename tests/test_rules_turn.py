"""Set-up, turn structure, resources and the end of the game (K 3, 28-41, 2.8, 145)."""

from engine.core.log import Seat
from engine.hkk import actions as A
from engine.hkk.session import make_header, new_game
from tests.helpers import RULESET, TEST_POOL, c, scenario, side

from engine.core.game import Game
from engine.core.log import FORMAT_VERSION, Header

DECK = tuple(["grunt", "brute", "wall", "bird", "bolt", "mend", "growth", "fort", "relic",
              "lancer"] * 4)


def fresh(seed=3, **options) -> Game:
    header = Header(FORMAT_VERSION, "hkk", "1", seed, (Seat("A", "t"), Seat("B", "t")),
                    options=options, decklists=(DECK, DECK))
    return Game.new(RULESET, header)


def test_k3_12_players_start_with_20_life_and_0_vp_and_k3_6_five_cards():
    g = fresh()
    s = g.state
    assert [p.life for p in s.players] == [20, 20]
    assert [p.vp for p in s.players] == [0, 0]
    assert [len(p.hand) for p in s.players] == [5, 5]
    assert g.pending().kind == "cede"


def test_k3_7_starting_player_may_cede():
    g = fresh()
    starter = g.pending().player
    g.submit(starter, A.CedeStart(True))
    assert g.state.active == 1 - starter


def test_k3_8_starting_player_draws_in_the_first_turn():
    g = fresh(first_turn_draw=True)
    p = g.pending().player
    g.submit(p, A.CedeStart(False))
    assert len(g.state.players[p].hand) == 6


def test_k145_1_tournament_rule_skips_the_first_draw():
    g = fresh(first_turn_draw=False)
    p = g.pending().player
    g.submit(p, A.CedeStart(False))
    assert len(g.state.players[p].hand) == 5


def test_k29_3_vp_regeneration_table_and_reserve_bonus():
    sc = scenario(me=side(turns=0, reserve=["grunt", "grunt", "grunt", "grunt", "grunt"]),
                  them=side(), active=1, phase="end", step=4)
    # end of the opponent's turn -> my turn 1 begins: 1 VP + floor(5/2) = 3
    assert sc.vp(0) == 3
    assert sc.state.players[0].turns == 1


def test_k3_18_vp_above_20_is_lost():
    sc = scenario(me=side(turns=7, vp=18), them=side(), active=1, phase="end", step=4)
    assert sc.vp(0) == 20


def test_k3_18_healing_never_exceeds_maximum_life():
    sc = scenario(me=side(life=19), them=side())
    from engine.hkk.effects import heal_player
    ctx = RULESET.ctx(sc.state)
    heal_player(ctx, 0, 5, -1)
    assert sc.life(0) == 20


def test_k29_5_passive_cards_activate_in_preparation_stage_3():
    sc = scenario(me=side(reserve=[c("grunt", label="g", active=False)],
                          perm=[c("tower", label="t", active=False)]),
                  them=side(), active=1, phase="end", step=4)
    assert sc.card("g").active and sc.card("t").active


def test_k29_4_start_of_turn_effects_happen_in_stage_2():
    sc = scenario(me=side(turns=7, vp=0, perm=["dawn"]), them=side(), active=1, phase="end",
                  step=4)
    assert sc.vp(0) == 6


def test_k29_6_monster_sacrifice_for_components():
    sc = scenario(me=side(reserve=[c("brute", label="b", active=True)], turns=4),
                  them=side(), active=1, phase="end", step=4)
    assert sc.decision.kind == "sacrifice_mc"
    sc.submit(0, A.SacrificeForMc(sc.iid("b")))
    assert sc.zone("b") == "graveyard" and sc.state.players[0].mc == 2
    assert sc.state.players[1].mc == 0           # no extraction for a sacrifice (K 67.3)


def test_k30_1_draw_phase_draw_is_mandatory_and_k30_5_empty_deck_is_no_loss():
    sc = scenario(me=side(turns=4, deck=[]), them=side(), active=1, phase="end", step=4)
    sc.pass_until("priority", "main1")
    assert sc.state.result is None and sc.state.players[0].hand == []


def test_k32_1_only_active_creatures_enter_the_guard_post():
    sc = scenario(me=side(reserve=[c("grunt", label="a", active=True),
                                   c("grunt", label="p", active=False)]),
                  phase="exchange")
    sc.refused(0, A.MoveToGuard(sc.iid("p")), "K 32.1")
    sc.submit(0, A.MoveToGuard(sc.iid("a")))
    assert sc.zone("a") == "guard"


def test_k5_4_3_guard_post_holds_three():
    sc = scenario(me=side(guard=["grunt", "grunt", "grunt"],
                          reserve=[c("grunt", label="x", active=True)]), phase="exchange")
    sc.refused(0, A.MoveToGuard(sc.iid("x")), "K 5.4.3")


def test_k41_3_damage_is_repaired_at_end_of_turn():
    sc = scenario(me=side(reserve=[c("wall", label="w", damage=3)]), phase="healing")
    sc.pass_until("priority", "main1")
    assert sc.card("w").damage == 0


def test_k41_4_until_end_of_turn_effects_expire():
    sc = scenario(me=side(reserve=[c("grunt", label="g")]), phase="main2")
    from engine.hkk import events as E
    ctx = RULESET.ctx(sc.state)
    ctx.emit(E.Pumped(sc.iid("g"), 3, 0))
    assert sc.dmg("g") == 5
    sc.pass_until("priority", "main1")
    assert sc.dmg("g") == 3     # 2 + defence bonus in the opponent's turn


def test_k3_14_life_at_zero_loses_only_at_the_end_of_the_turn():
    sc = scenario(me=side(hand=["bolt", "bolt"], vp=10), them=side(life=3))
    sc.play(0, "bolt", sc.pt(1))
    sc.pass_until("priority")
    assert sc.life(1) == 0 and sc.state.result is None
    sc.pass_until("priority", "healing")
    while sc.state.result is None:
        sc.pass_()
    assert sc.state.result.winner == 0 and sc.state.result.rule == "K 3.14"


def test_k3_15_both_players_at_zero_is_a_draw():
    sc = scenario(me=side(life=1, guard=["cursed"]), them=side(life=0), phase="healing")
    while sc.state.result is None:
        sc.pass_()
    assert sc.state.result.winner == -1 and sc.state.result.rule == "K 3.15"


def test_k91_3_drawback_damages_its_controller():
    sc = scenario(me=side(life=10, reserve=["cursed"]), phase="healing")
    sc.pass_until("priority", "main1")
    assert sc.life(0) == 9


def test_k2_8_1_concede_at_any_time():
    sc = scenario()
    sc.submit(1, A.Concede())
    assert sc.state.result.winner == 0 and sc.state.result.reason == "concede"


def test_k3_16_exhaustion_draw_when_decks_are_empty_and_nobody_is_hurt():
    sc = scenario(me=side(deck=[]), them=side(deck=[]), options={"exhaustion_rounds": 2})
    for _ in range(200):
        if sc.state.result is not None:
            break
        sc.pass_()
    assert sc.state.result.winner == -1 and sc.state.result.rule == "K 3.16"


def test_k4_11_phases_follow_in_order():
    g = fresh()
    p = g.pending().player
    seen = []
    from engine.hkk import events as E
    evs = g.submit(p, A.CedeStart(False))
    for _ in range(40):
        seen += [phase for phase, _ in E.steps_begun(evs)]
        if g.state.active != p:
            break
        d = g.pending()
        evs = g.submit(d.player, A.Pass())
    order = []
    for ph in seen:
        if not order or order[-1] != ph:
            order.append(ph)
    assert order[:8] == ["prep", "draw", "main1", "exchange", "combat", "main2", "healing",
                         "end"][: len(order[:8])]
    assert order[:3] == ["prep", "draw", "main1"]


def test_k29_4_10_creatures_die_at_once_in_the_preparation_phase_without_components():
    sc = scenario(me=side(perm=["plague"], turns=4),
                  them=side(reserve=[c("martyr", label="m"), c("grunt", label="g")]),
                  active=1, phase="end", step=4)
    assert sc.zone("m") == "graveyard"               # 1+1 HP, 2 damage in stage 2
    assert sc.state.players[0].mc == 0               # no extraction in prep (K 29.4.11)
    assert sc.zone("g") == "reserve"                 # 2 HP + defence bonus survives


def test_k22_1_the_active_player_orders_simultaneous_related_effects():
    sc = scenario(me=side(perm=["dawn", "plague"], turns=4, vp=0),
                  them=side(reserve=[c("grunt", label="g")]), active=1, phase="end", step=4)
    assert sc.decision.kind == "order_triggers" and sc.decision.player == 0
    options = sc.legal(0)
    assert len(options) == 2
    sc.submit(0, options[1])
    assert sc.card("g").damage == 2 or sc.vp(0) == 6
