"""Positions as data, for scenario tests: cards placed in zones, MP, stamps and the phase; the
position starts where the named phase would ask its first question.

    {"mp": [10, 8], "phase": "manoeuvres",
     "cards": [{"owner": 0, "cid": "a-borka", "zone": "hand"},
               {"owner": 1, "cid": "t-salt-gate", "zone": "tower"}, ...]}

Zones: future, hand, line, tower (face down unless ``open``), quests, solved, past,
attached (with ``host``: the index of another card of the list; face down).
"""

from __future__ import annotations

from typing import Any

from engine.magus import events as E
from engine.magus import pool as P
from engine.magus.ctx import Run
from engine.magus.flow import advance
from engine.magus.ruleset import MkRuleset
from engine.magus.rulings import DEFAULT_OPTIONS
from engine.magus.state import Card, PlayerState, State
from engine.magus.timeline import PRIORITY


def build(spec: dict[str, Any], seed: int = 1) -> tuple[MkRuleset, State]:
    pool = P.default_pool()
    rules = MkRuleset(pool)
    players = [PlayerState() for _ in range(2)]
    cards: list[Card] = []
    for n, c in enumerate(spec["cards"]):
        if c["cid"] not in pool:
            raise ValueError(f"scenario card {n}: unknown card {c['cid']!r}")
        zone = c.get("zone", "future")
        card = Card(n, c["cid"], c["owner"], zone, c["owner"],
                    pos=c.get("pos", "alert"), damage=c.get("damage", 0),
                    face_down=zone in ("tower", "attached") and not c.get("open", False),
                    host=c.get("host", -1),
                    points=c.get("points", pool[c["cid"]].points if zone == "allies" else 0))
        cards.append(card)
        if zone not in ("attached",):
            getattr(players[c["owner"]], zone).append(n)
    s = State(cards, players, {**DEFAULT_OPTIONS, **spec.get("options", {})},
              rng=spec.get("rng", 12345 + seed))
    s.round = spec.get("round", 2)
    for p, mp in enumerate(spec.get("mp", [10, 10])):
        players[p].mp = mp
    for p, st in enumerate(spec.get("stamps", [0, 1])):
        players[p].stamp = st
    s.starter = 0
    phase = spec.get("phase", "manoeuvres")
    r = Run(s, pool)
    r.emit(E.PhaseBegan(phase))
    r.recompute()
    if phase == "manoeuvres":
        r.stage(PRIORITY, -1)
    elif phase == "closing":
        r.stage("close_discard", s.active)
    else:
        r.stage("round", -1)
    advance(r)
    return rules, s
