"""The prompt line: what the game waits for, from whom, and which keys answer; under it, while
the AI searches, a bar of its think time (issue 16)."""

from __future__ import annotations

import time
from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import ProgressBar, Static


class Prompt(Static):
    def say(self, main: str, keys: str = "", error: str = "") -> None:
        text = Text(main, style="bold")
        if keys:
            text.append("  " + keys, style="dim")
        if error:
            text.append("\n")
            text.append(error, style="red bold")
        self.update(text)
        self.main_text = main
        self.error_text = error


class ThinkingBar(Horizontal):
    """Under the prompt while the AI searches: a bar of its think time spent (Textual's
    ProgressBar) and its simulations so far. Hidden otherwise. Its updates redraw this line
    alone (fixed sizes, no layout), so the screen stays quick while the AI thinks."""

    DEFAULT_CSS = """
    ThinkingBar {
        display: none;
        height: 1;
        padding: 0 1;
        background: $boost;
    }
    ThinkingBar ProgressBar { width: 1fr; height: 1; }
    ThinkingBar ProgressBar Bar { width: 1fr; }
    ThinkingBar #thinking-info { width: 32; height: 1; padding-left: 1; }
    """

    def compose(self) -> ComposeResult:
        yield ProgressBar(total=1000, show_eta=False, show_percentage=False)
        yield Static("", id="thinking-info")

    def show_progress(self, fraction: float, info: str) -> None:
        self.query_one(ProgressBar).update(progress=round(1000 * max(0.0, min(1.0, fraction))))
        self.query_one("#thinking-info", Static).update(info, layout=False)


class Thinking:
    """The AI's search in progress, as the screen sees it: its think time, the progress the
    search reports (from a worker thread: plain attributes, read by the screen's timer) and the
    way to stop it (``move_now`` and ``stop`` end the search at its next simulation)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.searching = False
        self.sims = 0
        self.budget_s = 0.0
        self.started = 0.0
        self.reported = 0.0
        self._stop: Callable[[], None] | None = None

    def start(self, budget_s: float, stop: Callable[[], None]) -> None:
        self.searching = True
        self.sims = 0
        self.reported = 0.0
        self.budget_s = budget_s
        self.started = self.clock()
        self._stop = stop

    def progress(self, fraction: float, info: dict[str, Any]) -> None:
        """From the worker thread: the search's latest report."""
        self.reported = fraction
        self.sims = int(info.get("sims", self.sims))

    def elapsed(self) -> float:
        return self.clock() - self.started

    def fraction(self) -> float:
        """The share of the think time spent (the search's own report without a time budget)."""
        if self.budget_s > 0:
            return min(1.0, self.elapsed() / self.budget_s)
        return self.reported

    def move_now(self) -> None:
        """The search stops at its next simulation and plays its best move so far."""
        if self.searching and self._stop is not None:
            self._stop()

    def stop(self) -> None:
        """The search stops at its next simulation (the screen drops its answer)."""
        if self.searching and self._stop is not None:
            self._stop()
        self.searching = False

    def finish(self) -> None:
        self.searching = False
