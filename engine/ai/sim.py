"""Bot-versus-bot games (used by ``hkk sim``, ``hkk bench``, ``hkk tournament`` and the fuzz
tests)."""

from __future__ import annotations

import gc
from typing import Any, Callable

from engine.core.game import Game
from engine.core.search import BotContext, ask


def play_out(game: Game, bots: list[Any], max_decisions: int = 50_000,
             after: Callable[[Game, int, Any, list], None] | None = None) -> Game:
    """Let ``bots`` (one per seat) answer every decision until the game ends. Each bot is asked
    through :func:`engine.core.search.ask`: its view and the legal actions, and samples if it
    searches; the decision number is the game's entry count.

    Unless a bot searches, the cyclic garbage collector is paused while the game is played
    (and restored after, as it was): the engine makes no reference cycles (a game's log,
    states and events are freed by reference count), so its collections during a play-out
    find nothing and cost about 6% of a random HKK game. A searching bot (``needs_samples``)
    may build trees with cycles, so with one the collector runs as usual."""
    if any(getattr(bot, "needs_samples", False) for bot in bots):
        return _play(game, bots, max_decisions, after)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _play(game, bots, max_decisions, after)
    finally:
        if was_enabled:
            gc.enable()


def _play(game: Game, bots: list[Any], max_decisions: int,
          after: Callable[[Game, int, Any, list], None] | None) -> Game:
    ruleset = game.ruleset
    # a bot that neither searches nor looks at the view gets the context ask() would give it,
    # made here (no view to build, nothing to look up per decision); one that can pick from
    # the legal actions alone (``pick``, e.g. the random bot) is given just those
    plain = [not getattr(bot, "needs_samples", False) and not getattr(bot, "needs_view", True)
             for bot in bots]
    pickers = [getattr(bot, "pick", None) if plain[seat] else None
               for seat, bot in enumerate(bots)]
    for _ in range(max_decisions):
        decision = game.pending()
        if decision is None:
            return game
        seat = decision.player
        legal = game.legal_actions(seat)
        pick = pickers[seat]
        if pick is not None:
            action = pick(legal)
        elif plain[seat]:
            action = bots[seat].choose(BotContext(seat, None, legal, len(game.entries)))
        else:
            action = ask(bots[seat], ruleset, game.state, seat, legal, decision=len(game.entries))
        events = game.submit(seat, action)
        if after is not None:
            after(game, seat, action, events)
    raise RuntimeError(f"game did not finish within {max_decisions} decisions")
