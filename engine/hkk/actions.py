"""Actions a player (or the system) submits. Each is a frozen, tagged msgspec Struct."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from engine.hkk.scenario import ScenarioSpec
from engine.hkk.state import Target

#: A card instance id, ability index, trigger index or amount: a non-negative int. The strict
#: decode (``engine.core.game.strict_action``) refuses anything else before any rule runs.
Id = Annotated[int, msgspec.Meta(ge=0)]


class Act(msgspec.Struct, frozen=True, tag=True, array_like=True, forbid_unknown_fields=True):
    """Base of every HKK action. Decoding is strict: extra fields are refused, not ignored."""


class Start(Act):
    """The system entry that sets up the game (K 28)."""


class Pass(Act):
    """Decline to act / declare that you are done with the current decision (K 4.11.7)."""


class CedeStart(Act):
    """The starting player keeps (cede=False) or cedes the start (K 3.7)."""

    cede: bool


class PlayCard(Act):
    """Play a card from hand with every decision made up front (K 21.2-21.6)."""

    card: Id
    targets: tuple[Target, ...] = ()


class Activate(Act):
    """Use an activated ability (``ability`` = index in the card's abilities) (K 136)."""

    card: Id
    ability: Id
    targets: tuple[Target, ...] = ()


class Regenerate(Act):
    """Regeneration as a life-saving action (K 136.6-136.8)."""

    card: Id


class SacrificeForMc(Act):
    """Prep stage 4: sacrifice an active monster in your reserve for its components (K 29.6)."""

    card: Id


class MoveToGuard(Act):
    """Exchange phase: move an active reserve creature to the guard post (K 32.1)."""

    card: Id


class MoveToReserve(Act):
    """Exchange phase: withdraw a guard-post creature to the reserve (K 32.1)."""

    card: Id


class DeclareAttack(Act):
    """Declare ``attacker`` (in your guard post) attacking ``target`` (K 34.1)."""

    attacker: Id
    target: Target


class WithdrawAttack(Act):
    """Take back a declaration before the declaration is finished (K 34.12)."""

    attacker: Id


class ChooseHitBack(Act):
    """Defender's controller: which of two attackers the defender hits back (K 34.8)."""

    defender: Id
    attacker: Id


class UseCombatAbility(Act):
    """Announce spending ``amount`` VP on a creature's +X combat ability (K 35.3, 129.2)."""

    card: Id
    amount: Id


class ExtractMc(Act):
    """Take ``amount`` of the monster components of ``card``, a creature that died, waiving the
    rest (K 67.1, 67.4)."""

    card: Id
    amount: Id


class ShiftCreature(Act):
    """Exchange phase: move a creature one place to the left (``left``) or to the right within
    its guard post or reserve (K 32.4, 88)."""

    card: Id
    left: bool


class OfferDraw(Act):
    """Offer the opponent a draw (K 2.8.1); like a concession it may be made at any time, and
    the opponent accepts or declines it."""


class AcceptDraw(Act):
    """Accept the draw the opponent offered: the game ends in a draw (K 2.8.1, 2.8.3)."""


class DeclineDraw(Act):
    """Decline the draw the opponent offered; nobody can be forced into a draw (K 2.8.2)."""


class ChooseTarget(Act):
    """A target for a related effect or a retarget (K 21.5.3)."""

    targets: tuple[Target, ...]


class OrderTrigger(Act):
    """Pick which pending related effect happens next (K 22.1)."""

    index: Id


class SetupScenario(Act):
    """The system entry that sets up a declared position instead of a normal start."""

    spec: "ScenarioSpec"


class Concede(Act):
    """Concede the game; the opponent wins (K 2.8.2). Allowed at any time; final (K 2.8.3)."""


Action = Union[Start, Pass, CedeStart, PlayCard, Activate, Regenerate, SacrificeForMc,
               MoveToGuard, MoveToReserve, DeclareAttack, WithdrawAttack, ChooseHitBack,
               UseCombatAbility, ChooseTarget, OrderTrigger, Concede, SetupScenario,
               ExtractMc, ShiftCreature, OfferDraw, AcceptDraw, DeclineDraw]
