"""Tests of the crash-safe save journal (engine.core.store; ARCHITECTURE.md "Persistence")."""

from __future__ import annotations

import atexit
import base64
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any, Union

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import store
from engine.core.log import FORMAT_VERSION, SYSTEM, Entry, Header, Seat, sealed
from engine.core.store import (
    MAGIC, EntryCodec, SaveError, SaveExistsError, SaveWriter, autosave_path, export_json,
    export_portable, import_file, list_saves, load, recover, saves_dir,
)

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "store_writer_child.py"


# --- a toy ruleset ------------------------------------------------------------------------------

class Act(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Toy action base (array-like, like the real HKK actions)."""


class Start(Act):
    pass


class Draw(Act):
    count: int


class Say(Act):
    text: str
    loud: bool = False


class Ev(msgspec.Struct, frozen=True, tag=True):
    """Toy event base (map-encoded)."""


class Drew(Ev):
    player: int
    cards: tuple[str, ...]


class Said(Ev):
    text: str


class Shuffled(Ev):
    order: tuple[int, ...]
    blob: bytes = b""


ActionT = Union[Start, Draw, Say]
EventT = Union[Drew, Said, Shuffled]
CODEC = EntryCodec(ActionT, EventT)

HEADER = Header(
    format_version=FORMAT_VERSION, ruleset="toy", ruleset_version="1.0", seed=1234,
    seats=(Seat("Anna", "red"), Seat("Béla", "blue", "ai:greedy")), options={"vp": 3},
    card_pool_digest="abc", cards=b"\x00\x01\xffpinned", decklists=(("a", "b"), ("c",)),
    created="2024-01-01T00:00:00Z", title="toy game",
)


def make_entry(i: int) -> Entry:
    """Deterministic, varied entries (different sizes, kinds, bytes)."""
    if i == 0:
        return Entry(SYSTEM, Start(), (Shuffled(tuple(range(10)), b"\x00\x01"),))
    if i % 3 == 1:
        cards = tuple(f"c{j}" for j in range(i % 4 + 1))
        return Entry(i % 2, Draw(i % 4 + 1), (Drew(i % 2, cards),))
    if i % 3 == 2:
        return Entry(i % 2, Say("x" * (i % 50), loud=bool(i % 2)), (Said("hi"), Said("ó" * i)))
    return Entry(i % 2, Draw(1), ())


# --- helpers ------------------------------------------------------------------------------------

def frame(obj: Any) -> bytes:
    payload = msgspec.msgpack.encode(obj)
    return len(payload).to_bytes(4, "little") + zlib.crc32(payload).to_bytes(4, "little") + payload


def state_of(ld: store.LoadedSave) -> tuple[list[Entry], list[Entry], Any]:
    return ld.entries, ld.redo, ld.meta


def build_journal(path: Path) -> tuple[list[int], list[tuple[list[Entry], list[Entry], Any]]]:
    """Write a small save with undo/redo; return record boundaries and the state at each."""
    e = [make_entry(i) for i in range(6)]
    w = SaveWriter.create(path, HEADER, CODEC, fsync=False)
    bounds = [path.stat().st_size]
    states: list[tuple[list[Entry], list[Entry], Any]] = [([], [], None)]

    def step(op: Any, state: tuple[list[Entry], list[Entry], Any]) -> None:
        op()
        bounds.append(path.stat().st_size)
        states.append(state)

    step(lambda: w.append(e[0]), ([e[0]], [], None))
    step(lambda: w.append(e[1], {"turn": 1}), (e[:2], [], {"turn": 1}))
    step(lambda: w.append(e[2]), (e[:3], [], {"turn": 1}))
    step(lambda: w.append(e[3], {"turn": 2}), (e[:4], [], {"turn": 2}))
    step(lambda: w.rewind(1, {"turn": 1}), (e[:1], e[1:4], {"turn": 1}))
    step(lambda: w.append(e[1]), (e[:2], e[2:4], {"turn": 1}))
    step(lambda: w.set_meta({"turn": 9, "note": "x"}), (e[:2], e[2:4], {"turn": 9, "note": "x"}))
    step(lambda: w.append(e[5]), ([e[0], e[1], e[5]], [], {"turn": 9, "note": "x"}))
    w.close()
    return bounds, states


@functools.cache
def journal() -> tuple[bytes, list[int], list[tuple[list[Entry], list[Entry], Any]]]:
    d = Path(tempfile.mkdtemp(prefix="hkk-journal-"))
    atexit.register(shutil.rmtree, d, ignore_errors=True)
    bounds, states = build_journal(d / "j.hkk")
    return (d / "j.hkk").read_bytes(), bounds, states


def state_at(offset: int) -> tuple[int, tuple[list[Entry], list[Entry], Any]]:
    """The last record boundary at or before ``offset`` and the state there."""
    _, bounds, states = journal()
    k = max(i for i, b in enumerate(bounds) if b <= offset)
    return bounds[k], states[k]


# --- basics -------------------------------------------------------------------------------------

def test_round_trip(tmp_path: Path) -> None:
    p = tmp_path / "g.hkk"
    entries = [make_entry(i) for i in range(20)]
    with SaveWriter.create(p, HEADER, CODEC) as w:
        for i, e in enumerate(entries):
            w.append(e, {"i": i})
    assert p.read_bytes().startswith(MAGIC)
    ld = load(p, CODEC)
    assert ld.header == HEADER
    assert ld.entries == entries
    assert all(isinstance(e.events, tuple) for e in ld.entries)
    assert ld.redo == [] and ld.meta == {"i": 19}
    assert not ld.damaged and ld.problem == "" and ld.valid_bytes == p.stat().st_size


def test_append_rewind_redo(tmp_path: Path) -> None:
    data, bounds, states = journal()
    p = tmp_path / "j.hkk"
    p.write_bytes(data)
    ld = load(p, CODEC)
    assert state_of(ld) == states[-1]
    # the intermediate states, including a redo list, are what the boundaries promise
    p.write_bytes(data[: bounds[6]])
    assert state_of(load(p, CODEC)) == states[6]
    assert load(p, CODEC).redo == [make_entry(2), make_entry(3)]


def test_double_rewind_accumulates_redo(tmp_path: Path) -> None:
    p = tmp_path / "g.hkk"
    e = [make_entry(i) for i in range(5)]
    with SaveWriter.create(p, HEADER, CODEC) as w:
        for x in e:
            w.append(x)
        w.rewind(3)
        w.rewind(1)
        assert w.n_entries == 1
        with pytest.raises(ValueError):
            w.rewind(2)
    ld = load(p, CODEC)
    assert ld.entries == e[:1] and ld.redo == e[1:]


def test_reopen_and_append(tmp_path: Path) -> None:
    p = tmp_path / "g.hkk"
    with SaveWriter.create(p, HEADER, CODEC) as w:
        w.append(make_entry(0))
        w.append(make_entry(1))
        w.rewind(1)
    ld, w = SaveWriter.open_append(p, CODEC)
    assert ld.entries == [make_entry(0)] and ld.redo == [make_entry(1)]
    w.append(make_entry(1), {"back": True})  # redo
    w.append(make_entry(2))
    w.rewind(3)  # no-op rewind to the end is allowed
    w.close()
    with pytest.raises(SaveError, match="closed"):
        w.append(make_entry(3))
    ld = load(p, CODEC)
    assert ld.entries == [make_entry(i) for i in range(3)] and ld.redo == []
    assert ld.meta == {"back": True}


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    p = tmp_path / "g.hkk"
    SaveWriter.create(p, HEADER, CODEC).close()
    with pytest.raises(SaveExistsError, match="not overwritten"):
        SaveWriter.create(p, HEADER, CODEC)
    with pytest.raises(FileExistsError):
        SaveWriter.create(p, HEADER, CODEC)
    SaveWriter.create(p, HEADER, CODEC, overwrite=True).close()
    assert load(p, CODEC).entries == []
    # no temp files left; the hidden lock file stays beside the save
    assert sorted(x.name for x in tmp_path.iterdir()) == [".g.hkk.lock", "g.hkk"]


# --- damage -------------------------------------------------------------------------------------

def test_truncation_at_every_offset(tmp_path: Path) -> None:
    data, bounds, _ = journal()
    header_end = bounds[0]
    for cut in range(len(data) + 1):
        p = tmp_path / f"cut{cut}.hkk"
        p.write_bytes(data[:cut])
        if cut < header_end:
            with pytest.raises(SaveError) as info:
                load(p, CODEC)
            msg = str(info.value)
            assert msg.endswith(".") and p.name in msg
            continue
        ld = load(p, CODEC)
        good, state = state_at(cut)
        assert state_of(ld) == state
        assert ld.valid_bytes == good
        assert ld.damaged == (cut != good)
        if ld.damaged:
            n = len(state[0])
            assert ld.problem.startswith(f"The save '{p.name}' is damaged after entry {n} "
                                         f"(byte {good}): {cut - good} bytes of a half-written")
            rec = recover(p, CODEC)
            assert state_of(rec) == state and not rec.damaged
            assert f"'{p.name}.damaged-1'" in rec.problem and "were recovered" in rec.problem
            assert (tmp_path / f"{p.name}.damaged-1").read_bytes() == data[:cut]
            assert p.read_bytes() == data[:good]


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_bit_flip_gives_valid_prefix(data: st.DataObject) -> None:
    raw, bounds, _ = journal()
    offset = data.draw(st.integers(bounds[0], len(raw) - 1), label="offset")
    bit = data.draw(st.integers(0, 7), label="bit")
    flipped = bytearray(raw)
    flipped[offset] ^= 1 << bit
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "flip.hkk"
        p.write_bytes(bytes(flipped))
        ld = load(p, CODEC)  # never raises after the header
        good, state = state_at(offset)
        assert ld.damaged and ld.problem.startswith("The save 'flip.hkk' is damaged")
        assert state_of(ld) == state
        assert len(ld.entries) + len(ld.redo) <= 5
        assert ld.valid_bytes == good


def test_bit_flip_in_header_is_a_save_error(tmp_path: Path) -> None:
    raw, bounds, _ = journal()
    p = tmp_path / "h.hkk"
    for offset in (len(MAGIC) + 1, len(MAGIC) + 10, bounds[0] - 1):
        b = bytearray(raw)
        b[offset] ^= 0x10
        p.write_bytes(bytes(b))
        with pytest.raises(SaveError, match="header"):
            load(p, CODEC)


def test_checksum_and_semantic_damage_messages(tmp_path: Path) -> None:
    raw, bounds, _ = journal()
    p = tmp_path / "c.hkk"
    b = bytearray(raw)
    b[bounds[2] + 12] ^= 0xFF  # inside the payload of the third entry record
    p.write_bytes(bytes(b))
    ld = load(p, CODEC)
    assert "checksum does not match" in ld.problem and "more bytes that were ignored" in ld.problem
    assert ld.entries == [make_entry(0), make_entry(1)]
    # a well-formed record that rewinds past the end, then one of an unknown action type
    header = raw[: bounds[0]]
    p.write_bytes(header + frame(store.RewindRec(5)))
    assert "cannot use" in load(p, CODEC).problem
    p.write_bytes(header + frame({"kind": "append", "entry": {"player": 0, "action": ["Nope"],
                                                              "events": []}}))
    ld = load(p, CODEC)
    assert ld.damaged and ld.entries == [] and "other rules wrote it" in ld.problem


def test_recover_keeps_backups_and_never_overwrites(tmp_path: Path) -> None:
    raw, bounds, states = journal()
    p = tmp_path / "x.hkk"
    p.write_bytes(raw)
    clean_before = recover(p, CODEC)  # a clean file: nothing happens
    assert not clean_before.damaged and sorted(os.listdir(tmp_path)) == ["x.hkk"]
    (tmp_path / "x.hkk.damaged-1").write_bytes(b"precious")
    damaged = raw + b"\x07\x00"
    p.write_bytes(damaged)
    recover_clean = recover(p, CODEC)
    assert (tmp_path / "x.hkk.damaged-1").read_bytes() == b"precious"
    assert (tmp_path / "x.hkk.damaged-2").read_bytes() == damaged
    assert "'x.hkk.damaged-2'" in recover_clean.problem
    assert state_of(recover_clean) == states[-1] and p.read_bytes() == raw
    # open_append on a damaged file recovers first, then appends after the valid prefix
    p.write_bytes(raw[: bounds[3] + 5])
    ld, w = SaveWriter.open_append(p, CODEC)
    assert ld.entries == states[3][0] and "damaged-3" in ld.problem
    w.append(make_entry(9))
    w.close()
    assert load(p, CODEC).entries == [*states[3][0], make_entry(9)]
    assert not load(p, CODEC).damaged


def test_kill_minus_nine_loses_at_most_the_record_in_flight(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for round_, wanted in enumerate((5, 60, 250)):
        p = tmp_path / f"k{round_}.hkk"
        child = subprocess.Popen([sys.executable, str(CHILD), str(p)], stdout=subprocess.PIPE,
                                 env=env, text=True)
        assert child.stdout is not None
        durable = 0
        try:
            while durable < wanted:
                line = child.stdout.readline()
                assert line, "the writer child died early"
                durable = int(line)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
            child.stdout.close()
        assert child.returncode == -signal.SIGKILL
        ld = load(p, CODEC)
        assert len(ld.entries) >= durable
        assert ld.entries == [make_entry(i) for i in range(len(ld.entries))]
        assert ld.meta == {"i": len(ld.entries) - 1}
        if ld.damaged:  # only a half-written final record may be lost
            assert "half-written record at the end" in ld.problem
            assert p.stat().st_size - ld.valid_bytes < len(frame({"x": "y" * 2000}))
        # and the game goes on after the crash
        ld, w = SaveWriter.open_append(p, CODEC)
        n = len(ld.entries)
        w.append(make_entry(n))
        w.close()
        assert load(p, CODEC).entries == [make_entry(i) for i in range(n + 1)]


# --- format versions ----------------------------------------------------------------------------

def v0_file(path: Path) -> list[Entry]:
    """A save in a fake format 0: the header called the seed 'rng_seed', entries said 'who'."""
    h = msgspec.to_builtins(HEADER)
    h["format_version"] = 0
    h["rng_seed"] = h.pop("seed")
    entries = [make_entry(i) for i in range(4)]
    recs = [{"kind": "header", "header": h}]
    for e in entries:
        recs.append({"kind": "append", "entry": {"who": e.player, "action": e.action,
                                                 "events": e.events}})
    path.write_bytes(MAGIC + b"".join(frame(r) for r in recs))
    return entries


def upgrade_0_to_1(rec: dict[str, Any]) -> dict[str, Any]:
    if rec["kind"] == "header":
        rec["header"]["seed"] = rec["header"].pop("rng_seed")
    elif rec["kind"] == "append":
        rec["entry"]["player"] = rec["entry"].pop("who")
    return rec


def test_upgrade_from_fake_v0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "old.hkk"
    entries = v0_file(p)
    original = p.read_bytes()
    with pytest.raises(SaveError, match="cannot upgrade saves of format version 0"):
        load(p, CODEC)
    monkeypatch.setattr(store, "UPGRADES", {**store.UPGRADES, 0: upgrade_0_to_1})
    ld = load(p, CODEC)
    assert ld.upgraded_from == 0 and ld.header == sealed(HEADER) and ld.entries == entries
    assert p.read_bytes() == original  # loading never rewrites
    ld, w = SaveWriter.open_append(p, CODEC)  # continuing upgrades the file, keeping a backup
    assert "upgraded" in ld.problem and ld.upgraded_from is None
    w.append(make_entry(4))
    w.close()
    assert (tmp_path / "old.hkk.format-v0-1").read_bytes() == original
    ld = load(p, CODEC)
    assert ld.upgraded_from is None and ld.entries == [*entries, make_entry(4)]


def test_newer_version_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "new.hkk"
    newer = msgspec.structs.replace(HEADER, format_version=FORMAT_VERSION + 1)
    SaveWriter.create(p, newer, CODEC).close()
    with pytest.raises(SaveError, match="made by a newer hkk.*upgrade hkk"):
        load(p, CODEC)
    j = tmp_path / "new.json"
    j.write_text(json.dumps({"format": "hkk-save-json", "format_version": FORMAT_VERSION + 1,
                             "header": msgspec.to_builtins(newer), "entries": []}))
    with pytest.raises(SaveError, match="newer hkk"):
        import_file(j, CODEC, tmp_path / "in")


@pytest.mark.parametrize("content, words", [
    (b"", "is empty"),
    (b"HKKS", "cut off before its header"),
    (b"PK\x03\x04 a zip file, not a save", "is not a hkk save"),
    (MAGIC + b"\x01\x00", "header"),
    (MAGIC + b"\xff\xff\xff\x7f\x00\x00\x00\x00", "header"),
    (MAGIC + frame(b"not a record"), "header"),
    (MAGIC + frame({"kind": "append", "entry": {}}), "does not start with a game header"),
    (MAGIC + frame({"kind": "header", "header": {"format_version": FORMAT_VERSION}}), "header"),
])
def test_garbage_is_a_save_error_with_a_sentence(tmp_path: Path, content: bytes,
                                                 words: str) -> None:
    p = tmp_path / "bad.hkk"
    p.write_bytes(content)
    with pytest.raises(SaveError) as info:
        load(p, CODEC)
    msg = str(info.value)
    assert words in msg and "'bad.hkk'" in msg and msg[0].isupper() and msg.endswith(".")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no save called 'nope.hkk'"):
        load(tmp_path / "nope.hkk", CODEC)


# --- export / import ----------------------------------------------------------------------------

def test_export_portable_and_import(tmp_path: Path) -> None:
    raw, _, states = journal()
    p = tmp_path / "game.hkk"
    p.write_bytes(raw)
    ld = load(p, CODEC)
    out = export_portable(ld, tmp_path / "bug-report.hkk")
    small = load(out, CODEC)
    assert small.header == HEADER and small.entries == states[-1][0] and small.redo == []
    assert small.meta == states[-1][2] and out.stat().st_size < len(raw)
    with pytest.raises(SaveExistsError):
        export_portable(ld, out)
    dest = tmp_path / "imported"
    a = import_file(out, CODEC, dest)
    b = import_file(out, CODEC, dest)
    assert a.name == "bug-report.hkk" and b.name == "bug-report-2.hkk"
    for q in (a, b):
        assert load(q, CODEC).entries == states[-1][0]


def test_export_json_and_import(tmp_path: Path) -> None:
    raw, _, states = journal()
    p = tmp_path / "game.hkk"
    p.write_bytes(raw)
    ld = load(p, CODEC)
    j = export_json(ld, tmp_path / "game.json")
    text = j.read_text()
    assert "\n  " in text  # indented
    doc = json.loads(text)
    assert doc["format"] == "hkk-save-json" and doc["format_version"] == FORMAT_VERSION
    assert base64.b64decode(doc["header"]["cards"]) == HEADER.cards
    assert doc["header"]["seats"][1]["name"] == "Béla"
    assert len(doc["entries"]) == len(states[-1][0])
    q = import_file(j, CODEC, tmp_path / "in")
    assert q.name == "game.hkk"
    back = load(q, CODEC)
    assert back.header == HEADER and back.entries == states[-1][0] and back.meta == ld.meta


def test_import_rejects_garbage_and_damage(tmp_path: Path) -> None:
    raw, bounds, _ = journal()
    dest = tmp_path / "in"
    cases = {
        "a.txt": b"just some text",
        "b.json": b'{"format": "something-else"}',
        "c.json": json.dumps({"format": "hkk-save-json", "format_version": FORMAT_VERSION,
                              "header": {"ruleset": "toy"}, "entries": []}).encode(),
        "d.json": json.dumps({"format": "hkk-save-json", "format_version": FORMAT_VERSION,
                              "header": msgspec.to_builtins(HEADER),
                              "entries": [{"player": 0, "action": ["Nope"], "events": []}]
                              }).encode(),
        "e.hkk": raw[: bounds[2] + 3],
    }
    for name, content in cases.items():
        src = tmp_path / name
        src.write_bytes(content)
        with pytest.raises(SaveError) as info:
            import_file(src, CODEC, dest)
        msg = str(info.value)
        assert "imported" in msg and msg.endswith("."), msg
    assert not dest.exists() or not any(dest.iterdir())


# --- locations and listing ----------------------------------------------------------------------

def test_saves_dir_honours_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "data"))
    assert saves_dir() == tmp_path / "data" / "saves" and saves_dir().is_dir()
    assert autosave_path() == tmp_path / "data" / "saves" / "autosave.hkk"


def test_list_saves_handles_damage(tmp_path: Path) -> None:
    raw, bounds, states = journal()
    good, cut, junk = tmp_path / "good.hkk", tmp_path / "cut.hkk", tmp_path / "junk.hkk"
    good.write_bytes(raw)
    cut.write_bytes(raw[: bounds[3] + 4])
    junk.write_bytes(b"garbage")
    (tmp_path / "cut.hkk.damaged-1").write_bytes(b"old backup")
    (tmp_path / "notes.txt").write_text("ignored")
    for i, f in enumerate((junk, good, cut)):
        os.utime(f, (1_000_000 + i, 1_000_000 + i))
    rows = list_saves(tmp_path, CODEC)
    assert [r.path.name for r in rows] == ["cut.hkk", "good.hkk", "junk.hkk"]
    c, g, j = rows
    assert not g.damaged and g.entries == len(states[-1][0]) and g.meta == states[-1][2]
    assert g.seats == HEADER.seats and g.decks == ("red", "blue")
    assert c.damaged and c.entries == 3 and "half-written" in c.problem
    assert j.damaged and j.entries == 0 and "not a hkk save" in j.problem
    assert list_saves(tmp_path / "empty-missing", CODEC) == []
