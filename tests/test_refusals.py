"""Every refusal of the HKK rules cites the most specific Kódex rule and says it in words
(issue 11).

Each case below reaches one refusal in a real position through ``Game.submit`` (a few through
the ruleset's own doors: a game not set up yet, a seat that is no player, a scenario with the
wrong decks) and checks the rule it cites, its catalog key, that state, log and redo list are
unchanged, and that both catalogs put it in words. The tests after them read the code
(:mod:`tests.refusal_table`): every ``refuse(...)`` cites a rule the rulebook knows, has catalog
words in both languages, and is reached by one of the cases — so a refusal added later without a
case, a citation or words fails here.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
import pytest

from engine.core.game import Game, IllegalAction
from engine.hkk import actions as A
from engine.hkk import pool as P
from engine.hkk.cards import PoolFile
from engine.hkk.ctx import Ctx
from engine.hkk.play import closed_phase_refusal
from engine.hkk.rulebook import RULES
from engine.hkk.ruleset import HkkRuleset
from engine.hkk.scenario import ScenarioSpec
from engine.hkk.session import make_header, new_game
from engine.hkk.state import Target
from hkk_tui.i18n import catalog, ns_catalog
from hkk_tui.words import describe_illegal
from tests.helpers import TEST_POOL, Scenario, c, side
from tests.helpers import scenario as _scenario
from tests.refusal_table import sites

ENC = msgspec.msgpack.Encoder()

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
abilities = [{when = "activated", limit = "once_own_turn", effects = [{do = "gain_vp", amount = 1, to = "controller"}]}]

[[card]]
id = "ward"
type = "item"
cost = 1
god = "raia"
name = {hu = "ward (hu)", en = "ward"}
abilities = [{when = "activated", limit = "once_opp_turn", effects = [{do = "gain_vp", amount = 1, to = "controller"}]}]
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


def test_k30_2_nothing_is_played_in_the_draw_phase():
    """No decision is asked in the draw phase today (its draw is automatic), so this refusal is
    checked on a position in that phase directly: it guards a window opened there later."""
    sc = scenario()
    state = sc.game.ruleset.clone(sc.state)
    state.phase = "draw"
    for ability in (False, True):
        exc = closed_phase_refusal(Ctx(state, POOL), ability)
        assert exc is not None and (exc.rule, exc.key) == ("K 30.2", "draw_phase")
    state.phase = "main1"
    assert closed_phase_refusal(Ctx(state, POOL), False) is None


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
    sc = combat(side(guard=[c("grunt", label="a")]), side(perm=[c("fort", label="f", active=False)]))
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


# ---------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_refusal_cites_its_rule_and_changes_nothing(c: Case) -> None:
    attempt = c.build()
    game = attempt.game
    state = game.state if game is not None else attempt.state
    before = ENC.encode(state)
    if game is not None:
        entries, redo = list(game.entries), list(game.redo_stack)
    with pytest.raises(IllegalAction) as info:
        attempt.go()
    exc = info.value
    assert (exc.rule, exc.key) == (c.rule, c.key), f"{exc.key}: {exc}"
    assert ENC.encode(game.state if game is not None else state) == before, "state changed"
    if game is not None:
        assert game.entries == entries and game.redo_stack == redo, "the log changed"
    assert exc.message and not exc.message.endswith(")"), exc.message
    if exc.rule:
        assert exc.rule in RULES, exc.rule
    for lang in ("en", "hu"):
        text = describe_illegal(exc, lang, "hkk")
        assert "⟨" not in text and "{" not in text, (lang, text)
        assert text.endswith(f"({exc.rule})") if exc.rule else True


def test_every_refusal_cites_a_rule_the_rulebook_knows() -> None:
    found = sites()
    assert len(found) > 80
    unresolved = [s.where for s in found if not s.rules]
    assert not unresolved, f"citations the refusal table cannot resolve: {unresolved}"
    unknown = sorted({(r, s.where) for s in found for r in s.rules if r not in RULES})
    assert not unknown, f"cited but not in engine.hkk.rulebook.RULES: {unknown}"
    malformed = [(r, s.where) for s in found for r in s.rules
                 if not re.fullmatch(r"K \d+(\.\d+)*", r)]
    assert not malformed, malformed


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_refusal_key_has_words_in_both_languages(lang: str) -> None:
    words = ns_catalog("hkk", lang)
    for site in sites():
        text = words.get(f"illegal.{site.key}")
        assert text, f"{lang}: no words for refusal key {site.key!r} ({site.where})"
        named = set(re.findall(r"{(\w+)}", text))
        assert named <= set(site.params), \
            f"{lang}: illegal.{site.key} names {named - set(site.params)} ({site.where})"
    for site in sites(core=True):
        assert f"illegal.{site.key}" in catalog(lang), (lang, site.key)


#: Refusals no position reaches through the game's doors today, each checked by its own test.
DIRECT = {("draw_phase", "K 30.2"): test_k30_2_nothing_is_played_in_the_draw_phase}


def test_every_refusal_is_reached_by_a_case() -> None:
    """Every refusal in the code has a case above citing what it cites (a refusal whose rule is
    the pending decision's or the action's field's is covered by any case of its key)."""
    covered = {(c.key, c.rule) for c in CASES} | set(DIRECT)
    keys = {c.key for c in CASES}
    missing = []
    for site in sites():
        literal = site.rule_expr.startswith(('"', "'"))
        if literal and (site.key, site.rules[0]) not in covered:
            missing.append((site.key, site.rules[0], site.where))
        elif not literal and site.key not in keys:
            missing.append((site.key, site.rule_expr, site.where))
    untested = [(s.key, s.where) for s in sites(core=True) if s.key not in keys]
    assert not missing and not untested, (missing, untested)


def test_every_case_matches_a_refusal_in_the_code() -> None:
    known = {(s.key, r) for s in sites() for r in s.rules} | {(s.key, "") for s in sites(True)}
    stale = [c.id for c in CASES if (c.key, c.rule) not in known]
    assert not stale, stale
