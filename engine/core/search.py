"""What a search AI needs from every ruleset, and the one door through which a bot reaches a game
(issue 16; RULESETS.md, "What a search AI will need").

**Hooks.** A ruleset offers search by giving its plugin a ``search`` attribute, a
:class:`SearchHooks` (or a function of the rules object returning one, when the hooks need its
content, such as a card pool):

* ``determinize(state, seat, rng)`` — a full state consistent with what ``seat`` may know: every
  card ``seat`` cannot see is dealt again at random from the unseen part of its owner's public
  decklist (hands, deck orders, face-down cards), and the RNG kept in the state is reseeded, so no
  future shuffle, draw or roll is known. It guarantees ``view(sample, seat) == view(state, seat)``
  and depends on nothing ``seat`` cannot see: two true states with the same view give the same
  sample under the same ``rng`` (the conformance suite checks both, and that samples keep the
  ruleset's invariants).
* ``action_key(state, seat, action)`` — a hashable name of ``action`` that stays the same across
  the samples of ``seat``'s information: a card in a zone ``seat`` cannot see is named by its
  definition, not its instance; grid actions by square.
* ``evaluate(state)`` — one value in [0, 1] per seat (how well each stands), used where a rollout
  is cut short; the values need not sum to 1.
* ``utilities(state)`` (optional, :func:`result_utilities` by default) — one utility per seat of
  a finished game, for any number of seats.
* ``prior(ruleset, seed)`` (optional) — a factory of ``score(view, legal) -> [float]``, the
  ruleset's heuristic opinion of each legal action (the search's progressive bias).
* ``tuning`` (optional) — the search bot's settings that suit the game (rollout length,
  widening, bias), measured with ``hkk tournament``.

**Bot context.** Every bot answers a decision with ``choose(ctx)``, a :class:`BotContext`: the
seat's view and legal actions, ``sample()`` (the only way to a full state: a fresh
determinization), bare-state ``clone``/``submit``/``pending``/``legal_actions``/``result``/
``evaluate`` for searching inside samples, a ``deadline`` on an injectable ``clock``, a seeded
``rng`` derived from the seed, the seat and the decision number, and ``progress()``. The host that
holds the true state builds it with :func:`context_for`; the bot never sees that state.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from engine.core import registry
from engine.core.rng import next_u64


class NoSearchHooks(LookupError):
    """The ruleset does not offer the search hooks (its plugin has no ``search``)."""


@dataclass(frozen=True)
class SearchHooks:
    determinize: Callable[[Any, int, random.Random], Any]
    action_key: Callable[[Any, int, Any], Any]
    evaluate: Callable[[Any], tuple[float, ...]]
    #: per-seat utilities of a finished state (None: from ``ruleset.result``)
    utilities: Callable[[Any], tuple[float, ...]] | None = None
    #: factory(ruleset, seed) -> score(view, legal) -> list[float] (None: no heuristic prior)
    prior: Callable[[Any, int], Callable[[Any, list[Any]], list[float]]] | None = None
    #: the search bot's settings that suit this game (engine.ai.search.SearchBot keywords)
    tuning: dict[str, Any] = field(default_factory=dict)
    #: ``determinize`` of a fresh copy the caller owns (changed in place): with the ruleset's
    #: ``freeze``/``thaw``, a bot context encodes the state once and decodes a copy per sample
    #: instead of cloning it each time (None: ``determinize`` clones)
    determinize_owned: Callable[[Any, int, random.Random], Any] | None = None
    #: the number of the turn a state is in (None: the game has no turns to speak of): a
    #: rollout guided by the prior stops where the turn it began in ends
    turn: Callable[[Any], int] | None = None
    #: the evaluation's feature row of a state, seat 0's features less seat 1's then +1/-1 for
    #: whose turn it is, with the features' names and the weights in use (two seats; None: the
    #: evaluation is not fitted; engine.ai.evalfit fits them to game outcomes)
    features: Callable[[Any], list[float]] | None = None
    feature_names: tuple[str, ...] = ()
    weights: dict[str, float] | None = None
    #: what the fitted weights must keep, whatever the fit finds: (what it says, row ``a``)
    #: pairs, each asking ``a . weights >= 0`` (engine.ai.evalfit --floors; None: none). A fit
    #: to outcomes reads correlations: where two features move together it may price a move
    #: the game rewards below 0, and the search would then shun it
    floors: Callable[[], list[tuple[str, list[float]]]] | None = None
    #: the seat's view as the prior needs it, inside samples (None: ``ruleset.view``): the
    #: same facts, less what only a screen shows (HKK's combat forecast)
    view: Callable[[Any, int], Any] | None = None


#: the hooks every ruleset must declare (the conformance suite fails without them)
REQUIRED = ("determinize", "action_key", "evaluate")


def hooks_for(ruleset: Any) -> SearchHooks:
    """The search hooks of ``ruleset`` (a rules object, as ``game.ruleset``)."""
    hooks = getattr(ruleset, "search", None)
    if hooks is None:
        hooks = getattr(registry.get(ruleset.name), "search", None)
    if callable(hooks):                       # a factory: hooks that need the rules object
        hooks = hooks(ruleset)
    if hooks is None or any(getattr(hooks, h, None) is None for h in REQUIRED):
        raise NoSearchHooks(f"The ruleset {ruleset.name!r} does not offer the search hooks "
                            f"({', '.join(REQUIRED)}); its plugin needs a `search` attribute "
                            "(engine/core/search.py).")
    return hooks


def result_utilities(result: Any, seats: int) -> tuple[float, ...]:
    """Per-seat utilities of a :class:`~engine.core.protocol.Result` for ``seats`` seats: the
    winners share 1; a draw (no winner) shares it among everybody. They always sum to 1, so a
    seat's utility is its share of the game (with 2 seats: win 1, draw 0.5, loss 0)."""
    if result.winners:
        share = 1.0 / len(result.winners)
        return tuple(share if s in result.winners else 0.0 for s in range(seats))
    return (1.0 / seats,) * seats


def difference_row(seat0: Sequence[float], seat1: Sequence[float], seat0_to_move: bool
                   ) -> list[float]:
    """A fitted evaluation's feature row (``SearchHooks.features``): seat 0's features less
    seat 1's, then +1 if seat 0 has the initiative (it is its turn), else -1."""
    return [x - y for x, y in zip(seat0, seat1)] + [1.0 if seat0_to_move else -1.0]


def logistic(z: float) -> float:
    """1 / (1 + e^-z), with z held to [-30, 30] (no overflow, and the ends stay off 0 and 1)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fitted_value(weights: Sequence[float], row: Sequence[float]) -> tuple[float, float]:
    """A two-seat fitted evaluation: the chance that seat 0 wins (the logistic of the weighted
    :func:`difference_row`, weights fitted by ``engine.ai.evalfit``) and its complement."""
    v = logistic(sum(w * x for w, x in zip(weights, row)))
    return (v, 1.0 - v)


def derive_seed(*parts: int) -> int:
    """A 64-bit seed mixed from ``parts`` (SplitMix64), stable across runs and platforms (unlike
    ``hash``): the search's RNG comes from the bot's seed, its seat and the decision number."""
    state = 0x6A09E667F3BCC908
    for part in parts:
        value, state = next_u64((state ^ (part & ((1 << 64) - 1))) & ((1 << 64) - 1))
        state ^= value
    return next_u64(state)[0]


# ---------------------------------------------------------------------------- the bot context
class RulesOps:
    """Bare-state operations for searching inside samples (never the true state): the ruleset's
    clone/submit/pending/legal_actions/result with the search hooks' evaluate, utilities and
    action_key."""

    def __init__(self, ruleset: Any, hooks: SearchHooks, seats: int):
        self.ruleset = ruleset
        self.hooks = hooks
        self.seats = seats
        self.clone = ruleset.clone
        self.submit = ruleset.submit
        self.pending = ruleset.pending
        self.legal_actions = ruleset.legal_actions
        self.result = ruleset.result
        self.view = hooks.view or ruleset.view
        self.evaluate = hooks.evaluate
        self.action_key = hooks.action_key
        self.turn = hooks.turn or _no_turns

    def utilities(self, state: Any) -> tuple[float, ...]:
        if self.hooks.utilities is not None:
            return self.hooks.utilities(state)
        return result_utilities(self.ruleset.result(state), self.seats)


def _no_turns(state: Any) -> int:
    return 0


@dataclass
class BotContext:
    """Everything a bot may use to answer one decision (see the module docstring)."""

    seat: int
    view: Any
    legal: list[Any]
    #: number of the decision in the game (entries so far): with ``seed`` and ``seat`` it seeds
    #: ``rng``, so the same position, seed and budget always give the same move
    decision: int = 0
    seed: int = 0
    ops: RulesOps | None = None
    #: seconds since some origin; injectable (tests use a fake clock)
    clock: Callable[[], float] = time.perf_counter
    #: the time on ``clock`` by which the bot should answer (None: no time limit)
    deadline: float | None = None
    #: called by :meth:`progress` (the UI's progress bar): (fraction done, info)
    on_progress: Callable[[float, dict[str, Any]], None] | None = None
    _sampler: Callable[[random.Random], Any] | None = field(default=None, repr=False)
    _rng: random.Random | None = field(default=None, init=False, repr=False)

    @property
    def rng(self) -> random.Random:
        """A generator seeded from ``seed``, ``seat`` and ``decision`` (made when first used)."""
        if self._rng is None:
            self._rng = random.Random(derive_seed(self.seed, self.seat, self.decision))
        return self._rng

    @property
    def can_sample(self) -> bool:
        return self._sampler is not None and self.ops is not None

    def sample(self, rng: random.Random | None = None) -> Any:
        """A fresh full state consistent with this seat's view (a determinization), drawn with
        ``rng`` (the context's own by default). The only way a bot reaches a full state."""
        if self._sampler is None:
            raise NoSearchHooks("This game gives its bots no samples (no search hooks, or a "
                                "host that cannot sample); a search bot cannot play here.")
        return self._sampler(rng or self.rng)

    # bare-state operations, for searching inside samples (see RulesOps)
    def clone(self, state: Any) -> Any:
        return self._ops().clone(state)

    def submit(self, state: Any, seat: int, action: Any) -> list[Any]:
        return self._ops().submit(state, seat, action)

    def pending(self, state: Any) -> Any:
        return self._ops().pending(state)

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        return self._ops().legal_actions(state, seat)

    def result(self, state: Any) -> Any:
        return self._ops().result(state)

    def evaluate(self, state: Any) -> tuple[float, ...]:
        return self._ops().evaluate(state)

    def utilities(self, state: Any) -> tuple[float, ...]:
        return self._ops().utilities(state)

    def action_key(self, state: Any, action: Any) -> Any:
        """``action``'s key from this seat's side (the same in every sample)."""
        return self._ops().action_key(state, self.seat, action)

    def _ops(self) -> RulesOps:
        if self.ops is None:
            raise NoSearchHooks("This game gives its bots no samples to search in.")
        return self.ops

    def remaining(self) -> float:
        """Seconds left before the deadline (infinite without one)."""
        return float("inf") if self.deadline is None else self.deadline - self.clock()

    def progress(self, fraction: float, **info: Any) -> None:
        if self.on_progress is not None:
            self.on_progress(max(0.0, min(1.0, fraction)), info)


def context_for(ruleset: Any, state: Any, seat: int, legal: list[Any] | None = None,
                view: Any = None, *, seed: int = 0, decision: int = 0,
                budget_s: float | None = None, clock: Callable[[], float] | None = None,
                on_progress: Callable[[float, dict[str, Any]], None] | None = None,
                seats: int | None = None) -> BotContext:
    """The context of ``seat``'s decision in ``state`` (the host's side: the live game, the
    server, the tournament). The bot gets the view, the legal actions and samples; the true state
    stays here (a private copy: the live game may move on while the bot thinks)."""
    if legal is None:
        legal = ruleset.legal_actions(state, seat)
    if view is None:
        view = ruleset.view(state, seat)
    n_seats = seats if seats is not None else len(getattr(state, "players", ())) or 2
    clock = clock or time.perf_counter
    deadline = None if budget_s is None else clock() + budget_s
    try:
        hooks = hooks_for(ruleset)
    except NoSearchHooks:
        return BotContext(seat, view, legal, decision, seed, None, clock, deadline, on_progress)
    owned, thaw = hooks.determinize_owned, getattr(ruleset, "thaw", None)
    if owned is not None and thaw is not None and hasattr(ruleset, "freeze"):
        data = ruleset.freeze(state)         # encoded once: each sample decodes its own copy

        def sampler(rng: random.Random) -> Any:
            return owned(thaw(data), seat, rng)
    else:
        frozen = ruleset.clone(state)
        determinize = hooks.determinize

        def sampler(rng: random.Random) -> Any:
            return determinize(frozen, seat, rng)

    return BotContext(seat, view, legal, decision, seed, RulesOps(ruleset, hooks, n_seats),
                      clock, deadline, on_progress, sampler)


def game_context(game: Any, seat: int, legal: list[Any] | None = None, **kw: Any) -> BotContext:
    """:func:`context_for` of ``seat``'s decision in a :class:`~engine.core.game.Game` (the
    app's door: it never handles the state itself); ``decision`` is the game's entry count."""
    kw.setdefault("decision", len(game.entries))
    kw.setdefault("seats", len(game.header.seats))
    return context_for(game.ruleset, game.state, seat, legal, **kw)


def ask(bot: Any, ruleset: Any, state: Any, seat: int, legal: list[Any], *, decision: int = 0,
        budget_s: float | None = None, clock: Callable[[], float] | None = None,
        on_progress: Callable[[float, dict[str, Any]], None] | None = None) -> Any:
    """``bot``'s answer to ``seat``'s decision in ``state`` (the host's side). A bot that searches
    (``needs_samples``) gets a context that can sample; any other gets its view (if it
    ``needs_view``) and the legal actions, at no extra cost."""
    if getattr(bot, "needs_samples", False):
        ctx = context_for(ruleset, state, seat, legal, seed=0, decision=decision,
                          budget_s=budget_s, clock=clock, on_progress=on_progress)
    else:
        view = ruleset.view(state, seat) if getattr(bot, "needs_view", True) else None
        ctx = BotContext(seat, view, legal, decision)
    return bot.choose(ctx)


def view_context(view: Any, legal: list[Any], seat: int = -1) -> BotContext:
    """A context of a view and legal actions alone (no samples): what a bot called the old way,
    ``choose(view, legal)``, is given."""
    return BotContext(seat, view, legal)


def unpack(ctx_or_view: Any, legal: list[Any] | None) -> tuple[Any, list[Any]]:
    """(view, legal) from either calling convention: ``choose(ctx)`` or ``choose(view, legal)``."""
    if legal is None and isinstance(ctx_or_view, BotContext):
        return ctx_or_view.view, ctx_or_view.legal
    if legal is None:
        raise TypeError("choose() takes a BotContext, or a view and the legal actions")
    return ctx_or_view, legal


def key_of(value: Any) -> Any:
    """A hashable form of a msgspec/struct value (tuples of builtins)."""
    if isinstance(value, (list, tuple)):
        return tuple(key_of(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, key_of(v)) for k, v in value.items()))
    fields = getattr(value, "__struct_fields__", None)
    if fields is not None:
        return (type(value).__name__, *(key_of(getattr(value, f)) for f in fields))
    return value


def deal_again(groups: list[list[int]], get: Callable[[int], Any],
               put: Callable[[int, Any], None], rng: random.Random) -> None:
    """Deal the hidden cards of each group again: the values (card definitions) of the ids of a
    group are shuffled among its ids. The values are sorted before the shuffle and the ids are
    taken in the order given, so the deal depends only on the multiset of values and on ``rng``
    — not on which id held which value (what the seat cannot see)."""
    for ids in groups:
        if len(ids) < 2:
            continue
        values = sorted(get(i) for i in ids)
        rng.shuffle(values)
        for i, v in zip(ids, values):
            put(i, v)


def deal_cards_again(groups: list[list[int]], cards: list[Any], rng: random.Random) -> None:
    """:func:`deal_again` for card instances whose definition is their ``cid`` (every
    shipped ruleset): the same deal from the same ``rng``, without two calls per card (a
    search deals a world for every simulation)."""
    for ids in groups:
        if len(ids) < 2:
            continue
        values = sorted([cards[i].cid for i in ids])
        rng.shuffle(values)
        for i, v in zip(ids, values):
            cards[i].cid = v


def reseed(rng: random.Random) -> int:
    """A fresh RNG state for a sample (the true one would tell the future)."""
    return rng.getrandbits(64)


__all__ = ["BotContext", "NoSearchHooks", "RulesOps", "SearchHooks", "ask", "context_for",
           "deal_again", "deal_cards_again", "derive_seed", "game_context", "hooks_for",
           "key_of", "reseed", "result_utilities", "unpack", "view_context"]
