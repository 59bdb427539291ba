"""Helpers for the Summoner Wars rule tests: games from inline scenario TOML, new games from
ready decks, and small accessors. Dice are controlled through the die_faces option (ruling R1):
``["m"]`` makes every die a melee hit, ``["s"]`` every die a special, ``["r"]`` a ranged hit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.core import registry
from engine.core.game import Game
from engine.core.log import Seat
from engine.sw import actions as A
from engine.sw import board as B
from engine.sw.scenario import labels_of, load_toml

PLUGIN = registry.get("sw")


def scenario(text: str, **options: Any) -> tuple[Game, dict[str, int]]:
    """A game set up from scenario TOML; returns it and its label -> card id map."""
    spec = load_toml(text)
    header, start = PLUGIN.scenario_game(spec, 7, options=options or None)
    return Game.new(PLUGIN.ruleset_for(header), header, start=start), labels_of(spec)


def new_game(a: str = "polar-dwarves", b: str = "burrow-rabble", seed: int = 1,
             human: bool = True, **options: Any) -> Game:
    kind = "human" if human else "ai:random"
    header = PLUGIN.new_header((a, b), seed, seats=(Seat("A", a, kind), Seat("B", b, kind)),
                               options=options or None)
    return Game.new(PLUGIN.ruleset_for(header), header)


def sq(name: str) -> int:
    return B.parse(name)


def card(game: Game, iid: int) -> Any:
    return game.state.cards[iid]


def at(game: Game, name: str) -> int:
    """The card id on square ``name`` (-1 if empty)."""
    return game.state.board[sq(name)]


def end_phase(game: Game) -> list:
    return game.submit(game.pending().player, A.EndPhase())


def until_phase(game: Game, phase: str, player: int | None = None) -> None:
    """End phases until ``phase`` (of ``player``, if given) is pending."""
    for _ in range(40):
        s = game.state
        if s.phase == phase and not s.tasks and (player is None or s.active == player):
            return
        d = game.pending()
        legal = game.legal_actions(d.player)
        if A.EndPhase() in legal:
            game.submit(d.player, A.EndPhase())
        elif A.Skip() in legal:
            game.submit(d.player, A.Skip())
        else:
            game.submit(d.player, legal[0])
    raise AssertionError(f"never reached the {phase} phase")


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


@contextmanager
def emitted() -> Iterator[list]:
    """Every event the rules emit meanwhile, the task-stack ones included (those are applied
    at once but logged folded, one ``Advanced`` at each entry's end)."""
    from engine.sw.stats import Ctx

    seen: list = []
    real = Ctx.emit

    def spy(self: Ctx, event: object) -> None:
        seen.append(event)
        real(self, event)

    Ctx.emit = spy  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        Ctx.emit = real  # type: ignore[method-assign]


def life_left(game: Game, iid: int) -> int:
    from engine.sw.stats import remaining_life

    return remaining_life(game.ruleset.ctx(game.state), iid)


def strength(game: Game, iid: int) -> int:
    from engine.sw.stats import strength_of

    return strength_of(game.ruleset.ctx(game.state), iid)


def life(game: Game, iid: int) -> int:
    from engine.sw.stats import life_of

    return life_of(game.ruleset.ctx(game.state), iid)


TWO_SUMMONERS = """
[[players]]
magic = {m0}
board = [{{ card = "pd-svara", square = "a1", label = "svara" }}{b0}]
hand = [{h0}]
[[players]]
magic = {m1}
board = [{{ card = "br-grubnik", square = "f8", label = "grubnik" }}{b1}]
hand = [{h1}]
"""


def position(phase: str, b0: str = "", b1: str = "", m0: int = 5, m1: int = 5, h0: str = "",
             h1: str = "", active: int = 0, extra: str = "", **options: Any
             ) -> tuple[Game, dict[str, int]]:
    """Svara (a1) against Grubnik (f8) with extra board cards ``b0``/``b1`` (TOML inline
    tables, each starting with a comma), hands, magic, in ``phase`` of seat ``active``."""
    text = f'active = {active}\nphase = "{phase}"\nturn = 5\n{extra}\n' + TWO_SUMMONERS.format(
        m0=m0, m1=m1, b0=b0, b1=b1, h0=h0, h1=h1)
    return scenario(text, **options)


#: Death Rattle in hand; its target, the Crypt Warden, stands next to an enemy Pilferer it will
#: destroy, and a Wraith Archer within 3 squares of both (one Soul Drift per death, ruling R31)
DEATH_RATTLE_TWO_DEATHS = """
active = 0
phase = "attack"
[[players]]
magic = 3
hand = ["aw-death-rattle"]
board = [{ card = "aw-morkh", square = "a1" },
         { card = "aw-crypt-warden", square = "c4", label = "warden" },
         { card = "aw-wraith-archer", square = "c2", label = "archer" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-pilferer", square = "c5", label = "p" }]
"""

#: the Burrow Rabble's Scrabble on the board at the end of its player's magic phase, with
#: ``{magic}`` magic: its upkeep asks to spend 1 magic or discard it (gl. FELTÉTELES MÓD)
SCRABBLE_UPKEEP = """
active = 1
phase = "magic"
[[players]]
board = [{ card = "pd-svara", square = "a1" }]
[[players]]
magic = {magic}
board = [{ card = "br-grubnik", square = "f8" },
         { card = "br-scrabble", square = "c6", label = "s" }]
"""
