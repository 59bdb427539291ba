"""The shipped M.A.G.U.S. decks (issue 18 item 9): every one legal (MK 1.02, MK 1.08.B, MK 1.13),
each with a plan of its own; the fifth, The Wildfire Brood, at limit 3 around ŐSERŐ (MK 2.12),
ELVADULT (MK 2.14) and the Outer plane (MK 9.00); 12-card sideboards for The Ashen Court and
Order of the Lantern (MK 1.13.E) that a best-of-three match can swap in (MK 1.13.C)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.game import Game
from engine.magus import events as E
from engine.magus import match as MT
from engine.magus import pool as P
from engine.magus.cards import OPPOSED, PRIMAL_RACES
from engine.magus.plugin import PLUGIN
from tests.mk.helpers import KEEP, A, C, Table, squire_game

SHIPPED = ("ashen", "lantern", "quiet", "stonebeard", "wildfire")
SIDED = ("ashen", "lantern", "stonebeard")


def _play(ids: tuple[str, str], seed: int, decks=None) -> Game:
    """A whole squire-against-squire game, each bot from its seat's view."""
    h = PLUGIN.new_header(ids, seed) if decks is None else MT.header_for(
        decks, seed, PLUGIN.new_header(ids, seed).seats, {})
    return squire_game(h, seed)


def test_mk_1_02_b_every_shipped_deck_is_legal_and_has_its_own_name_and_plan():
    pool = P.default_pool()
    decks = P.shipped_decks()
    assert tuple(d.id for d in decks) == SHIPPED
    for d in decks:
        assert P.validate_deck(d, pool, d.id) == [], d.id
        assert len({c for c in d.cards if pool[c].type == "tower"}) >= 3, d.id  # MK 1.08.B
        assert sum(d.cards.values()) - 3 >= P.MIN_FUTURE[d.limit], d.id      # MK 1.02.B-C
        assert set(d.towers) <= set(d.cards), d.id
        for text in (d.name, d.description):
            assert text.hu and text.en and text.hu != text.en, d.id
    for lang in ("hu", "en"):
        assert len({getattr(d.name, lang) for d in decks}) == len(decks)
        assert len({getattr(d.description, lang) for d in decks}) == len(decks)
    assert sum(d.limit == 3 for d in decks) >= 4 and any(d.limit == 4 for d in decks)


def test_mk_1_02_b_the_wildfire_brood_is_a_legal_fifth_deck_at_limit_3():
    pool = P.default_pool()
    d = P.load_deck("wildfire")
    assert (d.name.en, d.name.hu) == ("The Wildfire Brood", "A Vadtűz Fészke")
    assert d.limit == 3 and P.validate_deck(d, pool, "wildfire.toml") == []
    assert sum(d.cards.values()) - 3 >= 40                                   # MK 1.02.B
    assert max(d.cards.values()) <= 3                                        # MK 1.02.A
    assert len(d.towers) == 3 and all(pool[t].type == "tower" for t in d.towers)
    assert all(cid in pool for cid in d.cards)                  # only cards of the pool


def test_mk_2_12_the_wildfire_brood_is_built_on_primal_cards_no_other_deck_plays():
    """Its plan is its own: primal-race leaders (aquir, dragon) make its ŐSERŐ cards free
    (MK 2.12), feral cards go on as obstacles (MK 2.14), a hunter strikes from the Outer plane
    (MK 9.00); none of the other shipped decks carries a primal or feral card."""
    pool = P.default_pool()
    wild = P.load_deck("wildfire")
    cards = [pool[c] for c in wild.cards]
    assert {d.race for d in cards if d.type == "adventurer"} >= set(PRIMAL_RACES)
    assert sum(wild.cards[d.id] for d in cards if "primal" in d.keywords) >= 5
    assert sum(wild.cards[d.id] for d in cards if "feral" in d.keywords) >= 4
    assert any(d.outer for d in cards) and any(d.machine for d in cards)
    assert any(d.spirit for d in cards)
    for other in P.shipped_decks():
        if other.id != "wildfire":
            ids = set(other.cards) | set(other.sideboard)
            assert not any({"primal", "feral"} & set(pool[c].keywords) for c in ids), other.id


def test_mk_2_12_the_wildfire_brood_drake_makes_its_primal_roar_free():
    from engine.magus.ctx import Run
    from engine.magus.keywords import card_cost

    t = Table([C(A, "a-ember-drake", "line"), C(A, "x-primal-roar")] + KEEP)
    assert card_cost(Run(t.s, t.rules.pool), t.idx(A, "x-primal-roar"), -1, A) == 0
    t2 = Table([C(A, "a-duelist", "line"), C(A, "x-primal-roar")] + KEEP)
    assert card_cost(Run(t2.s, t2.rules.pool), t2.idx(A, "x-primal-roar"), -1, A) == 3


def test_mk_3_07_2_no_shipped_deck_or_sideboard_holds_opposed_alignments():
    """An adventurer cannot enter Present beside an opposed one of its owner (MK 3.07.2): a
    deck mixing them (sideboard included) would strand cards in the hand."""
    pool = P.default_pool()
    for d in P.shipped_decks():
        aligned = {pool[c].alignment for c in {**d.cards, **d.sideboard}
                   if pool[c].type == "adventurer"} - {""}
        assert not any(OPPOSED[a] in aligned for a in aligned), (d.id, aligned)


@pytest.mark.parametrize("deck_id", SIDED)
def test_mk_1_13_e_the_sideboard_is_12_cards_and_legal_with_its_deck(deck_id):
    pool = P.default_pool()
    d = P.load_deck(deck_id)
    assert d.limit == 3 and sum(d.sideboard.values()) == P.SIDEBOARD[3] == 12
    assert P.validate_deck(d, pool, deck_id) == []
    both = Counter(d.cards) + Counter(d.sideboard)
    assert max(both.values()) <= d.limit                       # MK 1.02.A, MK 1.13.D
    assert not any(pool[c].type == "tower" for c in d.sideboard)


@pytest.mark.parametrize("deck_id", ("ashen", "lantern"))
def test_mk_1_13_c_every_sideboard_card_can_be_swapped_in_between_games(deck_id):
    pool = P.default_pool()
    deck = P.load_deck(deck_id)
    outs = [c for c in deck.cards if c not in deck.towers and c not in deck.sideboard]
    for n, into in enumerate(deck.sideboard):
        out = outs[n % len(outs)]
        new = MT.swap(deck, out, into, pool)
        assert new.cards[into] == deck.cards.get(into, 0) + 1
        assert new.sideboard.get(out, 0) == 1
        assert sum(new.cards.values()) == sum(deck.cards.values())
        assert sum(new.sideboard.values()) == 12
        assert P.validate_deck(new, pool, deck_id) == []


def test_mk_1_13_c_ashen_and_lantern_play_a_best_of_three_siding_both_ways():
    pool = P.default_pool()
    m = MT.Match((P.load_deck("ashen"), P.load_deck("lantern")))
    seed = 3
    while not m.over():
        game = _play(("ashen", "lantern"), seed, m.decks)
        assert sorted(game.header.decklists[1]) == sorted(P.decklist(m.decks[1]))
        res = game.state.result
        m.record(res.winners[0] if len(res.winners) == 1 else -1)
        if not m.over():
            m.swap(0, "x-feint", "x-hex", pool)                 # against level-1 swarms
            m.swap(1, "x-ghost-arrow", "x-healing-word", pool)  # against burn
        seed += 1
    assert 2 <= len(m.results) <= 3 and m.winner() in (-1, 0, 1)
    assert m.decks[0].cards["x-hex"] >= 1 and m.decks[1].cards["x-healing-word"] >= 2


@pytest.mark.parametrize("other", [d for d in SHIPPED if d != "wildfire"])
def test_the_wildfire_brood_plays_a_whole_game_against_each_deck(other):
    game = _play(("wildfire", other), 41)
    res = game.state.result
    assert res is not None and len(res.winners) <= 1
    cards = game.state.cards
    played = {cards[e.card].cid for entry in game.entries for e in entry.events
              if isinstance(e, E.ItemAdded) and e.player == 0 and e.card >= 0
              and cards[e.card].owner == 0}        # not an item won from a quest (MK 3.02.F)
    assert played and played <= set(P.load_deck("wildfire").cards)   # its own cards, played
