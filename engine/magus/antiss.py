"""The antiss (MK 8.00-8.03, spec §16.2), the game option ``antiss``: an antiss quest is solved
by a line-leaving manoeuvre of its own kind (``antiss``), following the quest's steps with these
changes:

* the initiating team: antiss wizards (the antiss mark, MK 8.01.A), alert or resting, and at
  most one resting adventurer without the mark (MK 8.02); any alert or resting adventurers may
  block;
* limits (MK 8.03.A-C): one antiss quest solved per player a round, one attempt at each antiss
  quest a round, each adventurer on the antiss once a round;
* antiss combat (MK 8.03 "E"): only antiss wizards act, with any combat-phase action card
  whatever its caste; Astral stands for Physique in their attack rolls; an adventurer that would
  die there returns to its Line wounded with no damage instead.

Entering the antiss as an action of its own (MK 8.04) only serves antiss abilities, which no card
of ours has (ruling 62).
"""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, holder


def enabled(r: Run) -> bool:
    return bool(r.s.options.get("antiss", True))


def quest(r: Run, q: int) -> bool:
    return r.d(q).antiss and r.d(q).type == "quest"


def wizard(r: Run, i: int) -> bool:
    return r.d(i).antiss and r.d(i).type == "adventurer"


def on_antiss(r: Run) -> bool:
    m = r.s.manoeuvre
    return m is not None and m.kind == "antiss"


def may_attempt(r: Run, seat: int, q: int) -> bool:
    """MK 8.03.A-C: the quest not tried this round, its player not yet successful on the antiss
    this round, and an antiss wizard of his free to go."""
    s = r.s
    if not enabled(r) or q in s.antiss_tried or seat in s.antiss_solved:
        return False
    return any(wizard(r, i) and s.cards[i].pos in ("alert", "resting") and
               i not in s.antiss_acted for i in s.players[seat].line)


def joinable(r: Run, seat: int, initiating: bool) -> list[int]:
    """MK 8.02: who may join an antiss team now."""
    s = r.s
    p = s.players[seat]
    free = [i for i in p.line if r.d(i).type == "adventurer" and i not in p.picked and
            i not in s.antiss_acted and s.cards[i].pos in ("alert", "resting")]
    if not initiating:
        return free
    plain = [i for i in p.picked if not wizard(r, i)]
    return [i for i in free if wizard(r, i) or (not plain and s.cards[i].pos == "resting")]


def casters(r: Run, team: list[int]) -> list[int]:
    """MK 8.03 "E": only alert antiss wizards act in an antiss combat."""
    return [i for i in team if wizard(r, i) and r.card(i).pos == "alert"]


def saved(r: Run, i: int) -> bool:
    """MK 8.03 "E": on the antiss an adventurer that would die returns to its Line wounded,
    with no damage."""
    if not on_antiss(r) or r.card(i).zone != "team":
        return False
    r.emit(E.AntissSaved(i))
    r.emit(E.CardMoved(i, "line", holder(r.card(i)), False, -1, "MK 8.03"))
    r.emit(E.PositionSet(i, "wounded", "MK 8.03"))
    return True
