"""Tash-Kalar content (issue 17 point 4): the shipped decks, legends, flares, tasks and boards
are valid and render their texts in both languages; a broken file is reported by file, card and
field, never with a crash; bad game options are refused in words with exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.tk import pool as P
from engine.tk import text as T
from engine.tk.plugin import PLUGIN
from engine.tk.rulings import RULINGS, check_options

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_content_is_valid_and_complete():
    assert PLUGIN.validate() == []
    c = P.default_content()
    assert len(c.decks) >= 4
    letters = {d.letter for d in c.decks.values()}
    assert len(letters) == len(c.decks)                # each colour its own letter on the board
    for d in c.decks.values():
        assert len(d.cards) == 18 and len(set(d.cards)) == 12    # TK R.4
        assert all(c.pool[cid].kind == "creature" for cid in d.cards)
    kinds = [d.kind for d in c.pool.values()]
    assert kinds.count("legend") >= 6 and kinds.count("flare") >= 6 and kinds.count("task") >= 9
    assert {"deathmatch", "highform"} <= set(c.boards)
    assert len(c.boards["deathmatch"].symbols) == 4 and len(c.boards["highform"].centre) == 9


def test_every_card_text_is_rendered_from_its_data_in_both_languages():
    for d in P.default_content().pool.values():
        en, hu = T.card_text(d, "en"), T.card_text(d, "hu")
        assert en and hu and en != hu and "?" not in en + hu, d.id
        if d.cells:
            rows = T.pattern_rows(d)
            cells, marked, why = __import__("engine.tk.cards", fromlist=["x"]).parse_pattern(rows)
            assert not why and sorted(cells, key=str) == sorted(d.cells, key=str), d.id
            assert sorted(marked) == sorted(d.marked)


BAD = {
    "no_outline": ('pattern = """\n11\n"""', "ember-x", "field 'pattern'"),
    "bad_rank": ('rank = "mighty"', "ember-x", "field 'rank'"),
    "bad_primitive": ('effect = [{ do = "teleport" }]', "ember-x", "effect[0].do"),
    "move_no_kind": ('effect = [{ do = "move" }]', "ember-x", "effect[0].kind"),
    "too_large": ('pattern = """\n1........1\nO.........\n"""', "ember-x",
                  "larger than the 9×9 board"),
    "no_hu": ('name = { en = "X" }', "ember-x", "field 'name'"),
}


def _deck(body: str) -> str:
    card = {"rank": 'rank = "common"', "pattern": 'pattern = """\n1O\n"""',
            "name": 'name = { en = "X", hu = "X" }', "effect": ""}
    for key in card:
        if body.startswith(key):
            card[key] = body
    if body.startswith("effect"):
        card["effect"] = body
    lines = "\n".join(v for v in card.values() if v)
    return ('id = "bad"\nletter = "X"\nname = { en = "Bad", hu = "Rossz" }\n'
            'description = { en = "d", hu = "d" }\n[[card]]\nid = "ember-x"\n' + lines + "\n")


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_broken_card_is_named_by_file_card_and_field(tmp_path, case):
    body, card, field = BAD[case]
    path = tmp_path / "bad.toml"
    path.write_text(_deck(body), encoding="utf-8")
    problems = PLUGIN.validate([path])
    assert problems, case
    assert any(p.file == "bad.toml" and p.item == card and field in p.message
               for p in problems), problems


def test_duplicate_ids_broken_toml_and_binary_files_are_told_not_crashed(tmp_path):
    dup = tmp_path / "dup.toml"
    dup.write_text(_deck("") + '[[card]]\nid = "ember-x"\nname = { en = "Y", hu = "Y" }\n'
                   'rank = "common"\npattern = """\n1O\n"""\n', encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text("id = [unclosed\n", encoding="utf-8")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    problems = PLUGIN.validate([dup, broken, binary])
    text = [(p.file, p.item, p.message) for p in problems]
    assert any(f == "dup.toml" and i == "ember-x" and "duplicate id" in m for f, i, m in text)
    assert any(f == "broken.toml" and "not valid TOML" in m for f, i, m in text)
    assert any(f == "binary.toml" and "not UTF-8" in m for f, i, m in text)


def _hkk(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hkk_tui.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin",
                                                    "COLUMNS": "200"}, timeout=120)


def test_hkk_decks_validate_names_the_problem_and_exits_1(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(_deck('rank = "mighty"'), encoding="utf-8")
    r = _hkk("decks", "validate", str(path), "--ruleset", "tk")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "bad.toml: ember-x: field 'rank'" in r.stderr


@pytest.mark.parametrize("args,words", [
    (("--players", "5"), "2 to 4 players"),
    (("--players", "3", "--option", "team=true"), "TEAM play is for 4 players"),
    (("--option", "mode=chess"), "choose one of duel, highform, battle"),
    (("--players", "4", "--option", "mode=duel"), "DUEL is for 2 players"),
])
def test_bad_options_are_refused_in_words_with_exit_code_2(args, words):
    r = _hkk("sim", "--ruleset", "tk", "--games", "1", "--quiet", *args)
    assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr


def test_options_fill_defaults_and_three_or_four_players_default_to_battle():
    assert check_options({}, 2)["mode"] == "duel"
    assert check_options({}, 4)["mode"] == "battle"
    assert check_options({"team": True}, 4)["mode"] == "duel"
    with pytest.raises(ValueError, match="no option 'colour'"):
        check_options({"colour": 1}, 2)


def test_the_rulings_table_has_a_question_reading_and_why_for_each_code():
    codes = [r.code for r in RULINGS]
    assert len(codes) == len(set(codes)) >= 20
    rules = PLUGIN.rules()
    for r in RULINGS:
        assert r.question and r.reading and r.why and r.code in rules
        assert rules[r.code][0] and rules[r.code][1]
    assert {"supply", "flare_limit", "tie_break"} <= {o.strip() for r in RULINGS
                                                      for o in r.option.split(",") if o}


def test_rulings_md_lists_every_ruling_of_the_code():
    from engine.tk.rulings import markdown

    text = (ROOT / "engine" / "tk" / "RULINGS.md").read_text(encoding="utf-8")
    assert text == markdown(), "regenerate RULINGS.md from engine/tk/rulings.py markdown()"
    for r in RULINGS:
        assert f"| {r.code} | {r.question} |" in text, r.code
