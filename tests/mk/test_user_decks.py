"""The player's own M.A.G.U.S. decks on disk (issue 18 item 9, engine/magus/userdecks.py):
``<data dir>/decks/mk/<id>.toml`` in the shipped schema, offered by ``pool.list_decks`` and
``load_deck`` (so the new-game form and ``hkk play --decks`` see them) and pinned into a game's
header like a shipped deck; drafts never offered; a broken file listed with its error without
hiding the others; no shipped deck's id; atomic writes; ``hkk decks validate`` on a user file
names card, count and rule (MK 1.02.A, MK 1.02.B, MK 1.08.B, MK 1.13.E-F)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.core.store import replace_file
from engine.magus import pool as P
from engine.magus import userdecks as U
from engine.magus.cards import DeckDef, Text
from hkk_tui import cli


@pytest.fixture
def data(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path))
    return tmp_path


def _mine(deck_id: str = "my-stone", **changes) -> DeckDef:
    base = P.load_deck("stonebeard")
    fields = {"id": deck_id, "name": Text("Saját", "Mine"), "description": base.description,
              "cards": dict(base.cards), "towers": base.towers,
              "sideboard": dict(base.sideboard), "limit": base.limit}
    fields.update(changes)
    return DeckDef(**fields)


def test_mk_1_02_a_a_saved_user_deck_is_offered_loaded_and_pinned_in_a_header(data):
    from engine.magus.session import make_header

    path = U.save(_mine())
    assert path == data / "decks" / "mk" / "my-stone.toml"
    assert P.load_deck_file(path) == _mine()            # the shipped schema, read back whole
    assert [d.id for d in P.list_decks()][-1] == "my-stone"
    assert "my-stone" in [d.id for d in P.list_decks()[:-1]] + ["my-stone"]
    assert P.load_deck("my-stone") == _mine()
    header = make_header(("my-stone", "ashen"), seed=3)
    assert header.decklists[0] == tuple(P.decklist(_mine()))
    assert header.seats[0].deck == "my-stone"
    # the header is self-contained: the game needs the file no more
    path.unlink()
    assert set(header.decklists[0]) <= set(P.decode_cards(header.cards))


def test_the_new_game_forms_plugin_lists_the_user_deck(data):
    from engine.core.registry import get

    U.save(_mine("forge"))
    assert "forge" in [d.id for d in get("mk").decks()]


def test_mk_1_02_a_an_illegal_deck_is_saved_only_as_a_draft_never_offered(data):
    bad = _mine("too-many", cards={**_mine().cards, "x-fire-arrow": 4})
    assert P.validate_deck(bad, P.default_pool(), "too-many")      # illegal indeed
    path = U.save(bad, draft=True)
    assert path.parent == data / "decks" / "mk" / "drafts"
    assert "too-many" not in [d.id for d in P.list_decks()]
    drafts = [u for u in U.list_user(drafts=True) if u.draft]
    assert [u.deck.id for u in drafts] == ["too-many"]
    with pytest.raises(P.PoolError, match="no M.A.G.U.S. deck called 'too-many'"):
        P.load_deck("too-many")
    # saved legal later: the playable file is written and the draft goes
    U.save(_mine("too-many"))
    assert "too-many" in [d.id for d in P.list_decks()]
    assert not (data / "decks" / "mk" / "drafts" / "too-many.toml").exists()


def test_a_broken_user_deck_is_listed_with_its_error_and_the_others_still_load(data):
    U.save(_mine("good"))
    folder = data / "decks" / "mk"
    (folder / "broken.toml").write_text('id = "broken"\nname = {', encoding="utf-8")
    (folder / "wrong-field.toml").write_text(
        'id = "wrong-field"\nname = { hu = "a", en = "a" }\n'
        'description = { hu = "", en = "" }\ncolour = "red"\n[cards]\n', encoding="utf-8")
    listed = {u.path.name: u for u in U.list_user()}
    assert listed["good.toml"].deck is not None and not listed["good.toml"].error
    assert listed["broken.toml"].deck is None
    assert "broken.toml: not a deck file" in listed["broken.toml"].error
    assert "colour" in listed["wrong-field.toml"].error
    ids = [d.id for d in P.list_decks()]                 # never raises, never hides "good"
    assert "good" in ids and "broken" not in ids and "ashen" in ids


def test_a_user_deck_may_not_take_a_shipped_decks_id(data):
    with pytest.raises(U.UserDeckError, match="'ashen' is a shipped deck's"):
        U.save(_mine("ashen"))
    assert not (data / "decks" / "mk" / "ashen.toml").exists()
    # a file put there by hand is listed with its error; the shipped deck keeps its id
    folder = data / "decks" / "mk"
    folder.mkdir(parents=True)
    (folder / "ashen.toml").write_text(U.to_toml(_mine("ashen")), encoding="utf-8")
    assert "shipped deck's id" in U.list_user()[0].error
    assert [d.id for d in P.list_decks()].count("ashen") == 1
    assert P.load_deck("ashen").name.en == "The Ashen Court"


def test_a_bad_id_is_refused_in_words(data):
    with pytest.raises(U.UserDeckError, match="lowercase letters"):
        U.save(_mine("../escape"))
    assert not list(data.rglob("*.toml"))


def test_the_atomic_write_leaves_the_old_file_intact_when_the_write_fails(data, monkeypatch):
    path = U.save(_mine("keep"))
    before = path.read_bytes()

    def fail(src, dst):
        raise OSError("disk full")

    changed = _mine("keep", name=Text("Új", "New"))
    with monkeypatch.context() as m:
        m.setattr(os, "replace", fail)
        with pytest.raises(U.UserDeckError, match="disk full.*old file is unchanged"):
            U.save(changed)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["keep.toml"]   # no temp file left
    U.save(changed)
    assert P.load_deck("keep").name.en == "New"


def test_a_name_with_quotes_and_accents_survives_the_round_trip(data):
    odd = _mine("odd", name=Text('Árvíztűrő "tükörfúrógép"', 'A "quoted" \\ name'))
    U.save(odd)
    assert P.load_deck("odd") == odd


def test_mk_1_02_a_decks_validate_names_card_count_and_rule_in_a_user_file(data, capsys):
    mine = _mine("over", cards={**_mine().cards, "x-fire-arrow": 4})
    path = data / "decks" / "mk" / "over.toml"
    replace_file(path, U.to_toml(mine).encode("utf-8"))
    code = cli.main(["decks", "validate", "--ruleset", "mk", str(path)])
    out = capsys.readouterr()
    text = out.out + out.err
    assert code != 0
    assert "4 copies of Fire Arrow, limit 3 (MK 1.02.A)" in text
    assert "over.toml" in text
    U.save(_mine("fine"))
    code = cli.main(["decks", "validate", "--ruleset", "mk",
                     str(data / "decks" / "mk" / "fine.toml")])
    assert code == 0, capsys.readouterr()


def test_mk_1_02_a_two_limit_4_decks_play_a_limit_4_game_a_mixed_pair_a_limit_3_one(data):
    from engine.magus.session import make_header

    quiet = P.load_deck("quiet")                          # shipped, limit 4, 84 Future cards
    four = next(c for c, n in quiet.cards.items() if n == 3 and not c.startswith("t-"))
    U.save(_mine("four", cards={**quiet.cards, four: 4}, limit=4, sideboard={}))
    header = make_header(("four", "quiet"), seed=1)
    assert header.options["copy_limit"] == 4 and header.decklists[0].count(four) == 4
    with pytest.raises(P.PoolError, match=r"4 copies of .*, limit 3 \(MK 1\.02\.A\)"):
        make_header(("four", "ashen"), seed=1)            # ashen is a limit-3 deck
