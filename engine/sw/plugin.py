"""Summoner Wars as a platform plugin (engine.core.registry): name, citations, seats, options,
content, rules table, codec, scenarios and bots; the shared answers are
engine.core.content.ContentPlugin's."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.content import ContentPlugin, random_bot
from engine.core.log import Header, Seat


def _warlord(ruleset: Any, seed: int) -> Any:
    from engine.sw.bot import WarlordBot

    return WarlordBot(ruleset.pool, seed)


class SwPlugin(ContentPlugin):
    package = "engine.sw"
    name = "sw"
    prefix = "SW"
    title: ClassVar[dict[str, str]] = {"en": "Summoner Wars", "hu": "Summoner Wars"}
    seats = (2, 2)
    bots: ClassVar[dict[str, Any]] = {"warlord": _warlord, "random": random_bot}
    default_bot = "warlord"

    def long_game_header(self, seed: int) -> Header:
        """A set-up for the bench's long game (2,000+ entries between random bots): dice that
        only show specials and no inactivity penalty, so no summoner falls and the game runs to
        its turn limit (legal options, rulings R1, R12, R26)."""
        from engine.sw import session

        ids = [d.id for d in self.decks()]
        return session.make_header((ids[0], ids[-1]), seed,
                                   seats=(Seat("A", ids[0], "ai:random"),
                                          Seat("B", ids[-1], "ai:random")),
                                   options={"die_faces": ["s"], "inactivity": "off",
                                            "max_turns": 170})


PLUGIN = SwPlugin()
