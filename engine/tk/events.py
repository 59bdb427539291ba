"""Tash-Kalar events: what happened, the only input of the reducer. Every event cites a rule
(``rule`` field, or :func:`engine.tk.rulebook.rule_of` by type). Random outcomes carry the new
RNG state (``rng``), hidden in redacted copies."""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core.protocol import Result
from engine.tk.state import Ask, Effect


class _E(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True):
    pass


class SetUp(_E, tag="setup"):
    """Symbol and centre squares of the board side in play (TK Előkészület.1)."""
    symbols: tuple[int, ...]
    centre: tuple[int, ...]
    rule: str = "TK Előkészület.1"


class Shuffled(_E, tag="shuffled"):
    """A pile shuffled: ``pile`` is "deck" (the seat's own), "legends", "flares" or "tasks"."""
    pile: str
    seat: int
    order: tuple[int, ...]
    rng: int
    rule: str = "TK Előkészület.4"


class Drawn(_E, tag="drawn"):
    """A card drawn into a seat's hand (``card`` -1 when hidden from the viewer)."""
    seat: int
    pile: str
    card: int
    rule: str = "TK Kör.húzás"


class Moved(_E, tag="card"):
    """A card moved between zones: played to the table, discarded, put under its pile
    (``deck_bottom``, ``legends_bottom``, ``flares_bottom``, ``tasks_bottom``: hidden from the
    other seats when it came from a hand), handed to a teammate, a task revealed or claimed."""
    card: int
    seat: int
    to: str
    rule: str


class Placed(_E, tag="placed"):
    square: int
    colour: int
    rank: int
    rule: str


class Removed(_E, tag="removed"):
    """A piece left the board: ``destroyed`` by ``by`` (-1: picked up, not destroyed); ``aside``
    when it waits beside the board for this turn's scoring (TK Hatás.pusztítás.számlálás)."""
    square: int
    by: int = -1
    destroyed: bool = True
    aside: bool = False
    rule: str = "TK Hatás.pusztítás"


class Ranked(_E, tag="ranked"):
    """A piece changed rank (upgrade, downgrade, or a flip under shortage)."""
    square: int
    rank: int
    rule: str


class Stepped(_E, tag="stepped"):
    """A piece moved or jumped from ``src`` to ``dst`` (what stood there is removed before)."""
    src: int
    dst: int
    rule: str


class TurnBegun(_E, tag="turn"):
    seat: int
    turn: int
    actions: int
    rule: str = "TK Kör.1"


class ActionsLeft(_E, tag="actions"):
    actions: int
    rule: str


class Flags(_E, tag="flags"):
    """The turn's once-only marks: discard done, flare called."""
    discarded: bool
    flared: int
    rule: str


class EffectSet(_E, tag="effect"):
    """The effect being resolved, as it stands now (None: none)."""
    effect: Effect | None
    rule: str = "TK Hatás.1"


class Asked(_E, tag="ask"):
    """The choice the game waits for now (None: none)."""
    ask: Ask | None
    rule: str = ""


class Scored(_E, tag="scored"):
    """``points`` to ``seat`` (DUEL/HF: the side) in ``colour`` (BATTLE; 0 otherwise)."""
    seat: int
    colour: int
    points: int
    rule: str


class AsideReturned(_E, tag="returned"):
    """The pieces set aside this turn go back to their owners after scoring."""
    rule: str = "TK R.7"


class ImprovisedUsed(_E, tag="improvised"):
    seat: int
    colour: int
    rule: str = "TK Csata.rögtönzött"


class ExtraDraw(_E, tag="extra"):
    """An extra card of ``card`` kind to draw at the end of this turn (TK Hatás.extra)."""
    seat: int
    card: str
    rule: str = "TK Hatás.extra"


class ControlPassed(_E, tag="control"):
    seat: int
    rule: str = "TK Csapat.átadás"


class Reshuffled(_E, tag="reshuffled"):
    """A legend or flare discard pile shuffled into a new deck (TK Kör.húzás.keverés)."""
    pile: str
    order: tuple[int, ...]
    rng: int
    rule: str = "TK Kör.húzás.keverés"


class EndTriggered(_E, tag="trigger"):
    seat: int
    rule: str
    final_left: int = 0


class FinalTurn(_E, tag="final"):
    final_left: int
    rule: str = "TK Vége.kör"


class Conceded(_E, tag="conceded"):
    seat: int
    rule: str = "TK Vége.feladás"


class GameEnded(_E, tag="ended"):
    result: Result
    rule: str


Event = Union[SetUp, Shuffled, Drawn, Moved, Placed, Removed, Ranked, Stepped,
              TurnBegun, ActionsLeft, Flags, EffectSet, Asked, Scored, AsideReturned,
              ImprovisedUsed, ExtraDraw, ControlPassed, Reshuffled, EndTriggered, FinalTurn,
              Conceded, GameEnded]

HIDDEN_OR_RANDOM = (Shuffled, Drawn, Reshuffled)
