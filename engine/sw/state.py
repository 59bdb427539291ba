"""Summoner Wars game state: plain msgspec Structs, fully serializable (summoner-wars.md §14.1).

Only the reducer (:mod:`engine.sw.reducer`) changes these objects. Whatever the rules are in the
middle of — an ability half resolved, a push waiting for its square, a roll waiting for a
reroll — is data here: ``tasks`` is a stack of pending work whose top is either an automatic step
or the one pending decision (``Task.ask``).

**Squares** are numbered ``row * 6 + col`` (0..47): ``col`` 0..5 is column a..f and ``row`` 0..7
is row 1..8, both seen from seat 0 (seat 0's back row is row 0, seat 1's is row 7;
summoner-wars.md §2). :func:`engine.sw.board.name` spells a square ``a1``..``f8``.
"""

from __future__ import annotations

import msgspec

from engine.core.protocol import Result

COLS, ROWS = 6, 8
SQUARES = COLS * ROWS
EMPTY = -1

HAND_SIZE = 5          # SW Húzás.1
MAX_MAGIC = 15         # SW Mágiapont.2
MOVERS = 3             # SW Mozgás.1
ATTACKERS = 3          # SW Támadás.1
START_MAGIC = (2, 3)   # SW Előkészületek.6: first player 2, second 3

# zones of a card
DECK, HAND, BOARD, UNDER, DISCARD, ACTIVE = "deck", "hand", "board", "under", "discard", "active"

PHASES = ("summon", "move", "build", "attack", "magic", "draw")


class Card(msgspec.Struct):
    """One physical card of the game. On the battlefield a card is "new" each time it enters
    (gl. ELPUSZTUL / lapdobás: tokens and per-turn marks are cleared when it leaves)."""

    iid: int
    cid: str
    owner: int
    controller: int
    zone: str = DECK
    square: int = EMPTY           # on the board (or under a card there)
    host: int = EMPTY             # the card it lies under (zone UNDER)
    under: list[int] = []         # cards lying under it, bottom first (gl. ALATT)
    damage: int = 0
    charges: int = 0
    moved: bool = False           # used a move slot this turn (moved, charged, "instead")
    attacks: int = 0              # attacks made this turn
    extra: int = 0                # extra attacks granted and not yet used (gl. EXTRA)
    uses: list[int] = []          # once-per-turn abilities used this turn (ability indexes)
    bonus: int = 0                # strength until the end of the turn
    base: int = -1                # base strength set by an effect (gl. ALAPERŐ); -1: printed


class Player(msgspec.Struct):
    faction: str = ""
    summoner: int = EMPTY         # iid of the summoner card
    magic: int = 0
    deck: list[int] = []          # top card first
    hand: list[int] = []
    discard: list[int] = []       # top card last; face down (owner only)
    active: list[int] = []        # active events (AKTÍV), public
    turns: int = 0                # own turns begun


class Task(msgspec.Struct, frozen=True, omit_defaults=True):
    """A unit of pending work (resolving an ability, an event, an attack, a trigger order).

    ``kind``: ``ability`` (card ``card``'s ability ``ability``), ``event`` (the event ``card``),
    ``attack`` (the attack in ``State.roll``), ``order`` (the active player picks which queued
    trigger resolves first), ``charge`` (a Roham run). ``step`` is the next step; ``rep`` how
    many repetitions are done; ``slots`` the choices made so far (card ids, squares, the option
    index under ``option``); ``chosen`` cards already picked (a card is picked at most once).
    ``ask`` non-empty makes the task the pending decision: ``card``, ``square``, ``option``,
    ``confirm``, ``order`` or ``reroll``; ``options`` its legal answers; ``optional`` whether
    Skip is one; ``secret`` that its options and slots name cards of its player's discard pile
    (the other seat does not see them).
    """

    kind: str
    player: int
    card: int = EMPTY
    ability: int = -1
    step: int = 0
    rep: int = 0
    slots: dict[str, int] = {}
    chosen: tuple[int, ...] = ()
    ask: str = ""
    options: tuple[int, ...] = ()
    optional: bool = False
    secret: bool = False          # its options/slots name the player's hidden cards (a search)
    #: units' abilities set off while this task resolves, first set off first: they wait until it
    #: is done (gl. KÉPESSÉG, ruling R31; :func:`engine.sw.effects.defer`)
    waiting: tuple[Task, ...] = ()


class Roll(msgspec.Struct):
    """The last attack roll (public): who attacked what, each die's face, the hits counted."""

    attacker: int
    target: int
    faces: list[str]
    kind: str                     # melee | ranged
    hits: int = 0
    rerolled: int = 0             # rerolls made in this attack


class State(msgspec.Struct):
    cards: list[Card]
    players: list[Player]
    rng: int
    options: dict[str, object] = {}
    board: list[int] = []         # SQUARES entries: the top card's iid or EMPTY
    turn: int = 0                 # global turn number (1 = the first player's first turn)
    active: int = 0
    first: int = 0                # who started (SW Előkészületek.6)
    phase: str = "setup"          # setup | summon | move | build | attack | magic | draw | over
    movers: list[int] = []        # units that used one of the 3 move slots this turn
    attackers: list[int] = []     # units that used one of the 3 attack slots this turn
    attacked_enemy: bool = False  # an enemy card was targeted by an attack this turn
    destroyed: list[int] = []     # units destroyed this turn (gl. "a köröd során")
    roll: Roll | None = None
    tasks: list[Task] = []
    result: Result | None = None
