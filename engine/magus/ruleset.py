"""The M.A.G.U.S. rules object (engine.core.game.Ruleset): state, start, submit, pending, legal
actions, views and the rest of the platform protocol."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from engine.core import rng
from engine.core.game import Decision, IllegalAction
from engine.core.log import Header
from engine.core.protocol import Result, summary_dict
from engine.magus import legal as L
from engine.magus import views as V
from engine.magus.actions import Action, Concede, Start, StartScenario
from engine.magus.cards import CardDef
from engine.magus.ctx import Run, dp
from engine.magus.events import Event
from engine.magus.flow import DECISIONS, advance
from engine.magus.rulings import DEFAULT_OPTIONS
from engine.magus.state import Card, PlayerState, State
from engine.magus.timeline import PRIORITY

RULESET_VERSION = "mk-3"   # mk-3: an item detached in the Sor stays in the Storage that round (ruling 67)


class MkRuleset:
    name = "mk"
    version = RULESET_VERSION
    action_type = Action
    event_type = Event
    view_type = V.MkView

    def __init__(self, pool: dict[str, CardDef]) -> None:
        self.pool = pool
        self._enc = msgspec.msgpack.Encoder()
        self._dec = msgspec.msgpack.Decoder(State)

    # -- state ---------------------------------------------------------------------------------
    def initial_state(self, header: Header) -> State:
        """Cards numbered in a seeded random order, so an instance id tells nobody which card
        of a decklist it is (a face-down card stays unknown)."""
        entries = [(seat, cid) for seat, deck in enumerate(header.decklists) for cid in deck]
        random.Random(f"mk-ids:{header.seed}").shuffle(entries)
        cards = [Card(i, cid, seat) for i, (seat, cid) in enumerate(entries)]
        players = [PlayerState() for _ in range(2)]
        for c in cards:
            players[c.owner].future.append(c.iid)
        opts = {**DEFAULT_OPTIONS, **dict(header.options)}
        return State(cards, players, opts, rng=rng.seed_state(header.seed))

    def clone(self, s: State) -> State:
        return self._dec.decode(self._enc.encode(s))

    def freeze(self, s: State) -> bytes:
        return self._enc.encode(s)

    def thaw(self, data: bytes) -> State:
        return self._dec.decode(data)

    def apply(self, s: State, ev: Any) -> None:
        from engine.magus.reducer import apply

        apply(s, ev)

    # -- playing ---------------------------------------------------------------------------------
    def start_action(self) -> Start:
        return Start()

    def start(self, s: State, action: Any = None) -> list[Any]:
        r = Run(s, self.pool)
        if isinstance(action, StartScenario):     # a position declared as data
            from engine.magus.scenario import set_up

            set_up(r, action.spec)
            return r.out
        advance(r)
        return r.out

    def pending(self, s: State) -> Decision | None:
        if s.result is not None or s.stage not in DECISIONS:
            return None
        if s.stage == PRIORITY:
            return Decision(s.active, "priority", s.why and "MK 1.06" or "MK 6.05.F")
        return Decision(s.chooser, s.stage, _STAGE_RULES.get(s.stage, "MK 1.07"))

    def legal_actions(self, s: State, player: int) -> list[Any]:
        return L.legal(Run(s, self.pool), player)

    def submit(self, s: State, player: int, action: Any) -> list[Any]:
        if s.result is not None:
            raise IllegalAction("MK 1.01", "The game is over.", "game_over")
        if isinstance(action, (Start, StartScenario)):
            raise IllegalAction("MK 1.08.A", "The game has already begun.", "started")
        if player not in (0, 1):
            raise IllegalAction("MK 1.01", "M.A.G.U.S. is played by seats 0 and 1.", "seat")
        r = Run(s, self.pool)
        L.check_and_perform(r, player, action)       # refuses before its first event
        return r.out

    # -- protocol -------------------------------------------------------------------------------
    def reveals_hidden(self, ev: Any) -> bool:
        return V.reveals_hidden(ev)

    def header_problem(self, header: Header) -> str:
        from engine.magus import session

        return session.header_problem(header)

    def view(self, s: State, seat: int) -> V.MkView:
        return V.view(s, self.pool, seat, self.pending(s))

    def redact(self, ev: Any, seat: int) -> Any:
        return V.redact(ev, seat)

    def result(self, s: State) -> Result | None:
        return s.result

    def summary(self, s: State) -> dict[str, Any]:
        heads = [{"mp": p.mp, "dp": dp(s, self.pool, n), "tower": len(p.tower),
                  "hand": len(p.hand), "future": len(p.future)}
                 for n, p in enumerate(s.players)]
        return summary_dict(s.round, s.phase, s.active, heads, s.result, why=s.why)

    def track(self, v: V.MkView) -> Any:
        return V.track(v)

    def hints(self, v: V.MkView, legal: list[Any]) -> list[Any]:
        return V.hints(v, legal, self.pool)

    def concede_action(self, seat: int) -> Concede:
        return Concede()


_STAGE_RULES = {"starter": "MK 1.08.A", "cut": "MK 1.03 \"Keverési szabály\"", "towers": "MK 1.08.B", "mulligan": "MK 1.08.D",
                "adjust": "MK 1.07 \"Kézigazítás lépés\"",
                "close_discard": "MK 1.07 \"Forduló zárása fázis\"",
                "team": "MK 4.06", "wall": "MK 4.03.C", "order": "MK 4.06 \"Harci körök\".A",
                "goon": "MK 4.02.C", "more": "MK 4.06 \"Harci körök\".G",
                "condition": "MK 4.06 \"Feltétel\"",
                "victim": "MK 4.06 \"Bestia\".E", "escape": "MK 2.16", "focus": "MK 2.19",
                "aim": "MK 5.01.B", "mosaic": "MK 7.00"}
