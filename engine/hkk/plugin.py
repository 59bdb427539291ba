"""Hatalom Kártyái as a platform plugin (engine.core.registry): name, citations, seats, options,
content, rules table, codec, scenarios and bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from engine.core.log import Header, Seat, sealed
from engine.core.registry import ContentProblem, DeckInfo
from engine.hkk import pool as P
from engine.hkk import rulebook, search_hooks, session
from engine.hkk.actions import SetupScenario
from engine.hkk.greedy import GreedyBot
from engine.hkk.scenario import load_file
from engine.hkk.turn import DEFAULT_OPTIONS


def _greedy(ruleset: Any, seed: int) -> Any:
    return GreedyBot(ruleset.pool, seed)


def _random(ruleset: Any, seed: int) -> Any:
    from engine.ai.bots import RandomBot

    return RandomBot(seed)


class HkkPlugin:
    name = "hkk"
    prefix = "K"
    title = {"en": "Hatalom Kártyái", "hu": "Hatalom Kártyái"}
    seats = (2, 2)
    bots = {"greedy": _greedy, "random": _random}
    default_bot = "greedy"
    search = staticmethod(search_hooks.hooks)      # engine.core.search

    @property
    def options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    # -- rules and records -----------------------------------------------------------------
    def ruleset_for(self, header: Header) -> Any:
        return session.ruleset_for(header)

    def codec(self) -> Any:
        return session.codec()

    def rules(self) -> dict[str, tuple[str, str]]:
        return dict(rulebook.RULES)

    def rule_of(self, event: Any) -> str:
        return rulebook.rule_of(event)

    # -- content -----------------------------------------------------------------------------
    def decks(self) -> list[DeckInfo]:
        return [DeckInfo(d.id, {"en": d.name.en, "hu": d.name.hu},
                         {"en": d.description.en, "hu": d.description.hu},
                         sum(d.cards.values())) for d in P.list_decks()]

    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]:
        return [ContentProblem(p.file, p.card, p.message) for p in P.validate_files(files)]

    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header:
        if len(decks) != 2:
            raise ValueError(f"Hatalom Kártyái is a game for two: give two decks, not "
                             f"{len(decks)}.")
        return session.make_header((decks[0], decks[1]), seed,
                                   seats=seats,  # type: ignore[arg-type]
                                   options=options, title=title, pool=P.default_pool())

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

    # -- scenarios ---------------------------------------------------------------------------
    def load_scenario(self, path: Path) -> Any:
        return load_file(path, P.load_pool())

    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]:
        """The header of a game set up as ``spec`` declares, and the set-up action."""
        header = session.scenario_header(spec, seed, seats=seats,  # type: ignore[arg-type]
                                         options=options)
        return header, SetupScenario(spec)


PLUGIN = HkkPlugin()
