"""Line-leaving manoeuvres (MK 4.01-4.06, spec §10-11): tower siege, quest solving and building
capture, each in
its step order, with the surrounding timeline (MK 6.06) around their inner phase timelines,
obstacles, the wall check, a blocking team or none, combat (prep, battle order, combat rounds,
result) and the outcome."""

from __future__ import annotations

from engine.magus import equipment as Q
from engine.magus import events as E
from engine.magus import keywords as K
from engine.magus.cards import parse_condition
from engine.magus.ctx import (
    Run,
    attached_to,
    current_level,
    free_towers,
    goes_to,
    holder,
    team_of,
    value,
)
from engine.magus.flow import check_immediate_end
from engine.magus.timeline import (
    PRIORITY,
    add_item,
    deaths,
    go_home,
    open_timeline,
    wound_line,
)

SIEGE_MP = 2                                          # MK 4.01.F
TEAM_SIZE = 3
FIGHT_SIZE = 1                                        # MK 4.01.F


def team_size(r: Run, m: object, blocking: bool) -> int:
    """MK 4.01.F, MK 3.03.D: 3 a side; a building's printed attacker/defender numbers."""
    kind, target = getattr(m, "kind"), getattr(m, "target")
    if kind == "capture":
        d = r.d(target)
        return d.defenders if blocking else d.attackers
    if kind == "fight":
        return FIGHT_SIZE
    return TEAM_SIZE


def capture_cost(r: Run, building: int) -> int:
    """MK 4.01.F: a capture costs the building's DP; a negative DP counts as 0 (MK 1.10.C)."""
    return max(0, r.d(building).dp)


def begin(r: Run, kind: str, target: int, player: int) -> None:
    """MK 4.06 "Kezdeményező csapat" 1-2, MK 6.06.A: announce the kind and the target; the
    surrounding timeline opens; the initiator composes his team."""
    r.emit(E.ManoeuvreBegan(kind, target, player, "MK 6.06.A"))
    open_timeline(r, "m_surround", "MK 6.06.A")
    r.stage("team", player, "MK 4.06 \"Kezdeményező csapat\"")


def team_done(r: Run, player: int) -> None:
    """The team leaves the Line (steps 3-5): pay, stamp, the phase timeline."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    picked = list(s.players[player].picked)
    r.emit(E.Picked(player, -1))
    if m.step == "init":
        cost = SIEGE_MP if m.kind == "siege" and not any(
            "raiding" in r.d(i).keywords for i in picked) else 0               # MK 2.18
        if m.kind == "capture":
            cost = capture_cost(r, m.target)
        r.mp(player, -cost, "MK 4.01.F")
        if m.kind == "fight":                      # the permission is used (MK 4.01.A)
            r.emit(E.FightsGranted(player, -1, "MK 4.01.A"))
        r.stamp(player)
        for i in picked:
            r.emit(E.TeamJoined(0, i, "MK 4.06 \"Kezdeményező csapat\""))
        open_timeline(r, "m_init", "MK 4.06 \"Kezdeményező csapat\"")
    else:
        for i in picked:
            r.emit(E.TeamJoined(1, i, "MK 4.06 \"Akadályozó csapat\""))
        open_timeline(r, "m_block", "MK 4.06 \"Akadályozó csapat\"")


def after_timeline(r: Run, kind: str) -> None:
    """What follows each inner timeline (spec §10.4)."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    if kind == "m_obst" and s.victorious and victorious_end(r):
        return                                             # the owner decides first
    if not m.attackers and not m.blockers and kind != "m_action":            # MK 4.01.I
        end(r, "empty", "MK 4.01.I")
        return
    if kind == "m_init":
        if m.kind == "siege":
            reveal(r)
        elif m.kind == "capture":                                    # MK 4.04 step 2
            obstacles(r)
        else:
            block(r)
    elif kind == "m_reveal":
        obstacles(r)
    elif kind == "m_obst":
        if m.kind in ("siege", "capture"):
            wall_check(r)
        else:
            condition(r)
    elif kind == "m_block":
        if m.blockers and m.attackers:
            r.emit(E.StepBegan("prep", "MK 4.06 \"Harc előkészítés\""))
            open_timeline(r, "m_prep", "MK 4.06 \"Harc előkészítés\"")
        elif m.kind == "siege":
            outcome(r, True, "MK 4.03.F")
        elif m.kind == "capture":
            captured(r, True, "MK 4.04.D")
        elif m.kind == "fight":                    # MK 4.05.D-E: an empty combat step
            to_result(r)
        else:
            obstacles(r)
    elif kind == "m_prep":
        r.emit(E.StepBegan("order", "MK 4.06 \"Harci körök\".A"))
        r.stage("order", m.initiator, "MK 4.06 \"Harci körök\".A")
    elif kind == "m_action":
        r.stage(PRIORITY, -1, "MK 6.05.I")
    elif kind == "m_result":
        decide(r)
    elif kind == "m_cond":
        end(r, "done", "MK 4.06 \"Küldetés megoldása lépés\"")


def victorious_end(r: Run) -> bool:
    """MK 4.06 "Bestia".J, ruling 22: at the end of the obstacle phase, a victorious beast whose
    enemy team is still empty may be re-attached (a decision of its owner); otherwise it is used
    up. True while the owner decides."""
    s = r.s
    for b in list(s.victorious):
        owner = holder(r.card(b))
        if not team_of(s, 1 - owner):
            r.stage("reattach", owner, "MK 4.06 \"Bestia\".J")
            return True
        r.emit(E.CardMoved(b, goes_to(s, r.pool, b), -1, False, -1, "MK 3.04.G"))
    return False


def reattach(r: Run, player: int, card: int) -> None:
    """KeepBeast(card) keeps one; Done uses up the rest; then the phase goes on."""
    s = r.s
    if card >= 0:
        r.emit(E.BeastKept(card, "MK 4.06 \"Bestia\".J"))
    else:
        for b in [b for b in s.victorious if holder(r.card(b)) == player]:
            r.emit(E.CardMoved(b, goes_to(s, r.pool, b), -1, False, -1, "MK 3.04.G"))
    if any(holder(r.card(b)) == player for b in s.victorious):
        return                                             # he may keep another
    after_timeline(r, "m_obst")


def honour_ending(r: Run, kind: str) -> None:
    """MK 6.05.Q: an effect that ended the combat or the manoeuvre waited for the end of its
    timeline; now combat jumps to result determination, or the manoeuvre ends."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    what = s.ending
    r.emit(E.EndWaits("", "MK 6.05.Q"))
    if what == "combat" and m.step in ("prep", "order", "rounds"):
        r.emit(E.StepBegan("result", "MK 6.05.Q"))
        open_timeline(r, "m_result", "MK 6.05.Q")
    elif what == "manoeuvre":
        end(r, "ended", "MK 6.05.Q")
    else:                                     # nothing left to end: go on as usual
        after_timeline(r, kind)


# ---------------------------------------------------------------------------- steps
def reveal(r: Run) -> None:
    """MK 4.06 "Toronyszint felfedése": revealed even if open; its ability enters."""
    m = r.s.manoeuvre
    assert m is not None
    r.emit(E.StepBegan("reveal", "MK 4.06 \"Toronyszint felfedése\""))
    r.emit(E.Revealed(m.target, r.card(m.target).cid, "MK 4.06 \"Toronyszint felfedése\""))
    open_timeline(r, "m_reveal", "MK 4.06 \"Toronyszint felfedése\"")
    if r.d(m.target).reveal:
        add_item(r, holder(r.card(m.target)), m.target, "reveal", -1, -1, False,
                 "MK 4.06 \"Toronyszint felfedése\"")


def obstacles(r: Run) -> None:
    r.emit(E.StepBegan("obstacles", "MK 4.06 \"Akadálylapok aktivizálása\""))
    open_timeline(r, "m_obst", "MK 4.06 \"Akadálylapok aktivizálása\"")


def team_level(r: Run, members: list[int]) -> int:
    """MK 4.06 "A harc eredményének meghatározása".A: the sum of current levels."""
    return sum(max(0, current_level(r.pool, r.card(i), r.s)) for i in members)


def wall_of(r: Run) -> int:
    m = r.s.manoeuvre
    assert m is not None
    return r.d(m.target).wall if m.kind in ("siege", "capture") else 0   # MK 4.04.B


def wall_check(r: Run) -> None:
    """MK 4.03.C, MK 4.04.B: Wall ≥ the attackers' level lets the defender end the siege or
    the capture."""
    m = r.s.manoeuvre
    assert m is not None
    if wall_of(r) >= team_level(r, m.attackers):
        r.stage("wall", 1 - m.initiator, "MK 4.03.C")
    else:
        block(r)


def block(r: Run) -> None:
    m = r.s.manoeuvre
    assert m is not None
    r.emit(E.StepBegan("block", "MK 4.06 \"Akadályozó csapat\""))
    r.stage("team", 1 - m.initiator, "MK 4.06 \"Akadályozó csapat\"")


def order_done(r: Run, player: int) -> None:
    m = r.s.manoeuvre
    assert m is not None
    if player == m.initiator:
        r.stage("order", 1 - player, "MK 4.06 \"Harci körök\".A")
        return
    r.emit(E.StepBegan("rounds", "MK 4.06 \"Harci körök\""))
    combat_round(r)


def combat_round(r: Run) -> None:
    """MK 4.06 "Harci körök".C: everyone in the combat turns alert; recompute (tie: the
    initiator, MK 1.06.C)."""
    m = r.s.manoeuvre
    assert m is not None
    r.emit(E.CombatRound(m.combat_round + 1, False))
    for i in m.attackers + m.blockers:
        if r.card(i).pos != "alert":
            r.emit(E.PositionSet(i, "alert", "MK 4.06 \"Harci körök\".C"))
    momentum = [sum("momentum" in r.d(i).keywords for i in team_of(r.s, p)) for p in (0, 1)]
    if m.combat_round == 1 and momentum[0] != momentum[1]:                       # MK 2.10
        p = 0 if momentum[0] > momentum[1] else 1
        r.emit(E.ActiveSet(p, "momentum", momentum[p], momentum[1 - p], "MK 2.10"))
    else:
        r.recompute()
    r.stage(PRIORITY, -1, "MK 4.06 \"Harci körök\"")


def end_combat_round(r: Run) -> None:
    """Two passes end the round; a round with an action is followed by another (ruling 8)."""
    m = r.s.manoeuvre
    assert m is not None
    if r.s.options.get("combat_rounds", "auto") == "ask":
        r.stage("more", m.initiator, "MK 4.06 \"Harci körök\".G")
        return
    if m.acted:
        combat_round(r)
        return
    to_result(r)


def to_result(r: Run) -> None:
    r.emit(E.StepBegan("result", "MK 4.06 \"A harc eredményének meghatározása\""))
    open_timeline(r, "m_result", "MK 4.06 \"A harc eredményének meghatározása\"")


def more_rounds(r: Run, player: int, go: bool) -> None:
    """Ruling 8, option "ask": each player in turn (the initiator first) may ask for another
    combat round; one who asks gets it."""
    m = r.s.manoeuvre
    assert m is not None
    if go:
        combat_round(r)
    elif player == m.initiator:
        r.stage("more", 1 - player, "MK 4.06 \"Harci körök\".G")
    else:
        to_result(r)


def promote_front(r: Run) -> None:
    """MK 4.06 "Harci körök".A: a team without front-liners promotes all its protected."""
    m = r.s.manoeuvre
    if m is None:
        return
    for team in (m.attackers, m.blockers):
        if team and not any(r.card(i).front for i in team):
            for i in team:
                r.emit(E.OrderSet(i, True, "MK 4.06 \"Harci körök\".A"))


def decide(r: Run) -> None:
    """Team levels (+Wall for the defender in a siege); strictly higher wins (B-E)."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    att = team_level(r, m.attackers)
    dfn = team_level(r, m.blockers) + wall_of(r)
    winner = m.initiator if att > dfn else (1 - m.initiator if dfn > att else -1)
    r.emit(E.CombatDecided(att, dfn, winner))
    if m.kind == "siege":
        outcome(r, winner == m.initiator, "MK 4.03.E")
        return
    if m.kind == "capture":
        captured(r, winner == m.initiator, "MK 4.04.D")
        return
    if m.kind == "fight":                          # MK 4.05.E, MK 4.01.J: the higher wins
        end(r, "won" if winner == m.initiator else "lost" if winner >= 0 else "draw",
            "MK 4.05")
        return
    # quest (MK 4.02.C): the non-winners go home; the winner continues or goes home
    for side, team in ((m.initiator, m.attackers), (1 - m.initiator, m.blockers)):
        if side != winner:
            for i in list(team):
                go_home(r, i, "MK 4.02.C")
    if winner < 0 or (winner != m.initiator and not s.options.get("blocker_may_solve", True)):
        end(r, "draw" if winner < 0 else "blocked", "MK 4.02.C")
        return
    r.stage("goon", winner, "MK 4.02.C")


def goon(r: Run, player: int, go: bool) -> None:
    if go:
        obstacles(r)
    else:
        end(r, "home", "MK 4.02.C")


def outcome(r: Run, success: bool, rule: str) -> None:
    """MK 4.03.E-F: a successful siege destroys the level with its attachments; otherwise it
    stays, turned face down again if it was hidden; then the win check."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    if success:
        for a in attached_to(s, m.target):
            r.emit(E.CardMoved(a, goes_to(s, r.pool, a), -1, False, -1, "MK 4.03.E"))
        r.emit(E.CardMoved(m.target, goes_to(s, r.pool, m.target), -1, False, -1, rule))
        if check_immediate_end(r):
            return
    elif m.was_hidden:
        r.emit(E.Concealed(m.target))
    end(r, "taken" if success else "held", rule)


def captured(r: Run, success: bool, rule: str) -> None:
    """MK 4.04.D-E: a successful capture passes the building to the initiator; its attachments
    and tokens go to the Past/Depth; then the cap of three buildings (MK 3.03.F)."""
    from engine.magus.effects import over_cap

    s = r.s
    m = s.manoeuvre
    assert m is not None
    if not success:
        end(r, "held", rule)
        return
    for a in attached_to(s, m.target):
        r.emit(E.CardMoved(a, goes_to(s, r.pool, a), -1, False, -1, "MK 4.04.E"))
    r.emit(E.CardMoved(m.target, "buildings", m.initiator, False, -1, rule))
    r.emit(E.StepBegan("outcome", rule))
    if over_cap(r, m.initiator):
        return                                   # the Raze decision ends the manoeuvre
    end(r, "taken", rule)


def raze(r: Run, player: int, card: int) -> None:
    """MK 3.03.F: the chosen building goes to the Past/Depth, no timeline (MK 1.14.4: one of
    two "at most one such" buildings is sacrificed the same way); then what the gain
    interrupted goes on (the capture's end, or the timeline the building entered in)."""
    from engine.magus.effects import one_only_pair, over_cap
    from engine.magus.timeline import after_unwind

    rule = "MK 1.14.4" if card in one_only_pair(r, player) else "MK 3.03.F"
    for o in attached_to(r.s, card):                  # its attachments fall with it
        r.emit(E.CardMoved(o, goes_to(r.s, r.pool, o), -1, False, -1, rule))
    r.emit(E.CardMoved(card, goes_to(r.s, r.pool, card), -1, False, -1, rule))
    if rule == "MK 1.14.4" and over_cap(r, player):         # then the cap of three
        return
    m = r.s.manoeuvre
    if m is not None and m.step == "outcome":
        end(r, "taken", "MK 4.04.D")
    else:
        after_unwind(r)


def solver(r: Run) -> int:
    m = r.s.manoeuvre
    assert m is not None
    return m.initiator if m.attackers else 1 - m.initiator


def condition(r: Run) -> None:
    """MK 4.06 "Küldetés feltétel teljesítés fázis": the fixed steps, then fast effects."""
    r.emit(E.StepBegan("condition", "MK 4.06 \"Küldetés feltétel teljesítés fázis\""))
    open_timeline(r, "m_cond", "MK 4.06 \"Küldetés feltétel teljesítés fázis\"")
    r.stage("condition", solver(r), "MK 4.06 \"Feltétel\"")


def meet_condition(r: Run, player: int, index: int) -> None:
    """Name one of the quest's conditions and meet it (castes by distinct members, test rolls
    by the best member not yet tested in that attribute, MK 1.09.B); pay; solve."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    q = r.d(m.target)
    members = team_of(s, player)
    if K.is_treasure(r, m.target):
        solve_treasure(r, player)
        return
    used: set[int] = set()
    tested: dict[str, set[int]] = {}
    met = True
    for part in parse_condition(q.conditions[index]):
        ok = False
        for alt in part:
            if ">" in alt:
                attr, low = alt.split(">")
                cand = [i for i in members if i not in tested.setdefault(attr, set())]
                if not cand:
                    continue
                best = max(cand, key=lambda i: value(s, r.pool, r.card(i), attr))
                tested[attr].add(best)
                _, ok = r.roll(player, "test", value(s, r.pool, r.card(best), attr), int(low),
                               "MK 1.09.B")
            else:
                cand = [i for i in members if i not in used and
                        any(c.split("/")[0] == alt for c in r.d(i).castes)]
                if cand:
                    used.add(cand[0])
                    ok = True
            if ok:
                break
        met = met and ok
    cost = K.solve_cost(r, player, m.target)                                   # MK 2.12
    met = met and s.players[player].mp >= cost
    if q.storable and not free_towers(s, r.pool, player):       # MK 1.14.3: cannot be solved
        met = False
    r.emit(E.ConditionChosen(player, index, met))
    if met:
        r.mp(player, -cost, "MK 4.06 \"Küldetés feltétel teljesítés fázis\"")
        Q.take_reward(r, player, m.target)                                  # MK 3.02.F
        for a in attached_to(s, m.target):
            r.emit(E.CardMoved(a, goes_to(s, r.pool, a), -1, False, -1, "MK 3.02.K"))
        if q.storable:
            r.stage("store", player, "MK 1.14.3")
            return
        r.emit(E.QuestSolved(player, m.target))
        r.emit(E.CardMoved(m.target, "solved", player, False, -1,
                           "MK 4.06 \"Küldetés megoldása lépés\""))
    r.stage(PRIORITY, -1, "MK 4.06 \"Küldetés feltétel teljesítés fázis\"")


def solve_treasure(r: Run, player: int) -> None:
    """MK 2.07.c-f: a treasure quest is solved when the team level is at least X, for 0 MP;
    the solver then controls the card as if he had just played it as its own type (an
    adventurer clashing in alignment goes to the Past or Depth); it gives no DP (ruling 50)."""
    from engine.magus.effects import resolve
    from engine.magus.state import Item

    s = r.s
    m = s.manoeuvre
    assert m is not None
    d = r.d(m.target)
    level = team_level(r, team_of(s, player))
    ok = level >= d.treasure
    r.emit(E.TreasureJudged(player, level, d.treasure, ok))
    if ok:
        Q.take_reward(r, player, m.target)                                  # MK 3.02.F
        for a in attached_to(s, m.target):
            r.emit(E.CardMoved(a, goes_to(s, r.pool, a), -1, False, -1, "MK 3.02.K"))
        r.emit(E.QuestSolved(player, m.target, "MK 2.07.e"))
        K.hunt(r, player, d.treasure)                                       # MK 1.14.14
        resolve(r, Item(player, m.target, "card"))
    r.stage(PRIORITY, -1, "MK 4.06 \"Küldetés feltétel teljesítés fázis\"")


def expedition(r: Run, player: int) -> None:
    """MK 2.03, ruling 15: EXPEDÍCIÓ X replaces solving: the quest is solved when the team
    level is at least X, with no condition, no test roll and no solving MP."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    q = r.d(m.target)
    level = team_level(r, team_of(s, player))
    ok = level >= q.expedition
    if q.storable and not free_towers(s, r.pool, player):       # MK 1.14.3
        ok = False
    r.emit(E.ExpeditionJudged(player, level, q.expedition, ok))
    if ok:
        Q.take_reward(r, player, m.target)                                  # MK 3.02.F
        for a in attached_to(s, m.target):
            r.emit(E.CardMoved(a, goes_to(s, r.pool, a), -1, False, -1, "MK 3.02.K"))
        if q.storable:
            r.stage("store", player, "MK 1.14.3")
            return
        r.emit(E.QuestSolved(player, m.target, "MK 2.03"))
        r.emit(E.CardMoved(m.target, "solved", player, False, -1, "MK 2.03"))
    r.stage(PRIORITY, -1, "MK 4.06 \"Küldetés feltétel teljesítés fázis\"")


def store(r: Run, player: int, tower: int) -> None:
    """MK 1.14.3: the solved storable quest goes onto the chosen free own tower level."""
    m = r.s.manoeuvre
    assert m is not None
    r.emit(E.QuestSolved(player, m.target))
    r.emit(E.CardMoved(m.target, "attached", player, False, tower, "MK 1.14.3"))
    r.stage(PRIORITY, -1, "MK 4.06 \"Küldetés feltétel teljesítés fázis\"")


def end(r: Run, why: str, rule: str) -> None:
    """The manoeuvre ends: the inner timelines close, then the surrounding one (MK 6.06.B):
    deaths, everyone goes home resting, survivors lose their damage and turn wounded if they
    had any (MK 6.05.M)."""
    s = r.s
    m = s.manoeuvre
    assert m is not None
    while s.timelines and s.timelines[-1].kind != "m_surround":
        r.emit(E.TimelineEnded(s.timelines[-1].kind, rule))
    deaths(r)
    for i in list(m.attackers + m.blockers):
        c = r.card(i)
        damaged = c.damage > 0 or c.hurt
        if i in m.hunters and c.zone == "team":            # MK 1.14.14.B: home alert
            r.emit(E.CardMoved(i, "line", holder(c), False, -1, "MK 1.14.14"))
            if c.pos != "alert":
                r.emit(E.PositionSet(i, "alert", "MK 1.14.14"))
        else:
            go_home(r, i, "MK 4.01.G")
        if damaged:
            r.emit(E.DamageCleared(i, "MK 6.05.M"))
            r.emit(E.PositionSet(i, "wounded", "MK 6.05.M"))
    wound_line(r)
    r.emit(E.TimelineEnded("m_surround", "MK 6.06.B"))
    r.emit(E.ManoeuvreEnded(why, rule))
    if check_immediate_end(r):
        return
    r.recompute()
    r.stage(PRIORITY, -1, "MK 6.06.B")
