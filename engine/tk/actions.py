"""Tash-Kalar actions: what a seat may submit. Ids are non-negative ints (squares, card
instances, option indices); the rules check that they exist."""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

Id = Annotated[int, msgspec.Meta(ge=0)]


class _A(msgspec.Struct, frozen=True, tag_field="a", omit_defaults=True):
    pass


class Start(_A, tag="start"):
    pass


class StartScenario(_A, tag="scenario"):
    spec: dict[str, Any]


class Place(_A, tag="place"):
    """Place a common piece of your colour on an empty square (TK Akció.lerakás)."""
    square: Id


class PickUp(_A, tag="pickup"):
    """Piece shortage: the place action begins by picking up one of your common or heroic
    pieces (TK Akció.lerakás.hiány); the square to place on is asked next."""
    square: Id


class Summon(_A, tag="summon"):
    """Summon ``card`` from your hand with its pattern in orientation ``orient`` and the
    outlined square on ``square`` (TK Idézés). BATTLE: ``enemy`` + 1 is the square of the one
    enemy piece used in the pattern (TK Csata.rögtönzött); 0 for none."""
    card: Id
    orient: Id
    square: Id
    enemy: Id = 0


class Discard(_A, tag="discard"):
    """Discard a creature card from hand, once per turn (TK Akció.dobás)."""
    card: Id


class CallFlare(_A, tag="flare"):
    """Call a flare (TK Felvillanás); BATTLE: ``target`` is the opponent compared with."""
    card: Id
    target: Id = 0


class EndTurn(_A, tag="end"):
    """End the turn after the last action, declining a flare that could still be called."""


class PickSquare(_A, tag="square"):
    square: Id


class PickCard(_A, tag="pick_card"):
    card: Id


class PickOption(_A, tag="option"):
    index: Id


class Skip(_A, tag="skip"):
    """Decline an optional choice, or stop an 'up to' step."""


class PassControl(_A, tag="pass_control"):
    """TEAM: hand control of the turn to your teammate (TK Csapat.átadás)."""


class Concede(_A, tag="concede"):
    pass


Action = Union[Start, StartScenario, Place, PickUp, Summon, Discard, CallFlare, EndTurn,
               PickSquare, PickCard, PickOption, Skip, PassControl, Concede]
