"""A game session over any ruleset: submit, undo/redo, replay and verify (ruleset-independent).

The session owns the log (header + entries) and the live state. The ruleset owns the rules: it
reads state, emits events and applies each one through its reducer. Every accepted action becomes
one :class:`~engine.core.log.Entry`, written to the autosave (if any) before ``submit`` returns.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from engine.core.log import SYSTEM, Entry, Header, header_problem


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
    ``final`` (the game is over: a result or concession is final), ``not_yours`` (it would take
    back another person's decision), ``chance`` (it would take back a chance outcome the ruleset
    never lets a player retry, such as a die roll), ``no_redo`` (nothing to redo),
    ``redo_damaged`` (the redo entry disagrees with the rules). ``rule`` is the ruleset's
    citation for the policy, when it has one."""

    def __init__(self, message: str, key: str = "", rule: str = ""):
        self.key = key
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class Decision(msgspec.Struct, frozen=True):
    """The one thing the game waits for: who decides, what kind of decision, under which rule."""

    player: int
    kind: str
    rule: str = ""


class Ruleset(Protocol):
    """The rules of one game (see ARCHITECTURE "The engine contract" and engine.core.protocol).

    ``view`` returns what a seat may know (``OMNISCIENT`` for replays only); ``redact`` an event
    as a seat may see it; ``result`` a :class:`~engine.core.protocol.Result` or None; ``summary``
    the generic summary dict (:func:`~engine.core.protocol.summary_dict`); ``track`` the
    timeline-stack pane of a view; ``hints`` one :class:`~engine.core.protocol.ActionHint` per
    legal action; ``concede_action`` the action by which a seat concedes. Optionally
    ``draw_offer_action(seat)``: the action by which a seat offers an agreed draw (the shell
    offers it when the ruleset has it). ``version`` is the rules' version: a save recorded under
    another one is replayed from its events, not re-run (:func:`check_record`). Optionally
    ``freeze(state) -> bytes`` and ``thaw(bytes) -> state``, a state's compact copy and back
    (``thaw(freeze(s))`` equal to ``clone(s)``): the game keeps its snapshots that way.
    """

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
    def header_problem(self, header: Header) -> str: ...
    def view(self, state: Any, seat: int) -> Any: ...
    def redact(self, event: Any, seat: int) -> Any: ...
    def result(self, state: Any) -> Any: ...
    def track(self, view: Any) -> Any: ...
    def hints(self, view: Any, legal: list[Any]) -> list[Any]: ...
    def concede_action(self, seat: int) -> Any: ...


def check_header(ruleset: Ruleset, header: Header) -> str:
    """Why a recorded header cannot be trusted ("" if it can): its seal, then the ruleset's own
    checks (pinned content matching its digest, legal decks)."""
    return header_problem(header) or ruleset.header_problem(header)


_ACTION_CODECS: dict[Any, tuple[Any, Any]] = {}


def strict_action(ruleset: Ruleset, action: Any) -> Any:
    """``action`` as a well-typed value of the ruleset's action union, or IllegalAction.

    The action is encoded and decoded with msgspec against the ruleset's tagged union, so wrong
    types (a bool or float for an id, a string, None), unknown kinds and constraint violations
    (negative ids) are refused before any rule runs; the decoded value is what is recorded.
    """
    codec = _ACTION_CODECS.get(ruleset.action_type)
    if codec is None:
        codec = (msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(ruleset.action_type))
        _ACTION_CODECS[ruleset.action_type] = codec
    try:
        return codec[1].decode(codec[0].encode(action))
    except (msgspec.MsgspecError, TypeError, ValueError, OverflowError) as exc:
        raise IllegalAction("", f"That is not a valid action ({exc}); choose one of the actions "
                            "the game offers.", "malformed", error=str(exc)) from None


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
    #: the other rules version the game was recorded under ("" for today's): its record was
    #: replayed from its events, not re-checked (:func:`check_record`)
    recorded_under: str = ""
    today: str = ""

    @property
    def ok(self) -> bool:
        return self.divergence is None


@dataclass
class CheckedLog:
    """The result of re-running a recorded log through the rules (:func:`rerun`)."""

    state: Any
    agreed: int                         # entries whose events the rules reproduce
    divergence: Divergence | None = None
    snapshots: dict[int, Any] = field(default_factory=lambda: Snapshots())
    #: the rules version of a save recorded under other rules than today's ("" if today's):
    #: its entries were replayed from their events, not re-run (:func:`check_record`)
    recorded_under: str = ""

    @property
    def why(self) -> str:
        """The disagreement in words (for messages and the recovery note)."""
        d = self.divergence
        if d is None:
            return ""
        if d.error:
            return f"the rules refuse its action ({d.error})"
        i, recorded, produced = d.first_difference()
        if recorded is None:
            return f"the rules produce an event it does not record ({produced!r})"
        if produced is None:
            return f"it records an event the rules do not produce ({recorded!r})"
        return f"its event {i} is {recorded!r} where the rules produce {produced!r}"


#: a snapshot of the state every this many entries: undo and state_at rebuild from the nearest
SNAPSHOT_EVERY = 64
#: at most this many snapshots are kept: past it the spacing doubles and every other one goes,
#: so a long game's snapshot memory stays bounded (state_at then rebuilds at most the spacing:
#: 128 entries up to 16,384 entries, ~1 ms)
MAX_SNAPSHOTS = 128


class Snapshots(dict):
    """The kept snapshots (entry count -> :func:`snapshot`), one every :attr:`every` entries
    (:data:`SNAPSHOT_EVERY`, doubled each time more than :data:`MAX_SNAPSHOTS` would be kept)."""

    every = SNAPSHOT_EVERY

    def due(self, n: int) -> bool:
        return n % self.every == 0

    def keep(self, ruleset: Any, n: int, state: Any) -> None:
        """Keep a snapshot of ``state`` after ``n`` entries if one is due there."""
        if n % self.every:
            return
        self[n] = snapshot(ruleset, state)
        if len(self) > MAX_SNAPSHOTS:
            self.every *= 2
            for k in [k for k in self if k % self.every]:
                del self[k]

    def upto(self, n: int) -> Snapshots:
        """The snapshots of the first ``n`` entries (after an undo or a cut)."""
        out = Snapshots({k: v for k, v in self.items() if k <= n})
        out.every = self.every
        return out


def settle_after_load() -> None:
    """Move what a load just built (a long game's entries and events: tens of thousands of
    long-lived objects) out of the cyclic garbage collector's sight (``gc.freeze``): later
    collections, during play, no longer walk them. Objects are still freed by reference count
    when the game is closed (a log holds no reference cycles)."""
    gc.freeze()


def snapshot(ruleset: Ruleset, state: Any) -> Any:
    """A copy of ``state`` to keep, frozen to bytes when the ruleset can (``freeze``): a
    frozen snapshot is compact and opaque to the cyclic garbage collector, which otherwise
    walks every card of every kept state on each full collection (a long game's rebuild bent
    under its 250 live snapshots)."""
    freeze = getattr(ruleset, "freeze", None)
    if freeze is not None and hasattr(ruleset, "thaw"):
        return freeze(state)
    return ruleset.clone(state)


def from_snapshot(ruleset: Ruleset, snap: Any) -> Any:
    """A fresh, live state from a kept :func:`snapshot`."""
    thaw = getattr(ruleset, "thaw", None)
    if thaw is not None and hasattr(ruleset, "freeze"):
        return thaw(snap)
    return ruleset.clone(snap)


def rerun(ruleset: Ruleset, header: Header, entries: list[Entry], progress: Any = None,
          snapshots: bool = False) -> CheckedLog:
    """Re-run the recorded actions from the recorded header with today's rules and compare each
    entry's events with the recorded ones; stops at the first entry that differs (or that the
    rules refuse). The state returned is the one after the agreeing entries."""
    state = ruleset.initial_state(header)
    snaps = Snapshots()
    for i, entry in enumerate(entries):
        try:
            if i == 0:
                if entry.player != SYSTEM:
                    raise IllegalAction("", "the first entry is not the game's set-up")
                produced = tuple(ruleset.start(state, entry.action))
            else:
                if entry.player == SYSTEM:
                    raise IllegalAction("", "a set-up entry in the middle of the game")
                produced = tuple(ruleset.submit(state, entry.player,
                                                strict_action(ruleset, entry.action)))
        except Exception as exc:  # noqa: BLE001 - reported, never raised
            return CheckedLog(_rebuilt(ruleset, header, entries[:i]), i,
                              Divergence(i, entry.player, entry.action, entry.events, None,
                                         f"{type(exc).__name__}: {exc}"), snaps)
        if produced != tuple(entry.events):
            return CheckedLog(_rebuilt(ruleset, header, entries[:i]), i,
                              Divergence(i, entry.player, entry.action, entry.events, produced),
                              snaps)
        if snapshots:
            snaps.keep(ruleset, i + 1, state)
        if progress is not None:
            progress(i + 1, len(entries))
    return CheckedLog(state, len(entries), None, snaps)


def recorded_under(ruleset: Ruleset, header: Header) -> str:
    """The rules version a game was recorded under when it is not the ruleset's version today
    ("" when it is). Such a record cannot be re-run with today's rules — they produce other
    events (new windows, new decisions) — so it is replayed from its events instead."""
    version = header.ruleset_version
    return "" if version == ruleset.version else version


def replay_record(ruleset: Ruleset, header: Header, entries: list[Entry],
                  snapshots: bool = False) -> CheckedLog:
    """Rebuild a game from its recorded events alone, the way a game recorded under older rules
    is opened: events are the truth (ARCHITECTURE, "Resumable from data alone"). Only a record
    whose events cannot be applied at all (a broken record) stops the replay; the entries before
    it are kept."""
    state = ruleset.initial_state(header)
    snaps = Snapshots()
    version = recorded_under(ruleset, header)
    for i, entry in enumerate(entries):
        if (i == 0) != (entry.player == SYSTEM):
            why = ("the first entry is not the game's set-up" if i == 0 else
                   "a set-up entry in the middle of the game")
            return CheckedLog(_rebuilt(ruleset, header, entries[:i]), i,
                              Divergence(i, entry.player, entry.action, entry.events, None,
                                         f"IllegalAction: {why}"), snaps, version)
        try:
            for event in entry.events:
                ruleset.apply(state, event)
        except Exception as exc:  # noqa: BLE001 - reported, never raised
            return CheckedLog(_rebuilt(ruleset, header, entries[:i]), i,
                              Divergence(i, entry.player, entry.action, entry.events, None,
                                         f"its recorded events cannot be applied "
                                         f"({type(exc).__name__}: {exc})"), snaps, version)
        if snapshots:
            snaps.keep(ruleset, i + 1, state)
    return CheckedLog(state, len(entries), None, snaps, version)


def check_record(ruleset: Ruleset, header: Header, entries: list[Entry], progress: Any = None,
                 snapshots: bool = False) -> CheckedLog:
    """Check a recorded game the way its rules version allows: a game recorded under today's
    rules is re-run and compared event by event (:func:`rerun`); one recorded under another
    version is replayed from its events (:func:`replay_record`) — never cut for disagreeing
    with rules it was not played under."""
    if recorded_under(ruleset, header):
        checked = replay_record(ruleset, header, entries, snapshots)
        if progress is not None:
            progress(checked.agreed, len(entries))
        return checked
    return rerun(ruleset, header, entries, progress, snapshots)


def _rebuilt(ruleset: Ruleset, header: Header, entries: list[Entry]) -> Any:
    state = ruleset.initial_state(header)
    for entry in entries:
        for event in entry.events:
            ruleset.apply(state, event)
    return state


@dataclass
class Game:
    """One game: header, entries, live state, redo list and an optional autosave writer."""

    ruleset: Ruleset
    header: Header
    entries: list[Entry] = field(default_factory=list)
    state: Any = None
    redo_stack: list[Entry] = field(default_factory=list)
    writer: Any = None
    _snapshots: Snapshots = field(default_factory=Snapshots)
    #: the list :meth:`legal_actions` returned last: those objects were made by the rules as
    #: well-typed values of the action union (frozen), so submitting one skips the typed re-check
    _offered: list[Any] = field(default_factory=list, repr=False)
    #: the other rules version its recorded entries were played under ("" for today's); the
    #: game goes on under today's rules (:func:`check_record`)
    recorded_under: str = ""

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
                   redo_stack=list(reversed(redo or [])), writer=writer,
                   recorded_under=recorded_under(ruleset, header))
        state = ruleset.initial_state(header)
        for n, entry in enumerate(game.entries, 1):
            for event in entry.events:
                ruleset.apply(state, event)
            game._snapshots.keep(ruleset, n, state)
        game.state = state
        settle_after_load()
        return game

    @classmethod
    def from_checked(cls, ruleset: Ruleset, header: Header, entries: list[Entry],
                     redo: list[Entry] | None = None,
                     writer: Any = None) -> tuple["Game", CheckedLog]:
        """Resume a recorded game after re-running its actions through the rules: the game holds
        the entries the rules agree with (all of them for a sound save); the returned
        :class:`CheckedLog` says where and why a record disagreed (redo is then dropped). A game
        recorded under another rules version is replayed from its events instead
        (:func:`check_record`); its redo list, which today's rules could not redo, is dropped."""
        checked = check_record(ruleset, header, entries, snapshots=True)
        kept = entries[:checked.agreed]
        keep_redo = not checked.divergence and not checked.recorded_under
        game = cls(ruleset=ruleset, header=header, entries=list(kept),
                   redo_stack=list(reversed(redo or [])) if keep_redo else [],
                   writer=writer, recorded_under=checked.recorded_under)
        game.state = checked.state
        snaps = checked.snapshots
        game._snapshots = (snaps.upto(len(kept)) if isinstance(snaps, Snapshots)
                           else Snapshots({k: v for k, v in snaps.items() if k <= len(kept)}))
        settle_after_load()
        return game, checked

    # ------------------------------------------------------------------ play
    def pending(self) -> Decision | None:
        return self.ruleset.pending(self.state)

    def legal_actions(self, player: int) -> list[Any]:
        self._offered = legal = self.ruleset.legal_actions(self.state, player)
        return legal

    def check_player(self, player: Any) -> int:
        """``player`` as a seat number of this game, or IllegalAction (a bool, a float, a
        string or an out-of-range number is no seat)."""
        seats = len(self.header.seats)
        if type(player) is not int or not 0 <= player < seats:
            raise IllegalAction("", f"{player!r} is not a seat of this game (seats are 0 to "
                                f"{seats - 1}).", "bad_seat", seat=repr(player))
        return player

    def submit(self, player: int, action: Any) -> list[Any]:
        """Validate and perform ``action`` for ``player``; returns the events it produced.

        The seat and the action are checked as typed values first (:meth:`check_player`,
        :func:`strict_action`); then the rules. Raises :class:`IllegalAction` (state, log and save
        untouched) when either refuses. If the rules code itself fails half-way, or the save
        cannot be written (:class:`~engine.core.store.SaveWriteError`), the state is rebuilt
        from the log so no partial action survives.
        """
        player = self.check_player(player)
        for offered in self._offered:
            if offered is action:          # the rules' own value (typing does not depend on state)
                break
        else:
            action = strict_action(self.ruleset, action)
        try:
            events = self.ruleset.submit(self.state, player, action)
        except IllegalAction:
            raise
        except Exception:
            self.state = self.state_at(len(self.entries))
            raise
        self._record(Entry(player, action, tuple(events)))
        return events

    def _record(self, entry: Entry) -> None:
        """Write ``entry`` (durably), then add it to the log. A failed write takes the action
        back: the state is rebuilt from the log and the error re-raised.

        The redo list follows the same rule as the save file's: an entry equal to the next one to
        redo uses it up, any other entry ends the redo list.
        """
        if self.writer is not None:
            try:
                self.writer.append(entry, self.ruleset.summary(self.state))
            except Exception:
                self.state = self.state_at(len(self.entries))
                raise
        self.entries.append(entry)
        if self.redo_stack and self.redo_stack[-1] == entry:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        self._snapshots.keep(self.ruleset, len(self.entries), self.state)

    # ------------------------------------------------------------------ replay
    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` entries, rebuilt from events (snapshots speed it up)."""
        base = max((k for k in self._snapshots if k <= n), default=0)
        if base:
            state = from_snapshot(self.ruleset, self._snapshots[base])
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

    def over(self) -> bool:
        """The game has a result (a win, a draw, a concession)."""
        return self.ruleset.result(self.state) is not None

    def undo_target(self, player: int) -> int:
        """Entry count to rewind to so that ``player`` faces their previous decision again.

        Raises :class:`UndoRefused` with the reason when the engine's policy forbids it: a result
        (a win, a draw, a concession) is final; against a person, undo takes back only the
        player's own decisions and never revealed hidden information (draws, shuffles, reveals).
        """
        if self.over():
            raise UndoRefused("The game is over and its result is final; to try another line, "
                              "open it in the replay viewer and play on from any point.", "final")
        target = None
        for i in range(len(self.entries) - 1, 0, -1):
            if self.entries[i].player == player:
                target = i
                break
        if target is None:
            raise UndoRefused("There is nothing of yours to undo yet.", "nothing")
        never = getattr(self.ruleset, "undo_never_crosses", None)
        if never is not None:                      # e.g. a die roll: never retried, not even solo
            for entry in self.entries[target:]:
                for ev in entry.events:
                    rule = never(ev)
                    if rule:
                        raise UndoRefused("Undo would take back a die roll or another chance "
                                          "outcome, which this game never lets a player retry, "
                                          "not even against the AI.", "chance", rule)
        if not self.practice():
            other = next((e.player for e in self.entries[target:]
                          if e.player not in (player, SYSTEM)), None)
            if other is not None:
                raise UndoRefused("Undo would take back a decision of the other player; against "
                                  "a person you may take back only your own.", "not_yours")
            for entry in self.entries[target:]:
                if any(self.ruleset.reveals_hidden(ev) for ev in entry.events):
                    raise UndoRefused(
                        "Undo would take back a draw, shuffle or reveal that showed hidden "
                        "information; against a person that cannot be undone.", "hidden",
                        getattr(self.ruleset, "hidden_undo_rule", ""))
        return target

    def undo(self, player: int) -> int:
        """Rewind to ``player``'s previous decision; returns how many entries were undone."""
        target = self.undo_target(player)
        state = self.state_at(target)
        if self.writer is not None:           # written first: a failed write changes nothing
            self.writer.rewind(target, self.ruleset.summary(state))
        undone = self.entries[target:]
        del self.entries[target:]
        self._snapshots = self._snapshots.upto(target)
        self.redo_stack.extend(reversed(undone))
        self.state = state
        return len(undone)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> Entry:
        """Re-do the most recently undone entry: its action is run through the rules again (the
        recorded random state gives the same outcome) and must produce the recorded events."""
        if not self.redo_stack:
            raise UndoRefused("There is nothing to redo.", "no_redo")
        entry = self.redo_stack[-1]
        try:
            produced = tuple(self.ruleset.submit(self.state, entry.player,
                                                 strict_action(self.ruleset, entry.action)))
        except Exception:  # noqa: BLE001 - a redo record the rules refuse is damage
            produced = None
        if produced != tuple(entry.events):
            self.state = self.state_at(len(self.entries))
            self.redo_stack.clear()
            raise UndoRefused("The move to redo disagrees with the rules (the save was changed); "
                              "the redo list was dropped.", "redo_damaged")
        self._record(entry)                   # uses up the redo entry (equal to the top)
        return entry


def verify(ruleset: Ruleset, header: Header, entries: list[Entry],
           progress: Any = None) -> VerifyReport:
    """Re-run the recorded actions from the recorded seed with today's rules.

    Reports the first entry whose produced events differ from the recorded ones (or that today's
    rules refuse). This is the regression test for rules changes. A game recorded under another
    rules version is replayed from its events, not re-run: the report says which version
    (``recorded_under``) and fails only if the record cannot be applied at all.
    """
    checked = check_record(ruleset, header, entries, progress)
    return VerifyReport(checked.agreed, checked.divergence, checked.recorded_under,
                        ruleset.version)
