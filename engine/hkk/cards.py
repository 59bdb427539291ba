"""Card definitions: the schema of a card as TOML data (cards are data, K 6–15, 91).

A card is a record with identity, type, god (colour), cost, stats, keywords and abilities written
in the closed effect vocabulary of :mod:`engine.hkk.effects`. No Python is needed per card.

Schema (one ``[[card]]`` table per card in ``decks/pool/*.toml``)::

    id        stable identifier, lowercase-with-dashes, unique in the pool
    name      {hu = "...", en = "..."}
    type      creature | instant | general | enchantment | building | item        (K 8)
    subtypes  free tags, e.g. ["soldier"]; "reaction" has rules meaning (K 57)
    god       raia | elenios | rhatt | fairlight | sheran | tharr | leah | dornodon |
              chara-din | bufa | colourless                                         (K 10, 155)
    cost      VP cost (K 7.1);  cost_mc  monster-component cost (K 7.0.1)
    damage, hp   creatures (K 14, 15);  sp  structure points of buildings (K 15.1)
    mc        monster components a creature yields (K 67)
    keywords  subset of KEYWORDS below
    combat    X of a direct-damage combat ability "+X" (K 35.8, 129)
    enters_active  creatures / buildings whose text says "Aktívan jön játékba" enter play
              active without being fliers (K 134.2, 131.6.2)
    regeneration   1 or 2 (K 136.6-136.8)
    attach    for enchantments "on X": creature | own_creature | enemy_creature (K 8.5.5)
    condition play condition (K 21.4, 91.1), see Condition
    targets   target slots chosen when a spell is played (K 21.5), see TARGET_SPECS
    effects   the spell effect of instants / general spells (K 91.5.1), see Effect
    responds_to   for reaction cards: what they may answer (K 57.1, 94.0.2), see RESPONDS_TO;
              a reaction's "line_item" target names the action it answers: its effects may
              prevent it or do anything else (ward, brace, snap, halt: K 57.1, 94.0.1.1)
    abilities list of Ability tables (permanents)
    flavor    {hu, en} optional, never rules text (K 13.1)

Targets are referenced from effects by ``to = "target"`` (slot 0) or ``"target2"`` (slot 1), or
``to`` names a non-targeting scope (see SCOPES).

Effect verbs added since the first pool are declared once in :mod:`engine.hkk.verbs` (their
fields, accepted recipients, checks, HU/EN text and execution side by side); ``EFFECTS`` lists them
after the older verbs.
"""

from __future__ import annotations

import msgspec

from engine.hkk.verbs import VERBS

CARD_TYPES = ("creature", "instant", "general", "enchantment", "building", "item")
PERMANENT_TYPES = ("creature", "enchantment", "building", "item")
GODS = (
    "raia", "elenios", "rhatt", "fairlight", "sheran", "tharr",
    "leah", "dornodon", "chara-din", "bufa", "colourless",
)

#: Core keyword set (hkk-rules §12).
KEYWORDS = (
    "flying",             # enters play active (K 79, 134.2, 131.6)
    "magic_attack",       # K 14.2
    "magic_defence",      # K 15.2-15.3
    "resistance",         # cannot be target of "target card/permanent" sources (K 80)
    "invisibility",       # may break through without attacking every guard (K 131.3)
    "see_invisibility",   # in guard post: enemy invisibility does not work (K 131.4)
    "cannot_be_damaged",  # all damage to it is 0 (K 132.13)
    "magic_immunity",     # not a target of spells, not damaged by damaging spells (K 132.4)
)

#: Target slot specs (chosen at play, K 21.5). Creatures = reserve + guard post.
TARGET_SPECS = (
    "creature", "own_creature", "enemy_creature",
    "guard_creature", "enemy_guard_creature",
    "player", "opponent",                 # "target opponent" (K 21.5.4)
    "any",                                # creature or player
    "building", "enemy_building",
    "permanent", "enemy_permanent",       # any card on the table ("target card", K 80.0)
    "enemy_noncreature",                  # enemy enchantment / building / item
    "graveyard_creature",                 # a creature card in your graveyard
    "line_item",                          # an item in the reaction line (K 94), filtered by
                                          # the card's ``responds_to``
)

#: Non-targeting scopes usable as an effect's ``to``.
SCOPES = (
    "self",                 # the permanent itself
    "host",                 # the permanent an attached card is on (K 8.11.1)
    "controller",           # you
    "opponent_player",      # your opponent, without targeting
    "each_player",
    "all_creatures", "own_creatures", "enemy_creatures",
    "enemy_guard_creatures", "own_guard_creatures",
    "other_own_creatures",  # every creature you control except this one
    "other_creatures",      # every creature except this one
    "trigger_player",       # for automatic reactions: the player whose action triggered it
    "trigger_card",         # for automatic reactions / death triggers: the card concerned
)

#: Effect verbs (the closed vocabulary interpreted by engine.hkk.effects).
EFFECTS = (
    "damage",           # amount                      (K 109, 111.1)
    "heal",             # amount                      (K 4.26, 111.2)
    "draw",             # amount                      (K 4.12)
    "gain_vp",          # amount                      (K 3.18 cap)
    "lose_vp",          # amount                      (K 115)
    "gain_mc",          # amount
    "gain_life_max",    # amount (raises max life; may be negative)
    "destroy",          # to the graveyard, a forced source (K 104)
    "return_to_hand",   # to the hand of its owner (K 4.14)
    "void",             # to the Void (K 4.8)
    "counter",          # kind = strengthening | weakening, amount (K 117.3-117.4)
    "pump",             # damage, hp until end of turn (K 41.4)
    "passivate",        # (K 5.5.7.1, 86.2)
    "activate",         # make an active permanent
    "discard_random",   # amount, random cards from hand (K 4.17)
    "prevent",          # prevent a line item (K 94.2, 4.21.2)
    "turn_break",       # the turn ends (K 40.3)
    "resurrect",        # put the targeted graveyard creature into its owner's reserve (K 8.1.2.1)
    # static-only verbs (abilities with when = "static"):
    "buff",             # damage, hp to every permanent in scope
    "grant",            # keyword to every permanent in scope
    "cost_mod",         # amount VP and / or mc monster components (+ more expensive /
                        # - cheaper, K 21.8.3, 7.0.1), card_type filter, applies_to
    # verbs declared in engine.hkk.verbs (schema, checks, text and execution side by side):
    *VERBS,             # to_guard_post (K 5.4.3.1), grant_for_turn (K 41.4), ...
)

#: Ability timings.
WHEN = (
    "static",           # works continuously (K 130)
    "play",             # on-play automatic ability of a permanent (K 134)
    "activated",        # activated ability, instant speed unless limited (K 136)
    "reaction",         # activated ability usable as a reaction (K 137.3-137.4, 94.9)
    "start_of_turn",    # controller's preparation phase, stage 2 (K 29.4)
    "end_of_turn",      # controller's end of turn, stage 2 (K 41.2)
    "death",            # related effect: this creature went from the table to the graveyard
    "opponent_plays",   # automatic reaction to an opponent's card play (K 95)
    "opponent_played",  # related effect: after a card your opponent played has taken effect
                        # (K 22.1); its player orders such effects (K 22.1.2)
    "attack",           # related effect: this creature was declared as an attacker (K 110)
)

LIMITS = ("", "once_per_turn", "once_own_turn", "once_opp_turn")   # K 90 icons
RESPONDS_TO = ("spell", "creature", "card", "ability", "reaction", "any",
               "own_card")       # a card you are playing yourself (K 94.6.1)
COUNTER_KINDS = ("strengthening", "weakening")


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hu: str
    en: str

    def get(self, lang: str) -> str:
        return self.hu if lang == "hu" else self.en


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Play condition (K 21.4, 91.1). Every field set must hold."""

    control_god: str = ""            # you control a permanent of this god
    min_creatures: int = 0           # you control at least this many creatures
    max_life: int = 0                # your life is at most this (0 = no limit)
    opponent_more_creatures: bool = False
    opponent_guard_min: int = 0      # the opponent's guard post holds at least this many
    own_turn: bool = False           # only in your own turn


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    do: str
    amount: int = 0
    to: str = "target"
    damage: int = 0                  # pump / buff
    hp: int = 0                      # pump / buff
    kind: str = ""                   # counter kind
    keyword: str = ""                # grant, grant_for_turn
    card_type: str = ""              # cost_mod filter ("" = every card)
    applies_to: str = "own"          # cost_mod: own | opponent
    mc: int = 0                      # cost_mod: monster-component cost change (K 7.0.1)
    if_room: bool = False            # to_guard_post: only if the guard post is not full


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    when: str
    effects: tuple[Effect, ...] = ()
    targets: tuple[str, ...] = ()
    cost_vp: int = 0
    passivate: bool = False          # the P icon: passivate this card as cost (K 86)
    limit: str = ""                  # K 90 icons
    drawback: bool = False           # printed after "Hátrány:" (K 91.3)
    on: str = "card"                 # opponent_plays / opponent_played: spell | creature | card
    responds_to: str = "any"         # for reaction abilities


class CardDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    id: str
    name: Text
    type: str
    god: str
    cost: int = 0
    cost_mc: int = 0
    subtypes: tuple[str, ...] = ()
    damage: int = 0
    hp: int = 0
    sp: int = 0
    mc: int = 0
    keywords: tuple[str, ...] = ()
    combat: int = 0
    regeneration: int = 0
    enters_active: bool = False
    attach: str = ""
    condition: Condition | None = None
    targets: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    responds_to: str = ""
    abilities: tuple[Ability, ...] = ()
    flavor: Text | None = None

    @property
    def is_creature(self) -> bool:
        return self.type == "creature"

    @property
    def is_permanent(self) -> bool:
        return self.type in PERMANENT_TYPES

    @property
    def is_spell(self) -> bool:
        """Spell = instant, general, enchantment (K 8.5.0)."""
        return self.type in ("instant", "general", "enchantment")

    @property
    def is_reaction(self) -> bool:
        return "reaction" in self.subtypes


class PoolFile(msgspec.Struct, forbid_unknown_fields=True):
    card: list[CardDef] = []


class DeckDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A preconstructed deck: ``cards`` maps card id to number of copies."""

    id: str
    name: Text
    description: Text
    cards: dict[str, int]
    gods: tuple[str, ...] = ()
