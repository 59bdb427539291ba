"""Attacks, damage, destruction, magic for kills and the end of the game (summoner-wars.md §6-8,
§11): SW Támadás.1-4, SW Kártyák sérülése.1-3, SW Kártyák eldobása.1, SW A tétlenség ára.1,
SW A játék vége.1.
"""

from __future__ import annotations

from engine.core import rng
from engine.core.game import IllegalAction
from engine.sw import board as B
from engine.sw import events as E
from engine.sw import stats as S
from engine.sw.state import ATTACKERS, BOARD, EMPTY, MAX_MAGIC, Task
from engine.sw.triggers import fire

IN_PLAY = (BOARD, "active", "resolving")


# ---------------------------------------------------------------------------- magic
def gain_magic(ctx: S.Ctx, player: int, amount: int, rule: str) -> None:
    """SW Mágiapont.2: at most 15; the excess is lost (ruling R13)."""
    have = ctx.s.players[player].magic
    got = max(0, min(amount, MAX_MAGIC - have))
    if got:
        ctx.emit(E.MagicChanged(player, got, have + got, rule))


def spend_magic(ctx: S.Ctx, player: int, amount: int, rule: str) -> None:
    have = ctx.s.players[player].magic
    if amount:
        ctx.emit(E.MagicChanged(player, -amount, have - amount, rule))


# ---------------------------------------------------------------------------- damage, destruction
def discard_from_board(ctx: S.Ctx, iid: int, rule: str) -> None:
    """gl. LAPDOBÁS: the cards under it first (gl. ALATT), then the card itself."""
    for u in list(ctx.s.cards[iid].under):
        ctx.emit(E.CardDiscarded(u, "SW gl. ALATT"))
    ctx.emit(E.CardDiscarded(iid, rule))


def deal_damage(ctx: S.Ctx, target: int, amount: int, source: int, rule: str,
                no_magic: bool = False, by_attack: bool = False) -> None:
    """SW Kártyák sérülése.1-2: mark the damage; a card left with no life is destroyed."""
    if amount <= 0 or ctx.s.cards[target].zone != BOARD:
        return
    ctx.emit(E.Damaged(target, amount, source, rule))
    if S.remaining_life(ctx, target) <= 0:
        destroy(ctx, target, source, "SW Kártyák sérülése.2", no_magic, by_attack)


def destroy(ctx: S.Ctx, iid: int, by: int, rule: str, no_magic: bool = False,
            by_attack: bool = False) -> None:
    """gl. ELPUSZTUL: discard it (and what lies under it), give magic for an enemy card destroyed
    by a card in play (SW Kártyák sérülése.3; not for Lelketlen-like sources, ruling R22), and
    let "destroyed" abilities trigger (gl. KÉPESSÉG: they work right after)."""
    s = ctx.s
    card = s.cards[iid]
    if card.zone != BOARD:
        return
    victim_side, square, was_unit = card.controller, card.square, ctx.d(iid).is_unit
    killer_side = s.cards[by].controller if by != EMPTY else EMPTY
    killer_in_play = by != EMPTY and s.cards[by].zone in IN_PLAY
    for u in list(card.under):
        ctx.emit(E.CardDiscarded(u, "SW gl. ALATT"))
    ctx.emit(E.Destroyed(iid, by, rule))
    if (killer_in_play and killer_side != victim_side and not no_magic
            and not S.has_keyword(ctx, by, "soulless")):
        gain_magic(ctx, killer_side, 1, "SW Kártyák sérülése.3")
    fire(ctx, "destroyed", subject=iid, square=square)
    if by_attack and s.cards[by].zone == BOARD:
        fire(ctx, "after_destroy", subject=by, other=iid, square=square)
    if was_unit:
        fire(ctx, "unit_destroyed", other=iid, square=square)


def sweep(ctx: S.Ctx) -> None:
    """Destroy every card whose life is 0 or less now (an aura that left play, §14.5)."""
    for iid in list(ctx.on_board()):
        if ctx.s.cards[iid].zone == BOARD and S.remaining_life(ctx, iid) <= 0:
            destroy(ctx, iid, EMPTY, "SW Kártyák sérülése.2")


def check_end(ctx: S.Ctx) -> bool:
    """SW A játék vége.1 / gl. IDÉZŐ: a player whose summoner left the battlefield loses; both at
    once is a draw (ruling R9). Returns True when the game is over."""
    s = ctx.s
    if s.result is not None:
        return True
    gone = [p for p, pl in enumerate(s.players) if s.cards[pl.summoner].zone != BOARD]
    if not gone:
        return False
    if len(gone) == 2:
        if ctx.opt("both_summoners") == "active_wins":
            ctx.emit(E.GameEnded((s.active,), "both_summoners", "SW Döntés.9"))
        else:
            ctx.emit(E.GameEnded((), "both_summoners", "SW Döntés.9"))
    else:
        ctx.emit(E.GameEnded((1 - gone[0],), "summoner", "SW A játék vége.1"))
    return True


def settle(ctx: S.Ctx) -> bool:
    """After every step: destroy what has no life left, then see whether the game is over."""
    sweep(ctx)
    return check_end(ctx)


# ---------------------------------------------------------------------------- attacking
def attack_slot(ctx: S.Ctx, unit: int) -> str:
    """Which slot an attack by ``unit`` would use now ("" if it cannot attack any more):
    SW Támadás.1 (3 different units), gl. EXTRA, Könyörtelen (its attack is extra)."""
    s = ctx.s
    c = s.cards[unit]
    if c.attacks == 0:
        if S.has_keyword(ctx, unit, "relentless"):
            return "free"
        if len(s.attackers) < ATTACKERS and _different(ctx, unit, s.attackers):
            return "slot"
    if c.extra > 0:
        return "extra"
    return ""


def _different(ctx: S.Ctx, unit: int, used: list[int]) -> bool:
    """Ruling R19: 'different' means different cards (option: different names)."""
    if ctx.opt("different_means") != "names":
        return True
    name = ctx.d(unit).name.en
    return all(ctx.d(u).name.en != name for u in used)


def can_attack(ctx: S.Ctx, unit: int) -> str:
    """Why ``unit`` (a card of the active player's) cannot attack now, "" if it can."""
    s = ctx.s
    c = s.cards[unit]
    d = ctx.d(unit)
    if c.zone != BOARD or c.controller != s.active or not d.is_unit:
        return "SW Támadás.1"
    if d.is_structure and not ctx.opt("structure_units_attack"):
        return "SW Döntés.20"
    if s.turn == 1 and not ctx.opt("first_turn_attack"):
        return "SW Döntés.7"
    if not attack_slot(ctx, unit):
        return "SW Támadás.1"
    return ""


def in_range(ctx: S.Ctx, unit: int, target: int) -> bool:
    """SW Támadás.2: melee — adjacent; ranged — a straight line up to 3 squares whose squares
    between are empty (or hold a friendly card friendly units attack through, Mellvéd)."""
    s = ctx.s
    a, t = s.cards[unit].square, s.cards[target].square
    dist = B.distance(a, t)
    if dist == 1:
        return True
    if S.attack_type(ctx, unit) != "ranged" or dist > 3:
        return False
    between = B.between(a, t)
    if between is None:
        return False
    me = s.cards[unit].controller
    for sq in between:
        o = s.board[sq]
        if o != EMPTY and not (s.cards[o].controller == me
                               and S.has_keyword(ctx, o, "fire_through")):
            return False
    return True


def targets(ctx: S.Ctx, unit: int) -> list[int]:
    """Every card ``unit`` may attack now (gl. CÉLPONT: never itself; ruling R8), walking the
    four straight lines out from it (SW Támadás.2)."""
    s = ctx.s
    board, cards = s.board, s.cards
    me = cards[unit].controller
    ff = ctx.opt("friendly_fire")
    reach = 3 if S.attack_type(ctx, unit) == "ranged" else 1
    out = []
    for ray in B.rays(cards[unit].square):
        for q in ray[:reach]:
            o = board[q]
            if o == EMPTY:
                continue
            if ff or cards[o].controller != me:
                out.append(o)
            if not (cards[o].controller == me and S.has_keyword(ctx, o, "fire_through")):
                break
    return sorted(out)


def attack_refusal(ctx: S.Ctx, unit: int, target: int) -> IllegalAction | None:
    s = ctx.s
    why = can_attack(ctx, unit)
    if why:
        msg = {"SW Döntés.20": "A unit that is also a structure cannot attack in this game "
                               "(option structure_units_attack).",
               "SW Döntés.7": "The first player may not attack on the first turn in this game "
                              "(option first_turn_attack)."}.get(
            why, "Attack with a unit you control that has not attacked yet; at most 3 different "
                 "units attack, beyond that only extra attacks.")
        return IllegalAction(why, msg, "cannot_attack")
    if s.cards[target].zone != BOARD:
        return IllegalAction("SW Támadás.2", "Attack a card on the battlefield.", "bad_target")
    if target == unit:
        return IllegalAction("SW gl. CÉLPONT", "A card can never target itself.", "self_target")
    if s.cards[target].controller == s.cards[unit].controller and not ctx.opt("friendly_fire"):
        return IllegalAction("SW Döntés.8", "Attacking friendly cards is off in this game.",
                             "friendly_fire")
    if not in_range(ctx, unit, target):
        return IllegalAction("SW Támadás.2", "A melee unit attacks an adjacent card; a ranged "
                             "unit a card up to 3 squares away in a straight line with only "
                             "empty squares between.", "out_of_range")
    return None


def roll(ctx: S.Ctx, n: int) -> tuple[tuple[str, ...], int]:
    faces = list(ctx.opt("die_faces"))  # type: ignore[arg-type]
    state = ctx.s.rng
    out = []
    for _ in range(n):
        i, state = rng.below(state, len(faces))
        out.append(faces[i])
    return tuple(out), state


def declare(ctx: S.Ctx, unit: int, target: int) -> None:
    """SW Támadás.1-3: declare, roll the dice; the attack task resolves it after any
    after-roll abilities (rerolls) have had their say."""
    kind = S.attack_type(ctx, unit)
    ctx.emit(E.AttackDeclared(unit, target, kind, attack_slot(ctx, unit)))
    faces, state = roll(ctx, S.strength_of(ctx, unit))
    ctx.emit(E.DiceRolled(unit, faces, state))
    ctx.emit(E.TaskPushed(Task("attack", ctx.s.active, unit, slots={"target": target})))
    fire(ctx, "after_roll", subject=unit, other=target)


def hits_of(ctx: S.Ctx, unit: int) -> int:
    """SW Támadás.4: one hit per die showing the attacker's symbol; specials count only when a
    dice rule says so (Fagyfejsze: ruling R4)."""
    r = ctx.s.roll
    sym = "r" if r.kind == "ranged" else "m"
    per_special = S.special_hits(ctx, unit) if ctx.s.cards[unit].zone == BOARD else 0
    hits = 0
    for f in r.faces:
        if sym in f:
            hits += 1
        elif "s" in f:
            hits += per_special
    return hits


def resolve(ctx: S.Ctx, task: Task) -> None:
    """The attack task: count hits, deal the damage, then the after-attack abilities."""
    s = ctx.s
    unit, target = task.card, task.slots["target"]
    ctx.emit(E.TaskPopped())
    hits = hits_of(ctx, unit)
    ctx.emit(E.HitsCounted(hits))
    square = s.cards[target].square
    if hits and s.cards[target].zone == BOARD:
        deal_damage(ctx, target, hits, unit, "SW Támadás.4", by_attack=True)
    ctx.emit(E.AttackEnded(unit))
    if s.cards[unit].zone == BOARD:
        fire(ctx, "after_attack", subject=unit, other=target, square=square)


def inactivity(ctx: S.Ctx) -> None:
    """SW A tétlenség ára.1 at the end of the attack phase (ruling R12)."""
    s = ctx.s
    if ctx.opt("inactivity") == "off" or s.attacked_enemy:
        return
    summoner = s.players[s.active].summoner
    if s.cards[summoner].zone != BOARD:
        return
    ctx.emit(E.InactivityPenalty(s.active))
    deal_damage(ctx, summoner, 1, EMPTY, "SW A tétlenség ára.1")
