"""Set-up, the end of a turn (tasks, scoring, drawing, end checks — TK Kör.vége), the next turn
and the result (TK Vége.*)."""

from __future__ import annotations

from typing import Any

from engine.core import rng
from engine.core.protocol import Result
from engine.tk import board as B
from engine.tk import events as E
from engine.tk import tasks as T
from engine.tk.state import Ask, State

HAND = {"creature": 3, "legend": 2, "flare": 1}
PILE_OF = {"legend": "legends", "flare": "flares"}


# ---------------------------------------------------------------------------- set-up
def setup(ctx: Any, board: Any) -> None:
    """TK Előkészület.1-6 and the mode's own set-up."""
    s: State = ctx.s
    size = s.size
    ctx.emit(E.SetUp(tuple(r * size + c for r, c in board.symbols),
                     tuple(r * size + c for r, c in board.centre)))
    for seat, p in enumerate(s.players):
        order, new = rng.shuffled(s.rng, p.deck)
        ctx.emit(E.Shuffled("deck", seat, tuple(order), new, "TK Előkészület.4"))
    for pile in ("legends", "flares") + (("tasks",) if s.mode == "highform" else ()):
        cur = {"legends": s.legends, "flares": s.flares, "tasks": s.task_deck}[pile]
        order, new = rng.shuffled(s.rng, cur)
        ctx.emit(E.Shuffled(pile, -1, tuple(order), new, "TK Előkészület.2"))
    n = len(s.players)
    for seat in range(n):
        if s.team and seat >= 2:
            legends = 0                                # TK Előkészület.Csapat.legenda
        else:
            legends = HAND["legend"]
        refill(ctx, seat, {"creature": 3, "legend": legends, "flare": 1}, "TK Előkészület.6")
    if s.mode == "highform":
        T.setup_tasks(ctx)
    if s.mode == "duel":
        placer = 3 if s.team else 1                    # TK Előkészület.Párbaj
        start_ask(ctx, placer, 0)
    elif s.mode == "battle":
        start_ask(ctx, n - 1, first_battle_colour(s))
    else:
        begin(ctx, s.first, 1)


def battle_colours(s: State) -> list[int]:
    """The colours of BATTLE's three starting pieces: with 4 players not the second player's
    (TK Előkészület.Csata)."""
    n = len(s.players)
    return [c for c in range(n) if not (n == 4 and c == (s.first + 1) % n)]


def first_battle_colour(s: State) -> int:
    return battle_colours(s)[0]


def start_options(s: State, colour: int) -> list[int]:
    """DUEL: a free symbol square; BATTLE: an empty square touching a symbol square that no
    starting piece touches yet (TK Előkészület.Párbaj / .Csata, TK R.15)."""
    if s.mode == "duel":
        return [q for q in s.symbols if s.owner[q] < 0]
    used = {sym for sym in s.symbols for q in range(len(s.owner))
            if s.owner[q] >= 0 and B.dist(q, sym, s.size) == 1}
    return sorted({q for sym in s.symbols if sym not in used
                   for q in B.neighbours(sym, s.size) if s.owner[q] < 0 and q not in s.symbols})


def start_ask(ctx: Any, placer: int, colour: int) -> None:
    s: State = ctx.s
    rule = "TK Előkészület.Párbaj" if s.mode == "duel" else "TK Előkészület.Csata"
    ctx.emit(E.Asked(Ask("start_place", placer, tuple(start_options(s, colour)), False, rule,
                         colour), rule))


def answer_start(ctx: Any, sq: int) -> None:
    s: State = ctx.s
    ask = s.ask
    ctx.emit(E.Asked(None, ask.rule))
    ctx.emit(E.Placed(sq, ask.colour, 1, ask.rule))
    order = [0, 1] if s.mode == "duel" else battle_colours(s)
    k = order.index(ask.colour)
    if k + 1 < len(order):
        start_ask(ctx, ask.player, order[k + 1])
    else:
        begin(ctx, s.first, 1)


def begin(ctx: Any, seat: int, turn: int) -> None:
    """A turn begins: two actions, one on the start player's first (TK Kör.1, TK Kör.kezdő)."""
    s: State = ctx.s
    first = turn == 1 and seat == s.first
    ctx.emit(E.TurnBegun(seat, turn, 1 if first else 2, "TK Kör.kezdő" if first else "TK Kör.1"))


# ---------------------------------------------------------------------------- drawing
def count_in_hand(ctx: Any, seat: int, kind: str) -> int:
    s: State = ctx.s
    return sum(1 for i in s.players[seat].hand if ctx.pool[s.cards[i].cid].kind == kind)


def draw_one(ctx: Any, seat: int, kind: str, rule: str) -> bool:
    """Draw one card of ``kind``; a shared pile is reshuffled from its discards when empty (TK
    Kör.húzás.keverés); own decks never are (TK Kör.húzás.saját)."""
    s: State = ctx.s
    if kind == "creature":
        deck = s.players[seat].deck
        if not deck:
            return False
        ctx.emit(E.Drawn(seat, "deck", deck[0], rule))
        return True
    pile = PILE_OF[kind]
    cur = s.legends if kind == "legend" else s.flares
    if not cur:
        discard = s.legend_discard if kind == "legend" else s.flare_discard
        if not discard:
            return False
        order, new = rng.shuffled(s.rng, discard)
        ctx.emit(E.Reshuffled(pile, tuple(order), new))
        cur = s.legends if kind == "legend" else s.flares
    ctx.emit(E.Drawn(seat, pile, cur[0], rule))
    return True


def refill(ctx: Any, seat: int, limits: dict[str, int], rule: str) -> None:
    for kind in ("creature", "legend", "flare"):
        for _ in range(max(0, limits[kind] - count_in_hand(ctx, seat, kind))):
            if not draw_one(ctx, seat, kind, rule):
                break


# ---------------------------------------------------------------------------- end of turn
def end_turn(ctx: Any) -> None:
    """TK Kör.vége: tasks (High Form), scoring (Deathmatch), drawing, end checks, next turn."""
    s: State = ctx.s
    seat = s.active
    if s.mode == "highform" and not getattr(ctx, "claim_done", False):
        opts = T.claimable(ctx, seat)
        if opts:
            ctx.emit(E.Asked(Ask("claim", seat, tuple(opts), True, "TK Haladó.feladat"),
                             "TK Haladó.feladat"))
            return
    if s.aside and s.mode in ("duel", "battle"):
        if score_aside(ctx, seat):
            return
    finish_turn(ctx)


def score_aside(ctx: Any, seat: int) -> bool:
    """Score the enemy pieces destroyed this turn (TK Párbaj.pont / TK Csata.pont); True when
    BATTLE's odd-commons bonus asks a colour first (TK Csata.páratlan)."""
    s: State = ctx.s
    me = B.colour_of(s, seat)
    by: dict[int, list[int]] = {}
    for colour, rank, _by in s.aside:
        if colour != me:
            by.setdefault(colour, [0, 0, 0, 0])[rank] += 1
    if s.mode == "duel":
        commons = sum(r[1] for r in by.values())
        pts = sum(2 * r[3] + r[2] for r in by.values()) + commons // 2
        if pts:
            ctx.emit(E.Scored(me, 0, pts, "TK Párbaj.pont"))
        ctx.emit(E.AsideReturned("TK R.7"))
        return False
    odd = []
    for colour in sorted(by):
        r = by[colour]
        pts = 2 * r[3] + r[2] + r[1] // 2
        if pts:
            ctx.emit(E.Scored(seat, colour, pts, "TK Csata.pont"))
        if r[1] % 2:
            odd.append(colour)
    ctx.emit(E.AsideReturned("TK R.7"))
    if len(odd) >= 2:
        ctx.emit(E.Asked(Ask("bonus_colour", seat, tuple(odd), False, "TK Csata.páratlan"),
                         "TK Csata.páratlan"))
        return True
    return False


def finish_turn(ctx: Any) -> None:
    """Drawing (TK Kör.húzás), end checks (TK Vége.*) and the next turn."""
    s: State = ctx.s
    seat = s.active
    me = s.players[seat]
    had_unturned = len(me.deck) > (6 if s.team else 0)
    if s.team:
        mate = (seat + 2) % 4                          # TK Csapat.átadás: legends to the mate
        for i in list(me.hand):
            if ctx.pool[s.cards[i].cid].kind == "legend":
                ctx.emit(E.Moved(i, mate, "hand", "TK Előkészület.Csapat.legenda"))
        refill(ctx, seat, {"creature": 3, "legend": 0, "flare": 1}, "TK Kör.húzás")
        refill(ctx, mate, {"creature": 0, "legend": 2, "flare": 0}, "TK Kör.húzás")
    else:
        refill(ctx, seat, HAND, "TK Kör.húzás")
    for kind in list(me.extra):
        target = (seat + 2) % 4 if s.team and kind == "legend" else seat
        draw_one(ctx, target, kind, "TK Hatás.extra")
    # end checks
    if s.trigger >= 0:
        left = s.final_left - 1
        ctx.emit(E.FinalTurn(left))
        if left <= 0:
            end_game(ctx, "final_round", "TK Vége.kör")
            return
    else:
        rule = trigger_rule(ctx, seat, had_unturned)
        if rule:
            ctx.emit(E.EndTriggered(seat, rule, len(s.players)))
    if s.turn >= s.options["max_turns"] * len(s.players):
        end_game(ctx, "turn_limit", "TK Vége.győztes")
        return
    ctx.claim_done = False
    begin(ctx, (seat + 1) % len(s.players), s.turn + 1)


def trigger_rule(ctx: Any, seat: int, had_unturned: bool) -> str:
    s: State = ctx.s
    me = s.players[seat]
    if s.team:
        if len(me.deck) <= 6 and (had_unturned or not any(
                ctx.pool[s.cards[i].cid].kind == "creature" for i in me.hand)):
            return "TK Vége.Csapat"
    elif not me.deck and had_unturned:
        return "TK Vége.pakli"
    if s.mode == "duel" and max(sc[0] for sc in s.scores) >= 18:
        return "TK Vége.Párbaj"
    if s.mode == "highform" and max(T.hf_score(s, c) for c in range(B.colours(s))) >= 9:
        return "TK Vége.Haladó"
    if s.mode == "battle":
        limit = 12 if len(s.players) == 3 else 10
        if any(v >= limit for row in s.scores for v in row):
            return "TK Vége.Csata"
    return ""


# ---------------------------------------------------------------------------- the result
def standing(s: State, seat: int) -> tuple:
    """What ranks a seat (higher is better): its score (BATTLE: opponents' colours from the
    lowest up, TK Vége.győztes, TK R.27), then the tie-breaks (TK Vége.döntetlen)."""
    c = B.colour_of(s, seat)
    if s.mode == "battle":
        main = tuple(sorted(v for k, v in enumerate(s.scores[seat]) if k != c))
    elif s.mode == "highform":
        main = (T.hf_score(s, c),)
    else:
        main = (s.scores[c][0],)
    if s.options["tie_break"] == "all" or s.mode == "battle":
        return main + (B.upgraded(s, c), B.pieces(s, c))
    return main


def end_game(ctx: Any, reason: str, rule: str) -> None:
    s: State = ctx.s
    n = len(s.players)
    ranks = [standing(s, p) for p in range(n)]
    best = max(ranks)
    winners = tuple(p for p in range(n) if ranks[p] == best)
    if len(winners) == n:
        winners = ()
    scores = tuple(float(r[0]) for r in ranks)
    ctx.emit(E.GameEnded(Result(winners, reason, rule, scores), rule))
