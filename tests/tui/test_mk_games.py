"""The shipped M.A.G.U.S. games (saves/mk/games, made by saves/mk/record.py): at least five,
each still showing the kind of play it is named after (a siege that takes a level, a quest
fought over, a capture, a DP win, a fight or a tower win) under today's rules, and one stepped
through in the replay screen at 80×24, its manoeuvre panel and nested Timeline drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import fresh_data_dir, run, until

from engine.core import registry
from engine.core import store as S
from engine.core.game import Game
from saves.mk import record


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


GAMES = sorted((Path(record.DEST)).glob("*.hkk"))


def _kind(path: Path) -> str:
    return next(k for k in record.KINDS if path.stem[len("game-01-"):].startswith(k))


def _game(path: Path) -> Game:
    loaded = S.load(path)
    assert not loaded.damaged, loaded.problem
    return Game.from_log(registry.ruleset_for(loaded.header), loaded.header, loaded.entries)


def test_every_kind_of_play_ships_in_a_game_of_its_own():
    assert len(GAMES) >= 5
    assert sorted(_kind(p) for p in GAMES) == sorted(record.KINDS)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_each_shipped_game_shows_its_kind_to_the_end(path):
    game = _game(path)
    assert game.state.result is not None, "the game ends"
    assert record.KINDS[_kind(path)](game), f"{path.name} no longer shows {_kind(path)}"


def test_the_siege_game_steps_through_the_replay_screen_with_its_manoeuvre(monkeypatch):
    """Forward by decisions (``n``) until the siege runs: the board names it, the Timeline
    pane nests its frames under the round and phase, and no placeholder shows."""
    fresh_data_dir(monkeypatch)
    path = next(p for p in GAMES if _kind(p) == "siege")

    async def body(app, pilot):
        from hkk_tui.screens.replay import ReplayScreen

        app.open_replay(path)
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        seen = ""
        for _ in range(400):
            await pilot.press("n")
            state = replay.replay.state
            if state.manoeuvre is not None and state.manoeuvre.kind == "siege":
                await pilot.pause()
                seen = screen_text(app)
                break
        assert "Manoeuvre: siege against" in seen, seen
        assert "Timeline" in seen and "⟨" not in seen

    run(body, "en", size=(80, 24), seed=1)
