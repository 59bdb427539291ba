"""HKK game state: plain msgspec Structs, fully serializable (resumable from data alone).

The state's own containers leave out fields at their defaults when encoded (``omit_defaults``):
a mid-game state is about a third of the bytes, so a clone (encode + decode, the search AI's
bread and butter) and the game's frozen snapshots take about a third less time and memory.

Only the reducer (:mod:`engine.hkk.reducer`) changes these objects. Whatever the rules are in the
middle of — a combat sub-phase, a half-resolved reaction line, a decision — is data here: the
``tasks`` stack holds the work still to do, its top being either an automatic step or the one
pending decision.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

# Zones (hkk-rules §2.1). "table" zones: reserve, guard, perm, attached.
DECK, HAND, RESERVE, GUARD, PERM, ATTACHED, GRAVEYARD, VOID, LINE = (
    "deck", "hand", "reserve", "guard", "perm", "attached", "graveyard", "void", "line")
TABLE_ZONES = frozenset((RESERVE, GUARD, PERM, ATTACHED))
CREATURE_ZONES = frozenset((RESERVE, GUARD))
HIDDEN_ZONES = frozenset((DECK, HAND))

GUARD_POST_SIZE = 3   # K 5.4.3
#: the key of :attr:`Card.uses` counting the places a creature was shifted this turn (K 32.4)
SHIFTED = "s"
START_LIFE = 20       # K 3.12
MAX_LIFE = 20         # K 3.18
MAX_VP = 20           # K 3.18
OPENING_HAND = 5      # K 3.6

PHASES = ("setup", "prep", "draw", "main1", "exchange", "combat", "main2", "healing", "end",
          "over")


class Target(msgspec.Struct, frozen=True, array_like=True):
    """A chosen target: ``k`` is 'c' (card instance), 'p' (player) or 'l' (reaction-line index);
    ``i`` is never negative (a strictly decoded action refuses a negative one)."""

    k: str
    i: Annotated[int, msgspec.Meta(ge=0)]


class Card(msgspec.Struct, omit_defaults=True):
    """One physical card instance in this game."""

    iid: int
    cid: str
    owner: int
    controller: int
    zone: str = DECK
    active: bool = False
    damage: int = 0                      # marked damage / lost SP, repaired at K 41.3
    counters: dict[str, int] = {}        # strengthening / weakening (K 117)
    host: int = -1                       # the permanent an attached card is on (K 8.11)
    attachments: list[int] = []
    pump_damage: int = 0                 # "until end of turn" modifiers (K 41.4)
    pump_hp: int = 0
    granted: list[str] = []              # keywords granted "until end of turn" (K 41.4)
    uses: dict[str, int] = {}            # ability uses this turn (K 90)
    regenerated: int = 0                 # HP regenerated this turn (K 136.8, at most 4)
    attacking: bool = False              # "attacking creature" until end of turn (K 110)
    damaged_this_turn: bool = False      # "wounded" (K 4.25.1), repair at K 41.3


class Player(msgspec.Struct, omit_defaults=True):
    life: int = START_LIFE
    max_life: int = MAX_LIFE
    vp: int = 0
    max_vp: int = MAX_VP
    mc: int = 0                          # monster components, uncapped (§11 item 8)
    deck: list[int] = []
    hand: list[int] = []
    reserve: list[int] = []
    guard: list[int] = []
    perm: list[int] = []
    graveyard: list[int] = []
    void: list[int] = []
    turns: int = 0                       # own turns begun (K 4.10.5-4.10.6)
    cards_played_this_turn: int = 0
    draw_offer_turn: int = -1            # the turn of this player's last draw offer (K 2.8.2)


class Task(msgspec.Struct, frozen=True, omit_defaults=True):
    """A unit of pending work. Decision kinds wait for ``player``; others run automatically."""

    kind: str
    player: int = -1
    passes: int = 0
    card: int = -1
    ability: int = -1
    data: tuple[int, ...] = ()


class LineItem(msgspec.Struct, frozen=True, omit_defaults=True):
    """An item of the reaction line (K 94): a card being played or an ability being used."""

    kind: str                            # "card" | "ability" | "auto" | "regen"
    card: int
    controller: int
    ability: int = -1
    targets: tuple[Target, ...] = ()
    independent: bool = True             # the root action vs a reaction (K 94.0.2)
    from_hand: bool = True               # K 94.8
    prevented: bool = False
    trigger_player: int = -1             # automatic reactions: whose action triggered them


class Attack(msgspec.Struct, frozen=True, array_like=True):
    attacker: int
    target: Target


class Trigger(msgspec.Struct, frozen=True, omit_defaults=True):
    """A related effect waiting to happen (K 22, 133)."""

    card: int
    ability: int
    controller: int
    trigger_card: int = -1
    trigger_player: int = -1
    played_by: int = -1                  # related to a card play: its player orders (K 22.1.2)


class Combat(msgspec.Struct, omit_defaults=True):
    attacks: list[Attack] = []
    hit_back: dict[int, int] = {}        # defender -> attacker it hits back (K 34.8)
    announced: dict[int, int] = {}       # creature -> VP announced for its +X ability (K 35)


class Result(msgspec.Struct, frozen=True):
    winner: int                          # -1 = draw
    reason: str                          # "life" | "both_dead" | "concede" | "exhaustion" | ...
    rule: str


class State(msgspec.Struct, omit_defaults=True):
    cards: list[Card]
    players: list[Player]
    rng: int
    options: dict[str, object] = {}
    turn: int = 0                        # global turn number
    active: int = 0                      # the active player (K 4.10.3)
    starter: int = 0
    phase: str = "setup"
    step: int = 0
    tasks: list[Task] = []
    line: list[LineItem] = []
    combat: Combat | None = None
    triggers: list[Trigger] = []
    result: Result | None = None
    quiet_rounds: int = 0                # turns in a row without damage to a player (K 3.16)
    player_damaged_this_turn: bool = False
    #: creatures and buildings damaged (or whose maximum HP fell) since life-saving actions were
    #: last offered for them (K 37.0-37.1)
    wounded: list[int] = []
