"""Summoner Wars events: everything that happens, as data (the reducer applies them).

Every event cites a rule (:func:`engine.sw.rulebook.rule_of`): events with a ``rule`` field carry
it, the others have one fixed rule per type. Random outcomes (shuffles, who starts, every die)
are events carrying the outcome and the new RNG state, so replays, undo and the debugger show them
and :meth:`reveals_hidden` keeps undo from crossing them.

Die faces are strings of symbols: ``m`` melee hit, ``r`` ranged hit, ``s`` special (a face may
carry two, e.g. ``mr``); the face table is a game option (ruling R1).
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.sw.state import Task


class Ev(msgspec.Struct, frozen=True, tag=True, array_like=True):
    pass


# ---------------------------------------------------------------------------- set-up and turns
class DeckShuffled(Ev):               # SW Előkészületek.5
    player: int
    order: tuple[int, ...]
    rng: int


class CardDrawn(Ev):                  # SW Előkészületek.5, SW Húzás.1
    player: int
    card: int                         # -1 when redacted for the other seat
    rule: str


class StartingCardPlaced(Ev):         # SW Előkészületek.4
    player: int
    card: int
    square: int


class FirstPlayerChosen(Ev):          # SW Előkészületek.6 (random)
    player: int
    rng: int


class MagicChanged(Ev):               # SW Mágiapont.1-2 and the rule of the gain or spending
    player: int
    amount: int                       # signed change actually made
    value: int                        # the new total
    rule: str


class TurnBegan(Ev):                  # SW A játék menete.1
    player: int
    turn: int


class PhaseBegan(Ev):                 # SW A játék menete.1
    phase: str


class TurnMarksCleared(Ev):           # SW A játék menete.1: per-turn marks end with the turn
    player: int


class GameEnded(Ev):                  # SW A játék vége.1, gl. IDÉZŐ, concession
    winners: tuple[int, ...]
    reason: str
    rule: str


class Conceded(Ev):                   # SW Feladás (ours, ruling R18)
    player: int


# ---------------------------------------------------------------------------- cards moving
class Summoned(Ev):                   # SW Idézés.1
    player: int
    card: int
    square: int


class Built(Ev):                      # SW Építkezés.1
    player: int
    card: int
    square: int


class Moved(Ev):                      # SW Mozgás.2 (or a Roham run)
    card: int
    path: tuple[int, ...]
    rule: str


class Pushed(Ev):                     # gl. KÉNYSZERÍTÉS
    card: int
    square: int                       # where it ends


class Placed(Ev):                     # gl. HELYEZNI (from a zone onto an empty square)
    card: int
    square: int
    rule: str


class Relocated(Ev):                  # gl. HELYEZNI: a card on the battlefield put on another
    card: int                         # square (neither moving nor pushing; it keeps its tokens)
    square: int
    rule: str


class TaskRaised(Ev):                 # gl. IDŐZÍTÉS: the active player picks which waiting
    depth: int                        # trigger resolves first (the task ``depth`` below the top)


class Swapped(Ev):                    # gl. HELYET CSERÉL
    a: int
    b: int


class PutUnder(Ev):                   # gl. ALATT
    card: int
    host: int


class CardDiscarded(Ev):              # gl. LAPDOBÁS: tokens off, to its owner's discard pile
    card: int
    rule: str


class HandDiscarded(Ev):              # SW Mágia.1: from hand, face down (-1 redacted)
    player: int
    card: int


class ReturnedToHand(Ev):             # gl. VISSZAVENNI A KEZEDBE
    card: int


class Destroyed(Ev):                  # SW Kártyák sérülése.2, gl. ELPUSZTUL
    card: int
    by: int                           # the card whose attack or effect destroyed it (-1: none)
    rule: str


class EventPlayed(Ev):                # SW Események.1
    player: int
    card: int


class EventActivated(Ev):             # gl. AKTÍV ESEMÉNY: to the active events area
    player: int
    card: int


# ---------------------------------------------------------------------------- tokens
class Damaged(Ev):                    # SW Kártyák sérülése.1
    card: int
    amount: int
    source: int                       # the card that dealt it (-1: a rule, e.g. inactivity)
    rule: str


class Healed(Ev):                     # gl. ELTÁVOLÍTANI
    card: int
    amount: int
    rule: str


class ChargesChanged(Ev):             # gl. TÖLTET
    card: int
    amount: int                       # signed
    rule: str


class StrengthBoosted(Ev):            # "until the end of the turn"
    card: int
    amount: int
    rule: str


class ExtraAttackGranted(Ev):         # gl. EXTRA
    card: int
    rule: str


class AbilityUsed(Ev):                # once-per-turn bookkeeping ("körönként egyszer")
    card: int
    ability: int


class SlotUsed(Ev):                   # SW Mozgás.1 / SW Támadás.1 / gl. HELYETT: a move or attack
    card: int                         # slot taken without a move or attack (instead-abilities)
    slot: str                         # "move" | "attack"


# ---------------------------------------------------------------------------- attacks
class AttackDeclared(Ev):             # SW Támadás.1-2
    unit: int
    target: int
    kind: str                         # melee | ranged
    slot: str                         # "slot" (one of the 3), "extra" (a granted extra attack,
                                      # gl. EXTRA) or "free" (an attack that counts as extra by
                                      # itself, Könyörtelen)


class DiceRolled(Ev):                 # SW Támadás.3 (random)
    unit: int
    faces: tuple[str, ...]
    rng: int


class DiceRerolled(Ev):               # gl. ÚJRADOBÁS (random)
    indexes: tuple[int, ...]
    faces: tuple[str, ...]            # the new faces of those dice
    rng: int


class HitsCounted(Ev):                # SW Támadás.4
    hits: int


class AttackEnded(Ev):                # SW Támadás.4 (the attack's steps are over)
    unit: int


class InactivityPenalty(Ev):          # SW A tétlenség ára.1 (the damage follows as Damaged)
    player: int


# ---------------------------------------------------------------------------- pending work
class TaskPushed(Ev):                 # gl. IDŐZÍTÉS / gl. UTÁN
    task: Task


class TaskPopped(Ev):
    pass


class TaskReplaced(Ev):
    task: Task


class PositionSet(Ev):                # a scenario's declared position (ruling R17)
    data: bytes


class Advanced(Ev, omit_defaults=True):  # gl. IDŐZÍTÉS / gl. UTÁN
    """The task stack one entry moved, folded into one event at the entry's end (rules version
    2; before it every push, pop, replacement and raise of a task was an event of its own:
    :class:`TaskPushed`, :class:`TaskPopped`, :class:`TaskReplaced`, :class:`TaskRaised`, still
    read from older saves). The stack's bottom ``keep`` tasks were untouched by the entry;
    ``push`` lies on them now."""

    keep: int
    push: tuple[Task, ...] = ()


Event = Union[
    DeckShuffled, CardDrawn, StartingCardPlaced, FirstPlayerChosen, MagicChanged, TurnBegan,
    PhaseBegan, TurnMarksCleared, GameEnded, Conceded, Summoned, Built, Moved, Pushed, Placed,
    Relocated, TaskRaised, Swapped, PutUnder, CardDiscarded, HandDiscarded, ReturnedToHand,
    Destroyed, EventPlayed,
    EventActivated, Damaged, Healed, ChargesChanged, StrengthBoosted, ExtraAttackGranted,
    AbilityUsed, SlotUsed, AttackDeclared, DiceRolled, DiceRerolled, HitsCounted, AttackEnded,
    InactivityPenalty, TaskPushed, TaskPopped, TaskReplaced, PositionSet, Advanced,
]

#: Events that show a random outcome or hidden card (undo never crosses them against a person).
HIDDEN_OR_RANDOM = (DeckShuffled, CardDrawn, FirstPlayerChosen, DiceRolled, DiceRerolled)
