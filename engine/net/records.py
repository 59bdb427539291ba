"""The server's data directory: one record per table beside its save.

``<data>/tables/<id>.table`` is the table's record (JSON: ruleset, decks, options, who sits,
hashes of the seat tokens, its clock, private code), replaced atomically whenever a seat changes;
``<data>/tables/<id>.hkk`` is the game's save once it starts, written by the server alone in the
crash-safe journal format of every other hkk save (:mod:`engine.core.store`). A restarted server
(even after ``kill -9``) reads the records and resumes every game from its save.
``<data>/server.lock`` keeps a second server off the same directory.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from pathlib import Path

import msgspec

from engine.core.store import replace_file

try:
    import fcntl
except ImportError:  # pragma: no cover - not a POSIX system
    fcntl = None  # type: ignore[assignment]

RECORD_SUFFIX = ".table"
TABLE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


class SeatRecord(msgspec.Struct):
    kind: str                    # "human" or "ai:<bot>"
    deck: str
    name: str = ""               # who sits ("" = free)
    owner: str = ""              # the identity that sits here (see engine.net.server)
    token_hash: str = ""         # sha256 of the seat's token


class TableRecord(msgspec.Struct):
    id: str
    ruleset: str
    seats: list[SeatRecord]
    options: dict[str, object] = {}
    title: str = ""
    private: bool = False
    code: str = ""
    clock: int = 0
    created: str = ""
    creator: str = ""
    save: str = ""               # the save's file name once the game has started
    draw: bool = False           # ended in a draw by agreement (outside the rules)
    over: bool = False


def tables_dir(data: Path) -> Path:
    d = data / "tables"
    d.mkdir(parents=True, exist_ok=True)
    return d


def record_path(data: Path, table_id: str) -> Path:
    return tables_dir(data) / f"{table_id}{RECORD_SUFFIX}"


def write_record(data: Path, rec: TableRecord) -> None:
    """Replace the table's record atomically (a crash leaves the old or the new one)."""
    replace_file(record_path(data, rec.id), msgspec.json.encode(rec))


def read_records(data: Path) -> tuple[list[TableRecord], list[str]]:
    """Every table record, and a sentence for each that cannot be read (left in place)."""
    out: list[TableRecord] = []
    problems: list[str] = []
    for p in sorted(tables_dir(data).glob(f"*{RECORD_SUFFIX}")):
        try:
            out.append(msgspec.json.decode(p.read_bytes(), type=TableRecord))
        except (OSError, msgspec.MsgspecError) as exc:
            problems.append(f"table record {p.name} cannot be read ({exc}); it was skipped")
    return out, problems


def new_token() -> tuple[str, str]:
    """A seat's secret token and the hash the server keeps of it."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    """A private table's join code: easy to read out, hard to guess (about 41 bits)."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    raw = "".join(secrets.choice(alphabet) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def new_table_id(taken: set[str]) -> str:
    while True:
        tid = secrets.token_hex(3)
        if tid not in taken:
            return tid


def new_seed() -> int:
    """A game's seed: 63 random bits from the OS, so no player can search the seeds for the one
    that deals the cards they see (a 31-bit seed could be found by trying them all)."""
    return secrets.randbits(63)


class DirLock:
    """One server per data directory: an exclusive ``flock`` on ``server.lock``, held while the
    server runs and released by the OS when it dies (even by ``kill -9``)."""

    def __init__(self, data: Path) -> None:
        data.mkdir(parents=True, exist_ok=True)
        self.path = data / "server.lock"
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self.fd)
            raise OSError(f"another hkk server is using the data directory {data}; stop it "
                          "or give this one another --data folder") from None
        os.ftruncate(self.fd, 0)
        os.write(self.fd, str(os.getpid()).encode())

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
