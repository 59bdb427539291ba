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
  the header is a msgpack map (new fields with defaults decode from old files), the records after
  it short arrays (new fields go last, with defaults), and :data:`UPGRADES` converts raw records
  of older format versions.
* "Every game has its own file; one process writes a game at a time (an OS lock); starting a game
  never overwrites another" — :class:`SaveLock` (``flock`` on a hidden ``.<name>.lock`` beside
  the save, holding who/where/since for the message a second instance sees),
  :func:`new_save_path`, and writers that never replace an existing file.
* "A write either completes or is rolled back and reported (full disk)" — a failed append is cut
  back off the file (``ftruncate`` to the last good record) and raised as
  :class:`SaveWriteError`; the game takes the entry back out of memory.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import re
import socket
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import msgspec
import platformdirs

from engine.core.log import FORMAT_VERSION, Entry, Header, Seat, header_digest, sealed

try:  # POSIX advisory locks; see SaveLock
    import fcntl
except ImportError:  # pragma: no cover - not a POSIX system
    fcntl = None  # type: ignore[assignment]

MAGIC = b"HKKSAVE\n"
_FRAME = struct.Struct("<II")
JSON_FORMAT = "hkk-save-json"
SUFFIX = ".hkk"
_APPEND = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)

#: ``UPGRADES[n]`` turns a raw decoded record dict (``{"kind": ..., ...}``) of format version ``n``
#: into one of version ``n + 1``. The store itself sets ``header.format_version`` afterwards.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _seal_v1_header(raw: dict[str, Any]) -> dict[str, Any]:
    """Format 1 -> 2: headers gain their seal (``Header.digest``)."""
    if raw.get("kind") == "header":
        head = dict(raw["header"])
        head["format_version"] = 2
        header = msgspec.convert(head, Header)
        raw = {**raw, "header": msgspec.to_builtins(sealed(header))}
    return raw


UPGRADES[1] = _seal_v1_header


def _records_to_rows(raw: Any) -> Any:
    """Format 2 -> 3: the records after the header become arrays (:class:`AppendRec` ...); the
    header, whose seal covers its format version, is sealed again — if its seal held."""
    if not isinstance(raw, dict):
        return raw
    if raw.get("kind") == "header":
        header = msgspec.convert(raw["header"], Header)
        if header.digest and header.digest == header_digest(header):
            header = sealed(msgspec.structs.replace(header, format_version=3))
            raw = {**raw, "header": msgspec.to_builtins(header)}
        return raw
    kind, meta = raw.get("kind"), raw.get("meta")
    if kind == "append":
        e = raw["entry"]
        return [APPEND, [e["player"], e["action"], e["events"]], meta]
    if kind == "rewind":
        return [REWIND, raw["to"], meta]
    if kind == "meta":
        return [META, meta]
    raise ValueError(f"an unknown record kind {kind!r}")


UPGRADES[2] = _records_to_rows

#: The system calls the writer uses; tests replace them to inject failing writes.
_sys_write = os.write
_sys_fsync = os.fsync

Meta = dict[str, Any]


class SaveError(Exception):
    """A save cannot be used at all (not even its header is readable). The message is a sentence."""


class SaveExistsError(SaveError, FileExistsError):
    """Refused to overwrite an existing file."""


class SaveWriteError(SaveError):
    """A record could not be written; the file was cut back to its last good record.

    ``key`` is ``disk_full`` (no space, quota or file-size limit) or ``write_failed`` (any other
    I/O error); the game that called the writer has taken the entry back out of memory.
    """

    def __init__(self, message: str, key: str, os_error: OSError | None = None):
        super().__init__(message)
        self.key = key
        self.os_error = os_error


_NO_SPACE = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def _write_error(path: Path, exc: OSError) -> SaveWriteError:
    if exc.errno in _NO_SPACE:
        return SaveWriteError(
            f"The disk is full: your last move was not made (saving to '{path.name}' failed: "
            f"{exc.strerror}). Free some space and make the move again; nothing was lost.",
            "disk_full", exc)
    return SaveWriteError(
        f"Your last move was not made: the save '{path.name}' could not be written "
        f"({exc.strerror or exc}). Nothing was lost; try again.", "write_failed", exc)


@dataclass(frozen=True)
class LockHolder:
    """Who has a save open for writing (from the lock file: best effort, may be unknown)."""

    host: str = ""
    pid: int = 0
    since: str = ""

    def describe(self) -> str:
        if not self.pid:
            return "another hkk process"
        when = f" since {self.since}" if self.since else ""
        return f"hkk process {self.pid} on {self.host or 'this machine'}{when}"


class SaveLocked(SaveError):
    """The save is open for writing in another hkk process (or another screen of this one)."""

    def __init__(self, path: Path, holder: LockHolder | None):
        self.path = path
        self.holder = holder
        who = holder.describe() if holder else "another hkk process"
        super().__init__(f"The game '{path.name}' is open in {who}. Only one hkk can play a "
                         "game at a time: close it there, or open this game read-only in the "
                         "replay viewer.")


class HeaderRec(msgspec.Struct, frozen=True, tag="header", tag_field="kind"):
    header: Header
    meta: Meta | None = None


#: the kinds of the records after the header (format 3: the first item of each record's array)
APPEND, REWIND, META = 1, 2, 3


class _Row(msgspec.Struct, frozen=True, array_like=True, omit_defaults=True):
    """Base of the records after the header: short arrays, kind first (format 3)."""


class EntryRow(_Row):
    """An entry as a save writes it: ``[player, action, events]``."""

    player: int
    action: Any
    events: tuple[Any, ...]


class AppendRec(_Row, tag=APPEND):
    entry: EntryRow
    meta: Meta | None = None

    @classmethod
    def of(cls, entry: Entry, meta: Meta | None = None) -> AppendRec:
        return cls(EntryRow(entry.player, entry.action, entry.events), meta)


class RewindRec(_Row, tag=REWIND):
    """Undo: the effective log becomes ``entries[:to]``; the undone entries become the redo list."""

    to: int
    meta: Meta | None = None


class MetaRec(_Row, tag=META):
    meta: Meta


class EntryCodec:
    """Typed decoding of a ruleset's entries; ``action_type``/``event_type`` are tagged unions."""

    def __init__(self, action_type: Any, event_type: Any) -> None:
        fields = [("player", int), ("action", action_type), ("events", tuple[event_type, ...])]
        #: an entry as a map (JSON exports)
        self.entry_type: Any = msgspec.defstruct("TypedEntry", fields, frozen=True)
        row: Any = msgspec.defstruct("TypedEntryRow", fields, frozen=True, array_like=True)
        typed_append: Any = msgspec.defstruct(
            "TypedAppendRec", [("entry", row), ("meta", Meta | None, None)],
            frozen=True, array_like=True, tag=APPEND,
        )
        #: the records after the header (a second header does not decode: damage)
        self.record_type: Any = typed_append | RewindRec | MetaRec
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
    header: Header | None = None
    #: Who has this game open for writing right now (None: nobody).
    locked_by: LockHolder | None = None

    @property
    def decks(self) -> tuple[str, ...]:
        return tuple(s.deck for s in self.seats)

    @property
    def finished(self) -> bool:
        """The game has a result (from the summary the game recorded with its last entry)."""
        return bool(self.meta and self.meta.get("result"))

    @property
    def turn(self) -> int:
        value = (self.meta or {}).get("turn", 0)
        return value if isinstance(value, int) else 0

    @property
    def in_progress(self) -> bool:
        return not self.damaged and not self.finished and self.entries > 0


def _entries_word(n: int) -> str:
    return "1 entry" if n == 1 else f"{n} entries"


def _upgrade(raw: dict[str, Any], version: int) -> dict[str, Any]:
    for v in range(version, FORMAT_VERSION):
        if v not in UPGRADES:
            raise SaveError(f"This hkk cannot upgrade saves of format version {v}; "
                            "the save was left untouched.")
        raw = UPGRADES[v](raw)
        if isinstance(raw, dict) and raw.get("kind") == "header":
            raw["header"]["format_version"] = v + 1
    return raw


def _check_version(version: Any, name: str) -> int:
    if not isinstance(version, int):
        raise SaveError(f"The header of '{name}' has no valid format version.")
    if version > FORMAT_VERSION:
        raise SaveError(f"The save '{name}' was made by a newer hkk (save format {version}; this "
                        f"hkk reads up to {FORMAT_VERSION}); upgrade hkk to open it.")
    return version


def _dicts(a: Any, b: Any) -> bool:
    """Two lists of maps, item for item (a summary's per-seat headlines)."""
    return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
            and all(isinstance(x, dict) for x in a) and all(isinstance(y, dict) for y in b))


def _merge(old: Any, patch: Any) -> Any:
    if isinstance(old, dict) and isinstance(patch, dict):
        return {**old, **{k: _merge(old.get(k), v) for k, v in patch.items()}}
    if _dicts(old, patch):
        return [_merge(x, y) for x, y in zip(old, patch)]
    return patch


def _diff(old: Any, new: Any) -> Any:
    """What turns ``old`` into ``new`` under :func:`_merge` (maps: the changed keys, a removed
    key as None; lists of maps: a patch per item)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = {k: _diff(old.get(k), v) for k, v in new.items() if k not in old or old[k] != v}
        out.update((k, None) for k in old if k not in new)
        return out
    if _dicts(old, new):
        return [_diff(x, y) for x, y in zip(old, new)]
    return new


def _merged(meta: Meta | None, patch: Meta) -> Meta:
    """A record's meta merged into the summary before it (format 3 writes only what changed,
    :func:`_diff`; a whole summary merges into the same keys)."""
    return patch if meta is None else _merge(meta, patch)


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
        elif not isinstance(rec, MetaRec):
            entry = codec.to_entry(rec.entry)
            self.redo = self.redo[1:] if self.redo and self.redo[0] == entry else []
            self.entries.append(entry)
        if rec.meta is not None:
            self.meta = _merged(self.meta, rec.meta)


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


def codec_for(header: Header) -> EntryCodec:
    """The entry codec of the ruleset a header names (from the registry)."""
    from engine.core import registry

    try:
        plugin = registry.for_header(header)
    except registry.UnknownRuleset as e:
        raise SaveError(f"This is a game of '{header.ruleset}', which this hkk cannot play "
                        f"({e}).") from None
    return plugin.codec()


def _parse(data: bytes, path: Path, codec: EntryCodec | None) -> LoadedSave:
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
        head = msgspec.convert(_upgrade(raw, version), HeaderRec)
    except (msgspec.MsgspecError, ValueError, TypeError, KeyError, AttributeError) as e:
        raise SaveError(f"The header of '{name}' cannot be read ({e}); it is not a usable "
                        "hkk save.") from None
    if codec is None:                      # the header names the ruleset, which names the codec
        codec = codec_for(head.header)
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


def load(path: str | os.PathLike[str], codec: EntryCodec | None = None) -> LoadedSave:
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


_TMP = re.compile(r"^\..+\.(\d+)\.[0-9a-f]+\.tmp$")


def _temp_name(dest: Path) -> Path:
    """A temporary name beside ``dest`` that records the writing process (see
    :func:`clean_temp_files`)."""
    return dest.with_name(f".{dest.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def clean_temp_files(directory: str | os.PathLike[str]) -> list[Path]:
    """Remove temporary files left in ``directory`` by hkk processes that no longer run (killed
    mid-write); files of live processes are left alone. Returns what was removed."""
    removed = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        m = _TMP.match(name)
        if m is None or (int(m.group(1)) != os.getpid() and _pid_alive(int(m.group(1)))):
            continue
        path = Path(directory) / name
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


def _write_new(dest: Path, chunks: Iterable[bytes], overwrite: bool = False) -> Path:
    """Write a whole file atomically: temp file + fsync, then link (no overwrite) or replace.

    The temporary file is removed on every way out (an exception, KeyboardInterrupt); one left
    by a killed process is removed by :func:`clean_temp_files` on the next start.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_name(dest)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o644)
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
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
    _fsync_dir(dest.parent)
    return dest


def replace_file(dest: str | os.PathLike[str], data: bytes) -> Path:
    """Replace ``dest`` with ``data`` all at once (temporary file in the same folder, fsync,
    rename, fsync of the folder); on any failure ``dest`` is untouched and no temporary file is
    left. For small files written whole, such as the settings."""
    return _write_new(Path(dest), [data], overwrite=True)


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
    out += [_frame(AppendRec.of(e)) for e in [*loaded.entries, *redo]]
    if redo:
        out.append(_frame(RewindRec(len(loaded.entries))))
    if loaded.meta is not None:
        out.append(_frame(MetaRec(loaded.meta)))
    return out


def recover(path: str | os.PathLike[str], codec: EntryCodec | None = None) -> LoadedSave:
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


def lock_path(save: str | os.PathLike[str]) -> Path:
    """The lock file of a save: hidden, beside it, never replaced (so a lock survives
    :func:`recover` rewriting the save itself)."""
    p = Path(save)
    return p.with_name(f".{p.name}.lock")


def _read_holder(fd: int) -> LockHolder | None:
    try:
        raw = os.pread(fd, 4096, 0)
        info = json.loads(raw.decode("utf-8")) if raw else None
        if isinstance(info, dict):
            return LockHolder(str(info.get("host", "")), int(info.get("pid", 0)),
                              str(info.get("since", "")))
    except (OSError, ValueError, TypeError):
        pass
    return None


class SaveLock:
    """An OS lock on one save (``flock`` on its lock file), held while a game is open for
    writing. The kernel drops it when the holder exits or is killed, so a lock whose holder is
    gone is simply free: the next :meth:`acquire` takes it over and rewrites the holder info."""

    def __init__(self, save: Path, fd: int) -> None:
        self.save, self._fd = save, fd

    @classmethod
    def acquire(cls, save: str | os.PathLike[str]) -> SaveLock:
        """Lock ``save`` or raise :class:`SaveLocked` naming who holds it."""
        p = Path(save)
        lp = lock_path(p)
        lp.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    os.close(fd)
                    raise SaveError(f"The game '{p.name}' cannot be locked ({e.strerror}).") \
                        from None
                holder = _read_holder(fd)
                os.close(fd)
                raise SaveLocked(p, holder) from None
        info = {"host": socket.gethostname(), "pid": os.getpid(),
                "since": _dt.datetime.now().astimezone().isoformat(timespec="seconds")}
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(info).encode(), 0)
        except OSError:
            pass  # the holder info is only for messages; the lock itself is held
        return cls(p, fd)

    @property
    def held(self) -> bool:
        return self._fd >= 0

    def release(self) -> None:
        if self._fd < 0:
            return
        try:
            os.ftruncate(self._fd, 0)
        except OSError:
            pass
        os.close(self._fd)  # closing the descriptor drops the flock
        self._fd = -1


def lock_holder(save: str | os.PathLike[str]) -> LockHolder | None:
    """Who holds ``save`` open for writing right now (None if nobody does)."""
    lp = lock_path(save)
    try:
        fd = os.open(lp, os.O_RDONLY)
    except OSError:
        return None
    try:
        if fcntl is None:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return _read_holder(fd) or LockHolder()
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


class SaveWriter:
    """Appends records to a save it holds locked; each call is durable (fsync) before it
    returns, or is cut back off the file and raised as :class:`SaveWriteError`."""

    def __init__(self, path: Path, fd: int, n_entries: int, fsync: bool = True,
                 lock: SaveLock | None = None) -> None:
        self.path, self._fd, self.n_entries, self.fsync = path, fd, n_entries, fsync
        self.lock = lock
        #: the game's summary as the file holds it now (None: not known, written whole)
        self._meta: Meta | None = None
        self._next: Meta | None = None
        self._good = os.fstat(fd).st_size if fd >= 0 else 0   # bytes of whole records
        self._torn = False

    @classmethod
    def create(cls, path: str | os.PathLike[str], header: Header,
               codec: EntryCodec | None = None, *,
               overwrite: bool = False, fsync: bool = True) -> SaveWriter:
        """Start a new save, locked (refusing to replace an existing file unless ``overwrite``,
        and never one that another process holds)."""
        p = Path(path)
        lock = SaveLock.acquire(p)
        try:
            _write_new(p, [MAGIC, _frame(HeaderRec(header))], overwrite=overwrite)
            return cls(p, os.open(p, _APPEND), 0, fsync, lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def open_append(cls, path: str | os.PathLike[str], codec: EntryCodec | None = None, *,
                    fsync: bool = True) -> tuple[LoadedSave, SaveWriter]:
        """Lock a save and load it for continuing; a damaged or old-format file is
        :func:`recover`-ed first. Raises :class:`SaveLocked` if another process has it open."""
        p = Path(path)
        if not p.exists():
            raise SaveError(f"There is no save called '{p.name}' in {p.parent}.")
        lock = SaveLock.acquire(p)
        try:
            loaded = load(p, codec)
            if loaded.damaged or loaded.upgraded_from is not None:
                loaded = recover(p, codec)
            return loaded, cls(p, os.open(p, _APPEND), len(loaded.entries), fsync, lock)
        except BaseException:
            lock.release()
            raise

    def cut_to(self, n: int, codec: EntryCodec | None, why: str) -> LoadedSave:
        """Keep only the first ``n`` entries (the ones the rules agree with): the original is
        kept as ``<name>.damaged-N`` and the save rewritten atomically, under this writer's
        lock. Returns the clean save with ``problem`` and ``backup`` set."""
        data = _read(self.path)
        loaded = _parse(data, self.path, codec)
        if not 0 <= n <= len(loaded.entries):
            raise ValueError(f"cannot keep {n} of {len(loaded.entries)} entries")
        backup = _write_fresh(lambda k: self.path.with_name(f"{self.path.name}.damaged-{k}"),
                              [data])
        kept = LoadedSave(self.path, loaded.header, loaded.entries[:n], meta=loaded.meta)
        _write_new(self.path, [MAGIC, *_records(kept, with_redo=False)], overwrite=True)
        os.close(self._fd)
        self._fd = os.open(self.path, _APPEND)
        self._good, self._torn, self.n_entries = os.fstat(self._fd).st_size, False, n
        clean = _parse(_read(self.path), self.path, codec)
        clean.backup, clean.damaged = backup, False
        clean.problem = (f"The save '{self.path.name}' is damaged at entry {n}: {why}. The "
                         f"first {_entries_word(n)} were kept; the damaged original was kept as "
                         f"'{backup.name}'.")
        return clean

    def _cut_torn_tail(self) -> None:
        os.ftruncate(self._fd, self._good)
        if self.fsync:
            _sys_fsync(self._fd)
        self._torn = False

    def _write(self, rec: Any) -> None:
        if self._fd < 0:
            raise SaveError(f"The save '{self.path.name}' is already closed.")
        data = _frame(rec)
        try:
            if self._torn:          # an earlier failure could not be cut back: try again first
                self._cut_torn_tail()
            view = memoryview(data)
            while view:             # one write() in practice; loop only on a short write
                written = _sys_write(self._fd, view)
                if written <= 0:
                    raise OSError(errno.EIO, "nothing was written")
                self._torn = True
                view = view[written:]
            if self.fsync:
                _sys_fsync(self._fd)
        except OSError as exc:
            self._torn = True
            try:
                self._cut_torn_tail()
            except OSError:
                pass                # still torn: cut before the next record, refused until then
            raise _write_error(self.path, exc) from None
        self._good += len(data)
        self._torn = False

    def _patch(self, meta: Meta | None) -> Meta | None:
        """What of ``meta`` (the game's summary) the file does not hold yet: the keys whose value
        changed (format 3: a record's meta is merged into the one before it), None if nothing
        did. A summary is ~100 bytes and most entries change little of it."""
        if meta is None:
            return None
        meta = msgspec.msgpack.decode(_encoder.encode(meta))     # as it reads back (lists)
        last, self._next = self._meta, meta
        if last is None:
            return meta
        return _diff(last, meta) or None

    def _wrote(self, meta: Meta | None) -> None:
        if meta is not None:
            self._meta = self._next

    def append(self, entry: Entry, meta: Meta | None = None) -> None:
        self._write(AppendRec.of(entry, self._patch(meta)))
        self.n_entries += 1
        self._wrote(meta)

    def rewind(self, to: int, meta: Meta | None = None) -> None:
        """Undo back to ``entries[:to]``; the undone entries stay in the file as the redo list."""
        if not 0 <= to <= self.n_entries:
            raise ValueError(f"cannot rewind to entry {to}: the log has {self.n_entries} entries")
        self._write(RewindRec(to, self._patch(meta)))
        self.n_entries = to
        self._wrote(meta)

    def set_meta(self, meta: Meta) -> None:
        patch = self._patch(meta)
        if patch is not None:
            self._write(MetaRec(patch))
        self._wrote(meta)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        if self.lock is not None:
            self.lock.release()

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


def _from_json(data: bytes, src: Path, codec: EntryCodec | None) -> LoadedSave:
    bad = f"The file '{src.name}' is neither a hkk save nor a hkk JSON export"
    try:
        doc = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise SaveError(bad + "; nothing was imported.") from None
    if not isinstance(doc, dict) or doc.get("format") != JSON_FORMAT:
        raise SaveError(bad + "; nothing was imported.")
    try:
        version = _check_version(doc.get("format_version"), src.name)
        head = msgspec.convert(_upgrade({"kind": "header", "header": doc["header"]}, version),
                               HeaderRec)
        if codec is None:
            codec = codec_for(head.header)
        # entries are maps in every JSON export (the record upgrades so far touch headers and
        # the binary layout only)
        entries = [codec.to_entry(msgspec.convert(e, codec.entry_type)) for e in doc["entries"]]
    except (msgspec.MsgspecError, KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(f"The JSON export '{src.name}' is invalid ({e}); nothing was imported.") \
            from None
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else None
    return LoadedSave(src, head.header, entries, meta=meta)


def read_any(src: str | os.PathLike[str], codec: EntryCodec | None = None) -> LoadedSave:
    """A save file or a JSON export, read (not checked against the rules)."""
    s = Path(src)
    data = _read(s)
    if data.startswith(MAGIC[:4]):
        return _parse(data, s, codec)
    return _from_json(data, s, codec)


def import_file(src: str | os.PathLike[str], codec: EntryCodec | None,
                dest_dir: str | os.PathLike[str],
                check: Callable[[LoadedSave], str] | None = None) -> Path:
    """Import a portable save or a JSON export as a new save in ``dest_dir`` (never clashing).

    ``check`` re-runs the game through its rules and returns why it disagrees ("" if it does
    not): a damaged or edited file is refused whole, nothing is imported.
    """
    s = Path(src)
    loaded = read_any(s, codec)
    if loaded.damaged:
        raise SaveError(loaded.problem.split(" The first")[0] +
                        " Nothing was imported; recover a copy of it first.")
    problem = check(loaded) if check is not None else ""
    if problem:
        raise SaveError(f"'{s.name}' was not imported: {problem}.")
    stem = s.name.split(".")[0] or "imported"
    folder = Path(dest_dir)
    return _write_fresh(lambda n: folder / (f"{stem}-{n}{SUFFIX}" if n > 1 else f"{stem}{SUFFIX}"),
                        [MAGIC, *_records(loaded, with_redo=False)])


def data_dir() -> Path:
    """The user's data directory (``$HKK_DATA_DIR`` overrides it)."""
    return Path(os.environ.get("HKK_DATA_DIR") or platformdirs.user_data_dir("hkk"))


def saves_dir() -> Path:
    """The saves folder under the user's data directory (``$HKK_DATA_DIR`` overrides the base)."""
    d = data_dir() / "saves"
    d.mkdir(parents=True, exist_ok=True)
    if d not in _CLEANED:       # once per process: temporary files of killed writers
        _CLEANED.add(d)
        clean_temp_files(d)
    return d


_CLEANED: set[Path] = set()


def autosave_path() -> Path:
    """Where hkk before per-game saves kept its one game in progress (still listed and
    continued like any other save)."""
    return saves_dir() / f"autosave{SUFFIX}"


def _slug(text: str) -> str:
    keep = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in keep.split("-") if part)[:40] or "game"


def new_save_path(header: Header, directory: str | os.PathLike[str] | None = None) -> Path:
    """A file name of its own for a new game (date, time and decks), free at this moment;
    :meth:`SaveWriter.create` refuses to overwrite, so a race picks the next one."""
    folder = Path(directory) if directory is not None else saves_dir()
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    what = _slug(header.title) if header.title else "-vs-".join(
        _slug(s.deck) for s in header.seats)
    n = 1
    while True:
        path = folder / f"{stamp}-{what}{'' if n == 1 else f'-{n}'}{SUFFIX}"
        if not path.exists():
            return path
        n += 1


class _Peek(msgspec.Struct, array_like=True):
    """A record read for the save browser: its kind, its meta and (for undo) where it rewinds to;
    the entry itself is not decoded."""


_PEEK = msgspec.msgpack.Decoder(
    msgspec.defstruct("PeekAppend", [("entry", msgspec.Raw), ("meta", Meta | None, None)],
                      bases=(_Peek,), tag=APPEND)
    | msgspec.defstruct("PeekRewind", [("to", int), ("meta", Meta | None, None)],
                        bases=(_Peek,), tag=REWIND)
    | msgspec.defstruct("PeekMeta", [("meta", Meta | None, None)], bases=(_Peek,), tag=META))


def summarize(path: str | os.PathLike[str]) -> SaveSummary:
    """One save browser line without decoding the entries: the header, the number of effective
    entries and the last meta (the game's summary), with damage after the header reported.
    Files of older formats are read in full (:func:`load`)."""
    p = Path(path)
    mtime = p.stat().st_mtime
    data = _read(p)
    if not data.startswith(MAGIC):
        raise SaveError(f"The file '{p.name}' is not a hkk save (it lacks the hkk save marker).")
    payload, problem, pos = _next_frame(data, len(MAGIC))
    if payload is None:
        raise SaveError(f"The header of '{p.name}' is damaged ({problem}).")
    raw = msgspec.msgpack.decode(payload)
    version = _check_version(raw.get("header", {}).get("format_version") if isinstance(
        raw, dict) else None, p.name)
    if version < FORMAT_VERSION:
        ld = load(p)
        return SaveSummary(p, mtime, ld.header.seats, len(ld.entries), ld.meta, ld.damaged,
                           ld.problem, ld.header, lock_holder(p))
    head = msgspec.convert(raw, HeaderRec)
    n, meta, damaged, why = 0, head.meta, False, ""
    while pos < len(data):
        payload, problem, end = _next_frame(data, pos)
        if payload is None:
            damaged, why = True, f"The save '{p.name}' is damaged after entry {n}: {problem}."
            break
        try:
            rec = _PEEK.decode(payload)
        except msgspec.MsgspecError as e:
            damaged, why = True, f"The save '{p.name}' is damaged after entry {n}: {e}."
            break
        kind = type(rec).__name__
        n = n + 1 if kind == "PeekAppend" else (rec.to if kind == "PeekRewind" else n)
        meta = _merged(meta, rec.meta) if rec.meta is not None else meta
        pos = end
    return SaveSummary(p, mtime, head.header.seats, n, meta, damaged, why, head.header,
                       lock_holder(p))


def list_saves(directory: str | os.PathLike[str],
               codec: EntryCodec | None = None) -> list[SaveSummary]:
    """Summaries of ``*.hkk`` in ``directory``, newest first; bad files are marked damaged.
    (``codec`` is accepted for old callers; the browser never decodes entries.)"""
    out: list[SaveSummary] = []
    for p in Path(directory).glob(f"*{SUFFIX}"):
        try:
            out.append(summarize(p))
        except OSError:
            continue
        except Exception as e:  # noqa: BLE001 - a browser must never crash on one bad file
            try:
                mtime = p.stat().st_mtime
            except OSError:
                continue
            out.append(SaveSummary(p, mtime, damaged=True, problem=str(e)))
    out.sort(key=lambda s: s.modified, reverse=True)
    return out
