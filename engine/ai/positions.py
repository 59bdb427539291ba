"""Fixed mid-game positions for measuring the search bot (``hkk bench``'s ai section): reached
by each ruleset's heuristic bot against itself from a fixed seed, so every run measures the same
positions."""

from __future__ import annotations

from typing import Any

#: how far into a game (entries) the fixed positions are taken, per ruleset
MID_GAME = {"hkk": (60, 120, 180), "sw": (40, 80, 120)}


def positions(ruleset: str, seed: int = 1) -> list[tuple[Any, Any, int]]:
    """Fixed mid-game positions of ``ruleset``: (rules, state, seat to move), reached by the
    ruleset's default bot against itself from a fixed seed."""
    from engine.ai.bots import make_bot
    from engine.core import registry
    from engine.core.game import Game
    from engine.core.log import Seat
    from engine.core.search import ask

    plugin = registry.get(ruleset)
    decks = [d.id for d in plugin.decks()]
    out = []
    for k, at in enumerate(MID_GAME.get(ruleset, (40, 80))):
        chosen = (decks[k % len(decks)], decks[(k + 1) % len(decks)])
        header = plugin.new_header(chosen, seed + k, seats=tuple(
            Seat("AB"[i], d, f"ai:{plugin.default_bot}") for i, d in enumerate(chosen)))
        game = Game.new(plugin.ruleset_for(header), header)
        bots = [make_bot(plugin.default_bot, game.ruleset, seed + i) for i in range(2)]
        while len(game.entries) < at:
            d = game.pending()
            if d is None:
                break
            legal = game.legal_actions(d.player)
            game.submit(d.player, ask(bots[d.player], game.ruleset, game.state, d.player,
                                      legal, decision=len(game.entries)))
        # the next decision with a real choice
        while (d := game.pending()) is not None and len(game.legal_actions(d.player)) < 2:
            legal = game.legal_actions(d.player)
            game.submit(d.player, legal[0])
        if d is not None:
            out.append((game.ruleset, game.ruleset.clone(game.state), d.player))
    return out
