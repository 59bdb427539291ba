"""The prompt line: what the game waits for, from whom, and which keys answer."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


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
