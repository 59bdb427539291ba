"""Starting, resuming and opening saved games of any ruleset (the header names the plugin).

Every new game has a save file of its own (never over another), locked while it is open; a
resumed game is recovered from a torn tail and re-checked against the rules; a read-only opening
(replay, debugger) takes no lock and writes nothing; a branch ("play from here") is a new file.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from engine.core.game import CheckedLog, Game, check_header, check_record
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.core.registry import for_header


def codec_for(header: Header) -> Any:
    from engine.core.store import codec_for as store_codec

    return store_codec(header)


def start_saved(header: Header, path: Any = None, start: Any = None) -> Game:
    """A new game that autosaves every entry to a file of its own (crash-safe journal, locked
    while the game is open). ``path`` defaults to a new name in the saves folder; an existing
    file is never replaced. ``start`` is the system's first action (a scenario's set-up)."""
    from engine.core.store import SaveWriter, new_save_path

    plugin = for_header(header)
    writer = SaveWriter.create(path or new_save_path(header), header, plugin.codec())
    try:
        return Game.new(plugin.ruleset_for(header), header, writer, start=start)
    except BaseException:
        writer.close()
        raise


def check_log(header: Header, entries: list) -> tuple[str, CheckedLog | None]:
    """Re-check a recorded game against the rules: ``(problem, checked)``. ``problem`` is a
    sentence fragment ("" if the header can be trusted); ``checked`` says which entries agree.
    A game recorded under another rules version is replayed from its events, not re-run
    (``checked.recorded_under`` names that version; :func:`engine.core.game.check_record`)."""
    ruleset = for_header(header).ruleset_for(header)
    problem = check_header(ruleset, header)
    if problem:
        return problem, None
    return "", check_record(ruleset, header, entries)


def check_loaded(loaded: Any) -> str:
    """Why a loaded save or export disagrees with the rules ("" if it agrees throughout)."""
    problem, checked = check_log(loaded.header, loaded.entries)
    if problem:
        return problem
    if checked is not None and checked.divergence is not None:
        return f"entry {checked.agreed} disagrees with the rules: {checked.why}"
    return ""


def resume(path: Any) -> tuple[Game, Any]:
    """Continue a saved game, locked against other processes (:class:`SaveLocked` if one has it).

    A torn or corrupted file is recovered first; then every recorded action is re-run through
    the rules and its events compared with the recorded ones. A record that disagrees is damage:
    the agreeing prefix is kept, the original backed up. A game recorded under another rules
    version is never cut for disagreeing with today's rules: it is replayed from its events and
    goes on under today's rules (``game.recorded_under`` names its version). An edited header
    (decks, seats, options, seed, cards) cannot be trusted at all and is refused with
    :class:`SaveError`, the file untouched. Returns the game and the LoadedSave (its ``problem`` and ``backup`` say what
    recovery did; both empty if the file was whole)."""
    from engine.core.store import SaveError, SaveWriter

    loaded, writer = SaveWriter.open_append(path)      # the codec the header names
    try:
        ruleset = for_header(loaded.header).ruleset_for(loaded.header)
        problem = check_header(ruleset, loaded.header)
        if problem:
            raise SaveError(f"The save '{loaded.path.name}' cannot be continued: {problem}. "
                            "It was left untouched.")
        game, checked = Game.from_checked(ruleset, loaded.header, loaded.entries, loaded.redo,
                                          writer)
        if checked.divergence is not None:
            loaded = writer.cut_to(checked.agreed, codec_for(loaded.header), checked.why)
            writer.n_entries = len(game.entries)
        return game, loaded
    except BaseException:
        writer.close()
        raise


def open_read_only(path: Any) -> tuple[Game, str]:
    """A saved game for the replay viewer and debugger (no lock, nothing written): the entries the
    rules agree with, and why the rest were left out ("" if none were). A game recorded under
    another rules version is replayed from its record (``game.recorded_under``)."""
    from engine.core.store import SaveError, load

    loaded = load(path)                                 # the codec the header names
    problem, checked = check_log(loaded.header, loaded.entries)
    if problem:
        raise SaveError(f"The save '{loaded.path.name}' cannot be trusted: {problem}.")
    assert checked is not None
    entries = loaded.entries[:checked.agreed]
    game = Game.from_log(for_header(loaded.header).ruleset_for(loaded.header), loaded.header,
                         entries)
    notes = [loaded.problem] if loaded.damaged else []
    if checked.divergence is not None:
        notes.append(f"The save '{loaded.path.name}' disagrees with the rules at entry "
                     f"{checked.agreed} ({checked.why}); the replay ends before it.")
    return game, " ".join(notes)


def branch(header: Header, entries: list, at: int, source: str, seats: tuple[Seat, ...],
           path: Any) -> Any:
    """"Play from here": a new save holding the first ``at`` entries of a game, with new seats,
    that records which game and entry it branched from. Returns the path written."""
    import msgspec

    from engine.core.store import SaveWriter

    if not 1 <= at <= len(entries):
        raise ValueError(f"cannot branch at entry {at}: the game has {len(entries)} entries")
    new = sealed(msgspec.structs.replace(
        header, seats=tuple(seats), branched_from=(source, at), format_version=FORMAT_VERSION,
        created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        title=f"{header.title or source} @ {at}"))
    writer = SaveWriter.create(path, new, codec_for(header))
    try:
        for entry in entries[:at]:
            writer.append(entry)
    finally:
        writer.close()
    return path
