"""The pool of part 3 (100+ original cards, every type and keyword) and its legal decks (five
since issue 18's fifth deck, The Wildfire Brood; more in tests/mk/test_decks.py): three with a
12-card sideboard (MK 1.13.E), one built for limit 4 (MK 1.02.C, MK 1.13.D)."""

from __future__ import annotations

import msgspec
import pytest

from engine.magus import pool as P
from engine.magus.cards import KEYWORDS, TYPES
from engine.magus.plugin import PLUGIN


def test_the_pool_has_100_original_cards_of_every_type_and_keyword():
    pool = P.default_pool()
    assert len(pool) >= 100
    assert {d.type for d in pool.values()} == set(TYPES)
    used = {k for d in pool.values() for k in d.keywords}
    assert set(KEYWORDS) <= used
    fields = {"will": 0, "obstacles": 0, "treasure": 0, "tribe": "", "rider": "",
              "trigger_target": "", "overstrike": 0, "expedition": 0, "wall": 0}
    for f, empty in fields.items():
        assert any(getattr(d, f) != empty for d in pool.values()), f
    assert any(d.true_name is not None for d in pool.values())
    assert any(e.op == "escape" for d in pool.values() for e in d.effects)
    assert len({d.name.en for d in pool.values()}) == len(pool)      # distinct names


def test_five_legal_decks_each_with_its_own_plan():
    pool = P.default_pool()
    decks = {d.id: d for d in P.list_decks()}
    assert {"ashen", "lantern", "stonebeard", "quiet", "wildfire"} <= set(decks)
    assert PLUGIN.validate() == []
    for d in decks.values():
        assert P.validate_deck(d, pool, d.id) == []
        assert len({c for c in d.cards if pool[c].type == "tower"}) >= 3     # MK 1.08.B
    for sided in ("stonebeard", "ashen", "lantern"):
        assert sum(decks[sided].sideboard.values()) == 12                   # MK 1.13.E
    assert decks["wildfire"].limit == 3                                      # MK 1.02.B
    quiet = decks["quiet"]
    assert quiet.limit == 4 and sum(quiet.cards.values()) - 3 >= 60          # MK 1.02.C


def test_mk_1_02_c_limit_4_wants_60_future_cards_and_allows_four_copies():
    pool = P.default_pool()
    quiet = P.load_deck("quiet")
    four = msgspec.structs.replace(quiet, cards={**quiet.cards, "a-focus-monk": 4})
    assert P.validate_deck(four, pool, "q.toml") == []
    five = msgspec.structs.replace(quiet, cards={**quiet.cards, "a-focus-monk": 5})
    assert any("5 copies of The Quiet Monk, limit 4 (MK 1.02.A)" in p.message
               for p in P.validate_deck(five, pool, "q.toml"))
    short = msgspec.structs.replace(P.load_deck("stonebeard"), limit=4, sideboard={})
    assert any("limit 4 needs at least 60 (MK 1.02.C)" in p.message
               for p in P.validate_deck(short, pool, "s.toml"))


def test_mk_1_13_e_a_sideboard_is_exactly_12_at_limit_3_or_none():
    pool = P.default_pool()
    deck = P.load_deck("stonebeard")
    thirteen = msgspec.structs.replace(deck, sideboard={**deck.sideboard, "x-feint": 1})
    assert any("a sideboard of 13 cards; with limit 3 it is exactly 12 or none" in p.message
               for p in P.validate_deck(thirteen, pool, "s.toml"))
    none = msgspec.structs.replace(deck, sideboard={})
    assert P.validate_deck(none, pool, "s.toml") == []


def test_every_subsystem_of_section_16_is_used_by_cards_and_refused_when_switched_off():
    from engine.magus.keywords import deck_problems, subsystem

    pool = P.default_pool()
    used = {subsystem(d)[0] for d in pool.values()} - {""}
    assert used == {"mosaic", "antiss", "outer_plane", "machines", "ghosts"}
    decks = P.list_decks()
    in_decks = {subsystem(pool[c])[0] for d in decks for c in d.cards} - {""}
    assert in_decks == used
    quiet = P.decklist(P.load_deck("quiet"))
    assert deck_problems(quiet, pool, {}) == []
    problems = deck_problems(quiet, pool, {"mosaic": False})
    assert problems and all("option mosaic = false, MK 7.00" in p for p in problems)
    assert any("Fire Mosaic" in p for p in problems)


def test_mk_7_00_a_new_game_and_a_save_with_mosaic_off_refuse_a_deck_of_mosaic_cards():
    """The option is the game's: `hkk play` refuses the deck, and a save whose header switches
    the subsystem off but lists its cards is refused naming option and rule."""

    from engine.magus import session as S

    with pytest.raises(P.PoolError, match=r"option mosaic = false, MK 7\.00"):
        S.make_header(("quiet", "ashen"), 1, options={"mosaic": False})
    header = S.make_header(("quiet", "ashen"), 1)
    assert S.header_problem(header) == ""
    off = msgspec.structs.replace(header, options={"mosaic": False})
    assert "option mosaic = false, MK 7.00" in S.header_problem(off)
