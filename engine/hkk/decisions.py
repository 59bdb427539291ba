"""Decisions: every kind of decision the game can wait on, each declared once (K 4.11.6).

A decision is pending when the top task of the task stack (``State.tasks``) is named after an
entry of :data:`KINDS`. The entry holds everything about that kind: the rule that poses it, who
decides, its typed parameters (and where they sit in the task's positional ``card``, ``ability``
and ``data`` fields), the actions that answer it, its legal answers, whether and how it can be
passed, and what an answer does. The ruleset's ``pending``, ``legal_actions`` and ``submit`` and
the auto-pass of :func:`engine.hkk.turn.advance` all go through the entry: a new kind of decision
is one entry here, and the step that asks it calls its :meth:`DecisionKind.ask`.

Handlers validate completely before they emit their first event, so a refused answer leaves the
state untouched; every refusal names the Kódex rule in words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from engine.core.game import Decision, IllegalAction
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.combat import (
    attackers_on, combat_ability_options, combat_ability_refusal, declare_options,
    declare_refusal, finish_refusal,
)
from engine.hkk.ctx import Ctx, Refuse, quiet, refuse
from engine.hkk.effects import EXTRACT_MC, Extraction, leave_table
from engine.hkk.play import (
    ability_options, ability_target_refusal, card_target_refusal, closed_phase_refusal,
    perform_activate, perform_play, perform_regenerate, play_options, regenerate_refusal,
    retarget_options, target_refusal,
)
from engine.hkk.state import (
    GRAVEYARD, GUARD, GUARD_POST_SIZE, RESERVE, SHIFTED, Card, State, Task, Trigger,
)
from engine.hkk.triggers import (
    execute_trigger, orderable, run_trigger_effects, trigger_chooser, trigger_options,
)
from engine.hkk.windows import window_actions, window_choice, window_needed

_PASS = A.Pass()


# ---------------------------------------------------------------------------- typed parameters
class Params(Protocol):
    """A decision's typed parameters: read from its task (``of``) and written into one
    (``task``). They live in the task's existing fields, so its wire format does not change."""

    @classmethod
    def of(cls, task: Task) -> Any: ...

    def task(self, kind: str, player: int) -> Task: ...


class NoParams(NamedTuple):
    """No parameters: the task says only who decides."""

    @classmethod
    def of(cls, task: Task) -> NoParams:
        return NO_PARAMS

    def task(self, kind: str, player: int) -> Task:
        return Task(kind, player)


NO_PARAMS = NoParams()


class Turns(NamedTuple):
    """A decision the two players answer in turn until both pass in a row: ``passes`` is how
    many passes in a row came just before (task field ``passes``; K 4.11.7, 94.4-94.5, 35.3)."""

    passes: int = 0

    @classmethod
    def of(cls, task: Task) -> Turns:
        passes = task.passes
        return _TURNS[passes] if passes < 2 else cls(passes)

    def task(self, kind: str, player: int) -> Task:
        return Task(kind, player, self.passes)

    def passed(self) -> Turns:
        """The same decision after one more pass."""
        passes = self.passes + 1
        return _TURNS[passes] if passes < 2 else Turns(passes)


NO_PASS, ONE_PASS = _TURNS = (Turns(0), Turns(1))    # read on every window: made once


class Saving(NamedTuple):
    """A life-saving window (K 37.0-37.2): passes in a row (task field ``passes``, as
    :class:`Turns`) and the creatures and buildings that have just taken damage, the ones its
    actions may save (task field ``data``)."""

    passes: int = 0
    cards: tuple[int, ...] = ()

    @classmethod
    def of(cls, task: Task) -> Saving:
        return cls(task.passes, task.data)

    def task(self, kind: str, player: int) -> Task:
        return Task(kind, player, self.passes, data=self.cards)

    def passed(self) -> Saving:
        return Saving(self.passes + 1, self.cards)


class HitBack(NamedTuple):
    """The defender attacked by two creatures (task field ``card``; K 34.8)."""

    defender: int

    @classmethod
    def of(cls, task: Task) -> HitBack:
        return cls(task.card)

    def task(self, kind: str, player: int) -> Task:
        return Task(kind, player, card=self.defender)


class Retarget(NamedTuple):
    """The reaction-line item whose targets became illegal (task field ``data[0]``; K 21.5.3)."""

    line_index: int

    @classmethod
    def of(cls, task: Task) -> Retarget:
        return cls(task.data[0])

    def task(self, kind: str, player: int) -> Task:
        return Task(kind, player, data=(self.line_index,))


class TriggerTarget(NamedTuple):
    """The related effect whose targets its controller chooses (K 22, 21.5). In the task: the
    controller is ``player``, the effect's card and ability are ``card`` and ``ability``, and
    what triggered it is ``data = (trigger_card, trigger_player)``."""

    trigger: Trigger

    @classmethod
    def of(cls, task: Task) -> TriggerTarget:
        return cls(Trigger(task.card, task.ability, task.player, task.data[0], task.data[1]))

    def task(self, kind: str, player: int) -> Task:
        t = self.trigger
        return Task(kind, player, card=t.card, ability=t.ability,
                    data=(t.trigger_card, t.trigger_player))


# ---------------------------------------------------------------------------- the entry
P = TypeVar("P")


@dataclass(frozen=True, slots=True, eq=False)
class DecisionKind(Generic[P]):
    """One kind of decision. The callables get the typed parameters ``P`` read from the task."""

    name: str                                          # the task kind, and the Decision's kind
    rule: str                                          # the rule that poses it
    decider: str                                       # who decides, in words
    params: type[Params]                               # its typed parameters
    answers: tuple[type, ...]                          # the actions that answer it, Pass aside
    options: Callable[[Ctx, int, P], list[Any]]        # every legal answer (Pass included)
    handle: Callable[[Ctx, int, P, Any], None]         # carry out an answer of ``answers``
    on_pass: Callable[[Ctx, int, P], None] | None = None   # what Pass does; None: not allowed
    choice: Callable[[Ctx, int, P], bool] | None = None    # a cheaper "anything but Pass?"
    subject: Callable[[Ctx, P], tuple[int, int]] | None = None  # the (card, ability) it is about
    pass_label: str = "pass"        # what Pass means here, as a label key: "done_…" finishes a
                                    # composite choice (the menus call it "Done", not "Pass")
    asks: str = "answer it"         # what the decider must do, in words (for refusals)
    window: str = ""                # a window's kind: its "anything but Pass?" is window_choice

    def ask(self, player: int, params: Any = None) -> Task:
        """The task that makes ``player`` decide (``params``: the kind's typed parameters)."""
        return Task(self.name, player) if params is None else params.task(self.name, player)

    def auto_pass(self, ctx: Ctx, task: Task) -> bool:
        """Pass for the deciding player if Pass is their only answer; True if it did."""
        player = task.player
        if self.window:                  # the commonest decision: asked without the params
            if window_choice(ctx, player, self.window, None):
                return False
            params = self.params.of(task)
        else:
            params = self.params.of(task)
            if self.choice is not None:
                if self.choice(ctx, player, params):
                    return False
            else:
                answers = self.options(ctx, player, params)
                if not (len(answers) == 1 and isinstance(answers[0], A.Pass)):
                    ctx.legal = (task, ctx.version, answers)
                    return False
        on_pass = self.on_pass
        if on_pass is None:
            self.pass_(ctx, player, params)         # refused: this decision cannot be passed
        else:
            on_pass(ctx, player, params)
        return True

    def pass_(self, ctx: Ctx, player: int, params: P) -> None:
        """Pass (K 4.11.7-4.11.8, 94.4-94.5, §11 item 4), or refuse if this cannot be passed."""
        if self.on_pass is None:
            raise refuse(self.rule, f"This decision cannot be passed: {self.decider} must "
                         f"{self.asks}.", "cannot_pass")
        self.on_pass(ctx, player, params)

    def about(self, ctx: Ctx, task: Task) -> tuple[int, int]:
        """The card and ability the decision is about, (-1, -1) if none."""
        if self.subject is None:
            return -1, -1
        return self.subject(ctx, self.params.of(task))


# ---------------------------------------------------------------------------- shared steps
def _pass_in_turn(name: str) -> Callable[[Ctx, int, Any], None]:
    """Passing in turn: the decision closes when both players passed in a row, otherwise the
    other player decides (K 4.11.7, 94.4-94.5, 35.3). ``p`` is :class:`Turns` or another
    parameter type with ``passes`` and ``passed()``."""
    def on_pass(ctx: Ctx, player: int, p: Any) -> None:
        if p.passes + 1 >= 2:
            ctx.pop()
        else:
            ctx.replace(KINDS[name].ask(1 - player, p.passed()))
    return on_pass


def _done(ctx: Ctx, player: int, p: Any) -> None:
    """Pass means "I am done": the decision closes."""
    ctx.pop()


# ---------------------------------------------------------------------------- windows
def _pass_priority(ctx: Ctx, player: int, p: Turns) -> None:
    """The active player's pass hands the right to act to the opponent; the phase is over when
    both declared it (K 4.11.7-4.11.8)."""
    s = ctx.s
    if player == s.active:
        ctx.replace(PRIORITY.ask(1 - player, ONE_PASS))
    elif p.passes == 1:
        ctx.pop()                                  # both declared: the phase is over
    else:
        ctx.replace(PRIORITY.ask(s.active))


def _answer_window(ctx: Ctx, player: int, p: Any, action: Any) -> None:
    """Play a card (K 21), use an ability (K 136) or regenerate (K 136.6) in an open window."""
    life_saving = ctx.s.tasks[-1].kind == "life_saving"
    targets = tuple(action.targets) if not isinstance(action, A.Regenerate) else ()
    if isinstance(action, A.PlayCard):
        if targets not in play_options(ctx, player, action.card):
            raise card_target_refusal(ctx, player, action.card, targets, life_saving)
        perform_play(ctx, player, action.card, targets)
    elif isinstance(action, A.Activate):
        if targets not in ability_options(ctx, player, action.card, action.ability):
            raise ability_target_refusal(ctx, player, action.card, action.ability, targets,
                                         life_saving)
        perform_activate(ctx, player, action.card, action.ability, targets)
    else:
        problem = regenerate_refusal(ctx, player, action.card)
        if problem:
            raise problem
        perform_regenerate(ctx, player, action.card)
    _unanswerable_reactions(ctx)


def _perform_window(ctx: Ctx, player: int, action: Any) -> None:
    """Carry out a window's answer the rules listed (:func:`_answer_window` without its
    checks)."""
    if isinstance(action, A.PlayCard):
        perform_play(ctx, player, action.card, tuple(action.targets))
    elif isinstance(action, A.Activate):
        perform_activate(ctx, player, action.card, action.ability, tuple(action.targets))
    else:
        perform_regenerate(ctx, player, action.card)
    _unanswerable_reactions(ctx)


def _unanswerable_reactions(ctx: Ctx) -> None:
    """After an action the reaction window is open for the other player (K 21.15); with
    auto-pass on, if neither player could answer it (both would pass at once and it would
    close, K 94.4-94.5) it closes here, before anyone is asked (as a priority window that is
    not opened, :func:`engine.hkk.windows.window_needed`). Only when auto-pass would be the
    next thing to happen (the game goes on, no turn break): otherwise the window stays, as
    before."""
    s = ctx.s
    if s.result is not None or ctx.turn_break or not s.tasks:
        return
    top = s.tasks[-1]
    if top.kind == "respond" and not window_needed(ctx, "respond", top.player):
        ctx.pop()


def _window(name: str, rule: str, decider: str, on_pass: Callable[[Ctx, int, Any], None],
            asks: str, params: type[Params] = Turns) -> DecisionKind[Any]:
    """A window (:mod:`engine.hkk.windows`): play a card, use an ability, regenerate, or pass."""
    return DecisionKind(
        name, rule, decider, params, (A.PlayCard, A.Activate, A.Regenerate),
        options=lambda ctx, player, p: window_actions(ctx, player, name),
        handle=_answer_window, on_pass=on_pass,
        choice=lambda ctx, player, p: window_choice(ctx, player, name, None), asks=asks,
        window=name)


# ---------------------------------------------------------------------------- cede (K 3.7)
def _cede_options(ctx: Ctx, player: int, p: NoParams) -> list[Any]:
    return [A.CedeStart(False), A.CedeStart(True)]


def _cede(ctx: Ctx, player: int, p: NoParams, action: A.CedeStart) -> None:
    if action.cede:
        ctx.emit(E.StartCeded(player))
    ctx.pop()


# ---------------------------------------------------------------------------- sacrifice (K 29.6)
def _sacrifice_refusal(ctx: Ctx, player: int, iid: int) -> IllegalAction | None:
    """K 29.6-29.6.1: only active monsters in your reserve that yield components."""
    card = ctx.s.cards[iid]
    d = ctx.pool[card.cid]
    if card.zone != RESERVE or card.controller != player or not card.active:
        return refuse("K 29.6", "Only active monsters in your reserve can be sacrificed for "
                      "monster components.", "sac_zone")
    if not d.is_creature or not d.mc:
        return refuse("K 29.6.1", "Only monsters that yield monster components can be "
                      "sacrificed.", "sac_no_mc")
    return None


def _sacrifice_options(ctx: Ctx, player: int, p: NoParams) -> list[Any]:
    return [A.SacrificeForMc(i) for i in ctx.s.players[player].reserve
            if _sacrifice_refusal(ctx, player, i) is None] + [_PASS]


def _sacrifice(ctx: Ctx, player: int, p: NoParams, action: A.SacrificeForMc) -> None:
    problem = _sacrifice_refusal(ctx, player, action.card)
    if problem:
        raise problem
    mc = ctx.d(action.card).mc
    leave_table(ctx, action.card, GRAVEYARD, "sacrificed", "K 29.6", extract=False)
    ctx.emit(E.McChanged(player, mc, "monster sacrifice", "K 29.6"))
    if ctx.s.triggers:                                    # its "dies" effects (K 22)
        ctx.push(Task("run_triggers"))


# ---------------------------------------------------------------------------- exchange (K 32)
def _exchange_refusal(ctx: Ctx, player: int, iid: int, to_guard: bool,
                      refuse: Refuse = refuse) -> IllegalAction | bool | None:
    card = ctx.s.cards[iid]
    me = ctx.s.players[player]
    if card.controller != player or card.zone != (RESERVE if to_guard else GUARD):
        where, to = ("reserve", "guard post") if to_guard else ("guard post", "reserve")
        return refuse("K 32.1", f"Only a creature in your {where} can move to the {to}.",
                      "exchange_zone")
    if card.uses.get("x"):
        return refuse("K 32.3", "Each creature moves at most once per exchange phase; undo to "
                      "take a move back.", "moved_once")
    if to_guard:
        if not card.active:
            return refuse("K 32.1", "Only active creatures may enter the guard post.",
                          "passive_to_guard")
        if len(me.guard) >= GUARD_POST_SIZE:
            return refuse("K 5.4.3", "The guard post holds at most 3 creatures.",
                          "guard_full")
    return None


def _shifted_out(card: Card, row: list[int]) -> bool:
    """K 32.4: has ``card`` moved its N-1 places of ``row`` (of N) this exchange phase?"""
    return card.uses.get(SHIFTED, 0) >= len(row) - 1


def _shift_refusal(ctx: Ctx, player: int, iid: int, left: bool) -> IllegalAction | None:
    """K 32.4: the order of creatures within the guard post and within the reserve changes only
    in their controller's exchange phase, one place at a time here. A creature moves at most
    N-1 places of its row of N in one exchange phase: any order can still be made (bring the
    creature for the first place forward, then the one for the second, ...: each moves one way,
    at most N-1 places), but reordering ends, so that nobody — a bot least of all — shifts
    creatures back and forth for ever (a search bot at 0.5 s a move did so for 1,600 moves)."""
    card = ctx.s.cards[iid]
    if card.controller != player or card.zone not in (GUARD, RESERVE):
        return refuse("K 32.4", "Only your own creatures in your guard post or reserve can be "
                      "reordered.", "shift_zone")
    row = getattr(ctx.s.players[player], card.zone)
    if row.index(iid) == (0 if left else len(row) - 1):
        return refuse("K 32.4", "That creature is already at that end of its row.",
                      "shift_edge")
    if _shifted_out(card, row):
        return refuse("K 32.4", f"A creature moves at most {len(row) - 1} places along its row "
                      "in one exchange phase (enough for any order); undo to take a shift back.",
                      "shift_cap", n=len(row) - 1)
    return None


def _exchange_options(ctx: Ctx, player: int, p: NoParams) -> list[Any]:
    out: list[Any] = []
    me = ctx.s.players[player]
    for i in me.reserve:
        if _exchange_refusal(ctx, player, i, True, quiet) is None:
            out.append(A.MoveToGuard(i))
    for i in me.guard:
        if _exchange_refusal(ctx, player, i, False, quiet) is None:
            out.append(A.MoveToReserve(i))
    cards = ctx.s.cards
    for row in (me.guard, me.reserve):                                 # K 32.4
        last = len(row) - 1
        for n, i in enumerate(row):
            if _shifted_out(cards[i], row):
                continue
            if n > 0:
                out.append(A.ShiftCreature(i, True))
            if n < last:
                out.append(A.ShiftCreature(i, False))
    if len(me.guard) <= GUARD_POST_SIZE:
        out.append(_PASS)
    return out


def _exchange(ctx: Ctx, player: int, p: NoParams,
              action: A.MoveToGuard | A.MoveToReserve | A.ShiftCreature) -> None:
    if isinstance(action, A.ShiftCreature):
        problem = _shift_refusal(ctx, player, action.card, action.left)
        if problem:
            raise problem
        row = getattr(ctx.s.players[player], ctx.s.cards[action.card].zone)
        index = row.index(action.card) + (-1 if action.left else 1)
        ctx.emit(E.CreatureShifted(action.card, index))
        return
    to_guard = isinstance(action, A.MoveToGuard)
    problem = _exchange_refusal(ctx, player, action.card, to_guard)
    if problem:
        raise problem
    ctx.emit(E.GuardMoved(action.card, to_guard, used="x"))


def _exchange_done(ctx: Ctx, player: int, p: NoParams) -> None:
    if len(ctx.s.players[player].guard) > GUARD_POST_SIZE:
        raise refuse("K 5.4.4", "Your guard post holds more than 3 creatures: withdraw "
                     "some to the reserve first.", "guard_over")
    ctx.pop()


# ---------------------------------------------------------------------------- components (K 67)
def _extract_options(ctx: Ctx, player: int, p: Extraction) -> list[Any]:
    return [A.ExtractMc(p.card, n) for n in range(p.available, -1, -1)] + [_PASS]


def _extract(ctx: Ctx, player: int, p: Extraction, action: A.ExtractMc) -> None:
    """Take some or all of a dead creature's components, or none (K 67.1, 67.4)."""
    if action.card != p.card or action.amount > p.available:
        raise refuse("K 67.4", f"Take between 0 and {p.available} of the monster components "
                     "of the creature that died.", "bad_extraction", n=p.available)
    _take(ctx, player, p, action.amount)


def _take(ctx: Ctx, player: int, p: Extraction, amount: int) -> None:
    ctx.pop()
    if amount:
        ctx.emit(E.McChanged(player, amount, "extracted", "K 67.1"))
    if amount < p.available:
        ctx.emit(E.ComponentsWaived(player, p.card, p.available - amount))


def _extract_all(ctx: Ctx, player: int, p: Extraction) -> None:
    """Done: take every component (the favourable choice, K 21.7.3)."""
    _take(ctx, player, p, p.available)


def _extract_subject(ctx: Ctx, p: Extraction) -> tuple[int, int]:
    return p.card, -1


# ---------------------------------------------------------------------------- draws (K 2.8)
def offer_draw(ctx: Ctx, player: int) -> None:
    """Offer the opponent a draw (K 2.8.1): they must accept or decline before the game goes on.
    One offer per player per turn, so that nobody is pressed into a draw (K 2.8.2)."""
    s = ctx.s
    top = s.tasks[-1] if s.tasks else None
    if top is not None and top.kind == DRAW_OFFER.name:
        raise refuse("K 2.8.1", "A draw offer is already waiting for an answer.",
                     "draw_pending")
    if s.players[player].draw_offer_turn == s.turn:
        raise refuse("K 2.8.2", "You already offered a draw this turn; nobody can be pressed "
                     "into a draw, so offer again in a later turn.", "draw_offered")
    ctx.emit(E.DrawOffered(player))
    ctx.push(DRAW_OFFER.ask(1 - player))


def _draw_options(ctx: Ctx, player: int, p: NoParams) -> list[Any]:
    return [A.AcceptDraw(), A.DeclineDraw()]


def _draw_answer(ctx: Ctx, player: int, p: NoParams,
                 action: A.AcceptDraw | A.DeclineDraw) -> None:
    if isinstance(action, A.AcceptDraw):                       # final (K 2.8.3)
        ctx.emit(E.DrawAgreed(player))
        ctx.emit(E.GameEnded(-1, "agreed_draw", "K 2.8.1"))
        return
    ctx.pop()
    ctx.emit(E.DrawDeclined(player))


# ---------------------------------------------------------------------------- declare (K 34)
def _declare_options(ctx: Ctx, player: int, p: NoParams) -> list[Any]:
    out: list[Any] = [A.DeclareAttack(a, t) for a, t in declare_options(ctx, player)]
    combat = ctx.s.combat
    assert combat is not None
    out += [A.WithdrawAttack(a.attacker) for a in combat.attacks]
    if finish_refusal(ctx) is None:
        out.append(_PASS)
    return out


def _declare(ctx: Ctx, player: int, p: NoParams,
             action: A.DeclareAttack | A.WithdrawAttack) -> None:
    if isinstance(action, A.DeclareAttack):
        problem = declare_refusal(ctx, player, action.attacker, action.target)
        if problem:
            raise problem
        ctx.emit(E.AttackDeclared(E.Attack(action.attacker, action.target)))
        return
    combat = ctx.s.combat
    assert combat is not None
    if not any(a.attacker == action.attacker for a in combat.attacks):
        raise refuse("K 34.12", "That creature is not attacking, so there is no declaration to "
                     "withdraw.", "not_attacking")
    ctx.emit(E.AttackWithdrawn(action.attacker, "w"))


def _declare_done(ctx: Ctx, player: int, p: NoParams) -> None:
    problem = finish_refusal(ctx)
    if problem:
        raise problem
    ctx.pop()


# ---------------------------------------------------------------------------- hit back (K 34.8)
def _hit_back_options(ctx: Ctx, player: int, p: HitBack) -> list[Any]:
    return [A.ChooseHitBack(p.defender, a) for a in attackers_on(ctx, p.defender)]


def _hit_back(ctx: Ctx, player: int, p: HitBack, action: A.ChooseHitBack) -> None:
    if action.defender != p.defender or action.attacker not in attackers_on(ctx, p.defender):
        raise refuse("K 34.8", "The defender hits back one of the two creatures attacking "
                     "it.", "bad_hit_back")
    ctx.emit(E.HitBackChosen(action.defender, action.attacker))
    ctx.pop()


# ---------------------------------------------------------------------------- combat abilities
def _combat_ability_options(ctx: Ctx, player: int, p: Turns) -> list[Any]:
    return [A.UseCombatAbility(c, n) for c, n in combat_ability_options(ctx, player)] + [_PASS]


def _combat_ability(ctx: Ctx, player: int, p: Turns, action: A.UseCombatAbility) -> None:
    """Announce VP spent on a +X combat ability (K 35.3, 35.8); then the other player may."""
    if (action.card, action.amount) not in combat_ability_options(ctx, player):
        raise combat_ability_refusal(ctx, player, action.card, action.amount)
    ctx.emit(E.CombatAbilityAnnounced(action.card, action.amount))
    ctx.replace(COMBAT_ABILITIES.ask(1 - player, NO_PASS))


# ---------------------------------------------------------------------------- retarget (K 21.5.3)
def _retarget_options(ctx: Ctx, player: int, p: Retarget) -> list[Any]:
    return [A.ChooseTarget(t) for t in retarget_options(ctx, p.line_index)]


def _retarget(ctx: Ctx, player: int, p: Retarget, action: A.ChooseTarget) -> None:
    if tuple(action.targets) not in retarget_options(ctx, p.line_index):
        raise refuse("K 21.5.3", "A target of this reaction-line item became illegal: choose a "
                     "legal new target for it (the other targets stay).", "bad_retarget")
    ctx.pop()
    ctx.emit(E.LineItemRetargeted(p.line_index, tuple(action.targets)))


def _retarget_subject(ctx: Ctx, p: Retarget) -> tuple[int, int]:
    if p.line_index >= len(ctx.s.line):
        return -1, -1
    item = ctx.s.line[p.line_index]
    return item.card, item.ability


# ---------------------------------------------------------------------------- related effects
def take_trigger(ctx: Ctx, index: int) -> None:
    """Carry out queued related effect ``index`` (K 22.1); if it has targets, its controller
    chooses them first (K 21.5)."""
    waiting = execute_trigger(ctx, index)
    if waiting is not None:
        ctx.push(TRIGGER_TARGET.ask(waiting.controller, TriggerTarget(waiting)))


def _trigger_target_options(ctx: Ctx, player: int, p: TriggerTarget) -> list[Any]:
    return [A.ChooseTarget(t) for t in trigger_options(ctx, p.trigger)]


def _trigger_target(ctx: Ctx, player: int, p: TriggerTarget, action: A.ChooseTarget) -> None:
    if tuple(action.targets) not in trigger_options(ctx, p.trigger):
        ab = ctx.d(p.trigger.card).abilities[p.trigger.ability]
        raise target_refusal(ctx, player, ab.targets, tuple(action.targets), False,
                             ab.responds_to, False, set(), False, True)
    ctx.pop()
    run_trigger_effects(ctx, p.trigger, tuple(action.targets))


def _trigger_subject(ctx: Ctx, p: TriggerTarget) -> tuple[int, int]:
    return p.trigger.card, p.trigger.ability


def _order_options(ctx: Ctx, player: int, p: NoParams) -> list[Any]:
    return [A.OrderTrigger(i) for i in orderable(ctx, player)]


def _order(ctx: Ctx, player: int, p: NoParams, action: A.OrderTrigger) -> None:
    if action.index not in orderable(ctx, trigger_chooser(ctx)):
        raise refuse("K 22.1.1", "Choose one of the pending related effects whose order is "
                     "yours to decide: the active player's (or else the opponent's), and those "
                     "related to a card you played (K 22.1.2).", "bad_trigger")
    ctx.pop()
    take_trigger(ctx, action.index)


# ---------------------------------------------------------------------------- the table
CEDE: DecisionKind[NoParams] = DecisionKind(
    "cede", "K 3.7", "the player chosen to start", NoParams, (A.CedeStart,),
    options=_cede_options, handle=_cede,
    asks="decide whether to keep the start or cede it")
SACRIFICE_MC: DecisionKind[NoParams] = DecisionKind(
    "sacrifice_mc", "K 29.6", "the active player", NoParams, (A.SacrificeForMc,),
    options=_sacrifice_options, handle=_sacrifice, on_pass=_done,
    pass_label="done_sacrifice",
    asks="sacrifice monsters for components or finish")
PRIORITY = _window("priority", "K 4.11.6", "the active player, then the opponent",
                   _pass_priority, "act or pass")
EXCHANGE: DecisionKind[NoParams] = DecisionKind(
    "exchange", "K 32.1", "the active player", NoParams,
    (A.MoveToGuard, A.MoveToReserve, A.ShiftCreature),
    options=_exchange_options, handle=_exchange, on_pass=_exchange_done,
    pass_label="done_exchange",
    asks="move creatures between the reserve and the guard post or finish")
DECLARE: DecisionKind[NoParams] = DecisionKind(
    "declare", "K 34.1", "the active player", NoParams, (A.DeclareAttack, A.WithdrawAttack),
    options=_declare_options, handle=_declare, on_pass=_declare_done,
    pass_label="done_declare",
    asks="declare attackers or finish the declaration")
HIT_BACK: DecisionKind[HitBack] = DecisionKind(
    "hit_back", "K 34.8", "the controller of the defender", HitBack, (A.ChooseHitBack,),
    options=_hit_back_options, handle=_hit_back,
    asks="choose which of the two attackers the defender hits back")
COMBAT_ABILITIES: DecisionKind[Turns] = DecisionKind(
    "combat_abilities", "K 35.3", "the active player, then the two in turn", Turns,
    (A.UseCombatAbility,), options=_combat_ability_options, handle=_combat_ability,
    on_pass=_pass_in_turn("combat_abilities"), pass_label="done_combat",
    asks="announce a combat ability or pass")
RESPOND = _window("respond", "K 94.4", "the opponent of who acted last, then the two in turn",
                  _pass_in_turn("respond"), "react or pass")
LIFE_SAVING = _window("life_saving", "K 37.0", "the active player, then the two in turn",
                      _pass_in_turn("life_saving"), "use a life-saving action or pass", Saving)
RETARGET: DecisionKind[Retarget] = DecisionKind(
    "retarget", "K 21.5.3", "the controller of the line item", Retarget, (A.ChooseTarget,),
    options=_retarget_options, handle=_retarget, subject=_retarget_subject,
    asks="choose a new legal target for the reaction-line item whose target became "
                "illegal")
TRIGGER_TARGET: DecisionKind[TriggerTarget] = DecisionKind(
    "trigger_target", "K 21.5", "the controller of the related effect", TriggerTarget,
    (A.ChooseTarget,), options=_trigger_target_options, handle=_trigger_target,
    subject=_trigger_subject,
    asks="choose the targets of the related effect")
ORDER_TRIGGERS: DecisionKind[NoParams] = DecisionKind(
    "order_triggers", "K 22.1", "the player who played the card the effects relate to "
    "(K 22.1.2); else the active player if any effect is theirs, else the opponent (K 4.10.4)",
    NoParams, (A.OrderTrigger,), options=_order_options, handle=_order,
    asks="choose which related effect happens next")
EXTRACT: DecisionKind[Extraction] = DecisionKind(
    EXTRACT_MC, "K 67.4", "the opponent of the creature's controller (K 67.1)", Extraction,
    (A.ExtractMc,), options=_extract_options, handle=_extract, on_pass=_extract_all,
    subject=_extract_subject, pass_label="done_extract",
    asks="choose how many of the dead creature's monster components to take")
DRAW_OFFER: DecisionKind[NoParams] = DecisionKind(
    "draw_offer", "K 2.8.1", "the opponent of the player who offered a draw", NoParams,
    (A.AcceptDraw, A.DeclineDraw), options=_draw_options, handle=_draw_answer,
    asks="accept or decline the draw offered")

#: Every kind of decision by name (the task kind).
KINDS: dict[str, DecisionKind[Any]] = {k.name: k for k in (
    CEDE, SACRIFICE_MC, PRIORITY, EXCHANGE, DECLARE, HIT_BACK, COMBAT_ABILITIES, RESPOND,
    LIFE_SAVING, RETARGET, TRIGGER_TARGET, ORDER_TRIGGERS, EXTRACT, DRAW_OFFER)}


# ---------------------------------------------------------------------------- the pending one
def pending(state: State) -> Decision | None:
    """The decision the game waits on (None when it is over)."""
    if state.result is not None or not state.tasks:
        return None
    top = state.tasks[-1]
    if top.kind not in KINDS:
        return None
    return Decision(top.player, top.kind, KINDS[top.kind].rule)


def legal_actions(ctx: Ctx, player: int) -> list[Any]:
    """Every legal answer of ``player`` to the pending decision (Concede is always possible too
    and is not listed)."""
    s = ctx.s
    top = s.tasks[-1] if s.tasks else None
    if s.result is not None or top is None or top.kind not in KINDS or top.player != player:
        return []
    kind = KINDS[top.kind]
    return kind.options(ctx, player, kind.params.of(top))


#: What each kind of decision asks its decider to do, for the refusals that say so.


def _misplaced(ctx: Ctx, player: int, top: Task, action: Any) -> IllegalAction:
    """Refuse an action that answers another kind of decision than the pending one, citing the
    rule that says when that action is taken (K 136.8, 5.4.1, 34.0-34.1, 29.6, 34.8, 35.1, 21.5,
    22.1, 3.7, and for cards and abilities the phase rules of :func:`closed_phase_refusal`)."""
    s = ctx.s
    if isinstance(action, A.Regenerate):
        problem = regenerate_refusal(ctx, player, action.card)        # K 136.8: not now
        if problem is not None:
            return problem
    if isinstance(action, (A.PlayCard, A.Activate)):
        problem = closed_phase_refusal(ctx, isinstance(action, A.Activate))
        if problem is not None:
            return problem
    elif isinstance(action, (A.MoveToGuard, A.MoveToReserve)):
        return refuse("K 5.4.1", "Creatures move between the reserve and the guard post only in "
                      "their controller's exchange phase.", "not_exchange")
    elif isinstance(action, (A.DeclareAttack, A.WithdrawAttack)):
        if s.phase == "combat" and s.step >= 2:
            return refuse("K 34.1", "The declaration of attackers is final once it is finished; "
                          "it can no longer be changed.", "declaration_final")
        return refuse("K 34.0", "Attackers are declared only in the declare-attackers "
                      "sub-phase, which begins the combat phase.", "not_declaring")
    elif isinstance(action, A.SacrificeForMc):
        return refuse("K 29.6", "Monsters are sacrificed for components only in stage 4 of "
                      "their controller's preparation phase.", "not_sacrifice_stage")
    elif isinstance(action, A.ChooseHitBack):
        return refuse("K 34.8", "A hit-back is chosen only for a defender attacked by two "
                      "creatures, when the attackers have been declared.", "no_hit_back")
    elif isinstance(action, A.UseCombatAbility):
        return refuse("K 35.1", "Combat abilities are used only in the combat-abilities "
                      "sub-phase.", "not_combat_abilities")
    elif isinstance(action, A.ChooseTarget):
        return refuse("K 21.5", "Targets are chosen when a card is played or an ability used; "
                      "no effect is waiting for targets now.", "no_target_choice")
    elif isinstance(action, A.OrderTrigger):
        return refuse("K 22.1", "Related effects are ordered when several wait to happen after "
                      "an action; none are waiting now.", "no_trigger_order")
    elif isinstance(action, A.CedeStart):
        return refuse("K 3.7", "Only the starting player, before the first turn, can keep or "
                      "cede the start.", "not_cede")
    kind = KINDS[top.kind]
    names = ", ".join(t.__name__ for t in kind.answers) + (
        ", Pass" if kind.on_pass is not None else "")
    return refuse(kind.rule, f"That is not an answer to the current decision: "
                  f"{kind.decider} must first {kind.asks} (expected: "
                  f"{names}).", "wrong_action", expected=names)


def answer(ctx: Ctx, player: int, action: Any, listed: bool = False) -> None:
    """Validate ``action`` as ``player``'s answer to the pending decision and carry it out.
    ``listed``: it is one of the answers :func:`legal_actions` gave for this very decision (the
    same object, the state unchanged since), so a window's play or ability is not checked
    again."""
    s = ctx.s
    top = s.tasks[-1] if s.tasks else None
    if listed:
        kind = KINDS[top.kind]                        # type: ignore[union-attr]
        if type(action) is A.Pass:
            kind.pass_(ctx, player, kind.params.of(top))  # type: ignore[arg-type]
        elif kind.window:
            _perform_window(ctx, player, action)
        else:
            kind.handle(ctx, player, kind.params.of(top), action)  # type: ignore[arg-type]
        return
    if top is None or top.kind not in KINDS:
        raise refuse("K 28", "The game is not waiting for any decision yet: it is set up first, "
                     "before the first turn.", "no_decision")
    kind = KINDS[top.kind]
    if not isinstance(action, (A.Pass, *kind.answers)):
        raise _misplaced(ctx, player, top, action)
    if top.player != player:
        raise refuse(kind.rule, f"The game is waiting for player {top.player + 1}, not you; "
                     f"who decides here: {kind.decider}.", "not_you", waiting=top.player)
    params = kind.params.of(top)
    if isinstance(action, A.Pass):
        kind.pass_(ctx, player, params)
    else:
        kind.handle(ctx, player, params, action)


def subject(ctx: Ctx) -> tuple[int, int]:
    """The card and ability the pending decision is about, (-1, -1) if none (for views)."""
    s = ctx.s
    top = s.tasks[-1] if s.tasks else None
    kind = KINDS.get(top.kind) if top is not None else None
    return (-1, -1) if kind is None else kind.about(ctx, top)
