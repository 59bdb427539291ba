"""Effect verbs declared once: schema, recipients, validation, HU/EN text and execution.

Each :class:`Verb` holds, side by side, everything about one verb of the closed effect
vocabulary: which :class:`engine.hkk.cards.Effect` fields it reads, which recipients it accepts,
its extra checks (sentences that say what to do), its rules text in Hungarian and English and
what it does. The others look it up: the schema's vocabulary (``cards.EFFECTS``), the validator
(:mod:`engine.hkk.cardcheck`), the text renderer (:mod:`engine.hkk.cardtext`), the interpreter
(:mod:`engine.hkk.effects`) and the greedy bot's harm/help knowledge (:mod:`engine.hkk.greedy`).

The first verbs still live spread over those modules; every verb added since lives here.

This module depends only on the state and its events, so the schema (:mod:`engine.hkk.cards`)
can import it; it sees effects, cards and the rules context through the small protocols below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.hkk import events as E
from engine.hkk.state import GUARD_POST_SIZE, RESERVE, State

#: Target specs naming one creature on the table (not its position).
CREATURE_TARGETS = ("creature", "own_creature", "enemy_creature")
#: Target specs naming one card on the table.
CARD_TARGETS = CREATURE_TARGETS + (
    "guard_creature", "enemy_guard_creature", "building", "enemy_building", "permanent",
    "enemy_permanent", "enemy_noncreature")
#: Scopes covering creatures in the reserve (and the guard post).
CREATURE_SCOPES = ("self", "all_creatures", "own_creatures", "enemy_creatures",
                   "other_own_creatures", "other_creatures", "trigger_card")
#: Scopes covering cards on the table.
CARD_SCOPES = CREATURE_SCOPES + ("host", "enemy_guard_creatures", "own_guard_creatures")

#: A recipient's phrase: Hungarian cases (nom, acc, dat, sup, sub) and the English noun phrase.
Phrase = tuple[dict[str, str], str]


class Effect(Protocol):
    """The fields of :class:`engine.hkk.cards.Effect` a declared verb reads."""

    do: str
    to: str
    keyword: str
    if_room: bool


class CardDef(Protocol):
    """The fields of :class:`engine.hkk.cards.CardDef` a declared verb's check reads."""

    type: str


class Ctx(Protocol):
    """The rules context (:class:`engine.hkk.ctx.Ctx`): read the state, emit events."""

    s: State

    def emit(self, event: object) -> None: ...


class Words(Protocol):
    """What a verb's text may ask the text renderer (:mod:`engine.hkk.cardtext`)."""

    def keyword_name(self, keyword: str, lang: str) -> str: ...

    def keyword_predicate(self, keyword: str, lang: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Verb:
    """One effect verb. ``apply`` gets a card on the table (the recipient's instance id)."""

    name: str
    rule: str                                   # the Kódex rule it carries out
    summary: str                                # one line for the schema's reader
    fields: tuple[str, ...]                     # Effect fields it reads besides do / to
    targets: tuple[str, ...]                    # target specs it accepts as its recipient
    scopes: tuple[str, ...]                     # scopes it accepts as its recipient
    aim: str                                    # "help" or "harm": how bots aim it
    check: Callable[[Effect, CardDef], list[str]]
    text: Callable[[Effect, Phrase, Words, str], str]
    apply: Callable[[Ctx, Effect, int, str], None]


# ---------------------------------------------------------------------------- to_guard_post
def _to_guard_check(eff: Effect, card: CardDef) -> list[str]:
    if eff.to == "self" and card.type != "creature":
        return [("to = \"self\" here is not a creature; only creatures stand in a guard "
                 "post (K 5.4), use a creature target or scope.")]
    return []


def _to_guard_text(eff: Effect, phrase: Phrase, words: Words, lang: str) -> str:
    hu, en = phrase
    if lang == "hu":
        if eff.if_room:
            return (f"ha van hely a gazdája őrposztjában, {hu['nom']} az őrposztba kerül "
                    f"(K 5.4.3.1)")
        return (f"{hu['nom']} a gazdája őrposztjába kerül, akkor is, ha az már megtelt "
                f"(K 5.4.3.1)")
    if eff.if_room:
        return (f"if there is room in its controller's guard post, put {en} into it "
                f"(K 5.4.3.1)")
    return (f"put {en} into its controller's guard post, even if it is already full "
            f"(K 5.4.3.1)")


def _to_guard_apply(ctx: Ctx, eff: Effect, iid: int, rule: str) -> None:
    """Put a reserve creature into its controller's guard post. Unless the card speaks of the
    guard post's size (``if_room``), the size does not limit it (K 5.4.3.1); an over-full guard
    post is cut back in its controller's exchange phase (K 5.4.4). Guard-post creatures are
    always active (K 5.4.5)."""
    card = ctx.s.cards[iid]
    if card.zone != RESERVE:
        return
    if eff.if_room and len(ctx.s.players[card.controller].guard) >= GUARD_POST_SIZE:
        return
    ctx.emit(E.GuardMoved(iid, True, "K 5.4.3.1"))


TO_GUARD_POST = Verb(
    "to_guard_post", "K 5.4.3.1",
    "put a creature from the reserve into its controller's guard post (if_room: only if it "
    "is not full)",
    ("if_room",), CREATURE_TARGETS, CREATURE_SCOPES, "help",
    _to_guard_check, _to_guard_text, _to_guard_apply)


# ---------------------------------------------------------------------------- grant_for_turn
def _grant_for_turn_check(eff: Effect, card: CardDef) -> list[str]:
    return []                      # the keyword itself is checked with every 'keyword' field


def _grant_for_turn_text(eff: Effect, phrase: Phrase, words: Words, lang: str) -> str:
    hu, en = phrase
    if lang == "hu":
        return f"{hu['nom']} a kör végéig {words.keyword_predicate(eff.keyword, 'hu')}"
    name = words.keyword_name(eff.keyword, "en").lower()
    return f"{en} gains {name} until end of turn"


def _grant_for_turn_apply(ctx: Ctx, eff: Effect, iid: int, rule: str) -> None:
    """The card has the keyword until the end of the turn (K 41.4 ends it)."""
    if eff.keyword not in ctx.s.cards[iid].granted:
        ctx.emit(E.KeywordGranted(iid, eff.keyword, rule))


GRANT_FOR_TURN = Verb(
    "grant_for_turn", "K 41.4",
    "keyword (an ability or immunity) until end of turn",
    ("keyword",), CARD_TARGETS, CARD_SCOPES, "help",
    _grant_for_turn_check, _grant_for_turn_text, _grant_for_turn_apply)


# ---------------------------------------------------------------------------- the table
#: Every verb declared here, by name.
VERBS: dict[str, Verb] = {v.name: v for v in (TO_GUARD_POST, GRANT_FOR_TURN)}


def fields_of(verb: str) -> tuple[str, ...]:
    """The Effect fields a declared verb reads (empty for the older verbs)."""
    v = VERBS.get(verb)
    return v.fields if v is not None else ()


def aimed(aim: str) -> set[str]:
    """Names of the declared verbs with this aim ("help" / "harm"), for bots."""
    return {name for name, v in VERBS.items() if v.aim == aim}


__all__ = ["VERBS", "CardDef", "Ctx", "Effect", "Phrase", "Verb", "Words", "aimed", "fields_of"]
