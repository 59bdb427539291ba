"""A game recorded under older rules is never cut or lost (issue 11): today's rules cannot re-run
it — they produce other events — so it is replayed from its recorded events (the events are the
truth), goes on under today's rules, and verify, Continue and the replay viewer say plainly which
rules version it was recorded under. The platform does this for every ruleset
(engine.core.game.check_record compares a save's ruleset_version with the plugin's version).

``tests/data/old-rules-v1.hkk`` is a shipped HKK game recorded under rules version 1 (and save
format 1) before the second wave of rules.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from engine.core import registry
from engine.core import store as S
from engine.core.game import Game, check_record, verify
from engine.core.log import Entry, Seat
from engine.core.sessions import check_loaded, open_read_only, resume, start_saved
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.ruleset import RULESET_VERSION
from hkk_tui.cli import main as cli_main
from hkk_tui.screens.session import GameSession
from tests import toy_ruleset

OLD = Path(__file__).resolve().parent / "data" / "old-rules-v1.hkk"
ENC = msgspec.msgpack.Encoder()


def copy_old(tmp_path: Path, name: str = "old.hkk") -> Path:
    path = tmp_path / name
    path.write_bytes(OLD.read_bytes())
    return path


def unfinished_old(tmp_path: Path, keep: int = 20) -> tuple[Path, list[Entry]]:
    """A game in progress recorded under rules version 1: the fixture's first ``keep`` entries
    under its own (sealed, version 1) header."""
    loaded = S.load(OLD)
    path = tmp_path / "unfinished.hkk"
    writer = S.SaveWriter.create(path, loaded.header, fsync=False)
    for entry in loaded.entries[:keep]:
        writer.append(entry)
    writer.close()
    return path, loaded.entries[:keep]


def play(game: Game, moves: int, seed: int) -> int:
    rng = random.Random(seed)
    made = 0
    for _ in range(moves):
        d = game.pending()
        if d is None:
            break
        game.submit(d.player, rng.choice(game.legal_actions(d.player)))
        made += 1
    return made


def test_the_fixture_is_a_game_of_older_rules():
    loaded = S.load(OLD)
    assert loaded.header.ruleset_version == "1" != RULESET_VERSION
    assert not loaded.damaged and len(loaded.entries) == 41


# ---------------------------------------------------------------------------- never cut
def test_an_old_rules_save_continues_whole_from_its_record(tmp_path):
    path = copy_old(tmp_path)
    entries = S.load(path).entries
    game, loaded = resume(path)
    assert game.entries == entries                           # nothing cut
    assert game.recorded_under == "1"
    assert not list(tmp_path.glob("*.damaged-*"))
    assert "damaged" not in loaded.problem
    assert ENC.encode(game.state) == ENC.encode(
        Game.from_log(game.ruleset, game.header, entries).state)
    assert game.ruleset.result(game.state).winners == (1,)
    game.writer.close()


def test_an_unfinished_old_rules_game_goes_on_under_todays_rules(tmp_path):
    path, entries = unfinished_old(tmp_path)
    game, _ = resume(path)
    assert game.entries == entries and game.recorded_under == "1"
    made = play(game, 40, seed=3)                            # today's rules from here on
    assert made > 0
    after = list(game.entries)
    game.writer.close()
    again, loaded = resume(path)                             # reopened: still nothing cut
    assert again.entries == after and not loaded.problem
    assert ENC.encode(again.state) == ENC.encode(game.state)
    again.writer.close()
    assert not list(tmp_path.glob("*.damaged-*"))
    report = verify(again.ruleset, again.header, again.entries)
    assert report.ok and report.recorded_under == "1" and report.entries == len(after)


def test_the_redo_list_of_an_old_rules_save_is_not_redone_with_todays_rules(tmp_path):
    path, entries = unfinished_old(tmp_path)
    with S.SaveWriter.open_append(path)[1] as writer:        # undo the last 3: a redo list
        writer.rewind(len(entries) - 3)
    game, _ = resume(path)
    assert len(game.entries) == len(entries) - 3 and not game.can_redo()
    game.writer.close()


def test_a_broken_old_rules_record_is_still_damage_and_the_rest_is_kept(tmp_path):
    """Replaying from the record is no licence for a broken record: an entry whose events cannot
    be applied is damage, cut with the original kept, as for any save."""
    path, entries = unfinished_old(tmp_path)
    writer = S.SaveWriter.open_append(path)[1]
    writer.append(Entry(0, A.Pass(), (E.LinePopped(), E.LinePopped())))   # an empty line
    writer.close()
    game, loaded = resume(path)
    assert game.entries == entries
    assert "damaged at entry 20" in loaded.problem and "cannot be applied" in loaded.problem
    assert loaded.backup is not None and loaded.backup.exists()
    game.writer.close()


# ---------------------------------------------------------------------------- said plainly
def test_verify_says_an_old_rules_save_was_replayed_not_rechecked(tmp_path, capsys):
    code = cli_main(["verify", str(OLD)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "OLD RULES" in out and "recorded under rules version 1" in out
    assert f"today's rules are version {RULESET_VERSION}" in out
    assert "not re-checked" in out and "DIVERGES" not in out and "DAMAGED" not in out


def test_verify_of_a_broken_old_rules_record_fails(tmp_path, capsys):
    path, _ = unfinished_old(tmp_path)
    writer = S.SaveWriter.open_append(path)[1]
    writer.append(Entry(0, A.Pass(), (E.LinePopped(),)))
    writer.close()
    assert cli_main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "DIVERGES" in out and "recorded under rules version 1" in out


def test_the_replay_viewer_and_import_take_an_old_rules_save_whole(tmp_path):
    game, note = open_read_only(copy_old(tmp_path))
    assert note == "" and len(game.entries) == 41 and game.recorded_under == "1"
    assert check_loaded(S.load(OLD)) == ""
    imported = S.import_file(OLD, None, tmp_path / "in", check=check_loaded)
    assert len(S.load(imported).entries) == 41


def test_continue_says_the_game_was_recorded_under_older_rules(tmp_path):
    path, _ = unfinished_old(tmp_path)
    for lang, words in (("en", ("recorded under rules version 1", "not re-checked")),
                        ("hu", ("a szabályok 1. változata szerint", "nem ellenőrizzük"))):
        session = GameSession.resume(path, lang=lang)
        assert all(w in session.problem for w in words), session.problem
        session.close()


def test_a_game_of_todays_rules_is_still_rechecked_and_cut_where_it_disagrees(tmp_path):
    """The other side of the rule: a save of today's rules version is re-run, and an event the
    rules do not produce is damage (the old-rules path is not a way around the check)."""
    from engine.hkk.session import make_header

    header = make_header(("raia-egi-legio", "leah-csontkert"), 9,
                         seats=(Seat("A", "raia-egi-legio"), Seat("B", "leah-csontkert")))
    game = start_saved(header, tmp_path / "now.hkk")
    play(game, 12, seed=1)
    entries = list(game.entries)
    game.writer.close()
    forged = Entry(entries[5].player, entries[5].action,
                   entries[5].events + (E.VpChanged(0, 1, "effect"),))
    checked = check_record(game.ruleset, header, entries[:5] + [forged] + entries[6:])
    assert checked.recorded_under == "" and checked.agreed == 5


# ---------------------------------------------------------------------------- any ruleset
@pytest.fixture
def toy():
    registry.register(toy_ruleset.PLUGIN)
    yield toy_ruleset.PLUGIN
    registry.unregister("toy")


def test_the_platform_replays_any_rulesets_older_records(toy, tmp_path, monkeypatch):
    """Generic: when a plugin's rules version moves on, its older saves are replayed from their
    events — no rules code runs on them — and go on under the new rules."""
    header = toy.new_header(("low", "high"), 4, seats=(Seat("A", "low"), Seat("B", "high")))
    game = start_saved(header, tmp_path / "toy.hkk")
    play(game, 10, seed=2)
    entries = list(game.entries)
    game.writer.close()

    def changed_rules(self, state, player, action):
        raise AssertionError("today's rules must not re-run an older record")

    monkeypatch.setattr(toy_ruleset.ToyRuleset, "version", "2")
    monkeypatch.setattr(toy_ruleset.ToyRuleset, "submit", changed_rules)
    again, loaded = resume(tmp_path / "toy.hkk")
    assert again.entries == entries and again.recorded_under == "1" and not loaded.problem
    report = verify(again.ruleset, again.header, again.entries)
    assert report.ok and (report.recorded_under, report.today) == ("1", "2")
    again.writer.close()
