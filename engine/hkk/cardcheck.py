"""Card validation: every problem a card record can have, as a sentence that says what to do.

A card is checked against the closed vocabularies of :mod:`engine.hkk.cards` and the declared
verbs of :mod:`engine.hkk.verbs`: its type and stats, keywords, condition, reaction fields,
abilities (timings, costs, limits) and effects (verb, parameters, recipient, target slots). Used
by :mod:`engine.hkk.pool`, which reads the files and adds deck checks, loading and pinning.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.core.content import Problem, Reporter, one_of, suggest, unknown
from engine.hkk.cards import (
    CARD_TYPES, COUNTER_KINDS, EFFECTS, GODS, KEYWORDS, LIMITS, PERMANENT_TYPES, RESPONDS_TO,
    SCOPES, TARGET_SPECS, WHEN, Ability, CardDef, Effect,
)
from engine.hkk.cardtext import SUBTYPE_NAMES
from engine.hkk.verbs import VERBS, fields_of

__all__ = ["ID_RE", "Problem", "Reporter", "one_of", "suggest", "unknown", "validate_cards"]

STATIC_VERBS = ("buff", "grant", "cost_mod")
#: Verbs whose recipients are players.
PLAYER_VERBS = ("draw", "gain_vp", "lose_vp", "gain_mc", "gain_life_max", "discard_random",
                "turn_break")
#: Verbs whose recipients are cards on the table.
CARD_VERBS = ("destroy", "return_to_hand", "void", "counter", "pump", "passivate", "activate",
              "buff", "grant")
#: Verbs that need an ``amount`` of at least 1.
AMOUNT_VERBS = ("damage", "heal", "draw", "gain_vp", "lose_vp", "gain_mc", "discard_random",
                "counter")
PLAYER_SCOPES = ("controller", "opponent_player", "each_player", "trigger_player")
#: Scopes a static buff / grant can cover (what the stats engine understands).
STATIC_SCOPES = ("self", "host", "all_creatures", "own_creatures", "enemy_creatures",
                 "enemy_guard_creatures", "own_guard_creatures", "other_own_creatures",
                 "other_creatures")
#: Scopes that leave out the card itself ("other creatures ..."): only a creature has them.
OTHER_SCOPES = ("other_own_creatures", "other_creatures")
#: Verbs that read a ``keyword`` field.
KEYWORD_VERBS = ("grant",) + tuple(v for v in VERBS if "keyword" in fields_of(v))
ATTACH_SPECS = ("creature", "own_creature", "enemy_creature")
TRIGGERED = ("play", "start_of_turn", "end_of_turn", "death", "opponent_plays", "attack",
             "opponent_played")
ON_KINDS = ("spell", "creature", "card")
#: Timings that say what kind of card the opponent played (``on``).
ON_TIMINGS = ("opponent_plays", "opponent_played")
APPLIES_TO = ("own", "opponent")
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


# ---------------------------------------------------------------------------- card checks
def _recipient_kind(to: str, slots: tuple[str, ...]) -> str:
    """'player', 'card', 'both', 'line', 'graveyard' or '' (missing slot)."""
    if to in ("target", "target2"):
        slot = 0 if to == "target" else 1
        if slot >= len(slots):
            return ""
        spec = slots[slot]
        if spec in ("player", "opponent"):
            return "player"
        if spec == "any":
            return "both"
        if spec == "line_item":
            return "line"
        if spec == "graveyard_creature":
            return "graveyard"
        return "card"
    if to in PLAYER_SCOPES:
        return "player"
    return "card"


def _check_effects(rep: Reporter, card: CardDef, effects: tuple[Effect, ...],
                   slots: tuple[str, ...], where: str, ability: Ability | None) -> set[int]:
    """Check effects; returns the target slots they use."""
    used: set[int] = set()
    static = ability is not None and ability.when == "static"
    for n, eff in enumerate(effects, 1):
        at = f"{where} effect {n} ('{eff.do}')"
        if eff.do not in EFFECTS:
            rep.add(card.id, f"{where} effect {n}: " + unknown("effect verb", eff.do, EFFECTS))
            continue
        if static and eff.do not in STATIC_VERBS:
            rep.add(card.id, f"{at}: a static ability can only use {one_of(STATIC_VERBS)}; move "
                             f"'{eff.do}' into an ability with a timing such as play, activated "
                             f"or start_of_turn.")
        if not static and eff.do in STATIC_VERBS:
            rep.add(card.id, f"{at}: '{eff.do}' works only in a static ability; set when = "
                             f"\"static\" on its ability (spells use 'pump' instead of 'buff').")
        # --- amounts and parameters
        if eff.do in AMOUNT_VERBS and eff.amount < 1:
            rep.add(card.id, f"{at}: needs amount >= 1; set amount = N.")
        if eff.do == "gain_life_max" and eff.amount == 0:
            rep.add(card.id, f"{at}: amount must not be 0; set a positive or negative amount.")
        if eff.do == "cost_mod" and eff.amount == 0 and eff.mc == 0:
            rep.add(card.id, f"{at}: changes no cost; set amount = N (VP) and/or mc = N "
                             f"(monster components), negative to make cards cheaper.")
        if eff.do == "cost_mod" and eff.amount * eff.mc < 0:
            rep.add(card.id, f"{at}: amount and mc change the cost in opposite directions; "
                             f"give both the same sign, or split it into two cost_mod effects.")
        if eff.do != "cost_mod" and eff.mc:
            rep.add(card.id, f"{at}: 'mc' is only for cost_mod effects (a monster-component "
                             f"cost change); remove it.")
        if eff.if_room and "if_room" not in fields_of(eff.do):
            rep.add(card.id, f"{at}: 'if_room' is only for to_guard_post effects; remove it.")
        if eff.do in ("pump", "buff") and not (eff.damage or eff.hp):
            rep.add(card.id, f"{at}: changes nothing; set damage = N and/or hp = N.")
        if eff.do == "counter" and eff.kind not in COUNTER_KINDS:
            rep.add(card.id, f"{at}: " + unknown("counter kind", eff.kind, COUNTER_KINDS))
        if eff.do != "counter" and eff.kind:
            rep.add(card.id, f"{at}: 'kind' is only for counter effects; remove it.")
        if eff.do in KEYWORD_VERBS and eff.keyword not in KEYWORDS:
            rep.add(card.id, f"{at}: " + unknown("keyword", eff.keyword, KEYWORDS))
        if eff.do not in KEYWORD_VERBS and eff.keyword:
            rep.add(card.id, f"{at}: 'keyword' is only for {' / '.join(KEYWORD_VERBS)} "
                             f"effects; remove it.")
        if eff.do == "cost_mod":
            if eff.card_type and eff.card_type not in CARD_TYPES:
                rep.add(card.id, f"{at}: " + unknown("card_type", eff.card_type,
                                                      ("",) + CARD_TYPES))
            if eff.applies_to not in APPLIES_TO:
                rep.add(card.id, f"{at}: " + unknown("applies_to", eff.applies_to, APPLIES_TO))
            continue                    # a cost modifier has no recipient
        # --- recipient
        to = eff.to
        if to not in ("target", "target2") and to not in SCOPES:
            rep.add(card.id, f"{at}: " + unknown("to", to, ("target", "target2") + SCOPES))
            continue
        if to in ("target", "target2"):
            slot = 0 if to == "target" else 1
            if slot >= len(slots):
                rep.add(card.id, f"{at}: to = \"{to}\" refers to target slot {slot + 1}, but "
                                 f"{where} has only {len(slots)} target slot(s); add a target "
                                 f"spec to 'targets' or use a scope such as controller or "
                                 f"enemy_creatures.")
                continue
            used.add(slot)
        if static and eff.do in ("buff", "grant") and to not in STATIC_SCOPES:
            rep.add(card.id, f"{at}: a static {eff.do} needs a creature scope; use to = one of: "
                             f"{one_of(STATIC_SCOPES)}.")
            continue
        if to == "host" and not card.attach:
            rep.add(card.id, f"{at}: to = \"host\" needs an attached enchantment; set attach = "
                             f"\"creature\" (or own_creature / enemy_creature) or use another "
                             f"scope.")
        if to == "self" and not card.is_permanent:
            rep.add(card.id, f"{at}: to = \"self\" only makes sense on a permanent; a spell "
                             f"should target or use a scope.")
        if to in OTHER_SCOPES and card.type != "creature":
            plain = {"other_own_creatures": "own_creatures", "other_creatures": "all_creatures"}
            rep.add(card.id, f"{at}: to = \"{to}\" leaves this creature out, but this card is "
                             f"not a creature ({card.type}); use {plain[to]} instead.")
        if to in ("trigger_player", "trigger_card"):
            allowed = ("opponent_plays", "opponent_played") if to == "trigger_player" else (
                "opponent_plays", "opponent_played", "death", "attack")
            if ability is None or ability.when not in allowed:
                rep.add(card.id, f"{at}: to = \"{to}\" only works in abilities with when = "
                                 f"{' / '.join(allowed)}; use another scope.")
        kind = _recipient_kind(to, slots)
        spec = (slots[0 if to == "target" else 1] if to in ("target", "target2") else to)
        verb = VERBS.get(eff.do)
        if verb is not None:
            accepted = verb.targets if to in ("target", "target2") else verb.scopes
            if spec not in accepted:
                what = "target" if to in ("target", "target2") else "to"
                rep.add(card.id, f"{at}: '{eff.do}' cannot affect '{spec}'; use a {what} of: "
                                 f"{one_of(accepted)}.")
            for problem in verb.check(eff, card):
                rep.add(card.id, f"{at}: {problem}")
            continue
        if eff.do in PLAYER_VERBS and kind not in ("player",):
            rep.add(card.id, f"{at}: '{eff.do}' affects players, but its recipient '{spec}' is "
                             f"not a player; use to = one of {one_of(PLAYER_SCOPES)} or a "
                             f"'player' / 'opponent' target.")
        elif eff.do in CARD_VERBS and kind not in ("card",):
            rep.add(card.id, f"{at}: '{eff.do}' affects cards on the table, but its recipient "
                             f"'{spec}' is not one; use a creature / permanent target or a "
                             f"creature scope.")
        elif eff.do in ("damage", "heal") and kind not in ("player", "card", "both"):
            rep.add(card.id, f"{at}: '{eff.do}' needs a creature, building or player recipient, "
                             f"not '{spec}'.")
        elif eff.do == "prevent" and kind != "line":
            rep.add(card.id, f"{at}: 'prevent' must point at a 'line_item' target slot; add "
                             f"targets = [\"line_item\"] and use to = \"target\".")
        elif eff.do == "resurrect" and not (kind == "graveyard" or (
                to == "trigger_card" and ability is not None and ability.when == "death")):
            rep.add(card.id, f"{at}: 'resurrect' needs a 'graveyard_creature' target (or "
                             f"to = \"trigger_card\" in a death ability).")
        elif kind == "line" and eff.do != "prevent":
            rep.add(card.id, f"{at}: a 'line_item' target can only be prevented; use do = "
                             f"\"prevent\".")
        elif kind == "graveyard" and eff.do != "resurrect":
            rep.add(card.id, f"{at}: a 'graveyard_creature' target can only be resurrected; use "
                             f"do = \"resurrect\".")
    return used


def _check_slots(rep: Reporter, card: CardDef, slots: tuple[str, ...], where: str,
                 used: set[int], first_slot: int = 0, reaction: bool = False) -> None:
    """Every target slot must be known and used by an effect, except the line item a reaction
    answers: a reaction may answer it without preventing it (K 57.1, 94.0.1.1)."""
    for i, spec in enumerate(slots):
        if spec not in TARGET_SPECS:
            rep.add(card.id, f"{where} target {i + 1}: " + unknown("target spec", spec,
                                                                    TARGET_SPECS))
        elif reaction and spec == "line_item":
            continue
        elif i >= first_slot and i not in used and i < 2:
            rep.add(card.id, f"{where} target {i + 1} ('{spec}') is chosen but no effect uses "
                             f"it; add an effect with to = \"{'target' if i == 0 else 'target2'}"
                             f"\" or remove the target.")
    if len(slots) > 2:
        rep.add(card.id, f"{where} has {len(slots)} target slots; effects can only refer to two "
                         f"(target, target2), remove the rest.")


def _check_ability(rep: Reporter, card: CardDef, n: int, ab: Ability) -> None:
    where = f"ability {n} ({ab.when})"
    if ab.when not in WHEN:
        rep.add(card.id, f"ability {n}: " + unknown("when", ab.when, WHEN))
        return
    if ab.limit not in LIMITS:
        rep.add(card.id, f"{where}: " + unknown("limit", ab.limit, LIMITS))
    if ab.on not in ON_KINDS:
        rep.add(card.id, f"{where}: " + unknown("on", ab.on, ON_KINDS))
    elif ab.on != "card" and ab.when not in ON_TIMINGS:
        rep.add(card.id, f"{where}: 'on' is only used by {' / '.join(ON_TIMINGS)} abilities; "
                         f"remove it.")
    if ab.responds_to not in RESPONDS_TO:
        rep.add(card.id, f"{where}: " + unknown("responds_to", ab.responds_to, RESPONDS_TO))
    if not ab.effects:
        rep.add(card.id, f"{where}: has no effects; add at least one effect table.")
    if ab.cost_vp < 0:
        rep.add(card.id, f"{where}: cost_vp cannot be negative; use 0 or more.")
    if (ab.cost_vp or ab.passivate) and ab.when not in ("activated", "reaction"):
        rep.add(card.id, f"{where}: automatic and static abilities can never have a cost "
                         f"(K 133.1); remove cost_vp / passivate or make it when = \"activated\".")
    if ab.passivate and card.attach:
        rep.add(card.id, f"{where}: attached cards cannot be passivated (K 86.2); remove "
                         f"passivate = true.")
    if ab.when == "static":
        if ab.targets:
            rep.add(card.id, f"{where}: static abilities choose no targets; remove 'targets' and "
                             f"use a scope such as own_creatures or host.")
    if ab.when == "death" and card.type != "creature":
        rep.add(card.id, f"{where}: only creatures can have death abilities; use another "
                         f"timing.")
    if ab.when == "attack" and card.type != "creature":
        rep.add(card.id, f"{where}: only creatures attack; use another timing.")
    if ab.when == "opponent_plays" and ab.targets:
        rep.add(card.id, f"{where}: automatic reactions choose no targets; use to = "
                         f"\"trigger_player\" or another scope.")
    if "line_item" in ab.targets and ab.when != "reaction":
        rep.add(card.id, f"{where}: only reaction abilities can target a line item; set when = "
                         f"\"reaction\".")
    used = _check_effects(rep, card, ab.effects, ab.targets, where, ab)
    _check_slots(rep, card, ab.targets, where, used, reaction=ab.when == "reaction")
    if card.attach and ab.when == "static":
        for eff in ab.effects:
            if eff.do in ("buff", "grant") and eff.to != "host":
                rep.add(card.id, f"{where}: this enchantment is attached (attach = "
                                 f"\"{card.attach}\"), so its static {eff.do} must affect its "
                                 f"host; use to = \"host\".")


def _check_card(rep: Reporter, card: CardDef) -> None:
    cid = card.id
    if not ID_RE.match(cid):
        rep.add(cid, "id must be lowercase words joined by dashes (e.g. 'raia-dawn-recruit'); "
                     "rename it.")
    if not card.name.hu.strip() or not card.name.en.strip():
        rep.add(cid, "name needs both hu and en text; fill in name = { hu = \"...\", en = "
                     "\"...\" }.")
    if card.type not in CARD_TYPES:
        rep.add(cid, unknown("type", card.type, CARD_TYPES))
        return
    if card.god not in GODS:
        rep.add(cid, unknown("god", card.god, GODS))
    if card.cost < 0 or card.cost_mc < 0:
        rep.add(cid, "cost and cost_mc cannot be negative; use 0 or more.")
    if card.cost > 20:
        rep.add(cid, f"cost {card.cost} is above the VP maximum of 20 (K 3.18) and could never "
                     f"be paid; lower it.")
    for kw in card.keywords:
        if kw not in KEYWORDS:
            rep.add(cid, unknown("keyword", kw, KEYWORDS))
    if len(set(card.keywords)) != len(card.keywords):
        rep.add(cid, "a keyword is listed twice; list each keyword once.")
    for sub in card.subtypes:
        if sub not in SUBTYPE_NAMES:
            rep.add(cid, f"subtype '{sub}' has no Hungarian/English name"
                         f"{suggest(sub, SUBTYPE_NAMES)}; "
                         f"use one of: {one_of(sorted(SUBTYPE_NAMES))}, or add it to "
                         f"SUBTYPE_NAMES in engine/hkk/cardtext.py.")
    # --- stats
    if card.type == "creature":
        if card.hp < 1:
            rep.add(cid, "a creature needs hp >= 1 (K 15.1); add hp = N.")
        if card.damage < 0:
            rep.add(cid, "damage cannot be negative; use 0 or more.")
        if card.mc < 0:
            rep.add(cid, "mc cannot be negative; use 0 or more.")
    else:
        for field in ("damage", "hp", "mc", "combat", "regeneration"):
            if getattr(card, field):
                rep.add(cid, f"only creatures have '{field}' (this is a {card.type}); remove it.")
    if card.type == "building":
        if card.sp < 1:
            rep.add(cid, "a building needs sp >= 1 (structure points, K 15.1); add sp = N.")
    elif card.sp:
        rep.add(cid, f"only buildings have 'sp' (this is a {card.type}); remove it.")
    if card.combat < 0:
        rep.add(cid, "combat cannot be negative; use the X of the '+X' combat ability.")
    if card.enters_active:
        if card.type not in ("creature", "building"):
            rep.add(cid, f"enters_active is for creatures and buildings (K 134.2); a "
                         f"{card.type} enters play as its type says, remove it.")
        elif "flying" in card.keywords:
            rep.add(cid, "flying already makes it enter play active (K 79.1); remove "
                         "enters_active.")
    if card.regeneration not in (0, 1, 2):
        rep.add(cid, f"regeneration must be 1 or 2 (K 136.6-136.8), not {card.regeneration}.")
    # --- attach / condition
    if card.attach:
        if card.type != "enchantment":
            rep.add(cid, f"only enchantments can be attached; remove attach from this "
                         f"{card.type}.")
        if card.attach not in ATTACH_SPECS:
            rep.add(cid, unknown("attach", card.attach, ATTACH_SPECS))
    if card.condition is not None:
        c = card.condition
        if c.control_god and c.control_god not in GODS:
            rep.add(cid, "play condition: " + unknown("control_god", c.control_god, GODS))
        if c.min_creatures < 0 or c.max_life < 0 or c.opponent_guard_min < 0:
            rep.add(cid, "play condition: numbers cannot be negative; use 0 (no limit) or more.")
        if c.opponent_guard_min > 3:
            rep.add(cid, "play condition: a guard post holds at most 3 creatures; use "
                         "opponent_guard_min <= 3.")
        if c == type(c)():
            rep.add(cid, "play condition is empty; set one of its fields or remove 'condition'.")
    # --- reactions
    if card.is_reaction:
        if card.type != "instant":
            rep.add(cid, "reaction cards must be instants in this game; set type = \"instant\".")
        if not card.responds_to:
            rep.add(cid, f"a reaction card needs responds_to (what it may answer, K 57.1); add "
                         f"responds_to = one of: {one_of(RESPONDS_TO)}.")
        if "line_item" not in card.targets:
            rep.add(cid, "a reaction card must target the item it answers; add targets = "
                         "[\"line_item\"].")
    elif card.responds_to:
        rep.add(cid, "responds_to is only for reaction cards; add subtypes = [\"reaction\"] or "
                     "remove responds_to.")
    elif "line_item" in card.targets:
        rep.add(cid, "only reaction cards can target a line item; add subtypes = "
                     "[\"reaction\"] and responds_to.")
    if card.responds_to and card.responds_to not in RESPONDS_TO:
        rep.add(cid, unknown("responds_to", card.responds_to, RESPONDS_TO))
    # --- spell effects vs abilities
    if card.type in PERMANENT_TYPES:
        if card.effects or card.targets:
            rep.add(cid, f"a {card.type} is a permanent: put its effects into an ability "
                         f"(e.g. abilities = [{{ when = \"play\", effects = [...] }}]) instead of "
                         f"card-level targets/effects.")
        for n, ab in enumerate(card.abilities, 1):
            _check_ability(rep, card, n, ab)
    else:
        if card.abilities:
            rep.add(cid, f"a {card.type} spell has no abilities (K 91.5.1); move its effects "
                         f"into the card-level 'effects' list.")
        if not card.effects:
            rep.add(cid, f"a {card.type} spell needs effects; add effects = [{{ do = ... }}].")
        used = _check_effects(rep, card, card.effects, card.targets, "spell", None)
        _check_slots(rep, card, card.targets, "spell", used, reaction=card.is_reaction)


def validate_cards(cards: Iterable[tuple[str, CardDef]]) -> list[Problem]:
    """Check already-parsed cards given as (file, card) pairs, including duplicate ids."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for file, card in cards:
        rep = Reporter(file)
        if card.id in seen:
            rep.add(card.id, f"duplicate id; it is already used in {seen[card.id]}. Give every "
                             f"card a unique id.")
        else:
            seen[card.id] = file
        _check_card(rep, card)
        problems += rep.problems
    return problems
