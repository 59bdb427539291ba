"""The Tactician: Tash-Kalar's heuristic bot. It sees only its seat's view and the legal actions
(like a person), and scores each action by what it does on the board at once:

* a summon is worth its new piece's rank, what it destroys on the outlined square and what its
  effect script promises (destroys, upgrades, conversions, extra actions), a legend more;
* a placement is worth how many new summons of its hand cards it would make possible next (the
  pattern matcher run with the piece added), and closeness to its own pieces;
* an effect choice picks the best target (the highest enemy rank to destroy or convert, its own
  best piece to upgrade), a move the square that destroys the most;
* a flare is called whenever it may be; BATTLE colour choices go to the lowest colour score.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.search import unpack
from engine.tk import actions as A
from engine.tk import patterns as P

STEP_VALUE = {"destroy": 2.5, "convert": 3.0, "upgrade": 2.0, "downgrade": 1.5, "move": 0.8,
              "jump": 1.2, "place": 1.0, "gain_action": 3.0, "draw_extra": 1.0}


class TacticianBot:
    name = "tactician"
    needs_view = True

    def __init__(self, ruleset: Any, seed: int = 0):
        self.pool = ruleset.pool
        self.rng = random.Random(seed)

    def choose(self, ctx: Any, legal: list[Any] | None = None) -> Any:
        view, legal = unpack(ctx, legal)
        scores = self.scores(view, legal)
        best = max(scores)
        top = [a for a, s in zip(legal, scores) if s >= best - 1e-9]
        return self.rng.choice(top)

    # -- scoring ---------------------------------------------------------------------------
    def scores(self, view: Any, legal: list[Any]) -> list[float]:
        me = view.players[view.viewer].colour if view.viewer >= 0 else 0
        cache: dict[str, Any] = {}
        return [self._score(view, me, a, cache) for a in legal]

    def _ge(self, owner: list[int], rank: list[int], me: int) -> tuple[int, int, int, int]:
        g = [0, 0, 0, 0]
        for sq, o in enumerate(owner):
            if o == me:
                for r in range(1, rank[sq] + 1):
                    g[r] |= 1 << sq
        return (-1, g[1], g[2], g[3])

    def _matches(self, view: Any, me: int, owner: list[int], rank: list[int]) -> int:
        hand = view.players[view.viewer].hand or []
        ge = self._ge(owner, rank, me)
        n = 0
        for iid in hand:
            d = self.pool.get(view.cards.get(iid, ""))
            if d is None or d.kind not in ("creature", "legend"):
                continue
            for o in P.orientations(d.cells, d.marked, view.size):
                n += bin(P.match_anchors(o, ge)).count("1") * (2 + d.new_rank +
                                                               (3 if d.kind == "legend" else 0))
        return n

    def _score(self, view: Any, me: int, a: Any, cache: dict) -> float:
        t = type(a)
        owner, rank = view.owner, view.rank
        if t is A.Summon:
            d = self.pool[view.cards[a.card]]
            v = 10.0 + 3 * d.new_rank + (6 if d.kind == "legend" else 0)
            if owner[a.square] >= 0:
                v += (4 * rank[a.square]) if owner[a.square] != me else -3 * rank[a.square]
            v += sum(STEP_VALUE.get(st.do, 0) * (1 if st.count else 2) for st in d.effect)
            if a.enemy:
                v -= 2
            return v + self.rng.random() * 0.1
        if t is A.Place or t is A.PickSquare and view.ask is not None and \
                view.ask.kind in ("place", "start_place"):
            sq = a.square
            if "base" not in cache:
                cache["base"] = self._matches(view, me, owner, rank)
            own2 = list(owner)
            rank2 = list(rank)
            own2[sq], rank2[sq] = me, 1
            gain = self._matches(view, me, own2, rank2) - cache["base"]
            r, c = divmod(sq, view.size)
            near = sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                       if 0 <= r + dr < view.size and 0 <= c + dc < view.size
                       and owner[(r + dr) * view.size + c + dc] == me)
            centre = -abs(r - view.size // 2) - abs(c - view.size // 2)
            return 2.0 + gain * 1.5 + 0.5 * near + 0.2 * centre + self.rng.random() * 0.2
        if t is A.PickSquare and view.ask is not None:
            sq = a.square
            kind = view.ask.kind
            o, rk = owner[sq], rank[sq]
            if kind in ("target", "dest", "piece"):
                if o < 0:
                    return 1.0 + self.rng.random() * 0.1
                return (5.0 + 2 * rk) if o != me else (3.0 - rk if kind != "target" else 4.0 + rk)
            if kind == "take":
                return 3.0 - rank[sq]
            return 1.0
        if t is A.PickOption:
            if view.ask is not None and view.ask.kind in ("legend_colour", "bonus_colour"):
                row = view.scores[view.viewer]
                return 10.0 - row[a.index]
            return 5.0
        if t is A.CallFlare:
            return 9.0
        if t is A.Skip:
            if view.ask is not None and view.ask.kind == "bottom":
                return 10.0
            return 0.5
        if t is A.PickCard:
            return 0.0
        if t is A.Discard:
            return 0.2
        if t is A.PickUp:
            return 1.0 + (2 - rank[a.square]) + self.rng.random() * 0.1
        if t is A.EndTurn:
            return 0.1
        if t is A.PassControl:
            return -1.0
        return 0.0
