"""The search AI on the game screen (issue 16): difficulty levels per seat, "AI thinking…" with a
progress bar, a key that makes it move now, undo/leaving/quitting stop it and leave no process,
keys answered while it thinks, and its annotations hidden from its opponent until the game is
over."""

from __future__ import annotations

import asyncio
import os

from engine.ai.notes import notes_path, read_notes
from hkk_tui.app import HkkApp
from hkk_tui.screens.dialogs import ChoiceScreen
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.replay import ReplayScreen
from hkk_tui.screens.session import GameSession, replay_notes
from hkk_tui.screens.settings_store import Settings
from hkk_tui.screens.title import NewGameScreen
from hkk_tui.widgets.prompt import ThinkingBar
from tui_helpers import fresh_data_dir, until, wait_until_gone


def play(body, lang: str = "en", seed: int = 5, think_s: float = 1.0) -> None:
    async def main() -> None:
        app = HkkApp(Settings(lang=lang, ai_pace=0.0, think_s=think_s))
        app.seed = seed
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await body(app, pilot)
    asyncio.run(main())


async def until_thinking(pilot, screen: GameScreen) -> None:
    """Answer the player's decisions (keep the start, pass) until the AI searches."""
    s = screen.session
    for _ in range(400):
        if screen._thinking.searching:
            return
        if s.my_decision() is not None and pilot.app.screen is screen:
            if any(g.kind in ("pass", "done") for g in screen.groups()):
                await pilot.press("space")
            else:
                await pilot.press("enter", "1")
        await pilot.pause(0.02)
    raise AssertionError("the AI never started to think")


async def start(app, pilot, ai: str = "search:10.0", after_player: bool = False
                ) -> GameScreen:
    """A new HKK game against ``ai``, up to the AI's search (``after_player``: a search after
    a decision of the player's, so there is something to undo)."""
    screen = app.start_game(None, None, ai=ai, ruleset="hkk")
    await pilot.pause()
    await until_thinking(pilot, screen)
    s = screen.session
    while after_player and not any(e.player == 0 for e in s.game.entries):
        before = len(s.game.entries)
        await pilot.press("f")
        await until(pilot, lambda: len(s.game.entries) > before, "the AI's move")
        await until_thinking(pilot, screen)
    return screen


def replay_up(app) -> bool:
    return isinstance(app.screen, ReplayScreen) and bool(app.screen.query("#log"))


def prompt_text(screen: GameScreen) -> str:
    return screen.query_one("#prompt").main_text


def test_the_new_game_form_offers_easy_normal_and_hard_and_the_seat_keeps_the_budget(
        monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        form = NewGameScreen(ruleset="hkk")
        app.push_screen(form)
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        label, options, chosen = form.rows[-1]
        assert [text for _v, text in options][:3] == [
            "Easy (greedy)", "Normal (search, 0.25 s)", "Hard (search, 2.5 s)"]
        assert [v for v, _t in options][:3] == ["greedy", "search:0.25", "search:2.5"]
        assert chosen == 0                                   # Easy, as before
        await pilot.press(*(["down"] * (len(form.rows) - 1)), "right", "right")
        assert form.values()[-1] == "search:2.5"
        await pilot.press("end", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        session = app.screen.session
        assert session.header.seats[1].kind == "ai:search:2.5"
        assert session.header.seats[1].name == "AI (search, 2.5 s)"
        assert session.bots[1].budget_s == 2.5
        path = session.path
        app.screen.action_menu()
        await pilot.pause()
        # the seat keeps its level: the game goes on at 2.5 s a move
        again = GameSession.resume(path, lang="en")
        assert again.bots[1].budget_s == 2.5
        again.close()

    play(body, think_s=2.5)


def test_old_saves_with_a_named_bot_still_open_at_easy(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(None, None, ai="greedy", ruleset="hkk")
        await pilot.pause()
        assert screen.session.header.seats[1].kind == "ai:greedy"
        assert type(screen.session.bots[1]).__name__ != "SearchBot"
        assert screen.session.header.seats[1].name == "AI (greedy)"

    play(body)


def test_the_prompt_says_the_ai_thinks_and_the_bar_fills_with_time_and_simulations(
        monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start(app, pilot)
        bar = screen.query_one("#thinking", ThinkingBar)
        assert bar.display
        assert prompt_text(screen) == "AI (search, 10 s) is thinking…"
        await until(pilot, lambda: screen._thinking.sims >= 32, "simulations reported")
        # the bar is redrawn four times a second from the search's last report
        await until(pilot, lambda: bar.query_one("ProgressBar").progress > 0, "the bar fills")
        info = str(bar.query_one("#thinking-info").render())
        assert "simulations" in info and "/10 s" in info
        assert bar.query_one("ProgressBar").progress < 1000
        await pilot.press("f")                               # move now
        await until(pilot, lambda: not screen._thinking.searching, "the AI's move")
        assert not bar.display

    play(body)


def test_move_now_makes_the_ai_play_its_best_move_at_once(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start(app, pilot)
        s = screen.session
        # a search may end by itself before the key lands (its leader cannot be caught: on a
        # starved machine the key is read late); then the next search is asked to move now
        for _ in range(5):
            before = len(s.game.entries)
            await until(pilot, lambda: screen._thinking.sims >= 16, "a first report")
            await pilot.press("f")
            await until(pilot, lambda: len(s.game.entries) > before, "the AI's move")
            note = read_notes(s.path).by_entry[before]
            if note.stopped != "early":
                break
            await until_thinking(pilot, screen)
        assert note.stopped == "deadline" and note.elapsed_s < 5.0      # not its 10 s
        assert note.budget_s == 10.0 and note.sims >= 16
        assert note.candidates and note.candidates[0].visits > 0

    play(body)


def test_undo_stops_the_search_and_the_ai_does_not_move(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start(app, pilot, after_player=True)
        s = screen.session
        await until(pilot, lambda: screen._thinking.sims >= 16, "a first report")
        await pilot.press("u")
        await until(pilot, lambda: s.my_decision() is not None, "the player's decision again")
        assert not screen._thinking.searching
        undone = len(s.game.entries)
        for _ in range(20):                                  # its late answer is dropped
            await pilot.pause(0.02)
        assert len(s.game.entries) == undone and s.my_decision() is not None
        assert not screen.query_one("#thinking", ThinkingBar).display

    play(body)


def test_leaving_and_quitting_end_the_search_process(monkeypatch):
    fresh_data_dir(monkeypatch)
    pids = []

    async def body(app, pilot):
        screen = await start(app, pilot)
        pid = screen._proc.pid
        assert pid is not None and not wait_until_gone(pid, 0.1)     # it runs while it thinks
        await pilot.press("escape")                          # leave the game: menu
        await until(pilot, lambda: not isinstance(app.screen, GameScreen), "the title")
        assert wait_until_gone(pid, 3.0), "the search process outlived its game"
        screen = await start(app, pilot)                     # a new game, then quit the app
        pids.append(screen._proc.pid)
        app.exit()

    play(body)
    assert pids and wait_until_gone(pids[0], 3.0), "the search process outlived the app"


def test_keys_are_answered_while_the_ai_thinks(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start(app, pilot)
        hand = screen.query_one("#hand")
        hand.focus()
        await pilot.pause()
        before = hand.highlighted if hasattr(hand, "highlighted") else hand.cursor
        await pilot.press("down")
        await pilot.pause()
        after = hand.highlighted if hasattr(hand, "highlighted") else hand.cursor
        assert after != before                               # the hand moved
        assert screen._thinking.searching                    # while the AI still thinks
        await pilot.press("question_mark")                   # the keys list opens
        await until(pilot, lambda: app.screen is not screen, "the keys list")
        assert screen._thinking.searching
        await pilot.press("escape")
        await pilot.press("f")

    play(body)


def test_the_opponent_sees_no_annotation_during_play_and_sees_it_after(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start(app, pilot, ai="search:0.25")
        s = screen.session
        await until(pilot, lambda: not screen._thinking.searching and bool(
            read_notes(s.path).by_entry), "the AI's annotated move")
        log = "\n".join(line.text for line in screen.query_one("#log").lines_)
        assert "simulations" not in log and "visits" not in log
        assert replay_notes(s.path, s.game) == ({}, 0)       # not even in replay meanwhile
        path = s.path
        await until(pilot, lambda: s.my_decision() is not None, "the player's decision")
        await pilot.press("x")                               # concede: the game is over
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "are you sure")
        await pilot.press("2")
        await until(pilot, lambda: s.result() is not None, "the end")
        app.screen.dismiss(None) if app.screen is not screen else None
        await pilot.pause()
        screen.action_menu()
        await pilot.pause()
        app.open_replay(path)
        await until(pilot, lambda: replay_up(app), "the replay")
        replay = app.screen
        assert replay.notes
        entry = min(replay.notes)
        replay.replay.goto(replay.replay.entry_start[entry + 1])
        replay.show()
        await pilot.pause()
        lines = [line.text for line in replay.query_one("#log").lines_]
        assert any("weighed" in line and "simulations" in line for line in lines)
        assert any("visits" in line for line in lines)

    play(body)


def test_a_damaged_annotation_is_skipped_with_a_warning(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await start(app, pilot)
        s = screen.session
        before = len(s.game.entries)
        await pilot.press("f")
        await until(pilot, lambda: len(s.game.entries) > before, "the AI's move")
        with open(notes_path(s.path), "ab") as f:
            f.write(b'{"entry": "not a number"\n\x00garbage\n')
        notes = read_notes(s.path)
        assert notes.damaged == 2 and before in notes.by_entry
        path = s.path
        screen.action_menu()
        await pilot.pause()
        app.open_replay(path)
        await until(pilot, lambda: replay_up(app), "the replay")
        await until(pilot, lambda: any("2 damaged AI annotations" in str(n.message)
                                       for n in app._notifications), "the warning")

    play(body)


def test_the_think_time_setting_is_kept_within_its_range(monkeypatch, tmp_path):
    from hkk_tui.screens.settings_store import load_settings, save_settings

    path = tmp_path / "settings.toml"
    save_settings(Settings(think_s=5.0), path)
    assert load_settings(path).think_s == 5.0
    for bad in ("0.01", "11", "-1", '"fast"', "true", "nan"):
        path.write_text(f"think_s = {bad}\n")
        assert load_settings(path).think_s == 1.0, bad
    path.write_text("think_s = 2\n")
    assert load_settings(path).think_s == 2.0
    assert os.path.exists(path)


def test_the_settings_form_sets_the_hard_ai_think_time_and_new_games_use_it(monkeypatch):
    from hkk_tui.screens import title as T
    from hkk_tui.screens.settings_store import load_settings

    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        app.menu_settings()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, T.SettingsScreen)
        label, options, chosen = form.rows[-1]
        assert label == "Hard AI's think time" and options[chosen] == (1.0, "1 s a move")
        await pilot.press(*(["down"] * (len(form.rows) - 1)), "right")
        assert form.values()[-1] == 2.0
        await pilot.press("end", "enter")                    # Save settings
        await until(pilot, lambda: app.screen is not form, "the form saved")
        assert app.settings.think_s == 2.0
        new = NewGameScreen(ruleset="sw")
        app.push_screen(new)
        await pilot.pause()
        values = [v for v, _text in new.rows[-1][1]]
        assert values[:3] == ["warlord", "search:0.25", "search:2.0"]

    play(body)
    assert load_settings().think_s == 2.0
