"""The graph of a finished game over its turns (issue 14): on the result screen and in replay,
for HKK (each player's life) and Summoner Wars (each summoner's life left); a ruleset without
its own headline gets the default from its summary."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from engine.core.game import Game
from engine.core.sessions import open_read_only
from hkk_tui.app import HkkApp
from hkk_tui.rulesets import get_ui
from hkk_tui.rulesets.base import Table
from hkk_tui.screens.dialogs import MessageScreen, ResultScreen
from hkk_tui.screens.settings_store import Settings
from hkk_tui.widgets.headline_graph import HeadlineGraph, chart, game_series
from test_replay_debug import GAME
from tui_helpers import fresh_data_dir

SAVES = Path(__file__).resolve().parents[2] / "saves"
SW_GAME = min((SAVES / "sw" / "games").glob("*.hkk"))


def _game(path: Path) -> Game:
    game, note = open_read_only(path)
    assert not note
    return game


def _series(path: Path, lang: str = "en"):
    game = _game(path)
    ui = get_ui(game.header.ruleset)
    table = ui.table(game.header, game.ruleset, [s.name for s in game.header.seats], lang)
    return game, table, game_series(game.ruleset, game.header, game.entries, table)


def test_hkk_graph_follows_each_players_life_from_the_start_to_the_end():
    game, table, series = _series(GAME)
    assert series.name == "Life over the turns"
    assert series.turns[0] == 0 and series.turns == sorted(series.turns)
    final = game.ruleset.summary(game.state)
    assert series.values[-1] == [h["life"] for h in final["headlines"]]
    assert series.values[0] == [20, 20]
    text = chart(series, table.names, 60, colour=False).plain
    assert "●" in text and "○" in text
    assert f"{table.names[0]} ({series.values[-1][0]})" in text


def test_sw_graph_follows_each_summoners_life_left():
    game, _table, series = _series(SW_GAME, "hu")
    assert series.name == "Az idéző hátralévő élete körönként"
    final = game.ruleset.summary(game.state)
    assert series.values[-1] == [h["life"] for h in final["headlines"]]
    assert max(series.values[0]) >= max(series.values[-1])


def test_the_default_headline_is_the_first_counter_of_the_summary():
    class Plain(Table):
        def __init__(self):
            self.ns, self.lang = "toy", "en"

    got = Plain().headline({"headlines": [{"name": "x", "score": 3, "hp": 1},
                                          {"name": "y", "score": 5, "hp": 2}]})
    assert got == ("score", [3, 5])
    assert Plain().headline({"headlines": []}) is None


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_the_result_screen_shows_the_graph(monkeypatch, size):
    data = fresh_data_dir(monkeypatch)
    (data / "saves").mkdir(exist_ok=True)
    path = data / "saves" / GAME.name
    shutil.copy(GAME, path)

    async def main():
        app = HkkApp(Settings(lang="en", ai_pace=0.0))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.load_game(path)
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ResultScreen) and isinstance(screen, MessageScreen)
            graph = screen.query_one(HeadlineGraph)
            text = graph.render().plain
            assert "Life over the turns" in text and "●" in text and "○" in text
            assert graph.region.height >= graph.rows + 4     # all of it laid out
    asyncio.run(main())


def test_replay_shows_the_graph_on_G(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def main():
        app = HkkApp(Settings(lang="hu", ai_pace=0.0), {"replay": str(GAME)})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("G")
            await pilot.pause()
            assert isinstance(app.screen, MessageScreen)
            text = app.screen.query_one(HeadlineGraph).render().plain
            assert "Életerő (Ép) körönként" in text
    asyncio.run(main())
