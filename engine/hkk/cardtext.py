"""Card rules text rendered from card data, in Hungarian and English.

Nothing here is stored per card: every sentence is built from the closed vocabularies of
:mod:`engine.hkk.cards` (types, keywords, targets, scopes, effect verbs, timings, limits), so the
text always matches what the engine does. Hungarian uses the Kódex terms (Ép, VP, szörnykomponens,
tartalék, őrposzt, gyűjtő, Semmi, reakció sor, passzivizál, ...).

Public API: :func:`card_text`, :func:`type_line`, :func:`keyword_name`, :func:`keyword_help`,
:func:`god_name`, :func:`stat_line`.
"""

from __future__ import annotations

from engine.hkk.cards import EFFECTS, Ability, CardDef, Condition, Effect
from engine.hkk.verbs import VERBS

__all__ = [
    "card_text", "type_line", "keyword_name", "keyword_help", "god_name", "stat_line",
    "subtype_name", "SUBTYPE_NAMES", "LANGS",
]

LANGS = ("hu", "en")

# ---------------------------------------------------------------------------- names
GOD_NAMES: dict[str, tuple[str, str]] = {
    "raia": ("Raia", "Raia"),
    "elenios": ("Elenios", "Elenios"),
    "rhatt": ("Rhatt", "Rhatt"),
    "fairlight": ("Fairlight", "Fairlight"),
    "sheran": ("Sheran", "Sheran"),
    "tharr": ("Tharr", "Tharr"),
    "leah": ("Leah", "Leah"),
    "dornodon": ("Dornodon", "Dornodon"),
    "chara-din": ("Chara-din", "Chara-din"),
    "bufa": ("Bufa", "Bufa"),
    "colourless": ("Színtelen", "Colourless"),
}

TYPE_NAMES: dict[str, tuple[str, str]] = {
    "creature": ("Lény", "Creature"),
    "instant": ("Azonnali varázslat", "Instant spell"),
    "general": ("Általános varázslat", "General spell"),
    "enchantment": ("Bűbáj", "Enchantment"),
    "building": ("Építmény", "Building"),
    "item": ("Tárgy", "Item"),
}

ATTACH_NAMES: dict[str, tuple[str, str]] = {
    "creature": ("Bűbáj lényre", "Enchantment on a creature"),
    "own_creature": ("Bűbáj saját lényre", "Enchantment on your creature"),
    "enemy_creature": ("Bűbáj ellenséges lényre", "Enchantment on an enemy creature"),
}

#: Free subtype tags used by the pool, with their printed names.
SUBTYPE_NAMES: dict[str, tuple[str, str]] = {
    "soldier": ("katona", "soldier"),
    "knight": ("lovag", "knight"),
    "human": ("ember", "human"),
    "priest": ("pap", "priest"),
    "spirit": ("szellem", "spirit"),
    "mage": ("mágus", "mage"),
    "familiar": ("familiáris", "familiar"),
    "construct": ("gólem", "construct"),
    "elemental": ("elementál", "elemental"),
    "undead": ("élőhalott", "undead"),
    "mutant": ("mutáns", "mutant"),
    "beast": ("fenevad", "beast"),
    "monster": ("szörny", "monster"),
    "aberration": ("torzszülött", "aberration"),
    "reaction": ("reakció", "reaction"),
    "tower": ("torony", "tower"),
    "shrine": ("szentély", "shrine"),
    "altar": ("oltár", "altar"),
    "temple": ("templom", "temple"),
    "mine": ("bánya", "mine"),
    "nest": ("fészek", "nest"),
    "weapon": ("fegyver", "weapon"),
    "shield": ("pajzs", "shield"),
    "focus": ("fókuszkristály", "focus crystal"),
    "trap": ("csapda", "trap"),
}

KEYWORD_NAMES: dict[str, tuple[str, str]] = {
    "flying": ("Repül", "Flying"),
    "magic_attack": ("Mágikus támadás", "Magic attack"),
    "magic_defence": ("Mágikus védelem", "Magic defence"),
    "resistance": ("Rezisztencia", "Resistance"),
    "invisibility": ("Láthatatlanság", "Invisibility"),
    "see_invisibility": ("Láthatatlanság látása", "See invisibility"),
    "cannot_be_damaged": ("Nem sebezhető", "Cannot be damaged"),
    "magic_immunity": ("Mágiaimmunitás", "Magic immunity"),
}

KEYWORD_HELP: dict[str, tuple[str, str]] = {
    "flying": ("Aktívan kerül játékba (K 79).", "Enters play active (K 79)."),
    "magic_attack": (
        "Ütésével a mágikus védelmű lényeket és építményeket is sebezheti (K 14.2).",
        "Its strike can damage creatures and buildings with magic defence too (K 14.2)."),
    "magic_defence": (
        "A mágikus támadás nélküli lények ütése 0 sebzést okoz neki (K 15.2–15.3).",
        "Strikes of creatures without magic attack deal it 0 damage (K 15.2–15.3)."),
    "resistance": (
        "Nem lehet „célpont lap” vagy „célpont permanens” forrás célpontja (K 80).",
        "Cannot be the target of a source affecting \"target card\" or \"target permanent\" "
        "(K 80)."),
    "invisibility": (
        "Akkor is átütheti az őrposztot, ha nem támadja meg annak minden lényét (K 131.3).",
        "May break through the guard post even if not every guard is attacked (K 131.3)."),
    "see_invisibility": (
        "Amíg az őrposztodon áll, az ellenfél lényeinek láthatatlansága nem működik (K 131.4).",
        "While it is in your guard post, enemy creatures' invisibility does not work "
        "(K 131.4)."),
    "cannot_be_damaged": ("Minden neki okozott sebzés 0 (K 132.13).",
                          "All damage dealt to it is 0 (K 132.13)."),
    "magic_immunity": (
        "Nem lehet varázslatok célpontja, és a sebző varázslatok nem sebzik (K 132.4).",
        "Cannot be the target of spells and is not damaged by damaging spells (K 132.4)."),
}

#: Keyword as a predicate of a singular subject ("... repül", "... has flying").
KEYWORD_PREDICATES: dict[str, tuple[str, str]] = {
    "flying": ("repül", "has flying"),
    "magic_attack": ("mágikus támadással rendelkezik", "has magic attack"),
    "magic_defence": ("mágikus védelemmel rendelkezik", "has magic defence"),
    "resistance": ("rezisztenciával rendelkezik", "has resistance"),
    "invisibility": ("láthatatlan", "has invisibility"),
    "see_invisibility": ("látja a láthatatlant", "has see invisibility"),
    "cannot_be_damaged": ("nem sebezhető", "cannot be damaged"),
    "magic_immunity": ("mágiaimmunitással rendelkezik", "has magic immunity"),
}

LIMIT_TEXT: dict[str, tuple[str, str]] = {
    "": ("", ""),
    "once_per_turn": ("Körönként egyszer.", "Once per turn."),
    "once_own_turn": ("Csak a saját körödben, körönként egyszer.",
                      "Once per turn, only in your own turn."),
    "once_opp_turn": ("Csak ellenfeled körében, körönként egyszer.",
                      "Once per turn, only in your opponent's turn."),
}

#: What a reaction answers: (hu "ellenfeled X-ra válaszul", en "your opponent's X").
RESPONDS_TEXT: dict[str, tuple[str, str]] = {
    "spell": ("varázslatának kijátszására", "playing a spell"),
    "creature": ("lényének kijátszására", "playing a creature"),
    "card": ("lapjának kijátszására", "playing a card"),
    "ability": ("képességének használatára", "using an ability"),
    "reaction": ("reakciójára", "reaction"),
    "any": ("cselekvésére", "action"),
    "own_card": ("saját lapod kijátszására", "own card being played"),
}

#: The line item a prevent effect stops, per responds_to (accusative in Hungarian).
PREVENT_TEXT: dict[str, tuple[str, str]] = {
    "spell": ("célpont varázslat kijátszását", "target spell"),
    "creature": ("célpont lény kijátszását", "target creature being played"),
    "card": ("célpont lap kijátszását", "target card being played"),
    "ability": ("célpont képesség használatát", "target ability"),
    "reaction": ("célpont reakciót", "target reaction"),
    "any": ("célpont cselekvést", "target action"),
    "own_card": ("célpont saját lapod kijátszását", "target card you are playing"),
}

ON_TEXT: dict[str, tuple[str, str]] = {
    "spell": ("egy varázslatot", "a spell"),
    "creature": ("egy lényt", "a creature"),
    "card": ("egy lapot", "a card"),
}

#: What the opponent played, for "after ... has taken effect" (nominative in Hungarian).
ON_PLAYED_TEXT: dict[str, tuple[str, str]] = {
    "spell": ("varázslat", "spell"),
    "creature": ("lény", "creature"),
    "card": ("lap", "card"),
}

WHEN_TEXT: dict[str, tuple[str, str]] = {
    "static": ("", ""),
    "play": ("Kijátszáskor", "When played"),
    "activated": ("", ""),                      # the cost is the prefix
    "reaction": ("Reakció", "Reaction"),
    "start_of_turn": ("Köröd elején", "At the start of your turn"),
    "end_of_turn": ("Köröd végén", "At the end of your turn"),
    "death": ("Amikor ez a lény az asztalról a gyűjtőbe kerül",
              "When this creature goes from the table to the graveyard"),
    "opponent_plays": ("Automatikus reakció – amikor ellenfeled kijátszik {on}",
                       "Automatic reaction – when your opponent plays {on}"),
    "attack": ("Amikor ez a lény támad", "When this creature attacks"),
    "opponent_played": ("Miután egy, az ellenfeled által kijátszott {on} létrejött",
                        "After a {on} played by your opponent has taken effect"),
}

# cost_mod: card type -> (hu own, hu opponent's (genitive), en plural)
COST_MOD_TYPES: dict[str, tuple[str, str, str]] = {
    "": ("lapjaid", "lapjainak", "cards"),
    "creature": ("lényeid", "lényeinek", "creatures"),
    "instant": ("azonnali varázslataid", "azonnali varázslatainak", "instant spells"),
    "general": ("általános varázslataid", "általános varázslatainak", "general spells"),
    "enchantment": ("bűbájaid", "bűbájainak", "enchantments"),
    "building": ("építményeid", "építményeinek", "buildings"),
    "item": ("tárgyaid", "tárgyainak", "items"),
}

COUNTER_TEXT: dict[str, tuple[str, str, str, str]] = {
    # kind: (hu noun, hu reminder, en noun, en reminder)
    "strengthening": ("erősödésjelzőt", "mindegyik +1 sebzés és +1 Ép",
                      "strengthening counter", "each +1 damage and +1 HP"),
    "weakening": ("gyengülésjelzőt", "mindegyik −1 sebzés és −1 Ép",
                  "weakening counter", "each −1 damage and −1 HP"),
}

# ---------------------------------------------------------------------------- recipients
# Card-like recipients. Hungarian cases: nominative, accusative, dative, superessive, sublative.
# English: one noun phrase used as subject and object.
_HU_CASES = ("nom", "acc", "dat", "sup", "sub")


def _hu(nom: str, acc: str, dat: str, sup: str, sub: str) -> dict[str, str]:
    return dict(zip(_HU_CASES, (nom, acc, dat, sup, sub)))


def _noun(prefix: str, stem: str, acc: str, dat: str, sup: str, sub: str) -> dict[str, str]:
    """Inflect the last word of a phrase: ``prefix + stem/suffix``."""
    return _hu(prefix + stem, prefix + acc, prefix + dat, prefix + sup, prefix + sub)


def _leny(prefix: str) -> dict[str, str]:
    return _noun(prefix, "lény", "lényt", "lénynek", "lényen", "lényre")


def _epitmeny(prefix: str) -> dict[str, str]:
    return _noun(prefix, "építmény", "építményt", "építménynek", "építményen", "építményre")


def _permanens(prefix: str) -> dict[str, str]:
    return _noun(prefix, "permanens", "permanenst", "permanensnek", "permanensen",
                 "permanensre")


TARGET_PHRASES: dict[str, tuple[dict[str, str], str]] = {
    "creature": (_leny("célpont "), "target creature"),
    "own_creature": (_noun("célpont saját ", "lényed", "lényedet", "lényednek", "lényeden",
                           "lényedre"), "target creature you control"),
    "enemy_creature": (_leny("célpont ellenséges "), "target enemy creature"),
    "guard_creature": (_leny("célpont őrposzton álló "), "target creature in a guard post"),
    "enemy_guard_creature": (_leny("célpont, ellenfeled őrposztján álló "),
                             "target creature in your opponent's guard post"),
    "player": (_hu("célpont játékos", "célpont játékost", "célpont játékosnak",
                   "célpont játékoson", "célpont játékosra"), "target player"),
    "opponent": (_hu("célpont ellenfél", "célpont ellenfelet", "célpont ellenfélnek",
                     "célpont ellenfelen", "célpont ellenfélre"), "target opponent"),
    "any": (_hu("célpont lény vagy játékos", "célpont lényt vagy játékost",
                "célpont lénynek vagy játékosnak", "célpont lényen vagy játékoson",
                "célpont lényre vagy játékosra"), "target creature or player"),
    "building": (_epitmeny("célpont "), "target building"),
    "enemy_building": (_epitmeny("célpont ellenséges "), "target enemy building"),
    "permanent": (_permanens("célpont "), "target permanent"),
    "enemy_permanent": (_permanens("célpont ellenséges "), "target enemy permanent"),
    "enemy_noncreature": (_permanens("célpont ellenséges nem-lény "),
                          "target enemy non-creature permanent"),
    "graveyard_creature": (_hu("célpont lénylap a gyűjtődből", "célpont lénylapot a gyűjtődből",
                               "célpont lénylapnak a gyűjtődben", "célpont lénylapon a gyűjtődben",
                               "célpont lénylapra a gyűjtődben"),
                           "target creature card from your graveyard"),
    "line_item": (_hu("célpont tétel a reakció sorban", "célpont tételt a reakció sorban",
                      "célpont tételnek a reakció sorban", "célpont tételen a reakció sorban",
                      "célpont tételre a reakció sorban"), "target item in the reaction line"),
}

SCOPE_PHRASES: dict[str, tuple[dict[str, str], str]] = {
    "self": (_leny("ez a "), "this creature"),          # replaced per card type, see _self
    "host": (_leny("a megbűvölt "), "the enchanted creature"),
    "controller": (_hu("te", "téged", "magadnak", "rajtad", "rád"), "you"),
    "opponent_player": (_hu("ellenfeled", "ellenfeledet", "ellenfelednek", "ellenfeleden",
                            "ellenfeledre"), "your opponent"),
    "each_player": (_hu("minden játékos", "minden játékost", "minden játékosnak",
                        "minden játékoson", "minden játékosra"), "each player"),
    "all_creatures": (_leny("minden "), "each creature"),
    "own_creatures": (_noun("minden saját ", "lényed", "lényedet", "lényednek", "lényeden",
                            "lényedre"), "each creature you control"),
    "enemy_creatures": (_leny("minden ellenséges "), "each enemy creature"),
    "enemy_guard_creatures": (_leny("ellenfeled őrposztján álló minden "),
                              "each creature in your opponent's guard post"),
    "own_guard_creatures": (_leny("az őrposztodon álló minden "),
                            "each creature in your guard post"),
    "other_own_creatures": (_noun("minden más saját ", "lényed", "lényedet", "lényednek",
                                  "lényeden", "lényedre"), "each other creature you control"),
    "other_creatures": (_leny("minden más "), "each other creature"),
    "trigger_player": (_hu("az a játékos", "azt a játékost", "annak a játékosnak",
                           "azon a játékoson", "arra a játékosra"), "that player"),
    "trigger_card": (_hu("az a lap", "azt a lapot", "annak a lapnak", "azon a lapon",
                         "arra a lapra"), "that card"),
}

_SELF: dict[str, tuple[dict[str, str], str]] = {
    "creature": (_hu("ez a lény", "ezt a lényt", "ennek a lénynek", "ezen a lényen",
                     "erre a lényre"), "this creature"),
    "building": (_hu("ez az építmény", "ezt az építményt", "ennek az építménynek",
                     "ezen az építményen", "erre az építményre"), "this building"),
    "item": (_hu("ez a tárgy", "ezt a tárgyat", "ennek a tárgynak", "ezen a tárgyon",
                 "erre a tárgyra"), "this item"),
    "enchantment": (_hu("ez a bűbáj", "ezt a bűbájt", "ennek a bűbájnak", "ezen a bűbájon",
                        "erre a bűbájra"), "this enchantment"),
    "instant": (_hu("ez a lap", "ezt a lapot", "ennek a lapnak", "ezen a lapon",
                    "erre a lapra"), "this card"),
    "general": (_hu("ez a lap", "ezt a lapot", "ennek a lapnak", "ezen a lapon",
                    "erre a lapra"), "this card"),
}

#: A card already named in the same sentence (Hungarian drops the subject).
#: The definite verb form already implies the object, so the accusative is dropped too.
_PRONOUN: tuple[dict[str, str], str] = (_hu("", "", "neki", "rajta", "rá"), "it")
#: Recipients that are a single card and may be referred back to by a pronoun.
_SINGLE = ("target", "target2", "self", "host", "trigger_card")

#: Player-like recipients: (hu 3rd-person subject (None = "you", 2nd person), en subject,
#: en possessive).
PLAYER_RECIPIENTS: dict[str, tuple[str | None, str, str]] = {
    "controller": (None, "you", "your"),
    "opponent_player": ("ellenfeled", "your opponent", "your opponent's"),
    "each_player": ("minden játékos", "each player", "each player's"),
    "trigger_player": ("az a játékos", "that player", "that player's"),
    "player": ("célpont játékos", "target player", "target player's"),
    "opponent": ("célpont ellenfél", "target opponent", "target opponent's"),
}

#: Player verbs: (hu 2nd person "you", hu 3rd person with {s} subject, en 2nd, en 3rd).
#: {n} amount, {cards}/{mcs} pluralised English nouns.
PLAYER_VERB_TEXT: dict[str, tuple[str, str, str, str]] = {
    "draw": ("húzz {n} lapot", "{s} húz {n} lapot", "draw {n} {cards}", "{s} draws {n} {cards}"),
    "gain_vp": ("kapsz {n} VP-t", "{s} kap {n} VP-t", "you gain {n} VP", "{s} gains {n} VP"),
    "lose_vp": ("veszítesz {n} VP-t", "{s} veszít {n} VP-t", "you lose {n} VP",
                "{s} loses {n} VP"),
    "gain_mc": ("kapsz {n} szörnykomponenst", "{s} kap {n} szörnykomponenst",
                "you gain {n} monster {mcs}", "{s} gains {n} monster {mcs}"),
    "discard_random": ("dobj el a kezedből {n} véletlenszerűen kiválasztott lapot",
                       "{s} eldob a kezéből {n} véletlenszerűen kiválasztott lapot",
                       "discard {n} {cards} at random", "{s} discards {n} {cards} at random"),
    "heal": ("gyógyulsz {n} Ép-t", "{s} gyógyul {n} Ép-t", "you heal {n} life",
             "{s} heals {n} life"),
}

#: Every verb has a text: the older ones below in :func:`effect_text`, the declared ones in
#: :mod:`engine.hkk.verbs`.
EFFECT_VERBS = EFFECTS


# ---------------------------------------------------------------------------- helpers
def _pair(table: dict, key: str, lang: str) -> str:
    hu, en = table[key]
    return hu if lang == "hu" else en


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _low(text: str) -> str:
    """Lower-case the first letter unless it starts a proper name or an abbreviation."""
    if len(text) > 1 and text[1].isupper():
        return text
    return text[:1].lower() + text[1:] if text else text


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def god_name(god: str, lang: str) -> str:
    """Printed name of a god (colour), e.g. ``god_name("colourless", "hu") == "Színtelen"``."""
    return _pair(GOD_NAMES, god, lang)


def keyword_name(kw: str, lang: str) -> str:
    return _pair(KEYWORD_NAMES, kw, lang)


def keyword_help(kw: str, lang: str) -> str:
    """One-sentence explanation of a keyword with its Kódex number."""
    return _pair(KEYWORD_HELP, kw, lang)


def subtype_name(sub: str, lang: str) -> str:
    if sub in SUBTYPE_NAMES:
        return _pair(SUBTYPE_NAMES, sub, lang)
    return sub


def type_line(card: CardDef, lang: str) -> str:
    """E.g. "Lény — katona" / "Creature — soldier"."""
    if card.type == "enchantment" and card.attach in ATTACH_NAMES:
        head = _pair(ATTACH_NAMES, card.attach, lang)
    else:
        head = _pair(TYPE_NAMES, card.type, lang)
    subs = [subtype_name(s, lang) for s in card.subtypes]
    return f"{head} — {', '.join(subs)}" if subs else head


def stat_line(card: CardDef, lang: str) -> str:
    """Cost and stats, e.g. "3 VP + 2 szk · 4/3 · szk: 2" / "3 VP + 2 mc · 4/3 · mc: 2"."""
    mc = "szk" if lang == "hu" else "mc"
    parts = [f"{card.cost} VP" + (f" + {card.cost_mc} {mc}" if card.cost_mc else "")]
    if card.type == "creature":
        parts.append(f"{card.damage}/{card.hp}")
        if card.mc:
            parts.append(f"{mc}: {card.mc}")
    elif card.type == "building":
        parts.append(f"{card.sp} Sp" if lang == "hu" else f"{card.sp} SP")
    return " · ".join(parts)


# ---------------------------------------------------------------------------- recipients
class _Ctx:
    """What an effect's ``to`` may refer to: the card, its target slots, its ability."""

    def __init__(self, card: CardDef, slots: tuple[str, ...], ability: Ability | None,
                 responds_to: str):
        self.card = card
        self.slots = slots
        self.ability = ability
        self.responds_to = responds_to or "any"
        self.again = False          # the recipient was already named in this sentence

    # -- the words a declared verb may ask for (verbs.Words) ------------------------------
    @staticmethod
    def keyword_name(keyword: str, lang: str) -> str:
        return keyword_name(keyword, lang)

    @staticmethod
    def keyword_predicate(keyword: str, lang: str) -> str:
        return _pair(KEYWORD_PREDICATES, keyword, lang)

    def spec(self, to: str) -> str:
        """The target spec or scope name ``to`` refers to."""
        if to in ("target", "target2"):
            slot = 0 if to == "target" else 1
            return self.slots[slot] if slot < len(self.slots) else "creature"
        return to

    def is_player(self, to: str) -> bool:
        return self.spec(to) in PLAYER_RECIPIENTS

    def card_phrase(self, to: str) -> tuple[dict[str, str], str]:
        spec = self.spec(to)
        if self.again:
            return _PRONOUN
        if to in ("target", "target2"):
            hu, en = TARGET_PHRASES[spec]
            if to == "target2" and self.slots.count(spec) > 1:
                hu = {k: v.replace("célpont", "egy másik célpont", 1) for k, v in hu.items()}
                en = en.replace("target", "another target", 1)
            return hu, en
        if spec == "self" or (spec == "trigger_card" and self.ability is not None
                              and self.ability.when == "death"):
            return _SELF[self.card.type]
        return SCOPE_PHRASES[spec]


def _player_clause(verb: str, ctx: _Ctx, to: str, n: int, lang: str) -> str:
    hu3, en_subj, _poss = PLAYER_RECIPIENTS[ctx.spec(to)]
    hu2_t, hu3_t, en2_t, en3_t = PLAYER_VERB_TEXT[verb]
    fmt = {"n": n, "cards": _plural(n, "card"), "mcs": _plural(n, "component")}
    if lang == "hu":
        return hu2_t.format(**fmt) if hu3 is None else hu3_t.format(s=hu3, **fmt)
    if hu3 is None:
        return en2_t.format(**fmt)
    return en3_t.format(s=en_subj, **fmt)


def _damage_dat(ctx: _Ctx, to: str) -> tuple[str, str]:
    spec = ctx.spec(to)
    if spec in PLAYER_RECIPIENTS:
        hu = {"controller": "magadnak", "opponent_player": "ellenfelednek",
              "each_player": "minden játékosnak", "trigger_player": "annak a játékosnak",
              "player": "célpont játékosnak", "opponent": "célpont ellenfélnek"}[spec]
        en = "yourself" if spec == "controller" else PLAYER_RECIPIENTS[spec][1]
        return hu, en
    hu_c, en = ctx.card_phrase(to)
    return hu_c["dat"], en


# ---------------------------------------------------------------------------- effects
def effect_text(eff: Effect, ctx: _Ctx, lang: str) -> str:
    """One effect as a clause (no final full stop, lower-case start)."""
    do, n, to = eff.do, eff.amount, eff.to
    hu = lang == "hu"
    if do == "damage":
        dat, obj = _damage_dat(ctx, to)
        return f"okozz {n} sebzést {dat}" if hu else f"deal {n} damage to {obj}"
    if do == "heal":
        if ctx.is_player(to):
            return _player_clause("heal", ctx, to, n, lang)
        c, obj = ctx.card_phrase(to)
        return f"gyógyíts {n} Ép-t {c['sup']}" if hu else f"restore {n} HP to {obj}"
    if do in ("draw", "gain_vp", "lose_vp", "gain_mc", "discard_random"):
        return _player_clause(do, ctx, to, n, lang)
    if do == "gain_life_max":
        hu3, _subj, poss = PLAYER_RECIPIENTS.get(ctx.spec(to), PLAYER_RECIPIENTS["controller"])
        grow_hu = "nő" if n >= 0 else "csökken"
        grow_en = "increases" if n >= 0 else "decreases"
        if hu:
            who = "maximális Ép-ed" if hu3 is None else f"{hu3} maximális Ép-e"
            return f"{who} {abs(n)} ponttal {grow_hu}"
        return f"{poss} maximum life {grow_en} by {abs(n)}"
    if do == "turn_break":
        return "a kör azonnal véget ér" if hu else "the turn ends immediately"
    if do == "prevent":
        text = _pair(PREVENT_TEXT, ctx.responds_to, lang)
        return f"akadályozd meg {text}" if hu else f"prevent {text}"
    if do == "cost_mod":
        own, opp, en_pl = COST_MOD_TYPES[eff.card_type]
        mc = abs(eff.mc)
        cheaper = (n or eff.mc) < 0
        if hu:
            word = "olcsóbb" if cheaper else "drágább"
            who = own if eff.applies_to == "own" else f"ellenfeled {opp}"
            by = [f"{abs(n)} VP-vel"] if n else []
            by += [f"{mc} szörnykomponenssel"] if mc else []
            return f"{who} kijátszása {' és '.join(by)} {word}"
        word = "less" if cheaper else "more"
        who = f"your {en_pl}" if eff.applies_to == "own" else f"your opponent's {en_pl}"
        by = [f"{abs(n)} VP"] if n else []
        by += [f"{mc} monster {_plural(mc, 'component')}"] if mc else []
        return f"{who} cost {' and '.join(by)} {word}"
    # card-like recipients
    c, obj = ctx.card_phrase(to)
    verb = VERBS.get(do)
    if verb is not None:
        return verb.text(eff, (c, obj), ctx, lang)
    # Hungarian uses intransitive verbs here, so the (in)definite conjugation never depends on
    # the recipient ("célpont lény elpusztul", "ez a lény elpusztul").
    if do == "destroy":
        return f"{c['nom']} elpusztul" if hu else f"destroy {obj}"
    if do == "return_to_hand":
        return (f"{c['nom']} visszakerül a tulajdonosa kezébe" if hu
                else f"return {obj} to its owner's hand")
    if do == "void":
        return f"{c['nom']} a Semmibe kerül" if hu else f"put {obj} into the Void"
    if do == "resurrect":
        return (f"{c['nom']} a tulajdonosa tartalékába kerül" if hu
                else f"put {obj} into its owner's reserve")
    if do == "passivate":
        return f"{c['nom']} passzivizálódik" if hu else f"passivate {obj}"
    if do == "activate":
        return f"{c['nom']} aktivizálódik" if hu else f"activate {obj}"
    if do == "counter":
        noun_hu, rem_hu, noun_en, rem_en = COUNTER_TEXT.get(eff.kind,
                                                            COUNTER_TEXT["strengthening"])
        if hu:
            return f"tegyél {n} {noun_hu} {c['sub']} ({rem_hu})"
        return f"put {n} {_plural(n, noun_en)} on {obj} ({rem_en})"
    if do in ("pump", "buff"):
        parts_hu, parts_en = [], []
        if eff.damage:
            parts_hu.append(f"{_signed(eff.damage)} sebzést")
            parts_en.append(f"{_signed(eff.damage)} damage")
        if eff.hp:
            parts_hu.append(f"{_signed(eff.hp)} Ép-t")
            parts_en.append(f"{_signed(eff.hp)} HP")
        until_hu = " a kör végéig" if do == "pump" else ""
        until_en = " until end of turn" if do == "pump" else ""
        if hu:
            return f"{c['nom']}{until_hu} {' és '.join(parts_hu)} kap"
        return f"{obj} gets {' and '.join(parts_en)}{until_en}"
    if do == "grant":
        pred_hu, pred_en = KEYWORD_PREDICATES[eff.keyword]
        return f"{c['nom']} {pred_hu}" if hu else f"{obj} {pred_en}"
    raise KeyError(f"no text for effect verb {do!r}")


def _effects_sentence(effects, ctx: _Ctx, lang: str) -> str:
    clauses = []
    named: set[str] = set()
    for eff in effects:
        has_recipient = eff.do not in ("cost_mod", "turn_break", "prevent")
        ctx.again = (has_recipient and eff.to in named and eff.to in _SINGLE
                     and not ctx.is_player(eff.to))
        clauses.append(" ".join(effect_text(eff, ctx, lang).split()))
        if has_recipient:
            named.add(eff.to)
    ctx.again = False
    return "; ".join(clauses)


# ---------------------------------------------------------------------------- abilities
def _cost_text(ab: Ability, lang: str) -> str:
    parts = []
    if ab.cost_vp:
        parts.append(f"{ab.cost_vp} VP")
    if ab.passivate:
        parts.append("P")
    if not parts:
        return "költség nélkül" if lang == "hu" else "no cost"
    return ", ".join(parts)


def _whose(responds_to: str, lang: str) -> str:
    """Whose action a reaction answers, before RESPONDS_TEXT: the opponent's, or (``own_…``)
    one's own (whose words are then part of RESPONDS_TEXT)."""
    if responds_to.startswith("own_"):
        return "" if lang == "hu" else "your "
    return "ellenfeled " if lang == "hu" else "your opponent's "


def ability_text(card: CardDef, ab: Ability, lang: str) -> str:
    """One ability as a full sentence (with drawback prefix, cost, timing and limit)."""
    hu = lang == "hu"
    ctx = _Ctx(card, ab.targets, ab, ab.responds_to)
    body = _effects_sentence(ab.effects, ctx, lang)
    when = ab.when
    if when == "static":
        text = _cap(body) + "."
    elif when == "activated":
        text = f"{_cost_text(ab, lang)}: {body}."
    elif when == "reaction":
        answer = _pair(RESPONDS_TEXT, ab.responds_to, lang)
        whose = _whose(ab.responds_to, lang)
        if hu:
            head = f"Reakció {whose}{answer} – {_cost_text(ab, lang)}"
        else:
            head = f"Reaction to {whose}{answer} – {_cost_text(ab, lang)}"
        text = f"{head}: {body}."
    else:
        head = _pair(WHEN_TEXT, when, lang)
        if when == "opponent_plays":
            head = head.format(on=_pair(ON_TEXT, ab.on, lang))
        elif when == "opponent_played":
            head = head.format(on=_pair(ON_PLAYED_TEXT, ab.on, lang))
        if when == "death" and card.type != "creature":
            noun = _SELF[card.type][0]["nom"] if hu else _SELF[card.type][1]
            head = (f"Amikor {noun} az asztalról a gyűjtőbe kerül" if hu
                    else f"When {noun} goes from the table to the graveyard")
        if not ab.drawback:
            text = f"{head}: {body}."
        elif lang == "en":
            text = f"{head}, {body}."
        else:
            text = f"{head}{',' if head.startswith('Amikor') else ''} {body}."
    if ab.passivate:
        text += " (P: passzivizáld ezt a lapot.)" if hu else " (P: passivate this card.)"
    if ab.limit:
        text += " " + _pair(LIMIT_TEXT, ab.limit, lang)
    if ab.drawback:
        text = ("Hátrány: " if hu else "Drawback: ") + _low(text)
    return text


def condition_text(cond: Condition, lang: str) -> str:
    hu = lang == "hu"
    parts = []
    if cond.control_god:
        god = god_name(cond.control_god, lang)
        if cond.control_god == "colourless":
            parts.append("irányítasz egy színtelen permanenst" if hu
                         else "you control a colourless permanent")
        else:
            parts.append(f"irányítasz egy {god} permanenst" if hu
                         else f"you control a {god} permanent")
    if cond.min_creatures:
        n = cond.min_creatures
        parts.append(f"legalább {n} lényed van játékban" if hu
                     else f"you control at least {n} {_plural(n, 'creature')}")
    if cond.max_life:
        parts.append(f"legfeljebb {cond.max_life} Ép-ed van" if hu
                     else f"your life is at most {cond.max_life}")
    if cond.opponent_more_creatures:
        parts.append("ellenfelednek több lénye van, mint neked" if hu
                     else "your opponent controls more creatures than you")
    if cond.opponent_guard_min:
        n = cond.opponent_guard_min
        parts.append(f"ellenfeled őrposztján legalább {n} lény áll" if hu
                     else f"your opponent's guard post holds at least {n} "
                          f"{_plural(n, 'creature')}")
    if cond.own_turn:
        parts.append("a saját köröd van" if hu else "it is your own turn")
    joiner = " és " if hu else " and "
    head = "Kijátszási feltétel" if hu else "Play condition"
    return f"{head}: {joiner.join(parts)}."


# ---------------------------------------------------------------------------- card text
def card_lines(card: CardDef, lang: str) -> list[str]:
    """The rules text as separate lines (keywords, frame abilities, condition, abilities)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {LANGS}")
    hu = lang == "hu"
    lines: list[str] = []
    if card.keywords:
        names = [keyword_name(k, lang) for k in card.keywords]
        lines.append(", ".join([names[0]] + [_low(x) for x in names[1:]]) + ".")
    if card.enters_active:
        lines.append("Aktívan jön játékba (K 134.2)." if hu
                     else "Enters play active (K 134.2).")
    if card.combat:
        lines.append(
            f"Harci képesség: +{card.combat} (legfeljebb {card.combat} VP-t költhetsz el; "
            f"ennyi sebzést okoz a lény ellenfelének, K 129)." if hu else
            f"Combat ability: +{card.combat} (spend up to {card.combat} VP; it deals that much "
            f"damage to its opponent, K 129).")
    if card.regeneration:
        r = card.regeneration
        lines.append(
            f"Regenerálódás {r} ({r} VP-ért 1 Ép-t gyógyul, miután sebződött; körönként "
            f"legfeljebb 4 Ép-t, K 136.6)." if hu else
            f"Regeneration {r} (pay {r} VP to heal 1 HP right after it took damage; at most 4 HP "
            f"per turn, K 136.6).")
    if card.condition is not None:
        lines.append(condition_text(card.condition, lang))
    if card.is_reaction:
        answer = _pair(RESPONDS_TEXT, card.responds_to or "any", lang)
        whose = _whose(card.responds_to or "any", lang)
        lines.append(f"Reakció: {whose}{answer} válaszul játszható ki." if hu
                     else f"Reaction: play it only in response to {whose}{answer}.")
    if card.effects:
        ctx = _Ctx(card, card.targets, None, card.responds_to)
        lines.append(_cap(_effects_sentence(card.effects, ctx, lang)) + ".")
    for ab in card.abilities:
        lines.append(ability_text(card, ab, lang))
    return lines


def card_text(card: CardDef, lang: str) -> str:
    """The full rules text of a card in ``lang`` ("hu" or "en"), one line per part."""
    return "\n".join(card_lines(card, lang))
