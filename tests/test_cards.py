"""Card pool, decks, validator and card text (engine.hkk.pool, engine.hkk.cardtext)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hkk import cardtext
from engine.hkk.cards import (
    CARD_TYPES, COUNTER_KINDS, EFFECTS, GODS, KEYWORDS, LIMITS, RESPONDS_TO, SCOPES,
    TARGET_SPECS, WHEN, CardDef, DeckDef, Effect,
)
from engine.hkk.verbs import VERBS, fields_of
from engine.hkk.pool import (
    DECK_DIR, MAX_COPIES, MIN_DECK_SIZE, POOL_DIR, PoolError, decklist, decode_pool,
    default_pool, encode_pool, list_decks, load_deck, load_pool, pool_digest, validate_files,
)


@pytest.fixture(scope="module")
def pool() -> dict[str, CardDef]:
    return load_pool()


def _all_effects(card: CardDef) -> list[Effect]:
    out = list(card.effects)
    for ab in card.abilities:
        out += ab.effects
    return out


# ---------------------------------------------------------------------------- the shipped pool
def test_shipped_data_validates():
    problems = validate_files()
    assert problems == [], "\n".join(p.message for p in problems)


def test_pool_loads_ordered_by_id(pool):
    assert len(pool) >= 60
    assert list(pool) == sorted(pool)
    assert all(k == c.id for k, c in pool.items())
    assert POOL_DIR.is_dir() and DECK_DIR.is_dir()


def test_pool_breadth(pool):
    cards = list(pool.values())
    gods = {c.god for c in cards} - {"colourless"}
    assert len(gods) >= 4
    assert {c.type for c in cards} == set(CARD_TYPES)
    assert {k for c in cards for k in c.keywords} == set(KEYWORDS)
    assert any(c.type == "enchantment" and c.attach for c in cards)
    assert any(c.type == "enchantment" and not c.attach for c in cards)
    assert all(c.sp > 0 for c in cards if c.type == "building")
    assert any(c.combat for c in cards)
    assert {c.regeneration for c in cards} >= {1, 2}
    assert sum(1 for c in cards if c.is_creature and c.mc) >= 0.8 * sum(
        1 for c in cards if c.is_creature)
    assert any(c.cost_mc for c in cards)
    assert any(c.condition for c in cards)
    abilities = [ab for c in cards for ab in c.abilities]
    assert any(ab.drawback for ab in abilities)
    assert {ab.limit for ab in abilities} == set(LIMITS)
    assert any(ab.passivate for ab in abilities)
    assert {ab.when for ab in abilities} == set(WHEN)
    assert {ab.on for ab in abilities if ab.when == "opponent_plays"} & {"spell", "creature"}
    effects = [e for c in cards for e in _all_effects(c)]
    assert {e.do for e in effects} == set(EFFECTS)
    assert {e.kind for e in effects if e.do == "counter"} == set(COUNTER_KINDS)
    statics = [e for c in cards for ab in c.abilities if ab.when == "static" for e in ab.effects]
    assert {e.do for e in statics} == {"buff", "grant", "cost_mod"}
    assert any(e.to == "host" for e in statics)
    targets = {t for c in cards for t in c.targets} | {t for ab in abilities for t in ab.targets}
    assert targets == set(TARGET_SPECS)
    assert {e.to for e in effects} >= set(SCOPES)
    reactions = [c for c in cards if c.is_reaction]
    assert reactions and all(c.type == "instant" and c.responds_to in RESPONDS_TO
                             and "line_item" in c.targets for c in reactions)
    assert any(ab.when == "reaction" and "line_item" in ab.targets for ab in abilities)


def test_costs_and_stats_in_range(pool):
    for c in pool.values():
        assert 0 <= c.cost <= 8, c.id
        if c.is_creature:
            assert c.hp >= 1 and 0 <= c.mc <= 3, c.id


def test_names_are_original_and_bilingual(pool):
    hu_names = [c.name.hu for c in pool.values()]
    assert len(set(hu_names)) == len(hu_names)
    assert len({c.name.en for c in pool.values()}) == len(pool)
    # proper Hungarian: at least some accented names
    assert sum(1 for n in hu_names if re.search("[áéíóöőúüű]", n)) > len(hu_names) / 2


# ---------------------------------------------------------------------------- decks
def test_decks_legal(pool):
    decks = list_decks()
    assert len(decks) >= 4
    assert [d.id for d in decks] == sorted(d.id for d in decks)
    for deck in decks:
        total = sum(deck.cards.values())
        assert total >= MIN_DECK_SIZE and total == 40, deck.id
        assert max(deck.cards.values()) <= MAX_COPIES
        assert all(cid in pool for cid in deck.cards)
        creatures = sum(n for cid, n in deck.cards.items() if pool[cid].is_creature)
        assert 16 <= creatures <= 20, (deck.id, creatures)
        assert deck.name.hu and deck.name.en and deck.description.hu and deck.description.en
        assert set(deck.gods) <= set(GODS)
        lst = decklist(deck)
        assert len(lst) == total and lst == decklist(deck) and lst == sorted(lst)


def test_load_deck_by_id_and_path(pool):
    deck = load_deck("raia-egi-legio", pool)
    assert load_deck(DECK_DIR / "raia-egi-legio.toml", pool) == deck
    assert load_deck(str(DECK_DIR / "raia-egi-legio.toml"), pool) == deck
    with pytest.raises(PoolError, match="not found"):
        load_deck("no-such-deck", pool)


# ---------------------------------------------------------------------------- pinning
def test_digest_stable_and_round_trip(pool):
    digest = pool_digest(pool)
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert digest == pool_digest(load_pool())
    reordered = dict(reversed(list(pool.items())))
    assert pool_digest(reordered) == digest
    blob = encode_pool(pool)
    back = decode_pool(blob)
    assert back == pool and list(back) == list(pool)
    assert pool_digest(back) == digest
    changed = dict(pool)
    first = next(iter(changed))
    changed[first] = msgspec.structs.replace(changed[first], cost=changed[first].cost + 1)
    assert pool_digest(changed) != digest
    with pytest.raises(PoolError):
        decode_pool(b"\x01garbage")


def test_default_pool_cached():
    assert default_pool() is default_pool()


# ---------------------------------------------------------------------------- validator
GOOD = """
[[card]]
id = "test-good"
name = { hu = "Próbalény", en = "Test Creature" }
type = "creature"
god = "raia"
cost = 2
damage = 1
hp = 2
"""


def _write(tmp_path: Path, body: str, name: str = "bad.toml") -> Path:
    path = tmp_path / "pool" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def _card(body: str, cid: str = "test-bad") -> str:
    return f'\n[[card]]\nid = "{cid}"\nname = {{ hu = "Hibás", en = "Bad" }}\n' + \
        textwrap.dedent(body)


def _problems(tmp_path: Path, body: str) -> list[str]:
    path = _write(tmp_path, GOOD + body)
    msgs = [p.message for p in validate_files([path])]
    for m in msgs:
        assert "bad.toml" in m
    return msgs


def _one(tmp_path: Path, body: str, *needles: str, card: str = "test-bad") -> str:
    msgs = _problems(tmp_path, body)
    hits = [m for m in msgs if all(n in m for n in needles)]
    assert hits, f"no message with {needles} in {msgs}"
    if card:
        assert f"card '{card}'" in hits[0]
    return hits[0]


def test_good_file_has_no_problems(tmp_path):
    assert validate_files([_write(tmp_path, GOOD)]) == []
    assert list(load_pool([_write(tmp_path, GOOD)])) == ["test-good"]


def test_toml_syntax_error_names_line(tmp_path):
    path = _write(tmp_path, GOOD + '\n[[card]]\nid = "x"\nname = { hu = "a", en = \n')
    msgs = [p.message for p in validate_files([path])]
    assert len(msgs) == 1 and "bad.toml" in msgs[0] and "TOML syntax error" in msgs[0]
    assert re.search(r"line \d+", msgs[0])


def test_unknown_field(tmp_path):
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\ncolour = "red"\n'),
         "unknown field", "colour", "$.card[1]")


def test_wrong_type(tmp_path):
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\ncost = "three"\n'),
         "Expected `int`", "cost")


def test_duplicate_id(tmp_path):
    first = _write(tmp_path, GOOD, "a.toml")
    second = _write(tmp_path, GOOD, "b.toml")
    msgs = [p.message for p in validate_files([first, second])]
    assert len(msgs) == 1
    assert "b.toml" in msgs[0] and "card 'test-good'" in msgs[0] and "duplicate id" in msgs[0]
    assert "a.toml" in msgs[0]


@pytest.mark.parametrize("body, needles", [
    ('type = "beast"\ngod = "raia"\nhp = 1\n', ("type 'beast' is unknown", "creature")),
    ('type = "creature"\ngod = "raya"\nhp = 1\n', ("god 'raya' is unknown", "did you mean 'raia'")),
    ('type = "creature"\ngod = "raia"\nhp = 1\nkeywords = ["fly"]\n',
     ("keyword 'fly' is unknown", "flying")),
    ('type = "instant"\ngod = "raia"\ntargets = ["monster"]\neffects = [{ do = "destroy" }]\n',
     ("target spec 'monster' is unknown",)),
    ('type = "instant"\ngod = "raia"\neffects = [{ do = "damage", amount = 1, to = "everyone" }]\n',
     ("to 'everyone' is unknown", "each_player")),
    ('type = "instant"\ngod = "raia"\ntargets = ["creature"]\neffects = [{ do = "dmg", amount = 1 }]\n',  # noqa: E501
     ("effect verb 'dmg' is unknown", "damage, heal")),
    ('type = "creature"\ngod = "raia"\nhp = 1\nabilities = [{ when = "upkeep", effects = [{ do = "draw", amount = 1, to = "controller" }] }]\n',  # noqa: E501
     ("when 'upkeep' is unknown", "start_of_turn")),
    ('type = "creature"\ngod = "raia"\nhp = 1\nabilities = [{ when = "activated", cost_vp = 1, limit = "twice", effects = [{ do = "draw", amount = 1, to = "controller" }] }]\n',  # noqa: E501
     ("limit 'twice' is unknown", "once_per_turn")),
    ('type = "instant"\ngod = "raia"\nsubtypes = ["reaction"]\nresponds_to = "everything"\ntargets = ["line_item"]\neffects = [{ do = "prevent" }]\n',  # noqa: E501
     ("responds_to 'everything' is unknown", "spell")),
    ('type = "instant"\ngod = "raia"\ntargets = ["creature"]\neffects = [{ do = "counter", kind = "poison", amount = 1 }]\n',  # noqa: E501
     ("counter kind 'poison' is unknown", "strengthening, weakening")),
])
def test_unknown_vocabulary(tmp_path, body, needles):
    _one(tmp_path, _card(body), *needles)


def test_target_without_slot(tmp_path):
    msg = _one(tmp_path, _card('type = "instant"\ngod = "raia"\n'
                               'effects = [{ do = "damage", amount = 2 }]\n'),
               'to = "target"', "target slot")
    assert "add a target spec" in msg
    _one(tmp_path, _card('type = "instant"\ngod = "raia"\ntargets = ["creature"]\n'
                         'effects = [{ do = "damage", amount = 2, to = "target2" }]\n'),
         'to = "target2"', "only 1 target slot")


def test_static_with_non_static_verb(tmp_path):
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\nabilities = [{ when = '
                         '"static", effects = [{ do = "draw", amount = 1, to = "controller" }] }]\n'),  # noqa: E501
         "static ability can only use buff, grant, cost_mod")
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\nabilities = [{ when = '
                         '"play", effects = [{ do = "buff", damage = 1, to = "self" }] }]\n'),
         "works only in a static ability")


def test_missing_stats(tmp_path):
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\ncost = 1\ndamage = 1\n'),
         "needs hp >= 1")
    _one(tmp_path, _card('type = "building"\ngod = "raia"\ncost = 1\n'), "needs sp >= 1")
    _one(tmp_path, _card('type = "item"\ngod = "raia"\nhp = 3\nabilities = [{ when = "static", '
                         'effects = [{ do = "buff", hp = 1, to = "own_creatures" }] }]\n'),
         "only creatures have 'hp'")


def test_attached_enchantment_must_affect_host(tmp_path):
    _one(tmp_path, _card('type = "enchantment"\ngod = "raia"\nattach = "creature"\n'
                         'abilities = [{ when = "static", effects = [{ do = "buff", damage = 1, '
                         'to = "own_creatures" }] }]\n'),
         "attached", 'to = "host"')
    _one(tmp_path, _card('type = "enchantment"\ngod = "raia"\n'
                         'abilities = [{ when = "static", effects = [{ do = "buff", damage = 1, '
                         'to = "host" }] }]\n'),
         '"host" needs an attached enchantment')


def test_reaction_needs_responds_to(tmp_path):
    _one(tmp_path, _card('type = "instant"\ngod = "raia"\nsubtypes = ["reaction"]\n'
                         'targets = ["line_item"]\neffects = [{ do = "prevent" }]\n'),
         "reaction card needs responds_to")
    _one(tmp_path, _card('type = "instant"\ngod = "raia"\nresponds_to = "spell"\n'
                         'targets = ["creature"]\neffects = [{ do = "destroy" }]\n'),
         "responds_to is only for reaction cards")


def test_more_semantic_checks(tmp_path):
    _one(tmp_path, _card('type = "instant"\ngod = "raia"\ntargets = ["creature"]\n'
                         'effects = [{ do = "draw", amount = 1 }]\n'), "affects players")
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\n'
                         'abilities = [{ when = "play", cost_vp = 1, effects = [{ do = "draw", '
                         'amount = 1, to = "controller" }] }]\n'), "can never have a cost")
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\n'
                         'effects = [{ do = "draw", amount = 1, to = "controller" }]\n'),
         "is a permanent")
    _one(tmp_path, _card('type = "instant"\ngod = "raia"\ntargets = ["creature", "player"]\n'
                         'effects = [{ do = "destroy" }]\n'), "no effect uses it")
    _one(tmp_path, _card('type = "creature"\ngod = "raia"\nhp = 1\nsubtypes = ["wizzard"]\n'),
         "subtype 'wizzard'")


def test_load_pool_raises_pool_error(tmp_path):
    path = _write(tmp_path, GOOD + _card('type = "creature"\ngod = "raia"\n'))
    with pytest.raises(PoolError) as info:
        load_pool([path])
    assert info.value.problems
    assert "bad.toml" in str(info.value) and "test-bad" in str(info.value)
    broken = _write(tmp_path, "[[card]\n", "broken.toml")
    with pytest.raises(PoolError, match="TOML syntax error"):
        load_pool([broken])


# ---------------------------------------------------------------------------- deck validator
def _deck(tmp_path: Path, cards: dict[str, int], deck_id: str = "test-deck",
          extra: str = "") -> Path:
    lines = [f'id = "{deck_id}"', 'name = { hu = "Próba", en = "Test" }',
             'description = { hu = "Leírás.", en = "Text." }', 'gods = ["raia", "colourless"]',
             extra, "[cards]"] + [f'{k} = {v}' for k, v in cards.items()]
    path = tmp_path / "decks" / f"{deck_id}.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _legal_cards(pool) -> dict[str, int]:
    ids = [c.id for c in pool.values() if c.god in ("raia", "colourless")][:12]
    return {cid: 3 for cid in ids}


def test_deck_problems(tmp_path, pool):
    good = _deck(tmp_path, _legal_cards(pool))
    assert validate_files([good]) == []
    assert load_deck(good, pool).id == "test-deck"

    cards = _legal_cards(pool) | {"raia-no-such-card": 1}
    msgs = [p.message for p in validate_files([_deck(tmp_path, cards)])]
    assert any("test-deck.toml" in m and "card 'raia-no-such-card'" in m
               and "not in the card pool" in m for m in msgs), msgs

    few = dict(list(_legal_cards(pool).items())[:5])
    msgs = [p.message for p in validate_files([_deck(tmp_path, few)])]
    assert any("only 15 cards" in m and "at least 30" in m for m in msgs), msgs

    many = _legal_cards(pool)
    many[next(iter(many))] = 4
    msgs = [p.message for p in validate_files([_deck(tmp_path, many)])]
    assert any("4 copies" in m and "at most 3" in m and "K 2.3.7" in m for m in msgs), msgs

    with pytest.raises(PoolError, match="4 copies"):
        load_deck(_deck(tmp_path, many), pool)

    bad_field = _deck(tmp_path, _legal_cards(pool), extra='colour = "red"')
    msgs = [p.message for p in validate_files([bad_field])]
    assert any("unknown field" in m and "colour" in m for m in msgs), msgs
    with pytest.raises(PoolError, match="unknown field"):
        load_deck(bad_field, pool)


def test_deck_checked_against_given_pool_file(tmp_path):
    pool_file = _write(tmp_path, GOOD)
    deck = _deck(tmp_path, {"test-good": 3, "raia-hajnali-ujonc": 3})
    msgs = [p.message for p in validate_files([pool_file, deck])]
    assert any("raia-hajnali-ujonc" in m and "not in the card pool" in m for m in msgs)


# ---------------------------------------------------------------------------- card text
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}|None|KeyError|\bTODO\b|_[a-z]+_")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_card_renders(pool, lang):
    for card in pool.values():
        text = cardtext.card_text(card, lang)
        line = cardtext.type_line(card, lang)
        assert line and not PLACEHOLDER.search(line), (card.id, line)
        assert not PLACEHOLDER.search(text), (card.id, text)
        for word in ("target2", "opponent_player", "own_creatures", "line_item"):
            assert word not in text, (card.id, text)
        if card.abilities or card.effects or card.keywords:
            assert text.strip(), card.id
        for part in text.splitlines():
            assert (part[0].isupper() or part[0].isdigit()) and part.endswith("."), \
                (card.id, part)
        assert cardtext.stat_line(card, lang)


def test_languages_differ_and_use_glossary(pool):
    hu_all = "\n".join(cardtext.card_text(c, "hu") for c in pool.values())
    en_all = "\n".join(cardtext.card_text(c, "en") for c in pool.values())
    for term in ("Ép", "VP", "szörnykomponens", "tartalék", "őrposzt", "gyűjtő", "Semmi",
                 "passzivizáld", "Repül", "Mágikus támadás", "Mágikus védelem", "Rezisztencia",
                 "Láthatatlanság", "Láthatatlanság látása", "Regenerálódás", "Mágiaimmunitás",
                 "Nem sebezhető", "erősödésjelző", "gyengülésjelző", "Hátrány:", "Reakció",
                 "Kijátszási feltétel", "Harci képesség"):
        assert term in hu_all, term
    for term in ("Drawback:", "Reaction", "Play condition", "monster component", "reserve",
                 "graveyard", "Void", "Once per turn", "strengthening counter"):
        assert term in en_all, term
    for card in pool.values():
        if card.abilities or card.effects:
            assert cardtext.card_text(card, "hu") != cardtext.card_text(card, "en"), card.id


def test_type_line_examples(pool):
    card = pool["raia-hajnali-ujonc"]
    assert cardtext.type_line(card, "hu") == "Lény — katona"
    assert cardtext.type_line(card, "en") == "Creature — soldier"
    assert cardtext.type_line(pool["leah-sorvaszto-atok"], "hu") == "Bűbáj ellenséges lényre"


def test_vocabulary_has_both_languages():
    for kw in KEYWORDS:
        for lang in ("hu", "en"):
            assert cardtext.keyword_name(kw, lang)
            assert re.search(r"\(K \d", cardtext.keyword_help(kw, lang)), kw
        assert kw in cardtext.KEYWORD_PREDICATES
    assert "K 79" in cardtext.keyword_help("flying", "en")
    assert "active" in cardtext.keyword_help("flying", "en")
    for god in GODS:
        assert cardtext.god_name(god, "hu") and cardtext.god_name(god, "en")
    assert cardtext.god_name("colourless", "hu") == "Színtelen"
    for t in CARD_TYPES:
        assert t in cardtext.TYPE_NAMES and t in cardtext.COST_MOD_TYPES
    for spec in TARGET_SPECS:
        hu, en = cardtext.TARGET_PHRASES[spec]
        assert set(hu) == {"nom", "acc", "dat", "sup", "sub"} and en
    for scope in SCOPES:
        hu, en = cardtext.SCOPE_PHRASES[scope]
        assert set(hu) == {"nom", "acc", "dat", "sup", "sub"} and en
    assert set(cardtext.EFFECT_VERBS) == set(EFFECTS)
    for when in WHEN:
        assert when in cardtext.WHEN_TEXT
    for limit in LIMITS:
        assert limit in cardtext.LIMIT_TEXT
    for r in RESPONDS_TO:
        assert r in cardtext.RESPONDS_TEXT and r in cardtext.PREVENT_TEXT
    for kind in COUNTER_KINDS:
        assert kind in cardtext.COUNTER_TEXT


_PLAYER_VERBS = ("draw", "gain_vp", "lose_vp", "gain_mc", "gain_life_max", "discard_random",
                 "turn_break")
_PLAYER_TO = ("controller", "opponent_player", "each_player", "trigger_player")


def _synthetic_cards():
    """One spell or permanent per (verb, recipient) the validator allows."""
    cards = []
    name = {"hu": "Szintetikus", "en": "Synthetic"}
    n = 0
    for verb in EFFECTS:
        if verb in ("buff", "grant", "cost_mod"):
            tos = ["self", "host", "all_creatures", "own_creatures", "enemy_creatures",
                   "enemy_guard_creatures", "own_guard_creatures"] if verb != "cost_mod" else [""]
            for to in tos:
                for ctype in ("", "creature", "instant") if verb == "cost_mod" else ("",):
                    eff = {"do": verb, "amount": -1, "damage": 1, "hp": -1,
                           "keyword": "flying", "card_type": ctype, "to": to or "controller"}
                    if verb != "cost_mod":
                        eff.pop("amount"), eff.pop("card_type")
                    if verb != "grant":
                        eff.pop("keyword")
                    n += 1
                    card = {"id": f"syn-{n}", "name": name, "type": "enchantment",
                            "god": "colourless",
                            "abilities": [{"when": "static", "effects": [eff]}]}
                    if to == "host":
                        card["attach"] = "creature"
                    cards.append(card)
            continue
        if verb in _PLAYER_VERBS:
            recips = [(t, ()) for t in _PLAYER_TO] + [("target", ("player",)),
                                                      ("target", ("opponent",))]
        elif verb == "prevent":
            recips = [("target", ("line_item",))]
        elif verb == "resurrect":
            recips = [("target", ("graveyard_creature",)), ("trigger_card", ())]
        elif verb in VERBS:                       # declared verbs say what they accept
            recips = [("target", (s,)) for s in VERBS[verb].targets]
            recips += [(s, ()) for s in VERBS[verb].scopes if s != "host"]   # creatures here
        else:
            recips = [("target", (s,)) for s in TARGET_SPECS
                      if s not in ("player", "opponent", "line_item", "graveyard_creature",
                                   "any")]
            recips += [(s, ()) for s in ("self", "all_creatures", "own_creatures",
                                         "enemy_creatures", "enemy_guard_creatures",
                                         "own_guard_creatures", "other_own_creatures",
                                         "other_creatures", "trigger_card")]
            if verb in ("damage", "heal"):
                recips += [(t, ()) for t in _PLAYER_TO] + [("target", ("any",)),
                                                           ("target", ("player",))]
        for to, slots in recips:
            for when in WHEN:
                if when == "static" or (when == "opponent_plays" and slots):
                    continue
                if to.startswith("trigger_") and when not in ("opponent_plays", "death",
                                                              "attack", "opponent_played"):
                    continue
                if to == "trigger_player" and when not in ("opponent_plays", "opponent_played"):
                    continue
                if verb == "resurrect" and to == "trigger_card" and when != "death":
                    continue
                if (verb == "prevent") != (when == "reaction"):
                    continue
                for drawback in (False, True):
                    n += 1
                    eff = {"do": verb, "to": to, "amount": 2, "kind": "weakening",
                           "damage": 1, "hp": 1}
                    if verb != "counter":
                        eff.pop("kind")
                    if "keyword" in fields_of(verb):
                        eff["keyword"] = KEYWORDS[n % len(KEYWORDS)]
                    if "if_room" in fields_of(verb):
                        eff["if_room"] = drawback
                    ab = {"when": when, "effects": [eff, eff], "targets": list(slots),
                          "drawback": drawback, "limit": LIMITS[n % len(LIMITS)]}
                    if when in ("activated", "reaction"):
                        ab["cost_vp"] = n % 3
                        ab["passivate"] = bool(n % 2)
                    if when == "reaction":
                        ab["responds_to"] = RESPONDS_TO[n % len(RESPONDS_TO)]
                    if when in ("opponent_plays", "opponent_played"):
                        ab["on"] = ("spell", "creature", "card")[n % 3]
                    cards.append({"id": f"syn-{n}", "name": name, "type": "creature",
                                  "god": "colourless", "hp": 1, "abilities": [ab]})
    return cards


def test_every_vocabulary_combination_renders(tmp_path):
    from engine.hkk.pool import validate_cards
    cards = [msgspec.convert(c, CardDef) for c in _synthetic_cards()]
    assert len(cards) > 500
    problems = validate_cards(("synthetic", c) for c in cards)
    assert problems == [], problems[:5]
    for card in cards:
        for lang in ("hu", "en"):
            text = cardtext.card_text(card, lang)
            assert text and not PLACEHOLDER.search(text), (card, text)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(load_pool())), st.sampled_from(["hu", "en"]))
def test_text_is_deterministic(cid, lang):
    pool = default_pool()
    assert cardtext.card_text(pool[cid], lang) == cardtext.card_text(
        decode_pool(encode_pool(pool))[cid], lang)


def test_decks_are_deckdefs():
    for deck in list_decks():
        assert isinstance(deck, DeckDef)


# ---------------------------------------------------------------------------- second wave
_CREATURE = 'type = "creature"\ngod = "raia"\nhp = 1\n'
_INSTANT = 'type = "instant"\ngod = "raia"\n'
_AURA = 'type = "enchantment"\ngod = "raia"\n'


@pytest.mark.parametrize("body, needles", [
    (_INSTANT + 'targets = ["building"]\neffects = [{ do = "to_guard_post" }]\n',
     ("'to_guard_post' cannot affect 'building'", "own_creature")),
    (_INSTANT + 'effects = [{ do = "to_guard_post", to = "own_guard_creatures" }]\n',
     ("'to_guard_post' cannot affect 'own_guard_creatures'", "own_creatures")),
    ('type = "building"\ngod = "raia"\nsp = 2\nabilities = [{ when = "play", effects = '
     '[{ do = "to_guard_post", to = "self" }] }]\n', ("is not a creature", "K 5.4")),
    (_INSTANT + 'targets = ["creature"]\neffects = [{ do = "damage", amount = 1, '
     'if_room = true }]\n', ("'if_room' is only for to_guard_post",)),
    (_INSTANT + 'targets = ["own_creature"]\neffects = [{ do = "grant_for_turn" }]\n',
     ("keyword '' is unknown", "magic_immunity")),
    (_INSTANT + 'targets = ["own_creature"]\neffects = [{ do = "grant_for_turn", '
     'keyword = "haste" }]\n', ("keyword 'haste' is unknown",)),
    (_INSTANT + 'targets = ["own_creature"]\neffects = [{ do = "pump", hp = 1, '
     'keyword = "flying" }]\n', ("'keyword' is only for grant / grant_for_turn",)),
    (_CREATURE + 'abilities = [{ when = "static", effects = [{ do = "grant_for_turn", '
     'keyword = "flying", to = "self" }] }]\n', ("static ability can only use",)),
    (_AURA + 'abilities = [{ when = "static", effects = [{ do = "cost_mod", amount = -1, '
     'mc = 1 }] }]\n', ("opposite directions", "same sign")),
    (_AURA + 'abilities = [{ when = "static", effects = [{ do = "cost_mod", '
     'card_type = "creature" }] }]\n', ("changes no cost", "mc = N")),
    (_INSTANT + 'targets = ["creature"]\neffects = [{ do = "damage", amount = 1, mc = 1 }]\n',
     ("'mc' is only for cost_mod",)),
    ('type = "building"\ngod = "raia"\nsp = 2\nabilities = [{ when = "static", effects = '
     '[{ do = "buff", damage = 1, to = "other_own_creatures" }] }]\n',
     ("leaves this creature out", "use own_creatures")),
    (_INSTANT + 'effects = [{ do = "damage", amount = 1, to = "other_creatures" }]\n',
     ("leaves this creature out", "use all_creatures")),
    (_INSTANT + 'enters_active = true\neffects = [{ do = "draw", amount = 1, '
     'to = "controller" }]\n', ("enters_active is for creatures and buildings",)),
    (_CREATURE + 'keywords = ["flying"]\nenters_active = true\n',
     ("flying already makes it enter play active",)),
    (_CREATURE + 'abilities = [{ when = "play", on = "spell", effects = [{ do = "draw", '
     'amount = 1, to = "controller" }] }]\n',
     ("'on' is only used by opponent_plays / opponent_played",)),
    (_AURA + 'abilities = [{ when = "opponent_played", effects = [{ do = "resurrect", '
     'to = "trigger_card" }] }]\n', ("'resurrect' needs", "death ability")),
    (_INSTANT + 'targets = ["line_item", "own_creature"]\neffects = [{ do = "pump", hp = 2, '
     'to = "target2" }]\n', ("only reaction cards can target a line item",)),
])
def test_second_wave_schema_misuse_is_refused_in_words(tmp_path, body, needles):
    _one(tmp_path, _card(body), *needles)


def test_second_wave_schema_in_use_validates(tmp_path):
    body = (_card('type = "instant"\ngod = "raia"\nsubtypes = ["reaction"]\n'
                  'responds_to = "spell"\ntargets = ["line_item", "own_creature"]\n'
                  'effects = [{ do = "grant_for_turn", keyword = "magic_immunity", '
                  'to = "target2" }]\n', "test-ward")
            + _card('type = "creature"\ngod = "raia"\nhp = 2\nenters_active = true\n'
                    'abilities = [{ when = "opponent_played", on = "creature", effects = '
                    '[{ do = "counter", kind = "weakening", amount = 1, to = "trigger_card" }] },'
                    ' { when = "static", effects = [{ do = "buff", damage = 1, '
                    'to = "other_own_creatures" }] },'
                    ' { when = "play", effects = [{ do = "to_guard_post", to = "self" }] }]\n',
                    "test-sentry")
            + _card('type = "building"\ngod = "raia"\nsp = 2\nabilities = [{ when = "static", '
                    'effects = [{ do = "cost_mod", amount = -1, mc = -1 }] }]\n', "test-lab"))
    assert validate_files([_write(tmp_path, GOOD + body)]) == []


@pytest.mark.parametrize("cid, hu, en", [
    ("raia-hatarorszem",
     "Kijátszáskor: ez a lény a gazdája őrposztjába kerül, akkor is, ha az már megtelt "
     "(K 5.4.3.1).",
     "When played: put this creature into its controller's guard post, even if it is already "
     "full (K 5.4.3.1)."),
    ("raia-sorakozo",
     "Ha van hely a gazdája őrposztjában, célpont saját lényed az őrposztba kerül (K 5.4.3.1); "
     "a kör végéig +1 sebzést kap.",
     "If there is room in its controller's guard post, put target creature you control into it "
     "(K 5.4.3.1); it gets +1 damage until end of turn."),
    ("fairlight-tukorburok",
     "Reakció: ellenfeled varázslatának kijátszására válaszul játszható ki.\n"
     "Célpont saját lényed a kör végéig mágiaimmunitással rendelkezik.",
     "Reaction: play it only in response to your opponent's playing a spell.\n"
     "Target creature you control gains magic immunity until end of turn."),
    ("leah-gyaszharang",
     "Miután egy, az ellenfeled által kijátszott lény létrejött: tegyél 1 gyengülésjelzőt arra "
     "a lapra (mindegyik −1 sebzés és −1 Ép).",
     "After a creature played by your opponent has taken effect: put 1 weakening counter on "
     "that card (each −1 damage and −1 HP)."),
    ("chara-din-falkavezer", "Minden más saját lényed +1 sebzést kap.",
     "Each other creature you control gets +1 damage."),
    ("leah-hullaszagu-rem", "Kijátszáskor: okozz 1 sebzést minden más lénynek.",
     "When played: deal 1 damage to each other creature."),
    ("chara-din-genlabor",
     "Általános varázslataid kijátszása 1 VP-vel és 1 szörnykomponenssel olcsóbb.",
     "Your general spells cost 1 VP and 1 monster component less."),
    ("raia-rohamlovas", "Aktívan jön játékba (K 134.2).", "Enters play active (K 134.2)."),
    ("chara-din-kameleonbor", "Célpont saját lényed a kör végéig láthatatlan.",
     "Target creature you control gains invisibility until end of turn."),
])
def test_second_wave_card_text_in_both_languages(pool, cid, hu, en):
    assert cardtext.card_text(pool[cid], "hu") == hu
    assert cardtext.card_text(pool[cid], "en") == en
