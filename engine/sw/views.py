"""Player views: what one seat may know (summoner-wars.md §14.4) — or, explicitly, everything
(``OMNISCIENT``, for replays and the debugger).

The board widget, the hand pane and the bots render only these. Everything on the battlefield and
in the active-events areas is public; a seat sees its own hand and its own discard pile; of the
opponent's hand and discard pile, and of both draw piles, it sees only the counts. The RNG state
is never in a view (the next roll is nobody's to know).

Refs used by hints (:mod:`engine.sw.platform`): ``Ref("square", row * 6 + col)`` for a square
(seat 0's frame, see :mod:`engine.sw.state`), ``Ref("card", iid)`` for a card, ``Ref("item", i)``
for option ``i`` of a pending choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import msgspec

from engine.core.game import Decision
from engine.core.protocol import OMNISCIENT, Result
from engine.sw import stats as S
from engine.sw.cards import Text
from engine.sw.state import (
    ACTIVE, ATTACKERS, BOARD, DECK, DISCARD, EMPTY, HAND, MOVERS, UNDER, Roll, State, Task,
)
from engine.sw.reducer import RESOLVING


class CardView(msgspec.Struct, omit_defaults=True):
    """A card as the viewer sees it.

    ``cid`` is the card definition (look its texts up in the ruleset's ``pool``); ``name`` its
    name in both languages; ``kind`` summoner/champion/common/event/structure; ``zone`` board,
    under, hand, discard, active or deck; ``square`` its square on the board (-1 elsewhere).
    ``strength`` and ``life`` are *current* values (modifiers and auras applied; ``life`` is the
    maximum, ``life - damage`` what is left); ``cost`` the printed cost; ``attack`` melee/ranged;
    ``damage``/``charges`` its tokens; ``under`` the cards lying under it (gl. ALATT);
    ``moved``/``attacks``/``extra`` this turn's marks (moved, attacks made, extra attacks left).
    """

    iid: int
    cid: str
    owner: int
    controller: int
    zone: str
    name: Text | None = None
    kind: str = ""
    square: int = EMPTY
    strength: int = 0
    life: int = 0
    damage: int = 0
    charges: int = 0
    cost: int = 0
    attack: str = ""
    structure: bool = False
    gate: bool = False
    under: list["CardView"] = []
    moved: bool = False
    attacks: int = 0
    extra: int = 0


class PlayerView(msgspec.Struct):
    """One seat's side of the table. ``hand`` and ``discard`` are None where the viewer may not
    look (the opponent's); the counts are always public. ``active`` are its active events."""

    faction: str
    summoner: int                  # the summoner's card id
    magic: int
    hand_count: int
    deck_count: int
    discard_count: int
    hand: list[CardView] | None
    discard: list[CardView] | None
    active: list[CardView]
    deck: list[CardView] | None = None   # only in the omniscient view, top card first


class TaskView(msgspec.Struct, omit_defaults=True):
    """A pending piece of work (the turn track shows them): what is being resolved (``card``'s
    ``ability``, -1 for an event's own text; ``step`` its step now, -1 for the "you may" asked
    before an optional ability), by whom, and, for the top one, what it asks
    (``ask``: card, square, option, confirm, order, reroll) and its legal ``options``.
    ``waiting``: a unit's ability set off while the task above it resolves, which waits for
    that task to be done (gl. KÉPESSÉG, ruling R31)."""

    kind: str
    player: int
    card: int = EMPTY
    ability: int = -1
    step: int = 0
    ask: str = ""
    options: list[int] = []
    optional: bool = False
    slots: dict[str, int] = {}
    waiting: bool = False


class View(msgspec.Struct):
    """What ``viewer`` may know.

    ``board`` has 48 entries (square ``row * 6 + col``): the top card there or None. ``phase`` is
    setup, summon, move, build, attack, magic, draw or over. ``moves_left`` / ``attacks_left`` count
    the free slots of the 3 (SW Mozgás.1, SW Támadás.1); ``movers`` / ``attackers`` the units that
    used one; ``attacked_enemy`` whether an enemy card was attacked this turn (SW A tétlenség
    ára); ``roll`` the last attack roll with each face; ``tasks`` the pending work, top last;
    ``resolving`` the event cards being played now (public).
    """

    viewer: int
    turn: int
    active: int
    first: int
    phase: str
    board: list[CardView | None]
    players: list[PlayerView]
    movers: list[int]
    attackers: list[int]
    moves_left: int
    attacks_left: int
    attacked_enemy: bool
    roll: Roll | None
    tasks: list[TaskView]
    resolving: list[CardView]
    decision: Decision | None
    result: Result | None
    options: dict[str, object]

    def me(self) -> PlayerView:
        return self.players[self.viewer if self.viewer >= 0 else self.active]

    def find(self, iid: int) -> CardView | None:
        """The card ``iid`` wherever the viewer can see it, or None."""
        for cv in self.board:
            if cv is not None:
                if cv.iid == iid:
                    return cv
                for u in cv.under:
                    if u.iid == iid:
                        return u
        for cv in self.resolving:
            if cv.iid == iid:
                return cv
        for p in self.players:
            for zone in (p.hand or [], p.discard or [], p.active, p.deck or []):
                for cv in zone:
                    if cv.iid == iid:
                        return cv
        return None


def card_view(ctx: S.Ctx, iid: int) -> CardView:
    card = ctx.s.cards[iid]
    d = ctx.pool[card.cid]
    live = card.zone == BOARD
    return CardView(
        iid=iid, cid=card.cid, owner=card.owner, controller=card.controller, zone=card.zone,
        name=d.name, kind=d.kind, square=card.square if card.zone in (BOARD, UNDER) else EMPTY,
        strength=S.strength_of(ctx, iid) if live and d.is_unit else d.strength,
        life=S.life_of(ctx, iid) if live else d.life,
        damage=card.damage, charges=card.charges, cost=d.cost, attack=d.attack,
        structure=d.is_structure, gate="gate" in ctx.ix.classes[card.cid],
        under=[card_view(ctx, u) for u in card.under],
        moved=card.moved, attacks=card.attacks, extra=card.extra)


def task_view(t: Task, top: bool, waiting: bool = False) -> TaskView:
    return TaskView(t.kind, t.player, t.card, t.ability, t.step, t.ask if top else "",
                    list(t.options) if top else [], t.optional if top else False, dict(t.slots),
                    waiting)


def hide_task(t: Task) -> Task:
    """A secret task of another seat as that seat's opponent sees it: no options, slots or
    choices made (a search of one's own discard pile, summoner-wars.md §14.4)."""
    return msgspec.structs.replace(t, options=(), slots={}, chosen=())


def tasks_view(s: State, viewer: int) -> list[TaskView]:
    """The pending work, top last, as ``viewer`` may see it. The abilities waiting for a task
    stand right below it, in the order they will be put on the stack (the first set off
    nearest)."""
    last = len(s.tasks) - 1
    out = []
    for i, t in enumerate(s.tasks):
        out += [task_view(w, False, True) for w in reversed(t.waiting)]
        out.append(task_view(hide_task(t) if t.secret and t.player != viewer
                             and viewer != OMNISCIENT else t, i == last))
    return out


def view(ctx: S.Ctx, viewer: int, decision: Decision | None) -> View:
    """The state as ``viewer`` may know it; ``viewer = OMNISCIENT`` shows everything."""
    s: State = ctx.s
    players = []
    for p, pl in enumerate(s.players):
        sees = viewer == OMNISCIENT or viewer == p
        players.append(PlayerView(
            faction=pl.faction, summoner=pl.summoner, magic=pl.magic,
            hand_count=len(pl.hand), deck_count=len(pl.deck), discard_count=len(pl.discard),
            hand=[card_view(ctx, i) for i in pl.hand] if sees else None,
            discard=[card_view(ctx, i) for i in pl.discard] if sees else None,
            active=[card_view(ctx, i) for i in pl.active],
            deck=[card_view(ctx, i) for i in pl.deck] if viewer == OMNISCIENT else None))
    return View(
        viewer=viewer, turn=s.turn, active=s.active, first=s.first, phase=s.phase,
        board=[None if i == EMPTY else card_view(ctx, i) for i in s.board],
        players=players, movers=list(s.movers), attackers=list(s.attackers),
        moves_left=max(0, MOVERS - len(s.movers)),
        attacks_left=max(0, ATTACKERS - len(s.attackers)),
        attacked_enemy=s.attacked_enemy,
        roll=None if s.roll is None else msgspec.structs.replace(s.roll),
        tasks=tasks_view(s, viewer),
        resolving=[card_view(ctx, i) for i, c in enumerate(s.cards) if c.zone == RESOLVING],
        decision=decision, result=s.result, options=dict(s.options))


class LazyPlayerView:
    """One side of a :class:`LazyView`: the counts at once, the card lists when read."""

    __slots__ = ("_ctx", "_p", "_sees", "faction", "summoner", "magic", "hand_count",
                 "deck_count", "discard_count", "_hand", "_discard", "_active")

    def __init__(self, ctx: S.Ctx, p: int, sees: bool):
        pl = ctx.s.players[p]
        self._ctx, self._p, self._sees = ctx, p, sees
        self.faction, self.summoner, self.magic = pl.faction, pl.summoner, pl.magic
        self.hand_count, self.deck_count = len(pl.hand), len(pl.deck)
        self.discard_count = len(pl.discard)
        self._hand = self._discard = self._active = None

    @property
    def hand(self) -> list[CardView] | None:
        if self._hand is None and self._sees:
            self._hand = [card_view(self._ctx, i) for i in self._ctx.s.players[self._p].hand]
        return self._hand

    @property
    def discard(self) -> list[CardView] | None:
        if self._discard is None and self._sees:
            self._discard = [card_view(self._ctx, i)
                             for i in self._ctx.s.players[self._p].discard]
        return self._discard

    @property
    def active(self) -> list[CardView]:
        if self._active is None:
            self._active = [card_view(self._ctx, i) for i in self._ctx.s.players[self._p].active]
        return self._active

    deck = None                    # only in the omniscient view


class LazyView:
    """A seat's view (``viewer`` ≥ 0) built only as far as it is read: the same answers as
    :func:`view`'s :class:`View` (secret tasks of the other seat hidden alike), for a reader
    that looks at the battlefield and its own hand, like the search's prior (the Warlord scores
    every decision of every rollout, and the full view was about a quarter of a search's time).
    The board is built at once; the players' card lists, the tasks and :meth:`find`'s other
    cards when asked for; any other field builds the whole view once and answers from it.
    It reads the state as it is when read: ask it before the state changes."""

    __slots__ = ("_ctx", "viewer", "decision", "turn", "active", "first", "phase", "board",
                 "_players", "_tasks", "_found", "_full")

    def __init__(self, ctx: S.Ctx, viewer: int, decision: Decision | None = None):
        s = ctx.s
        self._ctx = ctx
        self.viewer, self.decision = viewer, decision
        self.turn, self.active, self.first, self.phase = s.turn, s.active, s.first, s.phase
        self.board = [None if i == EMPTY else card_view(ctx, i) for i in s.board]
        self._players: list[LazyPlayerView] | None = None
        self._tasks: list[TaskView] | None = None
        self._found: dict[int, CardView | None] = {}
        self._full: View | None = None

    @property
    def players(self) -> list[LazyPlayerView]:
        if self._players is None:
            self._players = [LazyPlayerView(self._ctx, p, p == self.viewer)
                             for p in range(len(self._ctx.s.players))]
        return self._players

    @property
    def tasks(self) -> list[TaskView]:
        if self._tasks is None:
            self._tasks = tasks_view(self._ctx.s, self.viewer)
        return self._tasks

    @property
    def options(self) -> Mapping[str, object]:
        return MappingProxyType(self._ctx.s.options)     # read-only, as the view's copy

    def me(self) -> LazyPlayerView:
        return self.players[self.viewer]

    def find(self, iid: int) -> CardView | None:
        """The card ``iid`` wherever the viewer can see it (as :meth:`View.find`), or None."""
        found = self._found
        if iid in found:
            return found[iid]
        s = self._ctx.s
        card = s.cards[iid] if 0 <= iid < len(s.cards) else None
        zone = card.zone if card is not None else DECK
        if zone == BOARD:
            seen = s.board[card.square] == iid if 0 <= card.square < len(s.board) else False
        elif zone == UNDER:
            host = s.cards[card.host] if card.host >= 0 else None
            seen = host is not None and host.zone == BOARD and iid in host.under
        elif zone in (HAND, DISCARD):
            pl = s.players[self.viewer]
            seen = iid in (pl.hand if zone == HAND else pl.discard)
        else:
            seen = zone in (ACTIVE, RESOLVING)
        view_of = found[iid] = card_view(self._ctx, iid) if seen else None
        return view_of

    def __getattr__(self, name: str) -> object:
        full = self._full
        if full is None:
            full = self._full = view(self._ctx, self.viewer, self.decision)
        return getattr(full, name)
