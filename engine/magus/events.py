"""Events of M.A.G.U.S. (msgspec, tagged): every change of state is one of these, applied by the
reducer. Random outcomes carry the new RNG state; rolls are logged die by die (MK 1.09)."""

from __future__ import annotations

from typing import Union

import msgspec


class Ev(msgspec.Struct, frozen=True, tag=True, array_like=True):
    pass


class DieRolled(Ev):                # one die (MK 1.09.A)
    player: int
    purpose: str
    face: int
    rng: int
    rule: str = "MK 1.09.A"


class RollJudged(Ev):               # a 2d6 roll against its thresholds (MK 1.09.B-E)
    player: int
    purpose: str
    total: int
    low: int
    high: int
    success: bool
    borderline: bool
    rule: str = "MK 1.09"


class StarterChosen(Ev):            # MK 1.08.A
    player: int
    by: int


class Shuffled(Ev):                 # MK 1.03 "Keverési szabály"
    player: int
    order: tuple[int, ...]
    rng: int
    rule: str = "MK 1.08.C"


class TowerPicked(Ev):              # MK 1.08.B (hidden: the card is -1 to others)
    player: int
    card: int


class MpChanged(Ev):
    player: int
    delta: int
    rule: str = "MK 5.01.C"


class Stamped(Ev):                  # MK 1.06.B: an MP-bound action
    player: int
    clock: int


class Drew(Ev):
    player: int
    card: int
    rule: str = "MK 1.07 \"Kézigazítás lépés\""


class HandReturned(Ev):             # MK 1.08.D: the mulligan
    player: int
    cards: tuple[int, ...]
    size: int


class HandKept(Ev):
    player: int


class RoundBegan(Ev):
    round: int


class PhaseBegan(Ev):
    phase: str
    rule: str = "MK 1.07"


class StageSet(Ev):                 # what the game waits for next, and from whom
    stage: str
    chooser: int = -1
    rule: str = "MK 1.07"


class ActiveSet(Ev):                # MK 1.06: who is active and why
    player: int
    why: str
    a: int = 0
    b: int = 0
    rule: str = "MK 1.06"


class Passed(Ev):                   # MK 6.07; a first pass also hands priority over (6.07.C)
    player: int
    context: str
    rule: str = "MK 6.07.D"
    second: bool = False            # the second in a row: it ends, unwinds or closes


class TimelineOpened(Ev):           # MK 6.00 / 6.03
    kind: str
    rule: str = "MK 6.00"


class ItemAdded(Ev):                # MK 6.05.C-E
    player: int
    card: int
    kind: str
    caster: int
    target: int
    hidden: bool
    uid: int
    rule: str = "MK 6.05.E"
    origin: str = "hand"


class ItemUnwound(Ev):              # MK 6.05.G: the top item leaves the timeline
    uid: int
    neutralised: bool
    rule: str = "MK 6.05.G"


class TimelineEnded(Ev):            # MK 6.05.I
    kind: str
    rule: str = "MK 6.05.I"


class CardMoved(Ev):
    card: int
    zone: str
    player: int = -1                # whose zone (-1: the owner's)
    face_down: bool = False
    host: int = -1
    rule: str = "MK 1.03"


class PositionSet(Ev):              # alert / resting / wounded
    card: int
    pos: str
    rule: str = "MK 3.07 \"Jellemzők\""


class Damaged(Ev):                  # MK 6.05.J
    card: int
    amount: int
    rule: str = "MK 6.05.J"


class Healed(Ev):                   # MK 1.14.8
    card: int
    amount: int
    rule: str = "MK 1.14.8"


class Doomed(Ev):                   # MK 6.05.L
    card: int
    rule: str = "MK 6.05.L"


class Died(Ev):                     # MK 6.05.K
    card: int
    rule: str = "MK 6.05.K"


class DamageCleared(Ev):
    card: int
    rule: str = "MK 6.05.N"


class Revealed(Ev):                 # MK 1.04, MK 4.06 "Toronyszint felfedése"
    card: int
    cid: str
    rule: str = "MK 4.06 \"Toronyszint felfedése\""


class Concealed(Ev):                # MK 4.06 "Toronyszint felfedése".C
    card: int
    rule: str = "MK 4.06 \"Toronyszint felfedése\".C"


class ManoeuvreBegan(Ev):           # MK 4.01, MK 6.06.A
    kind: str
    target: int
    initiator: int
    rule: str = "MK 6.06.A"


class TeamJoined(Ev):               # MK 4.06: leaves the Line into the manoeuvre
    side: int                       # 0 initiating, 1 blocking
    card: int
    rule: str = "MK 4.06 \"Kezdeményező csapat\""


class Picked(Ev):                   # a pick of a composite choice (a team member, protected)
    player: int
    card: int
    rule: str = "MK 4.06"


class StepBegan(Ev):
    step: str
    rule: str = "MK 4.06"


class OrderSet(Ev):                 # MK 4.06 "Harci körök".A, F
    card: int
    front: bool
    rule: str = "MK 4.06 \"Harci körök\".A"


class CombatRound(Ev):              # MK 4.06 "Harci körök".C
    number: int
    acted: bool = False
    rule: str = "MK 4.06 \"Harci körök\".C"


class CombatDecided(Ev):            # MK 4.06 "A harc eredményének meghatározása"
    attack: int
    defence: int
    winner: int                     # seat, -1 draw
    rule: str = "MK 4.06 \"A harc eredményének meghatározása\""


class QuestSolved(Ev):              # MK 4.06 "Küldetés megoldása lépés"
    player: int
    quest: int
    rule: str = "MK 4.06 \"Küldetés megoldása lépés\""


class ConditionChosen(Ev):          # MK 4.06 "Feltétel"
    player: int
    index: int
    met: bool
    rule: str = "MK 4.06 \"Feltétel\""


class ManoeuvreEnded(Ev):
    outcome: str
    rule: str = "MK 4.01.G"


class GameEnded(Ev):                # MK 1.01.A-B
    winners: tuple[int, ...]
    reason: str
    rule: str = "MK 1.01.A"


Event = Union[DieRolled, RollJudged, StarterChosen, Shuffled, TowerPicked, MpChanged, Stamped,
              Drew, HandReturned, HandKept, RoundBegan, PhaseBegan, StageSet, ActiveSet, Passed,
              TimelineOpened, ItemAdded, ItemUnwound, TimelineEnded, CardMoved, PositionSet,
              Damaged, Healed, Doomed, Died, DamageCleared, Revealed, Concealed, ManoeuvreBegan,
              TeamJoined, Picked, StepBegan, OrderSet, CombatRound, CombatDecided, QuestSolved,
              ConditionChosen, ManoeuvreEnded, GameEnded]

EVENT_RULES: dict[type, str] = {StarterChosen: "MK 1.08.A", TowerPicked: "MK 1.08.B",
                                Stamped: "MK 1.06.B", HandReturned: "MK 1.08.D",
                                HandKept: "MK 1.08.D", RoundBegan: "MK 1.07"}


class ScenarioSet(Ev):               # a scenario's declared position (engine.magus.scenario)
    data: bytes                      # the whole state, msgpack; empty for a seat (hidden cards)
    rule: str = "MK 1.08"


Event = Event | ScenarioSet  # type: ignore[misc]


class BeastBegan(Ev):               # MK 4.06 "Bestia aktivizálás": NUMBER attacks
    card: int
    attacks: int
    rule: str = "MK 4.06 \"Bestia aktivizálás\""


class BeastAttacked(Ev):            # MK 4.06 "Bestia".E: the defender picked the victim
    victim: int
    rule: str = "MK 4.06 \"Bestia\".E"


class BeastHit(Ev):                 # MK 4.06 "Bestia".I: damage totalled per adventurer
    victim: int
    amount: int
    rule: str = "MK 4.06 \"Bestia\".D"
    armour: int = 0                 # MK 2.17.d: the roll met the victim's armour (its SFÉ)


class BeastEnded(Ev):
    card: int
    rule: str = "MK 4.06 \"Bestia\".I"


class CutOffered(Ev):               # MK 1.03 "Keverési szabály": after a shuffle
    players: tuple[int, ...]        # whose Futures were shuffled
    then: str                       # the stage after the cuts
    rule: str = "MK 1.03 \"Keverési szabály\""


class CutAnswered(Ev):              # the opponent cut (at > 0), reshuffled, or let it be
    player: int                     # whose Future
    how: str                        # cut / reshuffle / none
    at: int = 0
    rule: str = "MK 1.03 \"Keverési szabály\""


class AllyPoints(Ev):               # MK 3.08: alliance points gained (entry) or spent
    card: int
    delta: int
    rule: str = "MK 3.08.A"


class BeastVictorious(Ev):          # MK 4.06 "Bestia".J: its attacks emptied the team
    card: int
    rule: str = "MK 4.06 \"Bestia\".J"


class BeastKept(Ev):                # MK 4.06 "Bestia".J: re-attached instead of used up
    card: int
    rule: str = "MK 4.06 \"Bestia\".J"


class OverstrikeJudged(Ev):         # MK 2.05, ruling 15: TÚLÜTÉS X instead of the roll
    card: int                       # the target
    level: int                      # its current level
    limit: int                      # X
    success: bool
    rule: str = "MK 2.05"


class ExpeditionJudged(Ev):         # MK 2.03, ruling 15: EXPEDÍCIÓ X instead of solving
    player: int
    level: int                      # the team level
    limit: int                      # X
    success: bool
    rule: str = "MK 2.03"


class TriggersPending(Ev):          # MK 6.05.E: simultaneous timed effects, to be ordered
    cards: tuple[int, ...]
    rule: str = "MK 6.05.E"


class FightsGranted(Ev):            # MK 4.01.A: an effect permits (or the round ends) fights
    player: int
    delta: int
    rule: str = "MK 4.01.A"


class EndWaits(Ev):                 # MK 6.05.Q: honoured at the end of the current timeline
    what: str                       # combat / manoeuvre / "" (honoured)
    rule: str = "MK 6.05.Q"


class WillJudged(Ev):               # MK 2.04: AKARATÁTVITEL X instead of the attack roll
    card: int                       # the target
    level: int                      # its current level
    limit: int                      # X
    success: bool
    rule: str = "MK 2.04"


class TreasureJudged(Ev):           # MK 2.07.c: a treasure quest, team level against X
    player: int
    level: int
    limit: int
    success: bool
    rule: str = "MK 2.07.c"


class EscapeOffered(Ev):            # MK 2.16: the target's controller decides now
    card: int
    rule: str = "MK 2.16"


class EscapeAnswered(Ev):           # MK 2.16: it returns to its Line, or stays
    card: int
    go: bool
    rule: str = "MK 2.16"


class FocusPaid(Ev):                # MK 2.19, ruling 15: a FÓKUSZ card pays 1 MP, to the bottom
    player: int
    card: int                       # the FÓKUSZ card used
    rule: str = "MK 2.19"


class FocusAsked(Ev):               # MK 2.19: a FÓKUSZ play waits for its payment
    player: int
    card: int
    caster: int
    target: int
    rule: str = "MK 2.19"


class FocusDone(Ev):                # MK 2.19: the payment is complete; the play goes on
    player: int
    rule: str = "MK 2.19"


class TargetAsked(Ev):              # MK 5.01.B: a timed effect waits for its target
    card: int
    player: int
    rule: str = "MK 5.01.B"


class MosaicAsked(Ev):              # MK 7.00: the caster picks form and base next
    player: int
    card: int
    caster: int
    target: int
    combat: bool
    rule: str = "MK 7.00"


class MosaicWoven(Ev):              # MK 7.00: the form and base value chosen
    player: int
    card: int
    kind: str                       # the form
    base: int
    rule: str = "MK 7.00"


class GhostBound(Ev):               # MK 11.00.E: a dying adventurer stays as a ghost
    card: int
    rounds: int
    rule: str = "MK 11.00.E"


class GhostFaded(Ev):               # MK 11.00.A: a round passed; at 0 the ghost leaves
    card: int
    left: int
    rule: str = "MK 11.00.A"


class AntissSaved(Ev):              # MK 8.03 "E": instead of dying on the antiss
    card: int
    rule: str = "MK 8.03"


class TargetChosen(Ev):             # MK 6.05.R, MK 5.01.B: a timed effect's target on entry
    card: int                       # the card whose timed effect enters
    target: int
    rule: str = "MK 5.01.B"


class TreasureHunted(Ev):           # MK 1.14.14: the team's hunting covers the treasure
    player: int
    cards: tuple[int, ...]          # the whole team: home alert, hunting spent this round
    total: int
    limit: int
    rule: str = "MK 1.14.14"


class AuraRaised(Ev):               # MK 7.03: an Aura protects an own adventurer
    card: int
    target: int
    amount: int
    rule: str = "MK 7.03"


class AuraAbsorbed(Ev):             # MK 7.03: the protection takes action-card damage
    target: int
    amount: int
    rule: str = "MK 7.03"


class Sacrificed(Ev):               # MK 11.00.E: sacrificed, not dying
    card: int
    rule: str = "MK 11.00.E"


class AntissEntered(Ev):            # MK 8.04: an antiss wizard enters the antiss (resting)
    player: int
    card: int
    rule: str = "MK 8.04"


Event = Union[Event, CutOffered, CutAnswered, EndWaits, BeastBegan, BeastAttacked, BeastHit,  # type: ignore[misc]
              BeastEnded, FightsGranted, AllyPoints, BeastVictorious, BeastKept,
              OverstrikeJudged, ExpeditionJudged, TriggersPending, WillJudged, EscapeOffered,
              EscapeAnswered, FocusPaid, TargetChosen, FocusAsked, FocusDone, TargetAsked,
              TreasureJudged, MosaicAsked, MosaicWoven,
              GhostBound, GhostFaded, AntissSaved,
              TreasureHunted, AuraRaised, AuraAbsorbed, Sacrificed, AntissEntered]
