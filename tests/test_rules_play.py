"""Card play, types, costs, reactions and effects (K 8, 21-23, 57, 94-95, 117, 132)."""

import tomllib
from pathlib import Path

import msgspec

from engine.hkk import actions as A
from engine.hkk.cards import PoolFile
from engine.hkk.state import Target
from tests.helpers import TEST_POOL, c, scenario, side

#: the test pool with the reaction cards of tests/data/reactions.toml
REACTIONS_POOL = {**TEST_POOL, **{d.id: d for d in msgspec.convert(tomllib.loads(
    (Path(__file__).parent / "data" / "reactions.toml").read_text()), PoolFile).card}}


def test_k8_1_2_creature_enters_passive_into_the_reserve():
    sc = scenario(me=side(hand=[c("grunt", label="g")], vp=3))
    sc.play(0, "g")
    sc.settle()
    assert sc.zone("g") == "reserve" and not sc.card("g").active
    assert sc.vp(0) == 2


def test_k79_1_flying_creature_enters_active():
    sc = scenario(me=side(hand=[c("bird", label="b")], vp=3))
    sc.play(0, "b")
    sc.settle()
    assert sc.zone("b") == "reserve" and sc.card("b").active


def test_k8_6_building_enters_passive_and_k8_7_item_enters_active():
    sc = scenario(me=side(hand=[c("fort", label="f"), c("relic", label="r")], vp=5))
    sc.play(0, "f")
    sc.settle()
    sc.play(0, "r")
    sc.settle()
    assert not sc.card("f").active and sc.card("r").active


def test_k8_5_1_only_instants_in_the_opponents_turn():
    sc = scenario(me=side(guard=[c("grunt")]),
                  them=side(hand=[c("grunt", label="g"), c("bolt", label="b")], vp=5),
                  phase="main1")
    sc.pass_(0)
    assert sc.decision.player == 1
    sc.refused(1, A.PlayCard(sc.iid("g"), ()), "K 8.1.1")
    sc.submit(1, A.PlayCard(sc.iid("b"), (Target("p", 0),)))


def test_k8_5_2_general_spells_only_in_own_main_phase():
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")]), phase="healing")
    sc.refused(0, A.PlayCard(sc.iid("b"), (sc.ct("g"),)), "K 8.5.2")


def test_k8_5_3_instant_resolves_then_goes_to_the_graveyard():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5), them=side(life=20))
    sc.play(0, "b", sc.pt(1))
    sc.settle()
    assert sc.life(1) == 17 and sc.zone("b") == "graveyard"


def test_k8_5_5_enchant_creature_needs_a_legal_host():
    sc = scenario(me=side(hand=[c("bless", label="x")], vp=5))
    err = sc.refused(0, A.PlayCard(sc.iid("x"), ()), "K 8.5.5")
    assert "legal X" in err.message
    sc2 = scenario(me=side(hand=[c("bless", label="x")], reserve=[c("grunt", label="g")], vp=5))
    sc2.play(0, "x", sc2.ct("g"))
    sc2.settle()
    assert sc2.zone("x") == "attached" and sc2.card("x").host == sc2.iid("g")
    assert (sc2.dmg("g"), sc2.hp("g")) == (4, 4)


def test_k5_5_5_attached_cards_fall_off_when_the_host_leaves():
    sc = scenario(me=side(reserve=[c("grunt", label="g", attached=("bless",))], vp=5),
                  them=side(hand=["bolt", "bolt"], vp=10), active=1)
    sc.play(1, "bolt", sc.ct("g"))
    sc.settle()
    sc.play(1, "bolt", sc.ct("g"))
    sc.settle()
    assert sc.zone("g") == "graveyard"
    aura = [i for i in sc.state.players[0].graveyard if sc.state.cards[i].cid == "bless"]
    assert aura, "the attached enchantment went to its owner's graveyard"


def test_k21_4_play_condition_must_hold():
    sc = scenario(me=side(hand=[c("zealot", label="z")], vp=5))
    sc.refused(0, A.PlayCard(sc.iid("z"), ()), "K 21.4")
    sc2 = scenario(me=side(hand=[c("zealot", label="z")], reserve=["grunt"], vp=5))
    sc2.play(0, "z")


def test_k21_5_1_no_legal_target_means_not_playable():
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5), them=side())
    sc.refused(0, A.PlayCard(sc.iid("b"), ()), "K 21.5.1")
    assert all(not isinstance(a, A.PlayCard) for a in sc.legal(0))


def test_k4_20_3_costs_are_paid_in_full_or_not_at_all():
    sc = scenario(me=side(hand=[c("brute", label="b")], vp=2))
    err = sc.refused(0, A.PlayCard(sc.iid("b"), ()), "K 4.20.3")
    assert "3 VP" in err.message


def test_k7_0_1_monster_component_costs():
    sc = scenario(me=side(hand=[c("pricey", label="p")], vp=5, mc=1))
    sc.refused(0, A.PlayCard(sc.iid("p"), ()), "K 7.0.1")
    sc2 = scenario(me=side(hand=[c("pricey", label="p")], vp=5, mc=2))
    sc2.play(0, "p")
    assert sc2.state.players[0].mc == 0


def test_k21_8_cost_modifiers_add_up():
    sc = scenario(me=side(hand=[c("grunt", label="g")], vp=1), them=side(perm=["tax"]))
    sc.refused(0, A.PlayCard(sc.iid("g"), ()), "K 4.20.3")
    v = sc.view(0).find(sc.iid("g"))
    assert v.cost == 2


def test_k23_1_a_refused_play_changes_nothing():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    sc.refused(0, A.PlayCard(sc.iid("b"), (Target("c", 999),)))


def test_k134_on_play_ability_chooses_its_target():
    sc = scenario(me=side(hand=[c("healer", label="h")], reserve=[c("wall", label="w", damage=3)],
                          vp=5))
    sc.play(0, "h")
    sc.pass_until("trigger_target")
    sc.submit(0, A.ChooseTarget((sc.ct("w"),)))
    assert sc.card("w").damage == 1


def test_k22_1_related_effect_on_death():
    sc = scenario(me=side(reserve=[c("martyr", label="m")], deck=["grunt", "grunt"]),
                  them=side(hand=["bolt"], vp=5), active=1)
    hand_before = len(sc.state.players[0].hand)
    sc.play(1, "bolt", sc.ct("m"))
    sc.settle()
    assert sc.zone("m") == "graveyard"
    assert len(sc.state.players[0].hand) == hand_before + 1


def test_k94_7_reaction_line_resolves_last_in_first_out():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(hand=[c("nope", label="n")], vp=5),
                  )
    sc.play(0, "b", sc.pt(1))
    d = sc.decision
    assert (d.player, d.kind) == (1, "respond")
    assert len(sc.state.line) == 1
    sc.submit(1, A.PlayCard(sc.iid("n"), (Target("l", 0),)))
    assert [i.card for i in sc.state.line] == [sc.iid("b"), sc.iid("n")]
    sc.settle()
    assert sc.life(1) == 20
    assert sc.zone("b") == "graveyard" and sc.zone("n") == "graveyard"     # K 4.21.2


def test_k57_0_reaction_cards_only_answer_an_action():
    sc = scenario(me=side(hand=[c("nope", label="n")], vp=5))
    sc.refused(0, A.PlayCard(sc.iid("n"), ()), "K 57.0")


def test_k94_0_2_plain_reaction_cannot_answer_a_reaction():
    """A reaction whose text does not say what it answers answers only the opponent's
    independent action, never a reaction (K 94.0.2); "parry" is such a card."""
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("parry", label="p")], vp=9),
                  them=side(hand=[c("nope", label="n")], vp=5), pool=REACTIONS_POOL)
    sc.play(0, "b", sc.pt(1))
    sc.submit(1, A.PlayCard(sc.iid("n"), (Target("l", 0),)))
    assert (sc.decision.player, sc.decision.kind) == (0, "respond")
    assert all(not isinstance(a, A.PlayCard) for a in sc.legal(0))
    sc.refused(0, A.PlayCard(sc.iid("p"), (Target("l", 1),)))


def test_k94_6_1_reaction_that_answers_reactions():
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("rebuff", label="r")], vp=9),
                  them=side(hand=[c("nope", label="n")], vp=5))
    sc.play(0, "b", sc.pt(1))
    sc.submit(1, A.PlayCard(sc.iid("n"), (Target("l", 0),)))
    sc.submit(0, A.PlayCard(sc.iid("r"), (Target("l", 1),)))
    sc.settle()
    assert sc.life(1) == 17                    # rebuff prevented nope; the bolt hit


def test_k95_automatic_reaction_fires_before_reaction_actions():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(perm=[c("alarm", label="a")], life=20))
    sc.play(0, "b", sc.pt(1))
    assert sc.state.line[-1].kind == "auto"
    sc.settle()
    assert sc.life(0) == 19 and sc.life(1) == 17


def test_k21_5_3_withdrawn_when_the_target_became_illegal():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")], hand=[c("bounce", label="x")], vp=5))
    # no reaction can bounce in response, so play it the other way: the target leaves first
    sc.play(0, "b", sc.ct("g"))
    sc.settle()
    assert sc.zone("g") == "graveyard"


def test_k40_3_turn_break_ends_the_turn_at_once():
    sc = scenario(me=side(hand=[c("timestop", label="t")], guard=["grunt"], vp=5))
    sc.play(0, "t")
    sc.settle()
    # the turn broke: it is now the opponent's turn
    assert sc.state.active == 1


def test_k117_strengthening_and_weakening_counters():
    sc = scenario(me=side(hand=[c("growth", label="gr"), c("wither", label="w")],
                          reserve=[c("grunt", label="g")], vp=5))
    sc.play(0, "gr", sc.ct("g"))
    sc.settle()
    assert (sc.dmg("g"), sc.hp("g")) == (4, 4)
    sc.play(0, "w", sc.ct("g"))
    sc.settle()
    assert (sc.dmg("g"), sc.hp("g")) == (3, 3)


def test_k93_1_cards_leaving_play_have_no_memory():
    sc = scenario(me=side(hand=["growth", "bounce"], reserve=[c("grunt", label="g")], vp=5))
    sc.play(0, "growth", sc.ct("g"))
    sc.settle()
    sc.play(0, "bounce", sc.ct("g"))
    sc.settle()
    assert sc.zone("g") == "hand" and sc.card("g").counters == {}


def test_k132_4_magic_immunity_cannot_be_targeted_by_spells():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("warded", label="w")]))
    assert A.PlayCard(sc.iid("b"), (sc.ct("w"),)) not in sc.legal(0)
    sc.refused(0, A.PlayCard(sc.iid("b"), (sc.ct("w"),)), "K 132.4")


def test_k80_0_resistance_blocks_target_permanent_only():
    sc = scenario(me=side(hand=[c("smite", label="s"), c("bolt", label="b")], vp=5),
                  them=side(guard=[c("shield", label="x")]))
    assert A.PlayCard(sc.iid("s"), (sc.ct("x"),)) not in sc.legal(0)
    assert A.PlayCard(sc.iid("b"), (sc.ct("x"),)) in sc.legal(0)


def test_k86_2_passivate_cost_needs_an_active_permanent():
    sc = scenario(me=side(perm=[c("tower", label="t", active=True)]),
                  them=side(guard=[c("grunt", label="g")]))
    sc.submit(0, A.Activate(sc.iid("t"), 0, (sc.ct("g"),)))
    sc.settle()
    assert not sc.card("t").active and sc.card("g").damage == 1
    sc.refused(0, A.Activate(sc.iid("t"), 0, (sc.ct("g"),)), "K 5.5.8")


def test_k5_5_8_passive_non_creature_abilities_do_not_work():
    sc = scenario(me=side(perm=[c("tower", label="t", active=False)]),
                  them=side(guard=[c("grunt", label="g")]))
    sc.refused(0, A.Activate(sc.iid("t"), 0, (sc.ct("g"),)), "K 5.5.8")


def test_k90_once_per_turn_limit():
    sc = scenario(me=side(perm=[c("relic", label="r", active=True)], vp=5,
                          deck=["grunt", "grunt", "grunt"]))
    sc.submit(0, A.Activate(sc.iid("r"), 0, ()))
    sc.settle()
    sc.refused(0, A.Activate(sc.iid("r"), 0, ()), "K 90.1")


def test_k137_4_reaction_ability_prevents_a_spell():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(reserve=[c("warden", label="w", active=True)]))
    sc.play(0, "b", sc.pt(1))
    sc.submit(1, A.Activate(sc.iid("w"), 0, (Target("l", 0),)))
    sc.settle()
    assert sc.life(1) == 20 and not sc.card("w").active


def test_k21_5_3_retarget_when_a_reaction_makes_the_target_illegal():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g"), c("wall", label="w")],
                            hand=[c("dodge", label="d")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    sc.submit(1, A.PlayCard(sc.iid("d"), (Target("l", 0), sc.ct("g"))))
    sc.pass_until("retarget")
    d = sc.decision
    assert d.player == 0
    options = [a.targets for a in sc.legal(0)]
    assert (sc.ct("g"),) not in options and (sc.ct("w"),) in options
    sc.submit(0, A.ChooseTarget((sc.ct("w"),)))
    sc.settle()
    assert sc.zone("g") == "hand" and sc.card("w").damage == 3


def test_k21_5_3_withdrawn_when_no_other_target_exists():
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")], hand=[c("dodge", label="d")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    sc.submit(1, A.PlayCard(sc.iid("d"), (Target("l", 0), sc.ct("g"))))
    sc.settle()
    assert sc.zone("g") == "hand" and sc.zone("b") == "graveyard"
