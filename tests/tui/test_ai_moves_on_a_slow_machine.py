"""The AI moves on a machine so busy that the app is held up between any two of its steps.

Textual's one-shot timer (``set_timer``) drops its callback when more time than its delay
passes between two of its own steps. The game screen used to start each AI move with a 1 ms
timer; on a loaded machine that timer was now and then lost and the AI never moved (seen in
the suite: "timed out waiting for my first decision"). Here every reading of Textual's clock is
5 ms after the one before, so such a timer is lost every time, while a person waiting for the
AI must still get their turn.
"""

from __future__ import annotations

import pytest
from textual import _time

from hkk_tui.screens.game import GameScreen
from tui_helpers import fresh_data_dir, run, until


@pytest.mark.parametrize("pace", [0.0, 0.2])
def test_the_ai_moves_when_the_app_is_held_up_between_its_steps(monkeypatch, pace):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        app.settings.ai_pace = pace
        real = _time.get_time
        last = [real()]

        def held_up() -> float:
            last[0] = max(last[0] + 0.005, real())
            return last[0]

        monkeypatch.setattr(_time, "get_time", held_up)
        # seed 3: the AI (seat 2, random) moves first
        app.start_game(None, None, seed=3, ruleset="sw",
                       decks=("polar-dwarves", "ashvale-wraiths"), kinds=("human", "ai:random"))
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and app.screen.session.my_decision() is not None, "my first decision")
        entries = app.screen.session.game.entries
        assert any(e.player == 1 for e in entries)       # the AI did move before it
        monkeypatch.setattr(_time, "get_time", real)

    run(body, size=(80, 24))
