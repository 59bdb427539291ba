"""The AI's difficulty levels, as a seat stores them (issue 16).

A seat's kind names its bot: ``ai:<bot>``. The three levels offered by the new-game form are

* **Easy** — the ruleset's heuristic bot (``ai:greedy`` for HKK, ``ai:warlord`` for Summoner
  Wars): one move ahead, at once;
* **Normal** — the search bot at 0.25 s a move (``ai:search:0.25``);
* **Hard** — the search bot at the think time set in the settings (``ai:search:1.0`` by
  default; 0.1–10 s).

The budget is kept in the seat, so a saved game goes on at the level it was started with; old
saves (``ai:greedy``, ``ai:random``) open as before.
"""

from __future__ import annotations

import math
from typing import Any

from hkk_tui.i18n import t, tr

#: Normal's think time, seconds a move
NORMAL_S = 0.25
#: Hard's think time: the default and the range the settings accept (seconds a move)
HARD_DEFAULT_S = 1.0
THINK_MIN_S, THINK_MAX_S = 0.1, 10.0
#: the think times the settings form offers
THINK_CHOICES = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)


def valid_think(value: Any) -> float | None:
    """``value`` as a think time in seconds if it is one the settings accept (0.1–10 s)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    if not math.isfinite(value) or not THINK_MIN_S <= value <= THINK_MAX_S:
        return None
    return value


def search_bot(seconds: float) -> str:
    """The bot name of the search bot at ``seconds`` a move (``search:1.0``)."""
    return f"search:{float(seconds)}"


def level_bots(plugin: Any, think_s: float) -> list[tuple[str, str]]:
    """(level, bot name) offered for an AI seat of ``plugin``'s ruleset: Easy, and Normal and
    Hard where the ruleset has the search hooks."""
    out = [("easy", plugin.default_bot)]
    if getattr(plugin, "search", None) is not None:
        out += [("normal", search_bot(NORMAL_S)), ("hard", search_bot(think_s))]
    return out


def search_budget(bot: str) -> float | None:
    """The seconds a move of a ``search:<seconds>`` bot name (None for any other bot)."""
    base, _, suffix = bot.partition(":")
    if base != "search" or not suffix or suffix.endswith("sims"):
        return None
    try:
        return float(suffix)
    except ValueError:
        return None


def bot_label(bot: str, ruleset: str, lang: str) -> str:
    """A bot's name for people: a search bot by its think time ("search, 1 s"), any other by
    its ruleset's catalog ("greedy")."""
    seconds = search_budget(bot)
    if seconds is not None:
        return t("level.search_s", lang, s=f"{seconds:g}")
    if bot.startswith("search"):
        return t("level.search", lang)
    return tr(ruleset, f"bot.{bot}", lang)


def level_label(level: str, bot: str, ruleset: str, lang: str) -> str:
    """A line of the new-game form's AI row: "Easy (greedy)", "Hard (search, 1 s)"."""
    return t(f"level.{level}", lang, bot=bot_label(bot, ruleset, lang))
