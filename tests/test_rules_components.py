"""Monster components are extracted wholly, partly or not at all, as the entitled player decides
(K 67.1, 67.4); the decision is typed, hinted for menus and answered by the bots."""

from engine.ai.bots import RandomBot
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.greedy import GreedyBot
from tests.helpers import RULESET, TEST_POOL, c, scenario, side


def killed_brute(**kw):
    """Player 0's bolt kills player 1's brute (2 components; 3 damage + a second bolt)."""
    sc = scenario(me=side(hand=[c("bolt", label="x"), c("bolt", label="y")], vp=9),
                  them=side(reserve=[c("brute", label="b", damage=2)]), **kw)
    sc.play(0, "x", sc.ct("b"))
    while sc.decision.kind != "extract_mc":
        sc.pass_()
    return sc


def test_k67_4_the_entitled_player_decides_how_many_components_to_take():
    sc = killed_brute()
    d = sc.decision
    assert (d.player, d.kind, d.rule) == (0, "extract_mc", "K 67.4")
    assert sc.zone("b") == "graveyard" and sc.state.players[0].mc == 0
    b = sc.iid("b")
    assert sc.legal(0) == [A.ExtractMc(b, 2), A.ExtractMc(b, 1), A.ExtractMc(b, 0), A.Pass()]
    events = sc.submit(0, A.ExtractMc(b, 1))
    assert sc.state.players[0].mc == 1
    assert E.McChanged(0, 1, "extracted", "K 67.1") in events
    assert E.ComponentsWaived(0, b, 1) in events


def test_k67_4_the_components_may_be_waived_wholly():
    sc = killed_brute()
    events = sc.submit(0, A.ExtractMc(sc.iid("b"), 0))
    assert sc.state.players[0].mc == 0
    assert E.ComponentsWaived(0, sc.iid("b"), 2) in events
    assert not any(isinstance(e, E.McChanged) for e in events)


def test_k67_4_done_takes_them_all():
    sc = killed_brute()
    sc.submit(0, A.Pass())
    assert sc.state.players[0].mc == 2


def test_k67_4_more_than_the_creature_yields_is_refused():
    sc = killed_brute()
    sc.refused(0, A.ExtractMc(sc.iid("b"), 3), "K 67.4")
    sc.refused(0, A.ExtractMc(sc.iid("x"), 1), "K 67.4")
    sc.refused(1, A.ExtractMc(sc.iid("b"), 1))                   # not the entitled player


def test_k67_2_no_decision_for_a_death_in_the_preparation_phase():
    sc = scenario(me=side(perm=["plague"], turns=4),
                  them=side(reserve=[c("martyr", label="m")]), active=1, phase="end", step=4)
    assert sc.zone("m") == "graveyard"
    assert sc.decision.kind != "extract_mc" and sc.state.players[0].mc == 0


def test_k67_4_the_bots_answer_the_decision():
    """The greedy bot takes every component; the random bot picks any legal answer."""
    sc = killed_brute()
    legal = sc.legal(0)
    assert GreedyBot(TEST_POOL).choose(sc.view(0), legal) == A.ExtractMc(sc.iid("b"), 2)
    assert RandomBot(3).choose(None, legal) in legal


def test_k67_4_menu_hints_group_the_amounts():
    sc = killed_brute()
    hints = RULESET.hints(sc.view(0), sc.legal(0))
    groups = {h.group for h in hints}
    assert groups == {f"extract:{sc.iid('b')}", "pass"}
    amounts = [h.option_params["n"] for h in hints if h.group.startswith("extract")]
    assert amounts == [2, 1, 0]
    assert hints[-1].label == "act.done_extract" and hints[-1].role == "done"
