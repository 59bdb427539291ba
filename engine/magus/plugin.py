"""M.A.G.U.S. as a platform plugin (engine.core.registry): name ``mk`` (alias ``magus``),
citations ``MK``, content, rules table, codec and bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.log import Header, Seat
from engine.core.registry import ContentProblem, DeckInfo
from engine.magus import rulebook, search_hooks
from engine.magus.rulings import DEFAULT_OPTIONS


def _random(ruleset: Any, seed: int) -> Any:
    from engine.ai.bots import RandomBot

    return RandomBot(seed)


def _squire(ruleset: Any, seed: int) -> Any:
    from engine.magus.bot import SquireBot

    return SquireBot(ruleset.pool, seed)


class MkPlugin:
    name = "mk"
    aliases = ("magus",)
    prefix = "MK"
    title = {"en": "M.A.G.U.S.", "hu": "M.A.G.U.S."}
    seats = (2, 2)
    menu = False          # not on the title screen until its own UI lands (issue 18)
    bots = {"squire": _squire, "random": _random}
    default_bot = "squire"
    search = staticmethod(search_hooks.hooks)      # engine.core.search

    @property
    def options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def ruleset_for(self, header: Header) -> Any:
        from engine.magus import session

        return session.ruleset_for(header)

    def codec(self) -> Any:
        from engine.magus import session

        return session.codec()

    def rules(self) -> dict[str, tuple[str, str]]:
        return dict(rulebook.RULES)

    def rule_of(self, event: Any) -> str:
        return rulebook.rule_of(event)

    def decks(self) -> list[DeckInfo]:
        from engine.magus import pool as P

        return [DeckInfo(d.id, {"en": d.name.en, "hu": d.name.hu},
                         {"en": d.description.en, "hu": d.description.hu},
                         sum(d.cards.values())) for d in P.list_decks()]

    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]:
        from engine.magus import pool as P

        return [ContentProblem(p.file, p.card, p.message) for p in P.validate_files(files)]

    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header:
        from engine.magus import session

        if len(decks) != 2:
            raise ValueError(f"M.A.G.U.S. is a game for two: give two decks, not {len(decks)}.")
        return session.make_header((decks[0], decks[1]), seed, seats=seats, options=options,
                                   title=title)

    def load_scenario(self, path: Path) -> Any:
        raise ValueError("M.A.G.U.S. scenarios as files come in the next part (issue 18); "
                         "tests build positions with engine.magus.scenario.")

    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]:
        raise ValueError("M.A.G.U.S. scenarios as files come in the next part (issue 18).")


PLUGIN = MkPlugin()
