"""The turn (summoner-wars.md §5): the start of the turn, the six phases and the end of the turn,
driven as tasks so that start- and end-of-phase abilities resolve in their place (gl. KEZDET,
gl. VÉGE), and :func:`advance`, which runs the rules until a decision is pending.

Automatic task kinds: ``phase_begin`` (slots ``phase``: start that phase), ``phase_next`` (slots
``phase``: the phase just ended — go on to the next), ``draw`` (the draw phase's drawing),
``turn_next`` (the turn is over: the next player's turn begins).
"""

from __future__ import annotations

from engine.sw import effects
from engine.sw import events as E
from engine.sw import stats as S
from engine.sw.combat import inactivity, resolve, settle
from engine.sw.state import HAND_SIZE, PHASES, Task
from engine.sw.triggers import fire, flush

MAIN_PHASES = ("summon", "move", "build", "attack", "magic")
PHASE_RULES = {"summon": "SW Idézés.1", "move": "SW Mozgás.1", "build": "SW Építkezés.1",
               "attack": "SW Támadás.1", "magic": "SW Mágia.1", "draw": "SW Húzás.1"}


def advance(ctx: S.Ctx) -> None:
    """Run the rules until a decision is pending or the game is over."""
    s = ctx.s
    while s.result is None:
        if ctx.queue:
            flush(ctx)
            continue
        if not s.tasks:
            return                                  # the active player's phase decision
        top = s.tasks[-1]
        if top.ask:
            return
        _run(ctx, top)


def _run(ctx: S.Ctx, task: Task) -> None:
    kind = task.kind
    if kind in ("ability", "event"):
        effects.run(ctx, task)
    elif kind == "attack":
        resolve(ctx, task)
        settle(ctx)
    elif kind == "phase_begin":
        ctx.emit(E.TaskPopped())
        phase = PHASES[task.slots["phase"]]
        ctx.emit(E.PhaseBegan(phase))
        if phase == "draw":
            ctx.emit(E.TaskPushed(Task("draw", ctx.s.active)))
        fire(ctx, "start_of_phase", phase=phase)
    elif kind == "phase_next":
        ctx.emit(E.TaskPopped())
        idx = task.slots["phase"]
        if PHASES[idx] == "draw":
            ctx.emit(E.TaskPushed(Task("turn_next", ctx.s.active)))
            fire(ctx, "end_of_turn")
        else:
            ctx.emit(E.TaskPushed(Task("phase_begin", ctx.s.active, slots={"phase": idx + 1})))
    elif kind == "draw":
        ctx.emit(E.TaskPopped())
        draw_up(ctx, ctx.s.active)
        end_phase(ctx)
    elif kind == "turn_next":
        ctx.emit(E.TaskPopped())
        next_turn(ctx)
    else:  # pragma: no cover - a task kind without a runner is a programming error
        raise RuntimeError(f"no runner for task kind {kind!r}")


def draw_up(ctx: S.Ctx, player: int) -> None:
    """SW Húzás.1-2: draw up to 5; an empty draw pile is not reshuffled."""
    p = ctx.s.players[player]
    for _ in range(max(0, HAND_SIZE - len(p.hand))):
        if not p.deck:
            break
        ctx.emit(E.CardDrawn(player, p.deck[0], "SW Húzás.1"))


def end_phase(ctx: S.Ctx) -> None:
    """The current phase is over: the inactivity penalty after the attack phase (SW A tétlenség
    ára.1), then end-of-phase abilities, then the next phase (gl. VÉGE)."""
    s = ctx.s
    phase = s.phase
    if phase == "attack":
        inactivity(ctx)
        if settle(ctx):
            return
    ctx.emit(E.TaskPushed(Task("phase_next", s.active, slots={"phase": PHASES.index(phase)})))
    fire(ctx, "end_of_phase", phase=phase)


def begin_turn(ctx: S.Ctx, player: int, turn: int) -> None:
    """SW A játék menete.1, SW Kör kezdete.1: the turn begins; the player's active events are
    discarded (their "when discarded" abilities trigger), start-of-turn abilities, then the
    summon phase."""
    s = ctx.s
    ctx.emit(E.TurnBegan(player, turn))
    ctx.emit(E.PhaseBegan("start"))
    ctx.emit(E.TaskPushed(Task("phase_begin", player, slots={"phase": 0})))
    for e in list(s.players[player].active):
        fire(ctx, "discarded", subject=e)          # reads the charges it had
        ctx.emit(E.CardDiscarded(e, "SW Kör kezdete.1"))
    fire(ctx, "start_of_turn")


def next_turn(ctx: S.Ctx) -> None:
    """The turn is over: "until the end of the turn" effects end; the other player's turn
    begins (or the game ends at the turn limit, ruling R26)."""
    s = ctx.s
    ctx.emit(E.PhaseBegan("end"))
    ctx.emit(E.TurnMarksCleared(s.active))
    if s.turn >= int(ctx.opt("max_turns")):  # type: ignore[call-overload]
        ctx.emit(E.GameEnded((), "turn_limit", "SW Döntés.26"))
        return
    begin_turn(ctx, 1 - s.active, s.turn + 1)
