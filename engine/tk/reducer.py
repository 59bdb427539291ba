"""The reducer: the only code that changes a Tash-Kalar state, one event at a time."""

from __future__ import annotations

from typing import Any

from engine.tk import events as E
from engine.tk.state import State

_PILES = {"legends": ("legends", "legends"), "flares": ("flares", "flares"),
          "tasks": ("task_deck", "tasks")}


def _take(s: State, iid: int) -> None:
    """Take card ``iid`` out of whatever list holds it now."""
    card = s.cards[iid]
    zone = card.zone
    if zone in ("deck", "hand", "discard") and card.owner >= 0:
        lst = getattr(s.players[card.owner], zone)
    else:
        lst = {"legends": s.legends, "legend_discard": s.legend_discard, "flares": s.flares,
               "flare_discard": s.flare_discard, "tasks": s.task_deck,
               "task_up": s.tasks_up}.get(zone, [])
    if zone == "hand":
        for p in s.players:
            if iid in p.hand:
                p.hand.remove(iid)
                return
    if iid in lst:
        lst.remove(iid)
    if zone == "next_task" and s.next_task == iid:
        s.next_task = -1
    if zone == "claimed":
        for side in s.claimed:
            if iid in side:
                side.remove(iid)


def _put(s: State, iid: int, seat: int, to: str) -> None:
    card = s.cards[iid]
    card.zone = to
    if to == "hand":
        s.players[seat].hand.append(iid)
    elif to == "discard":
        s.players[card.owner].discard.append(iid)
    elif to == "deck_bottom":
        s.players[card.owner].deck.append(iid)
        card.zone = "deck"
    elif to == "legend_discard":
        s.legend_discard.append(iid)
    elif to == "flare_discard":
        s.flare_discard.append(iid)
    elif to == "legends_bottom":
        s.legends.append(iid)
        card.zone = "legends"
    elif to == "flares_bottom":
        s.flares.append(iid)
        card.zone = "flares"
    elif to == "tasks_bottom":
        s.task_deck.append(iid)
        card.zone = "tasks"
    elif to == "task_up":
        s.tasks_up.append(iid)
    elif to == "next_task":
        s.next_task = iid
    elif to == "claimed":
        s.claimed[seat].append(iid)


def apply(s: State, ev: Any) -> None:
    t = type(ev)
    if t is E.Placed:
        s.owner[ev.square] = ev.colour
        s.rank[ev.square] = ev.rank
    elif t is E.Removed:
        if ev.aside:
            s.aside.append([s.owner[ev.square], s.rank[ev.square], ev.by])
        s.owner[ev.square] = -1
        s.rank[ev.square] = 0
    elif t is E.Ranked:
        s.rank[ev.square] = ev.rank
    elif t is E.Stepped:
        s.owner[ev.dst], s.rank[ev.dst] = s.owner[ev.src], s.rank[ev.src]
        s.owner[ev.src], s.rank[ev.src] = -1, 0
    elif t is E.EffectSet:
        s.effect = ev.effect
    elif t is E.Asked:
        s.ask = ev.ask
    elif t is E.ActionsLeft:
        s.actions = ev.actions
    elif t is E.Flags:
        s.discarded, s.flared = ev.discarded, ev.flared
    elif t is E.Drawn:
        _take(s, ev.card)
        _put(s, ev.card, ev.seat, "hand")
    elif t is E.Moved:
        _take(s, ev.card)
        _put(s, ev.card, ev.seat, ev.to)
    elif t is E.Scored:
        s.scores[ev.seat][ev.colour] += ev.points
    elif t is E.Shuffled or t is E.Reshuffled:
        if ev.pile == "deck":
            s.players[ev.seat].deck = list(ev.order)
        elif ev.pile == "legends":
            s.legend_discard.clear()
            s.legends = list(ev.order)
            for i in ev.order:
                s.cards[i].zone = "legends"
        elif ev.pile == "flares":
            s.flare_discard.clear()
            s.flares = list(ev.order)
            for i in ev.order:
                s.cards[i].zone = "flares"
        elif ev.pile == "tasks":
            s.task_deck = list(ev.order)
            for i in ev.order:
                s.cards[i].zone = "tasks"
        s.rng = ev.rng or s.rng
    elif t is E.TurnBegun:
        s.phase = "act"
        s.active = s.controller = ev.seat
        s.turn = ev.turn
        s.actions = ev.actions
        s.discarded = s.handed = False
        s.flared = 0
        s.legends_summoned = 0
        for p in s.players:
            p.extra.clear()
    elif t is E.AsideReturned:
        s.aside.clear()
    elif t is E.ImprovisedUsed:
        s.improvised[ev.seat][ev.colour] = True
    elif t is E.ExtraDraw:
        s.players[ev.seat].extra.append(ev.card)
    elif t is E.ControlPassed:
        s.controller = ev.seat
        s.handed = True
    elif t is E.EndTriggered:
        s.trigger = ev.seat
        s.final_left = ev.final_left
    elif t is E.FinalTurn:
        s.final_left = ev.final_left
    elif t is E.GameEnded:
        s.result = ev.result
        s.phase = "over"
        s.ask = None
        s.effect = None
    elif t is E.SetUp:
        s.symbols = list(ev.symbols)
        s.centre = list(ev.centre)
    elif t is E.Conceded:
        pass

