"""The refusal cases of :mod:`tests.test_refusals`: each builds a real position and the attempt
the rules must refuse, registered with the catalog key and the Kódex rule it must cite.

This module holds the cases of the game's flow (what an action names, who decides and when,
the closed phases, the exchange, the sacrifice, combat); :mod:`tests.refusal_cases_play` those of
playing cards, targets, abilities and regeneration.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from engine.core.game import Game
from engine.hkk import actions as A
from engine.hkk import pool as P
from engine.hkk.cards import PoolFile
from engine.hkk.ruleset import HkkRuleset
from engine.hkk.scenario import ScenarioSpec
from engine.hkk.session import make_header, new_game
from engine.hkk.state import Target
from tests.helpers import TEST_POOL, Scenario, c, side
from tests.helpers import scenario as _scenario

#: Cards the test pool lacks, one per play condition and once-per-turn icon.
_EXTRA = """
[[card]]
id = "rally"
type = "instant"
cost = 1
god = "raia"
name = {hu = "rally (hu)", en = "rally"}
condition = {min_creatures = 2}
effects = [{do = "gain_vp", amount = 1, to = "controller"}]

[[card]]
id = "lastditch"
type = "instant"
cost = 1
god = "raia"
name = {hu = "lastditch (hu)", en = "lastditch"}
condition = {max_life = 5}
effects = [{do = "gain_vp", amount = 1, to = "controller"}]

[[card]]
id = "underdog"
type = "instant"
cost = 1
god = "raia"
name = {hu = "underdog (hu)", en = "underdog"}
condition = {opponent_more_creatures = true}
effects = [{do = "gain_vp", amount = 1, to = "controller"}]

[[card]]
id = "siege"
type = "instant"
cost = 1
god = "raia"
name = {hu = "siege (hu)", en = "siege"}
condition = {opponent_guard_min = 2}
effects = [{do = "gain_vp", amount = 1, to = "controller"}]

[[card]]
id = "ambush"
type = "instant"
cost = 1
god = "raia"
name = {hu = "ambush (hu)", en = "ambush"}
condition = {own_turn = true}
effects = [{do = "gain_vp", amount = 1, to = "controller"}]

[[card]]
id = "salve"
type = "instant"
cost = 1
god = "raia"
name = {hu = "salve (hu)", en = "salve"}
targets = ["own_creature"]
effects = [{do = "heal", amount = 3}]

[[card]]
id = "charm"
type = "item"
cost = 1
god = "raia"
name = {hu = "charm (hu)", en = "charm"}
[[card.abilities]]
when = "activated"
limit = "once_own_turn"
effects = [{do = "gain_vp", amount = 1, to = "controller"}]

[[card]]
id = "ward"
type = "item"
cost = 1
god = "raia"
name = {hu = "ward (hu)", en = "ward"}
[[card.abilities]]
when = "activated"
limit = "once_opp_turn"
effects = [{do = "gain_vp", amount = 1, to = "controller"}]
"""

POOL = {**TEST_POOL, **{d.id: d for d in msgspec.convert(tomllib.loads(_EXTRA), PoolFile).card}}


def scenario(**kw: Any) -> Scenario:
    return _scenario(pool=POOL, **kw)


def combat(me: Any, them: Any, step: int = 1, **kw: Any) -> Scenario:
    return scenario(me=me, them=them, phase="combat", step=step, **kw)


# ---------------------------------------------------------------------------- the cases
@dataclass
class Attempt:
    """One refused attempt: ``go`` must raise; ``game`` (or ``state``) must not change."""

    go: Callable[[], Any]
    game: Game | None = None
    state: Any = None


@dataclass
class Case:
    key: str
    rule: str
    build: Callable[[], Attempt]

    @property
    def id(self) -> str:
        return f"{self.rule}-{self.key}-{self.build.__name__}"


CASES: list[Case] = []


def case(key: str, rule: str) -> Callable:
    def register(build: Callable[[], Attempt]) -> Callable[[], Attempt]:
        CASES.append(Case(key, rule, build))
        return build
    return register


def by(sc: Scenario | Game, player: Any, action: Any) -> Attempt:
    """``player`` submits ``action`` to the scenario's game."""
    game = sc.game if isinstance(sc, Scenario) else sc
    return Attempt(lambda: game.submit(player, action), game=game)


def play(sc: Scenario, player: int, label: str, *targets: Target) -> Attempt:
    return by(sc, player, A.PlayCard(sc.iid(label), tuple(targets)))


def life_saving(sc: Scenario, player: int) -> Scenario:
    """Pass until ``player`` decides in a life-saving window."""
    sc.pass_until("life_saving", player=player)
    return sc


# -- before the rules: the game, the seat, what the action names (ruleset.py) -------------
@case("malformed", "")
def _malformed() -> Attempt:
    sc = scenario(me=side(hand=["bolt"]))
    return by(sc, 0, A.PlayCard(-1))


@case("bad_seat", "")
def _bad_seat() -> Attempt:
    return by(scenario(), 2, A.Pass())


@case("game_over", "K 4.19.1")
def _game_over() -> Attempt:
    sc = scenario()
    sc.submit(1, A.Concede())
    return by(sc, 0, A.Pass())


@case("bad_player", "K 2.5.1")
def _bad_player() -> Attempt:
    sc = scenario()
    return Attempt(lambda: sc.game.ruleset.submit(sc.state, 2, A.Pass()), state=sc.state)


@case("system_only", "K 28")
def _system_only() -> Attempt:
    return by(scenario(), 0, A.Start())


@case("no_such_card", "K 4.4.5")
def _no_such_card() -> Attempt:
    return by(scenario(me=side(hand=["bolt"])), 0, A.PlayCard(10**6))


@case("no_such_card", "K 21.5")
def _no_such_target_card() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    return play(sc, 0, "b", Target("c", 10**6))


@case("no_such_card", "K 34.3")
def _no_such_attack_target() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), Target("c", 10**6)))


@case("bad_target", "K 34.3")
def _attack_a_line_item() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), Target("l", 0)))


@case("no_such_player", "K 2.5.1")
def _no_such_player() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    return play(sc, 0, "b", Target("p", 2))


@case("no_such_item", "K 94.6")
def _no_such_item() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    return play(sc, 0, "b", Target("l", 0))


@case("unknown_target", "K 21.5")
def _unknown_target() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5))
    return play(sc, 0, "b", Target("x", 0))


@case("opponents_card", "K 2.6.2")
def _opponents_card_played() -> Attempt:
    sc = scenario(me=side(vp=5), them=side(hand=[c("bolt", label="b")]))
    return play(sc, 0, "b", sc.pt(1))


@case("opponents_card", "K 2.6.2")
def _opponents_permanent_used() -> Attempt:
    sc = scenario(me=side(vp=5), them=side(perm=[c("relic", label="r", active=True)]))
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


@case("opponents_card", "K 2.6.2")
def _opponents_creature_attacks() -> Attempt:
    sc = combat(side(guard=["grunt"]), side(guard=[c("grunt", label="g")]))
    return by(sc, 0, A.DeclareAttack(sc.iid("g"), sc.pt(1)))


@case("opponents_card", "K 2.6.2")
def _opponents_creature_moved() -> Attempt:
    sc = scenario(them=side(reserve=[c("grunt", label="g", active=True)]), phase="exchange")
    return by(sc, 0, A.MoveToGuard(sc.iid("g")))


@case("scenario_decks", "K 2.3.1")
def _scenario_decks() -> Attempt:
    sc = scenario(me=side(hand=["bolt"]))
    other = ScenarioSpec(players=(side(hand=["grunt"]), side()))
    ruleset: HkkRuleset = sc.game.ruleset
    state = ruleset.initial_state(sc.game.header)
    return Attempt(lambda: ruleset.start(state, A.SetupScenario(other)), state=state)


@case("no_decision", "K 28")
def _no_decision() -> Attempt:
    sc = scenario()
    ruleset: HkkRuleset = sc.game.ruleset
    state = ruleset.initial_state(sc.game.header)          # not set up yet
    return Attempt(lambda: ruleset.submit(state, 0, A.Pass()), state=state)


# -- who decides, and what answers the decision (decisions.py) ---------------------------
@case("not_you", "K 4.11.6")
def _not_you() -> Attempt:
    return by(scenario(), 1, A.Pass())


@case("cannot_pass", "K 34.8")
def _cannot_pass() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a"), c("brute", label="b")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))
    sc.submit(0, A.Pass())
    assert sc.decision.kind == "hit_back"
    return by(sc, 1, A.Pass())


@case("wrong_action", "K 21.5")
def _wrong_action() -> Attempt:
    sc = scenario(me=side(hand=[c("healer", label="h"), c("bolt", label="b")],
                          reserve=[c("wall", damage=2)], vp=9))
    sc.play(0, "h")
    sc.pass_until("trigger_target")
    return play(sc, 0, "b", sc.pt(1))


@case("before_first_turn", "K 3.8")
def _before_first_turn() -> Attempt:
    decks = [d.id for d in P.list_decks()]
    game = new_game(make_header((decks[0], decks[1]), 7, pool=P.load_pool()))
    d = game.pending()
    assert d.kind == "cede"
    return by(game, d.player, A.PlayCard(game.state.players[d.player].hand[0]))


@case("not_cede", "K 3.7")
def _not_cede() -> Attempt:
    return by(scenario(), 0, A.CedeStart(True))


@case("not_sacrifice_stage", "K 29.6")
def _not_sacrifice_stage() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g", active=True)]))
    return by(sc, 0, A.SacrificeForMc(sc.iid("g")))


@case("not_exchange", "K 5.4.1")
def _not_exchange() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g", active=True)]))
    return by(sc, 0, A.MoveToGuard(sc.iid("g")))


@case("not_declaring", "K 34.0")
def _not_declaring() -> Attempt:
    sc = scenario(me=side(guard=[c("grunt", label="g")]))
    return by(sc, 0, A.DeclareAttack(sc.iid("g"), sc.pt(1)))


@case("declaration_final", "K 34.1")
def _declaration_final() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "combat", player=0)
    return by(sc, 0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))


@case("no_hit_back", "K 34.8")
def _no_hit_back() -> Attempt:
    sc = scenario(me=side(guard=[c("grunt", label="a")]), them=side(guard=[c("wall", label="w")]))
    return by(sc, 1, A.ChooseHitBack(sc.iid("w"), sc.iid("a")))


@case("not_combat_abilities", "K 35.1")
def _not_combat_abilities() -> Attempt:
    sc = scenario(me=side(guard=[c("lancer", label="l")], vp=5))
    return by(sc, 0, A.UseCombatAbility(sc.iid("l"), 1))


@case("no_target_choice", "K 21.5")
def _no_target_choice() -> Attempt:
    return by(scenario(), 0, A.ChooseTarget((Target("p", 1),)))


@case("no_trigger_order", "K 22.1")
def _no_trigger_order() -> Attempt:
    return by(scenario(), 0, A.OrderTrigger(0))


@case("regen_timing", "K 136.8")
def _regen_timing() -> Attempt:
    sc = scenario(me=side(reserve=[c("troll", label="t", damage=1)], vp=5))
    return by(sc, 0, A.Regenerate(sc.iid("t")))


@case("regen_timing", "K 136.8")
def _regen_outside_a_window() -> Attempt:
    sc = scenario(me=side(reserve=[c("troll", label="t", damage=1)], vp=5), phase="exchange")
    return by(sc, 0, A.Regenerate(sc.iid("t")))


# -- closed phases and sub-phases (play.closed_phase_refusal) ----------------------------
@case("prep_phase", "K 29.4.6")
def _prep_phase() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], reserve=[c("grunt", active=True)], vp=5),
                  phase="prep", step=4)
    assert sc.decision.kind == "sacrifice_mc"
    return play(sc, 0, "b", sc.pt(1))


@case("prep_ability", "K 29.4.7")
def _prep_ability() -> Attempt:
    sc = scenario(me=side(perm=[c("relic", label="r", active=True)],
                          reserve=[c("grunt", active=True)], vp=5), phase="prep", step=4)
    return by(sc, 0, A.Activate(sc.iid("r"), 0))


@case("exchange_phase", "K 32.2")
def _exchange_phase() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5), phase="exchange")
    assert sc.decision.kind == "exchange"
    return play(sc, 0, "b", sc.pt(1))


@case("combat_sub_phase", "K 33.2")
def _combat_sub_phase() -> Attempt:
    sc = combat(side(guard=["grunt"], hand=[c("bolt", label="b")], vp=5), side())
    assert sc.decision.kind == "declare"
    return play(sc, 0, "b", sc.pt(1))


@case("strike_phase", "K 36.2")
def _strike_phase() -> Attempt:
    sc = combat(side(guard=[c("brute", label="a"), c("brute", label="b")]),
                side(guard=[c("martyr", label="m"), c("martyr", label="n")],
                     hand=[c("bolt", label="x")], vp=5, deck=["grunt", "grunt"]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("m")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("n")))
    sc.submit(0, A.Pass())
    sc.pass_until("order_triggers")
    assert sc.state.step == 7
    return play(sc, 1, "x", sc.pt(0))


@case("end_phase", "K 40.5")
def _end_phase() -> Attempt:
    sc = scenario(me=side(reserve=["cursed", "cursed"], hand=[c("bolt", label="b")], vp=5),
                  phase="end", step=2)
    assert sc.decision.kind == "order_triggers"
    return play(sc, 0, "b", sc.pt(1))


# -- the exchange and the sacrifice (decisions.py) --------------------------------------------
@case("sac_zone", "K 29.6")
def _sac_zone() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g", active=False), c("brute", active=True)]),
                  phase="prep", step=4)
    return by(sc, 0, A.SacrificeForMc(sc.iid("g")))


@case("sac_no_mc", "K 29.6.1")
def _sac_no_mc() -> Attempt:
    sc = scenario(me=side(reserve=[c("wall", label="w", active=True), c("grunt", active=True)]),
                  phase="prep", step=4)
    return by(sc, 0, A.SacrificeForMc(sc.iid("w")))


@case("exchange_zone", "K 32.1")
def _exchange_zone() -> Attempt:
    sc = scenario(me=side(guard=[c("grunt", label="g")]), phase="exchange")
    return by(sc, 0, A.MoveToGuard(sc.iid("g")))


@case("passive_to_guard", "K 32.1")
def _passive_to_guard() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g", active=False)]), phase="exchange")
    return by(sc, 0, A.MoveToGuard(sc.iid("g")))


@case("moved_once", "K 32.3")
def _moved_once() -> Attempt:
    sc = scenario(me=side(reserve=[c("grunt", label="g", active=True)]), phase="exchange")
    sc.submit(0, A.MoveToGuard(sc.iid("g")))
    return by(sc, 0, A.MoveToReserve(sc.iid("g")))


@case("guard_full", "K 5.4.3")
def _guard_full() -> Attempt:
    sc = scenario(me=side(guard=["grunt", "grunt", "grunt"],
                          reserve=[c("grunt", label="g", active=True)]), phase="exchange")
    return by(sc, 0, A.MoveToGuard(sc.iid("g")))


@case("guard_over", "K 5.4.4")
def _guard_over() -> Attempt:
    sc = scenario(me=side(guard=["grunt", "grunt", "grunt", "grunt"]), phase="exchange")
    return by(sc, 0, A.Pass())


# -- declaring attackers (combat.py) ----------------------------------------------------------
@case("not_guard", "K 34.1")
def _not_guard() -> Attempt:
    sc = combat(side(guard=["grunt"], reserve=[c("brute", label="r", active=True)]), side())
    return by(sc, 0, A.DeclareAttack(sc.iid("r"), sc.pt(1)))


@case("already_attacking", "K 34.1")
def _already_attacking() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))


@case("withdrawn", "K 34.12")
def _withdrawn() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))
    sc.submit(0, A.WithdrawAttack(sc.iid("a")))
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))


@case("not_attacking", "K 34.12")
def _not_attacking() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    return by(sc, 0, A.WithdrawAttack(sc.iid("a")))


@case("two_attackers", "K 34.5")
def _two_attackers() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b"), c("grunt", label="d")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))
    return by(sc, 0, A.DeclareAttack(sc.iid("d"), sc.ct("w")))


@case("passive_building", "K 5.4.2")
def _passive_building() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]),
                side(perm=[c("fort", label="f", active=False)]))
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), sc.ct("f")))


@case("bad_target", "K 34.3")
def _attack_own_creature() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b")]), side())
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), sc.ct("b")))


@case("bad_target", "K 34.3")
def _attack_own_player() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side())
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), sc.pt(0)))


@case("break_through", "K 34.4")
def _break_through() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a")]), side(guard=["wall"]))
    return by(sc, 0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))


@case("break_through", "K 34.4")
def _break_through_when_finishing() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a"), c("grunt", label="b")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.pt(1)))
    sc.submit(0, A.WithdrawAttack(sc.iid("a")))
    return by(sc, 0, A.Pass())


@case("seen_invisible", "K 131.4")
def _seen_invisible() -> Attempt:
    sc = combat(side(guard=[c("sneak", label="s")]), side(guard=["seer"]))
    return by(sc, 0, A.DeclareAttack(sc.iid("s"), sc.pt(1)))


@case("bad_hit_back", "K 34.8")
def _bad_hit_back() -> Attempt:
    sc = combat(side(guard=[c("grunt", label="a"), c("brute", label="b")]),
                side(guard=[c("wall", label="w")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("b"), sc.ct("w")))
    sc.submit(0, A.Pass())
    return by(sc, 1, A.ChooseHitBack(sc.iid("w"), sc.iid("w")))


# -- combat abilities (combat.combat_ability_refusal) -----------------------------------------
def _announcing(me: Any, them: Any, attacks: tuple[tuple[str, str], ...]) -> Scenario:
    """Declare ``attacks`` (attacker label, target label or "player") and pass on to the
    combat-abilities sub-phase."""
    sc = combat(me, them)
    for attacker, target in attacks:
        sc.submit(0, A.DeclareAttack(sc.iid(attacker),
                                     sc.pt(1) if target == "player" else sc.ct(target)))
    sc.submit(0, A.Pass())
    sc.pass_until("combat_abilities")
    return sc


@case("not_in_combat", "K 35.1")
def _not_in_combat() -> Attempt:
    sc = _announcing(side(guard=[c("lancer", label="l"), c("lancer", label="idle")], vp=5),
                     side(guard=[c("wall", label="w")]), (("l", "w"),))
    return by(sc, 0, A.UseCombatAbility(sc.iid("idle"), 1))


@case("no_combat_ability", "K 35.1")
def _no_combat_ability() -> Attempt:
    sc = _announcing(side(guard=[c("lancer", label="l"), c("grunt", label="g")], vp=5),
                     side(guard=[c("wall", label="w"), c("wall", label="v")]),
                     (("l", "w"), ("g", "v")))
    return by(sc, 0, A.UseCombatAbility(sc.iid("g"), 1))


@case("already_announced", "K 35.3")
def _already_announced() -> Attempt:
    sc = _announcing(side(guard=[c("lancer", label="l")], vp=5),
                     side(guard=[c("wall", label="w")]), (("l", "w"),))
    sc.submit(0, A.UseCombatAbility(sc.iid("l"), 1))
    sc.submit(1, A.Pass())
    return by(sc, 0, A.UseCombatAbility(sc.iid("l"), 1))


@case("no_opponent", "K 36.7")
def _no_opponent() -> Attempt:
    sc = combat(side(guard=[c("lancer", label="l"), c("lancer", label="k")],
                     hand=[c("bounce", label="x")], vp=5),
                side(guard=[c("wall", label="w"), c("grunt", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("l"), sc.ct("w")))
    sc.submit(0, A.DeclareAttack(sc.iid("k"), sc.ct("g")))
    sc.submit(0, A.Pass())
    sc.pass_until("priority", "combat", player=0)          # before the combat abilities
    sc.play(0, "x", sc.ct("w"))                            # the lancer's opponent leaves play
    sc.pass_until("combat_abilities")
    return by(sc, 0, A.UseCombatAbility(sc.iid("l"), 1))


@case("combat_limit", "K 129.5")
def _combat_limit() -> Attempt:
    sc = _announcing(side(guard=[c("lancer", label="l")], vp=5),
                     side(guard=[c("wall", label="w")]), (("l", "w"),))
    return by(sc, 0, A.UseCombatAbility(sc.iid("l"), 4))


@case("combat_vp", "K 4.20.3")
def _combat_vp() -> Attempt:
    sc = _announcing(side(guard=[c("lancer", label="l")], vp=2),
                     side(guard=[c("wall", label="w")]), (("l", "w"),))
    return by(sc, 0, A.UseCombatAbility(sc.iid("l"), 3))


# -- the rest of the decisions ----------------------------------------------------------------
@case("bad_retarget", "K 21.5.3")
def _bad_retarget() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(reserve=[c("grunt", label="g")], hand=[c("dodge", label="d")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    sc.play(1, "d", Target("l", 0), sc.ct("g"))           # the bolt's target goes back to hand
    sc.pass_until("retarget")
    return by(sc, 0, A.ChooseTarget((sc.ct("g"),)))


@case("bad_trigger", "K 22.1.1")
def _bad_trigger() -> Attempt:
    sc = scenario(me=side(reserve=["cursed", "cursed"]), phase="end", step=2)
    assert sc.decision.kind == "order_triggers"
    return by(sc, 0, A.OrderTrigger(7))


# -- the guard post's order, extraction, draw offers (decisions.py) ---------------------------
def _exchange_rows() -> Scenario:
    return scenario(me=side(guard=[c("grunt", label="a"), c("wall", label="b")],
                            reserve=[c("bird", label="r")]),
                    them=side(guard=[c("grunt", label="x"), c("wall", label="y")]),
                    phase="exchange")


@case("shift_zone", "K 32.4")
def _shift_zone() -> Attempt:
    sc = _exchange_rows()
    return by(sc, 0, A.ShiftCreature(sc.iid("y"), True))


@case("shift_edge", "K 32.4")
def _shift_edge() -> Attempt:
    sc = _exchange_rows()
    return by(sc, 0, A.ShiftCreature(sc.iid("a"), True))


@case("shift_cap", "K 32.4")
def _shift_cap() -> Attempt:
    sc = _exchange_rows()                    # a guard post of two: one place each
    sc.submit(0, A.ShiftCreature(sc.iid("b"), True))
    return by(sc, 0, A.ShiftCreature(sc.iid("b"), False))


@case("bad_extraction", "K 67.4")
def _bad_extraction() -> Attempt:
    sc = scenario(me=side(hand=[c("bolt", label="x"), c("bolt", label="y")], vp=9),
                  them=side(reserve=[c("brute", label="b", damage=2)]))
    sc.play(0, "x", sc.ct("b"))
    while sc.decision.kind != "extract_mc":
        sc.pass_()
    return by(sc, 0, A.ExtractMc(sc.iid("b"), 3))


@case("draw_pending", "K 2.8.1")
def _draw_pending() -> Attempt:
    sc = scenario()
    sc.submit(0, A.OfferDraw())
    return by(sc, 0, A.OfferDraw())


@case("draw_offered", "K 2.8.2")
def _draw_offered() -> Attempt:
    sc = scenario()
    sc.submit(0, A.OfferDraw())
    sc.submit(1, A.DeclineDraw())
    return by(sc, 0, A.OfferDraw())
