"""M.A.G.U.S. card definitions: the schema of ``decks/mk/cards/*.toml`` (one ``[[card]]`` table
per card). Effects are data built from a few primitives (spec §18.12: trigger, cost, targets,
speed, phase, duration); no card has Python of its own.

An :class:`Effect` is one step ``op`` of :data:`OPS` with an ``amount``; who it hits is the item's
chosen target (``CardDef.target``, one of :data:`TARGETS`) or, for ``damage_team``, every member
of the enemy team in the manoeuvre.
"""

from __future__ import annotations

import re

import msgspec

TYPES = ("tower", "quest", "building", "obstacle", "action", "event", "adventurer", "ally")
#: the types the engine plays
PLAYABLE_TYPES = ("tower", "quest", "building", "obstacle", "action", "event", "adventurer",
                  "ally")
#: main castes (MK 3.07.1); sub-castes are written ``warrior/knight`` and count as their main one
CASTES = ("warrior", "priest", "rogue", "martial", "mage")
ALIGNMENTS = ("", "life", "order", "death", "chaos")
OPPOSED = {"life": "death", "death": "life", "order": "chaos", "chaos": "order"}   # MK 3.07.2
#: phase tags (MK 5.05): sor (default), manoeuvre, combat, prep
PHASE_TAGS = ("sor", "manoeuvre", "combat", "prep")
SPEEDS = ("mp", "fast")                                     # MK 5.08
SUBTYPES = ("", "melee", "ranged", "spell", "feint", "heal", "neutralise", "equipment")
#: equipment slots (MK 3.05.3.H-I): one of each per adventurer; an off-hand weapon takes the
#: shield's place
SLOTS = ("gear", "weapon", "shield", "offhand", "armour", "cloak", "staff")
#: a weapon's reach (MK 3.05.3.K)
REACHES = ("", "melee", "ranged")
#: what an equipment's modifiers may change (fed through numbers.py, MK 5.11)
BOOSTABLE = ("level", "physique", "astral", "mental")
#: what an item aims at (MK 5.01.B, MK 6.04)
TARGETS = ("", "enemy_line", "own_adventurer", "enemy_front", "enemy_combat", "item", "own_any")
#: effect primitives
OPS = ("damage", "attack", "heal", "neutralise", "draw", "gain_mp", "doom", "damage_team",
       "end_combat", "end_manoeuvre", "copy", "allow_fight", "escape",
       "descend", "sacrifice")
#: durations of action and event cards this part plays (MK 5.06.D; the others come with
#: equipment and lasting events, spec §19)
DURATIONS = ("instant", "permanent")
KEYWORDS = ("momentum", "raiding", "recall", "primal", "feral", "animated", "mount",
            "henchman", "focus")
#: races an ŐSERŐ card needs among its player's adventurers (MK 2.12)
PRIMAL_RACES = ("aquir", "dragon")
#: what a timed effect may do (it has no target, MK 6.04)
TRIGGER_OPS = ("draw", "gain_mp", "allow_fight")
#: what a timed effect with a target (``trigger_target``) may do besides
AIMED_TRIGGER_OPS = ("damage", "heal", "doom")
OBSTACLE_KINDS = ("trap", "beast")
#: quest condition atoms: a main caste, or a test "physique>4" / "astral>3" / "mental>2"
ATTRIBUTES = ("physique", "astral", "mental")


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hu: str
    en: str


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    op: str
    amount: int = 0


class Boost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A modifier an attached equipment gives its wearer (MK 3.05.3.G, MK 5.11): ``attr`` ±
    ``amount``; ``strong`` for "in any case" (MK 5.10.C)."""

    attr: str
    amount: int
    strong: bool = False


class Stance(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a card's effect stands in a contradiction (MK 5.10, ruling 25, spec §14): ``strong``
    for "in any case / in no case" (C-E), ``prohibit`` for a "not" (F-G), ``settles`` when its
    text itself says how the conflict ends (A)."""

    strong: bool = False
    prohibit: bool = False
    settles: bool = False


class CardDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    id: str
    type: str
    name: Text
    mp: int = 0
    named: bool = False
    flavour: Text | None = None
    # adventurer (MK 3.07)
    castes: tuple[str, ...] = ()
    alignment: str = ""
    physique: int = 0
    astral: int = 0
    mental: int = 0
    level: int = 0
    keywords: tuple[str, ...] = ()
    race: str = ""                # "" = human (MK 3.07 "Jellemzők")
    # IGAZ NÉV (MK 2.02): the name it also counts as, both ways
    true_name: Text | None = None
    # TÖRZSSZÖVETSÉG [race] (MK 2.08): its boosts work on itself only while its player controls
    # three adventurers of that race ("*": three sharing any one race)
    tribe: str = ""
    # HÁTAS / CSATLÓS [cond] (MK 2.06, MK 2.09): the caste a host must have ("" any); the host
    # gains the card's boosts
    rider: str = ""
    # AKARATÁTVITEL X (MK 2.04): replaces the attack roll; a target at level ≤ X changes Line
    will: int = 0
    # AKADÁLYOK X (MK 2.13): X obstacle slots, overriding the paths
    obstacles: int = 0
    # KINCS X (MK 2.07): may be played as a pending quest solved at team level ≥ X
    treasure: int = 0
    # KINCSKERESÉS X (MK 1.14.14): a team's values add up; solving a treasure quest of value
    # at most their sum sends the whole team home alert, spending each member's for the round
    hunting: int = 0
    # §16 subsystems, each a game option: a mosaic spell's element (MK 7.00); an outer-plane
    # card (MK 9.00) with its outer ability's MP; a ghost's spirit rounds (MK 11.00) with its
    # spirit ability's MP; a machine obstacle (MK 10.02) or a build-on card (MK 10.00) with the
    # MP printed before its symbol and the damage it adds to a machine's activation
    mosaic: str = ""
    antiss: bool = False          # the antiss mark (adventurer) or an antiss quest (MK 8.01)
    antiss_mp: int = 0            # an antiss wizard's antiss ability (its effects), MK 8.01.B
    outer: bool = False
    outer_mp: int = 0
    spirit: int = 0
    spirit_mp: int = 0
    machine: bool = False
    build_mp: int = 0
    build_dmg: int = 0
    # tower level (MK 3.01, MK 2.01); a building's FAL X (MK 2.01.a, ruling 11)
    wall: int = 0
    starting_only: bool = False
    # quest (MK 3.02)
    dp: int = 0
    solve_mp: int = 0
    paths: int = 0
    conditions: tuple[str, ...] = ()
    storable: bool = False        # "raktározandó" (MK 1.14.3): stored on a tower level
    expedition: int = 0           # EXPEDÍCIÓ X (MK 2.03, ruling 15): solved at team level ≥ X
    # building (MK 3.03): team sizes (D), obstacle slots in ``paths``, DP in ``dp``, the play
    # condition in ``conditions`` (castes only, at most one alternative list)
    attackers: int = 3
    defenders: int = 3
    # "a player may control at most one such building" (MK 1.14.4, ruling 70): not played while
    # its player controls one of this card; gaining a second, he sacrifices one of the two
    one_only: bool = False
    # ally (MK 3.08): alliance points on entry; each use of its ability (``effects`` at
    # ``target``, ``speed``) spends ``use_points``; play condition in ``conditions``
    points: int = 0
    use_points: int = 1
    # action / event (MK 3.05, MK 3.06)
    subtype: str = ""
    phase: str = "sor"
    speed: str = "mp"
    target: str = ""
    duration: str = "instant"
    effects: tuple[Effect, ...] = ()
    # equipment (MK 3.05.3): its slot, magic items stay attached (E), relics only on named
    # adventurers (F), modifiers for the wearer, armour VÉDŐKÜSZÖB X SFÉ Y (MK 2.17)
    slot: str = ""
    magic: bool = False
    relic: bool = False
    boosts: tuple[Boost, ...] = ()
    armour: tuple[int, int] = (0, 0)
    # a weapon's attack (MK 3.05.3.G, K; ruling 71): ``reach`` melee (front vs front) or ranged
    # (from the protected row at any enemy in the combat); its wearer, alert in the combat
    # rounds, rotates and pays ``strike_mp`` and the weapon's ``effects`` (an attack) follow
    reach: str = ""
    strike_mp: int = 0
    # MK 5.10 (ruling 72): an attack whose text says armour does not protect against it
    # (prohibiting; strong for "in no case"), and an armour's own stance on protecting (its text
    # may settle such a conflict itself, "also protects where armour would not")
    pierce: Stance | None = None
    armour_stance: Stance | None = None
    # obstacle (MK 3.04, MK 4.06 "Bestia")
    kind: str = ""
    number: int = 0
    attack: int = 0
    dmg: tuple[int, int] = (0, 0)
    # TÚLÜTÉS X (MK 2.05, ruling 15): an attack that hits when the target's level ≤ X, no roll
    overstrike: int = 0
    # tower reveal ability (MK 4.06 "Toronyszint felfedése".B)
    reveal: tuple[Effect, ...] = ()
    # timed (triggered) effects (MK 5.07.K, MK 6.02), targetless: on entering Present
    # (MK 1.14.12) and at the start of each round while in Present (MK 1.07 "Forduló nyitása")
    on_enter: tuple[Effect, ...] = ()
    # the target of the on-entering effect, chosen as it enters (MK 5.01.B, MK 6.05.R)
    trigger_target: str = ""
    on_round: tuple[Effect, ...] = ()


class DeckDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Text
    description: Text
    cards: dict[str, int]
    towers: tuple[str, ...] = ()          # the three starting tower levels (ids)
    sideboard: dict[str, int] = {}
    limit: int = 3


# ---------------------------------------------------------------------------- conditions
_ATOM = re.compile(r"^(warrior|priest|rogue|martial|mage)$|^(physique|astral|mental)>(\d+)$")


class ConditionError(ValueError):
    pass


def parse_condition(text: str) -> list[list[str]]:
    """A quest condition (MK 4.06 "Feltétel") as a list of parts, each a list of alternatives.

    Split on "+", expand "N*" into N copies, split each part on "/":
    ``2*warrior/mage+physique>4`` → ``[[warrior, mage], [warrior, mage], [physique>4]]``.
    """
    parts: list[list[str]] = []
    for chunk in text.replace(" ", "").lower().split("+"):
        if not chunk:
            raise ConditionError(f"empty part in condition {text!r}")
        times = 1
        m = re.match(r"^(\d+)\*(.+)$", chunk)
        if m:
            times, chunk = int(m.group(1)), m.group(2)
            if not 1 <= times <= 6:
                raise ConditionError(f"repeat count {times} out of 1..6 in {text!r}")
        alts = chunk.split("/")
        for a in alts:
            if not _ATOM.match(a):
                raise ConditionError(f"unknown condition atom {a!r} in {text!r}: use a caste "
                                     f"({', '.join(CASTES)}) or a test such as physique>4")
        parts += [list(alts) for _ in range(times)]
    return parts
