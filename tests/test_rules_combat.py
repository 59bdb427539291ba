"""Combat scenario tests (K 33-38, 14-15, 67, 131-132), named after their Kódex rules."""

from engine.hkk import actions as A
from engine.hkk.state import Target
from tests.helpers import c, scenario, side


def combat(me, them, attacks=(), step=1, **kw):
    return scenario(me=me, them=them, phase="combat", step=step, attacks=attacks, **kw)


def test_k34_1_only_guard_post_creatures_can_attack():
    sc = combat(side(guard=[c("grunt", label="a")], reserve=[c("brute", label="r", active=True)]),
                side())
    assert sc.decision.kind == "declare"
    sc.refused(0, A.DeclareAttack(sc.iid("r"), sc.pt(1)), "K 34.1")
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))


def test_k34_4_cannot_attack_player_unless_every_guard_is_attacked():
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b")]),
                side(guard=[c("wall", label="w1"), c("wall", label="w2")]))
    err = sc.refused(0, A.DeclareAttack(sc.iid("a"), sc.pt(1)), "K 34.4")
    assert "break through" in err.message
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w1")))
    sc.refused(0, A.DeclareAttack(sc.iid("b"), sc.pt(1)), "K 34.4")
    assert A.DeclareAttack(sc.iid("b"), sc.pt(1)) not in sc.legal(0)


def test_k34_4_break_through_once_every_guard_is_attacked():
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b")]),
                side(guard=[c("wall", label="w")], life=20))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.pt(1)))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.life(1) == 18


def test_k34_4_empty_guard_post_can_be_broken_through():
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.life(1) == 18


def test_k34_4_withdrawing_a_guard_attack_blocks_finishing_a_break_through():
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.pt(1)))
    sc.submit(0, A.WithdrawAttack(sc.iid("a")))
    sc.refused(0, A.Pass(), "K 34.4")


def test_k34_5_at_most_two_attackers_on_one_creature():
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b"), c("grunt", label="d")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))
    sc.refused(0, A.DeclareAttack(sc.iid("d"), sc.ct("w")), "K 34.5")


def test_k34_8_defender_chooses_which_attacker_to_hit_back():
    sc = combat(side(guard=[c("grunt", label="a"), c("brute", label="b")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))
    sc.submit(0, A.Pass())
    d = sc.decision
    assert (d.player, d.kind) == (1, "hit_back")
    sc.refused(1, A.ChooseHitBack(sc.iid("w"), sc.iid("w")), "K 34.8")
    sc.submit(1, A.ChooseHitBack(sc.iid("w"), sc.iid("a")))
    sc.pass_until("priority", "main2")
    # wall (1 damage +1 defence bonus = 2) hit the grunt (2 HP) back; the brute is untouched
    assert sc.zone("a") == "graveyard"
    assert sc.card("b").damage == 0


def test_k5_4_2_k34_11_passive_buildings_cannot_be_attacked():
    sc = combat(side(guard=[c("grunt", label="a")]),
                side(perm=[c("fort", label="f", active=False), c("tower", label="t", active=True)]))
    sc.refused(0, A.DeclareAttack(sc.iid("a"), sc.ct("f")), "K 5.4.2")
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("t")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.card("t").damage == 2


def test_k34_10_building_destroyed_when_sp_reaches_zero():
    sc = combat(side(guard=[c("brute", label="a"), c("grunt", label="b")]),
                side(perm=[c("fort", label="f", active=True)]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("f")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.zone("f") == "graveyard"


def test_k36_1_strikes_are_simultaneous_and_both_can_die():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("grunt", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.zone("g") == "graveyard"          # 3 damage vs 2+1 HP
    assert sc.card("a").damage == 3             # grunt 2 +1 defence bonus
    assert sc.zone("a") == "guard"


def test_k38_0_defence_bonus_gives_non_active_creatures_plus_one():
    sc = combat(side(guard=[c("grunt", label="a")]), side(guard=[c("grunt", label="g")]))
    assert (sc.dmg("a"), sc.hp("a")) == (2, 2)
    assert (sc.dmg("g"), sc.hp("g")) == (3, 3)
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.zone("a") == "graveyard" and sc.zone("g") == "guard"


def test_k15_3_magic_defence_stops_non_magic_strike():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("golem", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.card("g").damage == 0


def test_k14_2_magic_attack_damages_magic_defence():
    sc = combat(side(guard=[c("mage", label="m")]), side(guard=[c("golem", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("m"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.card("g").damage == 2


def test_k35_8_direct_damage_combat_ability_spends_vp():
    sc = combat(side(guard=[c("lancer", label="l")], vp=5),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("l"), sc.ct("w")))
    sc.submit(0, A.Pass())
    sc.pass_until("combat_abilities")
    assert A.UseCombatAbility(sc.iid("l"), 4) not in sc.legal(0)       # at most +3
    sc.refused(0, A.UseCombatAbility(sc.iid("l"), 4), "K 129.5")
    sc.submit(0, A.UseCombatAbility(sc.iid("l"), 3))
    sc.pass_until("priority", "main2")
    assert sc.vp(0) == 2
    # 3 (ability) + 2 (strike) = 5 damage on a wall with 5+1 HP
    assert sc.card("w").damage == 5 and sc.zone("w") == "guard"


def test_k36_7_defender_whose_attacker_left_play_does_not_strike():
    sc = combat(side(guard=[c("grunt", label="a")], vp=5),
                side(guard=[c("wall", label="w")], hand=["bounce"], vp=5))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority")
    # the defender's controller returns the attacker before the strike
    while sc.state.step != 6:
        sc.pass_()
    sc.pass_(0)
    sc.play(1, "bounce", sc.ct("a"))
    sc.pass_until("priority", "main2")
    assert sc.zone("a") == "hand"
    assert sc.card("w").damage == 0


def test_k67_1_opponent_extracts_monster_components_when_a_creature_dies():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("grunt", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.state.players[0].mc == 1               # grunt yields 1


def test_k131_3_invisible_attacker_breaks_through_alone():
    sc = combat(side(guard=[c("sneak", label="s")]), side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("s"), sc.pt(1)))


def test_k131_4_see_invisibility_in_guard_post_stops_it():
    sc = combat(side(guard=[c("sneak", label="s")]), side(guard=[c("seer", label="w")]))
    sc.refused(0, A.DeclareAttack(sc.iid("s"), sc.pt(1)), "K 131.4")


def test_k132_13_cannot_be_damaged():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("ghost", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.zone("g") == "guard" and sc.card("g").damage == 0


def test_k110_attack_related_effect_pumps_the_attacker():
    sc = combat(side(guard=[c("berserker", label="b")]), side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "main2")
    assert sc.card("w").damage == 3                  # 1 + 2 until end of turn


def test_k37_0_life_saving_heal_saves_a_dying_defender():
    sc = combat(side(guard=[c("brute", label="a")]),
                side(guard=[c("grunt", label="g")], hand=["mend"], vp=3))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("life_saving")
    d = sc.decision
    assert d.kind == "life_saving"
    if d.player == 0:
        sc.pass_(0)
    sc.play(1, "mend", sc.ct("g"))
    sc.pass_until("priority", "main2")
    assert sc.zone("g") == "guard"


def test_k136_8_regeneration_is_a_life_saving_action():
    sc = combat(side(guard=[c("brute", label="a"), c("grunt", label="b")]),
                side(guard=[c("troll", label="t")], vp=10))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("t")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("t")))
    sc.submit(0, A.Pass())
    sc.submit(1, A.ChooseHitBack(sc.iid("t"), sc.iid("a")))
    sc.pass_until("life_saving")
    if sc.decision.player == 0:
        sc.pass_(0)
    # 5 damage on 3+1 HP: one regeneration (1 VP each, max 4 per turn) brings it back to 0 -> 1
    for _ in range(2):
        sc.submit(1, A.Regenerate(sc.iid("t")))
        sc.pass_until("life_saving")
        if sc.decision.player == 0:
            sc.pass_(0)
    sc.pass_until("priority", "main2")
    assert sc.zone("t") == "guard"
    assert sc.vp(1) == 8
