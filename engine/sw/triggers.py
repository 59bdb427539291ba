"""Triggered abilities: finding them when something happens, and putting them on the task stack
in the order the active player chooses (gl. UTÁN, gl. IDŐZÍTÉS, ruling R27).

A moment is one of :data:`engine.sw.cards.WHEN`. Moments about one card (after it moves, attacks,
destroys, is destroyed, is discarded, rolls) look at that card's abilities; the others (a unit is
destroyed, a structure is moved or pushed, the start or end of a turn or phase) at every card of
the active player on the battlefield and in its active-events area — the printed texts all say
"your turn" / "you".
"""

from __future__ import annotations

from engine.sw import events as E
from engine.sw import stats as S
from engine.sw.state import EMPTY, Task

GLOBAL = frozenset(("unit_destroyed", "structure_shifted", "start_of_turn", "end_of_turn",
                    "start_of_phase", "end_of_phase"))
#: moments whose ability belongs to a card that has left the battlefield
OFF_BOARD = frozenset(("destroyed", "discarded"))
CHOICE_STEPS = frozenset(("choose_card", "choose_square", "choose_one", "confirm", "push",
                          "search_discard"))


def fire(ctx: S.Ctx, moment: str, subject: int = EMPTY, other: int = EMPTY,
         square: int = EMPTY, phase: str = "") -> None:
    """Queue every ability that triggers at ``moment`` (``subject``: the card it is about;
    ``other``: the card that set it off — the target, the destroyed unit, the structure;
    ``square``: where that card was)."""
    s = ctx.s
    if moment in GLOBAL:
        sources = []
        whens = ctx.ix.whens
        for iid in ctx.on_board():
            c = s.cards[iid]
            if c.controller == s.active and moment in whens[c.cid]:
                sources += [(iid, i, ab) for i, ab in ctx.ix.own[c.cid]]
        for e in s.players[s.active].active:
            sources += [(e, i, ab) for i, ab in enumerate(ctx.d(e).abilities)]
    elif moment in OFF_BOARD:
        sources = [(subject, i, ab) for i, ab in enumerate(ctx.d(subject).abilities)]
    else:
        c = s.cards[subject]
        if c.zone != "board" or moment not in ctx.ix.whens[c.cid]:
            return
        sources = [(subject, i, ab) for i, ab in ctx.ix.own[c.cid]]
    for src, idx, ab in sources:
        if ab.when != moment or (ab.phase and ab.phase != phase):
            continue
        card = s.cards[src]
        if ab.once_per_turn and idx in card.uses:
            continue
        if ab.filter is not None and (other == EMPTY or not S.matches(
                ctx, ab.filter, other, src, card.controller, at=square)):
            continue
        if not costs_payable(ctx, ab, src, card.controller):
            continue
        slots = {}
        if moment in OFF_BOARD and card.charges:
            slots["charges"] = card.charges
        if other != EMPTY:
            slots["trigger"] = other
        if square != EMPTY:
            slots["sq_trigger"] = square
        if ab.once_per_turn:
            ctx.emit(E.AbilityUsed(src, idx))
        ctx.queue.append(Task("ability", card.controller, src, idx, slots=slots))


def costs_payable(ctx: S.Ctx, ab, src: int, controller: int) -> bool:
    """gl. KÖLTSÉG: a trigger whose leading cost cannot be paid does not trigger."""
    for st in ab.steps:
        if st.branch >= 0:
            continue
        if st.do == "spend_charge":
            if ctx.s.cards[src].charges < st.amount:
                return False
        elif st.do == "spend_magic":
            if ctx.s.players[controller].magic < st.amount:
                return False
        else:
            break
    return True


def interactive(ctx: S.Ctx, task: Task) -> bool:
    """Does resolving ``task`` ask its player anything?"""
    ab = ctx.d(task.card).abilities[task.ability]
    return ab.optional or any(st.do in CHOICE_STEPS for st in ab.steps)


def flush(ctx: S.Ctx) -> None:
    """Put the queued triggers on the task stack, the first queued on top. When two or more wait
    and one of them asks something, the active player picks which resolves first."""
    queued, ctx.queue = ctx.queue, []
    if not queued:
        return
    for t in reversed(queued):
        ctx.emit(E.TaskPushed(t))
    ask_order(ctx, queued)


def ask_order(ctx: S.Ctx, waiting: list[Task]) -> None:
    if len(waiting) >= 2 and any(interactive(ctx, t) for t in waiting):
        n = len(waiting)
        ctx.emit(E.TaskPushed(Task("order", ctx.s.active, slots={"n": n}, ask="order",
                                   options=tuple(range(n)))))


def answer_order(ctx: S.Ctx, task: Task, index: int) -> None:
    """The active player chose which waiting trigger resolves first; the others wait (and are
    ordered again when the chosen one is done)."""
    n = task.slots["n"]
    ctx.emit(E.TaskPopped())
    if index:
        ctx.emit(E.TaskRaised(index))
    if n - 1 >= 2:
        rest = ctx.s.tasks[-n:-1]
        if any(interactive(ctx, t) for t in rest):
            chosen = ctx.s.tasks[-1]
            ctx.emit(E.TaskPopped())
            ask_order(ctx, list(rest))
            ctx.emit(E.TaskPushed(chosen))
