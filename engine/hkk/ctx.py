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
        # what a window may ask of a card, known from its definition alone
        # (windows.window_actions sifts with these; play_check has the final word)
        self.reactions = frozenset(cid for cid, d in pool.items() if d.is_reaction)
        self.spells = frozenset(cid for cid, d in pool.items() if d.is_spell)
        self.instants = frozenset(cid for cid, d in pool.items()
                                  if not d.is_reaction and d.type == "instant")
        self.healing = frozenset(cid for cid in self.instants
                                 if any(e.do == "heal" for e in pool[cid].effects))
        self.in_main = self.instants | frozenset(
            cid for cid, d in pool.items() if not d.is_reaction and d.type != "instant")
        #: cards with an ability a window may offer (activated or reaction); in a
        #: life-saving window regeneration too
        self.acting = frozenset(cid for cid, a in self.activated.items() if a)
        self.acting_saving = self.acting | frozenset(
            cid for cid, d in pool.items() if d.regeneration)
        #: when each card's abilities happen (``Ability.when``): related effects are looked
        #: for only on cards that have one of that kind
        self.whens = {cid: frozenset(ab.when for ab in d.abilities) for cid, d in pool.items()}
        #: cards with a static effect that lowers HP (K 130): without one in the game, only a
        #: damaged, countered or pumped card can die (effects.doomed)
        self.shrinkers = frozenset(cid for cid, pairs in self.statics.items()
                                   if any(eff.do == "buff" and eff.hp < 0 for _ab, eff in pairs))
        self._games: dict[int, tuple[list[Card], GameFacts]] = {}
        #: per card definition, what :class:`GameFacts` looks for, or None for a card with
        #: nothing of it (most): (could act from the table, has a static ability, the kinds
        #: of its abilities)
        self.facts_of: dict[str, tuple[bool, bool, frozenset[str]] | None] = {
            cid: ((cid in self.acting_saving, bool(self.statics[cid]), self.whens[cid])
                  if cid in self.acting_saving or self.statics[cid] or self.whens[cid]
                  else None)
            for cid in pool}

    def facts(self, cards: list[Card]) -> GameFacts:
        """What one game's card instances (``State.cards``: fixed from the set-up on, a card
        never changes its definition) allow to know once (:class:`GameFacts`). Kept for the
        last few games' card lists."""
        hit = self._games.get(id(cards))
        if hit is None or hit[0] is not cards:
            if len(self._games) >= 8:
                del self._games[next(iter(self._games))]
            hit = (cards, GameFacts(self, cards))
            self._games[id(cards)] = hit
        return hit[1]

    def acting_cards(self, cards: list[Card]) -> tuple[int, ...]:
        """The game's card instances that could ever answer a window from the table: those of
        :attr:`acting_saving`."""
        return self.facts(cards).acting


class GameFacts:
    """Facts about one game's cards that never change (a card keeps its definition), and the
    window sift's answers (:func:`engine.hkk.windows.window_actions`), which depend only on the
    hand and the kind of window."""

    __slots__ = ("acting", "acting_set", "by_when", "shrinks", "sifted", "static_cards",
                 "static_set")

    #: at most this many sift answers are kept per game (a long game starts the dict afresh)
    MAX_SIFTED = 4096

    def __init__(self, index: PoolIndex, cards: list[Card]):
        # one walk over the cards, looking only at those whose definition has something of
        # what follows (PoolIndex.facts_of; a search builds these for every sampled world)
        acting: list[int] = []
        static: list[int] = []
        by_when: dict[str, list[int]] = {}
        facts_of = index.facts_of
        shrinkers = index.shrinkers
        shrinks = False
        for c in cards:
            found = facts_of[c.cid]
            if found is None:
                continue
            iid = c.iid
            if found[0]:
                acting.append(iid)
            if found[1]:
                static.append(iid)
                shrinks = shrinks or c.cid in shrinkers
            for when in found[2]:
                if when in by_when:
                    by_when[when].append(iid)
                else:
                    by_when[when] = [iid]
        #: the cards that could ever answer a window from the table (``acting_saving``)
        self.acting = tuple(acting)
        self.acting_set = frozenset(acting)
        #: the cards with a static ability (K 130): none of them on the table, none works
        self.static_cards = tuple(static)
        self.static_set = frozenset(static)
        #: per ``Ability.when``: the cards with such an ability (none on the table under a
        #: player: no related effect of that kind to look for, triggers / effects)
        self.by_when = {when: tuple(iids) for when, iids in by_when.items()}
        #: is any card of the game one whose static effect lowers HP?
        self.shrinks = shrinks
        #: (window's card set, hand) -> the hand cards worth a closer look
        self.sifted: dict[tuple, list[tuple[int, CardDef]]] = {}


_INDEX: dict[int, tuple[dict, PoolIndex]] = {}


def pool_index(pool: dict[str, CardDef]) -> PoolIndex:
    hit = _INDEX.get(id(pool))
    if hit is None or hit[0] is not pool:
        hit = (pool, PoolIndex(pool))
        _INDEX[id(pool)] = hit
    return hit[1]


_STATIC_TYPES = frozenset(_STATIC_CHANGERS)
#: logged events that empty the task stack
_STACK_CLEARERS = frozenset((E.TasksCleared, E.GameEnded))
_CHANGES_STATICS, _CLEARS_STACK, _MOVES_CARD, _ACTIVATES, _WOUNDS = 1, 2, 4, 8, 16
#: events that cannot change which cards are at <= 0 HP / SP, nor their order (they touch no
#: card's zone, damage, counters, pumps or keywords, nor the active player, nor the statics):
#: every other event makes the deaths check look again (effects.doomed, Ctx.doomed_at)
_KEEP_WOUNDS = frozenset((
    E.VpChanged, E.McChanged, E.LifeChanged, E.MaxLifeChanged, E.CardDrawn, E.DeckShuffled,
    E.LinePushed, E.LinePopped, E.LineItemPrevented, E.LineItemRetargeted, E.TriggerQueued,
    E.TriggerTaken, E.CombatBegan, E.CombatEnded, E.WoundsChecked, E.DamagePrevented,
    E.RandomPicked, E.ComponentsWaived, E.AttackDeclared, E.AttackWithdrawn, E.HitBackChosen,
    E.CombatAbilityAnnounced, E.Conceded, E.DrawOffered, E.DrawDeclined, E.AbilityUsed,
    E.CardsPlayedCounted))
#: events about one card (``.card``) that may move, turn or reorder it: the table cards that
#: could answer a window (Ctx.acting_on) change only if it is one of them or a host of one
_CARD_EVENTS = frozenset((E.CardMoved, E.CardTurned, E.GuardMoved, E.CreatureShifted))
#: per event type: its reducer and what emitting it does besides (one lookup per event)
_EMIT = {kind: (reduce, (_CHANGES_STATICS if kind in _STATIC_TYPES else 0)
                | (_CLEARS_STACK if kind in _STACK_CLEARERS else 0)
                | (_MOVES_CARD if kind in _CARD_EVENTS else 0)
                | (_ACTIVATES if kind is E.PlayerActivated else 0)
                | (0 if kind in _KEEP_WOUNDS else _WOUNDS))
         for kind, reduce in REDUCERS.items()}


class Ctx:
    __slots__ = ("s", "pool", "out", "turn_break", "_statics", "index", "version", "choices",
                 "legal", "_start", "_low", "_steps", "facts", "auto", "acting_on", "doomed_at",
                 "_base")

    def __init__(self, state: State, pool: dict[str, CardDef], index: PoolIndex | None = None):
        self.s = state
        self.pool = pool
        self.out: list[object] = []
        self.turn_break = False
        self._statics: list | None = None
        #: the pool's :class:`PoolIndex` (the ruleset passes the one it keeps)
        self.index = index if index is not None else pool_index(pool)
        #: bumped by every event except task-stack bookkeeping: answers about "what could a
        #: player do now" stay valid while it is unchanged
        self.version = 0
        #: per (player, window kind, window data, timing class): (:meth:`events` then, anything
        #: but Pass?, the full answer list); see :func:`engine.hkk.windows.window_choice`
        self.choices: dict[tuple[int, str, tuple[int, ...], int],
                           tuple[int, bool, list[object]]] = {}
        #: the answers of the decision auto-pass last kept open, listed while deciding to keep
        #: it: (its task, version, answers); the ruleset hands them out as the legal actions
        self.legal: tuple[Task, int, list[object]] | None = None
        #: the task-stack and step bookkeeping is not logged event by event but folded into one
        #: :class:`E.Advanced` at the entry's end (:meth:`entry_events`): the lowest depth the
        #: stack fell to, and the steps begun (pairs: events before it, index in ``E.STEPS``)
        self._start = self._low = len(state.tasks)
        self._steps: list[int] = []
        #: what the game's cards allow to know once (:class:`GameFacts`)
        self.facts = self.index.facts(state.cards)
        #: auto-pass on (the game's option, fixed from the set-up on): read once per call
        self.auto = bool(state.options.get("auto_pass", True))
        #: per player, their cards on the table that could answer a window, in table order,
        #: kept until one of them (or a host of one) moves, turns or is reordered, or a player's
        #: permanents are activated
        #: (:func:`engine.hkk.windows.window_actions`); None: not asked yet
        self.acting_on: list[list[tuple] | None] | None = None
        #: the cards that were doomed when the deaths check last looked (effects.doomed), kept
        #: until an event that could change them (any but those of _KEEP_WOUNDS)
        self.doomed_at: list[int] | None = None
        #: the events this context emitted in its earlier calls (:meth:`events`)
        self._base = 0

    def renew(self) -> None:
        """Begin a new call (a submit) on the same state, keeping what is known about it.

        Every change of state goes through :meth:`emit` (which drops what it makes stale), so
        the statics, who has an acting card and the window answers (checked against
        :attr:`version`) stay valid from one call to the next; only the call's own record (its
        events, the folded stack and steps, the answers kept for the pending decision) starts
        afresh. The ruleset renews the context of the state it last ran instead of building one
        per submit (:meth:`engine.hkk.ruleset.HkkRuleset.submit`)."""
        self._base += len(self.out)
        self.out = []
        self.turn_break = False
        self._start = self._low = len(self.s.tasks)
        self._steps = []
        self.legal = None
        if len(self.choices) > 64:       # answers of earlier versions are of no use any more
            self.choices.clear()

    def events(self) -> int:
        """How many events this context has emitted on its state, over all its calls: the
        state cannot change without one."""
        return self._base + len(self.out)

    def emit(self, event: object) -> None:
        reduce, flags = _EMIT[type(event)]
        reduce(self.s, event)
        self.out.append(event)
        self.version += 1
        if flags:
            if flags & _WOUNDS:
                self.doomed_at = None
            if flags & _CHANGES_STATICS and self._statics is not None and (
                    not flags & _MOVES_CARD
                    or event.card in self.facts.static_set  # type: ignore[attr-defined]
                    or self.s.cards[event.card].attachments):  # type: ignore[attr-defined]
                self._statics = None         # a card with a static ability (or a host) moved
            if self.acting_on is not None and (flags & _ACTIVATES or (
                    flags & _MOVES_CARD and (event.card in self.facts.acting_set  # type: ignore[attr-defined]
                                             or self.s.cards[event.card].attachments))):  # type: ignore[attr-defined]
                self.acting_on = None
            if flags & _CLEARS_STACK:        # replayed, it empties the stack by itself
                self._start = self._low = 0

    def entry_events(self) -> list[object]:
        """The events of this entry: those emitted, then the stack and step bookkeeping folded
        into one :class:`E.Advanced` (none when the entry moved neither)."""
        tasks = self.s.tasks
        low = self._low
        steps = self._steps
        if low != self._start or low != len(tasks) or steps:
            end = len(self.out)
            for i in range(0, len(steps), 2):        # recorded as: events after it in the entry
                steps[i] = end - steps[i]
            self.out.append(E.Advanced(low, tuple(tasks[low:]), tuple(steps)))
            self._start = self._low = len(tasks)
            self._steps = []
        return self.out

    # -- shorthands ---------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self.s.cards[iid]

    def d(self, iid: int) -> CardDef:
        return self.pool[self.s.cards[iid].cid]

    def top(self) -> Task | None:
        return self.s.tasks[-1] if self.s.tasks else None

    # -- the rules machinery: applied at once, logged folded (:meth:`entry_events`) ----------
    def push(self, task: Task) -> None:
        self.s.tasks.append(task)

    def pop(self) -> None:
        tasks = self.s.tasks
        tasks.pop()
        if len(tasks) < self._low:
            self._low = len(tasks)

    def replace(self, task: Task) -> None:
        tasks = self.s.tasks
        tasks[-1] = task
        if len(tasks) <= self._low:
            self._low = len(tasks) - 1

    def begin_step(self, phase: str, step: int, index: int = -1) -> None:
        """K 4.11: the phase stage / step ``(phase, step)`` begins (a change of state every
        "what could a player do now" answer depends on); ``index``: its index in
        ``E.STEPS`` if the caller knows it."""
        s = self.s
        s.phase = phase
        s.step = step
        self._steps += (len(self.out), index if index >= 0 else E.STEP_INDEX[(phase, step)])
        self.version += 1

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
