"""The search bot: information-set Monte Carlo tree search over any ruleset (issue 16).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree over the searching seat's
information sets; each simulation draws a fresh determinization (``ctx.sample()``), walks the tree
choosing only among the actions available in that sample, and counts for each action how often it
was available (the exploration term uses that count, not the parent's visits). Edges are named by
the ruleset's ``action_key`` from the searching seat's side, so an opponent's card from hand is
the same edge in every sample where it holds the same card, and no edge names a hidden instance.

* Every edge keeps a utility vector (one value per seat); the seat to move maximises its own
  share, so games of 3-4 seats need nothing else.
* The ruleset's heuristic bot, where it has one (``SearchHooks.prior``), gives a prior in [0, 1]
  per action: it orders progressive widening (only the ``ceil(k * n^a)`` best-prior actions are
  tried at a node visited ``n`` times) and adds a progressive bias ``w * prior / (1 + visits)``.
* Past the tree: a short rollout, then ``evaluate`` (or the result's utilities). The rollout
  plays random actions, or (``rollout_prior``) the prior's favourite until the turn it began in
  ends (``SearchHooks.turn``): a simulation that declares an attack then sees it fought out by
  both sides' heuristic before the position is judged.
* One legal action: answered at once. Budget: seconds and/or simulations; an early stop once the
  most visited action cannot be caught. The tree is capped (``max_entries``) and freed after the
  move. The RNG comes from the bot's seed, the seat and the decision number, so a simulation
  budget always gives the same move; under a time budget the annotation records the simulation
  count, so the move can be re-run exactly.

It never sees the true state: only ``ctx.view``, ``ctx.legal`` and samples.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import msgspec

from engine.core.search import BotContext, derive_seed

#: default budget when none is given (simulations)
DEFAULT_SIMS = 200
#: about 300 bytes per tree entry: 250,000 entries stay under 100 MB
MAX_ENTRIES = 250_000


class Edge:
    """An action (by key) at a node: visits, availability, utility sums, prior, child node."""

    __slots__ = ("key", "visits", "avail", "sums", "prior", "node", "order")

    def __init__(self, key: Any, seats: int, order: float):
        self.key = key
        self.visits = 0
        self.avail = 0
        self.sums = [0.0] * seats
        self.prior = -1.0                 # < 0: not scored yet
        self.node: Node | None = None
        self.order = order                # random tie-break for widening without a prior

    def mean(self, seat: int) -> float:
        return self.sums[seat] / self.visits if self.visits else 0.0


class Node:
    __slots__ = ("edges", "visits", "ranked")

    def __init__(self) -> None:
        self.edges: dict[Any, Edge] = {}
        self.visits = 0
        #: the edges by prior, best first (widening's order; rebuilt when an edge is added)
        self.ranked: list[Edge] | None = None


def _rank(e: Edge) -> tuple[float, float]:
    return -e.prior, e.order


class SearchBot:
    """ISMCTS with a greedy prior (see the module docstring). ``budget_s`` seconds and/or
    ``sims`` simulations a decision (whichever ends first; neither: ``DEFAULT_SIMS``)."""

    name = "search"
    needs_view = True
    needs_samples = True

    def __init__(self, seed: int = 0, budget_s: float | None = None, sims: int | None = None,
                 prior: Any = None, *, rollout_steps: int = 12, exploration: float = 0.7,
                 bias: float = 1.0, widen_k: float = 2.0, widen_alpha: float = 0.5,
                 max_entries: int = MAX_ENTRIES, early_stop: bool = True,
                 prior_depth: int | None = None, anchor: float = 0.0,
                 rollout_prior: bool = False, profile: bool = False):
        if budget_s is not None and budget_s <= 0:
            raise ValueError(f"A search budget must be more than 0 seconds, not {budget_s}.")
        if sims is not None and sims <= 0:
            raise ValueError(f"A search budget must be at least 1 simulation, not {sims}.")
        self.seed = seed
        self.budget_s = budget_s
        self.sims = sims if sims is not None or budget_s is not None else DEFAULT_SIMS
        self.prior = prior                # score(view, legal) -> [float], or None
        self.rollout_steps = rollout_steps
        self.exploration = exploration
        self.bias = bias
        self.widen_k = widen_k
        self.widen_alpha = widen_alpha
        self.max_entries = max_entries
        self.early_stop = early_stop
        #: the prior is asked only at nodes this deep or less (the root is 0; None: all): it
        #: needs the mover's view, the dearest step of a simulation, and deep nodes are seldom
        #: visited enough for it to matter
        self.prior_depth = prior_depth
        #: the prior's favourite is played unless the most visited action's win estimate beats
        #: it by more than this (0: the most visited always): where the search cannot tell
        #: moves apart it plays as the heuristic would, instead of drifting among moves that
        #: change nothing (HKK: reordering the guard post back and forth)
        self.anchor = anchor
        #: the rollout plays the prior's favourite (the ruleset's heuristic bot) instead of a
        #: random action, and stops early at the end of the turn it began in
        self.rollout_prior = rollout_prior and prior is not None
        #: time each phase of the search (``last["phases_us"]``: µs per simulation; hkk bench)
        self.profile = profile
        #: what each decision's search found (kept beside the log, never in rules events)
        self.annotations: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None

    # ------------------------------------------------------------------ the decision
    def choose(self, ctx: Any, legal: list[Any] | None = None) -> Any:
        if legal is not None or not isinstance(ctx, BotContext):
            raise TypeError("The search bot answers choose(ctx) with a BotContext that can "
                            "sample (engine.core.search.context_for), not choose(view, legal).")
        start = ctx.clock()
        if len(ctx.legal) == 1:
            self._annotate(ctx, [], 0, start, "single")
            return ctx.legal[0]
        if not ctx.can_sample:
            ctx.sample()                  # raises NoSearchHooks with the reason
        rng = random.Random(derive_seed(self.seed, ctx.seat, ctx.decision))
        own = None if self.budget_s is None else start + self.budget_s
        search = _Search(self, ctx, rng)
        sims, why = search.run(own, start)
        best = search.best()
        self._annotate(ctx, search.ranked(), sims, start, why, search.entries)
        if search.anchored:
            self.last["anchored"] = True
        if self.profile and sims:
            self.last["phases_us"] = {k: round(1e6 * v / sims, 1)
                                      for k, v in search.phases.items()}
        return best

    def _annotate(self, ctx: BotContext, ranked: list[tuple[Any, Edge | None]], sims: int,
                  start: float, why: str, entries: int = 0) -> None:
        seat = ctx.seat
        top = [{"action": msgspec.to_builtins(a), "visits": e.visits if e else 0,
                "value": round(e.mean(seat), 4) if e and e.visits else None}
               for a, e in ranked[:5]]
        self.last = {"seat": seat, "decision": ctx.decision, "sims": sims,
                     "budget_s": self.budget_s, "budget_sims": self.sims,
                     "elapsed_s": round(ctx.clock() - start, 6), "stopped": why,
                     "tree_entries": entries, "candidates": top}
        self.annotations.append(self.last)


class _Search:
    """One decision's tree (dropped when the decision is made)."""

    def __init__(self, bot: SearchBot, ctx: BotContext, rng: random.Random):
        self.bot = bot
        self.ctx = ctx
        self.ops = ctx.ops
        self.seat = ctx.seat
        self.seats = ctx.ops.seats
        self.rng = rng
        self.root = Node()
        self.entries = 1
        self.full = False                 # the memory cap was reached: no new entries
        self.root_keys: list[Any] | None = None
        self.anchored = False             # the prior's favourite was played (see ``anchor``)
        #: seconds spent per phase (only with the bot's ``profile``)
        self.phases = {"determinize": 0.0, "descent": 0.0, "rollout": 0.0, "evaluate": 0.0}
        self._clock = time.process_time if bot.profile else None

    # -- the loop ------------------------------------------------------------------------
    def run(self, own: float | None, start: float) -> tuple[int, str]:
        """Simulate until the budget is spent, the deadline passes or the answer is decided.
        The context's deadline is read at every simulation: the host may move it (the app's
        "move now" sets it to now, undo and quit to the past)."""
        bot, ctx = self.bot, self.ctx
        limit = bot.sims
        sims = 0
        why = "budget"
        while True:
            if limit is not None and sims >= limit:
                break
            deadline = ctx.deadline
            if own is not None:
                deadline = own if deadline is None else min(deadline, own)
            if deadline is not None and ctx.clock() >= deadline:
                why = "deadline"
                break
            self.simulate()
            sims += 1
            if sims % 16 == 0:
                if bot.early_stop and self._decided(sims, limit, deadline, start):
                    why = "early"
                    break
                total = limit if limit is not None else None
                if total:
                    ctx.progress(sims / total, sims=sims)
                elif deadline is not None and deadline > start:
                    ctx.progress((ctx.clock() - start) / (deadline - start), sims=sims)
        return sims, why

    def _decided(self, sims: int, limit: int | None, deadline: float | None,
                 start: float) -> bool:
        """The most visited root action cannot be caught in the simulations left."""
        left = float("inf")
        if limit is not None:
            left = limit - sims
        if deadline is not None:
            spent = self.ctx.clock() - start
            rate = sims / spent if spent > 0 else float("inf")
            left = min(left, (deadline - self.ctx.clock()) * rate)
        visits = sorted((e.visits for e in self.root.edges.values()), reverse=True)
        if len(visits) < 2:
            return len(visits) == 1 and left < float("inf") and sims >= 16
        return visits[0] - visits[1] > left

    # -- one simulation ----------------------------------------------------------------------
    def simulate(self) -> None:
        ops, rng, seat = self.ops, self.rng, self.seat
        clock = self._clock
        if clock is not None:
            t0 = clock()
        state = self.ctx.sample(rng)
        if clock is not None:
            t1 = clock()
            self.phases["determinize"] += t1 - t0
        if self.root_keys is None:
            self.root_keys = [ops.action_key(state, seat, a) for a in self.ctx.legal]
        node: Node | None = self.root
        path: list[Edge] = []
        nodes: list[Node] = []
        while node is not None:
            d = ops.pending(state)
            if d is None:
                break
            mover = d.player
            legal = ops.legal_actions(state, mover)
            edge, action = self.select(node, state, mover, legal, len(path))
            if edge is None:
                break
            nodes.append(node)
            path.append(edge)
            ops.submit(state, mover, action)
            if edge.node is None:         # expanded: leave the tree
                if not self.full:
                    edge.node = Node()
                    self._grow(1)
                break
            node = edge.node
        if clock is not None:
            t2 = clock()
            self.phases["descent"] += t2 - t1
        utilities = self.rollout(state)
        for n in nodes:
            n.visits += 1
        for e in path:
            e.visits += 1
            sums = e.sums
            for i, u in enumerate(utilities):
                sums[i] += u

    def _grow(self, n: int) -> None:
        self.entries += n
        if self.entries >= self.bot.max_entries:
            self.full = True

    def select(self, node: Node, state: Any, mover: int, legal: list[Any], depth: int = 0
               ) -> tuple[Edge | None, Any]:
        ops, seat, edges = self.ops, self.seat, node.edges
        available: list[tuple[Edge, Any]] = []
        unscored: list[tuple[Edge, Any]] = []
        for a in legal:
            key = (mover, ops.action_key(state, seat, a))
            edge = edges.get(key)
            if edge is None:
                if self.full:
                    continue
                edge = edges[key] = Edge(key, self.seats, self.rng.random())
                self._grow(1)
            edge.avail += 1
            available.append((edge, a))
            if edge.prior < 0:
                unscored.append((edge, a))
        if not available:
            return None, None
        if unscored:
            limit = self.bot.prior_depth
            self._score(state, mover, unscored, limit is not None and depth > limit)
        bot = self.bot
        allowed = available
        width = math.ceil(bot.widen_k * (node.visits + 1) ** bot.widen_alpha)
        if len(available) > width:        # the ``width`` available edges of the best prior
            ranked = node.ranked
            if ranked is None or unscored or len(ranked) != len(edges):
                ranked = node.ranked = sorted(edges.values(), key=_rank)
            here = {id(ea[0]): ea for ea in available}
            allowed = []
            for e in ranked:
                ea = here.get(id(e))
                if ea is not None:
                    allowed.append(ea)
                    if len(allowed) == width:
                        break
        fresh = [ea for ea in allowed if ea[0].visits == 0]
        if fresh:
            return max(fresh, key=lambda ea: (ea[0].prior, ea[0].order))
        c, w = bot.exploration, bot.bias
        best, best_value = allowed[0], -math.inf
        for ea in allowed:
            e = ea[0]
            value = (e.sums[mover] / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                     + w * e.prior / (1 + e.visits))
            if value > best_value:
                best, best_value = ea, value
        return best

    def _score(self, state: Any, mover: int, pairs: list[tuple[Edge, Any]],
               deep: bool = False) -> None:
        """The prior of newly seen actions: the heuristic's scores scaled to [0, 1] among the
        actions scored together (0.5 each without a heuristic, or below ``prior_depth``)."""
        prior = self.bot.prior
        if prior is None or len(pairs) == 1 or deep:
            for e, _ in pairs:
                e.prior = 0.5
            return
        scores = prior(self.ops.view(state, mover), [a for _, a in pairs])
        lo, hi = min(scores), max(scores)
        for (e, _), s in zip(pairs, scores):
            e.prior = (s - lo) / (hi - lo) if hi > lo else 0.5

    def rollout(self, state: Any) -> tuple[float, ...]:
        ops, rng, clock = self.ops, self.rng, self._clock
        if clock is not None:
            t0 = clock()
        steps = self.bot.rollout_steps
        if steps and self.bot.rollout_prior:
            self._prior_rollout(state, steps)
        else:
            for _ in range(steps):
                d = ops.pending(state)
                if d is None:
                    break
                legal = ops.legal_actions(state, d.player)
                ops.submit(state, d.player, legal[rng.randrange(len(legal))])
        if clock is not None:
            t1 = clock()
            self.phases["rollout"] += t1 - t0
        out = ops.utilities(state) if ops.result(state) is not None else ops.evaluate(state)
        if clock is not None:
            self.phases["evaluate"] += clock() - t1
        return out

    def _prior_rollout(self, state: Any, steps: int) -> None:
        ops, prior = self.ops, self.bot.prior
        turn = ops.turn(state)
        for _ in range(steps):
            d = ops.pending(state)
            if d is None or ops.turn(state) != turn:
                break
            legal = ops.legal_actions(state, d.player)
            if len(legal) == 1:
                action = legal[0]
            else:
                scores = prior(ops.view(state, d.player), legal)
                action = legal[max(range(len(legal)), key=scores.__getitem__)]
            ops.submit(state, d.player, action)

    # -- the answer --------------------------------------------------------------------------
    def ranked(self) -> list[tuple[Any, Edge | None]]:
        """The legal actions, most visited first (ties: the better mean, then the given order)."""
        keys = self.root_keys or []
        edges = self.root.edges
        pairs = [(a, edges.get((self.seat, k))) for a, k in zip(self.ctx.legal, keys)]
        order = sorted(range(len(pairs)), key=lambda i: (
            -(pairs[i][1].visits if pairs[i][1] else 0),
            -(pairs[i][1].mean(self.seat) if pairs[i][1] and pairs[i][1].visits else 0.0), i))
        return [pairs[i] for i in order]

    def best(self) -> Any:
        ranked = self.ranked()
        if not ranked:
            return self.ctx.legal[0]
        top, edge = ranked[0]
        margin = self.bot.anchor
        if margin > 0 and edge is not None and edge.visits:
            seat = self.seat
            favourite = max((p for p in ranked if p[1] is not None and p[1].visits),
                            key=lambda p: p[1].prior)
            fav = favourite[1]
            if fav is not edge and fav.prior > edge.prior \
                    and edge.mean(seat) - fav.mean(seat) <= margin:
                self.anchored = True
                return favourite[0]
        return top


def parse_budget(text: str) -> tuple[float | None, int | None]:
    """A bot name's budget suffix: ``0.25`` (seconds) or ``400sims`` (simulations)."""
    text = text.strip()
    try:
        if text.endswith("sims"):
            sims = int(text[:-4])
            if sims <= 0:
                raise ValueError
            return None, sims
        seconds = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a search budget: give seconds (search:0.25) or "
                         "simulations (search:400sims), more than 0.") from None
    if not seconds > 0 or math.isinf(seconds):
        raise ValueError(f"A search budget must be more than 0 seconds, not {text}.")
    return seconds, None
