"""Machines and build-ons (MK 10.00-10.02, spec §16.4), the game option ``machines``.

A build-on card (``build_mp`` > 0, a machine obstacle) may, instead of being attached as an
obstacle, be built onto

* an own Kahrei adventurer in the Line: an MP-bound Sor action paying the MP printed before the
  build-on symbol (MK 10.00.C); it stays for good, cannot be removed, gives its boosts; an
  adventurer carrying more build-ons than its base level dies (MK 10.01);
* an own machine obstacle whose activation waits on the timeline: a fast action from the hand,
  at most the obstacle's MP value of build-ons; each adds its ``build_dmg`` to that activation's
  damage, and all go to the Past or Depth with it (a victorious beast stays, its build-ons go,
  MK 10.02).
"""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, attached_to, goes_to, holder

KAHREI = "kahrei"


def enabled(r: Run) -> bool:
    return bool(r.s.options.get("machines", True))


def built_on(r: Run, host: int) -> list[int]:
    return [a for a in attached_to(r.s, host) if r.d(a).build_mp > 0 and
            not r.card(a).face_down]


def adventurer_hosts(r: Run, seat: int) -> list[int]:
    """MK 10.01: own Kahrei adventurers in the Line."""
    return [i for i in r.s.players[seat].line
            if r.d(i).type == "adventurer" and r.d(i).race == KAHREI]


def waiting_machines(r: Run, seat: int) -> list[int]:
    """MK 10.02: own machine obstacles whose activation is on the top timeline, with room."""
    s = r.s
    if not s.timelines:
        return []
    out = []
    for it in s.timelines[-1].items:
        if it.kind == "activation" and it.player == seat and r.d(it.card).machine and \
                len(built_on(r, it.card)) < r.d(it.card).mp:
            out.append(it.card)
    return out


def builds(r: Run, seat: int, ctx: str) -> list[tuple[int, int]]:
    """(card, host) pairs: onto adventurers in the Sor of the Manoeuvres phase, onto waiting
    machine activations inside a timeline."""
    s = r.s
    if not enabled(r):
        return []
    mp = s.players[seat].mp
    cards = [i for i in sorted(s.players[seat].hand) if r.d(i).build_mp > 0 and
             r.d(i).build_mp <= mp]
    if not cards:
        return []
    if ctx == "sor" and s.phase == "manoeuvres" and s.manoeuvre is None:
        return [(c, h) for c in cards for h in adventurer_hosts(r, seat)]
    if ctx == "timeline":
        return [(c, h) for c in cards for h in waiting_machines(r, seat)]
    return []


def host_holds(r: Run, player: int, host: int) -> bool:
    """MK 6.05.R: the host is still there (an own Kahrei in the Line, or a waiting machine)."""
    c = r.card(host)
    if r.d(host).type == "adventurer":
        return c.zone == "line" and holder(c) == player and r.d(host).race == KAHREI
    return any(it.kind == "activation" and it.card == host
               for tl in r.s.timelines for it in tl.items)


def extra_damage(r: Run, obstacle: int) -> int:
    """MK 10.02: what the build-ons on a machine add to its activation's damage."""
    return sum(r.d(b).build_dmg for b in built_on(r, obstacle))


def scrap(r: Run, obstacle: int) -> None:
    """MK 10.02: after the activation the build-ons on the machine go to the Past or Depth."""
    for b in built_on(r, obstacle):
        r.emit(E.CardMoved(b, goes_to(r.s, r.pool, b), -1, False, -1, "MK 10.02"))


def overbuilt(r: Run, adventurer: int) -> bool:
    """MK 10.01: more build-ons than its base level kills an adventurer."""
    return len(built_on(r, adventurer)) > r.d(adventurer).level
