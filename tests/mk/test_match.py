"""Best of three with the sideboard (MK 1.13, ruling 57): one-for-one swaps between games that
keep both sizes and a legal deck, and a match decided by two wins."""

from __future__ import annotations

import pytest

from engine.magus import match as MT
from engine.magus import pool as P
from engine.magus.plugin import PLUGIN
from tests.mk.helpers import squire_game


def test_mk_1_13_c_a_swap_is_one_for_one_and_keeps_both_sizes():
    pool = P.default_pool()
    deck = P.load_deck("stonebeard")
    new = MT.swap(deck, "x-cleave", "x-healing-word", pool)
    assert sum(new.cards.values()) == sum(deck.cards.values())
    assert sum(new.sideboard.values()) == sum(deck.sideboard.values()) == 12
    assert new.cards["x-cleave"] == deck.cards["x-cleave"] - 1
    assert new.cards["x-healing-word"] == 1 and new.sideboard["x-cleave"] == 1
    assert deck.cards["x-cleave"] == 3                       # the old deck is untouched


@pytest.mark.parametrize("out_cid, in_cid, rule", [
    ("x-healing-word", "x-cleave", "MK 1.13.C"),         # not in the deck / sideboard
    ("x-cleave", "a-borka", "MK 1.13.C"),
    ("t-copper-dome", "a-ilka", "MK 1.08.B"),             # a starting tower level
])
def test_mk_1_13_c_a_bad_swap_is_refused_citing_its_rule(out_cid, in_cid, rule):
    pool = P.default_pool()
    deck = P.load_deck("stonebeard")
    with pytest.raises(MT.SwapError) as exc:
        MT.swap(deck, out_cid, in_cid, pool)
    assert exc.value.rule == rule
    with pytest.raises(MT.SwapError) as exc:
        MT.swap(P.load_deck("quiet"), "a-fang", "a-ilka", pool)     # no sideboard
    assert exc.value.rule == "MK 1.13.I"


def test_ruling_57_two_wins_decide_the_match_and_draws_count_for_nobody():
    pool = P.default_pool()
    m = MT.Match((P.load_deck("stonebeard"), P.load_deck("lantern")))
    m.record(0)
    assert not m.over() and m.winner() == -2
    m.record(-1)
    m.record(0)
    assert m.over() and m.winner() == 0
    with pytest.raises(ValueError):
        m.record(1)
    with pytest.raises(MT.SwapError):
        m.swap(0, "x-cleave", "x-healing-word", pool)
    drawn = MT.Match(m.decks)
    for w in (0, 1, -1):
        drawn.record(w)
    assert drawn.over() and drawn.winner() == -1


def test_a_whole_best_of_three_between_bots_with_a_swap_between_games():
    pool = P.default_pool()
    m = MT.Match((P.load_deck("stonebeard"), P.load_deck("ashen")))
    seed = 1
    while not m.over():
        ids = ("stonebeard", "ashen")
        game = squire_game(PLUGIN.new_header(ids, seed), seed)
        res = game.state.result
        m.record(res.winners[0] if len(res.winners) == 1 else -1)
        if not m.over():
            m.swap(0, "x-cleave", "x-healing-word", pool)
        seed += 1
    assert 2 <= len(m.results) <= 3 and m.winner() in (-1, 0, 1)
    assert sum(m.decks[0].sideboard.values()) == 12
