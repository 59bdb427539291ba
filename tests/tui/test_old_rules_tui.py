"""A game recorded under older rules in the app (issue 11): the debugger and Continue open it
whole and say plainly which rules version it was recorded under — never "damaged"."""

from __future__ import annotations

import shutil
from pathlib import Path

from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.replay import ReplayScreen
from tui_helpers import fresh_data_dir, run, until

OLD = Path(__file__).resolve().parents[1] / "data" / "old-rules-v1.hkk"


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def test_the_debugger_says_an_old_rules_game_is_replayed_from_its_record(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    path = data / "old.hkk"
    shutil.copy(OLD, path)

    async def body(app, pilot):
        app.open_replay(path, debug=True)
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the debugger")
        assert len(app.screen.game.entries) == 41
        await until(pilot, lambda: notes(app), "the notice")
        said = " ".join(notes(app))
        assert "recorded under rules version 1" in said and "not re-checked" in said
        assert "damaged" not in said and "Only the first" not in said

    run(body)


def test_continue_says_an_old_rules_game_goes_on_under_todays_rules(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    path = data / "old.hkk"
    shutil.copy(OLD, path)

    async def body(app, pilot):
        app.load_game(path)
        await until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                    "the game")
        await until(pilot, lambda: notes(app), "the notice")
        said = " ".join(notes(app))
        assert "szabályok 1. változata szerint" in said and "mai szabályok szerint" in said
        assert not list(data.glob("*.damaged-*"))

    run(body, lang="hu")
