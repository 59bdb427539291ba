"""The first MK heuristic bot plays through the protocol (its seat's view only) and beats the
random bot."""

from __future__ import annotations

from engine.ai.bots import RandomBot
from engine.core.game import Game
from engine.magus.bot import SquireBot
from engine.magus.plugin import PLUGIN


def test_the_squire_bot_beats_the_random_bot_from_its_view_alone():
    wins = 0
    for g in range(10):
        decks = ("lantern", "ashen") if g % 2 else ("ashen", "lantern")
        h = PLUGIN.new_header(decks, 700 + g)
        rules = PLUGIN.ruleset_for(h)
        game = Game.new(rules, h)
        squire = g % 2
        bots = {squire: SquireBot(rules.pool, g), 1 - squire: RandomBot(g)}
        while (d := game.pending()) is not None:
            legal = game.legal_actions(d.player)
            action = bots[d.player].choose(rules.view(game.state, d.player), legal)
            assert action in legal
            game.submit(d.player, action)
        wins += squire in game.state.result.winners
    assert wins >= 8, f"the squire won only {wins} of 10"
