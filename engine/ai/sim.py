"""Bot-versus-bot games (used by ``hkk sim``, ``hkk bench`` and the fuzz tests)."""

from __future__ import annotations

from typing import Any, Callable

from engine.core.game import Game


def play_out(game: Game, bots: list[Any], max_decisions: int = 50_000,
             after: Callable[[Game, int, Any, list], None] | None = None) -> Game:
    """Let ``bots`` (one per seat) answer every decision until the game ends."""
    ruleset = game.ruleset
    for _ in range(max_decisions):
        decision = game.pending()
        if decision is None:
            return game
        bot = bots[decision.player]
        legal = game.legal_actions(decision.player)
        view = ruleset.view(game.state, decision.player) if bot.needs_view else None
        action = bot.choose(view, legal)
        events = game.submit(decision.player, action)
        if after is not None:
            after(game, decision.player, action, events)
    raise RuntimeError(f"game did not finish within {max_decisions} decisions")
