"""Summoner Wars actions: what a player (or the system, at set-up) submits (summoner-wars.md
§14.2). Ids are card instance ids (``Card.iid``) and square numbers (``row * 6 + col``, see
:mod:`engine.sw.state`). Composite choices are sequences: an event or ability is started with one
action and its targets, squares and options are then asked one at a time (``Pick*``/``Skip``).
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

Id = Annotated[int, msgspec.Meta(ge=0)]


class Act(msgspec.Struct, frozen=True, tag=True, array_like=True):
    pass


class Start(Act):
    """The system's first action: lay out, shuffle, draw, choose who starts."""


class StartScenario(Act):
    """The system's first action of a scenario game: set up the declared position (the spec is
    recorded with the game, so a scenario replays without its file)."""

    spec: bytes                     # the scenario spec, msgpack-encoded


class Summon(Act):
    """SW Idézés.1: summon a unit from hand onto an empty square next to a gate you control."""

    card: Id
    square: Id


class Build(Act):
    """SW Építkezés.1: build a structure from hand in your back 3 rows or next to your summoner."""

    card: Id
    square: Id


class Move(Act):
    """SW Mozgás.1-2: move a unit 1-2 orthogonal steps; ``path`` lists the squares stepped into,
    the last being where it ends (a trampler's path says whom it passes)."""

    unit: Id
    path: tuple[Id, ...]


class Attack(Act):
    """SW Támadás.1-2: attack the card ``target`` with ``unit``."""

    unit: Id
    target: Id


class PlayEvent(Act):
    """SW Események.1: play an event from hand in its phase (its choices are asked next)."""

    card: Id


class UseAbility(Act):
    """Use an activated ability (``ability`` indexes the card's abilities), e.g. Roham."""

    card: Id
    ability: Id


class Discard(Act):
    """SW Mágia.1: discard a card from hand face down for 1 magic."""

    card: Id


class EndPhase(Act):
    """Finish the current phase (the draw phase runs by itself)."""


class PickCard(Act):
    """Answer a pending choice of a card."""

    card: Id


class PickSquare(Act):
    """Answer a pending choice of a square."""

    square: Id


class PickOption(Act):
    """Answer a pending choice among options (``choose_one``, trigger order, reroll, confirm:
    0 = yes)."""

    index: Id


class Skip(Act):
    """Decline an optional ability or step ("may"), or stop choosing more targets."""


class Concede(Act):
    """Give up the game (not in the seed; the opponent wins)."""


Action = Union[Start, StartScenario, Summon, Build, Move, Attack, PlayEvent, UseAbility, Discard,
               EndPhase, PickCard, PickSquare, PickOption, Skip, Concede]

__all__ = ["Action", "Act", "Attack", "Build", "Concede", "Discard", "EndPhase", "Id", "Move",
           "PickCard", "PickOption", "PickSquare", "PlayEvent", "Skip", "Start", "StartScenario",
           "Summon", "UseAbility"]
