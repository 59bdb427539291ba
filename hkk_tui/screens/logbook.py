"""A game's entries as the log's lines, in two levels, for any ruleset.

Each event, redacted for the seat on screen, is put in words by the ruleset's UI table
(``table.describe``) with its rule; the table's ``story(event)`` says whether it belongs to the
story (plays, attacks, damage, deaths, results) or only to the full detail (phases, draws,
bookkeeping). On top of the events:

* a separator at each turn's start (``table.replay_turn``) with the turn number, whose turn it
  is and the rule of the turn's start;
* who decided what when no story event tells it (a pass, a declined choice), from the entry's
  action in the table's words (``table.action``, if the ruleset's table words actions; where
  those leave out what was chosen, ``table.vague``, as the menu said it: ``decided_words``):
  in the story for the viewer's own decisions (so a pass that went through is seen), in the
  detail for the others' (an opponent's passes would bury the story); only where the action
  is known (a remote client sees events only);
* at the end of an opponent's turn, the turn in short on one line ("Bot's turn 3 in short:
  plays Fire Ball; Orc takes 3 damage; ...").
"""

from __future__ import annotations

from typing import Any, Callable

from hkk_tui.i18n import tr
from hkk_tui.rulesets.base import Table
from hkk_tui.widgets.log import LogLine

#: story lines a turn's short account names before "and N more" (it stays on one screen)
SUMMARY_PARTS = 10


class LogBook:
    """The log of one game for one viewer, built entry by entry (the running turn's story is
    carried from one call to the next, so lines can be added as entries come)."""

    def __init__(self, table: Any, ruleset: Any, viewer: int,
                 state_before: Callable[[int], Any] | None = None) -> None:
        self.table = table
        self.ruleset = ruleset
        self.viewer = viewer
        #: the state before entry i, where the game is at hand (not for a remote client)
        self.state_before = state_before
        self.done = 0                # entries read so far
        self.turn: int | None = None
        self.active = -1             # whose turn it is (-1: before the first turn)
        self.parts: list[str] = []   # the running turn's story, for its short account
        #: the table puts actions in words (the default Table.action gives a class's name, which
        #: the player never sees)
        self.words_actions = type(table).action is not Table.action

    def t(self, key: str, **params: Any) -> str:
        return tr(self.table.ns, key, self.table.lang, **params)

    def read(self, entries: list[Any], start: int) -> list[LogLine]:
        """Lines of ``entries[start:]`` (entries before ``start`` are read quietly first if this
        book has not read them yet)."""
        return [line for lines in self.read_each(entries, start) for line in lines]

    def read_each(self, entries: list[Any], start: int) -> list[list[LogLine]]:
        """The lines of each entry of ``entries[start:]``, one list per entry."""
        out: list[list[LogLine]] = []
        for i in range(self.done, len(entries)):
            lines = self.entry(entries[i], i)
            if i >= start:
                out.append([x._replace(entry=i) for x in lines])
        self.done = max(self.done, len(entries))
        return out

    def entry(self, entry: Any, index: int = -1) -> list[LogLine]:
        table = self.table
        out: list[LogLine] = []
        told = False
        for ev in entry.events:
            red = self.ruleset.redact(ev, self.viewer)
            turn = table.replay_turn(red)
            if turn is not None:
                out += self.close_turn()
                self.turn, self.active = turn, getattr(red, "player", getattr(red, "seat", -1))
                out.append(LogLine(self.t("story.turn", turn=turn,
                                          player=table.player(self.active)),
                                   table.rule(red), True, "turn", self.active))
                continue
            line = table.describe(red)
            if line is None:
                continue
            story = bool(table.story(red))
            out.append(LogLine(line[0], line[1], story, "event", entry.player))
            if story:
                told = True
                self.parts.append(line[0].rstrip(". "))
        if not told and entry.action is not None and entry.player >= 0 and self.words_actions:
            # who decided what when no story event says it (a pass is logged too)
            what = decided_words(table, self.ruleset, self.viewer, entry, index,
                                 self.state_before)
            if what:                     # the story tells the viewer's own (a pass went through)
                out.append(LogLine(self.t("story.decided", player=table.player(entry.player),
                                          what=what), "", entry.player == self.viewer,
                                   "decision", entry.player))
        return out

    def close_turn(self) -> list[LogLine]:
        """The turn that ends, in short, if it was an opponent's (empty for the viewer's own
        turn, and for a turn in which nothing of the story happened)."""
        parts, self.parts = self.parts, []
        if self.turn is None or self.active < 0 or self.active == self.viewer or not parts:
            return []
        shown = parts[:SUMMARY_PARTS]
        if len(parts) > SUMMARY_PARTS:
            shown.append(self.t("story.more", n=len(parts) - SUMMARY_PARTS))
        return [LogLine(self.t("story.summary", player=self.table.player(self.active),
                               turn=self.turn, what="; ".join(shown)),
                        "", True, "summary", self.active)]


def decided_words(table: Any, ruleset: Any, viewer: int, entry: Any, index: int,
                  state_before: Callable[[int], Any] | None) -> str:
    """Entry ``index``'s action in words: the table's (``table.action``), or, where those leave
    out what was chosen (``table.vague``: "choose option 2") and the state before the entry is
    at hand (``state_before(index)``), the line the menu showed for it, with its option after a
    colon ("Choose what resolves first: Wraith Archer (c2): Soul Drift, set off by Crypt
    Warden"). It is worded from ``viewer``'s view (the decider's for an all-seeing viewer), so
    it names nothing the viewer may not know."""
    action = entry.action
    if state_before is None or index < 0 or not table.vague(action):
        return table.action(action)
    state = state_before(index)
    view = ruleset.view(state, entry.player if viewer < 0 else viewer)
    hint = ruleset.hints(view, [action])[0]
    label = table.label(hint, view)
    option = table.option_label(hint, view) if hint.option else ""
    # a table whose line already names the option (Tash-Kalar's colours) says it once
    return f"{label}: {option}" if option and option != label else label
