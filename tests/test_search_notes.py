"""The search bot's annotations travel with the game (issue 16): ``hkk export`` (portable and
JSON), ``hkk import`` and Save as carry them in a companion file ``DEST.notes``, never in the
save's records — the exported file and ``hkk verify`` are the same with or without them; only
the notes that explain the copied entries go along, and damaged lines are skipped with a
warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ai.bots import make_bot
from engine.ai.notes import Note, append_note, make_note, notes_path, read_notes
from engine.core import registry
from engine.core.log import Seat
from engine.core.search import context_for
from engine.core.sessions import start_saved
from hkk_tui.cli import main


@pytest.fixture
def save(tmp_path, monkeypatch) -> Path:
    """A finished-enough HKK save of a person against the search bot, with one note per search
    move in its side file (as the app writes them)."""
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "data"))
    plugin = registry.get("hkk")
    decks = tuple(d.id for d in plugin.decks()[:2])
    header = plugin.new_header(decks, 11, seats=(Seat("A", decks[0], "human"),
                                                  Seat("B", decks[1], "ai:search:12sims")))
    path = tmp_path / "g.hkk"
    game = start_saved(header, path)
    people = make_bot("random", game.ruleset, 1)
    search = make_bot("search:12sims", game.ruleset, 2)
    notes = 0
    while notes < 4:
        d = game.pending()
        legal = game.legal_actions(d.player)
        if d.player == 0:
            game.submit(0, people.choose(None, legal))
            continue
        entry = len(game.entries)
        action = search.choose(context_for(game.ruleset, game.state, 1, legal, decision=entry))
        game.submit(1, action)
        if len(legal) > 1:
            append_note(path, make_note(entry, 1, action, search.last, {}))
            notes += 1
    game.writer.close()
    return path


def _entries(path: Path) -> list[int]:
    return sorted(read_notes(path).by_entry)


def test_export_carries_the_notes_beside_the_file_and_verify_is_unchanged(save, tmp_path,
                                                                          capsys):
    want = _entries(save)
    assert len(want) == 4
    dest = tmp_path / "out.export.hkk"
    assert main(["export", str(save), "--out", str(dest)]) == 0
    assert notes_path(dest).exists() and _entries(dest) == want
    assert read_notes(dest).by_entry == read_notes(save).by_entry
    # the export itself is byte for byte what it is without notes
    notes_path(save).rename(tmp_path / "kept.notes")
    bare = tmp_path / "bare.export.hkk"
    assert main(["export", str(save), "--out", str(bare)]) == 0
    assert bare.read_bytes() == dest.read_bytes() and not notes_path(bare).exists()
    capsys.readouterr()
    assert main(["verify", str(dest)]) == 0
    with_notes = capsys.readouterr().out.replace(str(dest), "X")
    assert main(["verify", str(bare)]) == 0
    assert capsys.readouterr().out.replace(str(bare), "X") == with_notes
    assert "X: OK" in with_notes


def test_json_export_and_import_carry_the_notes(save, tmp_path, capsys):
    from engine.core import store

    want = read_notes(save).by_entry
    doc = tmp_path / "g.json"
    assert main(["export", str(save), "--json", "--out", str(doc)]) == 0
    assert read_notes(doc).by_entry == want
    assert main(["import", str(doc)]) == 0
    imported = sorted(store.saves_dir().glob("g*.hkk"))
    assert len(imported) == 1 and read_notes(imported[0]).by_entry == want
    assert "warning" not in capsys.readouterr().err


def test_damaged_and_stale_notes_are_skipped_with_a_warning(save, tmp_path, capsys):
    want = read_notes(save).by_entry
    with open(notes_path(save), "ab") as f:
        f.write(b'{"entry": "torn\n')
    append_note(save, Note(10_000, 1, ["Pass"], 5, 0.1))       # explains no entry of the game
    dest = tmp_path / "out.export.hkk"
    assert main(["export", str(save), "--out", str(dest)]) == 0
    err = capsys.readouterr().err
    assert "warning: 1 damaged line(s) of the AI's annotations in g.hkk.notes were skipped" \
        in err
    assert read_notes(dest).by_entry == want and read_notes(dest).damaged == 0


def test_an_export_over_an_old_one_leaves_no_stale_notes(save, tmp_path):
    dest = tmp_path / "out.export.hkk"
    notes_path(dest).write_bytes(b"notes of another game\n")
    notes_path(save).unlink()
    dest.write_bytes(b"")
    assert main(["export", str(save), "--out", str(dest), "--force"]) == 0
    assert not notes_path(dest).exists()


def test_save_as_carries_the_notes(save, tmp_path):
    from engine.core.sessions import resume
    from hkk_tui.screens.session import GameSession

    want = read_notes(save).by_entry
    game, _ = resume(save)
    session = GameSession(game=game, lang="en", path=save)
    try:
        dest = session.save_as("kept game")
    finally:
        game.writer.close()
    assert dest.name == "kept game.hkk" and read_notes(dest).by_entry == want
