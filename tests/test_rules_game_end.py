"""How a game ends by the players' own decision: an agreed draw (K 2.8.1), a concession
(K 2.8.2), neither forced and neither withdrawable (K 2.8.3)."""

import pytest

from engine.core.game import IllegalAction, UndoRefused
from engine.core.log import Seat
from engine.core.protocol import Result
from engine.core.sessions import resume, start_saved
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.greedy import GreedyBot
from engine.hkk.session import make_header
from tests.helpers import RULESET, TEST_POOL, scenario, side


def offered(**kw):
    sc = scenario(**kw)
    assert (sc.decision.kind, sc.decision.player) == ("priority", 0)
    events = sc.submit(0, A.OfferDraw())
    assert events[0] == E.DrawOffered(0)
    return sc


# ---------------------------------------------------------------------------- agreed draw
def test_k2_8_1_an_agreed_draw_ends_the_game_with_no_winner():
    sc = offered()
    d = sc.decision
    assert (d.kind, d.player, d.rule) == ("draw_offer", 1, "K 2.8.1")
    assert sc.legal(1) == [A.AcceptDraw(), A.DeclineDraw()]
    events = sc.submit(1, A.AcceptDraw())
    assert events == [E.DrawAgreed(1), E.GameEnded(-1, "agreed_draw", "K 2.8.1")]
    assert RULESET.result(sc.state) == Result((), "agreed_draw", "K 2.8.1")
    assert sc.decision is None


def test_k2_8_2_a_declined_draw_changes_nothing_and_the_game_goes_on():
    sc = offered()
    events = sc.submit(1, A.DeclineDraw())
    assert E.DrawDeclined(1) in events
    assert sc.state.result is None
    assert (sc.decision.kind, sc.decision.player) == ("priority", 0)


def test_k2_8_1_either_player_may_offer_at_any_time():
    sc = scenario()
    sc.submit(1, A.OfferDraw())                       # not their decision: still allowed
    assert (sc.decision.kind, sc.decision.player) == ("draw_offer", 0)
    sc.submit(0, A.DeclineDraw())
    assert (sc.decision.kind, sc.decision.player) == ("priority", 0)


def test_k2_8_2_one_offer_a_turn_and_none_while_one_waits():
    sc = offered()
    sc.refused(1, A.OfferDraw(), "K 2.8.1")           # answer the offer first
    sc.refused(0, A.OfferDraw(), "K 2.8.1")
    sc.submit(1, A.DeclineDraw())
    sc.refused(0, A.OfferDraw(), "K 2.8.2")           # not pressed again this turn
    turn = sc.state.turn
    while sc.state.turn == turn:                      # the next turn
        sc.pass_()
    sc.submit(0, A.OfferDraw())
    assert sc.decision.kind == "draw_offer"


def test_k2_8_1_the_draw_answer_is_the_opponents_alone():
    sc = offered()
    sc.refused(0, A.AcceptDraw(), "K 2.8.1")
    sc.refused(1, A.Pass(), "K 2.8.1")                # it cannot be passed over


def test_k2_8_1_the_greedy_bot_accepts_a_draw_only_when_behind_on_life():
    for life, accepts in ((12, True), (20, False), (18, False)):
        sc = offered(them=side(life=life), me=side(life=18))
        choice = GreedyBot(TEST_POOL).choose(sc.view(1), sc.legal(1))
        assert choice == (A.AcceptDraw() if accepts else A.DeclineDraw()), life


def test_k2_8_1_the_offer_is_hinted_for_the_shell():
    sc = offered()
    assert RULESET.draw_offer_action(0) == A.OfferDraw()
    hints = RULESET.hints(sc.view(1), sc.legal(1))
    assert [h.label for h in hints] == ["act.accept_draw", "act.decline_draw"]
    assert RULESET.hints(sc.view(0), [A.OfferDraw()])[0].role == "draw"


# ---------------------------------------------------------------------------- final (K 2.8.3)
def test_k2_8_3_an_agreed_draw_is_final():
    sc = offered()
    sc.submit(1, A.AcceptDraw())
    for player in (0, 1):
        with pytest.raises(UndoRefused) as info:
            sc.game.undo(player)
        assert info.value.key == "final"
    sc.refused(0, A.Pass(), "K 4.19.1")
    sc.refused(1, A.OfferDraw(), "K 4.19.1")


def test_k2_8_3_a_concession_is_final_even_after_reloading_the_save(tmp_path):
    """Against the AI (practice undo crosses everything else) a concession still cannot be taken
    back: not by undo, not by playing on, not by closing and continuing the save."""
    header = make_header(("raia-egi-legio", "leah-csontkert"), 5,
                         seats=(Seat("A", "raia-egi-legio"),
                                Seat("B", "leah-csontkert", "ai:greedy")))
    game = start_saved(header, tmp_path / "g.hkk")
    game.submit(game.pending().player, A.CedeStart(False))
    assert game.practice()
    events = game.submit(0, A.Concede())
    assert events == [E.Conceded(0), E.GameEnded(1, "concede", "K 2.8.2")]
    with pytest.raises(UndoRefused) as info:
        game.undo(0)
    assert info.value.key == "final"
    assert not game.can_redo()
    with pytest.raises(IllegalAction):
        game.submit(1, A.OfferDraw())
    game.writer.close()
    again, loaded = resume(tmp_path / "g.hkk")
    assert not loaded.problem
    assert again.ruleset.result(again.state) == Result((1,), "concede", "K 2.8.2")
    with pytest.raises(UndoRefused):
        again.undo(0)
    again.writer.close()
