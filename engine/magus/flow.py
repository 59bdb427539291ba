"""The game's course: setup (MK 1.08, mulligan), the round (MK 1.07: Round opening, Resource,
Manoeuvres, Round closing), the win and draw checks exactly when MK 1.01.A-B say, and the driver
that runs the rules forward until a seat must decide (auto-passing where pass is the only legal
answer)."""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, dp
from engine.magus.timeline import PRIORITY, context, open_timeline

HAND = 7                                     # MK 1.03 "Kézméret"
MP_START = 6                                 # MK 1.08.C
MP_GAIN = 4                                  # MK 1.07 "MP-nyerés lépés"
#: stages that wait for a seat
DECISIONS = {"starter", "cut", "towers", "mulligan", "adjust", "close_discard", PRIORITY, "team",
             "wall", "order", "goon", "more", "condition", "victim", "raze",
             "store", "reattach", "triggers", "escape", "focus", "aim",
             "mosaic"}


def advance(r: Run) -> None:
    """Run the automatic steps until a seat must decide or the game is over."""
    from engine.magus import legal

    s = r.s
    for _ in range(100_000):
        if s.result is not None:
            return
        st = s.stage
        if st in DECISIONS:
            seat = s.active if st == PRIORITY else s.chooser
            acts = legal.legal(r, seat)
            if len(acts) == 1 and legal.is_forced(acts[0]):
                legal.perform(r, seat, acts[0])          # auto-pass (issue 18: "Speed")
                continue
            return
        AUTO[st](r)
    raise RuntimeError("the M.A.G.U.S. rules ran 100,000 steps without a decision")


# ---------------------------------------------------------------------------- setup
def setup_roll(r: Run) -> None:
    """MK 1.08.A: both roll; the higher roller chooses who starts (ties roll again)."""
    while True:
        a, _ = r.roll(0, "starter", 12, 0, "MK 1.08.A")
        b, _ = r.roll(1, "starter", 12, 0, "MK 1.08.A")
        if a != b:
            r.stage("starter", 0 if a > b else 1, "MK 1.08.A")
            return


def after_starter(r: Run) -> None:
    r.emit(E.ActiveSet(r.s.starter, "older_stamp", 0, 0, "MK 1.08.A"))
    r.stage("towers", r.s.starter, "MK 1.08.B")


def after_towers(r: Run, player: int) -> None:
    """Both have ordered their three starting tower levels: 6 MP each, shuffle (MK 1.08.C)."""
    if player == r.s.starter:
        r.stage("towers", 1 - player, "MK 1.08.B")
        return
    for p in (0, 1):
        r.mp(p, MP_START, "MK 1.08.C")
    for p in (0, 1):
        r.shuffle(p, "MK 1.08.C")
    offer_cut(r, (0, 1), "round")


def offer_cut(r: Run, players: tuple[int, ...], then: str) -> None:
    """MK 1.03 "Keverési szabály": after a shuffle the opponent may shuffle again or cut."""
    r.emit(E.CutOffered(players, then))
    next_cut(r)


def next_cut(r: Run) -> None:
    s = r.s
    if s.cuts:
        r.stage("cut", 1 - s.cuts[0], "MK 1.03 \"Keverési szabály\"")
    else:
        r.stage(s.after_cut, -1, "MK 1.08.D")


# ---------------------------------------------------------------------------- the round
def begin_round(r: Run) -> None:
    """MK 1.07: the round opens with its timeline."""
    r.emit(E.RoundBegan(r.s.round + 1))
    from engine.magus.planes import fade

    fade(r)                                                                    # MK 11.00.A
    r.emit(E.PhaseBegan("opening", "MK 1.07 \"Forduló nyitása\""))
    open_timeline(r, "opening", "MK 1.07 \"Forduló nyitása\"")
    s = r.s
    present = ("line", "buildings", "allies", "tower")
    due = [c.iid for c in s.cards if c.zone in present and r.pool[c.cid].on_round and
           not c.face_down]
    if due:
        r.emit(E.TriggersPending(tuple(due), "MK 6.05.E"))
        feed_triggers(r)


def feed_triggers(r: Run) -> None:
    """MK 6.05.E: simultaneous timed effects enter the timeline, the active player's first (so
    they resolve later); a player with several orders his own (the decision ``triggers``)."""
    from engine.magus.ctx import holder
    from engine.magus.timeline import add_item

    s = r.s
    while s.triggers:
        owners = [holder(s.cards[i]) for i in s.triggers]
        p = s.active if s.active in owners else 1 - s.active
        mine = [i for i in s.triggers if holder(s.cards[i]) == p]
        if len(mine) > 1:
            r.stage("triggers", p, "MK 6.05.E")
            return
        add_item(r, p, mine[0], "round", -1, -1, False, "MK 6.05.E")
    r.stage(PRIORITY, -1, "MK 6.05.F")


def resource_steps(r: Run) -> None:
    """MK 1.07 "Erőforrás fázis": a) +4 MP (ruling 5 for round 1), then b) hand adjustment."""
    s = r.s
    r.emit(E.PhaseBegan("resource", "MK 1.07 \"Erőforrás fázis\""))
    if s.round > 1 or s.options.get("round1_mp_gain", True):
        for p in (0, 1):
            r.mp(p, MP_GAIN, "MK 1.07 \"MP-nyerés lépés\"")
    r.recompute()
    r.stage("hand", -1, "MK 1.07 \"Kézigazítás lépés\"")


def order_of_players(r: Run) -> tuple[int, int]:
    return r.s.active, 1 - r.s.active


def hand_step(r: Run) -> None:
    """b) Each draws or discards to exactly 7; round 1 uses the mulligan (MK 1.08.D), the
    active player first (ruling 6)."""
    s = r.s
    for p in order_of_players(r):
        pl = s.players[p]
        if pl.done:
            continue
        if s.round == 1:
            if not pl.hand:
                for i in list(pl.future[:pl.hand_size]):
                    r.emit(E.Drew(p, i, "MK 1.08.D"))
            r.stage("mulligan", p, "MK 1.08.D")
            return
        while len(pl.hand) < HAND and pl.future:
            r.emit(E.Drew(p, pl.future[0], "MK 1.07 \"Kézigazítás lépés\""))
        if len(pl.hand) > HAND:
            r.stage("adjust", p, "MK 1.07 \"Kézigazítás lépés\"")
            return
        r.emit(E.HandKept(p))
    rerotate(r)


def rerotate(r: Run) -> None:
    """c) Every card in Present turns back one step (ruling 28), then the phase timeline."""
    for c in r.s.cards:
        if c.zone in ("line", "tower", "quests", "storage", "buildings", "allies",
                      "ghosts") and \
                c.pos != "alert":
            r.emit(E.PositionSet(c.iid, "alert" if c.pos == "resting" else "resting",
                                 "MK 1.07 \"Visszaforgatás lépés\""))
    open_timeline(r, "resource", "MK 1.07 \"Erőforrás fázis\"")


def begin_manoeuvres(r: Run) -> None:
    r.emit(E.PhaseBegan("manoeuvres", "MK 1.07 \"Manőverek fázis\""))
    r.recompute()
    r.stage(PRIORITY, -1, "MK 1.07 \"Manőverek fázis\"")


def end_manoeuvres_phase(r: Run) -> None:
    """MK 6.07.F: two passes in a row with no timeline end the Manoeuvres phase; outer-plane
    cards go back to the Outer plane (MK 9.00.E)."""
    from engine.magus.planes import back_to_the_outer_plane

    back_to_the_outer_plane(r)
    r.emit(E.PhaseBegan("closing", "MK 1.07 \"Forduló zárása fázis\""))
    r.recompute()
    r.stage("close_discard", r.s.active, "MK 1.07 \"Forduló zárása fázis\"")


def close_discard_done(r: Run, player: int) -> None:
    """Each may discard one card (no timeline), then the closing timeline."""
    if not r.s.players[1 - player].done:
        r.stage("close_discard", 1 - player, "MK 1.07 \"Forduló zárása fázis\"")
        return
    open_timeline(r, "closing", "MK 1.07 \"Forduló zárása fázis\"")


def after_timeline(r: Run, kind: str) -> None:
    """Where the course goes on after a timeline outside any manoeuvre ends."""
    if kind == "opening":
        resource_steps(r)
    elif kind == "resource":
        begin_manoeuvres(r)
    elif kind == "closing":
        end_of_round(r)
    else:                                     # an action's timeline: back to the Sor
        r.stage(PRIORITY, -1, "MK 6.05.I")


# ---------------------------------------------------------------------------- the end
def end_game(r: Run, winners: tuple[int, ...], reason: str, rule: str) -> None:
    r.emit(E.GameEnded(winners, reason, rule))


def check_immediate_end(r: Run) -> bool:
    """MK 1.01.A, spec §1.1: run after every unwound item, timeline end and tower loss."""
    s = r.s
    if s.result is not None:
        return True
    towers = [len(p.tower) for p in s.players]
    if towers[0] == 0 and towers[1] == 0:
        end_game(r, (), "towers_both", "MK 1.01.A")
    elif towers[0] == 0 or towers[1] == 0:
        end_game(r, (0 if towers[0] else 1,), "towers", "MK 1.01.A")
    else:
        d = [dp(s, r.pool, p) for p in (0, 1)]
        for p in (0, 1):
            if d[p] >= 19 and d[p] > d[1 - p]:
                end_game(r, (p,), "dp19", "MK 1.01.A")
                break
    return s.result is not None


def end_of_round(r: Run) -> None:
    """MK 1.01.B at the end of the Round-closing timeline, in order."""
    s = r.s
    for p, pl in enumerate(s.players):      # permissions "this round" expire (MK 4.01.A)
        if pl.fights:
            r.emit(E.FightsGranted(p, -pl.fights, "MK 1.07 \"Forduló zárása fázis\""))
    d = [dp(s, r.pool, p) for p in (0, 1)]
    empty = [not p.future for p in s.players]
    for p in (0, 1):
        if d[p] >= 11 and d[p] > d[1 - p]:
            end_game(r, (p,), "dp11", "MK 1.01.B")
            return
    if all(empty):
        end_game(r, (), "decks_both", "MK 1.01.B")
    elif any(empty):
        end_game(r, (1 if empty[0] else 0,), "deck", "MK 1.01.B")
    elif s.round >= int(s.options.get("max_rounds", 60)):          # a safety net, never hit
        end_game(r, (), "rounds", "MK 1.01.B")
    else:
        r.stage("round", -1, "MK 1.07")


AUTO = {
    "roll": setup_roll,
    "starter_done": after_starter,
    "round": begin_round,
    "hand": hand_step,
}

__all__ = ["advance", "context", "check_immediate_end"]
