"""A hand pane every ruleset can use: one line per card (cut to the pane's width, never wrapped,
so a hand of eight fits at 80×24 and the list scrolls to keep the cursor in sight), the cards
that can do something now marked ``✓`` and the highlighted card marked ``▶`` while the hand has
the focus — text marks, so the hand reads the same with NO_COLOR (colour only helps)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

#: the mark of a card that can be played or used now, and of the highlighted card
PLAYABLE, CURSOR = "✓", "▶"


class MarkedHand(OptionList):
    """Subclasses call :meth:`fill` from their ``show`` with one line per card (without marks)
    and which of them are playable; the marks and the cut to width are done here."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._card_lines: list[Text] = []
        self._card_ok: list[bool] = []
        self._hand_mark: int | None = None
        self._hand_focus = False
        self._hand_fill: tuple | None = None
        self._cut = 0                                   # the width the lines were cut to

    def fill(self, lines: list[Text], playable: list[bool], ids: list[str],
             tail: list[Option | None], keep: int | None) -> None:
        """Show ``lines`` (one per card, ``ids`` their option ids), then ``tail`` (legend,
        counts); the highlight stays on the card index ``keep`` and is scrolled into view."""
        self._hand_fill = (lines, playable, ids, tail, keep)
        self._card_lines, self._card_ok, self._hand_mark = lines, playable, None
        self._cut = self._width()
        self.clear_options()
        options: list[Option | None] = [Option(self._line(i, False), id=ids[i])
                                        for i in range(len(lines))]
        self.add_options(options + tail)
        if lines:
            self.highlighted = min(keep or 0, len(lines) - 1)
            self._mark()
            self.call_after_refresh(self.scroll_to_highlight)
        if lines:                                       # laid out (a scrollbar, a new size):
            self.call_after_refresh(self._refill)       # cut them again if the width changed

    def _refill(self) -> None:
        if self._hand_fill is not None and self._width() != self._cut:
            self.fill(*self._hand_fill[:4], self.highlighted)

    def _width(self) -> int:
        """The width a line may take: the content's, less the scrollbar's when the list is
        longer than the pane (the scrollbar may not be drawn yet when the lines are cut)."""
        region = self.scrollable_content_region
        rows = len(self._card_lines) + (len(self._hand_fill[3]) if self._hand_fill else 0)
        if rows > region.height and not self.show_vertical_scrollbar:
            return region.width - self.styles.scrollbar_size_vertical
        return region.width

    def _line(self, i: int, here: bool) -> Text:
        line = Text(CURSOR if here else " ", style="bold")
        ok = self._card_ok[i]
        line.append(PLAYABLE if ok else " ", style="bold green" if ok else "")
        line.append(" ")
        line.append_text(self._card_lines[i])
        width = self._cut
        if width > 4:                                   # one line per card: cut, not wrapped
            line.truncate(width, overflow="ellipsis")
        return line

    def _mark(self) -> None:
        """Put ``▶`` on the highlighted card (only while the hand has the focus)."""
        want = self.highlighted if self._hand_focus else None
        if want == self._hand_mark:
            return
        old, self._hand_mark = self._hand_mark, want
        for i, here in ((old, False), (want, True)):
            if i is not None and i < len(self._card_lines):
                self.replace_option_prompt_at_index(i, self._line(i, here))

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self._mark()

    def on_focus(self) -> None:
        self._hand_focus = True
        self._mark()

    def on_blur(self) -> None:
        self._hand_focus = False
        self._mark()

    def on_resize(self) -> None:
        self._refill()                                  # re-cut the lines to the new width
