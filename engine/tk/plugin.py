"""Tash-Kalar as a platform plugin (engine.core.registry): name, citations, seats, options,
content, rules table, codec, scenarios and bots; the shared answers are
engine.core.content.ContentPlugin's."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.content import ContentPlugin, random_bot
from engine.tk import rulings  # noqa: F401 - rulings add their codes to the rules table


def _tactician(ruleset: Any, seed: int) -> Any:
    from engine.tk.bot import TacticianBot

    return TacticianBot(ruleset, seed)


class TkPlugin(ContentPlugin):
    package = "engine.tk"
    name = "tk"
    prefix = "TK"
    title: ClassVar[dict[str, str]] = {"en": "Tash-Kalar", "hu": "Tash-Kalar"}
    seats = (2, 4)
    bots: ClassVar[dict[str, Any]] = {"tactician": _tactician, "random": random_bot}
    default_bot = "tactician"

    @staticmethod
    def bench_figures(args: Any) -> dict[str, Any]:
        """The ``tk`` section of ``hkk bench --ruleset tk`` (engine/tk/bench.py)."""
        from engine.tk import bench

        return bench.figures(args)

    def deck_defs(self) -> list[Any]:
        from engine.tk import pool as P

        return list(P.default_content().decks.values())

    def deck_size(self, deck: Any) -> int:
        return len(deck.cards)


PLUGIN = TkPlugin()
