"""Turn structure (K 29-41) and the automatic work between decisions.

:func:`advance` runs the rules until the game waits on one decision: it pops automatic tasks off
the task stack, and when the stack is empty it moves to the next phase / stage. Everything it
knows lives in the state, so a saved game resumes exactly here.
"""

from __future__ import annotations

from typing import Callable

from engine.hkk import events as E
from engine.hkk.combat import (
    combat_ability_options, double_attacked, resolve_combat_abilities, strike,
)
from engine.hkk.ctx import Ctx
from engine.hkk.decisions import (
    COMBAT_ABILITIES, DECLARE, EXCHANGE, HIT_BACK, KINDS, LIFE_SAVING, ORDER_TRIGGERS, PRIORITY,
    RETARGET, SACRIFICE_MC, HitBack, Retarget, Saving, take_trigger,
)
from engine.hkk.effects import doomed, draw, gain_vp, leave_table, queue_play_related
from engine.hkk.play import resolve_top
from engine.hkk.state import GRAVEYARD, LINE, TABLE_ZONES, Task, Trigger
from engine.hkk.triggers import orderable, queue_triggers, trigger_chooser
from engine.hkk.windows import window_needed

STEPS = E.STEPS

DEFAULT_OPTIONS: dict[str, object] = {
    "first_turn_draw": True,      # K 3.8 base rules; False = tournament rule K 145.1 (§11.1)
    "starter": -1,                # -1 random (K 3.6), or the seat that starts (loser of last game)
    "auto_pass": True,            # a decision whose only legal answer is Pass is passed for you
    "exhaustion_rounds": 3,       # K 3.16 ⚙ (§11.23): both decks empty, no player damage
    "max_turns": 200,             # K 3.16 safety net: neither can win any more
}


# ---------------------------------------------------------------------------- the driver
def advance(ctx: Ctx) -> None:
    """Run the rules until a decision is pending or the game is over. With auto-pass on, a
    decision whose only answer is Pass is passed for its player."""
    s = ctx.s
    auto = ctx.auto
    nexts = _NEXT
    while s.result is None:
        if ctx.turn_break:
            _turn_break(ctx)
            continue
        if not s.tasks:
            # the steps in which nobody acts are walked here, one after the other, until one
            # asks something (a task), ends the game or breaks the turn (as _next_step does)
            while True:
                nxt = nexts.get((s.phase, s.step))
                if nxt is None:         # set-up (K 28) or after end-of-turn stage 5 (K 41.5)
                    _begin_turn(ctx, s.active if s.phase == "setup" else 1 - s.active)
                else:
                    s.phase, s.step, index, work = nxt   # ctx.begin_step, inline
                    ctx._steps += (len(ctx.out), index)
                    ctx.version += 1
                    work(ctx)
                if s.tasks or s.result is not None or ctx.turn_break:
                    break
            continue
        top = s.tasks[-1]
        if top.kind in KINDS:
            if auto and KINDS[top.kind].auto_pass(ctx, top):
                continue
            return
        _run_task(ctx, top)


def _begin_turn(ctx: Ctx, player: int, quiet_rounds: int = -1) -> None:
    """K 29.3.2; ``quiet_rounds``: the turn before ends here (K 41.5), with that count."""
    ctx.emit(E.TurnBegan(player, ctx.s.turn + 1, quiet_rounds))
    enter_step(ctx, "prep", 1)


def enter_step(ctx: Ctx, phase: str, step: int) -> None:
    """Begin a phase's stage / step: its automatic work, or the decision it asks for."""
    ctx.begin_step(phase, step)
    _WORK[(phase, step)](ctx)


# ---------------------------------------------------------------------------- each step's work
# (one function per step of ``E.STEPS``, looked up once per step instead of by comparisons)
def _mana_regeneration(ctx: Ctx) -> None:                             # K 29.3
    s = ctx.s
    a = s.active
    me = s.players[a]
    gain_vp(ctx, a, min(me.turns, 5) + len(me.reserve) // 2, "mana regeneration", "K 29.3")


def _start_of_turn(ctx: Ctx) -> None:                                 # K 29.4
    queue_triggers(ctx, ctx.s.active, "start_of_turn")
    _check_deaths_next(ctx)


def _activation(ctx: Ctx) -> None:                                    # K 29.5
    ctx.emit(E.PlayerActivated(ctx.s.active))


def _sacrifice_mc(ctx: Ctx) -> None:                                  # K 29.6
    ctx.push(SACRIFICE_MC.ask(ctx.s.active))


def _draw_phase(ctx: Ctx) -> None:                                    # K 30
    s = ctx.s
    a = s.active
    skip = (not ctx.opt("first_turn_draw", True) and a == s.starter
            and s.players[a].turns == 1)                              # K 145.1
    if not skip:
        draw(ctx, a, 1)


def _priority_phase(ctx: Ctx) -> None:                                # K 31, 39
    active = ctx.s.active                            # _open_priority, inline
    if window_needed(ctx, "priority", active):
        ctx.push(PRIORITY.ask(active))


def _exchange(ctx: Ctx) -> None:                                      # K 32
    ctx.push(EXCHANGE.ask(ctx.s.active))


def _nothing(ctx: Ctx) -> None:
    """A stage with no work of its own (end of turn stage 1)."""


def _end_of_turn(ctx: Ctx) -> None:                                   # K 41.2
    queue_triggers(ctx, ctx.s.active, "end_of_turn")
    _check_deaths_next(ctx)


def _repair(ctx: Ctx) -> None:                                        # K 41.3
    ctx.emit(E.Repaired())


def _effects_expire(ctx: Ctx) -> None:                                # K 41.4, §11.2
    ctx.emit(E.TurnEffectsExpired())
    _check_deaths_now(ctx)


# The combat phase and its three sub-phases happen every turn, in order, even if nobody
# acts (K 33.1, 4.11.1); before each sub-phase any player may take instant actions (K 33.2).
# Whether a window or a sub-phase asks anyone is a question of who can act (auto-pass), never
# a reason to skip it. Steps: 0 the phase opens + the window before declaring, 1 declare
# attackers (K 34), 2 what declaring triggers (K 110, 34.8), 3 the window before combat
# abilities, 4-5 combat abilities (K 35), 6 the window before the strike, 7 strike (K 36),
# 8 combat ends (K 36.11).


def _combat_opens(ctx: Ctx) -> None:                                  # step 0
    ctx.emit(E.CombatBegan())
    _open_priority(ctx, ctx.s.active)                                # K 33.2


def _declare(ctx: Ctx) -> None:                                       # step 1
    ctx.push(DECLARE.ask(ctx.s.active))                              # K 34.1


def _declared(ctx: Ctx) -> None:                                      # step 2
    s = ctx.s
    a = s.active
    assert s.combat is not None
    for attack in s.combat.attacks:                                  # K 110 related effects
        d = ctx.d(attack.attacker)
        for i, ab in enumerate(d.abilities):
            if ab.when == "attack":
                ctx.emit(E.TriggerQueued(Trigger(attack.attacker, i, a)))
    if s.triggers:
        ctx.push(Task("check_deaths"))
        ctx.push(Task("run_triggers"))
    for defender in double_attacked(ctx):                            # K 34.8
        ctx.push(HIT_BACK.ask(s.cards[defender].controller, HitBack(defender)))


def _combat_window(ctx: Ctx) -> None:                                 # steps 3 and 6, K 33.2
    active = ctx.s.active                            # _open_priority, inline
    if window_needed(ctx, "priority", active):
        ctx.push(PRIORITY.ask(active))


def _combat_abilities(ctx: Ctx) -> None:                              # step 4, K 35.3
    a = ctx.s.active
    if not ctx.auto or combat_ability_options(
            ctx, a) or combat_ability_options(ctx, 1 - a):
        ctx.push(COMBAT_ABILITIES.ask(a))


def _combat_abilities_resolve(ctx: Ctx) -> None:                      # step 5
    resolve_combat_abilities(ctx)                                    # K 35.4
    _check_deaths_now(ctx)


def _strike(ctx: Ctx) -> None:                                        # step 7
    strike(ctx)                                                      # K 36
    _check_deaths_now(ctx)


def _combat_ends(ctx: Ctx) -> None:                                   # step 8
    if ctx.s.combat is not None:
        ctx.emit(E.CombatEnded())                                    # K 36.11


def _open_priority(ctx: Ctx, active: int) -> None:
    """The active player may act first (K 4.11.6), unless nobody could do anything."""
    if window_needed(ctx, PRIORITY.name, active):
        ctx.push(PRIORITY.ask(active))


def _end_of_turn_check(ctx: Ctx) -> None:
    """K 3.14-3.16 at the end of every turn (§11 item 3)."""
    s = ctx.s
    dead = [p for p in (0, 1) if s.players[p].life <= 0]
    if len(dead) == 2:
        ctx.emit(E.GameEnded(-1, "both_dead", "K 3.15"))
        return
    if dead:
        ctx.emit(E.GameEnded(1 - dead[0], "life", "K 3.14"))
        return
    decks_empty = not s.players[0].deck and not s.players[1].deck
    quiet = s.quiet_rounds + 1 if decks_empty and not s.player_damaged_this_turn else 0
    if quiet >= 2 * int(ctx.opt("exhaustion_rounds", 3)):
        ctx.emit(E.GameEnded(-1, "exhaustion", "K 3.16"))
        return
    if s.turn >= int(ctx.opt("max_turns", 200)):
        ctx.emit(E.GameEnded(-1, "turn_limit", "K 3.16"))
        return
    # K 41.5: the turn ends and the next begins at once, one event (rules 4; was TurnEnded)
    _begin_turn(ctx, 1 - s.active, quiet)


_WORK: dict[tuple[str, int], Callable[[Ctx], None]] = {
    ("prep", 1): _mana_regeneration, ("prep", 2): _start_of_turn, ("prep", 3): _activation,
    ("prep", 4): _sacrifice_mc, ("draw", 0): _draw_phase, ("main1", 0): _priority_phase,
    ("exchange", 0): _exchange, ("combat", 0): _combat_opens,
    ("combat", 1): _declare, ("combat", 2): _declared, ("combat", 3): _combat_window,
    ("combat", 4): _combat_abilities, ("combat", 5): _combat_abilities_resolve,
    ("combat", 6): _combat_window, ("combat", 7): _strike, ("combat", 8): _combat_ends,
    ("main2", 0): _priority_phase, ("healing", 0): _priority_phase, ("end", 1): _nothing,
    ("end", 2): _end_of_turn, ("end", 3): _repair, ("end", 4): _effects_expire,
    ("end", 5): _end_of_turn_check,
}
assert set(_WORK) == set(STEPS), "every step has its work"
#: the step after each step (none after the last): its phase, step, index and work
_NEXT = {STEPS[i]: (*STEPS[i + 1], i + 1, _WORK[STEPS[i + 1]]) for i in range(len(STEPS) - 1)}


def _turn_break(ctx: Ctx) -> None:
    """K 40.3: the current phase closes at once; unevaluated line items go to the graveyard and
    do not happen; the end-of-turn phase starts."""
    s = ctx.s
    ctx.turn_break = False
    ctx.emit(E.TasksCleared())
    while s.line:
        item = s.line[-1]
        ctx.emit(E.LinePopped())
        if item.kind == "card" and s.cards[item.card].zone == LINE:
            ctx.emit(E.CardMoved(item.card, GRAVEYARD, s.cards[item.card].owner, False,
                                 "turn break", "K 40.3.2"))
    if s.combat is not None:
        ctx.emit(E.CombatEnded())
    enter_step(ctx, "end", 1)


# ---------------------------------------------------------------------------- tasks
def _run_task(ctx: Ctx, task: Task) -> None:
    kind = task.kind
    s = ctx.s
    if kind == "resolve_line":
        if not s.line:
            ctx.pop()
            return
        index = resolve_top(ctx)
        if index is not None:                                         # K 21.5.3
            ctx.push(RETARGET.ask(s.line[index].controller, Retarget(index)))
    elif kind == "check_deaths":
        ctx.pop()
        _check_deaths(ctx)
    elif kind == "deaths":
        ctx.pop()
        _deaths(ctx)
    elif kind == "run_triggers":
        _run_triggers(ctx)
    elif kind == "play_related":                                      # K 22.1
        ctx.pop()
        if queue_play_related(ctx, task.player, task.card):
            ctx.push(Task("run_triggers"))
    else:  # pragma: no cover - a task kind without a handler is an engine bug
        raise RuntimeError(f"unknown task kind {kind!r}")


def _check_deaths_next(ctx: Ctx) -> None:
    """The queued related effects happen, then deaths are checked (K 22.1, 37): the two tasks,
    or with nothing queued the check at once (the trigger task would only close itself)."""
    if ctx.s.triggers:
        ctx.push(Task("check_deaths"))
        ctx.push(Task("run_triggers"))
    else:
        _check_deaths_now(ctx)


def _check_deaths_now(ctx: Ctx) -> None:
    """Check deaths (K 37) as the ``check_deaths`` task pushed now would: at once when it would
    be the next thing :func:`advance` does (no turn break, the game not over), without the
    task; otherwise the task. Tasks pushed and popped within one entry leave no trace in its
    folded :class:`E.Advanced`, so the events are the same either way."""
    if ctx.s.result is None and not ctx.turn_break:
        _check_deaths(ctx)
    else:
        ctx.push(Task("check_deaths"))


def _check_deaths(ctx: Ctx) -> None:
    """After damage: life-saving actions for the creatures (and buildings) that have just taken
    damage or lost maximum HP, whether or not it kills them (K 37.0-37.2, 35.9, 36.8); then the
    dead go to the graveyard (K 37.5). In the preparation phase death is immediate and there is
    no life-saving (K 29.4.10)."""
    s = ctx.s
    wounded = s.wounded
    dying = doomed(ctx)
    if not wounded and not dying:
        return
    cards = s.cards
    saving = tuple(dict.fromkeys(
        [i for i in wounded if cards[i].zone in TABLE_ZONES and cards[i].damage > 0] + dying))
    if wounded:
        ctx.emit(E.WoundsChecked())
    if s.phase == "prep":                                            # K 29.4.10
        if dying:
            _deaths(ctx)
        return
    if dying:
        ctx.push(Task("deaths"))
    if saving and window_needed(ctx, LIFE_SAVING.name, s.active, saving):
        ctx.push(LIFE_SAVING.ask(s.active, Saving(0, saving)))      # K 37.0-37.2


def _deaths(ctx: Ctx) -> None:
    """Creatures at <= 0 HP and buildings at <= 0 SP go to the graveyard (K 37.5, 29.4.10)."""
    rule = "K 29.4.10" if ctx.s.phase == "prep" else "K 37.5"
    for iid in doomed(ctx):
        leave_table(ctx, iid, GRAVEYARD, "died", rule)
    if ctx.s.triggers:
        ctx.push(Task("run_triggers"))


def _run_triggers(ctx: Ctx) -> None:
    """Take the next related effect (K 22.1). The player who chooses (:func:`trigger_chooser`)
    is asked which first when theirs are not all the same effect."""
    s = ctx.s
    if not s.triggers:
        ctx.pop()
        return
    chooser = trigger_chooser(ctx)
    mine = orderable(ctx, chooser)
    kinds = {(s.triggers[i].card, s.triggers[i].ability) for i in mine}
    if len(kinds) > 1:
        ctx.push(ORDER_TRIGGERS.ask(chooser))
        return
    take_trigger(ctx, mine[0])
