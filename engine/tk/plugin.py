"""Tash-Kalar as a platform plugin (engine.core.registry): name, citations, seats, options,
content, rules table, codec, scenarios and bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.log import Header, Seat
from engine.core.registry import ContentProblem, DeckInfo
from engine.tk import rulebook, rulings  # noqa: F401 - rulings add their codes to the table


def _random(ruleset: Any, seed: int) -> Any:
    from engine.ai.bots import RandomBot

    return RandomBot(seed)


def _tactician(ruleset: Any, seed: int) -> Any:
    from engine.tk.bot import TacticianBot

    return TacticianBot(ruleset, seed)


def _search(ruleset: Any) -> Any:
    from engine.tk import search_hooks

    return search_hooks.hooks(ruleset)


class TkPlugin:
    name = "tk"
    prefix = "TK"
    title = {"en": "Tash-Kalar", "hu": "Tash-Kalar"}
    seats = (2, 4)
    bots = {"tactician": _tactician, "random": _random}
    default_bot = "tactician"
    search = staticmethod(_search)

    @staticmethod
    def bench_figures(args: Any) -> dict[str, Any]:
        """The ``tk`` section of ``hkk bench --ruleset tk`` (engine/tk/bench.py)."""
        from engine.tk import bench

        return bench.figures(args)

    @property
    def options(self) -> dict[str, Any]:
        return dict(rulings.DEFAULT_OPTIONS)

    def ruleset_for(self, header: Header) -> Any:
        from engine.tk import session

        return session.ruleset_for(header)

    def codec(self) -> Any:
        from engine.tk import session

        return session.codec()

    def rules(self) -> dict[str, tuple[str, str]]:
        return dict(rulebook.RULES)

    def rule_of(self, event: Any) -> str:
        return rulebook.rule_of(event)

    def decks(self) -> list[DeckInfo]:
        from engine.tk import pool as P

        return [DeckInfo(d.id, {"en": d.name.en, "hu": d.name.hu},
                         {"en": d.description.en, "hu": d.description.hu}, len(d.cards))
                for d in P.default_content().decks.values()]

    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]:
        from engine.tk import pool as P

        return [ContentProblem(p.file, p.card, p.message) for p in P.validate_files(files)]

    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header:
        from engine.tk import session

        return session.make_header(tuple(decks), seed, seats=seats, options=options, title=title)

    def load_scenario(self, path: Path) -> Any:
        from engine.tk import scenario

        return scenario.load_file(path)

    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]:
        from engine.tk import scenario

        return scenario.game(spec, seed, seats=seats, options=options)


PLUGIN = TkPlugin()
