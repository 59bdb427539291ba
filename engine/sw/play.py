"""The active player's own actions in a phase: summon, move, build, attack, play an event, use
an ability, discard for magic, end the phase — each checked completely (a refusal names the rule
in words, before any event) and listed for the legal-action menu.
"""

from __future__ import annotations

from engine.core.game import IllegalAction
from engine.sw import actions as A
from engine.sw import board as B
from engine.sw import combat
from engine.sw import events as E
from engine.sw import stats as S
from engine.sw.cards import Ability
from engine.sw.state import BOARD, EMPTY, HAND, MOVERS, Task
from engine.sw.triggers import fire
from engine.sw.turn import end_phase


def refuse(rule: str, message: str, key: str, **params: object) -> IllegalAction:
    """A refusal citing ``rule``; ``params`` fill the player's words in the catalogs."""
    return IllegalAction(rule, message, key, **params)


# ---------------------------------------------------------------------------- summon, build
def summon_squares(ctx: S.Ctx, player: int) -> list[int]:
    """SW Idézés.1: empty squares next to a gate the player controls (gl. KAPU)."""
    s = ctx.s
    out = set()
    for i in ctx.on_board():
        if s.cards[i].controller == player and S.is_gate(ctx, i):
            out.update(n for n in B.neighbours(s.cards[i].square) if s.board[n] == EMPTY)
    return sorted(out)


def build_squares(ctx: S.Ctx, player: int) -> list[int]:
    """SW Építkezés.1: empty squares of the back 3 rows or next to the summoner."""
    s = ctx.s
    out = {sq for sq in range(len(s.board)) if s.board[sq] == EMPTY and B.in_back_rows(sq, player)}
    summ = s.cards[s.players[player].summoner]
    if summ.zone == BOARD:
        out.update(n for n in B.neighbours(summ.square) if s.board[n] == EMPTY)
    return sorted(out)


def _from_hand(ctx: S.Ctx, player: int, card: int, rule: str, what: str) -> None:
    s = ctx.s
    if card >= len(s.cards) or s.cards[card].zone != HAND or s.cards[card].owner != player:
        raise refuse(rule, f"{what} a card from your own hand.", "not_in_hand")


def _pay(ctx: S.Ctx, player: int, cost: int, rule: str) -> None:
    if ctx.s.players[player].magic < cost:
        magic = ctx.s.players[player].magic
        raise refuse("SW gl. KÖLTSÉG", f"It costs {cost} magic and you have {magic}: you "
                     "cannot do what you cannot pay.", "no_magic", cost=cost, magic=magic)


def do_summon(ctx: S.Ctx, player: int, a: A.Summon) -> None:
    _from_hand(ctx, player, a.card, "SW Idézés.1", "Summon")
    d = ctx.d(a.card)
    if d.kind not in ("champion", "common"):
        raise refuse("SW Idézés.1", "Only champions and common units are summoned.", "not_unit")
    _pay(ctx, player, d.cost, "SW Idézés.1")
    if a.square not in summon_squares(ctx, player):
        raise refuse("SW Idézés.1", "Summon onto an empty square next to a gate you control.",
                     "bad_square")
    combat.spend_magic(ctx, player, d.cost, "SW Idézés.1")
    ctx.emit(E.Summoned(player, a.card, a.square))


def do_build(ctx: S.Ctx, player: int, a: A.Build) -> None:
    _from_hand(ctx, player, a.card, "SW Építkezés.1", "Build")
    d = ctx.d(a.card)
    if not d.is_structure:
        raise refuse("SW Építkezés.1", "Only cards with the structure class are built.",
                     "not_structure")
    _pay(ctx, player, d.cost, "SW Építkezés.1")
    if a.square not in build_squares(ctx, player):
        raise refuse("SW Építkezés.1", "Build on an empty square of your back 3 rows or next to "
                     "your summoner.", "bad_square")
    combat.spend_magic(ctx, player, d.cost, "SW Építkezés.1")
    ctx.emit(E.Built(player, a.card, a.square))


# ---------------------------------------------------------------------------- moving
def allowance(ctx: S.Ctx, unit: int) -> int:
    """SW Mozgás.2: 2 squares; Lomha one fewer, a swift unit one more."""
    n = 2
    if S.has_keyword(ctx, unit, "sluggish"):
        n -= 1
    if S.has_keyword(ctx, unit, "swift"):
        n += 1
    return n


def move_refusal(ctx: S.Ctx, player: int, unit: int) -> IllegalAction | None:
    """Why ``unit`` may not take a move slot now (None if it may)."""
    s = ctx.s
    if unit >= len(s.cards) or s.cards[unit].zone != BOARD or s.cards[unit].controller != player \
            or not ctx.d(unit).is_unit:
        return refuse("SW Mozgás.1", "Move a unit you control on the battlefield.", "not_yours")
    if s.cards[unit].moved:
        return refuse("SW Mozgás.1", "That unit has already moved this turn.", "moved")
    if len(s.movers) >= MOVERS:
        return refuse("SW Mozgás.1", "You have moved 3 units this turn already.", "three_moved")
    if ctx.opt("different_means") == "names" and any(
            ctx.d(m).name.en == ctx.d(unit).name.en for m in s.movers):
        return refuse("SW Döntés.19", "A unit of that name has moved already (option "
                      "different_means = names).", "same_name")
    if S.is_structure(ctx, unit) and not S.has_keyword(ctx, unit, "mobile"):
        return refuse("SW Mozgás.3", "A unit that is also a structure cannot move unless an "
                      "effect allows it.", "structure")
    return None


def _passable(ctx: S.Ctx, unit: int, sq: int) -> bool:
    """gl. KERESZTÜL / Eltiprás: a trampler passes common units (not structures, ruling R21)."""
    o = ctx.s.board[sq]
    if o == EMPTY or o == unit:
        return True
    if not S.has_keyword(ctx, unit, "trample"):
        return False
    d = ctx.d(o)
    return d.kind == "common" and (not d.is_structure or bool(ctx.opt("trample_structures")))


def move_paths(ctx: S.Ctx, unit: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every distinct move of ``unit``: (destination, trampled cards...) -> a path. A path is a
    series of orthogonal steps, never onto a card (a trampler passes common units but cannot end
    on one); going out and back is a move (SW Mozgás.2)."""
    s = ctx.s
    start = s.cards[unit].square
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    n = allowance(ctx, unit)
    stack: list[tuple[int, ...]] = [(sq,) for sq in B.neighbours(start)]
    while stack:
        path = stack.pop()
        last = path[-1]
        if not _passable(ctx, unit, last):
            continue
        end_ok = s.board[last] in (EMPTY, unit)
        if end_ok:
            trampled = tuple(sorted({s.board[q] for q in path[:-1]
                                     if s.board[q] not in (EMPTY, unit)}))
            key = (last, *trampled)
            if key not in out:
                out[key] = path
        if len(path) < n:
            stack.extend((*path, nb) for nb in B.neighbours(last))
    return out


def do_move(ctx: S.Ctx, player: int, a: A.Move) -> None:
    why = move_refusal(ctx, player, a.unit)
    if why:
        raise why
    s = ctx.s
    start = s.cards[a.unit].square
    path = a.path
    if any(q >= len(s.board) for q in path) or not 1 <= len(path) <= allowance(ctx, a.unit) or any(
            not B.adjacent(p, q) for p, q in zip((start, *path), path)) or \
            any(not _passable(ctx, a.unit, q) for q in path) or \
            s.board[path[-1]] not in (EMPTY, a.unit):
        raise refuse("SW Mozgás.2", f"A unit moves 1 to {allowance(ctx, a.unit)} squares, each "
                     "step onto an adjacent empty square, never through a card.", "bad_path")
    trampled = [s.board[q] for q in path[:-1] if s.board[q] not in (EMPTY, a.unit)]
    ctx.emit(E.Moved(a.unit, tuple(path), "SW Mozgás.2"))
    for t in trampled:
        combat.deal_damage(ctx, t, 1, a.unit, "SW gl. KERESZTÜL")
    after_move(ctx, a.unit)


def after_move(ctx: S.Ctx, unit: int) -> None:
    if ctx.s.cards[unit].zone != BOARD:
        return
    fire(ctx, "after_move", subject=unit)
    if S.is_structure(ctx, unit):
        fire(ctx, "structure_shifted", other=unit, square=ctx.s.cards[unit].square)


# ---------------------------------------------------------------------------- events, abilities
def event_refusal(ctx: S.Ctx, player: int, card: int) -> IllegalAction | None:
    s = ctx.s
    if card >= len(s.cards) or s.cards[card].zone != HAND or s.cards[card].owner != player:
        return refuse("SW Események.1", "Play an event from your own hand.", "not_in_hand")
    d = ctx.d(card)
    if d.kind != "event" or d.is_structure:
        return refuse("SW Események.1", "Only events are played (an event that is a structure "
                      "is built).", "not_event")
    if d.phase != s.phase:
        return refuse("SW Események.1", f"That event is played in the {d.phase} phase.",
                      "wrong_phase")
    if s.players[player].magic < d.cost:
        magic = s.players[player].magic
        return refuse("SW gl. KÖLTSÉG", f"It costs {d.cost} magic and you have {magic}: you "
                      "cannot do what you cannot pay.", "no_magic", cost=d.cost, magic=magic)
    if not _payable(ctx, Task("event", player, card), d.steps):
        return refuse("SW Döntés.29", "That event has nothing to act on now (its first "
                      "choice has no candidate).", "no_target")
    return None


def do_event(ctx: S.Ctx, player: int, a: A.PlayEvent) -> None:
    why = event_refusal(ctx, player, a.card)
    if why:
        raise why
    combat.spend_magic(ctx, player, ctx.d(a.card).cost, "SW Események.1")
    ctx.emit(E.EventPlayed(player, a.card))
    ctx.emit(E.TaskPushed(Task("event", player, a.card)))


def ability_refusal(ctx: S.Ctx, player: int, card: int, index: int) -> IllegalAction | None:
    s = ctx.s
    if card >= len(s.cards) or s.cards[card].zone != BOARD or s.cards[card].controller != player:
        return refuse("SW gl. KÉPESSÉG", "Use an ability of a card you control on the "
                      "battlefield.", "not_yours")
    abilities = ctx.d(card).abilities
    if index >= len(abilities):
        return refuse("SW gl. KÉPESSÉG", "That card has no such ability.", "no_ability")
    ab = abilities[index]
    phase = ab.activate or {"move": "move", "attack": "attack"}.get(ab.instead, "")
    if ab.keyword == "charge":
        phase = "move"
    if not phase or ab.under:
        return refuse("SW gl. KÉPESSÉG", "That ability is not one you use; it works by itself.",
                      "not_activated")
    if s.phase != phase:
        return refuse("SW gl. KÉPESSÉG", f"That ability is used in the {phase} phase.",
                      "wrong_phase")
    if (ab.once_per_turn or ab.activate) and index in s.cards[card].uses:
        return refuse("SW gl. KÉPESSÉG", "That ability has been used this turn.", "used")
    if ab.instead == "move" or ab.keyword == "charge":
        why = move_refusal(ctx, player, card)
        if why:
            return refuse("SW gl. HELYETT", "An 'instead of moving' ability needs the unit's "
                          "move: " + why.message, "no_move")
    if ab.instead == "attack" and combat.attack_slot(ctx, card) != "slot":
        return refuse("SW gl. HELYETT", "An 'instead of attacking' ability uses one of your 3 "
                      "attacks, and this unit has none left.", "no_attack")
    if ab.keyword == "charge":
        if not charge_squares(ctx, card, ab):
            return refuse("SW gl. HELYETT", "There is no empty straight line to charge along.",
                          "no_line")
        return None
    if not _payable(ctx, Task("ability", player, card, index), ab.steps):
        return refuse("SW Döntés.29", "You cannot pay that ability's cost now, or it has "
                      "nothing to act on.", "cannot_pay")
    return None


def _payable(ctx: S.Ctx, task: Task, steps: tuple) -> bool:
    """The leading costs can be paid and the first choice has something to choose (gl.
    KÖLTSÉG; an ability or event with nothing to act on is not offered)."""
    from engine.sw.effects import options

    for st in steps:
        if st.branch >= 0:
            continue
        if st.do == "spend_charge" and ctx.s.cards[task.card].charges < st.amount:
            return False
        if st.do == "spend_magic" and ctx.s.players[task.player].magic < st.amount:
            return False
        if st.do in ("choose_card", "search_discard", "choose_square", "choose_one"):
            return st.optional or bool(options(ctx, task, st, {}, ()))
    return True


def charge_squares(ctx: S.Ctx, unit: int, ab: Ability) -> list[int]:
    """Roham: straight runs of ``min``..``max`` empty squares."""
    s = ctx.s
    out = []
    for ray in B.rays(s.cards[unit].square):
        for k, sq in enumerate(ray[:ab.max]):
            if s.board[sq] != EMPTY:
                break
            if k + 1 >= ab.min:
                out.append(sq)
    return sorted(out)


def do_ability(ctx: S.Ctx, player: int, a: A.UseAbility) -> None:
    why = ability_refusal(ctx, player, a.card, a.ability)
    if why:
        raise why
    ab = ctx.d(a.card).abilities[a.ability]
    if ab.keyword == "charge":
        ctx.emit(E.TaskPushed(Task("charge", player, a.card, a.ability, ask="square",
                                   options=tuple(charge_squares(ctx, a.card, ab)),
                                   optional=True)))
        return
    if ab.once_per_turn or ab.activate:
        ctx.emit(E.AbilityUsed(a.card, a.ability))
    if ab.instead:
        ctx.emit(E.SlotUsed(a.card, ab.instead))
    ctx.emit(E.TaskPushed(Task("ability", player, a.card, a.ability)))


def answer_charge(ctx: S.Ctx, task: Task, square: int | None) -> None:
    """Roham: the run along the chosen line (it is the unit's move, ruling R28), +strength for a
    run of ``threshold`` squares or more."""
    ctx.emit(E.TaskPopped())
    if square is None:
        # declined: the charge was used instead of the move, so the move is spent as with
        # every 'instead' ability (SW gl. HELYETT); left unspent, the same charge would be on
        # offer again at once, and a bot could declare and decline it forever
        ctx.emit(E.SlotUsed(task.card, "move"))
        return
    ab = ctx.d(task.card).abilities[task.ability]
    start = ctx.s.cards[task.card].square
    path = (*(B.between(start, square) or ()), square)
    ctx.emit(E.Moved(task.card, path, "SW gl. HELYETT"))
    if len(path) >= ab.threshold:
        ctx.emit(E.StrengthBoosted(task.card, ab.amount, "SW gl. HELYETT"))
    after_move(ctx, task.card)


# ---------------------------------------------------------------------------- attack, magic, end
def do_attack(ctx: S.Ctx, player: int, a: A.Attack) -> None:
    s = ctx.s
    if a.unit >= len(s.cards) or a.target >= len(s.cards):
        raise refuse("SW Támadás.1", "Attack with a unit of yours on the battlefield.",
                     "no_such_card")
    why = combat.attack_refusal(ctx, a.unit, a.target)
    if why:
        raise why
    combat.declare(ctx, a.unit, a.target)


def do_discard(ctx: S.Ctx, player: int, a: A.Discard) -> None:
    _from_hand(ctx, player, a.card, "SW Mágia.1", "Discard")
    ctx.emit(E.HandDiscarded(player, a.card))
    combat.gain_magic(ctx, player, 1, "SW Mágia.1")


def do_end(ctx: S.Ctx, player: int, a: A.EndPhase) -> None:
    end_phase(ctx)


HANDLERS = {A.Summon: ("summon", do_summon), A.Build: ("build", do_build),
            A.Move: ("move", do_move), A.Attack: ("attack", do_attack),
            A.Discard: ("magic", do_discard), A.PlayEvent: ("", do_event),
            A.UseAbility: ("", do_ability), A.EndPhase: ("", do_end)}


# ---------------------------------------------------------------------------- the menu
def phase_actions(ctx: S.Ctx, player: int) -> list:
    """Every legal action of the active player's phase decision, EndPhase last."""
    s = ctx.s
    phase = s.phase
    p = s.players[player]
    out: list = []
    hand = sorted(set(p.hand))
    if phase == "summon":
        squares = summon_squares(ctx, player)
        seen = set()
        for c in hand:
            d = ctx.d(c)
            if d.kind in ("champion", "common") and d.cost <= p.magic and d.id not in seen:
                seen.add(d.id)
                out += [A.Summon(c, sq) for sq in squares]
    elif phase == "build":
        squares = build_squares(ctx, player)
        seen = set()
        for c in hand:
            d = ctx.d(c)
            if d.is_structure and d.cost <= p.magic and d.id not in seen:
                seen.add(d.id)
                out += [A.Build(c, sq) for sq in squares]
    elif phase == "move":
        for u in list(ctx.on_board()):
            if move_refusal(ctx, player, u) is None:
                out += [A.Move(u, path) for path in move_paths(ctx, u).values()]
    elif phase == "attack":
        for u in list(ctx.on_board()):
            if s.cards[u].controller == player and not combat.can_attack(ctx, u):
                out += [A.Attack(u, t) for t in combat.targets(ctx, u)]
    elif phase == "magic":
        out += [A.Discard(c) for c in p.hand]
    seen_ev = set()
    for c in hand:
        d = ctx.d(c)
        if d.kind == "event" and d.id not in seen_ev and event_refusal(ctx, player, c) is None:
            seen_ev.add(d.id)
            out.append(A.PlayEvent(c))
    for u in list(ctx.on_board()):
        if s.cards[u].controller != player:
            continue
        for i, ab in enumerate(ctx.d(u).abilities):
            if (ab.activate or ab.instead or ab.keyword == "charge") and \
                    ability_refusal(ctx, player, u, i) is None:
                out.append(A.UseAbility(u, i))
    out.append(A.EndPhase())
    return out
