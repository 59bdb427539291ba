"""What the search bot found, kept beside a game's log: its annotations (issue 16).

Each search move records the top candidates (a label for people, visits, win estimate), the
simulations, the budget and the time taken. Annotations are **never rules events**: they live in
a side file next to the save (``<save>.notes``, one JSON object a line), which no reader of saves
looks at, so ``hkk verify`` and older versions of hkk are unaffected. A line that does not read
(a torn write, an edited file) is skipped and counted, never fatal.

A note names the entry it explains and that entry's action: after an undo a different move may
take the same entry number, and the old note then no longer matches (:func:`notes_for` drops it).
They name cards in the AI's hand, so the app shows them to its opponent only after the game.

The notes travel with the game: ``hkk export`` (portable or JSON), ``hkk import`` and the app's
Save as carry them as a *companion* file — ``DEST.notes`` beside the exported or saved ``DEST``
(:func:`carry`) — never inside the save's records, so ``hkk verify`` reads exactly what it read
before. Only the notes that explain the copied entries travel; damaged lines are skipped with a
warning.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

SUFFIX = ".notes"


class Candidate(msgspec.Struct, forbid_unknown_fields=False):
    label: str
    visits: int
    value: float | None = None


class Note(msgspec.Struct, forbid_unknown_fields=False):
    """One search move's annotation (entry number, the seat and action of that entry)."""

    entry: int
    seat: int
    action: Any
    sims: int
    elapsed_s: float
    budget_s: float | None = None
    budget_sims: int | None = None
    stopped: str = ""
    candidates: list[Candidate] = []


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Note)


def notes_path(save: str | os.PathLike[str]) -> Path:
    """The side file of the save at ``save``."""
    p = Path(save)
    return p.with_name(p.name + SUFFIX)


def make_note(entry: int, seat: int, action: Any, found: dict[str, Any],
              labels: dict[int, str]) -> Note:
    """A :class:`Note` from the search bot's ``last`` record; ``labels`` names its candidates
    (by their place in ``found["candidates"]``) for people."""
    cands = [Candidate(labels.get(i, _short(c.get("action"))), int(c.get("visits") or 0),
                       c.get("value"))
             for i, c in enumerate(found.get("candidates") or [])]
    return Note(entry, seat, _plain(action), int(found.get("sims") or 0),
                float(found.get("elapsed_s") or 0.0), found.get("budget_s"),
                found.get("budget_sims"), str(found.get("stopped") or ""), cands)


def append_note(save: str | os.PathLike[str], note: Note) -> None:
    """Add ``note`` to the save's side file (an annotation that cannot be written is lost, the
    game is not: the caller may ignore the ``OSError``)."""
    with open(notes_path(save), "ab") as f:
        f.write(_encoder.encode(note) + b"\n")


@dataclass
class Notes:
    """The annotations of a save: by entry number (the latest note of each), and how many lines
    were damaged and skipped."""

    by_entry: dict[int, Note] = field(default_factory=dict)
    damaged: int = 0


def read_notes(save: str | os.PathLike[str]) -> Notes:
    """The side file's notes (none if there is no side file); damaged lines are skipped and
    counted in ``damaged``."""
    out = Notes()
    try:
        data = notes_path(save).read_bytes()
    except OSError:
        return out
    for line in data.splitlines():
        if not line.strip():
            continue
        try:
            note = _decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError):
            out.damaged += 1
            continue
        if note.entry < 0 or note.sims < 0:
            out.damaged += 1
            continue
        out.by_entry[note.entry] = note
    return out


def notes_for(notes: Notes, entries: list[Any]) -> dict[int, Note]:
    """The notes that explain ``entries`` as they are (same seat and action at that number)."""
    out = {}
    for i, note in notes.by_entry.items():
        if i < len(entries):
            e = entries[i]
            if e.player == note.seat and _plain(e.action) == note.action:
                out[i] = note
    return out


def write_notes(save: str | os.PathLike[str], notes: dict[int, Note]) -> Path | None:
    """Replace the side file of ``save`` with ``notes`` (by entry number; written whole to a
    temporary file and renamed, so a reader never sees half of it). No notes: any side file
    there is removed (it explained another game's moves). Returns the side file or None."""
    dest = notes_path(save)
    if not notes:
        dest.unlink(missing_ok=True)
        return None
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.writelines(_encoder.encode(notes[i]) + b"\n" for i in sorted(notes))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return dest


def carry(src: str | os.PathLike[str], dest: str | os.PathLike[str],
          entries: list[Any] | None = None) -> str:
    """Copy the annotations of the save (or export) ``src`` that explain ``entries`` (the
    entries written to ``dest``; None: read from ``dest``) into ``dest``'s companion file.
    Returns a warning for people ('' when all was well): damaged lines are skipped, and a
    companion that cannot be written loses the notes, never the game."""
    notes = read_notes(src)
    warning = ""
    if notes.damaged:
        warning = (f"{notes.damaged} damaged line(s) of the AI's annotations in "
                   f"{notes_path(src).name} were skipped.")
    if not notes.by_entry and not notes_path(dest).exists():
        return warning
    try:
        if entries is None:
            from engine.core.store import read_any

            entries = read_any(dest).entries
        write_notes(dest, notes_for(notes, entries))
    except Exception as exc:  # noqa: BLE001 - the game is copied; only its notes are lost
        return " ".join(filter(None, [warning, f"The AI's annotations were not copied ({exc})."]))
    return warning


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (lists, not tuples)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode() if value is not None else "?"
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = [
    "SUFFIX",
    "Candidate",
    "Note",
    "Notes",
    "append_note",
    "carry",
    "make_note",
    "notes_for",
    "notes_path",
    "read_notes",
    "write_notes",
]
