"""Hatalom Kártyái as a platform plugin (engine.core.registry): name, citations, seats, options,
content, rules table, codec, scenarios and bots; the shared answers are
engine.core.content.ContentPlugin's."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import msgspec

from engine.core.content import ContentPlugin, random_bot
from engine.core.log import Header, Seat, sealed
from engine.hkk import pool as P
from engine.hkk import session
from engine.hkk.actions import SetupScenario
from engine.hkk.greedy import GreedyBot
from engine.hkk.scenario import load_file


def _greedy(ruleset: Any, seed: int) -> Any:
    return GreedyBot(ruleset.pool, seed)


class HkkPlugin(ContentPlugin):
    package = "engine.hkk"
    name = "hkk"
    prefix = "K"
    title: ClassVar[dict[str, str]] = {"en": "Hatalom Kártyái", "hu": "Hatalom Kártyái"}
    seats = (2, 2)
    bots: ClassVar[dict[str, Any]] = {"greedy": _greedy, "random": random_bot}
    default_bot = "greedy"
    options_module = "turn"

    def long_game_header(self, seed: int) -> Header:
        """A set-up for the bench's long game: both seats with 3 copies of every card of the pool
        (a legal deck), no turn limit, every window asked (auto-pass off)."""
        pool = P.default_pool()
        big = tuple(cid for cid in sorted(pool) for _ in range(3))
        decks = [d.id for d in P.list_decks(pool)]
        header = session.make_header(
            (decks[0], decks[1]), seed, pool=pool,
            seats=(Seat("A", "all", "ai:random"), Seat("B", "all", "ai:random")),
            options={"max_turns": 100_000, "exhaustion_rounds": 3, "auto_pass": False})
        return sealed(msgspec.structs.replace(header, decklists=(big, big)))

    # -- scenarios: a file names cards of the pool; the set-up is an action of its own ----------
    def load_scenario(self, path: Path) -> Any:
        return load_file(path, P.load_pool())

    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]:
        header = session.scenario_header(spec, seed, seats=seats,  # type: ignore[arg-type]
                                         options=options)
        return header, SetupScenario(spec)


PLUGIN = HkkPlugin()
