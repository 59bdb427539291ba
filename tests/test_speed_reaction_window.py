"""The reaction window after an action (K 21.15) with auto-pass on: it is closed by the rules,
without asking anyone, exactly when neither player could answer it (both would pass at once and
it would close, K 94.4-94.5), and opened as before whenever either player could. With auto-pass
off it always opens (engine.hkk.decisions._unanswerable_reactions)."""

from engine.hkk import actions as A
from engine.hkk.state import Target
from tests.helpers import c, scenario, side
from tests.test_rules_play import REACTIONS_POOL


def test_k21_15_reaction_window_opens_when_the_opponent_could_answer():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=9),
                  them=side(hand=[c("nope", label="n")], vp=5), pool=REACTIONS_POOL,
                  auto_pass=True)
    sc.play(0, "b", sc.pt(1))
    assert (sc.decision.player, sc.decision.kind) == (1, "respond")
    assert A.PlayCard(sc.iid("n"), (Target("l", 0),)) in sc.legal(1)
    assert [item.card for item in sc.state.line] == [sc.iid("b")]   # not resolved yet


def test_k21_15_reaction_window_closes_unasked_when_nobody_could_answer():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=9),
                  them=side(hand=[c("grunt", label="g")], vp=5), pool=REACTIONS_POOL,
                  auto_pass=True)
    life = sc.life(1)
    sc.play(0, "b", sc.pt(1))
    assert sc.decision.kind != "respond"
    assert sc.state.line == []                                       # the bolt resolved
    assert sc.life(1) == life - 3
    assert all(t.kind != "respond" for t in sc.state.tasks)


def test_k94_5_reaction_window_asks_the_actor_when_only_they_could_answer():
    """"echo" answers its own player's card: the opponent, with nothing to answer, is passed
    for, and the window stays open for the actor (K 94.5)."""
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("echo", label="e")], vp=9,
                          deck=["grunt"]),
                  them=side(hand=[c("grunt", label="g")], vp=5), pool=REACTIONS_POOL,
                  auto_pass=True)
    sc.play(0, "b", sc.pt(1))
    assert (sc.decision.player, sc.decision.kind) == (0, "respond")
    assert A.PlayCard(sc.iid("e"), (Target("l", 0),)) in sc.legal(0)


def test_k21_15_reaction_window_opens_with_auto_pass_off_even_if_nobody_could_answer():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=9),
                  them=side(hand=[c("grunt", label="g")], vp=5), pool=REACTIONS_POOL)
    sc.play(0, "b", sc.pt(1))
    assert (sc.decision.player, sc.decision.kind) == (1, "respond")
    assert sc.legal(1) == [A.Pass()]
