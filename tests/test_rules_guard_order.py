"""The order of creatures within the guard post and the reserve is their controller's to change,
in their own exchange phase only (K 32.4, 88)."""

from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.greedy import GreedyBot
from tests.helpers import RULESET, TEST_POOL, c, scenario, side


def exchange():
    return scenario(me=side(guard=[c("grunt", label="a"), c("wall", label="b"),
                                   c("brute", label="d")],
                            reserve=[c("bird", label="r1"), c("seer", label="r2")]),
                    them=side(guard=[c("grunt", label="x"), c("wall", label="y")]),
                    phase="exchange")


def order(sc, zone: str, player: int = 0) -> list[str]:
    labels = {v: k for k, v in sc.labels.items()}
    return [labels[i] for i in getattr(sc.state.players[player], zone)]


def test_k32_4_the_owner_reorders_the_guard_post_and_the_reserve_in_the_exchange_phase():
    sc = exchange()
    events = sc.submit(0, A.ShiftCreature(sc.iid("d"), True))
    assert order(sc, "guard") == ["a", "d", "b"]
    assert E.CreatureShifted(sc.iid("d"), 1) in events
    sc.submit(0, A.ShiftCreature(sc.iid("a"), False))
    assert order(sc, "guard") == ["d", "a", "b"]
    sc.submit(0, A.ShiftCreature(sc.iid("r1"), False))
    assert order(sc, "reserve") == ["r2", "r1"]
    assert [cv.iid for cv in sc.view(1).players[0].guard] == [sc.iid(x) for x in "dab"]
    sc.submit(0, A.Pass())                     # the order stays as left (K 32.5)
    assert order(sc, "guard") == ["d", "a", "b"]


def test_k32_4_reorder_moves_are_offered_one_place_at_a_time():
    sc = exchange()
    shifts = [a for a in sc.legal(0) if isinstance(a, A.ShiftCreature)]
    a, b, d, r1, r2 = (sc.iid(x) for x in ("a", "b", "d", "r1", "r2"))
    assert shifts == [A.ShiftCreature(a, False), A.ShiftCreature(b, True),
                      A.ShiftCreature(b, False), A.ShiftCreature(d, True),
                      A.ShiftCreature(r1, False), A.ShiftCreature(r2, True)]
    hints = RULESET.hints(sc.view(0), sc.legal(0))
    shift_hints = [h for h in hints if h.group.startswith("shift:")]
    assert {h.option for h in shift_hints} == {"act.shift_left", "act.shift_right"}


def test_k32_4_refused_past_the_end_of_the_row_or_for_the_opponents_creatures():
    sc = exchange()
    sc.refused(0, A.ShiftCreature(sc.iid("a"), True), "K 32.4")
    sc.refused(0, A.ShiftCreature(sc.iid("r2"), False), "K 32.4")
    sc.refused(0, A.ShiftCreature(sc.iid("y"), True), "K 32.4")


def test_k32_4_the_order_changes_only_in_the_exchange_phase():
    sc = scenario(me=side(guard=[c("grunt", label="a"), c("wall", label="b")]))
    assert sc.decision.kind == "priority"
    sc.refused(0, A.ShiftCreature(sc.iid("b"), True))
    assert not any(isinstance(a, A.ShiftCreature) for a in sc.legal(0))


def test_k32_4_the_greedy_bot_does_not_shuffle_its_creatures():
    sc = exchange()
    choice = GreedyBot(TEST_POOL).choose(sc.view(0), sc.legal(0))
    assert not isinstance(choice, A.ShiftCreature)


def test_k5_4_4_the_greedy_bot_withdraws_from_an_over_full_guard_post_rather_than_reorder():
    """With four creatures on guard it cannot be Done (K 5.4.4); reordering must not keep it
    busy for ever: it withdraws one."""
    sc = scenario(me=side(guard=["grunt", "grunt", "wall", "brute"]), phase="exchange")
    choice = GreedyBot(TEST_POOL).choose(sc.view(0), sc.legal(0))
    assert isinstance(choice, A.MoveToReserve)


def test_k32_4_a_creature_moves_at_most_n_minus_1_places_so_reordering_ends():
    """Shifting back and forth cannot go on for ever: in a row of N a creature moves at most
    N-1 places in one exchange phase (K 32.4), and then it is no longer offered."""
    sc = exchange()
    a, b, d = (sc.iid(x) for x in "abd")
    sc.submit(0, A.ShiftCreature(a, False))                    # b a d
    sc.submit(0, A.ShiftCreature(a, True))                     # a b d: a has moved 2 places
    assert order(sc, "guard") == ["a", "b", "d"]
    sc.refused(0, A.ShiftCreature(a, False), "K 32.4")
    assert not any(isinstance(x, A.ShiftCreature) and x.card == a for x in sc.legal(0))
    assert any(isinstance(x, A.ShiftCreature) and x.card == b for x in sc.legal(0))
    # however often the player shifts, the exchange phase runs out of shifts
    shifts = 0
    while shifts < 50 and (moves := [x for x in sc.legal(0) if isinstance(x, A.ShiftCreature)]):
        sc.submit(0, moves[0])
        shifts += 1
    assert shifts <= 2 + 2 + 1 + 1                 # b and d 2 places each, r1 and r2 1 each


def test_k32_4_any_order_can_still_be_made_within_the_limit():
    """Insertion from the front: the creature for each place moves forward to it, at most N-1
    places, so every order of a row of three is reachable."""
    from itertools import permutations

    for target in permutations("abd"):
        sc = exchange()
        for place, label in enumerate(target):
            while order(sc, "guard").index(label) > place:
                sc.submit(0, A.ShiftCreature(sc.iid(label), True))
        assert order(sc, "guard") == list(target)


def test_k32_4_the_limit_is_per_exchange_phase():
    """The count is a use of this turn (K 90): the next turn starts it afresh."""
    from engine.hkk.reducer import apply

    sc = exchange()
    a = sc.iid("a")
    sc.submit(0, A.ShiftCreature(a, False))
    sc.submit(0, A.ShiftCreature(a, False))
    sc.refused(0, A.ShiftCreature(a, True), "K 32.4")
    apply(sc.state, E.TurnBegan(1, sc.state.turn + 1))
    assert not sc.state.cards[a].uses
