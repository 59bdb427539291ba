"""Summoner Wars card definitions: the schema of ``decks/sw/cards/*.toml`` (one ``[[card]]`` table
per card) and of the abilities, which are data built from a small set of primitives
(summoner-wars.md §13.6, §14.5): no card has Python of its own.

An :class:`Ability` is one of

* a **keyword** (``keyword = "trample"``): ``gate`` (Élő kapu, counts as a gate), ``mobile``
  (Mozgó szerkezet, a structure that may move), ``sluggish`` (Lomha, moves one square fewer),
  ``trample`` (Eltiprás), ``relentless`` (Könyörtelen, its attacks are extra), ``soulless``
  (Lelketlen, no magic for its kills), ``fire_through`` (friendly units attack through this
  card), ``charge`` (Roham, an "instead of moving" straight run of ``min``..``max`` empty squares,
  +``amount`` strength until the end of the turn after a run of ``threshold`` or more), ``swift``
  (moves one square more);
* a **modifier** (``modifier = {...}``): a static strength or life change of this card, or an
  aura over the cards a filter names, recomputed continuously;
* a **trigger** (``when = "after_move"``, see :data:`WHEN`) with ``steps``;
* an **activated** ability (``activate = "summon"`` — the phase it is used in) with ``steps``,
  once per turn unless ``once_per_turn = false``; ``instead = "move"`` / ``"attack"`` makes it
  use that unit's move or attack slot (gl. HELYETT);
* a **dice** rule (``dice = {special_hits = 2}``): how this unit's attack dice count;
* any of these with ``under = true``: it works for the unit this card lies under (gl. ALATT).

A step's ``do`` is one of :data:`STEPS`; steps run in order, choices (a card, a square, one of
several options, "you may") are asked of the player who controls the ability. A choice is kept
in a named *slot*: card slots hold card ids, slots whose name starts with ``sq`` hold squares
(``sq_trigger`` is the square of the card that set a trigger off, e.g. a destroyed unit).
"""

from __future__ import annotations

from typing import Literal

import msgspec

#: Card kinds (gl. OSZTÁLY): units are summoner/champion/common; events; plain structures.
KINDS = ("summoner", "champion", "common", "event", "structure")
ATTACK_TYPES = ("melee", "ranged", "")
PHASES = ("summon", "move", "build", "attack", "magic", "draw")
KEYWORDS = ("gate", "mobile", "sluggish", "trample", "relentless", "soulless", "fire_through",
            "charge", "swift")
#: Trigger moments of ``when``.
WHEN = ("after_move", "after_attack", "after_destroy", "destroyed", "unit_destroyed",
        "start_of_turn", "end_of_turn", "start_of_phase", "end_of_phase", "structure_shifted",
        "discarded", "after_roll", "played")
#: Step verbs.
STEPS = ("choose_card", "choose_square", "choose_one", "confirm", "damage", "heal", "charge",
         "uncharge", "spend_charge", "spend_magic", "gain_magic", "push", "place", "place_self",
         "swap", "put_under", "strength", "discard", "destroy", "reroll", "extra_attack",
         "search_discard", "return_to_hand")
#: Where a ``choose_square`` / ``place`` may put a card.
SQUARE_SPECS = ("adjacent:self", "adjacent:gate", "adjacent:summoner", "slot", "line:self")
SIDES = ("any", "friendly", "enemy")
#: Class words a filter may name (gl. OSZTÁLY: every word of the class line is a class).
CLASS_WORDS = ("unit", "summoner", "champion", "common", "structure", "gate", "event", "epic")


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A text in both languages the player may choose."""

    hu: str
    en: str

    def get(self, lang: str) -> str:
        return self.hu if lang == "hu" else self.en


class Filter(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Which cards on the battlefield an ability names, seen from the ability's card.

    ``side`` is relative to the ability's controller; ``cls`` lists class words the card must all
    have, ``not_cls`` words it must not have; ``name`` words one of which its name (either
    language) must contain (gl. név szerinti hivatkozás); ``within`` a largest distance from
    ``of`` (``self``, ``summoner`` or a slot name; 0: anywhere); ``adjacent_to`` a filter one of
    whose cards must be adjacent to it (seen from the same controller); ``max_cost`` a largest
    cost (-1: any); ``damaged`` True/False to require it; ``other`` (default) excludes the
    ability's own card (gl. CÉLPONT: a card cannot target itself).
    """

    side: Literal["any", "friendly", "enemy"] = "any"
    cls: tuple[str, ...] = ()
    not_cls: tuple[str, ...] = ()
    name: tuple[str, ...] = ()
    within: int = 0
    of: str = "self"
    adjacent_to: "Filter | None" = None
    max_cost: int = -1
    damaged: bool | None = None
    other: bool = True


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One step of an ability or event (see :data:`STEPS`).

    ``who`` names the card(s) it acts on: ``self``, ``host`` (the card this one lies under),
    ``summoner``, ``all`` (every card ``filter`` names), or a slot filled by an earlier choice
    (``target`` by default; ``trigger`` is the card that set a trigger off). ``amount`` is fixed
    or, with ``per``, one for each card that filter names (at most ``cap`` when ``cap`` > 0).
    ``min``/``max`` are distances (push) or counts. ``branch`` >= 0 runs the step only when that
    option of the last ``choose_one`` was taken; ``choices`` label the options of a
    ``choose_one``. ``optional`` lets the player stop the ability at this step.
    """

    do: str
    who: str = "target"
    filter: Filter | None = None
    amount: int = 0
    per: Filter | None = None
    cap: int = 0
    min: int = 1
    max: int = 1
    slot: str = "target"
    at: str = ""
    optional: bool = False
    branch: int = -1
    choices: tuple[Text, ...] = ()
    scope: str = "misses"
    amount_from: str = ""           # take the amount from a slot (``charges``: the charges the
                                    # card had when its trigger fired)


class Modifier(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A static change of strength or life (gl. ALAPERŐ: modifiers apply to the base value).

    Without ``applies_to`` it changes this card; with it, every card the filter names (an aura).
    ``amount`` is fixed, or counted ``per`` card a filter names, ``per_self`` token on this card
    (``charges`` or ``damage``), at most ``cap`` (0: no cap).
    """

    stat: Literal["strength", "life"]
    amount: int = 1
    per: Filter | None = None
    per_self: Literal["", "charges", "damage"] = ""
    cap: int = 0
    applies_to: Filter | None = None


class Dice(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """How this unit's attack dice count: each special symbol rolled gives ``special_hits`` hits
    of the attacker's own type (0: specials do nothing, the rule of SW Támadás.4)."""

    special_hits: int = 0
    option: str = ""                # a game option that overrides special_hits (ruling R4)


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One printed ability: its name and text in both languages and what it does (module doc)."""

    name: Text
    text: Text
    keyword: str = ""
    modifier: Modifier | None = None
    dice: Dice | None = None
    when: str = ""
    phase: str = ""                 # for start_of_phase / end_of_phase
    activate: str = ""              # the phase an activated ability is used in
    instead: Literal["", "move", "attack"] = ""
    once_per_turn: bool = False
    optional: bool = False          # a trigger the player may decline (feltételes mód)
    filter: Filter | None = None    # what the trigger's card must be (target, destroyed unit...)
    steps: tuple[Step, ...] = ()
    repeat: int = 1                 # the steps may run up to this many times (e.g. "up to 3")
    under: bool = False             # works for the card this one lies under
    no_magic: bool = False          # cards it destroys give no magic (Lelketlen-like)
    # keyword parameters (charge)
    min: int = 1
    max: int = 4
    threshold: int = 3
    amount: int = 1


class Layout(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card of a summoner's starting layout: card id and square in the owner's frame
    (``c2``: column letter a-f from the owner's left, row 1-8 from the owner's edge)."""

    card: str
    square: str


class CardDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One card of the pool (summoner-wars.md §12 card anatomy)."""

    id: str
    name: Text
    kind: str                        # one of KINDS
    faction: str
    symbols: tuple[str, ...] = ()    # deck symbols (pakliszimbólum)
    cost: int = 0
    strength: int = 0
    life: int = 0
    attack: str = ""                 # melee | ranged (units)
    structure: bool = False          # also a structure (Jéggólem, Mellvéd)
    gate: bool = False               # a gate (Kapu)
    epic: bool = False               # epic event
    active: bool = False             # AKTÍV event
    phase: str = ""                  # the phase an event is played in
    abilities: tuple[Ability, ...] = ()
    text: Text | None = None         # an event's effect text
    steps: tuple[Step, ...] = ()     # an event's effect
    repeat: int = 1
    flavor: Text | None = None
    # a summoner's back (Előkészületek.4, Pakliépítés.1): its 2 starting units, 2 epic events
    # and the starting layout (summoner, starting units, the 10-life gate); ``invented_layout``
    # marks a layout the seed does not print (ruling R2)
    starting: tuple[str, ...] = ()
    epics: tuple[str, ...] = ()
    layout: tuple[Layout, ...] = ()
    invented_layout: bool = False

    @property
    def is_unit(self) -> bool:
        return self.kind in ("summoner", "champion", "common")

    @property
    def is_structure(self) -> bool:
        return self.kind == "structure" or self.structure

    def classes(self) -> frozenset[str]:
        """Every class word of the card's class line (gl. OSZTÁLY)."""
        out = {self.kind}
        if self.is_unit:
            out.add("unit")
        if self.is_structure:
            out.add("structure")
        if self.gate or any(a.keyword == "gate" for a in self.abilities):
            out.add("gate")
        if self.kind == "event":
            out.add("epic" if self.epic else "common_event")
        return frozenset(out)




class DeckDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A ready deck (``decks/sw/decks/<id>.toml``): its cards with counts (34 in all, the
    summoner's starting units and layout included); the faction is its summoner's."""

    id: str
    name: Text
    description: Text
    cards: dict[str, int]
    strategy: Text | None = None
