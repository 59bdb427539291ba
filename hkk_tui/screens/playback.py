"""The opponent's moves and the keyboard on the game screen of any ruleset (a mixin of
:class:`~hkk_tui.screens.game.GameScreen`, local and at a server's table).

* Playback: each move of another seat stays on screen for one pace (the ``ai_pace`` setting)
  with its story line on the prompt — a local AI waits before its next move; a server's burst
  of moves is shown one story line per pace (``PACE_LOG``); ``f`` skips to the end (until a
  person decides again).
* Targets on the board: while a move of another seat is on show, the board marks what its
  events point at (the ruleset table's ``pointed_at``: an attack's target, a spell's, a unit
  moved, a creature bounced or voided) through the board's ``aim`` — a mark character as well
  as a colour — and the mark goes when that step's pace is over.
* The log's level: the story by default, every event with its rule on ``e`` (the pane's
  subtitle says which).
* No type-ahead: a key that answers a decision (Enter, Space, a, p) is dropped, with a note on
  the prompt, while someone else is moving or the playback runs, and when it was pressed before
  the decision now on screen appeared; a numbered list opened for one decision does not answer
  the next (:meth:`PlaybackMixin.for_this_decision`).
* Focus: when a decision of the player's comes, the focus goes where it is answered (the
  ruleset's first pane) unless it is on the board or the hand already.
"""

from __future__ import annotations

import time
from typing import Any

from textual import events

from hkk_tui.i18n import t
from hkk_tui.widgets.log import GameLog, as_line

try:                                    # the clock Textual stamps its events with
    from textual._time import time as event_clock
except ImportError:                     # pragma: no cover - (monotonic on Linux and macOS)
    event_clock = time.monotonic

#: keys that answer a decision: dropped while the opponent (or the engine) is moving, and when
#: pressed before the decision now on screen appeared (no type-ahead across decisions)
ANSWER_KEYS = frozenset({"enter", "space", "a", "p"})


class PlaybackMixin:
    """The playback, the log's level, dropped keys and the decision's focus (see the module).
    The screen provides ``session``, ``lang``, ``ui``, ``app``, ``error``, ``update_prompt``,
    ``bot_busy``, ``_schedule_bot`` and its bot state."""

    def init_playback(self) -> None:
        """The playback's state (called by the screen's ``__init__``)."""
        #: the decision on screen (see :meth:`decision_stamp`) and when it appeared there
        self._stamp: tuple[Any, ...] = ()
        self._shown_at = 0.0
        #: ``f`` pressed: the opponent's moves go on unpaced until a person decides again
        self._skipping = False
        #: the latest story line of the opponent's moves (on the prompt while they move)
        self._last_story = ""
        #: story lines (of others' moves) waiting to be shown, one per pace (a server's
        #: entries arrive at once); the board already shows where they lead
        self._backlog: list[Any] = []
        self._backlog_timer: Any = None
        #: the latest lines told another seat's move (the AI waits a pace before its next)
        self._told_story = False
        self._last_seat = -1
        #: ends the board's marks of a local AI's move after its pace
        self._aim_timer: Any = None

    # ------------------------------------------------------------------ the opponent's moves
    #: a server's entries come at once: their story lines are shown one per pace (a local AI
    #: is paced by waiting before its next move instead)
    PACE_LOG = False

    def pace(self) -> float:
        """Seconds each opponent move stays on screen before the next (the ``ai_pace``
        setting; 0 while ``f`` skips the playback)."""
        settings = getattr(self.app, "settings", None)
        return 0.0 if self._skipping else max(0.0, float(getattr(settings, "ai_pace", 0.0)))

    def _others(self, line: Any) -> bool:
        """A line of the story about another seat's move (what the playback paces)."""
        return line.story and line.kind in ("event", "decision") and \
            line.seat != self.session.viewer()

    def _tell(self, log: GameLog, lines: list[Any]) -> None:
        """New log lines: at once, or (a server's burst of moves) paced one story line each."""
        lines = [as_line(x) for x in lines]
        if self.PACE_LOG and (self.playing_back or any(self._others(x) for x in lines)) \
                and self.pace() > 0:
            self._backlog += lines
            self._drain()
            self.refresh_bindings()
            return
        log.add(lines)
        told = [x for x in lines if self._others(x)]
        if told:
            self._last_story, self._last_seat = told[-1].text, told[-1].seat
            self._told_story = True
        self._aim([x.entry for x in told] if self.pace() > 0 else [], hold=False)

    def _drain(self) -> None:
        """Show the waiting lines up to the next story line of another seat's move, which then
        stays on the prompt for one pace."""
        log = self.query_one("#log", GameLog)
        while self._backlog and self._backlog_timer is None:
            line = self._backlog.pop(0)
            log.add([line])
            if self._others(line) and self.pace() > 0:
                self._last_story, self._last_seat = line.text, line.seat
                self._aim([line.entry], hold=True)
                self._backlog_timer = self.set_timer(self.pace(), self._backlog_tick)
        if not self._backlog and self._backlog_timer is None:
            self._unaim()
            self._new_decision()
        self.update_prompt()

    def _backlog_tick(self) -> None:
        self._backlog_timer = None
        if self.is_attached:
            self._drain()

    # ------------------------------------------------------------------ targets on the board
    def pointed_at(self, entries: Any) -> tuple[Any, ...]:
        """What the events of the game's entries ``entries`` (indexes) point at, redacted for
        the seat on screen, in the ruleset table's words (``Table.pointed_at``)."""
        s = self.session
        table, viewer, all_entries = s.table(), s.viewer(), s.game.entries
        refs: list[Any] = []
        for i in sorted({i for i in entries if 0 <= i < len(all_entries)}):
            events = table.log_events(all_entries[i].events)
            refs += table.pointed_at([s.ruleset.redact(ev, viewer) for ev in events])
        return tuple(dict.fromkeys(refs))

    def _aim(self, entries: Any, hold: bool) -> None:
        """Mark on the board what ``entries`` point at: for one pace (a local AI's move), or
        until the next call (``hold``: a server's move, whose story line the backlog's timer
        keeps on the prompt). No entries clear the marks."""
        if self._aim_timer is not None:
            self._aim_timer.stop()
            self._aim_timer = None
        board = self.query_one("#board")
        aim = getattr(board, "aim", None)
        if aim is None:                     # a board that marks nothing
            return
        refs = self.pointed_at(entries)
        aim(refs)
        if refs and not hold:
            self._aim_timer = self.set_timer(self.pace(), self._unaim)

    def _unaim(self) -> None:
        """The step is over: the board's marks go."""
        if self._aim_timer is not None:
            self._aim_timer.stop()
            self._aim_timer = None
        if self.is_attached:
            aim = getattr(self.query_one("#board"), "aim", None)
            if aim is not None:
                aim(())

    @property
    def playing_back(self) -> bool:
        """Another seat's lines are being played back (one shown, its pace not over yet, or
        some still waiting)."""
        return bool(self._backlog) or self._backlog_timer is not None

    @property
    def moving(self) -> bool:
        """Someone else (an AI, a person at a server, the server with our move) is moving, or
        their moves are still being played back: keys that answer a decision are dropped."""
        s = self.session
        if self.playing_back:
            return True
        return s.result() is None and s.pending() is not None and s.my_decision() is None

    def decision_stamp(self) -> tuple[Any, ...]:
        """Which decision is on screen: a move, an undo or the server's news makes another (a
        server's fresh snapshot of the same position does not: the same entries, by value)."""
        s = self.session
        d = s.pending()
        entries = s.game.entries
        return (len(entries), entries[-1].events if entries else (),
                d.player if d is not None else -1, d.kind if d is not None else "")

    def _new_decision(self) -> None:
        """When another decision comes on screen: note when (keys pressed before it are not
        for it); if it is the player's, focus where it is answered and end a skipped playback."""
        stamp = self.decision_stamp()
        if stamp == self._stamp or self.playing_back:
            return
        self._stamp = stamp
        self._shown_at = event_clock()
        if self.session.my_decision() is not None:
            self._skipping = False
            self._last_story = ""
            self._told_story = False        # the player saw it: the AI's next move goes on
            self._focus_decision()
        self.refresh_bindings()

    def _focus_decision(self) -> None:
        """Focus the pane where the player answers (the ruleset's first pane: the hand, or a
        grid game's board) unless the focus is already on the board or the hand."""
        focused = self.focused
        if self.maximized is not None or (focused is not None and focused.id in ("hand",
                                                                                  "board")):
            return
        self.query_one(f"#{self.ui.first_focus}").focus()

    def on_key(self, event: events.Key) -> None:
        """No type-ahead: a key that answers a decision is dropped (with a note on the prompt)
        while someone else is moving, and when it was pressed before the decision now on
        screen appeared."""
        if event.key not in ANSWER_KEYS or self.session.result() is not None:
            return
        s = self.session
        key = event.key.capitalize()
        if self.moving:
            d = s.pending()
            who = self._last_seat if self.playing_back else d.player if d is not None else -1
            self.error = t("story.dropped", self.lang, key=key, player=self._seat_name(who))
        elif event.time < self._shown_at:
            self.error = t("story.stale", self.lang, key=key)
        else:
            return
        event.stop()
        event.prevent_default()
        self.update_prompt()

    def action_skip(self) -> None:
        """Skip the playback of the opponent's moves to its end (until a person decides)."""
        self._skipping = True
        self._unaim()
        if self._backlog_timer is not None:
            self._backlog_timer.stop()
            self._backlog_timer = None
            self._drain()
        if self.bot_busy and self._bot_job is None and not self._bot_stalled:
            self._schedule_bot()            # the AI's next move now, not after the pause

    def action_log_level(self) -> None:
        """The log's story, or every event with its rule."""
        log = self.query_one("#log", GameLog)
        log.set_detail(not log.detail)
        self._title_log()

    def _title_log(self) -> None:
        """The log pane's subtitle says which level it shows and the key to the other."""
        detail = self.query_one("#log", GameLog).detail
        self.query_one("#log-pane").border_subtitle = t(
            "story.sub_detail" if detail else "story.sub_story", self.lang)

    def for_this_decision(self, answer: Any) -> Any:
        """``answer`` of a list opened for the decision on screen now: a choice made after
        another decision came (the opponent moved, the server's news) is not submitted into it;
        the prompt says so."""
        stamp = self.decision_stamp()

        def answered(value: Any) -> Any:
            if value is not None and self.decision_stamp() != stamp:
                self.error = t("story.stale_choice", self.lang)
                self.update_prompt()
                return None
            return answer(value)

        return answered
