"""Player actions of M.A.G.U.S.: typed and atomic; composite choices (starting tower levels, a
team, a battle order) are sequences of single picks ending in :class:`Done`."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

Id = Annotated[int, msgspec.Meta(ge=0)]
#: an optional id: -1 for none
Opt = Annotated[int, msgspec.Meta(ge=-1)]


class Act(msgspec.Struct, frozen=True, tag=True, array_like=True):
    pass


class Start(Act):
    pass


class StartScenario(Act):          # a scenario game's set-up: its position as data
    spec: bytes


class ChooseStarter(Act):           # MK 1.08.A
    seat: Id


class PickTower(Act):               # MK 1.08.B: bottom first
    card: Id


class Done(Act):                    # ends a composite choice
    pass


class Keep(Act):                    # MK 1.08.D
    pass


class Mulligan(Act):                # MK 1.08.D
    pass


class Discard(Act):                 # hand adjustment, round closing
    card: Id


class Play(Act):                    # MK 5.01: card, its caster, its target
    card: Id
    caster: Opt = -1
    target: Opt = -1


class Attach(Act):                  # MK 3.04.B: an obstacle, hidden, to a host
    card: Id
    host: Id


class Activate(Act):                # MK 3.04.C: an own obstacle in the obstacle phase
    card: Id


class Siege(Act):                   # MK 4.03: against the opponent's lowest tower level
    pass


class SolveQuest(Act):              # MK 4.02
    quest: Id


class Capture(Act):                 # MK 4.04: an opponent's building
    building: Id


class Equip(Act):                   # MK 3.05.3.C: from the Storage onto an adventurer
    card: Id
    host: Id


class Unequip(Act):                 # MK 3.05.3.C: back to the Storage (not magic items)
    card: Id


class UseAlly(Act):                 # MK 3.08: an ally's ability, paid in alliance points
    card: Id
    target: Opt = -1


class Store(Act):                   # MK 1.14.3: the tower level a storable quest goes on
    tower: Id


class KeepBeast(Act):               # MK 4.06 "Bestia".J: re-attach a victorious beast
    card: Id


class Expedition(Act):              # MK 2.03: EXPEDÍCIÓ X instead of naming a condition
    pass


class TriggerFirst(Act):            # MK 6.05.E: which of your simultaneous entries goes next
    card: Id


class Fight(Act):                   # MK 4.05: when an effect permits it (MK 4.01.A)
    pass


class Raze(Act):                    # MK 3.03.F: destroy one of your buildings (a 4th gained)
    card: Id


class Join(Act):                    # team composition (MK 4.06): one adventurer
    card: Id


class Protect(Act):                 # battle order (MK 4.06 "Harci körök".A)
    card: Id


class ChangeOrder(Act):             # MK 4.06 "Harci körök".F
    card: Id


class WallCheck(Act):               # MK 4.03.C: the defender ends the siege or not
    end: bool


class GoOn(Act):                    # MK 4.02.C: the winner continues or goes home
    go: bool


class Condition(Act):               # MK 4.06 "Feltétel": one of the quest's three
    index: Annotated[int, msgspec.Meta(ge=0, le=2)]


class Victim(Act):                  # MK 4.06 "Bestia".E
    card: Id


class Cut(Act):                     # MK 1.03 "Keverési szabály": cut the opponent's Future
    at: Id


class Reshuffle(Act):               # MK 1.03 "Keverési szabály": shuffle it again
    pass


class Ride(Act):                    # MK 2.06, MK 2.09: a mount or henchman onto an adventurer
    card: Id
    host: Id


class Animate(Act):                 # MK 2.15: an animated obstacle in the combat rounds
    card: Id
    caster: Id                      # the adventurer of its player's team who rotates


class PlayTreasure(Act):            # MK 2.07.c: a KINCS card played as a pending quest
    card: Id


class Escape(Act):                  # MK 2.16: the target returns to its Line, or stays
    go: bool


class Focus(Act):                   # MK 2.19: a FÓKUSZ card pays 1 MP of a FÓKUSZ play
    card: Id


class Aim(Act):                     # MK 5.01.B, MK 6.05.R: a timed effect's target
    target: Id


class Weave(Act):                   # MK 7.00: a mosaic spell's form and base value
    kind: str
    base: Annotated[int, msgspec.Meta(ge=1, le=7)]


class Invoke(Act):                  # MK 9.00: an outer-plane card's outer ability
    card: Id
    target: Opt = -1


class Haunt(Act):                   # MK 11.00.D: a ghost's spirit ability
    card: Id
    target: Opt = -1


class Build(Act):                   # MK 10.00: a build-on onto a Kahrei or a waiting machine
    card: Id
    host: Id


class EnterAntiss(Act):             # MK 8.04: an antiss wizard enters the antiss (resting)
    card: Id


class Channel(Act):                 # MK 8.01.B, MK 8.02: an antiss ability, used resting
    card: Id
    target: Opt = -1


class Strike(Act):                  # MK 3.05.3.K: a worn weapon's attack in the combat rounds
    card: Id                        # the weapon; its wearer rotates
    target: Id


class Pass(Act):                    # MK 6.07
    pass


class Concede(Act):
    pass


Action = Union[Start, StartScenario, ChooseStarter, PickTower, Done, Keep, Mulligan, Discard,
               Play, Attach, Activate, Siege, SolveQuest, Join, Protect, ChangeOrder, WallCheck,
               GoOn, Condition, Victim, Pass, Concede, Cut, Reshuffle, Capture, Raze,
               Fight, Equip, Unequip, UseAlly, Store, KeepBeast,
               Expedition, TriggerFirst, Ride, Animate, PlayTreasure, Escape, Focus, Aim,
               Weave, Invoke, Haunt, Build, EnterAntiss, Channel, Strike]
