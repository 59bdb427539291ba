"""The state of a M.A.G.U.S. game: plain msgspec Structs, changed only by the reducer.

Whatever the rules are in the middle of is data here: the nested timelines (``timelines``,
outermost first, each a LIFO list of items, MK 6.05), the running manoeuvre, the context whose
passes are counted, and the decision the game waits for (``stage``/``chooser``).
"""

from __future__ import annotations

import msgspec

from engine.core.protocol import Result

# zones of a card (MK 1.03, spec §4.1)
ZONES = ("future", "hand", "timeline", "line", "tower", "quests", "solved", "past", "depth",
         "storage", "attached", "team", "sideboard", "buildings", "allies", "outer", "ghosts")


class Card(msgspec.Struct):
    iid: int
    cid: str
    owner: int
    zone: str = "future"
    controller: int = -1
    pos: str = "alert"            # alert / resting / wounded (MK 3.07 "Jellemzők")
    damage: int = 0
    hurt: bool = False            # was damaged in the current timeline run (MK 6.05.N)
    doomed: bool = False          # a death effect waits for the timeline end (MK 6.05.L)
    face_down: bool = False       # hidden (MK 1.04.A)
    host: int = -1                # the card it is attached to (obstacles)
    front: bool = True            # battle order: front-liner or protected
    points: int = 0               # alliance points of an ally (MK 3.08)


class Item(msgspec.Struct):
    """One entry of a timeline (MK 6.05.C): a played card or a virtual activation item."""

    player: int
    card: int                     # the card played, or the source of an activation
    kind: str = "card"            # card / activation / attach
    caster: int = -1
    target: int = -1              # a card iid, or for "item" targets the target item's uid
    hidden: bool = False          # MK 6.05.D
    uid: int = 0
    origin: str = "hand"          # where the card was played from (MK 2.11: the Past)


class Timeline(msgspec.Struct):
    kind: str                     # opening/resource/action/closing; m_* inside a manoeuvre
    items: list[Item] = []
    passes: int = 0
    used: list[int] = []          # sources activated in it (MK 6.05.P)
    entered: list[int] = []       # quests that entered Present in it (MK 3.04.F)


class Manoeuvre(msgspec.Struct):
    kind: str                     # siege / quest / capture / fight (target -1)
    target: int
    initiator: int
    attackers: list[int] = []
    blockers: list[int] = []
    step: str = "init"
    was_hidden: bool = False      # MK 4.06 "Toronyszint felfedése".C
    blocked: bool = False         # a blocking-team step took place
    combat_round: int = 0
    acted: bool = False           # an action in the current combat round
    winner: int = -2              # -2 not decided, -1 draw
    ended: bool = False
    hunters: list[int] = []       # MK 1.14.14: a treasure-hunting team going home alert


class PlayerState(msgspec.Struct):
    future: list[int] = []
    hand: list[int] = []
    line: list[int] = []
    tower: list[int] = []         # bottom first (MK 3.01.A)
    quests: list[int] = []
    solved: list[int] = []
    past: list[int] = []
    depth: list[int] = []
    storage: list[int] = []
    buildings: list[int] = []     # controlled buildings (MK 3.03), at most 3 (F)
    allies: list[int] = []        # allies in Present (MK 3.08)
    outer: list[int] = []         # the Outer plane (MK 9.00)
    ghosts: list[int] = []        # ghosts in Present (MK 11.00)
    fights: int = 0               # fights an effect permits this round (MK 4.01.A)
    sideboard: list[int] = []
    mp: int = 0
    stamp: int = 0                # clock of the last MP-bound action (MK 1.06.B)
    hand_size: int = 7            # the next mulligan draw (MK 1.08.D)
    picked: list[int] = []        # a composite choice in progress (towers, a team)
    done: bool = False


class State(msgspec.Struct):
    cards: list[Card]
    players: list[PlayerState]
    options: dict[str, object] = {}
    rng: int = 0
    round: int = 0
    phase: str = "setup"          # setup/opening/resource/manoeuvres/closing/over
    stage: str = "roll"           # what the game does or waits for next
    chooser: int = -1             # who decides a non-priority decision
    active: int = 0
    why: str = ""                 # why the active player is active (MK 1.06)
    why_a: int = 0
    why_b: int = 0
    context_passes: int = 0       # passes in the Sor or combat-round context (MK 6.07.F)
    timelines: list[Timeline] = []
    manoeuvre: Manoeuvre | None = None
    clock: int = 2
    uid: int = 0
    starter: int = -1
    rolls: list[int] = []         # setup roll totals
    last_judged: bool = False     # the last roll's success
    cuts: list[int] = []          # Futures just shuffled, whose opponent may cut (MK 1.03)
    after_cut: str = ""           # the stage the game goes on with after the cuts
    ending: str = ""               # an end-of-combat/-manoeuvre effect waits (MK 6.05.Q)
    beast: list[int] = []         # a beast resolving: [card, attacks left] (MK 4.06 "Bestia")
    beast_hits: dict[int, int] = {}
    triggers: list[int] = []      # round-start effects waiting to enter (MK 6.05.E)
    victorious: list[int] = []    # victorious beasts waiting for the phase end (ruling 22)
    beast_armour: dict[int, int] = {}   # MK 2.17.d, ruling 39: the SFÉ a beast's roll met
    escape: int = -1              # MK 2.16: the adventurer whose escape is being decided
    paying: list[int] = []        # MK 2.19: a FÓKUSZ play waiting for its payment
    #: [card, player, kind, rule] of a timed effect waiting for its target (MK 5.01.B)
    aiming: list[int] = []
    #: MK 7.00: a mosaic card waiting for its form and base: [card, caster, target, combat]
    weaving: list[int] = []
    woven: dict[int, list[int]] = {}   # card → [form index, base] until it resolves
    ghosts: dict[int, int] = {}        # MK 11.00: a ghost's rounds left (this one included)
    invoked: list[int] = []            # outer-plane and spirit abilities used this round
    detached: list[int] = []           # ruling 67: items detached in the Sor this round
    antiss_tried: list[int] = []       # MK 8.03.B: antiss quests attempted this round
    antiss_solved: list[int] = []      # MK 8.03.A: players who solved one this round
    antiss_acted: list[int] = []       # MK 8.03.C: adventurers on the antiss this round
    hunted: list[int] = []             # MK 1.14.14.C: treasure hunting spent this round
    #: MK 7.03: an Aura's protection, target → [points left, the timeline depth it lasts for]
    auras: dict[int, list[int]] = {}
    result: Result | None = None
