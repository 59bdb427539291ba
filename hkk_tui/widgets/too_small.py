"""The "terminal too small" notice: below 80×24 the panes no longer fit, so a line at the top of
every screen says so (and how big the terminal is now); it goes away when the terminal grows.
It does not block the game: a player who cannot enlarge the window can still play."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from hkk_tui.i18n import t

MIN_SIZE = (80, 24)


def too_small(width: int, height: int) -> bool:
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


class TooSmallNotice(Static):
    DEFAULT_CSS = """
    TooSmallNotice {
        dock: top;
        height: auto;
        width: 100%;
        padding: 0 1;
        background: $error;
        color: $text;
        text-style: bold;
    }
    """

    def say(self, width: int, height: int, lang: str) -> None:
        self.update(Text(t("small.notice", lang, width=width, height=height,
                           need_w=MIN_SIZE[0], need_h=MIN_SIZE[1])))


def check_size(app: Any) -> None:
    """Show the notice on the current screen while the terminal is too small; remove it from
    every screen once it is big enough."""
    width, height = app.size
    if not too_small(width, height):
        for screen in app.screen_stack:
            for notice in screen.query(TooSmallNotice):
                notice.remove()
        return
    screen = app.screen
    found = list(screen.query(TooSmallNotice))
    notice = found[0] if found else TooSmallNotice(classes="too-small")
    if not found:
        screen.mount(notice)
    notice.say(width, height, app.lang)
