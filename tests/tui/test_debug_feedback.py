"""The rules debugger and the replay answer every input (issue 14): a breakpoint written as a
plain event name, an unknown name with close matches, a search with no match, a bad turn
number; the phase shown after a jump to a turn is that turn's; ``hkk replay``/``hkk debug``
quit to the shell."""

from __future__ import annotations

import asyncio

import pytest

from engine.hkk import events as E
from hkk_tui.app import HkkApp
from hkk_tui.screens.replay import ReplayScreen
from hkk_tui.screens.settings_store import Settings
from hkk_tui.screens.title import TitleScreen
from test_replay_debug import GAME
from tui_helpers import HAVE_TMUX, Tmux, fresh_data_dir, hkk_argv, wait_until_gone


def run(coro_fn, start, size=(120, 36), lang="en"):
    async def main():
        app = HkkApp(Settings(lang=lang, ai_pace=0.0), start)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await coro_fn(app, pilot)
        return app
    return asyncio.run(main())


def prompt_text(screen) -> str:
    return str(screen.query_one("#prompt").render())


async def typed(pilot, key: str, text: str) -> None:
    await pilot.press(key)
    await pilot.pause()
    await pilot.press(*text, "enter")
    await pilot.pause()


def test_a_breakpoint_may_be_a_plain_event_name(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        await typed(pilot, "B", "AttackDeclared")
        assert "Breakpoint set: type=AttackDeclared" in prompt_text(screen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(screen.replay.event(screen.replay.pos - 1), E.AttackDeclared)
        assert "Stopped at event" in prompt_text(screen)

    run(body, {"replay": str(GAME), "debug": True})


def test_an_unknown_event_name_is_refused_with_the_close_matches(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        await typed(pilot, "B", "AttackDeclard")
        said = prompt_text(screen)
        assert 'No event is called "AttackDeclard"' in said
        assert "AttackDeclared" in said.split("Close matches:")[1]
        assert screen.breakpoints == []

    run(body, {"replay": str(GAME), "debug": True})


def test_breakpoint_words_in_hungarian_and_their_refusals():
    from hkk_tui.screens.replay import read_breakpoint

    names = ["AttackDeclared", "CardDrawn"]
    assert read_breakpoint("attackdeclared", 2, "K", names).value == "AttackDeclared"
    assert read_breakpoint("játékos 2", 2, "K", names).value == "1"
    assert read_breakpoint("player 7", 2, "K", names).key == "feedback.bad_player"
    assert read_breakpoint("12", 2, "K", names).key == "debug.bad_breakpoint"
    assert read_breakpoint("Drawn", 2, "K", names).close == ["CardDrawn"]


def test_a_search_with_no_match_says_so_and_stays(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        pos = screen.replay.pos
        await typed(pilot, "slash", "zzzqqq")
        assert 'No match for "zzzqqq"' in prompt_text(screen)
        assert screen.replay.pos == pos
        await pilot.press("N")
        await pilot.pause()
        assert 'No match for "zzzqqq"' in prompt_text(screen)
        await typed(pilot, "slash", "graveyard")
        assert "Match 1 of" in prompt_text(screen)

    run(body, {"replay": str(GAME), "debug": True})


def test_a_bad_turn_number_and_the_ends_of_the_game_are_told(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        await typed(pilot, "t", "three")
        assert '"three" is not a turn number' in prompt_text(screen)
        await pilot.press("end")
        await pilot.pause()
        assert "The end of the game: G shows the graph" in prompt_text(screen)
        await pilot.press("right")
        await pilot.pause()
        assert "Already at the end of the game." in prompt_text(screen)

    run(body, {"replay": str(GAME)})


def test_the_phase_shown_after_a_jump_to_a_turn_is_that_turns(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.screen
        await typed(pilot, "t", "3")
        summary = screen.game.ruleset.summary(screen.replay.state)
        assert summary["turn"] == 3
        assert summary["phase"] == "prep"          # not the previous turn's end phase
        said = prompt_text(screen)
        assert "Turn 3." in said and "turn 3, preparation phase" in said

    run(body, {"replay": str(GAME)})


def test_replay_from_the_command_line_quits_to_the_shell(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen)

    app = run(body, {"replay": str(GAME), "debug": True})
    assert app.return_code == 0


def test_replay_from_the_menu_goes_back_to_the_menu(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        app.open_replay(GAME)
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)

    app = run(body, {})
    assert app.return_code is None


def test_the_inspector_speaks_the_chosen_language(monkeypatch):
    fresh_data_dir(monkeypatch)
    seen = {}

    async def body(app, pilot):
        screen = app.screen
        for _ in range(8):
            await pilot.press("right")
        await pilot.pause()
        seen[app.lang] = str(screen.query_one("#state-detail").render())

    for lang in ("en", "hu"):
        run(body, {"replay": str(GAME), "debug": True}, lang=lang)
    en, hu = seen["en"], seen["hu"]
    assert "Life 20/" in en and " MC " in en and "active" in en
    assert "Ép" not in en and "szk" not in en
    assert "Ép 20/" in hu and "szk" in hu


@pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")
@pytest.mark.parametrize("command", ["debug", "replay"])
def test_tmux_hkk_debug_then_q_is_back_at_the_shell(monkeypatch, command):
    data = fresh_data_dir(monkeypatch)
    (data / "settings.toml").write_text('lang = "en"\nai_pace = 0.0\n')
    with Tmux(f"quit-{command}") as tmux:
        pid = tmux.start("hkk", hkk_argv(command, str(GAME)), {"HKK_DATA_DIR": str(data)})
        tmux.wait_for("hkk", "Replay · entry")
        tmux.run("send-keys", "-t", "hkk", "q")
        assert wait_until_gone(pid, 20), tmux.capture("hkk")
        assert "New game vs the AI" not in tmux.capture("hkk")
