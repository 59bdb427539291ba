"""Two §16 subsystems that keep cards beside the Line, each a game option:

* the Outer plane (MK 9.00, option ``outer_plane``): outer-plane cards are played from the hand
  for exactly their MP value onto their player's Outer plane (A-B); there only their outer
  ability works (an MP-bound Sor action, once a round, ruling 59); its op ``descend`` brings
  the card into its player's Line alert (named rule and alignment checked on entering Present,
  F); at the end of the Manoeuvres phase it goes back (E), its equipment to the Storage (G),
  everything on it falling off (H);
* ghosts (MK 11.00, option ``ghosts``): an adventurer with SPIRIT n that dies or is sacrificed
  (the op ``sacrifice``, E, ruling 66) stays in Present as a ghost for n rounds, the current
  one included (A-C, E); a ghost is no adventurer and not in the Line (D); it enters alert and
  acts only through its spirit ability, an MP-bound Sor action that rotates it (ruling 60); the
  named rule applies, alignment does not (F).

A card's outer or spirit ability is its ``effects`` at its ``target`` (an adventurer has no
other use for them), paid with ``outer_mp`` or ``spirit_mp``.
"""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, goes_to, holder


def outer_on(r: Run) -> bool:
    return bool(r.s.options.get("outer_plane", True))


def ghosts_on(r: Run) -> bool:
    return bool(r.s.options.get("ghosts", True))


def _sor(r: Run) -> bool:
    s = r.s
    return s.phase == "manoeuvres" and s.manoeuvre is None and not s.timelines


# ---------------------------------------------------------------------------- the Outer plane
def invocations(r: Run, seat: int) -> list[tuple[int, int]]:
    """MK 9.00: (card, target) pairs of the outer abilities its player may use now."""
    from engine.magus.legal import _targets

    s = r.s
    if not outer_on(r) or not _sor(r):
        return []
    mp = s.players[seat].mp
    out = []
    for i in s.players[seat].outer:
        d = r.d(i)
        if i in s.invoked or d.outer_mp > mp or not d.effects:
            continue
        if any(e.op == "descend" for e in d.effects) and not may_enter(r, seat, i):
            continue
        out += [(i, t) for t in _targets(r, seat, d.target, "line")]
    return out


def may_enter(r: Run, seat: int, card: int) -> bool:
    """MK 9.00.F, MK 3.07.2: entering Present, the named rule and alignment apply."""
    from engine.magus.effects import clash, named_clash

    return not clash(r, seat, card) and not named_clash(r, seat, card)


def descend(r: Run, player: int, card: int) -> None:
    """The op ``descend``: from the Outer plane into its player's Line, alert."""
    c = r.card(card)
    if c.zone != "outer" or not may_enter(r, player, card):
        return
    r.emit(E.CardMoved(card, "line", player, False, -1, "MK 9.00.F"))


def back_to_the_outer_plane(r: Run) -> None:
    """MK 9.00.E, G-H: at the end of the Manoeuvres phase every outer-plane card in Present
    returns; its equipment goes to the Storage, damage and the rest fall off."""
    from engine.magus.equipment import wearer_leaves

    s = r.s
    if not outer_on(r):
        return
    for c in [c for c in s.cards if c.zone == "line" and r.pool[c.cid].outer]:
        wearer_leaves(r, c.iid)
        r.emit(E.CardMoved(c.iid, "outer", holder(c), False, -1, "MK 9.00.E"))


# ---------------------------------------------------------------------------- ghosts
def becomes_ghost(r: Run, card: int) -> bool:
    """MK 11.00.A-C, E: a dying adventurer with SPIRIT n stays in Present as a ghost, alert."""
    c = r.card(card)
    n = r.d(card).spirit
    if not ghosts_on(r) or n <= 0:
        return False
    r.emit(E.CardMoved(card, "ghosts", holder(c), False, -1, "MK 11.00.E"))
    r.emit(E.GhostBound(card, n))
    return True


def sacrifice(r: Run, card: int) -> None:
    """MK 11.00.E: a sacrificed adventurer leaves Present at once, not dying (no death effect
    waits for the timeline's end); one with SPIRIT n stays as a ghost instead, alert."""
    from engine.magus.equipment import wearer_leaves

    c = r.card(card)
    if c.zone not in ("line", "team") or r.d(card).type != "adventurer":
        return
    r.emit(E.Sacrificed(card))
    wearer_leaves(r, card)
    if not becomes_ghost(r, card):
        r.emit(E.CardMoved(card, goes_to(r.s, r.pool, card), -1, False, -1, "MK 11.00.E"))


def fade(r: Run) -> None:
    """MK 11.00.A: at the start of each round every ghost has one round fewer; one whose rounds
    are spent leaves Present (Past or Depth)."""
    s = r.s
    for card in sorted(s.ghosts):
        left = s.ghosts[card] - 1
        r.emit(E.GhostFaded(card, left))
        if left <= 0 and r.card(card).zone == "ghosts":
            r.emit(E.CardMoved(card, goes_to(s, r.pool, card), -1, False, -1, "MK 11.00.A"))


def hauntings(r: Run, seat: int) -> list[tuple[int, int]]:
    """MK 11.00.D: an alert ghost's spirit ability, MP-bound in the Sor (ruling 60)."""
    from engine.magus.legal import _targets

    s = r.s
    if not ghosts_on(r) or not _sor(r):
        return []
    mp = s.players[seat].mp
    out = []
    for i in s.players[seat].ghosts:
        d = r.d(i)
        if r.card(i).pos != "alert" or d.spirit_mp > mp or not d.effects:
            continue
        out += [(i, t) for t in _targets(r, seat, d.target, "line")]
    return out
