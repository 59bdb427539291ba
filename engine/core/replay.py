"""Replay and step-through debugging over a game log (ruleset-independent).

A :class:`Replay` is a cursor over every event of a game: ``pos`` events have been applied.
It steps by event or by decision (entry), forward and back, jumps, stops on breakpoints, searches,
and shows what one event changed in the state. States are rebuilt from events only (with periodic
snapshots), never by running rules code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

import msgspec

from engine.core import registry
from engine.core.game import from_snapshot, settle_after_load, snapshot
from engine.core.log import Entry, Header

SNAPSHOT_EVENTS = 256


@dataclass(frozen=True)
class Breakpoint:
    """Stop when an event matches: ``kind`` is 'type', 'card', 'player' or 'rule'."""

    kind: str
    value: str

    def describe(self) -> str:
        return f"{self.kind}={self.value}"


_CARD_FIELDS = ("card", "attacker", "defender", "source", "host")


def _citation_prefix(header: Header) -> str:
    try:
        return registry.for_header(header).prefix
    except registry.UnknownRuleset:
        return ""


class Replay:
    def __init__(self, ruleset: Any, header: Header, entries: list[Entry],
                 rule_of: Callable[[Any], str] | None = None, prefix: str | None = None,
                 events_of: Callable[[Any], Any] | None = None):
        """``events_of`` gives an entry's events in the order they are read and stepped
        through (a ruleset that folds its bookkeeping into one event per entry puts what it
        folded back in place, so stepping by event shows each phase as it began); the state
        after a whole entry is the same either way."""
        self.ruleset = ruleset
        #: the citation prefix of the ruleset ("K", "SW", ...): "rule 34.1" means "K 34.1"
        self.prefix = prefix if prefix is not None else _citation_prefix(header)
        self.header = header
        self.entries = entries
        self.rule_of = rule_of or (lambda ev: getattr(ev, "rule", "") or "")
        self.index: list[tuple[int, int]] = []       # event number -> (entry, event in entry)
        self.entry_start: list[int] = []             # entry -> number of its first event
        self._events = [list(events_of(entry.events)) if events_of else entry.events
                        for entry in entries]
        for e, events in enumerate(self._events):
            self.entry_start.append(len(self.index))
            self.index += [(e, i) for i in range(len(events))]
        self.entry_start.append(len(self.index))
        self._snapshots: dict[int, Any] = {}
        self.pos = 0
        self.state = ruleset.initial_state(header)
        self._snapshots[0] = snapshot(ruleset, self.state)   # frozen: compact, not GC-walked
        settle_after_load()

    # ------------------------------------------------------------------ basics
    @property
    def total(self) -> int:
        return len(self.index)

    def event(self, k: int) -> Any:
        """The k-th event (0-based) of the game."""
        e, i = self.index[k]
        return self._events[e][i]

    def entry_of(self, k: int) -> int:
        return self.index[k][0]

    def current_entry(self) -> int:
        """The entry whose events were applied last (-1 before any)."""
        return self.index[self.pos - 1][0] if self.pos else -1

    def state_after(self, k: int) -> Any:
        """A fresh state with the first ``k`` events applied."""
        base = max(n for n in self._snapshots if n <= k)
        state = from_snapshot(self.ruleset, self._snapshots[base])
        apply = self.ruleset.apply
        for n in range(base, k):
            apply(state, self.event(n))
            if (n + 1) % SNAPSHOT_EVENTS == 0 and (n + 1) not in self._snapshots:
                self._snapshots[n + 1] = snapshot(self.ruleset, state)
        return state

    def goto(self, k: int) -> None:
        k = max(0, min(self.total, k))
        if k >= self.pos:
            apply = self.ruleset.apply
            for n in range(self.pos, k):
                apply(self.state, self.event(n))
                if (n + 1) % SNAPSHOT_EVENTS == 0 and (n + 1) not in self._snapshots:
                    self._snapshots[n + 1] = snapshot(self.ruleset, self.state)
        else:
            self.state = self.state_after(k)
        self.pos = k

    # ------------------------------------------------------------------ stepping
    def step_event(self, direction: int = 1) -> None:
        self.goto(self.pos + direction)

    def step_decision(self, direction: int = 1) -> None:
        """Move to the next / previous entry boundary (one submitted action)."""
        starts = self.entry_start
        if direction > 0:
            nxt = next((s for s in starts if s > self.pos), self.total)
        else:
            nxt = max((s for s in starts if s < self.pos), default=0)
        self.goto(nxt)

    def goto_entry(self, entry: int) -> None:
        """Position after all events of ``entry``."""
        self.goto(self.entry_start[min(entry + 1, len(self.entries))])

    def find(self, predicate: Callable[[int, Any], bool], direction: int = 1,
             start: int | None = None) -> int | None:
        """The first event number k (searching from ``start``) with predicate(k, event)."""
        k = self.pos if start is None else start
        rng: Iterable[int] = range(k, self.total) if direction > 0 else range(k - 2, -1, -1)
        for n in rng:
            if predicate(n, self.event(n)):
                return n
        return None

    # ------------------------------------------------------------------ breakpoints & search
    def matches(self, bp: Breakpoint, k: int, ev: Any) -> bool:
        if bp.kind == "type":
            return type(ev).__name__.lower() == bp.value.lower()
        if bp.kind == "rule":
            rule = self.rule_of(ev)
            value = bp.value.strip()
            want = value if " " in value or not self.prefix else f"{self.prefix} {value}"
            return rule == want or rule.startswith(want + ".")
        if bp.kind == "player":
            player = int(bp.value)
            entry = self.entries[self.index[k][0]]
            return getattr(ev, "player", None) == player or entry.player == player
        if bp.kind == "card":
            ids = {getattr(ev, f, None) for f in _CARD_FIELDS}
            for f in ("attack", "item", "trigger"):
                inner = getattr(ev, f, None)
                if inner is not None:
                    ids |= {getattr(inner, g, None) for g in ("attacker", "card")}
            return bp.value.isdigit() and int(bp.value) in ids
        return False

    def run_to_break(self, breakpoints: list[Breakpoint], direction: int = 1) -> int | None:
        """Continue until an event matches a breakpoint; stop *after* that event.
        Returns its number, or None (then the cursor is at the end / start)."""
        hit = self.find(lambda k, ev: any(self.matches(bp, k, ev) for bp in breakpoints),
                        direction)
        if hit is None:
            self.goto(self.total if direction > 0 else 0)
            return None
        self.goto(hit + 1)
        return hit

    def search(self, text: str, describe: Callable[[int, Any], str]) -> list[int]:
        """Event numbers whose description or type contains ``text`` (case-insensitive)."""
        needle = text.lower()
        return [k for k in range(self.total)
                if needle in type(self.event(k)).__name__.lower()
                or needle in describe(k, self.event(k)).lower()]

    # ------------------------------------------------------------------ what changed
    def diff(self, k: int) -> list[tuple[str, Any, Any]]:
        """What event ``k`` changed: (path, before, after) for every changed value."""
        before = _plain(self.state_after(k))
        after = _plain(self.state_after(k + 1))
        out: list[tuple[str, Any, Any]] = []
        _diff("", before, after, out)
        return out


def _plain(value: Any) -> Any:
    """``value`` as builtins, every field of a struct included (a state type may leave its
    defaults out when encoded: the diff still says "0 -> 2", not "None -> 2")."""
    if isinstance(value, msgspec.Struct):
        return {name: _plain(getattr(value, name)) for name in value.__struct_fields__}
    if isinstance(value, (list, tuple)):
        return [_plain(x) for x in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _diff(path: str, a: Any, b: Any, out: list) -> None:
    if type(a) is not type(b):
        out.append((path, a, b))
    elif isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if key not in a:
                out.append((sub, None, b[key]))
            elif key not in b:
                out.append((sub, a[key], None))
            else:
                _diff(sub, a[key], b[key], out)
    elif isinstance(a, list) and len(a) == len(b) and not all(
            isinstance(x, (int, str)) for x in a):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(f"{path}[{i}]", x, y, out)
    elif a != b:
        out.append((path, a, b))
