"""The Log pane: every event in words with its Kódex rule number, scrollable."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class GameLog(RichLog):
    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=5000, min_width=10, **kw)
        self.lines_: list[tuple[str, str]] = []
        self._width = 0

    @property
    def count(self) -> int:
        return len(self.lines_)

    def _write(self, text: str, rule: str) -> None:
        line = Text(text)
        if rule:
            line.append(f" [{rule}]", style="dim")
        self.write(line, scroll_end=True)

    def add(self, lines: list[tuple[str, str]]) -> None:
        self.lines_ += lines
        for text, rule in lines:
            self._write(text, rule)

    def reset(self, lines: list[tuple[str, str]]) -> None:
        self.clear()
        self.lines_ = []
        self.add(lines)

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
        return [f"{text} [{rule}]" if rule else text for text, rule in self.lines_]
