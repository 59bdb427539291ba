"""What Kódex cards say, said in card data (issue 11): guard-post placement (K 5.4.3.1, 5.4.4),
keywords until end of turn and the retarget window they open (K 41.4, 128.1, 21.5.3), related
effects after an opponent's card took effect and who orders them (K 22.1, 22.1.2), "other
creatures" scopes, costs lowering VP and monster components (K 21.8.3, 7.0.1), cards entering
play active (K 134.2, 131.6.2) and reactions that answer without preventing (K 57.1)."""

from __future__ import annotations

import collections

import pytest

from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.pool import validate_cards
from engine.hkk.rulebook import RULES, rule_of
from engine.hkk.scenario import ScenarioError, load_file
from engine.hkk.state import Target
from tests.helpers import TEST_POOL, c, scenario, side

NEW_TEST_CARDS = ("sentry", "rally", "ward", "cloak", "brace", "halt", "bell", "chime", "gong",
                  "alpha", "quake", "lab", "hulk", "charger", "lure")


def _events(sc) -> list:
    return [ev for entry in sc.game.entries for ev in entry.events]


def test_the_test_cards_validate():
    problems = validate_cards(("testpool", TEST_POOL[cid]) for cid in NEW_TEST_CARDS)
    assert problems == [], problems


# ---------------------------------------------------------------------------- guard post
def test_k5_4_3_1_an_effect_puts_a_creature_into_a_full_guard_post():
    sc = scenario(me=side(guard=["grunt", "grunt", "grunt"], hand=[c("sentry", label="s")],
                          vp=5))
    sc.play(0, "s")
    sc.settle()
    assert sc.zone("s") == "guard" and sc.card("s").active         # always active (K 5.4.5)
    assert len(sc.state.players[0].guard) == 4
    moved = [ev for ev in _events(sc) if isinstance(ev, E.GuardMoved)]
    assert [rule_of(ev) for ev in moved] == ["K 5.4.3.1"]
    assert "K 5.4.3.1" in RULES


def test_k5_4_3_1_a_card_that_names_the_size_keeps_the_limit():
    sc = scenario(me=side(guard=["grunt", "grunt", "grunt"],
                          reserve=[c("brute", label="b", active=False)],
                          hand=[c("rally", label="r"), c("rally", label="r2")], vp=5))
    sc.play(0, "r", sc.ct("b"))
    sc.settle()
    assert sc.zone("b") == "reserve"                    # "if there is room": there is none
    sc2 = scenario(me=side(guard=["grunt", "grunt"], reserve=[c("brute", label="b",
                                                               active=False)],
                           hand=[c("rally", label="r")], vp=5))
    sc2.play(0, "r", sc2.ct("b"))
    sc2.settle()
    assert sc2.zone("b") == "guard" and sc2.card("b").active


def test_k5_4_4_overfilled_guard_post_is_cut_back_at_next_exchange():
    sc = scenario(me=side(guard=[c("grunt", label=f"g{i}") for i in range(3)],
                          hand=[c("sentry", label="s")], vp=5, turns=4), phase="main1")
    sc.play(0, "s")                                     # over-fills it (K 5.4.3.1)
    sc.settle()
    assert len(sc.state.players[0].guard) == 4
    sc.pass_until("exchange")
    assert sc.decision.player == 0
    assert A.Pass() not in sc.legal(0)
    err = sc.refused(0, A.Pass(), "K 5.4.4")
    assert "withdraw" in err.message
    sc.submit(0, A.MoveToReserve(sc.iid("g0")))
    assert sc.zone("g0") == "reserve" and len(sc.state.players[0].guard) == 3
    sc.submit(0, A.Pass())
    assert sc.state.phase != "exchange"


def test_k5_4_4_an_overfull_guard_post_waits_for_its_controllers_own_exchange():
    sc = scenario(me=side(guard=["grunt"], hand=[c("lure", label="l")], vp=5, turns=4),
                  them=side(guard=[c("grunt", label=f"e{i}") for i in range(3)],
                            reserve=[c("wall", label="w", active=False)]),
                  phase="main1")
    sc.play(0, "l", sc.ct("w"))                         # an enemy creature, into a full post
    sc.settle()
    assert sc.zone("w") == "guard" and sc.card("w").active
    sc.pass_until("exchange")
    assert sc.decision.player == 0 and A.Pass() in sc.legal(0)
    sc.submit(0, A.Pass())
    assert len(sc.state.players[1].guard) == 4          # not cut back in my exchange
    sc.pass_until("exchange", player=1)
    assert sc.state.active == 1 and A.Pass() not in sc.legal(1)
    sc.submit(1, A.MoveToReserve(sc.iid("e0")))
    sc.submit(1, A.Pass())
    assert len(sc.state.players[1].guard) == 3


def test_k5_4_4_a_scenario_file_may_declare_an_overfull_guard_post(tmp_path):
    from engine.hkk.pool import default_pool

    path = tmp_path / "overfull.toml"
    path.write_text('phase = "main1"\n[[players]]\nguard = ["raia-hajnali-ujonc", '
                    '"raia-hajnali-ujonc", "raia-hajnali-ujonc", "raia-hatarorszem"]\n'
                    '[[players]]\n', encoding="utf-8")
    spec = load_file(path, default_pool())
    assert len(spec.players[0].guard) == 4
    path.write_text('[[players]]\nguard = ["raia-bator-kialtas"]\n[[players]]\n',
                    encoding="utf-8")
    with pytest.raises(ScenarioError, match="not a creature"):
        load_file(path, default_pool())


# ---------------------------------------------------------------------------- until end of turn
def test_k41_4_a_keyword_granted_until_end_of_turn_works_then_ends():
    sc = scenario(me=side(guard=[c("grunt", label="a")], hand=[c("cloak", label="k")], vp=5),
                  them=side(guard=[c("wall", label="w")]), phase="combat", step=0)
    sc.play(0, "k", sc.ct("a"))
    sc.pass_until("declare")
    assert "invisibility" in sc.view(1).find(sc.iid("a")).keywords
    # K 128.1: a received keyword works like a printed one: it breaks through alone (K 131.3)
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.pt(1)))
    assert any(isinstance(ev, E.KeywordGranted) and rule_of(ev) == "K 21.17"
               for ev in _events(sc))
    sc.pass_until("priority", "main1", player=1)
    assert sc.state.active == 1
    assert "invisibility" not in sc.view(1).find(sc.iid("a")).keywords
    assert sc.card("a").granted == []


def test_k21_5_3_ward_reaction_makes_the_target_illegal_and_the_spell_is_retargeted():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g"), c("wall", label="w")],
                            hand=[c("ward", label="x")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    sc.submit(1, A.PlayCard(sc.iid("x"), (Target("l", 0), sc.ct("g"))))
    sc.pass_until("retarget")
    assert sc.decision.player == 0 and sc.decision.rule == "K 21.5.3"
    options = [a.targets for a in sc.legal(0)]
    assert (sc.ct("g"),) not in options and (sc.ct("w"),) in options
    assert (Target("p", 1),) in options                 # "any": the player is still legal
    sc.submit(0, A.ChooseTarget((sc.ct("w"),)))
    sc.settle()
    assert sc.card("g").damage == 0 and sc.card("w").damage == 3
    assert "magic_immunity" in sc.view(0).find(sc.iid("g")).keywords


def test_k21_5_3_ward_with_no_other_legal_target_withdraws_the_spell():
    sc = scenario(me=side(hand=[c("blast", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")], hand=[c("ward", label="x")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    sc.submit(1, A.PlayCard(sc.iid("x"), (Target("l", 0), sc.ct("g"))))
    sc.settle()
    assert sc.zone("b") == "graveyard" and sc.card("g").damage == 0
    withdrawn = [ev for ev in _events(sc) if isinstance(ev, E.CardMoved)
                 and ev.reason == "withdrawn"]
    assert [ev.card for ev in withdrawn] == [sc.iid("b")] and withdrawn[0].rule == "K 21.5.3"


def test_k132_4_granted_magic_immunity_keeps_new_spells_off_until_end_of_turn():
    sc = scenario(me=side(hand=[c("bolt", label="b1"), c("bolt", label="b2")], vp=10),
                  them=side(guard=[c("wall", label="g")], hand=[c("ward", label="x")], vp=5))
    sc.play(0, "b1", sc.ct("g"))
    sc.submit(1, A.PlayCard(sc.iid("x"), (Target("l", 0), sc.ct("g"))))
    sc.pass_until("retarget")
    sc.submit(0, A.ChooseTarget((Target("p", 1),)))
    sc.settle()
    assert sc.life(1) == 17 and sc.card("g").damage == 0

    def bolt_targets(player: int) -> set:
        return {a.targets for a in sc.legal(player)
                if isinstance(a, A.PlayCard) and a.card == sc.iid("b2")}

    assert bolt_targets(0) and (sc.ct("g"),) not in bolt_targets(0)   # K 132.4
    sc.pass_until("priority", "main2")
    sc.pass_until("priority", "main1", player=1)         # the turn ended (K 41.4)
    assert sc.state.active == 1
    sc.pass_(1)
    assert (sc.ct("g"),) in bolt_targets(0)


# ---------------------------------------------------------------------------- related effects
def test_k22_1_related_effect_happens_after_the_opponents_card_took_effect():
    sc = scenario(me=side(hand=[c("sentry", label="s")], vp=5),
                  them=side(perm=[c("bell", label="bell")]))
    sc.play(0, "s")
    sc.settle()
    assert sc.card("s").counters == {"weakening": 1}
    events = _events(sc)
    entered = next(i for i, ev in enumerate(events) if isinstance(ev, E.GuardMoved))
    queued = [i for i, ev in enumerate(events) if isinstance(ev, E.TriggerQueued)
              and ev.trigger.played_by == 0]
    counter = next(i for i, ev in enumerate(events) if isinstance(ev, E.CountersChanged))
    # its own on-play ability first (K 21.17.1, 21.19), then the related effect (K 22.1)
    assert len(queued) == 1 and entered < queued[0] < counter
    assert events[queued[0]].trigger.controller == 1 and rule_of(events[queued[0]]) == "K 22.1"


def test_k22_1_no_related_effect_when_the_card_is_prevented_or_is_ones_own():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(perm=[c("chime")], hand=[c("nope", label="n")], vp=5))
    sc.play(0, "b", sc.pt(1))
    sc.submit(1, A.PlayCard(sc.iid("n"), (Target("l", 0),)))
    sc.settle()
    assert sc.life(1) == 20 and sc.vp(1) == 4            # nope cost 1; chime never fired
    assert not any(isinstance(ev, E.TriggerQueued) for ev in _events(sc))


def test_k22_1_2_the_cards_player_orders_the_effects_related_to_it():
    sc = scenario(me=side(perm=[c("chime", label="chime"), c("gong", label="gong")], vp=3),
                  them=side(hand=[c("bolt", label="b")], vp=5), active=0)
    sc.pass_(0)
    sc.play(1, "b", sc.pt(0))
    sc.pass_until("order_triggers")
    d = sc.decision
    # both effects are player 0's, and it is player 0's turn, yet player 1 played the card
    assert d.player == 1 and sc.state.active == 0
    assert {t.controller for t in sc.state.triggers} == {0}
    options = sc.legal(1)
    assert len(options) == 2
    sc.refused(0, options[0])
    gong = next(i for i, t in enumerate(sc.state.triggers) if t.card == sc.iid("gong"))
    sc.submit(1, A.OrderTrigger(gong))
    sc.pass_until("priority")
    events = _events(sc)
    hit = next(i for i, ev in enumerate(events) if isinstance(ev, E.LifeChanged)
               and ev.player == 1)
    gained = next(i for i, ev in enumerate(events) if isinstance(ev, E.VpChanged)
                  and ev.player == 0 and ev.reason == "effect")
    assert hit < gained and sc.life(1) == 19 and sc.vp(0) == 4
    assert "K 22.1.2" in RULES


def test_k22_1_1_other_simultaneous_effects_are_still_ordered_by_the_active_player():
    sc = scenario(me=side(perm=[c("dawn"), c("dawn")], turns=3),
                  them=side(), active=1, phase="end", step=5)
    sc.pass_until("order_triggers")
    assert sc.decision.player == 0 == sc.state.active


# ---------------------------------------------------------------------------- scopes
def test_k130_static_buff_of_other_creatures_you_control_leaves_the_source_out():
    sc = scenario(me=side(reserve=[c("alpha", label="a"), c("grunt", label="g")]),
                  them=side(reserve=[c("grunt", label="e")]))
    assert (sc.dmg("a"), sc.dmg("g")) == (2, 3)
    assert sc.dmg("e") == 3                           # 2 + the defence bonus only (K 38.0)


def test_k99_0_an_effect_on_other_creatures_leaves_its_source_out():
    sc = scenario(me=side(reserve=[c("wall", label="m")], hand=[c("quake", label="q")], vp=5),
                  them=side(guard=[c("wall", label="w")]))
    sc.play(0, "q")
    sc.settle()
    assert sc.card("q").damage == 0
    assert sc.card("m").damage == 1 and sc.card("w").damage == 1


# ---------------------------------------------------------------------------- costs
def test_k21_8_3_a_cost_modifier_lowers_vp_and_monster_components_together():
    sc = scenario(me=side(perm=["lab"], hand=[c("hulk", label="h")], vp=2, mc=1))
    hand = sc.view(0).find(sc.iid("h"))
    assert (hand.cost, hand.cost_mc) == (2, 1)
    sc.play(0, "h")
    sc.settle()
    assert sc.zone("h") == "reserve" and sc.vp(0) == 0 and sc.state.players[0].mc == 0
    paid = [ev for ev in _events(sc) if isinstance(ev, E.McChanged)]
    assert [(ev.amount, ev.rule) for ev in paid] == [(-1, "K 7.0.1")]
    sc2 = scenario(me=side(hand=[c("hulk", label="h")], vp=3, mc=1))
    err = sc2.refused(0, A.PlayCard(sc2.iid("h"), ()), "K 7.0.1")
    assert "2 monster components" in err.message


# ---------------------------------------------------------------------------- entering active
def test_k134_2_a_card_that_says_so_enters_play_active_without_being_a_flier():
    sc = scenario(me=side(hand=[c("charger", label="x")], vp=5))
    sc.play(0, "x")
    sc.settle()
    assert sc.zone("x") == "reserve" and sc.card("x").active
    assert "flying" not in sc.view(0).find(sc.iid("x")).keywords      # K 131.6.2
    entered = [ev for ev in _events(sc) if isinstance(ev, E.CardMoved) and ev.reason == "enters"]
    assert [ev.rule for ev in entered] == ["K 134.2"] and "K 134.2" in RULES


# ---------------------------------------------------------------------------- reactions
def test_k57_1_a_reaction_answers_without_preventing_brace():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")], hand=[c("brace", label="x")], vp=5))
    sc.play(0, "b", sc.ct("g"))
    sc.submit(1, A.PlayCard(sc.iid("x"), (Target("l", 0), sc.ct("g"))))
    sc.settle()
    assert sc.card("g").damage == 3 and sc.zone("g") == "guard"   # 2 + 1 + 2 HP: it lives


def test_k57_1_a_reaction_answers_only_what_its_text_says_halt():
    sc = scenario(me=side(perm=[c("tower", label="t", active=True)],
                          reserve=[c("grunt", label="r", active=True)],
                          hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("wall", label="w")], hand=[c("halt", label="x")], vp=5))
    sc.play(0, "b", sc.pt(1))
    sc.refused(1, A.PlayCard(sc.iid("x"), (Target("l", 0), sc.ct("r"))), "K 57.1")
    sc.settle()
    sc.submit(0, A.Activate(sc.iid("t"), 0, (sc.ct("w"),)))
    sc.submit(1, A.PlayCard(sc.iid("x"), (Target("l", 0), sc.ct("r"))))
    sc.settle()
    assert not sc.card("r").active and sc.card("w").damage == 1


# ---------------------------------------------------------------------------- the bots
def test_the_shipped_decks_bots_play_every_new_schema_feature():
    """``hkk sim`` rotates the shipped decks: the new cards are in them and the bots use them."""
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.hkk import pool as P
    from tests.test_views_and_decks import make_header, new_game

    pool = P.load_pool()
    decks = [d.id for d in P.list_decks()]
    seen: collections.Counter[str] = collections.Counter()

    def after(game, player, action, events):
        s = game.state
        for ev in events:
            if isinstance(ev, E.GuardMoved) and ev.rule == "K 5.4.3.1":
                seen["to_guard_post"] += 1
            elif isinstance(ev, E.KeywordGranted):
                seen["grant_for_turn"] += 1
            elif isinstance(ev, E.TriggerQueued) and ev.trigger.played_by >= 0:
                seen["opponent_played"] += 1
            elif isinstance(ev, E.CardMoved) and ev.rule == "K 134.2":
                seen["enters_active"] += 1
            elif isinstance(ev, E.McChanged) and ev.reason == "cost" and any(
                    pool[s.cards[i].cid].id == "chara-din-genlabor" and s.cards[i].active
                    for i in s.players[player].perm):
                seen["mc_cost_mod"] += 1
        if isinstance(action, A.PlayCard):
            d = pool[s.cards[action.card].cid]
            if d.is_reaction and not any(e.do == "prevent" for e in d.effects):
                seen["non_prevent_reaction"] += 1
            if any(e.to.startswith("other_") for ab in d.abilities for e in ab.effects):
                seen["other_scope"] += 1

    for seed in range(24):
        pair = (decks[seed % 4], decks[(seed + 1 + seed // 4) % 4])
        game = new_game(make_header(pair, seed, pool=pool))
        play_out(game, [make_bot("greedy", game.ruleset, seed),
                        make_bot("greedy", game.ruleset, seed + 1)], after=after)
        assert game.ruleset.result(game.state) is not None
    assert set(seen) == {"to_guard_post", "grant_for_turn", "opponent_played", "enters_active",
                         "mc_cost_mod", "non_prevent_reaction", "other_scope"}, seen
