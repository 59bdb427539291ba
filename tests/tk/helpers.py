"""Helpers for the Tash-Kalar rule tests: games from the shipped scenario files or inline TOML,
squares by name, and the events an action produced."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.game import Game
from engine.tk import actions as A
from engine.tk.plugin import PLUGIN
from engine.tk.scenario import load_file, load_toml, square

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "saves" / "tk" / "scenarios"


def scenario(name: str, **options: Any) -> Game:
    """A game set up from ``saves/tk/scenarios/<name>.toml``."""
    spec = load_file(SCENARIOS / f"{name}.toml")
    header, start = PLUGIN.scenario_game(spec, 7, options=options or None)
    return Game.new(PLUGIN.ruleset_for(header), header, start=start)


def inline(text: str) -> Game:
    spec = load_toml(text)
    header, start = PLUGIN.scenario_game(spec, 7)
    return Game.new(PLUGIN.ruleset_for(header), header, start=start)


def sq(name: str) -> int:
    return square(name)


def card_in_hand(game: Game, seat: int, cid: str) -> int:
    s = game.state
    return next(i for i in s.players[seat].hand if s.cards[i].cid == cid)


def summons_of(game: Game, seat: int, iid: int) -> list[A.Summon]:
    return [a for a in game.legal_actions(seat) if isinstance(a, A.Summon) and a.card == iid]


def rules_cited(events: list[Any]) -> list[str]:
    return [PLUGIN.rule_of(e) for e in events]
