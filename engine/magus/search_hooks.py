"""M.A.G.U.S. search hooks (engine.core.search): determinize, action key, an evaluation fitted
to game outcomes, the squire's opinion as the search's prior and its rollout to the round's end.

What a seat may not know (MK 1.03-1.04): the opponent's hand and Future, the order of its own
Future, and the opponent's face-down cards (tower levels, attached obstacles, hidden timeline
items). A sample deals the opponent's unseen definitions again — a face-down tower level gets a
tower level (different from the others of that tower, MK 1.08.B), a face-down obstacle an
obstacle, the hand and Future the rest — deals its own Future again, and reseeds the RNG.

The evaluation is a logistic of the difference of the players' positions (:func:`features`:
tower levels, DP, adventurers, MP, cards; MK 1.01's victory conditions), weighted by
``python -m engine.ai.evalfit``. After the tree, both sides play the squire's favourite until
the round ends (MK 1.07: the end-of-round check of MK 1.01.B comes at its close); the squire
reads a lazy view there (:class:`LazyView`), built only as far as it looks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from engine.core.search import (
    SearchHooks, deal_cards_again, difference_row, fitted_value, key_of, reseed,
)
from engine.magus.bot import SquireBot
from engine.magus.ctx import current_level, dp
from engine.magus.state import State
from engine.magus.views import CardView, ItemView, TimelineView, sees, view

_CARD_FIELDS = ("card", "caster", "host", "quest")
#: The search bot's settings for MK (engine.ai.search.SearchBot): the squire's scores as the
#: prior near the root, and its favourite played where the search cannot tell the moves apart.
#: After the tree, both sides play the squire's favourite until the round ends (at most 40
#: steps; a round is about 45 decisions, and its end-of-round check, MK 1.01.B, decides most
#: games), then the fitted evaluation. Measured against the squire (issue 16, 2026-11-28,
#: search:0.25 on the CPU clock, one process): the same 20 seat-swapped games of seed 1, the
#: hand-set evaluation with no rollout 10-10 (0.500, 178 simulations a move), the fitted one
#: with the squire's rollout to the round's end 14-6 (0.700, 46 a move); confirmed by ``hkk
#: tournament --ruleset mk --bots search:0.25,squire --games 40 --seed 2 --clock cpu --jobs 1``:
#: 31-9 (0.775, 95% CI 0.625-0.877, 48 simulations a move). The squire reads a lazy view in
#: the rollout (:class:`LazyView`: 160 against 118 simulations a CPU second with the full one).
TUNING: dict[str, Any] = {"rollout_steps": 40, "rollout_prior": True, "prior_depth": 1,
                          "anchor": 0.02}


def _slot(s: State, i: int) -> str:
    c = s.cards[i]
    if c.zone == "tower":
        return "tower"
    if c.zone == "attached":
        return "obstacle"
    if c.zone == "timeline":
        for tl in s.timelines:
            for it in tl.items:
                if it.card == i:
                    return "obstacle" if it.kind == "attach" else "tower"
    return "any"


def determinize(s: State, seat: int, rng: random.Random, clone: Callable[[Any], Any],
                pool: dict) -> State:
    out = clone(s)
    cards = out.cards
    opp = 1 - seat
    unseen = sorted(c.iid for c in cards if c.owner == opp and not sees(out, seat, c.iid))
    values = sorted(cards[i].cid for i in unseen)
    rng.shuffle(values)
    slots = {i: _slot(out, i) for i in unseen}
    assigned: dict[int, str] = {}
    for kind in ("tower", "obstacle"):
        used: set[str] = set()
        for i in unseen:
            if slots[i] != kind:
                continue
            pick = next((n for n, v in enumerate(values) if pool[v].type == kind and
                         (kind != "tower" or v not in used)), None)
            if pick is None:
                pick = next((n for n, v in enumerate(values) if pool[v].type == kind), 0)
            v = values.pop(pick)
            used.add(v)
            assigned[i] = v
    rest = [i for i in unseen if slots[i] == "any"]
    for i, v in zip(rest, values):
        assigned[i] = v
    for i, v in assigned.items():
        cards[i].cid = v
    mine = [c.iid for c in cards if c.owner == seat and not sees(out, seat, c.iid)]
    deal_cards_again([sorted(mine)], cards, rng)
    out.rng = reseed(rng)
    return out


def action_key(s: State, seat: int, action: Any) -> Any:
    """Cards by instance where ``seat`` sees them, by definition where it does not."""
    parts: list[Any] = [type(action).__name__]
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if name in _CARD_FIELDS and isinstance(value, int) and 0 <= value < len(s.cards) and \
                not sees(s, seat, value):
            parts.append(("def", s.cards[value].cid))
        else:
            parts.append(key_of(value))
    return tuple(parts)


#: the features of a player's position the evaluation weighs (:func:`features`)
NAMES = ("towers", "last_tower", "wall", "tower_obstacles", "dp", "dp_11", "adventurers",
         "levels", "alert_levels", "mp", "hand", "future", "no_future", "storage", "allies")

#: the evaluation's weights, fitted to game outcomes by ``python -m engine.ai.evalfit --ruleset
#: mk --games 1000 --seed 1`` (a logistic regression of the winner on the difference of the
#: players' :func:`features`; on the 22,000 held-out positions: log loss 0.479 and the winner
#: called right 75.5% of the time, against 0.538 and 72.5% for the hand-set evaluation before
#: it). DP count most, and 11 of them far more (MK 1.01.B.1); a last tower level is a heavy
#: loss (MK 1.01.A), more levels than two barely matter in these games (towers seldom fall
#: before a player reaches 11 DP); adventurers count by their levels, not their number.
WEIGHTS: dict[str, float] = {
    "towers": -0.0337,
    "last_tower": -1.7410,
    "wall": -0.1039,
    "tower_obstacles": 0.2778,
    "dp": 0.3296,
    "dp_11": 3.0227,
    "adventurers": -0.4858,
    "levels": 0.4309,
    "alert_levels": 0.0539,
    "mp": 0.0090,
    "hand": -0.0247,
    "future": 0.0152,
    "no_future": -2.4736,
    "storage": -0.1503,
    "allies": -0.2415,
    "turn": 0.1032,
}


def features(s: State, pool: dict, seat: int) -> list[float]:
    """One player's position: its tower levels (a player left without one loses, MK 1.01.A),
    whether only one is left, their Wall (MK 3.01, a siege must beat it) and the obstacles
    guarding them (MK 3.01.C); its DP (MK 1.01.A-B, ``ctx.dp``) and whether they reach 11 (11
    and strictly the most win at the round's end, MK 1.01.B.1); its adventurers in Present,
    their levels left (MK 3.07.5: base level less damage) and the levels of the alert ones (an
    action or manoeuvre needs an alert adventurer, MK 6.01); its MP (the richer player acts
    first, MK 1.05-1.06.A), cards in hand, cards in the Future (up to 20) and whether it is
    empty (that player loses at the round's end, MK 1.01.B.3); equipment in Storage (MK
    3.05.3.B) and allies (MK 3.08)."""
    pl = s.players[seat]
    cards = s.cards
    towers = len(pl.tower)
    wall = sum(pool[cards[i].cid].wall for i in pl.tower)
    tower_set = set(pl.tower)
    obstacles = 0
    adventurers = levels = alert = 0
    for c in cards:
        z = c.zone
        if z == "attached":
            if c.host in tower_set and pool[c.cid].type == "obstacle":
                obstacles += 1
        elif z in ("line", "team"):
            d = pool[c.cid]
            if d.type != "adventurer" or (c.controller if c.controller >= 0 else c.owner) != seat:
                continue
            left = max(0, d.level - c.damage)
            adventurers += 1
            levels += left
            if c.pos == "alert":
                alert += left
    points = dp(s, pool, seat)
    return [towers, 1.0 if towers == 1 else 0.0, wall, obstacles, points,
            1.0 if points >= 11 else 0.0, adventurers, levels, alert, pl.mp, len(pl.hand),
            min(len(pl.future), 20), 0.0 if pl.future else 1.0, len(pl.storage), len(pl.allies)]


def feature_row(s: State, pool: dict) -> list[float]:
    """Player 0's :func:`features` less player 1's, then +1 if player 0 is the active player
    (else -1): what :data:`WEIGHTS` weigh."""
    return difference_row(features(s, pool, 0), features(s, pool, 1), s.active == 0)


def evaluate(s: State, pool: dict) -> tuple[float, float]:
    """How well each seat stands, in [0, 1]: the fitted chance that player 0 wins (a logistic of
    the weighted :func:`feature_row`), and its complement; a finished game by its result."""
    if s.result is not None:
        w = s.result.winners
        return (0.5, 0.5) if not w else ((1.0, 0.0) if w[0] == 0 else (0.0, 1.0))
    return fitted_value(_W, feature_row(s, pool))


_W = tuple(WEIGHTS[name] for name in (*NAMES, "turn"))


class _LazyCard:
    """A card as :class:`CardView` shows it, its current level (MK 3.07.5, through the equipment
    pipeline) counted when read."""

    __slots__ = ("iid", "cid", "owner", "zone", "controller", "pos", "damage", "face_down",
                 "host", "front", "points", "doomed", "hurt", "_s", "_pool", "_level")

    def __init__(self, s: State, pool: dict, c: Any, known: bool):
        self._s, self._pool, self._level = s, pool, None
        self.iid, self.cid, self.owner, self.zone = c.iid, c.cid if known else "", c.owner, c.zone
        self.controller, self.pos, self.damage, self.face_down = c.controller, c.pos, c.damage, \
            c.face_down
        self.host, self.front, self.points, self.doomed, self.hurt = c.host, c.front, c.points, \
            c.doomed, c.hurt

    @property
    def level(self) -> int:
        if self._level is None:
            c = self._s.cards[self.iid]
            self._level = current_level(self._pool, c, self._s) if self.cid and \
                self._pool[c.cid].type == "adventurer" else 0
        return self._level


class _LazyCards(Mapping):
    """The cards a seat sees, each built when first read (:class:`_LazyCard`, as :func:`view`
    shows them)."""

    __slots__ = ("_s", "_pool", "_seat", "_built")

    def __init__(self, s: State, pool: dict, seat: int):
        self._s, self._pool, self._seat = s, pool, seat
        self._built: dict[int, CardView | None] = {}

    def _shown(self, c: Any) -> bool:
        if c.zone in ("future", "sideboard") and not sees(self._s, self._seat, c.iid):
            return False
        return not (c.zone == "hand" and c.owner != self._seat)

    def get(self, i: Any, default: Any = None) -> Any:
        built = self._built
        if i in built:
            out = built[i]
            return default if out is None else out
        s = self._s
        out = None
        if isinstance(i, int) and 0 <= i < len(s.cards) and self._shown(s.cards[i]):
            out = _LazyCard(s, self._pool, s.cards[i], sees(s, self._seat, i))
        built[i] = out
        return default if out is None else out

    def __getitem__(self, i: Any) -> CardView:
        out = self.get(i)
        if out is None:
            raise KeyError(i)
        return out

    def __iter__(self) -> Iterator[int]:
        return (c.iid for c in self._s.cards if self._shown(c))

    def __len__(self) -> int:
        return sum(1 for c in self._s.cards if self._shown(c))


class _LazySeat:
    """One side of a :class:`LazyView`: a :class:`SeatView` whose DP is counted when read."""

    __slots__ = ("_s", "_pool", "_n", "mp", "hand", "future", "line", "tower", "quests",
                 "solved", "past", "depth", "storage", "buildings", "allies")

    def __init__(self, s: State, pool: dict, n: int):
        p = s.players[n]
        self._s, self._pool, self._n = s, pool, n
        self.mp, self.hand, self.future = p.mp, len(p.hand), len(p.future)
        self.line, self.tower, self.quests = tuple(p.line), tuple(p.tower), tuple(p.quests)
        self.solved, self.past, self.depth = tuple(p.solved), tuple(p.past), tuple(p.depth)
        self.storage, self.buildings = tuple(p.storage), tuple(p.buildings)
        self.allies = tuple(p.allies)

    @property
    def dp(self) -> int:
        return dp(self._s, self._pool, self._n)


class LazyView:
    """A seat's :class:`MkView` built only as far as it is read, for the search's prior inside
    samples (the squire scores every step of a rollout, and the full view, a level through the
    equipment pipeline for every adventurer, was a third of the time): the same answers as
    :func:`engine.magus.views.view` for what the squire reads — cards, seats, hand, timelines,
    manoeuvre, phase — and any other field from the full view, built once when asked. It reads
    the state as it is when read: ask it before the state changes."""

    __slots__ = ("_s", "_pool", "_pending", "_full", "viewer", "round", "phase", "stage", "chooser",
                 "active", "manoeuvre", "cards", "_seats", "_timelines")

    def __init__(self, s: State, pool: dict, seat: int, pending: Callable[[State], Any]):
        self._s, self._pool, self._full = s, pool, None
        self._pending = pending
        self.viewer, self.round, self.phase, self.stage = seat, s.round, s.phase, s.stage
        self.chooser, self.active, self.manoeuvre = s.chooser, s.active, s.manoeuvre
        self.cards = _LazyCards(s, pool, seat)
        self._seats: tuple[_LazySeat, ...] | None = None
        self._timelines: tuple[TimelineView, ...] | None = None

    @property
    def seats(self) -> tuple[_LazySeat, ...]:
        if self._seats is None:
            self._seats = tuple(_LazySeat(self._s, self._pool, n)
                                for n in range(len(self._s.players)))
        return self._seats

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(sorted(self._s.players[self.viewer].hand))

    @property
    def timelines(self) -> tuple[TimelineView, ...]:
        if self._timelines is None:
            self._timelines = tuple(
                TimelineView(t.kind, tuple(ItemView(it.uid, it.player, it.card, it.kind,
                                                    it.caster, it.target, it.hidden)
                                           for it in t.items), t.passes)
                for t in self._s.timelines)
        return self._timelines

    def __getattr__(self, name: str) -> Any:
        if self._full is None:
            self._full = view(self._s, self._pool, self.viewer, self._pending(self._s))
        return getattr(self._full, name)


@lru_cache(maxsize=16)
def hooks(ruleset: Any) -> SearchHooks:
    """The hooks of one MK rules object (they need its card pool)."""
    pool, clone = ruleset.pool, ruleset.clone

    def prior(rs: Any, seed: int) -> Callable[[Any, list[Any]], list[float]]:
        return SquireBot(rs.pool, seed).scores

    return SearchHooks(
        determinize=lambda state, seat, rng: determinize(state, seat, rng, clone, pool),
        action_key=action_key,
        evaluate=lambda state: evaluate(state, pool),
        prior=prior,
        turn=_turn,
        view=lambda state, seat: LazyView(state, pool, seat, ruleset.pending),
        features=lambda state: feature_row(state, pool),
        feature_names=(*NAMES, "turn"),
        weights=WEIGHTS,
        tuning=TUNING)


def _turn(s: State) -> int:
    """The round a state is in (MK 1.07): the prior-led rollout plays to its end, where the
    end-of-round check (MK 1.01.B) decides most games."""
    return s.round
