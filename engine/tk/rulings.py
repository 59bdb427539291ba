"""Our rulings on what the Tash-Kalar rulebook leaves open (spec §12; RULINGS.md is the same
table in prose): each has a code ``TK R.n`` cited by the events it decides, the question, our
reading, why, and the game option that changes it (if any). Also the game options themselves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.tk import rulebook


@dataclass(frozen=True)
class Ruling:
    code: str
    question: str
    reading: str
    why: str
    option: str = ""
    hu: str = ""


RULINGS: tuple[Ruling, ...] = (
    Ruling("TK R.1", "Board size?", "9×9 squares.",
           "The published board is 9×9; the seed gives no size.", "",
           "A tábla 9×9 mezős."),
    Ruling("TK R.2", "Where are the Deathmatch symbol squares and the High Form centre?",
           "As data in decks/tk/boards/ (deathmatch.toml, highform.toml).",
           "The seed lost the glyphs; boards are content, not code.", "",
           "A jeles mezők és a Haladó közép helye a decks/tk/boards/ adatából jön."),
    Ruling("TK R.3", "How many pieces per colour?",
           "16 common/heroic tokens and 3 legendary tokens; score markers come out of them.",
           "The seed's set-up takes markers from the player's pieces; shortage must be able to "
           "happen on a 9×9 board.", "supply, legendary_supply",
           "Színenként 16 közönséges/hősi és 3 legendás jelző; a pontjelzők ezekből jönnek."),
    Ruling("TK R.4", "How many cards in an own deck?",
           "18 creature cards per colour deck: 12 creatures, six of them twice (our content).",
           "It sets the game's length (about 12-15 turns each) and leaves TEAM play, whose "
           "bottom six stay turned, twelve cards to play.", "",
           "A saját pakli 18 teremtménylapos: 12 teremtmény, közülük hat kétszer."),
    Ruling("TK R.5", "When may a flare be called?",
           "Between actions, also after the last, never during an effect; at most once a turn.",
           "The seed says 'before or after any action' and 'not while an effect resolves'.",
           "flare_limit", "Felvillanás akciók között, az utolsó után is, hatás közben soha, "
           "körönként egyszer."),
    Ruling("TK R.6", "Do flares have a pattern?", "No: only the two criteria.",
           "The seed names only the criteria.", "", "A Felvillanásnak nincs alakzata."),
    Ruling("TK R.7", "When do destroyed pieces return?",
           "Enemy pieces destroyed in your turn wait beside the board until that turn's "
           "scoring, then return to their owner; your own return at once.",
           "The seed keeps them aside for the scoring; every piece returns to its owner.", "",
           "A körben lerombolt ellenséges jelzők a pontozásig a tábla mellett várnak."),
    Ruling("TK R.8", "Summoning onto your own piece?",
           "It is destroyed like any piece of equal or lower rank, and never scores.",
           "The seed's rule names any piece; you never score your own.", "",
           "A saját jelződre idézve az lerombolódik, pontot nem ér."),
    Ruling("TK R.9", "'A piece you need' under shortage?",
           "A token of the needed kind: common/heroic for a common or heroic piece, legendary "
           "for a legendary one; your legendary piece may be reused for a legend.",
           "Tokens are double-sided common/heroic or legendary.", "",
           "A szükséges fajta jelző: közönséges/hősi vagy legendás."),
    Ruling("TK R.10", "What may the discard action put under decks?",
           "Any other cards from hand, each under its own pile (creature, legend, flare).",
           "The seed says 'one or more further cards'; each card has one pile.", "",
           "Dobáskor bármely további kézben lévő lap a saját paklija aljára tehető."),
    Ruling("TK R.11", "Do the tie-breaks apply in every mode?",
           "Yes by default (upgraded pieces, then all pieces).",
           "They are placed after the modes' winners in the seed.", "tie_break",
           "A holtverseny-feloldás minden módban érvényes."),
    Ruling("TK R.12", "Do odd commons carry over?", "No; a team scores once.",
           "The seed scores each turn's pile and returns it.", "",
           "A pár nélküli közönséges nem marad meg a következő körre."),
    Ruling("TK R.13", "BATTLE pairs commons how?", "Within one colour.",
           "Points are scored in the destroyed piece's colour.", "",
           "CSATÁBAN a közönségesek színenként párosodnak."),
    Ruling("TK R.14", "The final round?",
           "After the turn that triggers the end, every player, the trigger player too, plays "
           "one more full turn.", "The seed: 'everybody, including the one who triggered it'.",
           "", "A vége után mindenki, a kiváltó is, még egy teljes kört játszik."),
    Ruling("TK R.15", "Who places the starting pieces where?",
           "The placer chooses each square (DUEL: distinct symbol squares; BATTLE: squares "
           "touching distinct symbol squares).", "The seed names the placer only.", "",
           "A kezdő jelzők helyét a lerakó választja."),
    Ruling("TK R.16", "DUEL score markers?",
           "One common marker per side, of its own colour.",
           "Two sides, one track: one marker each.", "",
           "PÁRBAJBAN oldalanként egy saját színű közönséges pontjelző."),
    Ruling("TK R.17", "Whose tokens do up- and downgrades of enemy pieces use?",
           "The piece's owner's; with none free it does not change.",
           "A piece never changes colour except by conversion.", "",
           "Az ellenséges jelző fel- és lefokozása a tulajdonosa készletéből történik."),
    Ruling("TK R.18", "'That many more' in flare criteria?", "At least N more.",
           "A bigger lead is worse for the caller, never a reason to refuse.", "",
           "A 'legalább N-nel több' értelmezés."),
    Ruling("TK R.19", "Are the criteria checked again before the lower effect?",
           "No: both are checked once, when the flare is called.",
           "The seed decides which effects apply when it is called.", "",
           "A feltételeket egyszer, a híváskor vizsgáljuk."),
    Ruling("TK R.20", "Converting with no own piece of that rank free?",
           "The enemy piece stays; nothing is converted.",
           "Like upgrades and effect placements, supply limits it.", "",
           "Ha nincs szabad saját jelző, az átalakítás elmarad."),
    Ruling("TK R.21", "Actions left but no legal action?",
           "The remaining actions are lost and the turn ends.",
           "The engine never waits on a decision with no option.", "",
           "Ha nincs szabályos akció, a maradék akciók elvesznek."),
    Ruling("TK R.22", "May the picked-up piece go back on its own square?",
           "Yes: the square is empty once it is picked up.",
           "The pick-up comes first, then the place action.", "",
           "A felvett jelző visszatehető a saját mezőjére."),
    Ruling("TK R.23", "One summon action per symmetry?",
           "One per distinct placement: symmetric orientations are merged.",
           "Eight identical choices would say nothing.", "",
           "Szimmetrikus alakzatnál elhelyezésenként egy idézés."),
    Ruling("TK R.24", "May a move or jump destroy your own piece?",
           "No: moves and jumps end on empty squares or enemy pieces.",
           "Card texts speak of attacking; no card wants to crush its own.", "",
           "Mozgás és ugrás nem rombolhat saját jelzőt."),
    Ruling("TK R.25", "Must the whole pattern, marked squares included, fit the board?",
           "Yes.", "A card shows its marked squares as part of the pattern.", "",
           "Az egész alakzatnak, jelölt mezőkkel együtt, a táblán kell lennie."),
    Ruling("TK R.26", "When does BATTLE's legend colour get chosen?",
           "Right after the summon, before the legend's effect.",
           "The point is for the summon, not the effect.", "",
           "A legendapont színét az idézéskor, a hatás előtt választod."),
    Ruling("TK R.27", "What is a colour's lowest score with equal colours?",
           "BATTLE: the sorted colour scores compared from the lowest up.",
           "The seed's second-lowest rule, continued.", "",
           "CSATÁBAN a színpontokat a legkisebbtől felfelé hasonlítjuk."),
    Ruling("TK R.28", "Who is the start player?",
           "The first seat; the seating (or the table's order of seats) chooses it.",
           "The seed says only 'choose a start player'; choosing is seating.", "",
           "A kezdőjátékos az első ülőhely; az ülésrend választja ki."),
)

for _r in RULINGS:
    rulebook.RULES[_r.code] = (_r.reading, _r.hu or _r.reading)

MODES = ("duel", "highform", "battle")

DEFAULT_OPTIONS: dict[str, Any] = {
    "mode": "duel",          # duel, highform, battle
    "team": False,           # TEAM 2v2 over duel or highform (4 seats)
    "supply": 16,            # common/heroic tokens per colour (TK R.3)
    "legendary_supply": 3,   # legendary tokens per colour (TK R.3)
    "flare_limit": 1,        # flares a turn (TK R.5)
    "tie_break": "all",      # all / battle: where the upgraded-then-total tie-break applies
    "max_turns": 200,        # a safety stop for bot games (a tie past it)
}

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "mode": MODES, "team": (False, True), "tie_break": ("all", "battle")}

#: engine-set option keys (not a player's choice)
INTERNAL_OPTIONS = ("scenario",)


def check_options(options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The options with defaults filled in, or ValueError saying what to do."""
    out = dict(DEFAULT_OPTIONS)
    if "mode" not in options and seats in (3, 4) and not options.get("team"):
        out["mode"] = "battle"                         # 3-4 players without a mode: BATTLE
    for key, value in options.items():
        if key in INTERNAL_OPTIONS:
            out[key] = value
            continue
        if key not in DEFAULT_OPTIONS:
            raise ValueError(f"Tash-Kalar has no option '{key}'; its options: "
                             f"{', '.join(DEFAULT_OPTIONS)}.")
        if key in OPTION_CHOICES and value not in OPTION_CHOICES[key]:
            raise ValueError(f"Option {key} = {value!r}: choose one of "
                             f"{', '.join(map(str, OPTION_CHOICES[key]))}.")
        default = DEFAULT_OPTIONS[key]
        if isinstance(default, int) and not isinstance(default, bool) and (
                not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise ValueError(f"Option {key}: give a whole number of at least 1.")
        out[key] = value
    mode, team = out["mode"], out["team"]
    if out["supply"] < 4:
        raise ValueError("Option supply: give at least 4 common/heroic tokens per colour.")
    if team:
        if mode == "battle":
            raise ValueError("TEAM play is over DUEL or High Form (mode=duel or mode=highform), "
                             "not BATTLE.")
        if seats != 4:
            raise ValueError(f"TEAM play is for 4 players (two teams of two), not {seats}.")
    elif mode == "battle":
        if seats not in (3, 4):
            raise ValueError(f"BATTLE is for 3 or 4 players, not {seats}; use mode=duel for "
                             "two.")
    elif seats != 2:
        raise ValueError(f"{'DUEL' if mode == 'duel' else 'High Form'} is for 2 players, not "
                         f"{seats}; for 3-4 use mode=battle, for 4 also team=true.")
    return out


_WHAT = {"mode": "duel (2 players), highform (2), battle (3-4; the default for 3-4 players)",
         "team": "TEAM 2v2 over duel or highform: 4 seats, seats 0+2 and 1+3 share a colour",
         "supply": "common/heroic tokens per colour, score markers included (TK R.3)",
         "legendary_supply": "legendary tokens per colour (TK R.3)",
         "flare_limit": "flares a player may call in one turn (TK R.5)",
         "tie_break": "all: the upgraded-then-total tie-break in every mode; battle: only there "
                      "(TK R.11)",
         "max_turns": "a safety stop for bot games: past this many rounds the game ends and is "
                      "scored"}


def markdown() -> str:
    """RULINGS.md as it must read (a test compares them)."""
    lines = ["# Tash-Kalar rulings", "",
             "What the rulebook (seed 004) leaves open, and how hkk reads it. Each ruling has a "
             "code cited by", "the events it decides (`TK R.n`), the question, our reading, "
             "why, and the game option that", "changes it, if any. The same table is data in "
             "`engine/tk/rulings.py` (`markdown()` writes", "this file; the rules table shows "
             "each reading in Hungarian and English).", "",
             f"{len(RULINGS)} rulings; {sum(1 for r in RULINGS if r.option)} of them with an "
             f"option; {len(DEFAULT_OPTIONS)} game options.", "",
             "| code | question | reading | why | option |", "|---|---|---|---|---|"]
    lines += [f"| {r.code} | {r.question} | {r.reading} | {r.why} | {r.option or '—'} |"
              for r in RULINGS]
    lines += ["", "## Game options", "", "| option | default | choices | what it changes |",
              "|---|---|---|---|"]
    for k, v in DEFAULT_OPTIONS.items():
        ch = ", ".join(map(str, OPTION_CHOICES.get(k, ()))) or "a whole number ≥ 1"
        lines.append(f"| {k} | {v} | {ch} | {_WHAT[k]} |")
    lines += ["", "Bad combinations are refused before the game, in words (exit code 2 from "
              "`hkk sim`):", "5 players, TEAM with other than 4, BATTLE with 2, DUEL or High "
              "Form with 3-4, an unknown mode or option.", ""]
    return "\n".join(lines)
