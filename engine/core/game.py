"""A game session over any ruleset: submit, undo/redo, replay and verify (ruleset-independent).

The session owns the log (header + entries) and the live state. The ruleset owns the rules: it
reads state, emits events and applies each one through its reducer. Every accepted action becomes
one :class:`~engine.core.log.Entry`, written to the autosave (if any) before ``submit`` returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from engine.core.log import SYSTEM, Entry, Header


class IllegalAction(Exception):
    """An action the rules refuse. ``rule`` is the Kódex number, ``message`` says why in words."""

    def __init__(self, rule: str, message: str, key: str = "", **params: Any):
        self.rule = rule
        self.message = message
        self.key = key
        self.params = params
        super().__init__(f"{message} ({rule})" if rule else message)


class UndoRefused(Exception):
    """Undo is not allowed here; the message says why, ``key`` names the reason for catalogs:
    ``nothing`` (nothing to undo), ``hidden`` (it would take back hidden information),
    ``no_redo`` (nothing to redo)."""

    def __init__(self, message: str, key: str = ""):
        self.key = key
        super().__init__(message)


class Decision(msgspec.Struct, frozen=True):
    """The one thing the game waits for: who decides, what kind of decision, under which rule."""

    player: int
    kind: str
    rule: str = ""


class Ruleset(Protocol):
    name: str
    version: str
    action_type: Any
    event_type: Any

    def initial_state(self, header: Header) -> Any: ...
    def apply(self, state: Any, event: Any) -> None: ...
    def start(self, state: Any, action: Any = None) -> list[Any]: ...
    def submit(self, state: Any, player: int, action: Any) -> list[Any]: ...
    def pending(self, state: Any) -> Decision | None: ...
    def legal_actions(self, state: Any, player: int) -> list[Any]: ...
    def clone(self, state: Any) -> Any: ...
    def reveals_hidden(self, event: Any) -> bool: ...
    def summary(self, state: Any) -> dict[str, Any]: ...
    def start_action(self) -> Any: ...


@dataclass
class Divergence:
    entry: int
    player: int
    action: Any
    recorded: tuple[Any, ...]
    produced: tuple[Any, ...] | None
    error: str = ""

    def first_difference(self) -> tuple[int, Any, Any]:
        produced = self.produced or ()
        for i in range(max(len(self.recorded), len(produced))):
            a = self.recorded[i] if i < len(self.recorded) else None
            b = produced[i] if i < len(produced) else None
            if a != b:
                return i, a, b
        return -1, None, None


@dataclass
class VerifyReport:
    entries: int
    divergence: Divergence | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


SNAPSHOT_EVERY = 64


@dataclass
class Game:
    """One game: header, entries, live state, redo list and an optional autosave writer."""

    ruleset: Ruleset
    header: Header
    entries: list[Entry] = field(default_factory=list)
    state: Any = None
    redo_stack: list[Entry] = field(default_factory=list)
    writer: Any = None
    _snapshots: dict[int, Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, ruleset: Ruleset, header: Header, writer: Any = None,
            start: Any = None) -> "Game":
        """Start a game; ``start`` is the system's first action (a normal set-up by default)."""
        game = cls(ruleset=ruleset, header=header, writer=writer)
        game.state = ruleset.initial_state(header)
        action = start if start is not None else ruleset.start_action()
        events = ruleset.start(game.state, action)
        game._record(Entry(SYSTEM, action, tuple(events)))
        return game

    @classmethod
    def from_log(cls, ruleset: Ruleset, header: Header, entries: list[Entry],
                 redo: list[Entry] | None = None, writer: Any = None) -> "Game":
        """Resume from data alone: apply the recorded events, no rules code runs (ARCHITECTURE)."""
        game = cls(ruleset=ruleset, header=header, entries=list(entries),
                   redo_stack=list(reversed(redo or [])), writer=writer)
        state = ruleset.initial_state(header)
        for n, entry in enumerate(game.entries, 1):
            for event in entry.events:
                ruleset.apply(state, event)
            if n % SNAPSHOT_EVERY == 0:
                game._snapshots[n] = ruleset.clone(state)
        game.state = state
        return game

    # ------------------------------------------------------------------ play
    def pending(self) -> Decision | None:
        return self.ruleset.pending(self.state)

    def legal_actions(self, player: int) -> list[Any]:
        return self.ruleset.legal_actions(self.state, player)

    def submit(self, player: int, action: Any) -> list[Any]:
        """Validate and perform ``action`` for ``player``; returns the events it produced.

        Raises :class:`IllegalAction` (state untouched) when the rules refuse it. If the rules code
        itself fails half-way, the state is rebuilt from the log so no partial action survives.
        """
        try:
            events = self.ruleset.submit(self.state, player, action)
        except IllegalAction:
            raise
        except Exception:
            self.state = self.state_at(len(self.entries))
            raise
        self.redo_stack.clear()
        self._record(Entry(player, action, tuple(events)))
        return events

    def _record(self, entry: Entry) -> None:
        self.entries.append(entry)
        n = len(self.entries)
        if n % SNAPSHOT_EVERY == 0:
            self._snapshots[n] = self.ruleset.clone(self.state)
        if self.writer is not None:
            self.writer.append(entry, self.ruleset.summary(self.state))

    # ------------------------------------------------------------------ replay
    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` entries, rebuilt from events (snapshots speed it up)."""
        base = max((k for k in self._snapshots if k <= n), default=0)
        if base:
            state = self.ruleset.clone(self._snapshots[base])
        else:
            state = self.ruleset.initial_state(self.header)
        apply = self.ruleset.apply
        for entry in self.entries[base:n]:
            for event in entry.events:
                apply(state, event)
        return state

    def events_until(self, n: int) -> int:
        return sum(len(e.events) for e in self.entries[:n])

    # ------------------------------------------------------------------ undo / redo
    def practice(self) -> bool:
        """Solo practice against the AI: undo may cross hidden information."""
        if self.header.options.get("undo_policy") == "practice":
            return True
        return any(seat.kind.startswith("ai") for seat in self.header.seats)

    def undo_target(self, player: int) -> int:
        """Entry count to rewind to so that ``player`` faces their previous decision again.

        Raises :class:`UndoRefused` with the reason when the engine's policy forbids it: against a
        person, undo never takes back revealed hidden information (draws, shuffles, reveals).
        """
        target = None
        for i in range(len(self.entries) - 1, 0, -1):
            if self.entries[i].player == player:
                target = i
                break
        if target is None:
            raise UndoRefused("There is nothing of yours to undo yet.", "nothing")
        if not self.practice():
            for entry in self.entries[target:]:
                if any(self.ruleset.reveals_hidden(ev) for ev in entry.events):
                    raise UndoRefused(
                        "Undo would take back a draw, shuffle or reveal that showed hidden "
                        "information; against a person that cannot be undone (K 2.6.7).", "hidden"
                    )
        return target

    def undo(self, player: int) -> int:
        """Rewind to ``player``'s previous decision; returns how many entries were undone."""
        target = self.undo_target(player)
        undone = self.entries[target:]
        del self.entries[target:]
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= target}
        self.redo_stack.extend(reversed(undone))
        self.state = self.state_at(target)
        if self.writer is not None:
            self.writer.rewind(target, self.ruleset.summary(self.state))
        return len(undone)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> Entry:
        """Re-apply the most recently undone entry (its recorded events: the same outcome)."""
        if not self.redo_stack:
            raise UndoRefused("There is nothing to redo.", "no_redo")
        entry = self.redo_stack.pop()
        for event in entry.events:
            self.ruleset.apply(self.state, event)
        self._record(entry)
        return entry


def verify(ruleset: Ruleset, header: Header, entries: list[Entry],
           progress: Any = None) -> VerifyReport:
    """Re-run the recorded actions from the recorded seed with today's rules.

    Reports the first entry whose produced events differ from the recorded ones (or that today's
    rules refuse). This is the regression test for rules changes.
    """
    state = ruleset.initial_state(header)
    for i, entry in enumerate(entries):
        try:
            if i == 0 and entry.player == SYSTEM:
                produced = tuple(ruleset.start(state, entry.action))
            else:
                produced = tuple(ruleset.submit(state, entry.player, entry.action))
        except Exception as exc:  # noqa: BLE001 - reported, never raised
            return VerifyReport(i, Divergence(i, entry.player, entry.action, entry.events,
                                              None, f"{type(exc).__name__}: {exc}"))
        if produced != tuple(entry.events):
            return VerifyReport(i, Divergence(i, entry.player, entry.action, entry.events,
                                              produced))
        if progress is not None:
            progress(i + 1, len(entries))
    return VerifyReport(len(entries))
