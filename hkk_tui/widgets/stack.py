"""The timeline-stack pane: the ruleset's track (``ruleset.track(view)``), drawn the same way for
every game — frames outermost first, a nested frame indented under its parent, each frame's items
top first and numbered, then what waits to go on (the queue, in italics) and its notes (dim).
``resolving`` counts the numbered items and the queue (work under way or waiting to go on, not a
list's counters): a screen gives the pane more rows while there are two or more, so none is
scrolled out of sight.
A frame the ruleset's table calls a list (``table.track_is_list(frame)``: a grid game's turn
track, counters rather than a stack) shows its items in their order, unnumbered, leaving out an
item whose label is empty (and any frame leaves out an empty note). Labels come from the
ruleset's UI table; Enter or ``i`` shows the highlighted item's source."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import Ref, TrackFrame, TrackView
from hkk_tui.widgets.messages import ShowDetail

INDENT = "  "


class Stack(OptionList):
    BINDINGS = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.sources: list[Ref | None] = []
        #: the numbered (stack) items and the queue shown: abilities, effects and choices under
        #: way or waiting
        self.resolving = 0

    def show(self, track: TrackView, view: Any, table: Any) -> None:
        self.clear_options()
        self.sources = []
        self.resolving = 0
        options: list[Option] = []
        nested = len(track.frames) > 1
        for frame in track.frames:
            self._frame(options, frame, view, table, 0, nested)
        if not options:
            options.append(Option(Text(table.t("track.empty"), style="dim"), disabled=True))
        self.add_options(options)

    def _frame(self, options: list[Option], frame: TrackFrame, view: Any, table: Any,
               depth: int, titled: bool) -> None:
        pad = INDENT * depth
        title = table.track_title(frame, view) if (titled or depth) else ""
        if title:
            options.append(Option(Text(pad + title, style="bold underline")))
            self.sources.append(None)
            pad += INDENT
        items = frame.items
        if table.track_is_list(frame):                      # a list: in order, unnumbered
            for item in items:
                label = table.track_label(item, view)
                if not label.plain:                         # the table folds it into another
                    continue
                text = Text(pad)
                text.append_text(label)
                options.append(Option(text))
                self.sources.append(item.source)
            items = ()
        self.resolving += len(items) + len(frame.queue)
        for idx in range(len(items) - 1, -1, -1):          # top first
            text = Text(f"{pad}{idx + 1}. ", style="bold")
            text.append_text(table.track_label(items[idx], view))
            options.append(Option(text))
            self.sources.append(items[idx].source)
        for item in frame.queue:
            text = Text(pad)
            text.append_text(table.track_label(item, view))
            text.stylize("italic")
            options.append(Option(text))
            self.sources.append(item.source)
        for note in frame.notes:
            words = table.track_note(note, view)
            if words:                                       # a note the table keeps quiet
                options.append(Option(Text(pad + words, style="dim")))
                self.sources.append(None)
        for inner in frame.frames:
            self._frame(options, inner, view, table, depth + 1, True)

    def action_info(self) -> None:
        i = self.highlighted
        if i is not None and i < len(self.sources) and self.sources[i] is not None:
            self.post_message(ShowDetail(self.sources[i]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_info()
