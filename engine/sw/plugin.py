"""Summoner Wars as a platform plugin (engine.core.registry): name, citations, seats, options,
content, rules table, codec, scenarios and bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.log import Header, Seat
from engine.core.registry import ContentProblem, DeckInfo
from engine.sw import rulebook, search_hooks
from engine.sw.rulings import DEFAULT_OPTIONS


def _random(ruleset: Any, seed: int) -> Any:
    from engine.ai.bots import RandomBot

    return RandomBot(seed)


def _warlord(ruleset: Any, seed: int) -> Any:
    from engine.sw.bot import WarlordBot

    return WarlordBot(ruleset.pool, seed)


class SwPlugin:
    name = "sw"
    prefix = "SW"
    title = {"en": "Summoner Wars", "hu": "Summoner Wars"}
    seats = (2, 2)
    bots = {"warlord": _warlord, "random": _random}
    default_bot = "warlord"
    search = staticmethod(search_hooks.hooks)      # engine.core.search

    @property
    def options(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULT_OPTIONS.items()}

    # -- rules and records -----------------------------------------------------------------
    def ruleset_for(self, header: Header) -> Any:
        from engine.sw import session

        return session.ruleset_for(header)

    def codec(self) -> Any:
        from engine.sw import session

        return session.codec()

    def rules(self) -> dict[str, tuple[str, str]]:
        return dict(rulebook.RULES)

    def rule_of(self, event: Any) -> str:
        return rulebook.rule_of(event)

    # -- content -----------------------------------------------------------------------------
    def decks(self) -> list[DeckInfo]:
        from engine.sw import pool as P

        return [DeckInfo(d.id, {"en": d.name.en, "hu": d.name.hu},
                         {"en": d.description.en, "hu": d.description.hu},
                         sum(d.cards.values())) for d in P.list_decks()]

    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]:
        from engine.sw import pool as P

        return [ContentProblem(p.file, p.card, p.message) for p in P.validate_files(files)]

    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header:
        from engine.sw import session

        if len(decks) != 2:
            raise ValueError(f"Summoner Wars is a game for two: give two decks, not {len(decks)}.")
        return session.make_header((decks[0], decks[1]), seed, seats=seats, options=options,
                                   title=title)

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

    # -- scenarios ---------------------------------------------------------------------------
    def load_scenario(self, path: Path) -> Any:
        from engine.sw import scenario

        return scenario.load_file(path)

    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]:
        from engine.sw import scenario

        return scenario.game(spec, seed, seats=seats, options=options)


PLUGIN = SwPlugin()
