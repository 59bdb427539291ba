"""Our rulings: every open question of summoner-wars.md §15 answered in one place — the question,
our reading and why — and the game options that make the questionable readings switchable.

``engine/sw/RULINGS.md`` is rendered from this table (:func:`render`; a test checks the file is
up to date). Regenerate it with ``python -m engine.sw.rulings > engine/sw/RULINGS.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Game options and their defaults (``hkk sim --option KEY=VALUE`` and the new-game screen).
DEFAULT_OPTIONS: dict[str, object] = {
    "die_faces": ["m", "m", "r", "r", "mr", "s"],   # R1
    "first_turn_attack": True,                      # R7
    "friendly_fire": True,                          # R8
    "both_summoners": "draw",                       # R9: "draw" | "active_wins"
    "partial_push": False,                          # R10
    "inactivity": "turn",                           # R12: "turn" | "phase" | "off"
    "different_means": "cards",                     # R19: "cards" | "names"
    "structure_units_attack": True,                 # R20
    "trample_structures": False,                    # R21
    "frost_axe_hits": 2,                            # R4
    "max_turns": 300,                               # R26
}

#: What each option may be (for validation in words).
OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "both_summoners": ("draw", "active_wins"),
    "inactivity": ("turn", "phase", "off"),
    "different_means": ("cards", "names"),
}


@dataclass(frozen=True)
class Ruling:
    code: str            # "R1" (cited as "SW Döntés.1")
    question: str        # the open question (§15 number in brackets)
    reading: str         # what the engine does
    why: str
    option: str = ""     # the game option that switches it, if any
    short: tuple[str, str] = ("", "")   # one-line summary (en, hu) for the rules table


RULINGS: tuple[Ruling, ...] = (
    Ruling("R1", "[Q1] How many faces of a die show melee, ranged and special?",
           "Six faces: melee, melee, ranged, ranged, melee+ranged, special — a melee attack "
           "hits on 3 faces in 6, a ranged one on 3 in 6, a special shows on 1 in 6. The table is "
           "the option die_faces (a list of faces, each a string of m/r/s).",
           "The seed names the three symbols but not their counts. Equal odds for melee and "
           "ranged favour neither kind, and a lone special keeps specials rare as the card texts "
           "that use them assume.", "die_faces",
           short=('Dice: melee, melee, ranged, ranged, melee+ranged, special (die_faces).',
                  'Kocka: közelharci ×2, távolsági ×2, mindkettő, különleges (die_faces).')),
    Ruling("R2", "[Q2] Starting layouts and the partial factions' starting units and epics.",
           "Every ready deck stores its summoner's starting layout as data (squares in the "
           "owner's frame, turned 180° for the second seat) and marks it invented. The Polar "
           "Dwarves start with Frost Mage and Ice Golem as the seed says; the two other factions "
           "are our own originals with their own starting units and epics.",
           "The seed does not print any layout. A layout is content, so it lives with the deck.",
           short=('Starting layouts are ours, stored with each summoner and marked invented.',
                  'A kezdőfelállások sajátok, az idéző adataiban, kitaláltként jelölve.')),
    Ruling("R3", "[Q3] Which units are melee and which ranged?",
           "Polar Dwarves: Frost Mage and Nadiana ranged (spell-casters), every other unit "
           "melee. Our factions state it per card.",
           "The icons are lost; a mage shooting frost and a champion whose strength grows with "
           "structures at a distance read naturally as ranged.",
           short=('Frost Mage and Nadiana are ranged, the other Polar Dwarves melee.',
                  'A Fagymágus és Nadiana távolsági, a többi sarki törp közelharci.')),
    Ruling("R4", "[Q4] Frost Axe: which die result counts as which?",
           "While the Ice Smith lies under a common unit, each special that unit rolls counts "
           "as 2 hits of the unit's own attack type (option frost_axe_hits).",
           "An outside source gives 'special = 2 melee hits'; counting them for the host's own "
           "type keeps the ability useful under a ranged unit too.", "frost_axe_hits",
           short=('Frost Axe: each special the host rolls counts as 2 of its hits.',
                  'Fagyfejsze: a gazdaegység minden különleges dobása 2 találat.')),
    Ruling("R5", "[Q5] Structure Freeze vs Glacier Shift pairing; Parapet numbers.",
           "As the seed's lines pair them: Structure Freeze (move phase) removes 2 damage from "
           "each friendly structure; Glacier Shift (build phase) pushes up to 3 friendly "
           "structures within 3 squares of your summoner 1 or 2 squares each. Parapet costs 0 "
           "and has 5 life.",
           "Each phase line sits next to its name; swapping them would rewrite the cards on a "
           "guess. The Parapet's digits read '0 … 5'.",
           short=('Structure Freeze: move phase; Glacier Shift: build phase; Parapet 0/5.',
                  'Szerkezetfagyasztás: mozgás-, Gleccsermozgás: építkezésfázis; Mellvéd 0/5.')),
    Ruling("R6", "[Q6] Complete decklists of the Fallen Kingdom and the Cave Goblins.",
           "Not reproduced. We ship two complete original factions in their spirit (Ashvale "
           "Wraiths: recursion and on-death effects; Burrow Rabble: free units, extra attacks, "
           "charges and rerolls), with our own names, numbers and texts.",
           "The seed has only a few of their cards; we invent nothing under their names.",
           short=('The two partial factions are replaced by two original factions of ours.',
                  'A két hiányos frakció helyett két saját frakció szerepel.')),
    Ruling("R7", "[Q7] Any first-turn restrictions?",
           "None: both players play all six phases from the first turn, and the first player may "
           "attack (option first_turn_attack = false forbids attacks in the first player's first "
           "turn).", "The seed gives only the 2-versus-3 starting magic.", "first_turn_attack",
           short=('No first-turn limits: the first player may attack at once.',
                  'Nincs első köri korlát: a kezdő játékos is támadhat.')),
    Ruling("R8", "[Q8] May a unit attack a friendly card?",
           "Yes (option friendly_fire). Only attacks on enemy cards count against the inactivity "
           "penalty and only enemy cards give magic.",
           "Targets are described as 'cards'; only magic and inactivity say 'enemy'.",
           "friendly_fire",
           short=('Friendly cards may be attacked; magic and inactivity count enemies only.',
                  'Baráti kártya is támadható; mágia és tétlenség csak ellenségesre számít.')),
    Ruling("R9", "[Q9] Both summoners destroyed at the same time?",
           "A draw (option both_summoners = active_wins gives the win to the active player).",
           "gl. IDÉZŐ says a player whose summoner is destroyed loses; both lose, so neither "
           "wins.", "both_summoners",
           short=('Both summoners destroyed at once: a draw.',
                  'Ha egyszerre pusztul mindkét idéző: döntetlen.')),
    Ruling("R10", "[Q10] Pushes: who chooses, partial pushes, the board edge?",
           "The player whose effect pushes chooses the direction (any of the four). The card "
           "moves exactly the chosen distance in a straight line of empty squares; a direction "
           "blocked by a card or the edge before that distance cannot be chosen (option "
           "partial_push = true lets it stop at the last empty square instead). With no legal "
           "direction nothing happens.",
           "gl. KÉNYSZERÍTÉS asks for a straight unobstructed line of the given length.",
           "partial_push",
           short=('The pusher chooses the direction; a blocked push distance cannot be chosen.',
                  'Az irányt a kényszerítő választja; elzárt távolság nem választható.')),
    Ruling("R11", "[Q11] Does a reroll reroll all dice or some?",
           "Per effect, in the card data: scope 'misses' rerolls every die that did not hit, "
           "scope 'all' rerolls every die. A rerolled die may be rerolled again by another "
           "effect.", "gl. ÚJRADOBÁS ('valamennyi kocka') is read per card text.",
           short=('Each reroll effect says whether it rerolls the misses or all dice.',
                  'Minden újradobó hatás megmondja: a nem talált vagy az összes kocka.')),
    Ruling("R12", "[Q12] Inactivity: 'in this phase' or 'during your turn'?",
           "During your turn (the main text), checked at the end of your attack phase (option "
           "inactivity = phase counts only attacks of the attack phase; off disables it).",
           "The main text beats the player aid; attacks happen only in the attack phase, so the "
           "readings agree in play.", "inactivity",
           short=('Inactivity counts attacks on enemy cards during the whole turn.',
                  'A tétlenség a teljes kör ellenséges támadásait nézi.')),
    Ruling("R13", "[Q13] Magic above 15?", "Lost: the track stops at 15.",
           "The track has 15 spaces.",
           short=('Magic above 15 is lost.',
                  'A 15 feletti mágiapont elvész.')),
    Ruling("R14", "[Q14] Raise the Dead puts the 2 damage on Ret-Talus himself?",
           "Ret-Talus is not shipped. Our Morkh's similar ability damages Morkh himself, the "
           "literal reading.", "The literal reading is playable and gives the ability a cost.",
           short=("A summoner's self-damage cost is paid by the summoner itself, as written.",
                  'Az idéző önsebző költségét szó szerint maga az idéző fizeti.')),
    Ruling("R15", "[Q15] Ice Golem: summoned or built?",
           "Either: as a common unit it may be summoned next to a gate in the summon phase, as a "
           "structure built in the build phase (back 3 rows or next to the summoner).",
           "gl. ÉPÍTKEZÉS: any card with the structure class can be built; it is also a unit.",
           short=('A unit that is also a structure may be summoned or built.',
                  'Az építmény egység idézhető és építhető is.')),
    Ruling("R16", "[Q16] Does a placed unit count as summoned?",
           "No: placing (gl. HELYEZNI) is not summoning; nothing that needs a summon triggers.",
           "The text says 'place'.",
           short=('Placing a unit is not summoning it.',
                  'Egység elhelyezése nem idézés.')),
    Ruling("R17", "[Q17] Deck symbols.",
           "Each faction has one symbol of ours; every unit and event of a deck must share one "
           "with the summoner (the deck validator checks it).", "The icons are lost.",
           short=('One deck symbol per faction; the validator checks symbol sharing.',
                  'Frakciónként egy pakliszimbólum; a validátor ellenőrzi.')),
    Ruling("R18", "[Q18] The caption 'melee units with strength 3 / ranged with strength 2'.",
           "Recorded only: neither Beast Rider nor Slinger Horde ships.",
           "It concerns cards we do not reproduce.",
           short=('The stray strength caption concerns cards we do not ship.',
                  'Az árva erő-felirat nem szállított lapokra vonatkozik.')),
    Ruling("R19", "[Q19] '3 different units': different names or different cards?",
           "Different cards on the battlefield: two copies of one common may both move and both "
           "attack (option different_means = names forbids it).",
           "The rulebook's movement example moves copies of one card; gl. KÜLÖNBÖZŐ serves deck "
           "building.", "different_means",
           short=("'3 different units' means 3 different cards (option: names).",
                  "A '3 különböző egység' 3 különböző kártya (opció: nevek).")),
    Ruling("R20", "[Q20] Can the Ice Golem attack?",
           "Yes (option structure_units_attack): it is a unit with a printed strength.",
           "gl. EGYSÉG lets units move and attack; a printed strength would be pointless "
           "otherwise.", "structure_units_attack",
           short=('A unit that is also a structure may attack.',
                  'Az építmény egység támadhat.')),
    Ruling("R21", "[Q21] Trampling through a unit that is also a structure?",
           "Not allowed (option trample_structures allows it).",
           "gl. KERESZTÜL forbids passing cards of another class, and the Ice Golem is also a "
           "structure.", "trample_structures",
           short=('Trample does not pass through structures.',
                  'Az Eltiprás nem halad át építményen.')),
    Ruling("R22", "[Q22] Magic for a card destroyed by a destroyed card's effect?",
           "Nobody gains: a card destroyed by the effect of a card that is no longer in play "
           "gives no magic.", "gl. ELPUSZTUL excludes it; the source is gone either way.",
           short=('No magic for a card destroyed by a card no longer in play.',
                  'Nem jár mágiapont a már játékon kívüli kártya által elpusztítottért.')),
    Ruling("R23", "[Q23] Frost Axe optional both ways?",
           "Yes: after moving, the player may put a charge, spend one to go under a unit, or do "
           "neither.", "Both halves are worded with 'may'.",
           short=('Frost Axe is optional both ways: charge, go under, or neither.',
                  'A Fagyfejsze mindkét ága választható: töltet, alá kerülés, vagy egyik sem.')),
    Ruling("R24", "[Q24] Both summoners destroyed at once (Q9 again).", "See R9: a draw.",
           "gl. IDÉZŐ and A játék vége read together.", "both_summoners",
           short=('Both summoners at once: a draw (as R9).',
                  'Két idéző egyszerre: döntetlen (mint R9).')),
    Ruling("R25", "A player may concede at any time.", "The opponent wins.",
           "Not in the seed; the platform needs it.",
           short=('A player may concede at any time; the opponent wins.',
                  'Bármikor fel lehet adni; az ellenfél nyer.')),
    Ruling("R26", "Can a game go on for ever?",
           "After max_turns turns (300) the game ends in a draw.",
           "A safety net for bot games; no real game comes near it.", "max_turns",
           short=('After max_turns turns the game is a draw.',
                  'max_turns kör után a játszma döntetlen.')),
    Ruling("R27", "Simultaneous triggers.",
           "The active player orders them; they are asked only when two or more wait at once "
           "and at least one needs a choice.", "gl. IDŐZÍTÉS.",
           short=('The active player orders simultaneous triggers that ask something.',
                  'Az egyidejű, döntést kérő hatások sorrendjét az aktív játékos adja meg.')),
    Ruling("R28", "Is a Roham (Charge) run a move?",
           "Yes: it uses the unit's move slot, and 'after this unit moves' abilities trigger.",
           "The text says the unit moves, instead of its normal move.",
           short=("A Charge run is the unit's move; after-move abilities trigger.",
                  'A Roham az egység mozgása; a mozgás utáni képességek életbe lépnek.')),
    Ruling("R29", "May an event or ability be used when its first choice has no candidate?",
           "No: an event or activated ability whose first required choice has nothing to choose "
           "is not offered and is refused (nothing is paid).",
           "Paying for an effect that cannot happen is never what a player means; it also keeps "
           "bots from wasting magic.",
           short=("An event or ability with nothing to act on cannot be used.",
                  "Nem használható az esemény vagy képesség, ha nincs mire hatnia.")),
    Ruling("R30", "May a player undo past a die roll (for instance against the AI, where undo "
           "may otherwise cross draws)?",
           "Never: undo stops at the last roll or reroll, against a person and against the AI. "
           "Draws and shuffles follow the platform's policy (never against a person, allowed in "
           "practice against the AI).",
           "The roll's outcome is already known; undoing it and attacking in another order "
           "would let a player retry the dice, which the game never allows.",
           short=("Undo never takes back a die roll, not even against the AI.",
                  "Kockadobás soha nem vonható vissza, a gép ellen sem.")),
    Ruling("R31", "When does a unit's ability set off in the middle of an event or another "
           "ability resolve (Death Rattle's damage destroys a unit before its own destroy "
           "step)?",
           "When that event or ability is complete: the unit abilities it set off wait, then "
           "resolve one after another, in the order the active player chooses (R27). An active "
           "event's effect (Icy Shove after one of Glacier Shift's pushes) is not a unit's "
           "ability: it resolves right after what set it off.",
           "gl. KÉPESSÉG: a unit's ability takes no effect while another effect is being carried "
           "out, unless stated otherwise; gl. UTÁN: an 'after' effect resolves once what set it "
           "off is complete. KÉPESSÉG speaks of the named effects on unit cards only.",
           short=("A unit's ability set off during an effect waits until the effect is done.",
                  "Egy hatás közben kiváltott egységképesség megvárja, amíg a hatás véget "
                  "ér.")),
)


def render() -> str:
    """RULINGS.md as text."""
    lines = ["# Summoner Wars: our rulings", "",
             "Every open question of `summoner-wars.md` §15, answered: the question, our reading, "
             "why, and the game option that switches it. Rendered from `engine/sw/rulings.py` "
             "(`python -m engine.sw.rulings > engine/sw/RULINGS.md`); cited as `SW Döntés.N`.",
             "", "| Code | Question | Our reading | Why | Option (default) |",
             "|---|---|---|---|---|"]
    for r in RULINGS:
        opt = f"`{r.option}` ({DEFAULT_OPTIONS[r.option]!r})" if r.option else ""
        lines.append(f"| {r.code} | {r.question} | {r.reading} | {r.why} | {opt} |")
    lines += ["", f"{len(RULINGS)} rulings, {len(DEFAULT_OPTIONS)} options.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(render(), end="")
