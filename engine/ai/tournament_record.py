"""A tournament's record file (``hkk tournament --record FILE.jsonl``, issue 16): one JSON line
per finished game, appended and fsynced as the game ends, so a tournament longer than a session
can be stopped at any time and resumed by running the same command again.

The first line names the tournament (ruleset, bots, games, seed, budget, simulations); a rerun
with other arguments is refused (:class:`RecordMismatch`), never mixed in. Each further line is
one game: its place in the schedule, the deal (seed, decks, bots by seat), the winners or the
error, and per seat the think time, CPU time and simulations of each move. A line cut short by a
kill (the last one, without its newline) is dropped with a warning and its game played again;
a damaged line elsewhere is skipped with a warning, and its game played again.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.ai.tournament import GameRecord, GameSpec

VERSION = 1


class RecordMismatch(ValueError):
    """The record file belongs to another tournament (other arguments or another schedule)."""


def header(ruleset: str, bots: list[str], games: int, seed: int, budget_s: float | None,
           sims: int | None, clock: str = "wall") -> dict[str, Any]:
    """What identifies a tournament: the arguments that change its games or their results
    (the clock is named only when it is not the wall clock, so files of earlier versions,
    all on the wall clock, still match)."""
    head = {"kind": "tournament", "version": VERSION, "ruleset": ruleset, "bots": list(bots),
            "games": games, "seed": seed, "budget_s": budget_s, "sims": sims}
    if clock != "wall":
        head["clock"] = clock
    return head


def _spec_dict(spec: GameSpec) -> dict[str, Any]:
    out = {"ruleset": spec.ruleset, "deal": spec.deal, "seed": spec.seed,
           "decks": list(spec.decks), "bots": list(spec.bots), "budget_s": spec.budget_s,
           "sims": spec.sims}
    if spec.clock != "wall":
        out["clock"] = spec.clock
    return out


def _spec_of(data: dict[str, Any]) -> GameSpec:
    return GameSpec(str(data["ruleset"]), int(data["deal"]), int(data["seed"]),
                    tuple(str(d) for d in data["decks"]), tuple(str(b) for b in data["bots"]),
                    None if data["budget_s"] is None else float(data["budget_s"]),
                    None if data["sims"] is None else int(data["sims"]),
                    str(data.get("clock", "wall")))


def game_line(record: GameRecord) -> str:
    """One finished game as a line of the record file."""
    return json.dumps({"kind": "game", "index": record.index, "spec": _spec_dict(record.spec),
                       "winners": list(record.winners), "error": record.error,
                       "decisions": record.decisions, "think": record.think,
                       "cpu": record.cpu, "sims": record.sims}, separators=(",", ":"))


def _record_of(data: dict[str, Any]) -> GameRecord:
    if data.get("kind") != "game":
        raise ValueError("not a game line")
    return GameRecord(_spec_of(data["spec"]), tuple(int(w) for w in data["winners"]),
                      str(data["error"]), int(data["decisions"]),
                      [[float(x) for x in seat] for seat in data["think"]],
                      [[int(x) for x in seat] for seat in data["sims"]],
                      [[float(x) for x in seat] for seat in data.get("cpu", [])],
                      int(data["index"]))


def _describe(h: dict[str, Any]) -> str:
    budget = f"{h.get('sims')} sims" if h.get("sims") else f"{h.get('budget_s')} s"
    if h.get("clock"):
        budget += f" ({h['clock']} clock)"
    return (f"ruleset {h.get('ruleset')}, bots {','.join(h.get('bots') or [])}, "
            f"games {h.get('games')}, seed {h.get('seed')}, budget {budget}")


class RecordFile:
    """An open record file: the games already recorded, and :meth:`append` for new ones."""

    def __init__(self, path: Path, head: dict[str, Any], recorded: dict[int, GameRecord],
                 warnings: list[str]):
        self.path = path
        self.head = head
        self.recorded = recorded
        self.warnings = warnings

    def append(self, record: GameRecord) -> None:
        """Add one finished game, on disk before this returns (flushed and fsynced)."""
        with self.path.open("a", encoding="utf-8") as f:
            f.write(game_line(record) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.recorded[record.index] = record


class RecordBusy(RecordMismatch):
    """Another run is playing this tournament into the same file."""


#: the lock of each record file this process plays into (held until the process ends)
_LOCKS: dict[Path, int] = {}


def _lock(path: Path) -> None:
    """Hold ``path``'s lock (a ``.lock`` file beside it) for the rest of this process."""
    key = path.resolve()
    if key in _LOCKS:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise RecordBusy(f"{path} is being played into by another run (hkk tournament with "
                         "the same --record): wait for it to end, or add --report-only to "
                         "see its games so far.") from None
    _LOCKS[key] = fd


def release(path: Path | str) -> None:
    """Let go of ``path``'s lock (the run is over)."""
    fd = _LOCKS.pop(Path(path).resolve(), None)
    if fd is not None:
        os.close(fd)


def open_record(path: Path | str, head: dict[str, Any], specs: list[GameSpec],
                warn: Callable[[str], None] | None = None, *,
                read_only: bool = False) -> RecordFile:
    """Open (or start) the record file of the tournament ``head`` whose schedule is ``specs``.
    A run that plays holds the file's lock until it ends (a second run into the same file is
    refused, :class:`RecordBusy`); ``read_only`` (a report while it plays) neither locks nor
    changes the file, and ignores a last line still being written.

    Raises :class:`RecordMismatch` if the file records another tournament, or a game that is
    not this schedule's; ``OSError`` if it cannot be read or written."""
    path = Path(path)
    warnings: list[str] = []
    if read_only:
        if not path.exists():
            raise RecordMismatch(f"{path} does not exist: no game of this tournament is "
                                 "recorded there.")
    else:
        _lock(path)

    def note(message: str) -> None:
        warnings.append(message)
        if warn is not None:
            warn(message)

    recorded: dict[int, GameRecord] = {}
    if not path.exists() or path.stat().st_size == 0:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as f:
            f.write(json.dumps(head) + "\n")
            f.flush()
            os.fsync(f.fileno())
        return RecordFile(path, head, recorded, warnings)
    raw = path.read_bytes()
    if read_only:
        raw = raw[:raw.rfind(b"\n") + 1]      # a line still being written is not read yet
    elif not raw.endswith(b"\n"):             # the last line was cut by a kill: drop it
        keep = raw.rfind(b"\n") + 1
        note(f"{path}: the last line was cut short (a stopped run); its game is played again.")
        with path.open("r+b") as f:
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
        raw = raw[:keep]
    lines = raw.decode("utf-8", errors="replace").splitlines()
    try:
        first = json.loads(lines[0]) if lines else None
    except ValueError:
        first = None
    if not isinstance(first, dict) or first.get("kind") != "tournament":
        raise RecordMismatch(f"{path} is not a tournament record file (its first line does not "
                             "name a tournament): give another file.")
    if {k: first.get(k) for k in head} != head:
        raise RecordMismatch(f"{path} records another tournament ({_describe(first)}): rerun "
                             "with its arguments, or give another file.")
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            record = _record_of(json.loads(line))
        except (ValueError, KeyError, TypeError):
            note(f"{path}:{number}: a damaged line, skipped (its game is played again).")
            continue
        if not 0 <= record.index < len(specs) or specs[record.index] != record.spec:
            raise RecordMismatch(f"{path}:{number}: a game that is not in this tournament's "
                                 "schedule (the decks or the schedule changed since it was "
                                 "recorded): give another file.")
        recorded[record.index] = record
    return RecordFile(path, first, recorded, warnings)
