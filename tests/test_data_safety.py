"""No game is ever lost or corrupted (issue 9): one writer per save, a game per file, writes that
either happen or are refused, and saves whose every record is re-checked against the rules.

Each test names the failure it reproduces (numbers as in the issue).
"""

from __future__ import annotations

import errno
import json
import os
import random
import resource
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import msgspec
import pytest

from engine.core import store as S
from engine.core.game import Game
from engine.core.log import Seat, header_digest
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.session import (
    check_loaded, codec, make_header, open_read_only, resume, start_saved,
)
from hkk_tui.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
#: a shipped game of save format 1 and rules version 1 (tests/test_rules_versions.py)
OLD_RULES = ROOT / "tests" / "data" / "old-rules-v1.hkk"
ENC = msgspec.msgpack.Encoder()
SEATS = (Seat("Anna", "raia-egi-legio"), Seat("Béla", "leah-csontkert"))


def header(seed: int = 7):
    return make_header(("raia-egi-legio", "leah-csontkert"), seed, seats=SEATS)


def play(game: Game, moves: int, rng: random.Random) -> int:
    """Make ``moves`` random legal moves (fewer if the game ends); returns how many were made."""
    made = 0
    for _ in range(moves):
        d = game.pending()
        if d is None:
            break
        legal = game.legal_actions(d.player)
        game.submit(d.player, rng.choice(legal))
        made += 1
    return made


def same_state(a: Game, b: Game) -> bool:
    return ENC.encode(a.state) == ENC.encode(b.state)


def new_saved(tmp_path: Path, seed: int = 7, moves: int = 0) -> Game:
    game = start_saved(header(seed), S.new_save_path(header(seed), tmp_path))
    play(game, moves, random.Random(seed))
    return game


# ---------------------------------------------------------------------------- 1. one writer
def test_1_a_second_writer_in_this_process_is_refused_and_told_who_holds_it(tmp_path):
    game = new_saved(tmp_path, moves=5)
    path = game.writer.path
    with pytest.raises(S.SaveLocked) as caught:
        resume(path)
    assert caught.value.holder is not None and caught.value.holder.pid == os.getpid()
    assert f"hkk process {os.getpid()}" in str(caught.value)
    assert "read-only" in str(caught.value)
    # nothing was written by the refused instance: the game goes on and reloads whole
    play(game, 5, random.Random(1))
    game.writer.close()
    again, _ = resume(path)
    assert again.entries == game.entries
    again.writer.close()


CHILD = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    from engine.hkk.session import resume
    game, _ = resume(sys.argv[1])
    print("locked", flush=True)
    sys.stdin.readline()
""")


def _holder(path: Path) -> subprocess.Popen:
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(root=str(ROOT)), str(path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "locked"
    return child


def test_1_two_processes_on_one_game_the_second_is_told_and_loses_nothing(tmp_path):
    game = new_saved(tmp_path, moves=8)
    path = game.writer.path
    entries = list(game.entries)
    game.writer.close()
    before = path.read_bytes()
    child = _holder(path)
    try:
        with pytest.raises(S.SaveLocked) as caught:
            resume(path)
        assert caught.value.holder.pid == child.pid
        assert S.lock_holder(path).pid == child.pid
        # the second instance may still look at the game read-only
        viewer, note = open_read_only(path)
        assert viewer.entries == entries and note == ""
        assert path.read_bytes() == before
        listed = [s for s in S.list_saves(tmp_path, codec()) if s.path == path]
        assert listed[0].locked_by.pid == child.pid
    finally:
        child.kill()
        child.wait()
    # the holder is gone (killed): its lock is free and is taken over safely
    assert S.lock_holder(path) is None
    game2, _ = resume(path)
    assert game2.entries == entries
    game2.writer.close()


# ---------------------------------------------------------------------------- 2. a file per game
def test_2_a_new_game_never_overwrites_another(tmp_path):
    first = new_saved(tmp_path, seed=3, moves=6)
    second = new_saved(tmp_path, seed=3, moves=2)          # same decks, same second
    assert first.writer.path != second.writer.path
    for g in (first, second):
        g.writer.close()
    assert sorted(p.name for p in tmp_path.glob("*.hkk")) == sorted(
        [first.writer.path.name, second.writer.path.name])
    # an explicit path that exists is refused, the game in it untouched
    before = first.writer.path.read_bytes()
    with pytest.raises(S.SaveExistsError):
        start_saved(header(), first.writer.path)
    assert first.writer.path.read_bytes() == before
    g1, _ = resume(first.writer.path)
    assert g1.entries == first.entries
    g1.writer.close()


def test_2_continue_lists_every_game_in_progress_with_decks_and_turn(tmp_path):
    a = new_saved(tmp_path, seed=1, moves=4)
    b = new_saved(tmp_path, seed=2, moves=9)
    done = new_saved(tmp_path, seed=4, moves=3)
    done.submit(done.pending().player, A.Concede())
    for g in (a, b, done):
        g.writer.close()
    summaries = {s.path: s for s in S.list_saves(tmp_path, codec())}
    assert summaries[a.writer.path].in_progress and summaries[b.writer.path].in_progress
    assert summaries[done.writer.path].finished and not summaries[done.writer.path].in_progress
    assert summaries[b.writer.path].decks == ("raia-egi-legio", "leah-csontkert")
    assert summaries[b.writer.path].turn == b.state.turn


# ---------------------------------------------------------------------------- 3. full disk
def _failing_write(monkeypatch, fail_after_bytes: int | None = None, err=errno.ENOSPC):
    """os.write that fails (after writing ``fail_after_bytes`` of the record, if given)."""
    real = os.write

    def write(fd, data):
        if fail_after_bytes:
            real(fd, bytes(data[:fail_after_bytes]))
            raise OSError(err, os.strerror(err))
        raise OSError(err, os.strerror(err))
    monkeypatch.setattr(S, "_sys_write", write)
    return real


@pytest.mark.parametrize("torn", [None, 7], ids=["nothing-written", "half-written"])
def test_3_a_full_disk_refuses_the_move_and_loses_nothing(tmp_path, monkeypatch, torn):
    game = new_saved(tmp_path, seed=11, moves=10)
    path = game.writer.path
    rng = random.Random(5)
    made_before = len(game.entries)
    size = path.stat().st_size
    state = ENC.encode(game.state)
    refused = 0
    for _ in range(22):                                    # 22 moves on a full disk
        d = game.pending()
        action = rng.choice(game.legal_actions(d.player))
        real = _failing_write(monkeypatch, torn)
        with pytest.raises(S.SaveWriteError) as caught:
            game.submit(d.player, action)
        assert caught.value.key == "disk_full"
        assert "disk is full: your last move was not made" in str(caught.value)
        refused += 1
        # nothing changed: not in memory, not on disk
        assert len(game.entries) == made_before and ENC.encode(game.state) == state
        assert path.stat().st_size == size
        # space returns: the same move is made
        monkeypatch.setattr(S, "_sys_write", real)
        game.submit(d.player, action)
        made_before, size, state = len(game.entries), path.stat().st_size, ENC.encode(
            game.state)
        if game.pending() is None:
            break
    assert refused >= 10
    entries = list(game.entries)
    game.writer.close()
    again, loaded = resume(path)
    assert again.entries == entries and not loaded.problem and same_state(again, game)
    again.writer.close()


def test_3_undo_on_a_full_disk_changes_nothing(tmp_path, monkeypatch):
    h = make_header(("raia-egi-legio", "leah-csontkert"), 5,
                    seats=(Seat("A", "raia-egi-legio"), Seat("B", "leah-csontkert", "ai:greedy")))
    game = start_saved(h, tmp_path / "g.hkk")
    play(game, 12, random.Random(2))
    me = 0
    entries, size = list(game.entries), game.writer.path.stat().st_size
    _failing_write(monkeypatch)
    with pytest.raises(S.SaveWriteError):
        game.undo(me)
    assert game.entries == entries and game.writer.path.stat().st_size == size
    game.writer.close()


def test_3_a_record_left_torn_by_a_failed_cut_is_cut_before_the_next(tmp_path, monkeypatch):
    game = new_saved(tmp_path, seed=13, moves=4)
    path = game.writer.path
    real_write, real_trunc = os.write, os.ftruncate
    monkeypatch.setattr(S, "_sys_write", lambda fd, data: (real_write(fd, bytes(data[:5])),
                                                           (_ for _ in ()).throw(
                                                               OSError(errno.EIO, "I/O error"))))
    monkeypatch.setattr(S.os, "ftruncate", lambda fd, n: (_ for _ in ()).throw(
        OSError(errno.EIO, "I/O error")))
    d = game.pending()
    with pytest.raises(S.SaveWriteError) as caught:
        game.submit(d.player, game.legal_actions(d.player)[0])
    assert caught.value.key == "write_failed"
    monkeypatch.setattr(S, "_sys_write", real_write)
    monkeypatch.setattr(S.os, "ftruncate", real_trunc)
    play(game, 6, random.Random(3))                       # the torn tail is cut first
    entries = list(game.entries)
    game.writer.close()
    again, loaded = resume(path)
    assert again.entries == entries and not loaded.problem
    again.writer.close()


FSIZE_CHILD = textwrap.dedent("""
    import random, resource, signal, sys
    sys.path.insert(0, {root!r})
    from engine.core.store import SaveWriteError
    from engine.hkk.session import resume
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # the write fails with EFBIG instead
    game, _ = resume(sys.argv[1])
    limit = int(sys.argv[2])
    rng = random.Random(1)
    made = refused = 0
    for _ in range(60):
        d = game.pending()
        if d is None:
            break
        action = rng.choice(game.legal_actions(d.player))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
        try:
            game.submit(d.player, action)
        except SaveWriteError as e:
            assert e.key == "disk_full", e.key
            refused += 1
            resource.setrlimit(resource.RLIMIT_FSIZE,
                               (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
            game.submit(d.player, action)                 # space returned
            limit = game.writer.path.stat().st_size + 300  # and runs out again soon
        made += 1
    print(made, refused, len(game.entries), flush=True)
""")


def test_3_a_real_file_size_limit_loses_no_move(tmp_path):
    """The operating system refuses the writes (RLIMIT_FSIZE, EFBIG): every move that was
    refused is made again later and the save holds every move."""
    game = new_saved(tmp_path, seed=17, moves=2)
    path = game.writer.path
    game.writer.close()
    limit = path.stat().st_size + 200
    out = subprocess.run([sys.executable, "-c", FSIZE_CHILD.format(root=str(ROOT)), str(path),
                          str(limit)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    made, refused, entries = map(int, out.stdout.split())
    assert refused >= 3 and made >= 20
    again, loaded = resume(path)
    assert len(again.entries) == entries and not loaded.problem
    again.writer.close()


# ---------------------------------------------------------------------------- 4. a save is its actions
def _records(path: Path) -> tuple[bytes, list[bytes]]:
    data = path.read_bytes()
    pos, out = len(S.MAGIC), []
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "little")
        out.append(data[pos:pos + 8 + n])
        pos += 8 + n
    return data[:len(S.MAGIC)], out


def _rewrite(path: Path, magic: bytes, records: list[bytes]) -> None:
    path.write_bytes(magic + b"".join(records))


def _game_on_disk(tmp_path: Path, moves: int = 30, seed: int = 21) -> tuple[Path, list]:
    game = new_saved(tmp_path, seed=seed, moves=moves)
    path, entries = game.writer.path, list(game.entries)
    game.writer.close()
    return path, entries


def test_4_a_duplicated_record_is_damage_and_the_agreeing_prefix_is_kept(tmp_path):
    path, entries = _game_on_disk(tmp_path)
    magic, recs = _records(path)
    _rewrite(path, magic, recs[:11] + [recs[10]] + recs[11:])   # entry 9 twice (recs[0]: header)
    original = path.read_bytes()
    game, loaded = resume(path)
    assert game.entries == entries[:10]
    assert "damaged at entry 10" in loaded.problem
    assert loaded.backup.read_bytes() == original
    game.writer.close()


def test_4_a_doubled_game_start_no_longer_deals_fifteen_card_hands(tmp_path):
    path, entries = _game_on_disk(tmp_path)
    magic, recs = _records(path)
    _rewrite(path, magic, recs[:2] + [recs[1]] + recs[2:])       # the start record twice
    game, loaded = resume(path)
    assert [len(p.hand) for p in game.state.players] != [15, 15]
    assert len(game.entries) == 1 and "damaged at entry 1" in loaded.problem
    assert "set-up" in loaded.problem
    game.writer.close()


def test_4_swapped_records_are_damage(tmp_path):
    path, entries = _game_on_disk(tmp_path)
    magic, recs = _records(path)
    recs[6], recs[7] = recs[7], recs[6]
    _rewrite(path, magic, recs)
    game, loaded = resume(path)
    assert game.entries == entries[:5] and loaded.backup is not None
    game.writer.close()


def _export_json(tmp_path: Path) -> tuple[Path, dict]:
    path, _ = _game_on_disk(tmp_path)
    dest = S.export_json(S.load(path, codec()), tmp_path / "game.json")
    return dest, json.loads(dest.read_text())


def _refused_everywhere(src: Path, tmp_path: Path, capsys) -> str:
    dest = tmp_path / "imported"
    with pytest.raises(S.SaveError, match="was not imported"):
        S.import_file(src, codec(), dest, check=check_loaded)
    assert not list(dest.glob("*.hkk")) if dest.exists() else True
    assert cli_main(["verify", str(src)]) == 1
    return capsys.readouterr().out


def test_4_import_and_verify_refuse_an_export_with_life_added(tmp_path, capsys):
    src, doc = _export_json(tmp_path)
    # add 15 to the first change of a player's life (or, failing that, of their VP)
    edited = False
    for entry in doc["entries"][1:]:
        for ev in entry["events"]:
            if isinstance(ev, list) and ev and ev[0] in ("VpChanged", "LifeChanged"):
                ev[2] = ev[2] + 15
                edited = True
                break
        if edited:
            break
    assert edited
    src.write_text(json.dumps(doc))
    out = _refused_everywhere(src, tmp_path, capsys)
    assert "DIVERGES" in out


def test_4_import_and_verify_refuse_a_stacked_opening_hand(tmp_path, capsys):
    src, doc = _export_json(tmp_path)
    start = doc["entries"][0]["events"]
    draws = [ev for ev in start if isinstance(ev, list) and ev[0] == "CardDrawn"]
    assert len(draws) >= 2
    draws[0][2], draws[-1][2] = draws[-1][2], draws[0][2]     # swap two drawn cards
    src.write_text(json.dumps(doc))
    out = _refused_everywhere(src, tmp_path, capsys)
    assert "DIVERGES at entry 0" in out


def test_4_verify_and_resume_refuse_an_edited_decklist(tmp_path, capsys):
    path, _ = _game_on_disk(tmp_path)
    loaded = S.load(path, codec())
    decks = list(map(list, loaded.header.decklists))
    best = next(cid for cid in decks[0] if decks[0].count(cid) == 3)
    decks[0][decks[0].index(next(c for c in decks[0] if c != best))] = best   # a 4th: K 2.3.7
    for tamper_seal in (False, True):
        edited = msgspec.structs.replace(loaded.header, decklists=tuple(map(tuple, decks)))
        if tamper_seal:                                        # even with a recomputed seal
            edited = msgspec.structs.replace(edited, digest=header_digest(edited))
        bad = tmp_path / f"edited-{tamper_seal}.hkk"
        w = S.SaveWriter.create(bad, edited, codec())
        for e in loaded.entries:
            w.append(e)
        w.close()
        before = bad.read_bytes()
        assert cli_main(["verify", str(bad)]) == 1
        out = capsys.readouterr().out
        assert "EDITED" in out
        assert ("4 copies" in out) == tamper_seal and ("changed after the game was created"
                                                        in out) != tamper_seal
        with pytest.raises(S.SaveError, match="cannot be continued"):
            resume(bad)
        assert bad.read_bytes() == before                      # untouched
        assert S.lock_holder(bad) is None                      # and not left locked


def test_4_verify_exits_non_zero_on_a_damaged_file(tmp_path, capsys):
    path, _ = _game_on_disk(tmp_path)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF
    path.write_bytes(bytes(data))
    assert cli_main(["verify", str(path)]) == 1
    assert "DAMAGED" in capsys.readouterr().out


def test_4_shipped_games_verify_and_a_sound_save_imports(tmp_path, capsys):
    games = sorted((ROOT / "saves" / "hkk" / "games").glob("*.hkk"))
    assert cli_main(["verify", *map(str, games)]) == 0
    src, _ = _export_json(tmp_path)
    imported = S.import_file(src, codec(), tmp_path / "in", check=check_loaded)
    game, loaded = resume(imported)
    assert not loaded.problem
    game.writer.close()


# ---------------------------------------------------------------------------- 7. redo on disk
def test_7_undo_then_the_same_move_keeps_the_same_redo_list_live_and_on_disk(tmp_path):
    h = make_header(("raia-egi-legio", "leah-csontkert"), 9,
                    seats=(Seat("A", "raia-egi-legio"), Seat("B", "leah-csontkert", "ai:greedy")))
    game = start_saved(h, tmp_path / "g.hkk")
    play(game, 20, random.Random(4))
    player = next(e.player for e in reversed(game.entries) if e.player >= 0)
    game.undo(player)
    game.undo(player) if len([e for e in game.entries if e.player == player]) > 1 else None
    redo = list(game.redo_stack)
    assert redo
    again = redo[-1]
    game.submit(again.player, again.action)                   # the same move again
    ld = S.load(game.writer.path, codec())
    assert ld.entries == game.entries
    assert ld.redo == list(reversed(game.redo_stack))
    game.writer.close()


# ---------------------------------------------------------------------------- 10. temp files
def test_10_temp_files_of_killed_writers_are_removed_on_start(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".game.hkk.{dead.pid}.0badc0de.tmp"
    mine = tmp_path / f".other.hkk.{os.getppid()}.0badc0de.tmp"    # a live process's
    stale.write_bytes(b"half an export")
    mine.write_bytes(b"being written")
    removed = S.clean_temp_files(tmp_path)
    assert removed == [stale] and not stale.exists() and mine.exists()


def test_10_an_interrupted_export_leaves_no_temp_file(tmp_path, monkeypatch):
    path, _ = _game_on_disk(tmp_path)
    loaded = S.load(path, codec())
    monkeypatch.setattr(S.os, "fsync", lambda fd: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        S.export_json(loaded, tmp_path / "out.json")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert not (tmp_path / "out.json").exists()


# ---------------------------------------------------------------------------- the save browser
def test_the_browser_summary_matches_a_full_load_without_decoding_entries(tmp_path):
    h = make_header(("raia-egi-legio", "leah-csontkert"), 31,
                    seats=(Seat("A", "raia-egi-legio"), Seat("B", "leah-csontkert", "ai:greedy")))
    game = start_saved(h, tmp_path / "g.hkk")
    play(game, 30, random.Random(8))
    game.undo(0)
    play(game, 3, random.Random(9))
    path = game.writer.path
    game.writer.close()
    quick, full = S.summarize(path), S.load(path)
    assert quick.entries == len(full.entries) == len(game.entries)
    assert quick.meta == full.meta and quick.turn == game.state.turn and not quick.damaged
    with open(path, "ab") as f:                       # a torn tail is reported as damage
        f.write(b"\x40\x00\x00\x00junk")
    torn = S.summarize(path)
    assert torn.damaged and torn.entries == len(game.entries)
    assert "damaged after entry" in torn.problem


def test_an_old_format_save_still_continues_and_keeps_its_original(tmp_path):
    """Saves written before headers were sealed (format 1, e.g. an old autosave.hkk) open, are
    re-checked, upgraded with the original kept beside them, and play on."""
    shipped = OLD_RULES
    old = tmp_path / "autosave.hkk"
    old.write_bytes(shipped.read_bytes())
    assert S.load(old).upgraded_from == 1
    entries = S.load(old).entries
    game, loaded = resume(old)
    assert game.entries == entries and "upgraded" in loaded.problem
    assert (tmp_path / "autosave.hkk.format-v1-1").read_bytes() == shipped.read_bytes()
    game.writer.close()
    assert S.load(old).upgraded_from is None and S.load(old).header.digest
