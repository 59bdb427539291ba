"""Ruling R30 (SW Döntés.30): undo never takes back a die roll, not even in practice against the
AI, where undo may otherwise cross draws; the refusal cites the ruling."""

from __future__ import annotations

import pytest

from engine.ai.bots import make_bot
from engine.core.game import Game, UndoRefused
from engine.core.log import Seat
from engine.core.registry import get
from engine.sw import events as E


def _game_after_a_roll() -> tuple[Game, int]:
    plugin = get("sw")
    decks = [d.id for d in plugin.decks()][:2]
    header = plugin.new_header(tuple(decks), 7, seats=(Seat("A", decks[0]),
                                                       Seat("B", decks[1], "ai:random")))
    game = Game.new(plugin.ruleset_for(header), header)
    bots = [make_bot("warlord", game.ruleset, 1), make_bot("random", game.ruleset, 2)]
    for _ in range(5000):
        d = game.pending()
        assert d is not None, "the game ended before seat 0 rolled a die"
        legal = game.legal_actions(d.player)
        view = game.ruleset.view(game.state, d.player) if bots[d.player].needs_view else None
        events = game.submit(d.player, bots[d.player].choose(view, legal))
        if d.player == 0 and any(isinstance(e, E.DiceRolled) for e in events):
            return game, d.player
    raise AssertionError("no roll by seat 0")


def test_sw_dontes_30_undo_never_takes_back_a_roll_even_against_the_ai():
    game, seat = _game_after_a_roll()
    assert game.practice()                     # against the AI undo may cross draws, not rolls
    entries = len(game.entries)
    with pytest.raises(UndoRefused) as info:
        game.undo(seat)
    assert info.value.key == "chance" and info.value.rule == "SW Döntés.30"
    assert len(game.entries) == entries
    assert "SW Döntés.30" in get("sw").rules()
