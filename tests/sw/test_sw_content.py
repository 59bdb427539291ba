"""Content: the shipped cards and decks, the deck validator's messages (file, card, what is
wrong, what to do), pinning into the header by digest (SW Pakliépítés.1-2)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.core.game import check_header
from engine.sw import pool as P
from engine.sw.session import check_options

from tests.sw.helpers import PLUGIN


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _deck_text(cards: dict[str, int], did: str = "mine") -> str:
    lines = [f'id = "{did}"', 'name = { hu = "Enyém", en = "Mine" }',
             'description = { hu = "x", en = "x" }', "[cards]"]
    lines += [f'"{c}" = {n}' for c, n in cards.items()]
    return "\n".join(lines) + "\n"


def _polar() -> dict[str, int]:
    return dict(P.load_deck("polar-dwarves").cards)


def test_shipped_content_is_valid_and_three_decks_are_ready():
    assert P.validate_files() == []
    decks = PLUGIN.decks()
    assert {d.id for d in decks} == {"polar-dwarves", "ashvale-wraiths", "burrow-rabble"}
    assert all(d.size == 34 and d.name["hu"] and d.name["en"] for d in decks)
    pool = P.default_pool()
    for d in P.list_decks():
        summ = next(pool[c] for c in d.cards if pool[c].kind == "summoner")
        assert summ.layout and summ.invented_layout      # ruling R2: our layouts, marked
        assert d.strategy is not None                     # each faction's own way to win


def test_polar_dwarves_match_the_seed():
    pool = P.default_pool()
    deck = P.load_deck("polar-dwarves").cards
    assert deck["pd-frost-mage"] == 5 and deck["pd-ice-golem"] == 5      # 4 + 1 starting
    assert (pool["pd-svara"].life, pool["pd-svara"].strength) == (12, 3)
    assert (pool["pd-ice-golem"].cost, pool["pd-ice-golem"].strength,
            pool["pd-ice-golem"].life) == (2, 2, 5)
    assert pool["pd-svara"].starting == ("pd-frost-mage", "pd-ice-golem")
    for cid, card in pool.items():
        for ab in card.abilities:
            assert ab.name.hu and ab.name.en and ab.text.hu and ab.text.en, cid


def test_sw_pakliepites_1_a_deck_has_34_cards(tmp_path):
    cards = _polar()
    cards["pd-bear-rider"] = 3
    problems = P.validate_files([_write(tmp_path, "mine.toml", _deck_text(cards))])
    assert any("has 33 cards" in p.message and "exactly 34" in p.message for p in problems)
    assert all(p.file.endswith("mine.toml") for p in problems)


def test_sw_pakliepites_2_copy_limits_and_deck_symbols(tmp_path):
    cards = _polar()
    cards["pd-bear-rider"] = 5
    cards["pd-ice-smith"] = 3
    cards["pd-parapet"] = 3
    cards["pd-glacier-shift"] = 1
    problems = P.validate_files([_write(tmp_path, "mine.toml", _deck_text(cards))])
    text = " | ".join(p.message for p in problems)
    assert "card 'pd-bear-rider': has 5 copies; at most 4 of one common" in text
    assert "card 'pd-parapet': has 3 copies; at most 2 of one common event" in text
    cards = _polar()
    cards["pd-ice-smith"] = 3
    cards["br-pilferer"] = 1
    problems = P.validate_files([_write(tmp_path, "mine.toml", _deck_text(cards))])
    text = " | ".join(p.message for p in problems)
    assert "card 'br-pilferer': shares no deck symbol with pd-svara" in text
    assert "choose cards of the summoner's faction" in text


def test_deck_validator_names_unknown_cards_with_a_suggestion(tmp_path):
    cards = _polar()
    cards["pd-bear-ryder"] = cards.pop("pd-bear-rider")
    problems = P.validate_files([_write(tmp_path, "mine.toml", _deck_text(cards))])
    assert len(problems) == 1
    msg = problems[0].message
    assert "mine.toml" in msg and "'pd-bear-ryder'" in msg and "did you mean 'pd-bear-rider'" in msg


def test_deck_validator_wants_the_summoners_starting_units_and_epics(tmp_path):
    cards = _polar()
    cards["pd-icy-shove"] = 1
    cards["pd-frost-mage"] = 6
    problems = P.validate_files([_write(tmp_path, "mine.toml", _deck_text(cards))])
    text = " | ".join(p.message for p in problems)
    assert "'pd-icy-shove': is an epic event of pd-svara but not in the deck" in text


def test_card_validator_explains_bad_abilities(tmp_path):
    bad = '''
[[card]]
id = "x-thing"
name = { hu = "Izé", en = "Thing" }
kind = "common"
faction = "x"
cost = 1
strength = 1
life = 2
attack = "melee"
[[card.abilities]]
name = { hu = "A", en = "A" }
text = { hu = "a", en = "a" }
keyword = "tramp"
[[card.abilities]]
name = { hu = "B", en = "B" }
text = { hu = "b", en = "b" }
when = "after_moving"
steps = [{ do = "damag", amount = 1 }]
[[card.abilities]]
name = { hu = "C", en = "C" }
text = { hu = "c", en = "c" }
activate = "summon"
steps = [{ do = "choose_card", filter = { cls = ["unti"] } }]
'''
    (tmp_path / "cards").mkdir()
    problems = P.validate_files([_write(tmp_path / "cards", "x.toml", bad)])
    text = " | ".join(p.message for p in problems)
    assert "card 'x-thing': ability 1 (A): keyword 'tramp' is unknown (did you mean 'trample'?)" \
        in text
    assert "trigger 'when' 'after_moving' is unknown (did you mean 'after_move'?)" in text
    assert "step 'damag' is unknown (did you mean 'damage'?)" in text
    assert "class word 'unti' is unknown (did you mean 'unit'?)" in text


def test_card_validator_reports_schema_and_syntax_errors(tmp_path):
    (tmp_path / "cards").mkdir()
    typo = '[[card]]\nid = "y"\nname = { hu = "Y", en = "Y" }\nkind = "common"\nfaction = "x"\n' \
           'lfie = 3\n'
    problems = P.validate_files([_write(tmp_path / "cards", "y.toml", typo)])
    assert "unknown field `lfie`" in problems[0].message and "remove it" in problems[0].message
    broken = _write(tmp_path / "cards", "z.toml", "[[card]\nid = 1")
    problems = P.validate_files([broken])
    assert "TOML syntax error" in problems[0].message and "z.toml" in problems[0].message


def test_new_header_pins_the_cards_by_digest_and_a_changed_pin_is_caught():
    header = PLUGIN.new_header(("polar-dwarves", "ashvale-wraiths"), 5)
    ruleset = PLUGIN.ruleset_for(header)
    assert check_header(ruleset, header) == ""
    assert header.card_pool_digest == P.digest(header.cards)
    pinned = P.decode_cards(header.cards)
    assert set(pinned) == {c for deck in header.decklists for c in deck}
    forged = msgspec.structs.replace(header, cards=header.cards[:-1] + b"\x00")
    assert "do not match their digest" in check_header(ruleset, forged)


def test_an_illegal_decklist_in_a_header_is_reported():
    from engine.core.log import sealed

    header = PLUGIN.new_header(("polar-dwarves", "ashvale-wraiths"), 5)
    short = (header.decklists[0][:-1], header.decklists[1])
    forged = sealed(msgspec.structs.replace(header, decklists=short))
    problem = check_header(PLUGIN.ruleset_for(forged), forged)
    assert "has 33 cards" in problem


def test_options_are_checked_in_words():
    with pytest.raises(ValueError, match="no option 'fog'"):
        check_options({"fog": 1})
    with pytest.raises(ValueError, match="choose one of draw, active_wins"):
        check_options({"both_summoners": "coin"})
    with pytest.raises(ValueError, match="die_faces"):
        check_options({"die_faces": ["x"]})
    with pytest.raises(ValueError):
        PLUGIN.new_header(("polar-dwarves", "burrow-rabble"), 1, options={"fog": 1})
    check_options({"die_faces": ["m", "s"], "friendly_fire": False, "max_turns": 50})


def test_unknown_deck_is_named_with_the_known_ones():
    with pytest.raises(P.PoolError) as exc:
        PLUGIN.new_header(("polar-dwarfs", "burrow-rabble"), 1)
    assert "polar-dwarfs" in str(exc.value) and "polar-dwarves" in str(exc.value)
