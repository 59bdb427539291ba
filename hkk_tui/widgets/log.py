"""The Log pane, in two levels: the story (plays, attacks, damage, deaths, passes, who decided
what, a separator at each turn, a short account of each opponent turn) by default, and every
event one key away (``e`` on the game screen). Every event line keeps its rule citation."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class LogLine(NamedTuple):
    """One line of the log: its sentence and rule; ``story`` lines are shown at the default
    level, the others only in the full detail; ``kind`` is ``event``, ``turn`` (a separator),
    ``decision`` (who decided what, when no event tells it), ``summary`` (an opponent's turn in
    short) or ``note`` (chat, the table's notices); ``seat`` is who it is about (-1: nobody);
    ``entry`` is the index of the game's entry it tells (-1: none), so the playback can mark on
    the board what that entry's events point at."""

    text: str
    rule: str = ""
    story: bool = True
    kind: str = "event"
    seat: int = -1
    entry: int = -1


#: how each kind of line looks (styles that read without colour too: bold, underline, italic)
STYLES = {"turn": "bold reverse", "summary": "bold", "decision": "italic"}


def as_line(line: tuple) -> LogLine:
    """A (text, rule) pair (chat, notices, the replay's lines) as a story line."""
    return line if isinstance(line, LogLine) else LogLine(*line)


class GameLog(RichLog):
    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=5000, min_width=10, **kw)
        self.lines_: list[LogLine] = []
        self._width = 0
        #: every event shown (True), or only the story (False, the default)
        self.detail = False

    @property
    def count(self) -> int:
        return len(self.lines_)

    def _write(self, line: LogLine) -> None:
        if not (line.story or self.detail):
            return
        text = Text(line.text, style=STYLES.get(line.kind, ""))
        if line.rule:
            text.append(f" [{line.rule}]", style="dim")
        self.write(text, scroll_end=True)

    def add(self, lines: list[tuple]) -> None:
        lines = [as_line(x) for x in lines]
        self.lines_ += lines
        for line in lines:
            self._write(line)

    def reset(self, lines: list[tuple]) -> None:
        self.clear()
        self.lines_ = []
        self.add(lines)

    def set_detail(self, detail: bool) -> None:
        """Show every event (True) or the story (False), scrolled to the end."""
        if detail != self.detail:
            self.detail = detail
            self._rewrap()

    def on_resize(self, event: events.Resize) -> None:
        # lines are wrapped when written: re-wrap them for the new width
        if event.size.width != self._width:
            self._width = event.size.width
            # the lines are read when the re-wrap runs: lines written meanwhile are kept
            self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        """Re-wrap every line for the new width, drawn at once and scrolled to the end (the
        first re-wrap of a game used to stay blank, then at the top, until a key was pressed)."""
        self.reset(list(self.lines_))
        self.refresh(layout=True)
        self.call_after_refresh(self.scroll_end, animate=False)

    def plain_lines(self) -> list[str]:
        """Every line of both levels, with its rule."""
        return [f"{x.text} [{x.rule}]" if x.rule else x.text for x in self.lines_]

    def shown_lines(self) -> list[str]:
        """The lines of the level on screen, with their rules."""
        return [f"{x.text} [{x.rule}]" if x.rule else x.text for x in self.lines_
                if x.story or self.detail]
