"""Fit the weights of a ruleset's position evaluation to game outcomes (issue 16).

The search bot cuts every simulation short and asks the ruleset's ``evaluate`` how each seat
stands, so the evaluation is most of what the search knows about the game. Its weights are not
guessed: this tool plays games between lightly randomised heuristic bots (a random move now and
then, so the positions are not only those the heuristic reaches), takes positions along each
game, and fits a logistic regression of the winner on the ruleset's feature row
(``SearchHooks.features``: seat 0's features less seat 1's, then +1/-1 for whose turn it is).
The fitted weights are printed as Python, to be pasted into the ruleset's ``WEIGHTS``.

    python -m engine.ai.evalfit --ruleset hkk --games 3000 --seed 1

Draws count half a win. The last fifth of the positions (whole games) is held out; the fit's log
loss and hit rate on it are printed beside those of the weights in use, so a refit is kept only
when it calls unseen games better. Two-seat games only.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Any

from engine.core.search import logistic


def collect(ruleset: str, games: int, seed: int, epsilon: float = 0.1, every: int = 3
            ) -> tuple[list[list[float]], list[float]]:
    """Feature rows of positions along ``games`` games of ``ruleset`` between its heuristic bot
    and itself (a random legal move instead with chance ``epsilon``; a row every ``every``
    decisions where there is a choice), each with the game's outcome for seat 0 (1, 0.5, 0).
    Games are appended whole and in order."""
    from engine.ai.bots import make_bot
    from engine.core import registry
    from engine.core.game import Game
    from engine.core.log import Seat
    from engine.core.search import ask, hooks_for, result_utilities

    plugin = registry.get(ruleset)
    bot = plugin.default_bot
    decks = [d.id for d in plugin.decks()]
    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for g in range(games):
        chosen = (rng.choice(decks), rng.choice(decks))
        header = plugin.new_header(chosen, seed * 100_003 + g, seats=tuple(
            Seat("AB"[i], d, f"ai:{bot}") for i, d in enumerate(chosen)))
        game = Game.new(plugin.ruleset_for(header), header)
        features = hooks_for(game.ruleset).features
        if features is None:
            raise ValueError(f"The ruleset {ruleset!r} has no feature row to fit "
                             "(its SearchHooks.features).")
        bots = [make_bot(bot, game.ruleset, seed + g * 2 + i) for i in range(2)]
        rows = []
        for n in range(20_000):
            d = game.pending()
            if d is None:
                break
            legal = game.legal_actions(d.player)
            if len(legal) > 1 and n % every == 0:
                rows.append(features(game.state))
            if len(legal) > 1 and rng.random() < epsilon:
                action = rng.choice(legal)
            else:
                action = ask(bots[d.player], game.ruleset, game.state, d.player, legal,
                             decision=len(game.entries))
            game.submit(d.player, action)
        result = game.ruleset.result(game.state)
        if result is None:
            continue
        y = result_utilities(result, 2)[0]
        xs.extend(rows)
        ys.extend([y] * len(rows))
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], l2: float = 1.0, rounds: int = 25,
        floors: list[list[float]] = ()) -> list[float]:
    """Logistic regression without intercept (the rows are antisymmetric: a position seen from
    the other seat is the negated row with the complementary outcome), L2-regularised, by
    Newton's method. With ``floors`` (rows ``a``), the weights keep ``a . w >= 0`` for each:
    every Newton step minimises the loss's quadratic model plus a steep penalty on each floor
    it would break (:func:`_floored_step`), so the answer breaks none by more than about 1e-6."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [l2 * wi for wi in w]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            p = logistic(sum(wi * xi for wi, xi in zip(w, x)))
            g = p - y
            h = p * (1.0 - p)
            for i in range(k):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += g * xi
                hi = hess[i]
                hx = h * xi
                for j in range(k):
                    hi[j] += hx * x[j]
        step = _floored_step(hess, grad, w, floors) if floors else _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


#: how steep the penalty on a broken floor is, against the loss's curvature (a floor ends up
#: broken by about the loss's slope over this)
FLOOR_PENALTY = 1e8


def _floored_step(hess: list[list[float]], grad: list[float], w: list[float],
                  floors: list[list[float]]) -> list[float]:
    """The Newton step ``s`` (the new weights are ``w - s``) that minimises the quadratic model
    ``-grad.s + s.hess.s/2`` plus ``FLOOR_PENALTY/2 * (a.(w - s))**2`` for every floor ``a`` the
    new weights break: the set of broken floors is found by repeating until it stays the same
    (a floor the penalty holds ends a hair below 0, so it stays in the set; one the step leaves
    above 0 leaves it)."""
    k = len(w)
    active: frozenset[int] = frozenset()
    step = _solve(hess, grad)
    for _ in range(50):
        new = [wi - si for wi, si in zip(w, step)]
        broken = frozenset(n for n, a in enumerate(floors) if _dot(a, new) < 0)
        if broken == active:
            break
        active = broken
        h = [row[:] for row in hess]
        g = grad[:]
        for n in active:
            a = floors[n]
            aw = _dot(a, w)
            for i in range(k):
                g[i] += FLOOR_PENALTY * a[i] * aw
                for j in range(k):
                    h[i][j] += FLOOR_PENALTY * a[i] * a[j]
        step = _solve(h, g)
    return step


def _dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and positive
    definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (m[r][n] - sum(m[r][j] * out[j] for j in range(r + 1, n))) / m[r][r]
    return out


def log_loss(w: list[float], xs: list[list[float]], ys: list[float]) -> float:
    """Mean log loss of the weights' win chances (ln 2 = 0.6931 for a coin)."""
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(1 - 1e-9, max(1e-9, logistic(sum(wi * xi for wi, xi in zip(w, x)))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def accuracy(w: list[float], xs: list[list[float]], ys: list[float]) -> float:
    """How often the sign of the weighted row calls a decided game's winner."""
    decided = [(x, y) for x, y in zip(xs, ys) if y != 0.5]
    right = sum((sum(a * b for a, b in zip(w, x)) > 0) == (y == 1.0) for x, y in decided)
    return right / len(decided) if decided else 0.0


def ruleset_hooks(ruleset: str) -> Any:
    """The search hooks of the ruleset named ``ruleset`` (of a rules object for a mirror match of
    its first deck: the hooks do not depend on the decks)."""
    from engine.core import registry
    from engine.core.search import hooks_for

    plugin = registry.get(ruleset)
    first = plugin.decks()[0].id
    return hooks_for(plugin.ruleset_for(plugin.new_header((first, first), 1)))


def weights_in_use(hooks: Any) -> list[float] | None:
    """The hooks' shipped weights in the order of their feature row, or None without any."""
    return [hooks.weights[n] for n in hooks.feature_names] if hooks.weights else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.evalfit",
                                 description="Fit a ruleset's evaluation weights to outcomes.")
    ap.add_argument("--ruleset", default="hkk")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epsilon", type=float, default=0.1,
                    help="how often a bot plays a random legal move instead (default 0.1)")
    ap.add_argument("--every", type=int, default=3, help="take every Nth decision (default 3)")
    ap.add_argument("--floors", action="store_true",
                    help="keep the ruleset's floors (SearchHooks.floors): rows the weights "
                         "must not price below 0")
    args = ap.parse_args(argv)
    hooks = ruleset_hooks(args.ruleset)
    if hooks.features is None or not hooks.feature_names:
        print(f"The ruleset {args.ruleset!r} has no feature row to fit "
              "(its SearchHooks.features and feature_names).", file=sys.stderr)
        return 2
    floors: list[tuple[str, list[float]]] = []
    if args.floors:
        if hooks.floors is None:
            print(f"The ruleset {args.ruleset!r} declares no floors (SearchHooks.floors); "
                  "fit without --floors.", file=sys.stderr)
            return 2
        floors = hooks.floors()
    xs, ys = collect(args.ruleset, args.games, args.seed, args.epsilon, args.every)
    cut = len(xs) * 4 // 5                # games are appended in order: the last fifth is held out
    w = fit(xs[:cut], ys[:cut], floors=[row for _, row in floors])
    if floors:
        held = [what for what, row in floors if _dot(row, w) < 1e-4]
        print(f"# {len(floors)} floors kept; held at 0: {', '.join(held) or 'none'}",
              file=sys.stderr)
    held_x, held_y = xs[cut:], ys[cut:]
    now = weights_in_use(hooks)
    print(f"# {len(xs)} positions from {args.games} games (seed {args.seed}, epsilon "
          f"{args.epsilon}); held out: log loss {log_loss(w, held_x, held_y):.4f}, winner "
          f"called {accuracy(w, held_x, held_y):.1%}"
          + (f"; the weights in use: {log_loss(now, held_x, held_y):.4f}, "
             f"{accuracy(now, held_x, held_y):.1%}" if now else "")
          + " (knowing nothing: 0.6931)", file=sys.stderr)
    print("WEIGHTS = {")
    for name, wi in zip(hooks.feature_names, w):
        print(f"    {name!r}: {wi:.4f},")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
