"""Crash-safe, append-only save files (ARCHITECTURE.md, "Persistence").

A save is ``MAGIC`` followed by framed records: ``<u32 length><u32 crc32>`` (little-endian) and a
msgpack payload of one tagged record struct. The first record is always the header.

Requirements from the architecture, and how they are met here:

* "Autosave after every entry, crash-safe: kill -9 loses at most the action in flight" — every
  record goes to the file with one ``write()`` followed by ``fsync`` before ``append`` returns; a
  record cut off by a crash fails its length/CRC check and is dropped on load.
* "A truncated or corrupted file is detected, reported in plain words, and the longest valid prefix
  is recovered; nothing is silently overwritten" — :func:`load` stops at the first bad record and
  explains it in :attr:`LoadedSave.problem`; :func:`recover` keeps the original as
  ``<name>.damaged-N`` before atomically rewriting the valid prefix.
* "Saves live under the user's data directory from platformdirs" — :func:`saves_dir`.
* "A save can be exported as one portable file and as readable JSON" — :func:`export_portable`,
  :func:`export_json`, :func:`import_file`.
* "Schema evolution: new fields get defaults; a format version with upgrade functions" —
  records are msgpack maps (new struct fields with defaults decode from old files) and
  :data:`UPGRADES` converts raw records of older format versions.
"""

from __future__ import annotations

import json
import os
import struct
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import msgspec
import platformdirs

from engine.core.log import FORMAT_VERSION, Entry, Header, Seat

MAGIC = b"HKKSAVE\n"
_FRAME = struct.Struct("<II")
JSON_FORMAT = "hkk-save-json"
SUFFIX = ".hkk"
_APPEND = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)

#: ``UPGRADES[n]`` turns a raw decoded record dict (``{"kind": ..., ...}``) of format version ``n``
#: into one of version ``n + 1``. The store itself sets ``header.format_version`` afterwards.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

Meta = dict[str, Any]


class SaveError(Exception):
    """A save cannot be used at all (not even its header is readable). The message is a sentence."""


class SaveExistsError(SaveError, FileExistsError):
    """Refused to overwrite an existing file."""


class HeaderRec(msgspec.Struct, frozen=True, tag="header", tag_field="kind"):
    header: Header
    meta: Meta | None = None


class AppendRec(msgspec.Struct, frozen=True, tag="append", tag_field="kind"):
    entry: Entry
    meta: Meta | None = None


class RewindRec(msgspec.Struct, frozen=True, tag="rewind", tag_field="kind"):
    """Undo: the effective log becomes ``entries[:to]``; the undone entries become the redo list."""

    to: int
    meta: Meta | None = None


class MetaRec(msgspec.Struct, frozen=True, tag="meta", tag_field="kind"):
    meta: Meta


class EntryCodec:
    """Typed decoding of a ruleset's entries; ``action_type``/``event_type`` are tagged unions."""

    def __init__(self, action_type: Any, event_type: Any) -> None:
        self.entry_type: Any = msgspec.defstruct(
            "TypedEntry",
            [("player", int), ("action", action_type), ("events", tuple[event_type, ...])],
            frozen=True,
        )
        typed_append: Any = msgspec.defstruct(
            "TypedAppendRec", [("entry", self.entry_type), ("meta", Meta | None, None)],
            frozen=True, tag="append", tag_field="kind",
        )
        self.record_type: Any = HeaderRec | typed_append | RewindRec | MetaRec
        self.decoder = msgspec.msgpack.Decoder(self.record_type)

    def to_entry(self, typed: Any) -> Entry:
        return Entry(typed.player, typed.action, tuple(typed.events))


_encoder = msgspec.msgpack.Encoder()


def _frame(rec: Any) -> bytes:
    payload = _encoder.encode(rec)
    return _FRAME.pack(len(payload), zlib.crc32(payload)) + payload


@dataclass
class LoadedSave:
    """The readable content of a save: the longest valid prefix and, if cut short, why."""

    path: Path
    header: Header
    entries: list[Entry] = field(default_factory=list)
    redo: list[Entry] = field(default_factory=list)
    meta: Meta | None = None
    damaged: bool = False
    problem: str = ""
    valid_bytes: int = 0
    #: Format version the file was written with, when older than :data:`FORMAT_VERSION`.
    upgraded_from: int | None = None
    #: After :func:`recover`: where the damaged (or old-format) original was kept.
    backup: Path | None = None


@dataclass(frozen=True)
class SaveSummary:
    """One line of the save browser (:func:`list_saves`)."""

    path: Path
    modified: float
    seats: tuple[Seat, ...] = ()
    entries: int = 0
    meta: Meta | None = None
    damaged: bool = False
    problem: str = ""

    @property
    def decks(self) -> tuple[str, ...]:
        return tuple(s.deck for s in self.seats)


def _entries_word(n: int) -> str:
    return "1 entry" if n == 1 else f"{n} entries"


def _upgrade(raw: dict[str, Any], version: int) -> dict[str, Any]:
    for v in range(version, FORMAT_VERSION):
        if v not in UPGRADES:
            raise SaveError(f"This hkk cannot upgrade saves of format version {v}; "
                            "the save was left untouched.")
        raw = UPGRADES[v](raw)
        if raw.get("kind") == "header":
            raw["header"]["format_version"] = v + 1
    return raw


def _check_version(version: Any, name: str) -> int:
    if not isinstance(version, int):
        raise SaveError(f"The header of '{name}' has no valid format version.")
    if version > FORMAT_VERSION:
        raise SaveError(f"The save '{name}' was made by a newer hkk (save format {version}; this "
                        f"hkk reads up to {FORMAT_VERSION}); upgrade hkk to open it.")
    return version


class _State:
    """Replays records into (entries, redo, meta) — the undo/redo rules live here only."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.redo: list[Entry] = []
        self.meta: Meta | None = None

    def apply(self, rec: Any, codec: EntryCodec) -> None:
        if isinstance(rec, RewindRec):
            if not 0 <= rec.to <= len(self.entries):
                raise ValueError(f"undo to entry {rec.to} of {len(self.entries)}")
            self.redo = self.entries[rec.to:] + self.redo
            del self.entries[rec.to:]
        elif isinstance(rec, HeaderRec):
            raise ValueError("a second header")
        elif not isinstance(rec, MetaRec):
            entry = codec.to_entry(rec.entry)
            self.redo = self.redo[1:] if self.redo and self.redo[0] == entry else []
            self.entries.append(entry)
        if rec.meta is not None:
            self.meta = rec.meta


def _next_frame(data: bytes, pos: int) -> tuple[bytes | None, str, int]:
    """``(payload, problem, end)`` of the record at ``pos``; ``payload`` is None if it is bad."""
    rest = len(data) - pos
    if rest < _FRAME.size or _FRAME.unpack_from(data, pos)[0] > rest - _FRAME.size:
        return None, f"{rest} bytes of a half-written record at the end", len(data)
    length, crc = _FRAME.unpack_from(data, pos)
    end = pos + _FRAME.size + length
    payload = data[pos + _FRAME.size: end]
    if zlib.crc32(payload) != crc:
        return None, ("a record whose checksum does not match (the file was changed or corrupted "
                      "on disk)"), end
    return payload, "", end


def _decode(payload: bytes, version: int, codec: EntryCodec) -> Any:
    if version < FORMAT_VERSION:
        return msgspec.convert(_upgrade(msgspec.msgpack.decode(payload), version),
                               codec.record_type)
    return codec.decoder.decode(payload)


def _parse(data: bytes, path: Path, codec: EntryCodec) -> LoadedSave:
    name = path.name
    if not data:
        raise SaveError(f"The file '{name}' is empty; it holds no game.")
    if not data.startswith(MAGIC):
        if MAGIC.startswith(data):
            raise SaveError(f"The file '{name}' was cut off before its header was written.")
        raise SaveError(f"The file '{name}' is not a hkk save (it lacks the hkk save marker).")
    payload, problem, pos = _next_frame(data, len(MAGIC))
    if payload is None:
        raise SaveError(f"The header of '{name}' is damaged ({problem}); no game can be "
                        "recovered from it.")
    try:
        raw = msgspec.msgpack.decode(payload)
        if not isinstance(raw, dict) or raw.get("kind") != "header":
            raise SaveError(f"The file '{name}' does not start with a game header.")
        version = _check_version(raw["header"].get("format_version"), name)
        head = _decode(payload, version, codec)
    except (msgspec.MsgspecError, ValueError, TypeError, KeyError, AttributeError) as e:
        raise SaveError(f"The header of '{name}' cannot be read ({e}); it is not a usable "
                        "hkk save.") from None
    loaded = LoadedSave(path, head.header, valid_bytes=pos,
                        upgraded_from=version if version < FORMAT_VERSION else None)
    state = _State()
    state.meta = head.meta
    while pos < len(data):
        payload, problem, end = _next_frame(data, pos)
        if payload is not None:
            try:
                state.apply(_decode(payload, version, codec), codec)
            except (msgspec.MsgspecError, ValueError, TypeError, AttributeError) as e:
                problem = f"a record this hkk cannot use ({e}); perhaps other rules wrote it"
        if problem:
            tail = len(data) - end
            n = len(state.entries)
            loaded.damaged = True
            loaded.problem = (
                f"The save '{name}' is damaged after entry {n} (byte {pos}): {problem}"
                + (f", followed by {tail} more bytes that were ignored" if tail > 0 else "")
                + f". The first {_entries_word(n)} can be recovered; recovering keeps the damaged "
                "original as a backup.")
            break
        pos = loaded.valid_bytes = end
    loaded.entries, loaded.redo, loaded.meta = state.entries, state.redo, state.meta
    return loaded


def load(path: str | os.PathLike[str], codec: EntryCodec) -> LoadedSave:
    """Read a save; never raises for damage after the header (see :attr:`LoadedSave.problem`)."""
    p = Path(path)
    return _parse(_read(p), p, codec)


def _read(p: Path) -> bytes:
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no save called '{p.name}' in {p.parent}.") from None
    except OSError as e:
        raise SaveError(f"The save '{p.name}' cannot be read ({e.strerror}).") from None


def _fsync_dir(d: Path) -> None:
    """Make a rename/link durable (POSIX); silently skipped where directories cannot be opened."""
    try:
        fd = os.open(d, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_new(dest: Path, chunks: Iterable[bytes], overwrite: bool = False) -> Path:
    """Write a whole file atomically: temp file + fsync, then link (no overwrite) or replace."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, dest)
        else:
            try:
                os.link(tmp, dest)
            except FileExistsError:
                raise SaveExistsError(f"The file '{dest.name}' already exists in {dest.parent}; "
                                      "it was not overwritten. Choose another name.") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    _fsync_dir(dest.parent)
    return dest


def _write_fresh(name_for: Callable[[int], Path], chunks: list[bytes]) -> Path:
    """Write ``chunks`` to the first of ``name_for(1)``, ``name_for(2)``, ... that is free."""
    n = 1
    while True:
        try:
            return _write_new(name_for(n), chunks)
        except SaveExistsError:
            n += 1


def _records(loaded: LoadedSave, with_redo: bool = True) -> list[bytes]:
    """Canonical records reproducing ``loaded``'s entries, redo list and meta."""
    redo = loaded.redo if with_redo else []
    out = [_frame(HeaderRec(loaded.header))]
    out += [_frame(AppendRec(e)) for e in [*loaded.entries, *redo]]
    if redo:
        out.append(_frame(RewindRec(len(loaded.entries))))
    if loaded.meta is not None:
        out.append(_frame(MetaRec(loaded.meta)))
    return out


def recover(path: str | os.PathLike[str], codec: EntryCodec) -> LoadedSave:
    """Keep a damaged (or old-format) save as a backup, then atomically rewrite a clean one."""
    p = Path(path)
    data = _read(p)
    loaded = _parse(data, p, codec)
    if not loaded.damaged and loaded.upgraded_from is None:
        return loaded
    kind = "damaged" if loaded.damaged else f"format-v{loaded.upgraded_from}"
    backup = _write_fresh(lambda n: p.with_name(f"{p.name}.{kind}-{n}"), [data])
    if loaded.upgraded_from is not None:
        body = [MAGIC, *_records(loaded)]
    else:
        body = [data[: loaded.valid_bytes]]
    _write_new(p, body, overwrite=True)
    clean = _parse(_read(p), p, codec)
    clean.backup = backup
    if loaded.damaged:
        clean.problem = loaded.problem.split(" can be recovered;")[0] + (
            f" were recovered; the damaged original was kept as '{backup.name}'.")
    else:
        clean.problem = (f"The save '{p.name}' was upgraded from format {loaded.upgraded_from}; "
                         f"the original was kept as '{backup.name}'.")
    return clean


class SaveWriter:
    """Appends records to a save; each call is durable (fsync) before it returns."""

    def __init__(self, path: Path, fd: int, n_entries: int, fsync: bool = True) -> None:
        self.path, self._fd, self.n_entries, self.fsync = path, fd, n_entries, fsync

    @classmethod
    def create(cls, path: str | os.PathLike[str], header: Header, codec: EntryCodec, *,
               overwrite: bool = False, fsync: bool = True) -> SaveWriter:
        """Start a new save (refusing to replace an existing file unless ``overwrite``)."""
        p = Path(path)
        _write_new(p, [MAGIC, _frame(HeaderRec(header))], overwrite=overwrite)
        return cls(p, os.open(p, _APPEND), 0, fsync)

    @classmethod
    def open_append(cls, path: str | os.PathLike[str], codec: EntryCodec, *,
                    fsync: bool = True) -> tuple[LoadedSave, SaveWriter]:
        """Load a save for continuing; a damaged or old-format file is :func:`recover`-ed first."""
        loaded = load(path, codec)
        if loaded.damaged or loaded.upgraded_from is not None:
            loaded = recover(path, codec)
        return loaded, cls(Path(path), os.open(path, _APPEND), len(loaded.entries), fsync)

    def _write(self, rec: Any) -> None:
        if self._fd < 0:
            raise SaveError(f"The save '{self.path.name}' is already closed.")
        data = memoryview(_frame(rec))
        while data:  # one write() in practice; loop only on a short write
            data = data[os.write(self._fd, data):]
        if self.fsync:
            os.fsync(self._fd)

    def append(self, entry: Entry, meta: Meta | None = None) -> None:
        self._write(AppendRec(entry, meta))
        self.n_entries += 1

    def rewind(self, to: int, meta: Meta | None = None) -> None:
        """Undo back to ``entries[:to]``; the undone entries stay in the file as the redo list."""
        if not 0 <= to <= self.n_entries:
            raise ValueError(f"cannot rewind to entry {to}: the log has {self.n_entries} entries")
        self._write(RewindRec(to, meta))
        self.n_entries = to

    def set_meta(self, meta: Meta) -> None:
        self._write(MetaRec(meta))

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> SaveWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def export_portable(loaded: LoadedSave, dest: str | os.PathLike[str], *,
                    overwrite: bool = False) -> Path:
    """One compact file for a bug report: header + effective entries (+ last meta)."""
    p = Path(dest)
    _write_new(p, [MAGIC, *_records(loaded, with_redo=False)], overwrite=overwrite)
    return p


def export_json(loaded: LoadedSave, dest: str | os.PathLike[str], *,
                overwrite: bool = False) -> Path:
    """Readable, indented JSON of the header and effective entries (bytes as base64)."""
    doc = {"format": JSON_FORMAT, "format_version": FORMAT_VERSION, "header": loaded.header,
           "entries": loaded.entries, "meta": loaded.meta}
    text = json.dumps(json.loads(msgspec.json.encode(doc)), indent=2, ensure_ascii=False)
    p = Path(dest)
    _write_new(p, [text.encode() + b"\n"], overwrite=overwrite)
    return p


def _from_json(data: bytes, src: Path, codec: EntryCodec) -> LoadedSave:
    bad = f"The file '{src.name}' is neither a hkk save nor a hkk JSON export"
    try:
        doc = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise SaveError(bad + "; nothing was imported.") from None
    if not isinstance(doc, dict) or doc.get("format") != JSON_FORMAT:
        raise SaveError(bad + "; nothing was imported.")
    try:
        version = _check_version(doc.get("format_version"), src.name)
        recs = [{"kind": "header", "header": doc["header"]}]
        recs += [{"kind": "append", "entry": e} for e in doc["entries"]]
        recs = [msgspec.convert(_upgrade(r, version), codec.record_type) for r in recs]
        entries = [codec.to_entry(r.entry) for r in recs[1:]]
    except (msgspec.MsgspecError, KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(f"The JSON export '{src.name}' is invalid ({e}); nothing was imported.") \
            from None
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else None
    return LoadedSave(src, recs[0].header, entries, meta=meta)


def import_file(src: str | os.PathLike[str], codec: EntryCodec,
                dest_dir: str | os.PathLike[str]) -> Path:
    """Import a portable save or a JSON export as a new save in ``dest_dir`` (never clashing)."""
    s = Path(src)
    data = _read(s)
    if data.startswith(MAGIC[:4]):
        loaded = _parse(data, s, codec)
        if loaded.damaged:
            raise SaveError(loaded.problem.split(" The first")[0] +
                            " Nothing was imported; recover a copy of it first.")
    else:
        loaded = _from_json(data, s, codec)
    stem = s.name.split(".")[0] or "imported"
    folder = Path(dest_dir)
    return _write_fresh(lambda n: folder / (f"{stem}-{n}{SUFFIX}" if n > 1 else f"{stem}{SUFFIX}"),
                        [MAGIC, *_records(loaded, with_redo=False)])


def saves_dir() -> Path:
    """The saves folder under the user's data directory (``$HKK_DATA_DIR`` overrides the base)."""
    base = os.environ.get("HKK_DATA_DIR") or platformdirs.user_data_dir("hkk")
    d = Path(base) / "saves"
    d.mkdir(parents=True, exist_ok=True)
    return d


def autosave_path() -> Path:
    return saves_dir() / f"autosave{SUFFIX}"


def list_saves(directory: str | os.PathLike[str], codec: EntryCodec) -> list[SaveSummary]:
    """Summaries of ``*.hkk`` in ``directory``, newest first; bad files are marked damaged."""
    out: list[SaveSummary] = []
    for p in Path(directory).glob(f"*{SUFFIX}"):
        try:
            mtime = p.stat().st_mtime
        except OSError:
            continue
        try:
            ld = load(p, codec)
            out.append(SaveSummary(p, mtime, ld.header.seats, len(ld.entries), ld.meta,
                                   ld.damaged, ld.problem))
        except Exception as e:  # a browser must never crash on one bad file
            out.append(SaveSummary(p, mtime, damaged=True, problem=str(e)))
    out.sort(key=lambda s: s.modified, reverse=True)
    return out

