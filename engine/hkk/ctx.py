"""The rules context: state + card pool + the events emitted so far in this call.

Rules code never assigns to state; it calls :meth:`Ctx.emit`, which applies the event through the
reducer and records it.
"""

from __future__ import annotations

from typing import Callable

from engine.core.game import IllegalAction
from engine.hkk import events as E
from engine.hkk.cards import CardDef
from engine.hkk.reducer import REDUCERS
from engine.hkk.state import Card, State, Task

_STATIC_CHANGERS = (E.CardMoved, E.CardTurned, E.PlayerActivated, E.GuardMoved,
                    E.StartCeded, E.StarterChosen, E.TurnBegan, E.CountersChanged)


class PoolIndex:
    """Per-pool lookups computed once: which cards have static / activated abilities."""

    def __init__(self, pool: dict[str, CardDef]):
        self.statics = {cid: tuple((ab, eff) for ab in d.abilities if ab.when == "static"
                                   for eff in ab.effects) for cid, d in pool.items()}
        self.activated = {cid: tuple(i for i, ab in enumerate(d.abilities)
                                     if ab.when in ("activated", "reaction"))
                          for cid, d in pool.items()}


_INDEX: dict[int, tuple[dict, PoolIndex]] = {}


def pool_index(pool: dict[str, CardDef]) -> PoolIndex:
    hit = _INDEX.get(id(pool))
    if hit is None or hit[0] is not pool:
        hit = (pool, PoolIndex(pool))
        _INDEX[id(pool)] = hit
    return hit[1]


_TASK_EVENTS = frozenset((E.TaskPushed, E.TaskPopped, E.TaskReplaced))
_STATIC_TYPES = frozenset(_STATIC_CHANGERS)


class Ctx:
    __slots__ = ("s", "pool", "out", "turn_break", "_statics", "index", "version", "choices",
                 "legal")

    def __init__(self, state: State, pool: dict[str, CardDef]):
        self.s = state
        self.pool = pool
        self.out: list[object] = []
        self.turn_break = False
        self._statics: list | None = None
        self.index = pool_index(pool)
        #: bumped by every event except task-stack bookkeeping: answers about "what could a
        #: player do now" stay valid while it is unchanged
        self.version = 0
        #: (version, anything but Pass?, the full answer list when it was listed)
        self.choices: dict[tuple[int, str, tuple[int, ...]],
                           tuple[int, bool, list[object] | None]] = {}
        #: the answers of the decision auto-pass last kept open, listed while deciding to keep
        #: it: (its task, version, answers); the ruleset hands them out as the legal actions
        self.legal: tuple[Task, int, list[object]] | None = None

    def emit(self, event: object) -> None:
        kind = type(event)
        REDUCERS[kind](self.s, event)
        self.out.append(event)
        if kind not in _TASK_EVENTS:
            self.version += 1
            if self._statics is not None and kind in _STATIC_TYPES:
                self._statics = None

    # -- shorthands ---------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self.s.cards[iid]

    def d(self, iid: int) -> CardDef:
        return self.pool[self.s.cards[iid].cid]

    def top(self) -> Task | None:
        return self.s.tasks[-1] if self.s.tasks else None

    def push(self, task: Task) -> None:
        self.emit(E.TaskPushed(task))

    def pop(self) -> None:
        self.emit(E.TaskPopped())

    def replace(self, task: Task) -> None:
        self.emit(E.TaskReplaced(task))

    def opt(self, name: str, default: object = None) -> object:
        return self.s.options.get(name, default)


def refuse(rule: str, message: str, key: str = "", **params: object) -> IllegalAction:
    return IllegalAction(rule, message, key, **params)


#: how a check gives a refusal: :func:`refuse` (built, to raise or show) or :func:`quiet`
Refuse = Callable[..., "IllegalAction | bool"]


def quiet(rule: str, message: str, key: str = "", **params: object) -> bool:
    """:func:`refuse`'s stand-in while enumerating legal actions: a rejected candidate is only
    noted (False), its refusal neither built nor raised; the submit boundary uses ``refuse``."""
    return False
