"""The opponent's turn and the keyboard (issue 14, play14): the log tells the story by default
(turn separators, your own passes, each opponent turn in short) with every event one key away;
the AI's moves are played back one per pace with a key that skips; no key lands on a decision
it was not pressed for; the first Enter of a game answers its first decision; focus starts
where the decision is answered. No test waits on the clock: the pace is 0, or so long that
only the skip key can end it."""

from __future__ import annotations

import re
import time

from textual import events
from textual._time import time as event_clock

from hkk_tui.screens.dialogs import ChoiceScreen, MessageScreen
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.title import NewGameScreen
from hkk_tui.widgets.log import GameLog
from tui_helpers import act, fresh_data_dir, run, until

SEPARATOR = re.compile(r"^── Turn (\d+) · (.+) ── \[K [\d.]+\]$")


async def new_hkk_game(app, pilot) -> GameScreen:
    """From the title: New game vs the AI, Hatalom Kártyái, Start the game."""
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "which game")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
    await pilot.press("end", "enter")
    await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
    return app.screen


async def keep_start(pilot, screen) -> None:
    """Keep the start if the game asks (Enter opens the choice, 1 keeps)."""
    d = screen.session.my_decision()
    if d is not None and d.kind == "cede":
        await pilot.press("enter", "1")


async def play_until(pilot, app, screen, cond, what: str, max_steps: int = 600) -> None:
    """Answer the player's decisions by keys (tui_helpers.act) until ``cond()`` holds."""
    s = screen.session
    for _ in range(max_steps):
        if cond():
            return
        assert s.result() is None, f"the game ended before {what}"
        if isinstance(app.screen, MessageScreen):
            await pilot.press("enter")
            continue
        if s.my_decision() is None or app.screen is not screen:
            await pilot.pause(0.01)
            continue
        before = len(s.game.entries)
        await act(pilot, screen)
        if len(s.game.entries) == before and s.my_decision() is not None:
            if app.screen is not screen:
                await pilot.press("escape")
            await pilot.press("space")
    raise AssertionError(f"never reached: {what}")


def log_of(screen) -> GameLog:
    return screen.query_one("#log", GameLog)


def shown(log: GameLog) -> list[str]:
    """The log's lines at the level on screen (every line where the log has one level)."""
    return getattr(log, "shown_lines", log.plain_lines)()


def test_the_first_enter_of_a_game_answers_keep_or_cede(monkeypatch):
    """The hand has focus while the first decision is "keep the start or cede it": Enter opens
    that decision's choices (it used to be an error about the highlighted card), 1 keeps."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        d = screen.session.my_decision()
        assert d is not None and d.kind == "cede"
        assert app.focused is screen.query_one("#hand")
        await pilot.press("enter")
        assert screen.error == ""
        assert isinstance(app.screen, ChoiceScreen)
        labels = [str(label) for label, _ in app.screen.options]
        assert any("Keep" in x for x in labels), labels
        before = len(screen.session.game.entries)
        await pilot.press("1")
        await until(pilot, lambda: len(screen.session.game.entries) > before, "the answer")
        assert screen.error == ""

    run(body, seed=2)


def test_the_log_tells_the_story_with_turn_separators_and_every_event_one_key_away(monkeypatch):
    """By default the log shows the story: a separator at each turn with its number, whose
    turn and the rule; no shuffles, draws or stage lines. ``e`` shows every event (each with
    its rule), ``e`` again the story."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        await play_until(pilot, app, screen,
                         lambda: getattr(screen.session.view(), "turn", 0) >= 5, "turn 5")
        log = log_of(screen)
        story = shown(log)
        seps = [m for x in story if (m := SEPARATOR.match(x))]
        assert [int(m.group(1)) for m in seps][:4] == [1, 2, 3, 4], story
        names = set(screen.session.names())
        assert {m.group(2) for m in seps} == names
        assert not any("shuffles" in x or "draws" in x or "stage" in x.lower()
                       for x in story), story
        assert len(story) < len(log.plain_lines())
        await pilot.press("e")
        assert log.detail
        full = shown(log)
        assert any("shuffles their deck" in x for x in full)
        assert any("draws" in x for x in full)
        # every event line keeps its rule (the log's own lines: who decided what, in short)
        for line in log.lines_:
            if line.kind in ("event", "turn"):
                assert line.rule.startswith("K "), line
        await pilot.press("e")                              # (the AI may move meanwhile)
        assert not log.detail and shown(log)[:len(story)] == story
        assert not any("shuffles" in x for x in shown(log))

    run(body, seed=11)


def test_an_opponent_turn_is_told_in_short_and_your_passes_are_logged(monkeypatch):
    """At the end of the AI's turn one line tells it in short ("AI's turn 3 in short: AI
    plays …; … attacks …"); a pass of yours that told nothing else is logged as yours."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        log = log_of(screen)
        ai = screen.session.names()[1]
        me = screen.session.names()[0]

        def summary() -> list[str]:
            return [x for x in shown(log) if " in short: " in x]

        await play_until(pilot, app, screen,
                         lambda: summary() and f"{me}: Pass" in shown(log),
                         "an AI turn told in short and a pass of the player's")
        line = summary()[0]
        assert line.startswith(f"{ai}'s turn ") and f"{ai} plays " in line, line
        assert f"{me}: Pass" in shown(log)

    run(body, seed=5, size=(80, 24))


def test_a_key_pressed_before_the_decision_appeared_is_dropped(monkeypatch):
    """Type-ahead: a Space pressed while the engine was still moving (before the decision now
    on screen appeared) does not pass that decision; the prompt says why."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        pressed = event_clock()             # the clock Textual stamps a key with
        screen = await new_hkk_game(app, pilot)
        await keep_start(pilot, screen)
        await play_until(pilot, app, screen,
                         lambda: screen.session.my_decision() is not None and any(
                             g.kind == "pass" for g in screen.groups()), "a decision to pass")
        before = len(screen.session.game.entries)
        early = events.Key("space", " ")
        early.time = pressed                                # pressed before it appeared
        app.post_message(early)
        await pilot.pause()
        assert len(screen.session.game.entries) == before
        assert "ignored" in screen.error and "before this decision appeared" in screen.error
        await pilot.press("space")                          # pressed now: it passes
        assert len(screen.session.game.entries) > before

    run(body, seed=11)


def test_a_choice_opened_for_one_decision_does_not_answer_the_next(monkeypatch):
    """A numbered list opened for decision N, answered after decision N+1 came (the other side
    moved meanwhile): nothing is submitted into N+1; the prompt says so."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        await keep_start(pilot, screen)
        s = screen.session
        await play_until(pilot, app, screen,
                         lambda: s.my_decision() is not None and any(
                             g.kind == "pass" for g in screen.groups()), "a decision to pass")
        groups = screen.groups()
        pass_at = next(i for i, g in enumerate(groups) if g.kind == "pass")
        await pilot.press("a")
        assert isinstance(app.screen, ChoiceScreen)
        # meanwhile the decision on screen changes under the open list
        s.submit(groups[pass_at].actions[0])
        screen.after_change()
        await until(pilot, lambda: s.my_decision() is not None, "the next decision")
        before = len(s.game.entries)
        await pilot.press(str(pass_at + 1))
        await pilot.pause()
        assert len(s.game.entries) == before
        assert "earlier decision" in screen.error

    run(body, seed=11)


def test_the_ai_moves_one_per_pace_keys_are_dropped_meanwhile_and_f_skips(monkeypatch):
    """With a pace, each AI move that tells the story stays on screen (its line on the prompt)
    before the next; Space meanwhile is dropped with a note, not kept for later; ``f`` plays
    the rest at once, up to the player's next decision. (The pace is an hour: only ``f`` can
    end it, so nothing here waits on the clock.)"""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        s = screen.session
        await keep_start(pilot, screen)
        app.settings.ai_pace = 3600.0
        ai = s.names()[1]

        def waiting() -> bool:          # the AI told a move and waits one pace
            return screen.bot_busy and bool(getattr(screen, "_last_story", "")) \
                and screen._bot_job is None

        await play_until(pilot, app, screen, waiting, "the AI's paced playback")
        prompt = screen.query_one("#prompt").main_text
        assert prompt.startswith(f"{ai} is moving · ") and screen._last_story in prompt
        assert "f: skip playback" in str(screen.query_one("#prompt").render())
        before = len(s.game.entries)
        await pilot.press("space")
        assert len(s.game.entries) == before
        assert "Space ignored" in screen.error and ai in screen.error
        started = time.monotonic()
        await pilot.press("f")
        await until(pilot, lambda: s.my_decision() is not None or s.result() is not None,
                    "the player's next decision")
        assert time.monotonic() - started < 60              # not after the hour's pace
        assert len(s.game.entries) > before
        assert not screen._skipping                         # the next AI turn is paced again

    run(body, seed=5)


def test_focus_returns_where_the_decision_is_answered(monkeypatch):
    """The log was focused (to read it); the next decision of the player starts with the
    focus on the hand, where HKK's decisions are answered."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        await keep_start(pilot, screen)
        s = screen.session
        await play_until(pilot, app, screen,
                         lambda: s.my_decision() is not None and any(
                             g.kind == "pass" for g in screen.groups()), "a decision to pass")
        await pilot.press("4")
        assert app.focused is screen.query_one("#log")
        before = len(s.game.entries)
        await pilot.press("space")
        await until(pilot, lambda: len(s.game.entries) > before and s.my_decision() is not None,
                    "the next decision")
        await pilot.pause()
        assert app.focused is screen.query_one("#hand")

    run(body, seed=11)


def test_the_log_has_the_widest_share_at_80x24(monkeypatch):
    """At 80×24 the Log pane, which tells the story, is the widest of the lower three (it was
    a third of the width: 26 columns)."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await new_hkk_game(app, pilot)
        await pilot.pause()
        widths = {p: screen.query_one(f"#{p}-pane").size.width for p in ("hand", "stack", "log")}
        assert widths["log"] >= 32 and widths["log"] > widths["hand"] > widths["stack"], widths

    run(body, seed=2, size=(80, 24))


def test_which_game_offers_the_finished_games_only(monkeypatch):
    """New game asks which game: every finished ruleset is offered — Hatalom Kártyái, Summoner
    Wars, Tash-Kalar and M.A.G.U.S. (whose own UI plays a whole game by keys) — in that order."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "which game")
        labels = [str(label) for label, _value in app.screen.options]
        wanted = ["Hatalom", "Summoner", "Tash-Kalar", "M.A.G.U.S."]
        assert [next(i for i, x in enumerate(labels) if w in x) for w in wanted] == [0, 1, 2, 3], labels

    run(body)
