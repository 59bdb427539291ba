"""The reducer: the only code that changes a Summoner Wars state, one event at a time.

It trusts its events (the rules checked them before emitting); it needs no card pool, so a
saved game rebuilds from its events alone.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from engine.core.protocol import Result
from engine.sw import events as E
from engine.sw.state import (
    ACTIVE, BOARD, DECK, DISCARD, EMPTY, HAND, UNDER, Card, Roll, State,
)

RESOLVING = "resolving"   # an event card being played (SW Események.1)


def _lift(s: State, iid: int) -> Card:
    """Take card ``iid`` out of wherever it is (the cards under it stay with it)."""
    c = s.cards[iid]
    z = c.zone
    if z == BOARD:
        if s.board[c.square] == iid:
            s.board[c.square] = EMPTY
    elif z == UNDER:
        host = s.cards[c.host]
        if iid in host.under:
            host.under.remove(iid)
        c.host = EMPTY
    elif z == HAND:
        s.players[c.owner].hand.remove(iid)
    elif z == DECK:
        s.players[c.owner].deck.remove(iid)
    elif z == DISCARD:
        s.players[c.owner].discard.remove(iid)
    elif z == ACTIVE:
        s.players[c.controller].active.remove(iid)
    return c


def _fresh(c: Card) -> None:
    """A card that leaves or enters the battlefield is a new card (gl. ELPUSZTUL, lapdobás)."""
    c.damage = c.charges = c.attacks = c.extra = c.bonus = 0
    c.moved = False
    c.uses = []
    c.base = -1
    c.controller = c.owner


def _set_square(s: State, c: Card, sq: int) -> None:
    c.square = sq
    s.board[sq] = c.iid
    for u in c.under:
        s.cards[u].square = sq


def _put_on_board(s: State, iid: int, sq: int) -> None:
    c = _lift(s, iid)
    _fresh(c)
    c.zone = BOARD
    _set_square(s, c, sq)


def _relocate(s: State, iid: int, sq: int) -> None:
    c = s.cards[iid]
    if s.board[c.square] == iid:
        s.board[c.square] = EMPTY
    _set_square(s, c, sq)


def _to_discard(s: State, iid: int) -> None:
    c = _lift(s, iid)
    _fresh(c)
    c.zone = DISCARD
    c.square = EMPTY
    s.players[c.owner].discard.append(iid)


def _take_slot(s: State, iid: int, slot: str) -> None:
    """One of the 3 move or attack slots (SW Mozgás.1, SW Támadás.1), taken by the card's first
    move or attack. A card placed back on the battlefield is a new card (gl. ELPUSZTUL,
    ``_fresh``): its first move or attack takes a slot of its own, though the card it was
    had taken one (its number is listed twice)."""
    c = s.cards[iid]
    if slot == "move":
        if not c.moved:
            s.movers.append(iid)
        c.moved = True
    else:
        if not c.attacks:
            s.attackers.append(iid)
        c.attacks += 1


def _position(s: State, data: bytes) -> None:
    new = msgspec.msgpack.decode(data, type=State)
    for field in State.__struct_fields__:
        setattr(s, field, getattr(new, field))


def apply(s: State, ev: Any) -> None:
    """Apply one event to ``s`` in place."""
    _REDUCERS[type(ev)](s, ev)


def _moved(s: State, ev: E.Moved) -> None:
    _relocate(s, ev.card, ev.path[-1])
    _take_slot(s, ev.card, "move")


def _attack(s: State, ev: E.AttackDeclared) -> None:
    c = s.cards[ev.unit]
    if ev.slot == "slot":
        _take_slot(s, ev.unit, "attack")
    else:
        c.attacks += 1
        if ev.slot == "extra":
            c.extra -= 1
    if s.cards[ev.target].controller != c.controller:
        s.attacked_enemy = True
    s.roll = Roll(ev.unit, ev.target, [], ev.kind)


def _rerolled(s: State, ev: E.DiceRerolled) -> None:
    for i, f in zip(ev.indexes, ev.faces):
        s.roll.faces[i] = f
    s.roll.rerolled += 1
    s.rng = ev.rng


def _turn(s: State, ev: E.TurnBegan) -> None:
    s.active = ev.player
    s.turn = ev.turn
    s.players[ev.player].turns += 1
    s.movers, s.attackers, s.destroyed = [], [], []
    s.attacked_enemy = False


def _marks(s: State, ev: E.TurnMarksCleared) -> None:
    for c in s.cards:
        if c.moved or c.attacks or c.extra or c.uses or c.bonus:
            c.moved = False
            c.attacks = c.extra = c.bonus = 0
            c.uses = []


def _first(s: State, ev: E.FirstPlayerChosen) -> None:
    s.first = s.active = ev.player
    s.rng = ev.rng


def _ended(s: State, ev: E.GameEnded) -> None:
    s.result = Result(tuple(ev.winners), ev.reason, ev.rule)
    s.phase = "over"
    s.tasks = []


def _shuffled(s: State, ev: E.DeckShuffled) -> None:
    s.players[ev.player].deck = list(ev.order)
    s.rng = ev.rng


def _drawn(s: State, ev: E.CardDrawn) -> None:
    p = s.players[ev.player]
    p.deck.remove(ev.card)
    p.hand.append(ev.card)
    s.cards[ev.card].zone = HAND


def _put_under(s: State, ev: E.PutUnder) -> None:
    c = _lift(s, ev.card)
    _fresh(c)
    host = s.cards[ev.host]
    c.zone, c.host, c.square = UNDER, ev.host, host.square
    c.controller = host.controller
    host.under.append(ev.card)


def _destroyed(s: State, ev: E.Destroyed) -> None:
    _to_discard(s, ev.card)
    s.destroyed.append(ev.card)


def _returned(s: State, ev: E.ReturnedToHand) -> None:
    c = _lift(s, ev.card)
    _fresh(c)
    c.zone, c.square = HAND, EMPTY
    s.players[c.owner].hand.append(ev.card)


def _event_played(s: State, ev: E.EventPlayed) -> None:
    c = _lift(s, ev.card)
    c.zone = RESOLVING


def _event_active(s: State, ev: E.EventActivated) -> None:
    c = _lift(s, ev.card) if s.cards[ev.card].zone != RESOLVING else s.cards[ev.card]
    c.zone = ACTIVE
    s.players[ev.player].active.append(ev.card)


def _swapped(s: State, ev: E.Swapped) -> None:
    a, b = s.cards[ev.a], s.cards[ev.b]
    sa, sb = a.square, b.square
    _set_square(s, a, sb)
    _set_square(s, b, sa)


def _set_magic(s: State, ev: E.MagicChanged) -> None:
    s.players[ev.player].magic = ev.value


def _damaged(s: State, ev: E.Damaged) -> None:
    s.cards[ev.card].damage += ev.amount


def _healed(s: State, ev: E.Healed) -> None:
    s.cards[ev.card].damage -= ev.amount


def _charges(s: State, ev: E.ChargesChanged) -> None:
    s.cards[ev.card].charges += ev.amount


def _boost(s: State, ev: E.StrengthBoosted) -> None:
    s.cards[ev.card].bonus += ev.amount


def _extra(s: State, ev: E.ExtraAttackGranted) -> None:
    s.cards[ev.card].extra += 1


def _used(s: State, ev: E.AbilityUsed) -> None:
    s.cards[ev.card].uses.append(ev.ability)


def _rolled(s: State, ev: E.DiceRolled) -> None:
    s.roll.faces = list(ev.faces)
    s.rng = ev.rng


def _hits(s: State, ev: E.HitsCounted) -> None:
    s.roll.hits = ev.hits


def _nothing(s: State, ev: Any) -> None:
    return None


def _hand_discard(s: State, ev: E.HandDiscarded) -> None:
    _to_discard(s, ev.card)


def _task_replaced(s: State, ev: E.TaskReplaced) -> None:
    s.tasks[-1] = ev.task


def _advanced(s: State, ev: E.Advanced) -> None:
    """An entry's task-stack bookkeeping, folded (applied after its other events, none of which
    reads the stack)."""
    del s.tasks[ev.keep:]
    s.tasks.extend(ev.push)


_REDUCERS: dict[type, Callable[[State, Any], None]] = {
    E.DeckShuffled: _shuffled,
    E.CardDrawn: _drawn,
    E.StartingCardPlaced: lambda s, ev: _put_on_board(s, ev.card, ev.square),
    E.FirstPlayerChosen: _first,
    E.MagicChanged: _set_magic,
    E.TurnBegan: _turn,
    E.PhaseBegan: lambda s, ev: setattr(s, "phase", ev.phase),
    E.TurnMarksCleared: _marks,
    E.GameEnded: _ended,
    E.Conceded: _nothing,
    E.Summoned: lambda s, ev: _put_on_board(s, ev.card, ev.square),
    E.Built: lambda s, ev: _put_on_board(s, ev.card, ev.square),
    E.Moved: _moved,
    E.Pushed: lambda s, ev: _relocate(s, ev.card, ev.square),
    E.Placed: lambda s, ev: _put_on_board(s, ev.card, ev.square),
    E.Relocated: lambda s, ev: _relocate(s, ev.card, ev.square),
    E.TaskRaised: lambda s, ev: s.tasks.append(s.tasks.pop(-1 - ev.depth)),
    E.Swapped: _swapped,
    E.PutUnder: _put_under,
    E.CardDiscarded: lambda s, ev: _to_discard(s, ev.card),
    E.HandDiscarded: _hand_discard,
    E.ReturnedToHand: _returned,
    E.Destroyed: _destroyed,
    E.EventPlayed: _event_played,
    E.EventActivated: _event_active,
    E.Damaged: _damaged,
    E.Healed: _healed,
    E.ChargesChanged: _charges,
    E.StrengthBoosted: _boost,
    E.ExtraAttackGranted: _extra,
    E.AbilityUsed: _used,
    E.SlotUsed: lambda s, ev: _take_slot(s, ev.card, ev.slot),
    E.AttackDeclared: _attack,
    E.DiceRolled: _rolled,
    E.DiceRerolled: _rerolled,
    E.HitsCounted: _hits,
    E.AttackEnded: _nothing,
    E.InactivityPenalty: _nothing,
    E.TaskPushed: lambda s, ev: s.tasks.append(ev.task),
    E.TaskPopped: lambda s, ev: s.tasks.pop(),
    E.TaskReplaced: _task_replaced,
    E.Advanced: _advanced,
    E.PositionSet: lambda s, ev: _position(s, ev.data),
}
