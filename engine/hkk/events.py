"""HKK events — the table of contents of the game.

Every state change is one of these small, frozen, tagged facts; :mod:`engine.hkk.reducer` applies
each. ``rule`` fields carry the Kódex number that produced the event, for the log and debugger.
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.hkk.state import Attack, LineItem, Target, Task, Trigger


class Ev(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Base of every HKK event."""


# ---- setup and turn structure (K 3, 28, 29-41) -------------------------------------------
class DeckShuffled(Ev):                 # K 2.3.3, 28
    player: int
    order: tuple[int, ...]
    rng: int


class StarterChosen(Ev):                # K 3.6, 28.6 (random)
    player: int
    rng: int


class StartCeded(Ev):                   # K 3.7
    player: int


class CardDrawn(Ev):                    # K 4.12, 30
    player: int
    card: int
    opening: bool = False               # K 4.12.2: the opening hand is not a "draw" trigger


class TurnBegan(Ev):                    # K 29.3.2
    player: int
    turn: int
    #: rules 4: the turn before it ended here, with this count of quiet rounds (K 3.16, 41.5;
    #: was a :class:`TurnEnded` of its own); -1: no turn ended (the first turn, rules 1-3)
    quiet_rounds: int = -1


class StepBegan(Ev):                    # K 4.11
    phase: str
    step: int


class TurnEnded(Ev):                    # K 41.5
    player: int
    quiet_rounds: int


class GameEnded(Ev):                    # K 3.14-3.16, 2.8
    winner: int
    reason: str
    rule: str


# ---- resources (K 3.12-3.19, 7, 29.3, 67) ------------------------------------------------
class VpChanged(Ev):
    player: int
    amount: int
    reason: str
    rule: str = ""


class McChanged(Ev):
    player: int
    amount: int
    reason: str
    rule: str = ""


class LifeChanged(Ev):                  # damage (negative) or healing to a player
    player: int
    amount: int
    source: int
    rule: str = ""


class MaxLifeChanged(Ev):
    player: int
    amount: int
    source: int


# ---- the task stack (pending work and decisions) -----------------------------------------
class TaskPushed(Ev):
    task: Task


class TaskPopped(Ev):
    """The top task is done."""


class TaskReplaced(Ev):
    task: Task


class TasksCleared(Ev):                 # turn-break (K 40.3)
    """All pending work is dropped (a turn-break)."""


#: Every phase stage / step of a turn, in order (K 4.11, 29-41): :class:`Advanced` names a step
#: by its index here.
STEPS: tuple[tuple[str, int], ...] = (
    ("prep", 1), ("prep", 2), ("prep", 3), ("prep", 4), ("draw", 0), ("main1", 0),
    ("exchange", 0), ("combat", 0), ("combat", 1), ("combat", 2), ("combat", 3),
    ("combat", 4), ("combat", 5), ("combat", 6), ("combat", 7), ("combat", 8), ("main2", 0),
    ("healing", 0), ("end", 1), ("end", 2), ("end", 3), ("end", 4), ("end", 5),
)
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}


class Advanced(Ev, omit_defaults=True):  # K 4.11
    """The rules machinery one entry moved, folded into one event at the entry's end (rules
    version 3; before it every push, pop and replacement of a task and every step begun was an
    event of its own: :class:`TaskPushed`, :class:`TaskPopped`, :class:`TaskReplaced`,
    :class:`StepBegan`, still read from older saves). The task stack's bottom ``keep`` tasks
    were untouched by the entry, ``push`` lies on them now. ``steps`` are the phase stages /
    steps begun in the entry, in order, as pairs (how many of the entry's events came after it,
    its index in :data:`STEPS`); the last one is the current step."""

    keep: int
    push: tuple[Task, ...] = ()
    steps: tuple[int, ...] = ()


def unfold(events: object) -> list[object]:
    """Events with each step begun put back where it began, as a :class:`StepBegan` (the
    readable log's order); each :class:`Advanced` itself stays, last of its entry. The end of
    a turn that rules 4 folds into the next :class:`TurnBegan` is read as the
    :class:`TurnEnded` it was (applying both sets the same count). ``events`` may run over
    several entries. Events of older saves, which carry their steps, come back as they are."""
    out: list[object] = []
    for e in events:  # type: ignore[attr-defined]
        if type(e) is Advanced and e.steps:
            steps = e.steps
            end = len(out)
            tail = [StepBegan(*STEPS[steps[i + 1]]) for i in range(0, len(steps), 2)]
            cuts = [max(0, end - steps[i]) for i in range(0, len(steps), 2)]
            rest = out[cuts[0]:]
            del out[cuts[0]:]
            k = cuts[0]
            for cut, step in zip(cuts, tail):
                out.extend(rest[k - cuts[0]:cut - cuts[0]])
                k = cut
                out.append(step)
            out.extend(rest[k - cuts[0]:])
        out.append(e)
    if any(type(e) is TurnBegan and e.quiet_rounds >= 0 for e in out):
        read: list[object] = []
        for e in out:
            if type(e) is TurnBegan and e.quiet_rounds >= 0:
                read.append(TurnEnded(1 - e.player, e.quiet_rounds))
            read.append(e)
        out = read
    return out


def steps_begun(events: object) -> list[tuple[str, int]]:
    """The (phase, step) of every stage / step begun in ``events``, in order, whether recorded
    one event each (rules version 2 and before) or folded (:class:`Advanced`)."""
    return [(e.phase, e.step) for e in unfold(events) if type(e) is StepBegan]


# ---- cards and zones (K 4-5, 8) ----------------------------------------------------------
class CardMoved(Ev):
    card: int
    zone: str
    controller: int
    active: bool
    reason: str
    rule: str = ""
    host: int = -1                      # the permanent it is attached to (K 8.11)


class CardTurned(Ev):                   # passivate / activate (K 5.5.7)
    card: int
    active: bool
    rule: str = ""


class PlayerActivated(Ev):              # prep stage 3 (K 29.5)
    player: int


class GuardMoved(Ev):                   # exchange phase (K 32.1), or an effect (K 5.4.3.1)
    card: int
    to_guard: bool
    rule: str = ""                      # set when an effect moved it (K 5.4.3.1)
    #: rules 4: the once-per-turn key this move uses up (K 90; was an :class:`AbilityUsed`)
    used: str = ""


class CardDamaged(Ev):                  # K 4.25, 36.4, 37.7 (one event per target per step)
    card: int
    amount: int
    source: int
    rule: str = ""


class WoundsChecked(Ev):                # K 37.0
    """The creatures damaged since the last check have had their life-saving window (or need
    none): ``State.wounded`` starts afresh."""


class ComponentsWaived(Ev):             # K 67.4
    """``player`` leaves ``amount`` of the monster components of ``card`` unextracted."""

    player: int
    card: int
    amount: int


class CreatureShifted(Ev):              # K 32.4
    """A creature takes place ``index`` within its guard post or reserve."""

    card: int
    index: int


class DrawOffered(Ev):                  # K 2.8.1
    player: int


class DrawDeclined(Ev):                 # K 2.8.2
    player: int


class DrawAgreed(Ev):                   # K 2.8.1, 2.8.3
    """Both players agreed to a draw (the GameEnded event that follows records it)."""

    player: int                         # who accepted


class CardHealed(Ev):                   # K 4.26
    card: int
    amount: int
    source: int


class CountersChanged(Ev):              # K 117
    card: int
    kind: str
    amount: int


class Pumped(Ev):                       # until end of turn (K 41.4)
    card: int
    damage: int
    hp: int


class KeywordGranted(Ev):               # a keyword until end of turn (K 41.4)
    card: int
    keyword: str
    rule: str = ""


class Repaired(Ev):                     # K 41.3
    """Damaged creatures and buildings return to full HP/SP."""


class TurnEffectsExpired(Ev):           # K 41.4
    """'Until end of turn' effects end."""


class AbilityUsed(Ev):                  # K 90 once-per-turn bookkeeping
    card: int
    key: str


class Regenerated(Ev):                  # K 136.8
    card: int
    amount: int


class RandomPicked(Ev):                 # a random choice among n, recorded with the RNG state
    n: int
    picked: int
    rng: int


class CardsPlayedCounted(Ev):
    player: int


# ---- reaction line (K 94-95, 21) ---------------------------------------------------------
class LinePushed(Ev):
    item: LineItem
    #: rules 4 folds two bookkeeping events in here: the play counts toward the cards played
    #: this turn (K 21.14; was :class:`CardsPlayedCounted`), and the once-per-turn key it
    #: uses up on ``item.card`` (K 90; was :class:`AbilityUsed`)
    counted: bool = False
    used: str = ""


class LinePopped(Ev):
    """The top item leaves the reaction line to resolve."""


class LineItemPrevented(Ev):            # K 94.2, 4.21.2
    index: int
    by: int


class LineItemRetargeted(Ev):           # K 21.5.3
    index: int
    targets: tuple[Target, ...]


# ---- related effects (K 22, 133) ---------------------------------------------------------
class TriggerQueued(Ev):
    trigger: Trigger


class TriggerTaken(Ev):
    index: int


# ---- combat (K 33-38) --------------------------------------------------------------------
class CombatBegan(Ev):
    """The combat phase opens its record of attacks."""


class AttackDeclared(Ev):               # K 34.1
    attack: Attack


class AttackWithdrawn(Ev):
    attacker: int
    used: str = ""                      # rules 4: the once-per-turn key it uses up (K 90)


class HitBackChosen(Ev):                # K 34.8
    defender: int
    attacker: int


class CombatAbilityAnnounced(Ev):       # K 35.3
    card: int
    amount: int


class CombatEnded(Ev):                  # K 36.11
    """The combat phase is over."""


class PlayerSet(Ev):                    # scenario set-up: a declared position
    player: int
    life: int
    max_life: int
    vp: int
    max_vp: int
    mc: int
    turns: int


class TurnSet(Ev):                      # scenario set-up
    turn: int
    active: int
    starter: int


class Conceded(Ev):                     # K 2.8.2
    player: int


class DamagePrevented(Ev):              # K 15.3, 132.4, 132.13
    """Damage that a rule made 0: the strike of a creature without magic attack on one with
    magic defence (K 15.3), any damage to a card that cannot be damaged (K 132.13), a damaging
    spell on a creature with magic immunity (K 132.4). Changes nothing; it is the log's line."""
    card: int
    amount: int                         # the damage that would have been dealt
    source: int
    keyword: str                        # the keyword that prevented it
    rule: str


Event = Union[
    DeckShuffled, StarterChosen, StartCeded, CardDrawn, TurnBegan, StepBegan, TurnEnded,
    GameEnded, VpChanged, McChanged, LifeChanged, MaxLifeChanged, TaskPushed, TaskPopped,
    TaskReplaced, TasksCleared, Advanced, CardMoved, CardTurned, PlayerActivated, GuardMoved,
    CardDamaged, WoundsChecked, ComponentsWaived, CreatureShifted, DrawOffered, DrawDeclined,
    DrawAgreed, CardHealed, CountersChanged, Pumped, KeywordGranted, Repaired,
    TurnEffectsExpired, AbilityUsed,
    Regenerated, RandomPicked, CardsPlayedCounted, LinePushed, LinePopped, LineItemPrevented,
    LineItemRetargeted, TriggerQueued, TriggerTaken, CombatBegan, AttackDeclared,
    AttackWithdrawn, HitBackChosen, CombatAbilityAnnounced, CombatEnded, Conceded, PlayerSet,
    TurnSet, DamagePrevented,
]

#: Every ``reason`` a CardMoved / VpChanged / McChanged event may carry (the UI translates each).
REASONS = ("enters", "played", "resolved", "prevented", "withdrawn", "turn break", "died",
           "destroyed", "returned", "voided", "sacrificed", "discarded", "host left",
           "resurrected", "scenario", "cost", "ability cost", "combat ability", "regeneration",
           "mana regeneration",
           "effect", "extracted", "monster sacrifice")

#: Events that reveal or create hidden information: undo against a person never crosses them.
HIDDEN_INFO_EVENTS = (DeckShuffled, StarterChosen, CardDrawn, RandomPicked)

#: Events that exist only to move the rules machinery (hidden from the readable log by default).
BOOKKEEPING_EVENTS = (TaskPushed, TaskPopped, TaskReplaced, TasksCleared, Advanced,
                      AbilityUsed, CardsPlayedCounted, TriggerTaken, WoundsChecked)
