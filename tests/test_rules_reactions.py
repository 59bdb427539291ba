"""A reaction can answer a reaction (K 94.6.1, 57.1, 94.0.2): a card whose text covers "a spell
your opponent is playing" answers such a play anywhere in the reaction line, a Negate included;
a reaction answers one's own card only where its text says so."""

from engine.hkk import actions as A
from engine.hkk.cardtext import card_text
from engine.hkk.state import Target
from tests.helpers import c, scenario, side
from tests.test_rules_play import REACTIONS_POOL


def bolt_negated():
    """Player 0 bolts player 1; player 1 answers with "nope" (prevent target spell)."""
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("nope", label="n0")], vp=9),
                  them=side(hand=[c("nope", label="n1")], vp=5), pool=REACTIONS_POOL)
    sc.play(0, "b", sc.pt(1))
    sc.submit(1, A.PlayCard(sc.iid("n1"), (Target("l", 0),)))
    return sc


def test_k94_6_1_a_negate_answers_a_negate():
    sc = bolt_negated()
    assert (sc.decision.player, sc.decision.kind) == (0, "respond")
    assert A.PlayCard(sc.iid("n0"), (Target("l", 1),)) in sc.legal(0)
    sc.submit(0, A.PlayCard(sc.iid("n0"), (Target("l", 1),)))
    assert [item.card for item in sc.state.line] == [sc.iid("b"), sc.iid("n1"), sc.iid("n0")]
    sc.settle()
    assert sc.life(1) == 17                     # the second nope stopped the first: bolt hits
    assert sc.zone("n1") == "graveyard"         # prevented (K 4.21.2)


def test_k94_6_1_a_negate_answers_only_an_opponents_play():
    """"Your opponent's spell": player 0 cannot aim it at their own bolt."""
    sc = bolt_negated()
    assert A.PlayCard(sc.iid("n0"), (Target("l", 0),)) not in sc.legal(0)
    sc.refused(0, A.PlayCard(sc.iid("n0"), (Target("l", 0),)), "K 57.1")


def test_k94_6_1_a_reaction_answers_ones_own_card_where_its_text_says_so():
    """"echo" answers a card its own player is playing (responds_to own_card): after the
    opponent passes, player 0 may still react to their own bolt (K 94.5)."""
    sc = scenario(me=side(hand=[c("bolt", label="b"), c("echo", label="e")], vp=9,
                          deck=["grunt"]),
                  them=side(hand=[c("nope", label="n")], vp=5), pool=REACTIONS_POOL)
    sc.play(0, "b", sc.pt(1))
    assert A.PlayCard(sc.iid("e"), (Target("l", 0),)) not in sc.legal(1)
    sc.submit(1, A.Pass())
    assert (sc.decision.player, sc.decision.kind) == (0, "respond")
    assert A.PlayCard(sc.iid("e"), (Target("l", 0),)) in sc.legal(0)
    hand = len(sc.state.players[0].hand)
    sc.submit(0, A.PlayCard(sc.iid("e"), (Target("l", 0),)))
    sc.settle()
    assert len(sc.state.players[0].hand) == hand            # echo left, the drawn card came
    assert sc.life(1) == 17


def test_k94_6_1_own_card_reaction_text_says_whose_card():
    echo = REACTIONS_POOL["echo"]
    assert "in response to your own card being played" in card_text(echo, "en")
    assert "saját lapod kijátszására válaszul" in card_text(echo, "hu")
    assert "your opponent's playing a spell" in card_text(REACTIONS_POOL["nope"], "en")
