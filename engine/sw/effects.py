"""The step interpreter: abilities and events resolve as data (summoner-wars.md §13.6, §14.5).

A resolving ability or event is a task on the stack (:class:`engine.sw.state.Task`). :func:`run`
executes its steps in order until one needs an answer (a card, a square, an option, a "may"); it
then turns the task into the pending decision. :func:`answer` takes the answer and lets it run on.
Costs (``spend_charge``, ``spend_magic``) that cannot be paid stop the ability; a choice with no
candidates stops it too (what follows depended on it), except a push with nowhere to go, which is
simply skipped (gl. KÉNYSZERÍTÉS, ruling R10).
"""

from __future__ import annotations

import msgspec

from engine.core import rng
from engine.sw import board as B
from engine.sw import events as E
from engine.sw import stats as S
from engine.sw.cards import Ability, Step
from engine.sw.combat import (
    deal_damage, destroy, discard_from_board, gain_magic, settle, spend_magic,
)
from engine.sw.state import ACTIVE, BOARD, EMPTY, Task
from engine.sw.triggers import CHOICE_STEPS, OFF_BOARD, ask_order, fire

ASK = {"choose_card": "card", "choose_square": "square", "choose_one": "option",
       "confirm": "confirm", "push": "square", "search_discard": "card"}


# ---------------------------------------------------------------------------- what a task runs
def ability_of(ctx: S.Ctx, task: Task) -> Ability | None:
    return None if task.kind == "event" else ctx.d(task.card).abilities[task.ability]


def script(ctx: S.Ctx, task: Task) -> tuple[tuple[Step, ...], int]:
    if task.kind == "event":
        d = ctx.d(task.card)
        return d.steps, d.repeat
    ab = ctx.d(task.card).abilities[task.ability]
    return ab.steps, ab.repeat


def _who(ctx: S.Ctx, task: Task, st: Step, slots: dict[str, int]) -> list[int]:
    """The cards a step acts on (module doc of engine.sw.cards)."""
    s = ctx.s
    w = st.who
    if w == "self":
        out = [task.card]
    elif w == "host":
        out = [s.cards[task.card].host]
    elif w == "summoner":
        out = [s.players[task.player].summoner]
    elif w == "all":
        out = [i for i in ctx.on_board()
               if S.matches(ctx, st.filter, i, task.card, task.player, slots)]
    else:
        out = [slots[w]] if w in slots else []
    return [i for i in out if i != EMPTY]


def _amount(ctx: S.Ctx, task: Task, st: Step, slots: dict[str, int]) -> int:
    if st.amount_from:
        n = slots.get(st.amount_from, 0)
    elif st.per is not None:
        n = S.count(ctx, st.per, task.card, task.player, slots) * (st.amount or 1)
    else:
        n = st.amount
    return min(n, st.cap) if st.cap else n


# ---------------------------------------------------------------------------- choices
def _empty(ctx: S.Ctx, sq: int) -> bool:
    return ctx.s.board[sq] == EMPTY


def _square_options(ctx: S.Ctx, task: Task, st: Step, slots: dict[str, int]) -> list[int]:
    s = ctx.s
    at = st.at or "adjacent:self"
    kind, _, ref = at.partition(":")
    if kind == "adjacent":
        if ref == "gate":
            origins = [s.cards[i].square for i in ctx.on_board()
                       if s.cards[i].controller == task.player and S.is_gate(ctx, i)]
        elif ref == "summoner":
            summ = s.cards[s.players[task.player].summoner]
            origins = [summ.square] if summ.zone == BOARD else []
        elif ref == "self":
            origins = [s.cards[task.card].square] if s.cards[task.card].zone == BOARD else []
        else:
            v = slots.get(ref, EMPTY)
            origins = [v if ref.startswith("sq") else s.cards[v].square] if v != EMPTY else []
        found = {n for o in origins if o != EMPTY for n in B.neighbours(o) if _empty(ctx, n)}
        return sorted(found)
    if kind == "line":                    # straight runs of empty squares from the card
        origin = s.cards[task.card].square
        out = []
        for ray in B.rays(origin):
            for k, sq in enumerate(ray[:st.max]):
                if not _empty(ctx, sq):
                    break
                if k + 1 >= st.min:
                    out.append(sq)
        return sorted(out)
    return []


def push_options(ctx: S.Ctx, card: int, lo: int, hi: int) -> list[int]:
    """Ruling R10: straight lines of empty squares, exactly lo..hi squares (option partial_push:
    a blocked line may stop at its last empty square)."""
    s = ctx.s
    c = s.cards[card]
    if c.zone != BOARD:
        return []
    partial = bool(ctx.opt("partial_push"))
    out = set()
    for ray in B.rays(c.square):
        last = EMPTY
        for k, sq in enumerate(ray[:hi]):
            if not _empty(ctx, sq):
                break
            last = sq
            if k + 1 >= lo:
                out.add(sq)
        if partial and last != EMPTY:
            out.add(last)
    return sorted(out)


def _branch_ok(ctx: S.Ctx, task: Task, steps: tuple[Step, ...], k: int,
               slots: dict[str, int]) -> bool:
    """Option ``k`` of a choose_one can be taken: its costs can be paid and its first choice
    has a candidate."""
    for st in steps:
        if st.branch != k:
            continue
        if st.do == "spend_charge" and any(ctx.s.cards[i].charges < st.amount
                                           for i in _who(ctx, task, st, slots) or [EMPTY]
                                           if i != EMPTY):
            return False
        if st.do == "spend_charge" and not _who(ctx, task, st, slots):
            return False
        if st.do == "spend_magic" and ctx.s.players[task.player].magic < st.amount:
            return False
        if st.do in CHOICE_STEPS:
            return bool(options(ctx, task, st, slots, ()))
    return True


def options(ctx: S.Ctx, task: Task, st: Step, slots: dict[str, int],
            chosen: tuple[int, ...]) -> list[int]:
    """The legal answers of a choice step."""
    s = ctx.s
    if st.do == "choose_card":
        return [i for i in ctx.on_board() if i not in chosen
                and S.matches(ctx, st.filter, i, task.card, task.player, slots)]
    if st.do == "choose_square":
        return _square_options(ctx, task, st, slots)
    if st.do == "push":
        targets = _who(ctx, task, st, slots)
        return push_options(ctx, targets[0], st.min, st.max) if targets else []
    if st.do == "search_discard":
        return [i for i in s.players[task.player].discard if i not in chosen
                and S.matches(ctx, st.filter, i, task.card, task.player, slots)]
    if st.do == "choose_one":
        steps, _ = script(ctx, task)
        return [k for k in range(len(st.choices)) if _branch_ok(ctx, task, steps, k, slots)]
    return [0]                                             # confirm


def _take(ctx: S.Ctx, task: Task, st: Step, value: int, slots: dict[str, int],
          chosen: tuple[int, ...]) -> tuple[dict[str, int], tuple[int, ...]]:
    """Record (or, for a push, perform) the answer ``value`` of choice step ``st``."""
    if st.do in ("choose_card", "search_discard"):
        slots[st.slot] = value
        chosen = (*chosen, value)
    elif st.do == "choose_square":
        slots[st.slot if st.slot.startswith("sq") else "sq"] = value
    elif st.do == "choose_one":
        slots["option"] = value
    elif st.do == "push":
        card = _who(ctx, task, st, slots)[0]
        ctx.emit(E.Pushed(card, value))
        if S.is_structure(ctx, card):
            fire(ctx, "structure_shifted", other=card, square=value)
    return slots, chosen


# ---------------------------------------------------------------------------- effects
def _effect(ctx: S.Ctx, task: Task, st: Step, slots: dict[str, int], ab: Ability | None) -> bool:
    """Carry out one non-choice step; False when a cost cannot be paid (the ability stops)."""
    s = ctx.s
    src, me = task.card, task.player
    do = st.do
    if do == "spend_charge":
        cards = _who(ctx, task, st, slots)
        if not cards or any(s.cards[c].charges < st.amount for c in cards):
            return False
        for c in cards:
            ctx.emit(E.ChargesChanged(c, -st.amount, "SW gl. TÖLTET"))
        return True
    if do == "spend_magic":
        if s.players[me].magic < st.amount:
            return False
        spend_magic(ctx, me, st.amount, "SW gl. KÖLTSÉG")
        return True
    if do == "gain_magic":
        gain_magic(ctx, me, _amount(ctx, task, st, slots), "SW Mágiapont.1")
        return True
    if do == "reroll":
        _reroll(ctx, st)
        return True
    square_slot = st.at if st.at.startswith("sq") else "sq"
    if do == "place":
        sq = slots.get(square_slot, EMPTY)
        for c in _who(ctx, task, st, slots):
            if sq != EMPTY and _empty(ctx, sq) and s.cards[c].zone != BOARD:
                ctx.emit(E.Placed(c, sq, "SW gl. HELYEZNI"))
        return True
    if do == "place_self":
        sq = slots.get(square_slot, EMPTY)
        if sq != EMPTY and _empty(ctx, sq) and s.cards[src].zone == BOARD:
            ctx.emit(E.Relocated(src, sq, "SW gl. HELYEZNI"))
        return True
    amount = _amount(ctx, task, st, slots)
    for c in _who(ctx, task, st, slots):
        card = s.cards[c]
        if card.zone != BOARD and not (do in ("charge", "uncharge") and card.zone == ACTIVE):
            continue
        if do == "damage":
            deal_damage(ctx, c, amount, src, "SW Kártyák sérülése.1",
                        no_magic=bool(ab and ab.no_magic))
        elif do == "heal":
            if min(amount, card.damage):
                ctx.emit(E.Healed(c, min(amount, card.damage), "SW gl. ELTÁVOLÍTANI"))
        elif do == "charge":
            ctx.emit(E.ChargesChanged(c, amount, "SW gl. TÖLTET"))
        elif do == "uncharge":
            n = min(amount or card.charges, card.charges)
            if n:
                ctx.emit(E.ChargesChanged(c, -n, "SW gl. ELTÁVOLÍTANI"))
        elif do == "strength":
            ctx.emit(E.StrengthBoosted(c, amount, "SW gl. KÉPESSÉG"))
        elif do == "extra_attack":
            ctx.emit(E.ExtraAttackGranted(c, "SW gl. EXTRA"))
        elif do == "discard":
            discard_from_board(ctx, c, "SW Kártyák eldobása.1")
        elif do == "destroy":
            destroy(ctx, c, src, "SW gl. ELPUSZTUL", no_magic=bool(ab and ab.no_magic))
        elif do == "return_to_hand":
            for u in list(card.under):
                ctx.emit(E.CardDiscarded(u, "SW gl. ALATT"))
            ctx.emit(E.ReturnedToHand(c))
        elif do == "swap":
            if s.cards[src].zone == BOARD and c != src:
                ctx.emit(E.Swapped(src, c))
        elif do == "put_under":
            if s.cards[src].zone == BOARD and c != src:
                for u in list(s.cards[src].under):
                    ctx.emit(E.CardDiscarded(u, "SW gl. ALATT"))
                ctx.emit(E.PutUnder(src, c))
    return True


def _reroll(ctx: S.Ctx, st: Step) -> None:
    """gl. ÚJRADOBÁS (ruling R11): reroll the dice that missed, or all of them."""
    r = ctx.s.roll
    if r is None:
        return
    sym = "r" if r.kind == "ranged" else "m"
    idx = tuple(i for i, f in enumerate(r.faces) if st.scope == "all" or sym not in f)
    if not idx:
        return
    faces = list(ctx.opt("die_faces"))  # type: ignore[arg-type]
    state = ctx.s.rng
    out = []
    for _ in idx:
        k, state = rng.below(state, len(faces))
        out.append(faces[k])
    ctx.emit(E.DiceRerolled(idx, tuple(out), state))


# ---------------------------------------------------------------------------- the interpreter
def _source_gone(ctx: S.Ctx, task: Task) -> bool:
    """gl. KÉPESSÉG: an ability works while its card is in play (or right after it is
    destroyed / discarded, for those moments)."""
    if task.kind == "event":
        return False
    ab = ctx.d(task.card).abilities[task.ability]
    return ab.when not in OFF_BOARD and ctx.s.cards[task.card].zone not in (BOARD, ACTIVE)


def finish(ctx: S.Ctx, task: Task, waiting: tuple[Task, ...] | None = None) -> None:
    """The task is done: an event goes to the discard pile, or to the active area (gl. AKTÍV
    ESEMÉNY); then the abilities that waited for it go on the stack, the first set off on top,
    in the order the active player chooses (gl. UTÁN, ruling R27)."""
    waiting = task.waiting if waiting is None else waiting
    ctx.emit(E.TaskPopped())
    if task.kind == "event":
        if ctx.d(task.card).active:
            ctx.emit(E.EventActivated(task.player, task.card))
        else:
            ctx.emit(E.CardDiscarded(task.card, "SW Események.1"))
    if waiting:
        tasks = ctx.s.tasks
        below = tasks[-1] if tasks else None
        if below is not None and below.kind in ("ability", "event") and (below.step or below.rep):
            # an active event's effect (Icy Shove) that set them off interrupted another effect,
            # still being carried out: they wait for that one too (gl. KÉPESSÉG)
            ctx.emit(E.TaskReplaced(msgspec.structs.replace(
                below, waiting=below.waiting + waiting)))
            return
        for t in reversed(waiting):
            ctx.emit(E.TaskPushed(t))
        ask_order(ctx, list(waiting))


def defer(ctx: S.Ctx, waiting: tuple[Task, ...]) -> tuple[Task, ...]:
    """SW gl. KÉPESSÉG (ruling R31): a unit's ability set off while an ability or event is being
    carried out takes no effect until it is complete; it waits in the resolving task
    (``Task.waiting``) and resolves right after it (gl. UTÁN). An active event's effect is not
    a unit's ability: it resolves at once, right after what set it off (gl. UTÁN, gl. AKTÍV
    ESEMÉNY). Takes the waiting abilities out of ``ctx.queue``; returns the task's new list."""
    now, later = [], list(waiting)
    cards = ctx.s.cards
    for t in ctx.queue:
        (now if cards[t.card].zone == ACTIVE else later).append(t)
    ctx.queue = now
    return tuple(later)


def run(ctx: S.Ctx, task: Task) -> None:
    """Run ``task`` (the top of the stack, asking nothing) until it asks or ends. What its steps
    set off waits for it if it is a unit's ability (:func:`defer`); an active event's effect
    resolves before it goes on (gl. UTÁN)."""
    if _source_gone(ctx, task):
        finish(ctx, task)
        return
    steps, repeat = script(ctx, task)
    ab = ability_of(ctx, task)
    i, rep, slots, chosen = task.step, task.rep, dict(task.slots), task.chosen
    waiting = task.waiting
    first_is_choice = bool(steps) and steps[0].do in CHOICE_STEPS
    if ab is not None and ab.optional and i == 0 and rep == 0 and "ok" not in slots \
            and not first_is_choice:
        ctx.emit(E.TaskReplaced(Task(task.kind, task.player, task.card, task.ability, -1, rep,
                                     slots, chosen, "confirm", (0,), True, waiting=waiting)))
        return
    while True:
        if i >= len(steps):
            rep += 1
            if rep < repeat and any(st.do in CHOICE_STEPS for st in steps):
                i = 0
                continue
            finish(ctx, task, waiting)
            return
        st = steps[i]
        if st.branch >= 0 and slots.get("option", -1) != st.branch:
            i += 1
            continue
        if st.do in CHOICE_STEPS:
            opts = options(ctx, task, st, slots, chosen)
            optional = st.optional or (i == 0 and (rep > 0 or bool(ab and ab.optional)))
            if not opts:
                if st.do == "push":
                    i += 1
                    continue
                finish(ctx, task, waiting)
                return
            if len(opts) == 1 and not optional and st.do != "confirm":
                slots, chosen = _take(ctx, task, st, opts[0], slots, chosen)
            else:
                ctx.emit(E.TaskReplaced(Task(task.kind, task.player, task.card, task.ability, i,
                                             rep, slots, chosen, ASK[st.do], tuple(opts),
                                             optional, task.secret or
                                             st.do == "search_discard", waiting)))
                return
        elif not _effect(ctx, task, st, slots, ab):
            finish(ctx, task, waiting)
            return
        if settle(ctx):
            return
        i += 1
        if ctx.queue:
            waiting = defer(ctx, waiting)
            if ctx.queue:
                ctx.emit(E.TaskReplaced(Task(task.kind, task.player, task.card, task.ability, i,
                                             rep, slots, chosen, secret=task.secret,
                                             waiting=waiting)))
                return


def answer(ctx: S.Ctx, task: Task, value: int | None) -> None:
    """Answer the pending choice of ``task`` (``None``: Skip, which ends the ability)."""
    if value is None:
        finish(ctx, task)
        return
    slots, chosen = dict(task.slots), task.chosen
    if task.step == -1:                               # "you may": yes
        slots["ok"] = 1
        ctx.emit(E.TaskReplaced(Task(task.kind, task.player, task.card, task.ability, 0,
                                     task.rep, slots, chosen, secret=task.secret,
                                     waiting=task.waiting)))
        return
    steps, _ = script(ctx, task)
    st = steps[task.step]
    slots, chosen = _take(ctx, task, st, value, slots, chosen)
    if settle(ctx):
        return
    ctx.emit(E.TaskReplaced(Task(task.kind, task.player, task.card, task.ability, task.step + 1,
                                 task.rep, slots, chosen, secret=task.secret,
                                 waiting=defer(ctx, task.waiting) if ctx.queue
                                 else task.waiting)))
