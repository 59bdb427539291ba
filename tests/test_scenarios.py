"""The shipped rule scenarios (saves/hkk/scenarios/*.toml) on the real card pool.

1. every file loads, passes ``check`` against decks/hkk/pool and starts with a pending decision;
2. the key moment of each scenario, played with ``game.submit``, shows what its description
   promises (tests named after the Kódex rule);
3. broken scenario files give clear error messages.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk import pool as P
from engine.hkk.scenario import ScenarioError, check, load_toml
from engine.hkk.session import scenario_game
from engine.hkk.state import Target
from tests.helpers import Scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "saves" / "hkk" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
POOL = P.load_pool()


def load(name: str, **options) -> Scenario:
    """Start a shipped scenario; the game stops at every decision (auto_pass off)."""
    path = SCENARIOS / name
    spec = load_toml(path.read_text(encoding="utf-8"), str(path))
    opts = {"auto_pass": False}
    opts.update(options)
    return Scenario(spec, scenario_game(spec, pool=POOL, options=opts))


def finish_combat(sc: Scenario) -> None:
    """Both players pass through the rest of combat until main phase 2 priority."""
    sc.pass_until("priority", "main2", player=sc.state.active)


def pass_life_saving_to(sc: Scenario, player: int) -> None:
    """Open life-saving window: the other player passes until ``player`` may act."""
    sc.pass_until("life_saving")
    if sc.decision.player != player:
        sc.pass_()
    assert sc.decision.kind == "life_saving" and sc.decision.player == player


# ---------------------------------------------------------------------------- 1. all files
def test_at_least_twelve_scenarios_are_shipped():
    assert len(FILES) >= 12, [f.name for f in FILES]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_loads_checks_and_starts(path):
    spec = load_toml(path.read_text(encoding="utf-8"), str(path))
    check(spec, POOL)
    for text in (spec.title, spec.description):
        assert text.hu.strip() and text.en.strip(), f"{path.name}: title/description missing"
    for side in spec.players:      # over-full only where an over-full post is the point
        assert len(side.guard) <= 3 or "K 5.4.4" in spec.description.en, \
            f"{path.name}: more than 3 creatures in a guard post"
    game = scenario_game(spec, pool=POOL, options={"auto_pass": False})
    decision = game.pending()
    assert decision is not None, f"{path.name}: no pending decision after setup"
    assert game.state.result is None
    assert game.legal_actions(decision.player), f"{path.name}: the decision has no answer"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_is_listed_in_the_readme(path):
    assert path.name in (SCENARIOS / "README.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------- 2. key moments
def test_k34_4_break_through_scenario():
    sc = load("k34-4-break-through.toml")
    assert sc.decision.kind == "declare"
    err = sc.refused(0, A.DeclareAttack(sc.iid("szovetfalo"), sc.pt(1)), "K 34.4")
    assert "break through" in err.message
    sc.submit(0, A.DeclareAttack(sc.iid("paladin"), sc.ct("ujonc")))
    sc.submit(0, A.DeclareAttack(sc.iid("szovetfalo"), sc.pt(1)))
    sc.submit(0, A.Pass())
    finish_combat(sc)
    assert sc.life(1) == 17, "the Tissue Eater broke through and dealt 3 damage"
    assert sc.zone("ujonc") == "graveyard"          # 3 damage on 2+1 HP


def test_k34_5_k34_8_two_attackers_hit_back_scenario():
    sc = load("k34-8-two-attackers-hit-back.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("ujonc"), sc.ct("fenevad")))
    sc.submit(0, A.DeclareAttack(sc.iid("lovas"), sc.ct("fenevad")))
    sc.refused(0, A.DeclareAttack(sc.iid("harcos"), sc.ct("fenevad")), "K 34.5")
    # every guard is attacked: the third creature may break through to the player
    sc.submit(0, A.DeclareAttack(sc.iid("harcos"), sc.pt(1)))
    sc.submit(0, A.Pass())
    d = sc.decision
    assert (d.player, d.kind) == (1, "hit_back")
    assert set(sc.legal(1)) == {A.ChooseHitBack(sc.iid("fenevad"), sc.iid("ujonc")),
                                A.ChooseHitBack(sc.iid("fenevad"), sc.iid("lovas"))}
    sc.submit(1, A.ChooseHitBack(sc.iid("fenevad"), sc.iid("lovas")))
    finish_combat(sc)
    assert sc.zone("lovas") == "graveyard", "the chosen attacker was hit back"
    assert sc.zone("ujonc") == "guard" and sc.card("ujonc").damage == 0
    assert sc.zone("fenevad") == "guard" and sc.card("fenevad").damage == 3
    assert sc.life(1) == 18


def test_k38_0_defence_bonus_scenario():
    sc = load("k38-0-defence-bonus.toml")
    assert (sc.dmg("tamado"), sc.hp("tamado")) == (3, 3)
    assert (sc.dmg("vedo"), sc.hp("vedo")) == (4, 4), "defence bonus +1/+1 in the enemy's turn"
    sc.submit(0, A.DeclareAttack(sc.iid("tamado"), sc.ct("vedo")))
    sc.submit(0, A.Pass())
    finish_combat(sc)
    assert sc.zone("tamado") == "graveyard"
    assert sc.zone("vedo") == "guard" and sc.card("vedo").damage == 3
    assert sc.state.players[1].mc == 1                 # K 67.1: extracted from the attacker


def test_k15_3_k14_2_magic_defence_scenario():
    sc = load("k15-3-magic-defence.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("szovetfalo"), sc.ct("golem")))
    sc.submit(0, A.DeclareAttack(sc.iid("viharhivo"), sc.ct("golem")))
    sc.submit(0, A.Pass())
    sc.submit(1, A.ChooseHitBack(sc.iid("golem"), sc.iid("szovetfalo")))
    finish_combat(sc)
    # 3 (magic attack) + 0 (non-magic strike vs magic defence) on 4+1 HP
    assert sc.card("golem").damage == 3 and sc.zone("golem") == "guard"
    assert sc.zone("szovetfalo") == "graveyard"       # golem hits back 3+1
    assert sc.card("viharhivo").damage == 0


def test_k94_7_reaction_line_three_deep_resolves_last_in_first_out():
    sc = load("k94-7-reaction-line.toml")
    assert (sc.decision.player, sc.decision.kind) == (0, "priority")
    sc.play(0, "nyil", sc.pt(1))
    assert (sc.decision.player, sc.decision.kind) == (1, "respond")
    sc.play(1, "jel", Target("l", 0))
    line = sc.state.line
    assert len(line) == 3, "spell, reaction, automatic reaction to the reaction"
    assert [(i.kind, i.controller) for i in line] == [("card", 0), ("card", 1), ("auto", 0)]
    assert line[0].card == sc.iid("nyil") and line[1].card == sc.iid("jel")
    assert line[2].card == sc.iid("atok")
    events = []
    for _ in range(10):
        d = sc.decision
        if d.kind == "priority" and d.player == 0 and not sc.state.line:
            break
        events += sc.submit(d.player, A.Pass())
    names = [type(e).__name__ for e in events]
    # last in, first out: the curse's damage happens before the sign prevents the dart
    assert names.index("LifeChanged") < names.index("LineItemPrevented")
    assert sc.life(1) == 19, "only the Echoing Curse's 1 damage; the dart was prevented"
    assert sc.zone("nyil") == "graveyard" and sc.zone("jel") == "graveyard"
    assert sc.vp(0) == 0 and sc.vp(1) == 0


def test_k37_0_life_saving_scenario():
    sc = load("k37-0-life-saving.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("szovetfalo"), sc.ct("ujonc")))
    sc.submit(0, A.Pass())
    pass_life_saving_to(sc, 1)
    assert sc.hp("ujonc") <= 0, "the recruit is dying"
    sc.play(1, "kotes", sc.ct("ujonc"))
    finish_combat(sc)
    assert sc.zone("ujonc") == "guard", "saved by Field Dressing"
    assert sc.zone("kotes") == "graveyard"
    assert sc.card("szovetfalo").damage == 2


def test_k37_0_life_saving_scenario_without_saving_the_creature_dies():
    sc = load("k37-0-life-saving.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("szovetfalo"), sc.ct("ujonc")))
    sc.submit(0, A.Pass())
    finish_combat(sc)
    assert sc.zone("ujonc") == "graveyard"


def test_k40_3_turn_break_scenario():
    sc = load("k40-3-turn-break.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("paladin"), sc.ct("ujonc")))
    sc.submit(0, A.DeclareAttack(sc.iid("szovetfalo"), sc.pt(1)))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "combat", player=1)
    assert sc.state.step == 3, "the window before the combat abilities"
    sc.play(1, "idotores")
    sc.pass_until("priority", player=0)  # stops at the next priority, whoever's turn it is
    assert sc.zone("idotores") == "graveyard"
    assert sc.life(1) == 20, "no strike: the turn ended before it"
    assert sc.zone("ujonc") == "guard" and sc.card("ujonc").damage == 0
    assert sc.zone("paladin") == "guard"
    assert sc.state.active == 1, "the turn ended and the opponent's turn began"


def test_k131_3_invisibility_scenario():
    sc = load("k131-3-invisibility.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("kodlepo"), sc.pt(1)))
    sc.submit(0, A.Pass())
    finish_combat(sc)
    assert sc.life(1) == 18


def test_k131_4_see_invisibility_scenario():
    sc = load("k131-4-see-invisibility.toml")
    sc.refused(0, A.DeclareAttack(sc.iid("kodlepo"), sc.pt(1)), "K 131.4")
    sc.submit(0, A.DeclareAttack(sc.iid("lovas"), sc.ct("orszem")))
    sc.submit(0, A.DeclareAttack(sc.iid("kodlepo"), sc.ct("ujonc")))
    sc.submit(0, A.Pass())
    finish_combat(sc)
    assert sc.life(1) == 20


def test_k5_5_8_passive_building_scenario():
    sc = load("k5-5-8-passive-building.toml")
    assert not sc.card("torony").active
    sc.submit(0, A.DeclareAttack(sc.iid("kodlepo"), sc.pt(1)))
    sc.submit(0, A.Pass())
    finish_combat(sc)
    assert sc.life(1) == 18


def test_k5_5_8_the_same_watchtower_active_stops_the_invisible_attacker():
    import msgspec

    sc = load("k5-5-8-passive-building.toml")
    spec = sc.spec
    them = spec.players[1]
    perm = tuple(msgspec.structs.replace(s, active=True) for s in them.perm)
    spec = msgspec.structs.replace(
        spec, players=(spec.players[0], msgspec.structs.replace(them, perm=perm)))
    active = Scenario(spec, scenario_game(spec, pool=POOL, options={"auto_pass": False}))
    active.refused(0, A.DeclareAttack(active.iid("kodlepo"), active.pt(1)), "K 131.4")


def test_k136_8_regeneration_scenario():
    sc = load("k136-8-regeneration.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("paladin"), sc.ct("harcos")))
    sc.submit(0, A.Pass())
    pass_life_saving_to(sc, 1)
    sc.refused(1, A.Regenerate(sc.iid("paladin")), "K 2.6.2")
    for _ in range(2):
        sc.submit(1, A.Regenerate(sc.iid("harcos")))
        pass_life_saving_to(sc, 1)
    assert sc.hp("harcos") == 1
    finish_combat(sc)
    assert sc.zone("harcos") == "guard"
    assert sc.vp(1) == 0
    assert sc.zone("paladin") == "graveyard"
    assert len(sc.state.players[0].hand) == 1, "the paladin's death drew a card"


def test_k136_8_regeneration_only_as_a_life_saving_action():
    sc = load("k136-8-regeneration.toml")
    sc.submit(0, A.DeclareAttack(sc.iid("paladin"), sc.ct("harcos")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "combat", player=1)
    sc.refused(1, A.Regenerate(sc.iid("harcos")), "K 136.8")


def test_k29_6_monster_sacrifice_scenario():
    sc = load("k29-6-monster-sacrifice.toml")
    assert (sc.decision.player, sc.decision.kind) == (0, "sacrifice_mc")
    sc.submit(0, A.SacrificeForMc(sc.iid("larva")))
    assert sc.zone("larva") == "graveyard"
    assert sc.state.players[1].mc == 0, "no components for the opponent (K 67.3)"
    sc.pass_until("priority", "main1", player=0)
    assert sc.state.players[0].mc >= 2, "the sacrifice yields the larva's 2 components"
    sc.play(0, "felfalas", sc.ct("griff"))
    sc.settle()
    assert sc.zone("griff") == "graveyard"
    # 2 + 1 (larva's death effect) - 2 (Devour) + 2 (extracted from the griffin, K 67.1)
    assert sc.state.players[0].mc == 3
    assert sc.vp(0) == 0


def test_k29_6_sacrificed_larva_death_effect_happens_in_the_prep_phase():
    sc = load("k29-6-monster-sacrifice.toml")
    sc.submit(0, A.SacrificeForMc(sc.iid("larva")))
    sc.pass_until("priority", "main1", player=0)
    assert not sc.state.triggers, "a related effect of the sacrifice is still waiting"
    assert sc.state.players[0].mc == 3, (
        "2 components for the sacrifice + 1 from the Slime Larva's death related effect "
        "should be there before the main phase")


def test_k5_5_5_enchantment_falls_off_scenario():
    sc = load("k5-5-5-enchantment-falls-off.toml")
    (serum,) = sc.card("szovetfalo").attachments
    assert (sc.dmg("szovetfalo"), sc.hp("szovetfalo")) == (6, 6)
    sc.play(0, "szel", sc.ct("szovetfalo"))
    sc.settle()
    assert sc.zone("szovetfalo") == "hand"
    assert sc.state.cards[serum].zone == "graveyard"
    assert sc.state.cards[serum].cid == "chara-din-mutagen-szerum"


def _dart_the_opponent(sc: Scenario) -> None:
    sc.play(0, "nyil", sc.pt(1))
    sc.settle()
    assert sc.life(1) == -1
    assert sc.state.result is None, "life <= 0 during the turn is not yet a loss"


def test_k3_14_end_of_turn_win_check_heal_in_time():
    sc = load("k3-14-end-of-turn-win-check.toml")
    _dart_the_opponent(sc)
    sc.pass_(0)
    assert (sc.decision.player, sc.decision.kind) == (1, "priority")
    sc.submit(1, A.Activate(sc.iid("tarsoly"), 0, (sc.pt(1),)))
    sc.pass_until("priority", player=1)
    while sc.state.active == 0:
        sc.pass_()
    assert sc.state.result is None
    assert sc.life(1) == 1


def test_k3_14_end_of_turn_win_check_loses_at_end_of_turn():
    sc = load("k3-14-end-of-turn-win-check.toml")
    _dart_the_opponent(sc)
    phases, events = [], []
    for _ in range(40):
        if sc.state.result is not None:
            break
        phases.append(sc.state.phase)
        events += sc.pass_()
    assert sc.state.result is not None, "the game should end at the end of the turn"
    assert {"main2", "healing"} <= set(phases), "the rest of the turn was played"
    steps = E.steps_begun(events)
    assert steps[-1] == ("end", 5), "the loss is checked at the very end of the turn"
    assert (sc.state.result.winner, sc.state.result.rule) == (0, "K 3.14")


def test_k29_3_vp_regeneration_scenario():
    sc = load("k29-3-vp-regeneration.toml")
    assert sc.vp(0) == 4 + 5 // 2


def test_k5_4_3_guard_post_limit_scenario():
    sc = load("k5-4-3-guard-post-limit.toml")
    sc.refused(0, A.MoveToGuard(sc.iid("ijasz")), "K 32.1")
    sc.submit(0, A.MoveToGuard(sc.iid("paladin")))
    assert len(sc.state.players[0].guard) == 3
    err = sc.refused(0, A.MoveToGuard(sc.iid("zaszlo")), "K 5.4.3")
    assert "at most 3" in err.message
    assert A.MoveToGuard(sc.iid("zaszlo")) not in sc.legal(0)
    sc.submit(0, A.MoveToReserve(sc.iid("ujonc")))
    sc.submit(0, A.MoveToGuard(sc.iid("zaszlo")))
    assert sc.zone("zaszlo") == "guard" and sc.zone("ujonc") == "reserve"


def test_k5_4_4_overfull_guard_post_scenario():
    sc = load("k5-4-4-overfull-guard-post.toml")
    sc.play(0, "orszem")
    sc.settle()
    assert sc.zone("orszem") == "guard" and sc.card("orszem").active
    assert len(sc.state.players[0].guard) == 4                       # K 5.4.3.1
    sc.pass_until("exchange")
    err = sc.refused(0, A.Pass(), "K 5.4.4")
    assert "withdraw" in err.message
    sc.submit(0, A.MoveToReserve(sc.iid("ujonc")))
    sc.submit(0, A.Pass())
    assert len(sc.state.players[0].guard) == 3 and sc.state.phase != "exchange"


def test_k21_5_3_ward_retarget_scenario():
    sc = load("k21-5-3-ward-retarget.toml")
    sc.play(0, "nyil", sc.ct("tanonc"))
    sc.submit(1, A.PlayCard(sc.iid("burok"), (Target("l", 0), sc.ct("tanonc"))))
    sc.pass_until("retarget")
    options = [a.targets for a in sc.legal(0)]
    assert (sc.ct("tanonc"),) not in options and (sc.ct("kodlepo"),) in options
    sc.submit(0, A.ChooseTarget((sc.ct("kodlepo"),)))
    sc.settle()
    assert sc.zone("kodlepo") == "graveyard" and sc.zone("tanonc") == "guard"


# ---------------------------------------------------------------------------- 3. bad files
GOOD = """\
title = {hu = "x", en = "x"}
active = 0
phase = "combat"
step = 1
[[players]]
guard = [{card = "raia-hajnali-ujonc", label = "a"}]
[[players]]
guard = ["raia-hajnali-ujonc"]
"""


def _error(text: str, source: str = "bad.toml") -> str:
    with pytest.raises(ScenarioError) as info:
        spec = load_toml(text, source)
        check(spec, POOL)
    return str(info.value)


def test_the_error_fixture_itself_is_good():
    check(load_toml(GOOD), POOL)


def test_toml_syntax_error_names_the_line():
    msg = _error(GOOD.replace('step = 1', 'step = = 1'))
    assert "bad.toml" in msg and "TOML syntax error" in msg
    assert "line 4" in msg


def test_unknown_field_names_the_field():
    msg = _error(GOOD.replace("step = 1", "step = 1\nstepp = 2"))
    assert "stepp" in msg and "bad.toml" in msg


def test_unknown_field_in_a_card_entry_names_the_field():
    msg = _error(GOOD.replace('label = "a"', 'label = "a", hp = 3'))
    assert "hp" in msg and "players[0]" in msg


def test_unknown_card_id_names_the_card_and_the_pool():
    msg = _error(GOOD.replace('"raia-hajnali-ujonc"]', '"raia-hajnali-ujjonc"]'))
    assert "raia-hajnali-ujjonc" in msg
    assert "players[1].guard[0]" in msg
    assert "card id from the card pool" in msg


def test_non_creature_in_the_guard_post():
    msg = _error(GOOD.replace('guard = ["raia-hajnali-ujonc"]', 'guard = ["raia-ortorony"]'))
    assert "players[1].guard[0]" in msg and "raia-ortorony" in msg
    assert "not a creature" in msg and "perm" in msg


def test_missing_label_in_attacks():
    msg = _error(GOOD + '[[attacks]]\nattacker = "a"\ntarget = "nobody"\n')
    assert "'nobody'" in msg and "not defined" in msg and 'label = "nobody"' in msg


def test_unknown_phase():
    msg = _error(GOOD.replace('"combat"', '"battle"'))
    assert "'battle'" in msg and "main1" in msg


def test_wrong_type_names_the_field():
    msg = _error(GOOD.replace("step = 1", 'step = "one"'))
    assert "step" in msg
