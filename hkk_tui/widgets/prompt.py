"""The prompt line: what the game waits for, from whom, and which keys answer; under it, while
the AI searches, a bar of its think time (issue 16)."""

from __future__ import annotations

import time
from typing import Any, Callable

from rich.text import Text
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


class ThinkingBar(ProgressBar):
    """Under the prompt while the AI searches: the share of its think time spent (the prompt
    line above says how many simulations). Hidden otherwise."""

    DEFAULT_CSS = """
    ThinkingBar {
        display: none;
        height: 1;
        padding: 0 1;
        background: $boost;
    }
    ThinkingBar Bar { width: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(total=1000, show_eta=False, **kwargs)

    def show_progress(self, fraction: float) -> None:
        self.update(progress=round(1000 * max(0.0, min(1.0, fraction))))


class Thinking:
    """The AI's search in progress, as the screen sees it: started with the bot and its
    context; the worker thread reports progress (plain attributes, read by the screen's timer);
    ``move_now`` and ``stop`` move the context's deadline, which the search reads every
    simulation."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.bot: Any = None
        self.ctx: Any = None
        self.searching = False
        self.sims = 0
        self.budget_s = 0.0
        self.started = 0.0
        self.reported = 0.0

    def start(self, bot: Any, ctx: Any, entry: int) -> None:
        self.bot, self.ctx = bot, ctx
        self.searching = bool(getattr(bot, "needs_samples", False)) and len(ctx.legal) > 1
        self.sims = 0
        self.reported = 0.0
        self.budget_s = float(getattr(bot, "budget_s", None) or 0.0)
        self.started = self.clock()
        self.entry = entry

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
        if self.ctx is not None and self.searching:
            self.ctx.deadline = self.ctx.clock()

    def stop(self) -> None:
        """The search stops at its next simulation (its answer will be dropped)."""
        if self.ctx is not None:
            self.ctx.deadline = float("-inf")
        self.searching = False

    def finish(self) -> dict[str, Any] | None:
        """The search is over: what it found (the bot's annotation of this decision), if it
        searched."""
        searched = self.searching
        self.searching = False
        last = getattr(self.bot, "last", None) if searched else None
        if not last or self.ctx is None or last.get("decision") != self.ctx.decision \
                or last.get("stopped") == "single":
            return None
        return last
