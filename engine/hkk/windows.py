"""The right to act (K 4.11.6-4.11.8, 94.4, 37.0): what a player may do in an open window.

Three decisions are windows: ``priority`` (a phase's or combat step's turn to act), ``respond``
(the reaction line is open, K 94) and ``life_saving`` (creatures have just taken damage, K 37.0). In
each the player may play a card, use an ability or (life-saving) regenerate, or pass. This module
lists those answers and tells, cheaply, whether there is any besides Pass — so that, with
auto-pass on, a window where nobody could do anything is not opened at all.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from engine.hkk import actions as A
from engine.hkk.cards import CardDef
from engine.hkk.ctx import Ctx, GameFacts, quiet
from engine.hkk.play import ability_check, play_check, regenerate_refusal
from engine.hkk.state import ATTACHED, PERM, TABLE_ZONES, Task
from engine.hkk.stats import any_cost_mods, cost_of_def, mc_cost_of_def

_PASS = A.Pass()


def window_actions(ctx: Ctx, player: int, kind: str, first_only: bool = False,
                   window: Task | None = None) -> list[Any]:
    """Every answer of ``player`` in a ``kind`` window, Pass last (``first_only``: stop at the
    first answer that is not Pass). ``window`` asks about a window that is not open yet.

    Asked before nearly every step, so candidates are sifted cheaply first, from facts that
    do not need the rules: a hand card of the wrong kind for the window (K 94.0, 57.0, 37.0,
    8.5.1) or costing more than the player has (K 4.20.3, 7.0.1), a table card with no
    ability a window offers; :func:`play_check` / :func:`ability_check` decide the rest."""
    s = ctx.s
    out: list[Any] = []
    me = s.players[player]
    index = ctx.index
    if kind == "respond":
        fits = index.reactions
    elif kind == "life_saving":
        fits = index.healing
    elif s.active == player and s.phase in ("main1", "main2"):
        fits = index.in_main
    else:
        fits = index.instants
    vp = me.vp
    mc = me.mc
    hand = tuple(me.hand)
    sifted = ctx.facts.sifted
    key = (id(fits), hand)
    looks = sifted.get(key)
    if looks is None:
        looks = _sift(ctx, hand, fits)
        if len(sifted) >= GameFacts.MAX_SIFTED:
            sifted.clear()
        sifted[key] = looks
    modified = None                  # any cost modifier on the table? (asked when it matters)
    for iid, d in looks:
        if d.cost_mc > mc or d.cost > vp:
            if modified is None:
                modified = any_cost_mods(ctx)
            if not modified or ((d.cost_mc > mc and mc_cost_of_def(ctx, player, d) > mc)
                                or (d.cost > vp and cost_of_def(ctx, player, d) > vp)):
                continue
        options = play_check(ctx, player, iid, window, False, quiet)
        if options is False:
            continue
        out += [A.PlayCard(iid, t) for t in options]
        if first_only:
            return out
    # the table: the player's cards that could act there, in table order (known until a card
    # moves, turns or is reordered: Ctx.acting_on)
    acting_on = ctx.acting_on
    if acting_on is None:
        acting_on = ctx.acting_on = [None, None]
    mine = acting_on[player]
    if mine is None:
        mine = acting_on[player] = _acting_on_table(ctx, player)
    if not mine:
        out.append(_PASS)
        return out
    life_saving = kind == "life_saving"
    acting = index.acting
    respond = kind == "respond"
    for iid, cid, d, abilities in mine:
        if not life_saving and cid not in acting:      # it could only regenerate
            continue
        for ab_index in abilities:
            if respond and d.abilities[ab_index].when != "reaction":
                continue
            options = ability_check(ctx, player, iid, ab_index, window, False, quiet)
            if options is False:
                continue
            out += [A.Activate(iid, ab_index, t) for t in options]
            if first_only:
                return out
        if life_saving and d.regeneration and regenerate_refusal(
                ctx, player, iid, window) is None:
            out.append(A.Regenerate(iid))
            if first_only:
                return out
    out.append(_PASS)
    return out


def _acting_on_table(ctx: Ctx, player: int) -> list[tuple[int, str, CardDef, tuple[int, ...]]]:
    """The cards of ``player`` on the table that could answer a window, in the order a window
    lists them (reserve, guard post, permanents, then cards attached anywhere): each with its
    definition and its activated / reaction abilities. Only cards that could ever act
    (:attr:`GameFacts.acting`) are looked at; a passive non-creature permanent's abilities do
    not work (K 5.5.8) and it has nothing to regenerate (K 136.6)."""
    cards = ctx.s.cards
    mine = on_attached = False
    for i in ctx.facts.acting:
        card = cards[i]
        if card.controller == player and card.zone in TABLE_ZONES:
            mine = True
            if card.zone == ATTACHED:
                on_attached = True
                break
    if not mine:
        return []
    me = ctx.s.players[player]
    pool = ctx.pool
    index = ctx.index
    acting = index.acting_saving
    activated = index.activated
    attached = _attached_of(ctx, player) if on_attached else ()
    out = []
    for iid in chain(me.reserve, me.guard, me.perm, attached):
        card = cards[iid]
        cid = card.cid
        if cid not in acting or (not card.active and card.zone == PERM):
            continue
        out.append((iid, cid, pool[cid], activated[cid]))
    return out


def _sift(ctx: Ctx, hand: tuple[int, ...], fits: frozenset[str]) -> list[tuple[int, CardDef]]:
    """The hand cards a window may ask about, in hand order: of a kind the window takes (K 94.0,
    57.0, 37.0, 8.5.1), one of identical copies (they give identical plays), each with its
    definition. It depends on nothing else, so a game keeps it (:attr:`GameFacts.sifted`)."""
    cards = ctx.s.cards
    pool = ctx.pool
    seen: set[str] = set()
    out = []
    for iid in hand:
        cid = cards[iid].cid
        if cid not in fits or cid in seen:
            continue
        seen.add(cid)
        out.append((iid, pool[cid]))
    return out


def window_needed(ctx: Ctx, kind: str, first: int, data: tuple[int, ...] = ()) -> bool:
    """Would opening this window ask anyone anything? With auto-pass on, a window where both
    players could only pass is not opened at all (it would close at once, K 4.11.7). ``data``:
    the window's own data (a life-saving window's creatures)."""
    if not ctx.auto:
        return True
    for player in (first, 1 - first):
        window = Task(kind, player, data=data) if data else _PROBES[kind, player]
        if window_choice(ctx, player, kind, window):
            return True
    return False


#: the windows asked about before they open, when they carry no data (tasks are immutable)
_PROBES = {(kind, player): Task(kind, player)
           for kind in ("priority", "respond", "life_saving") for player in (0, 1)}


#: the phases in which a window's answers are as in every other: no card is played and no
#: ability used unless its text allows it (K 3.8, 29.4.6-29.4.7, 30.2, 32.2, 40.5;
#: play.closed_phase_refusal), and the combat steps that are no window (K 33.2, 36.2)
_CLOSED_PHASES = frozenset(("setup", "prep", "draw", "exchange", "end"))
_COMBAT_WINDOWS = frozenset((0, 3, 6))
_MAIN = frozenset(("main1", "main2"))


def window_choice(ctx: Ctx, player: int, kind: str, window: Task | None) -> bool:
    """Has ``player`` anything but Pass in a ``kind`` window? Known until the next event.

    What a window offers depends on the state, which changes only by events, on the window
    (its kind, player and data) and on the step only through its timing: whether it is one in
    which nothing may be played (:func:`engine.hkk.play.closed_phase_refusal`) and whether it
    is the player's own main phase (K 8.1.1, 8.5.2, 31.2). So the answer is kept under those,
    until the next event: steps begun without an event (combat windows before each sub-phase
    when nobody attacked, K 33.2) ask it again for free.

    The full answer list is made (a "no" costs the same either way) and kept with the answer:
    asked about the open window (``window`` None, auto-pass), a "yes" keeps it open, its player
    is asked next, and the list is left in ``ctx.legal``, so that the legal actions are not
    listed twice; asked before opening a window (``window_needed``), a "yes" opens it at once
    and the open window's question finds the list here."""
    s = ctx.s
    top = window is None
    phase = s.phase
    if phase in _CLOSED_PHASES or (phase == "combat" and s.step not in _COMBAT_WINDOWS):
        timing = 0
    elif phase in _MAIN and s.active == player:
        timing = 2
    else:
        timing = 1
    key = (player, kind, s.tasks[-1].data if top else window.data, timing)  # type: ignore[union-attr]
    events = ctx._base + len(ctx.out)               # Ctx.events, inline
    choices = ctx.choices
    hit = choices.get(key)
    if hit is not None and hit[0] == events:
        answer, answers = hit[1], hit[2]
    else:
        # listed in full: a "no" costs the same, and a "yes" before opening a window opens it
        # at once (same events, same key), whose answers are then taken from here
        answers = window_actions(ctx, player, kind, False, window)
        answer = len(answers) > 1         # Pass is always last
        choices[key] = (events, answer, answers)
    if top and answer:
        ctx.legal = (s.tasks[-1], ctx.version, answers)
    return answer


def _attached_of(ctx: Ctx, player: int) -> list[int]:
    """Cards attached to any permanent and controlled by ``player``: their abilities are
    ``player``'s to use."""
    cards = ctx.s.cards
    out = []
    for p in ctx.s.players:
        for iid in chain(p.reserve, p.guard, p.perm):
            attachments = cards[iid].attachments
            if attachments:
                out += [a for a in attachments if cards[a].controller == player]
    return out
