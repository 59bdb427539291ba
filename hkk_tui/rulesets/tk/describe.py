"""Tash-Kalar's events in words (both languages, from the catalog): one log sentence per event a
player follows the game by, each with its TK citation; bookkeeping (flags, the effect and choice
being set) says nothing."""

from __future__ import annotations

from typing import Any

from engine.tk import events as E
from engine.tk.board import name as square_name

#: events that only keep the state's books (no log line)
BOOKKEEPING = (E.Flags, E.EffectSet, E.Asked, E.SetUp)
#: the rules of the starting pieces the placer puts on the board (TK Előkészület.Párbaj/.Csata)
START_RULES = ("TK Előkészület.Párbaj", "TK Előkészület.Csata")
#: events in the log's full detail only (not its story)
DETAIL = (E.Shuffled, E.Drawn, E.ActionsLeft, E.Reshuffled, E.AsideReturned)


def event_line(ev: Any, tb: Any) -> tuple[str, str]:
    """``(sentence, rule)`` of a redacted event ("" for bookkeeping)."""
    if isinstance(ev, BOOKKEEPING):
        return "", ""
    rule = getattr(ev, "rule", "") or tb.rule(ev)
    k = type(ev).__name__
    t = tb.t
    who = tb.player
    sq = square_name
    if isinstance(ev, E.Shuffled):
        pile = t(f"pile.{ev.pile}")
        return t("ev.shuffled", pile=pile, player=who(ev.seat) if ev.pile == "deck" else ""), rule
    if isinstance(ev, E.Drawn):
        key = "ev.drawn" if ev.card >= 0 else "ev.drawn_hidden"
        return t(key, player=who(ev.seat), card=tb.card_name(ev.card),
                 pile=t(f"pile.{ev.pile}")), rule
    if isinstance(ev, E.Moved):
        to = ev.to if tb.has(f"ev.moved_{ev.to}") else "other"
        card = tb.card_name(ev.card) if ev.card >= 0 else t("word.a_card")
        return t(f"ev.moved_{to}", player=who(ev.seat), card=card, to=ev.to), rule
    if isinstance(ev, E.Placed) and ev.rule in START_RULES:
        # the placer's set-up, before the first turn: not a move of the game (TK R.15)
        return t("ev.placed_start", piece=tb.piece(ev.colour, ev.rank), square=sq(ev.square),
                 colour=tb.colour_name(ev.colour)), rule
    if isinstance(ev, E.Placed):
        return t("ev.placed", piece=tb.piece(ev.colour, ev.rank), square=sq(ev.square),
                 colour=tb.colour_name(ev.colour)), rule
    if isinstance(ev, E.Removed):
        key = "ev.destroyed" if ev.destroyed else "ev.picked_up"
        return t(key, square=sq(ev.square),
                 by=who(ev.by) if ev.by >= 0 else t("word.nobody")), rule
    if isinstance(ev, E.Ranked):
        return t("ev.ranked", square=sq(ev.square), rank=t(f"rank.r{ev.rank}")), rule
    if isinstance(ev, E.Stepped):
        return t("ev.stepped", src=sq(ev.src), dst=sq(ev.dst)), rule
    if isinstance(ev, E.TurnBegun):
        return t("ev.turn", player=who(ev.seat), turn=ev.turn, actions=ev.actions), rule
    if isinstance(ev, E.ActionsLeft):
        return t("ev.actions_left", n=ev.actions), rule
    if isinstance(ev, E.Scored):
        key = "ev.scored_colour" if tb.mode == "battle" else "ev.scored"
        return t(key, player=tb.side_name(ev.seat), points=ev.points,
                 colour=tb.colour_name(ev.colour)), rule
    if isinstance(ev, E.AsideReturned):
        return t("ev.aside_returned"), rule
    if isinstance(ev, E.ImprovisedUsed):
        return t("ev.improvised", player=who(ev.seat), colour=tb.colour_name(ev.colour)), rule
    if isinstance(ev, E.ExtraDraw):
        return t("ev.extra", player=who(ev.seat), pile=t(f"pile.{ev.card}")), rule
    if isinstance(ev, E.ControlPassed):
        return t("ev.control", player=who(ev.seat)), rule
    if isinstance(ev, E.Reshuffled):
        return t("ev.reshuffled", pile=t(f"pile.{ev.pile}")), rule
    if isinstance(ev, E.EndTriggered):
        return t("ev.triggered", player=who(ev.seat), left=ev.final_left), rule
    if isinstance(ev, E.FinalTurn):
        return t("ev.final_turn", left=ev.final_left), rule
    if isinstance(ev, E.Conceded):
        return t("ev.conceded", player=who(ev.seat)), rule
    if isinstance(ev, E.GameEnded):
        names = ", ".join(who(w) for w in ev.result.winners)
        return (t("ev.ended_won", players=names) if names else t("ev.ended_tie")), rule
    return k, rule


def action_line(a: Any, tb: Any) -> str:
    """A recorded action in words (replay's last move, the debugger's cause)."""
    from engine.tk import actions as A

    t = tb.t
    if isinstance(a, A.Place):
        return t("do.place", square=square_name(a.square))
    if isinstance(a, A.PickUp):
        return t("do.pickup", square=square_name(a.square))
    if isinstance(a, A.Summon):
        return t("do.summon", card=tb.card_name(a.card), square=square_name(a.square))
    if isinstance(a, A.Discard):
        return t("do.discard", card=tb.card_name(a.card))
    if isinstance(a, A.CallFlare):
        return t("do.flare", card=tb.card_name(a.card), target=tb.player(a.target))
    if isinstance(a, A.EndTurn):
        return t("do.end")
    if isinstance(a, A.PickSquare):
        return t("do.square", square=square_name(a.square))
    if isinstance(a, A.PickCard):
        return t("do.card", card=tb.card_name(a.card))
    if isinstance(a, A.PickOption):
        return t("do.option", n=a.index + 1)
    if isinstance(a, A.Skip):
        return t("do.skip")
    if isinstance(a, A.PassControl):
        return t("do.hand_over")
    if isinstance(a, A.Concede):
        return t("do.concede")
    return type(a).__name__
