"""The refusal cases of playing cards, choosing targets, using abilities and regenerating
(:mod:`engine.hkk.play`); see :mod:`tests.refusal_cases`."""

from __future__ import annotations

from engine.hkk import actions as A
from engine.hkk.state import Target
from tests.helpers import Scenario, c, side
from tests.refusal_cases import Attempt, by, case, life_saving, play, scenario


# -- playing a card (play.play_options) -----------------------------------------------------
@case("from_graveyard", "K 131.8")
def _from_graveyard() -> Attempt:
    sc = scenario(me=side(graveyard=[c("grunt", label="g")], vp=5))
    return play(sc, 0, "g")


@case("from_deck", "K 4.2.2")
def _from_deck() -> Attempt:
    sc = scenario(me=side(deck=["grunt"], vp=5))
    return by(sc, 0, A.PlayCard(sc.state.players[0].deck[0]))


@case("from_void", "K 4.8.4")
def _from_void() -> Attempt:
    sc = scenario(me=side(void=[c("grunt", label="g")], vp=5))
    return play(sc, 0, "g")


@case("being_played", "K 4.21.1")
def _being_played() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    sc.play(0, "b", sc.pt(1))
    sc.pass_(1)                                     # the respond window comes back to player 0
    assert (sc.decision.kind, sc.decision.player) == ("respond", 0)
    return play(sc, 0, "b", sc.pt(1))


@case("not_in_hand", "K 4.4.5")
def _not_in_hand() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g")], vp=5))
    return play(sc, 0, "g")


@case("creature_timing", "K 8.1.1")
def _creature_timing() -> Attempt:
    sc = scenario(them=side(hand=[c("grunt", label="g")], vp=5))
    sc.pass_(0)
    return play(sc, 1, "g")


@case("spell_timing", "K 8.5.2")
def _spell_timing() -> Attempt:
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")]), phase="healing")
    return play(sc, 0, "b", sc.ct("g"))


@case("building_timing", "K 8.6")
def _building_timing() -> Attempt:
    sc = scenario(them=side(hand=[c("fort", label="f")], vp=5))
    sc.pass_(0)
    return play(sc, 1, "f")


@case("item_timing", "K 8.7")
def _item_timing() -> Attempt:
    sc = scenario(me=side(hand=[c("relic", label="r")], vp=5), phase="healing")
    return play(sc, 0, "r")


@case("only_reactions", "K 94.0")
def _only_reactions_card() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(hand=[c("bolt", label="x")], vp=5))
    sc.play(0, "b", sc.pt(1))
    return play(sc, 1, "x", sc.pt(0))


@case("reaction_needs_action", "K 57.0")
def _reaction_needs_action() -> Attempt:
    sc = scenario(me=side(hand=[c("nope", label="n")], vp=5))
    return play(sc, 0, "n")


@case("life_saving_only", "K 37.0")
def _life_saving_only_card() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("bolt", label="x")], vp=9),
                  them=side(reserve=[c("grunt", label="g")]))
    sc.play(0, "b", sc.ct("g"))
    life_saving(sc, 0)
    return play(sc, 0, "x", sc.pt(1))


@case("cond_god", "K 21.4")
def _cond_god() -> Attempt:
    sc = scenario(me=side(hand=[c("zealot", label="z")], vp=5))
    return play(sc, 0, "z")


@case("cond_creatures", "K 21.4")
def _cond_creatures() -> Attempt:
    sc = scenario(me=side(hand=[c("rally", label="r")], reserve=["grunt"], vp=5))
    return play(sc, 0, "r")


@case("cond_life", "K 21.4")
def _cond_life() -> Attempt:
    sc = scenario(me=side(hand=[c("lastditch", label="l")], life=6, vp=5))
    return play(sc, 0, "l")


@case("cond_more", "K 21.4")
def _cond_more() -> Attempt:
    sc = scenario(me=side(hand=[c("underdog", label="u")], reserve=["grunt"], vp=5),
                  them=side(reserve=["grunt"]))
    return play(sc, 0, "u")


@case("cond_guard", "K 21.4")
def _cond_guard() -> Attempt:
    sc = scenario(me=side(hand=[c("siege", label="s")], vp=5), them=side(guard=["grunt"]))
    return play(sc, 0, "s")


@case("cond_turn", "K 21.4")
def _cond_turn() -> Attempt:
    sc = scenario(them=side(hand=[c("ambush", label="a")], vp=5))
    sc.pass_(0)
    return play(sc, 1, "a")


@case("no_vp", "K 4.20.3")
def _no_vp_card() -> Attempt:
    sc = scenario(me=side(hand=[c("brute", label="b")], vp=2))
    return play(sc, 0, "b")


@case("no_mc", "K 7.0.1")
def _no_mc() -> Attempt:
    sc = scenario(me=side(hand=[c("pricey", label="p")], vp=5, mc=1))
    return play(sc, 0, "p")


# -- targets (play.no_target_refusal, play.target_refusal) --------------------------------
@case("no_target", "K 21.5.1")
def _no_target() -> Attempt:
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5))
    return play(sc, 0, "b")


@case("no_target_immune", "K 132.4")
def _no_target_immune() -> Attempt:
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5),
                  them=side(guard=[c("warded", label="w")]))
    return play(sc, 0, "b", sc.ct("w"))


@case("no_target_resistant", "K 80")
def _no_target_resistant() -> Attempt:
    sc = scenario(me=side(hand=[c("smite", label="s")], vp=5),
                  them=side(guard=[c("shield", label="x")]))
    return play(sc, 0, "s", sc.ct("x"))


@case("no_host", "K 8.5.5")
def _no_host() -> Attempt:
    sc = scenario(me=side(hand=[c("bless", label="x")], vp=5), them=side(reserve=["grunt"]))
    return play(sc, 0, "x")


@case("no_dying_target", "K 37.0")
def _no_dying_target() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("salve", label="s")],
                          reserve=[c("wall", label="w")], vp=9),
                  them=side(reserve=[c("grunt", label="g")]))
    sc.play(0, "b", sc.ct("g"))
    life_saving(sc, 0)
    return play(sc, 0, "s", sc.ct("w"))


@case("no_ability_target", "K 21.5.2")
def _no_ability_target() -> Attempt:
    sc = scenario(me=side(perm=[c("tower", label="t", active=True)]))
    return by(sc, 0, A.Activate(sc.iid("t"), 0))


@case("target_count", "K 21.5")
def _target_count() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    return play(sc, 0, "b")


@case("bad_targets", "K 21.5")
def _bad_targets() -> Attempt:
    sc = scenario(me=side(hand=[c("blast", label="b")], reserve=[c("grunt", label="mine")], vp=5),
                  them=side(reserve=["grunt"]))
    return play(sc, 0, "b", sc.ct("mine"))


@case("magic_immune", "K 132.4")
def _magic_immune() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("warded", label="w")]))
    return play(sc, 0, "b", sc.ct("w"))


@case("resistant", "K 80")
def _resistant() -> Attempt:
    sc = scenario(me=side(hand=[c("smite", label="s")], vp=5),
                  them=side(guard=[c("shield", label="x"), "grunt"]))
    return play(sc, 0, "s", sc.ct("x"))


@case("bad_host", "K 8.5.5")
def _bad_host() -> Attempt:
    sc = scenario(me=side(hand=[c("bless", label="x")], reserve=["grunt"], vp=5),
                  them=side(reserve=[c("grunt", label="g")]))
    return play(sc, 0, "x", sc.ct("g"))


@case("no_line_target", "K 57.1")
def _no_line_target() -> Attempt:
    sc = scenario(me=side(hand=[c("grunt", label="g")], vp=5),
                  them=side(hand=[c("nope", label="n")], vp=5))
    sc.play(0, "g")                                 # a creature: "nope" answers only spells
    return play(sc, 1, "n", Target("l", 0))


@case("bad_line_target", "K 57.1")
def _bad_line_target() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("rebuff", label="r")], vp=5),
                  them=side(hand=[c("nope", label="n")], vp=5))
    sc.play(0, "b", sc.pt(1))
    sc.play(1, "n", Target("l", 0))
    return play(sc, 0, "r", Target("l", 0))         # "rebuff" answers reactions, not the bolt


@case("not_dying", "K 37.0")
def _not_dying() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("mend", label="m")],
                          reserve=[c("wall", label="w", damage=1)], vp=9),
                  them=side(reserve=[c("grunt", label="g")]))
    sc.play(0, "b", sc.ct("g"))
    life_saving(sc, 0)
    return play(sc, 0, "m", sc.ct("w"))


@case("bad_ability_targets", "K 21.5.2")
def _bad_ability_targets() -> Attempt:
    sc = scenario(me=side(perm=[c("tower", label="t", active=True)],
                          reserve=[c("grunt", label="mine")]),
                  them=side(reserve=["grunt"]))
    return by(sc, 0, A.Activate(sc.iid("t"), 0, (sc.ct("mine"),)))


@case("bad_ability_targets", "K 21.5.2")
def _bad_trigger_targets() -> Attempt:
    sc = scenario(me=side(hand=[c("healer", label="h")], reserve=["wall"], vp=5))
    sc.play(0, "h")
    sc.pass_until("trigger_target")
    return by(sc, 0, A.ChooseTarget((sc.pt(1),)))


# -- abilities (play.ability_options) -------------------------------------------------------
@case("hand_ability", "K 93.4.0")
def _hand_ability() -> Attempt:
    sc = scenario(me=side(hand=[c("relic", label="r")], vp=5))
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


@case("graveyard_ability", "K 93.6.0")
def _graveyard_ability() -> Attempt:
    sc = scenario(me=side(graveyard=[c("relic", label="r")], vp=5))
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


@case("not_on_table", "K 4.6.0")
def _not_on_table() -> Attempt:
    sc = scenario(me=side(deck=["relic"], vp=5))
    return by(sc, 0, A.Activate(sc.state.players[0].deck[0], 0))


@case("no_ability", "K 136.0")
def _no_ability() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g")]))
    return by(sc, 0, A.Activate(sc.iid("g"), 0))


@case("passive_off", "K 5.5.8")
def _passive_off() -> Attempt:
    sc = scenario(me=side(perm=[c("tower", label="t", active=False)]),
                  them=side(guard=[c("grunt", label="g")]))
    return by(sc, 0, A.Activate(sc.iid("t"), 0, (sc.ct("g"),)))


@case("only_reactions", "K 94.0")
def _only_reactions_ability() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(perm=[c("tower", label="t", active=True)], reserve=["grunt"]))
    sc.play(0, "b", sc.pt(1))
    return by(sc, 1, A.Activate(sc.iid("t"), 0, (sc.ct("t"),)))


@case("life_saving_only", "K 37.0")
def _life_saving_only_ability() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], perm=[c("relic", label="r", active=True)],
                          vp=9, deck=["grunt"]),
                  them=side(reserve=[c("grunt", label="g")]))
    sc.play(0, "b", sc.ct("g"))
    life_saving(sc, 0)
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


@case("limit_used", "K 90.1")
def _limit_used() -> Attempt:
    sc = scenario(me=side(perm=[c("relic", label="r", active=True)], vp=5, deck=["grunt"]))
    sc.submit(0, A.Activate(sc.iid("r"), 0))
    sc.settle()
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


@case("limit_own_turn", "K 90.3")
def _limit_own_turn() -> Attempt:
    sc = scenario(them=side(perm=[c("charm", label="x", active=True)], vp=5))
    sc.pass_(0)
    return by(sc, 1, A.Activate(sc.iid("x"), 0))


@case("limit_opp_turn", "K 90.5")
def _limit_opp_turn() -> Attempt:
    sc = scenario(me=side(perm=[c("ward", label="x", active=True)], vp=5))
    return by(sc, 0, A.Activate(sc.iid("x"), 0))


@case("cannot_passivate", "K 86.2")
def _cannot_passivate() -> Attempt:
    sc = scenario(me=side(reserve=[c("warden", label="w", active=False)]))
    return by(sc, 0, A.Activate(sc.iid("w"), 0))


@case("no_vp", "K 4.20.3")
def _no_vp_ability() -> Attempt:
    sc = scenario(me=side(perm=[c("relic", label="r", active=True)], vp=0, deck=["grunt"]))
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


# -- regeneration (play.regenerate_refusal) ---------------------------------------------------
def _troll_dying(vp: int, damage: int = 2) -> Scenario:
    """Player 0 bolts player 1's damaged troll (3 HP, +1 in player 0's turn) to 0 HP or below;
    player 1 may now save it."""
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(reserve=[c("troll", label="t", damage=damage), c("grunt", label="g")],
                            vp=vp))
    sc.play(0, "b", sc.ct("t"))
    return life_saving(sc, 1)


@case("no_regen", "K 136.6")
def _no_regen() -> Attempt:
    sc = _troll_dying(5)
    return by(sc, 1, A.Regenerate(sc.iid("g")))


@case("no_damage", "K 136.8")
def _no_damage() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(reserve=[c("troll", label="t"), c("grunt", label="g")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    life_saving(sc, 1)
    return by(sc, 1, A.Regenerate(sc.iid("t")))


@case("regen_max", "K 136.7")
def _regen_max() -> Attempt:
    sc = _troll_dying(9, damage=5)                 # 3+1 HP, 8 damage: 4 regenerations leave 0
    for _ in range(4):
        sc.submit(1, A.Regenerate(sc.iid("t")))
        life_saving(sc, 1)
    assert sc.card("t").regenerated == 4
    return by(sc, 1, A.Regenerate(sc.iid("t")))


@case("no_vp", "K 4.20.3")
def _no_vp_regeneration() -> Attempt:
    sc = _troll_dying(0)
    return by(sc, 1, A.Regenerate(sc.iid("t")))


@case("regen_not_wounded", "K 136.8")
def _regen_not_wounded() -> Attempt:
    """The troll was damaged in an earlier turn; the window is for the grunt just bolted."""
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(reserve=[c("troll", label="t", damage=1), c("grunt", label="g")],
                            vp=5))
    sc.play(0, "b", sc.ct("g"))
    life_saving(sc, 1)
    return by(sc, 1, A.Regenerate(sc.iid("t")))
