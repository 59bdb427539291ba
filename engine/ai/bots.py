"""Bots that play any ruleset through the protocol. A bot sees exactly what a person in its seat
sees — its seat's view — and the legal actions; it never touches the game state.

Heuristic bots live in their ruleset's plugin (``plugin.bots``); :func:`make_bot` finds a bot by
name in the plugin of the game's ruleset.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.core import registry


class Bot(Protocol):
    name: str
    needs_view: bool

    def choose(self, view: Any, legal: list[Any]) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions (it never needs to look at the view); works for
    every ruleset."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        return self.rng.choice(legal)


def bot_names(ruleset_name: str) -> list[str]:
    """The bots a ruleset offers (its plugin's, with the generic random bot)."""
    return list(dict.fromkeys([*registry.get(ruleset_name).bots, "random"]))


def make_bot(name: str, ruleset: Any, seed: int = 0) -> Any:
    """The bot ``name`` for a game of ``ruleset`` (a ruleset object, as ``game.ruleset``)."""
    plugin = registry.get(ruleset.name)
    factory = plugin.bots.get(name)
    if factory is None:
        if name == "random":
            return RandomBot(seed)
        raise ValueError(f"Unknown bot {name!r}; choose one of: "
                         f"{', '.join(bot_names(ruleset.name))}.")
    return factory(ruleset, seed)
