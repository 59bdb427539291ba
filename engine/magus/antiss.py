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

Entering the antiss (MK 8.04, ``EnterAntiss``): in the Sor of the Manoeuvres phase an alert
antiss wizard in the Line turns resting, as an MP-bound action of no MP that opens its own
timeline; it is not an antiss manoeuvre, so it does not count for MK 8.03.C. An antiss ability
(MK 8.01.B, ``Channel``: the wizard's ``effects`` at its ``target`` for ``antiss_mp``) is used
while the wizard rests in the Line (MK 8.02), as an MP-bound Sor action, once a round for each
wizard: it is his act on the antiss (MK 8.03.C, ruling 63).

On the antiss only permanent and antiss abilities work (MK 8.03.D, ruling 68): while an antiss
manoeuvre runs, no obstacle is activated or animated against the team on the antiss (an
obstacle's ability, MK 3.04.C, MK 2.15) and no ally's ability is aimed at an adventurer there;
permanent abilities (equipment boosts and armour, riders) keep working, and so do action cards
(MK 8.03 "E" lets the antiss wizards use them).
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


def silenced(r: Run, target: int = -1) -> bool:
    """MK 8.03.D: an ability used now would work on the antiss: an antiss manoeuvre runs and the
    ability aims at an adventurer on the antiss (a team member), or at the team itself
    (``target`` -1: an obstacle's activation against the enemy team)."""
    if not on_antiss(r):
        return False
    return target < 0 or r.card(target).zone == "team"


def may_attempt(r: Run, seat: int, q: int) -> bool:
    """MK 8.03.A-C: the quest not tried this round, its player not yet successful on the antiss
    this round, and an antiss wizard of his free to go."""
    s = r.s
    if not enabled(r) or q in s.antiss_tried or seat in s.antiss_solved:
        return False
    return any(wizard(r, i) and s.cards[i].pos in ("alert", "resting") and
               i not in s.antiss_acted for i in s.players[seat].line)


def _sor(r: Run) -> bool:
    s = r.s
    return s.phase == "manoeuvres" and s.manoeuvre is None and not s.timelines


def entries(r: Run, seat: int) -> list[int]:
    """MK 8.04: the antiss wizards of the seat that may enter the antiss now (alert, in the
    Line, in the Sor of the Manoeuvres phase)."""
    s = r.s
    if not enabled(r) or not _sor(r):
        return []
    return [i for i in s.players[seat].line if wizard(r, i) and s.cards[i].pos == "alert"]


def channels(r: Run, seat: int) -> list[tuple[int, int]]:
    """MK 8.01.B, 8.02, 8.03.C: (wizard, target) pairs of the antiss abilities the seat may use
    now: the wizard resting in the Line, not yet on the antiss this round, its MP paid."""
    from engine.magus.legal import _targets

    s = r.s
    if not enabled(r) or not _sor(r):
        return []
    mp = s.players[seat].mp
    out = []
    for i in s.players[seat].line:
        d = r.d(i)
        if not wizard(r, i) or not d.antiss_mp or d.antiss_mp > mp or not d.effects or \
                s.cards[i].pos != "resting" or i in s.antiss_acted:
            continue
        out += [(i, t) for t in _targets(r, seat, d.target, "line")]
    return out


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
