"""Helpers for the TUI tests (imported by the test files; not a conftest): a key-pressing
player that reads the prompt and options, and a private tmux server for real-terminal tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Self

from engine.hkk import events as E


def fresh_data_dir(monkeypatch) -> Path:
    """An empty data directory for saves and settings (HKK_DATA_DIR)."""
    d = Path(tempfile.mkdtemp(prefix="hkk-tui-"))
    monkeypatch.setenv("HKK_DATA_DIR", str(d))
    return d


def pick_group(screen, groups):
    """A simple keyboard player's policy: play cards, fill the guard post, attack, else pass."""
    d = screen.session.my_decision()
    kinds = ["pass" if g.kind == "done" else g.kind for g in groups]
    prefer = {"priority": ("play",), "exchange": ("to_guard",), "declare": ("attack_with",)}
    for want in prefer.get(d.kind, ()):
        if want in kinds:
            return kinds.index(want)
    if "pass" in kinds and d.kind in ("priority", "respond", "life_saving", "exchange",
                                      "declare", "sacrifice_mc", "combat_abilities"):
        return kinds.index("pass")
    return 0


async def press_choice(pilot, index: int) -> None:
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press(*(["down"] * index), "enter")


def run(body, lang: str = "en", size: tuple[int, int] = (100, 30), seed: int | None = None):
    """Run ``await body(app, pilot)`` in a fresh app (AI without pauses)."""
    import asyncio

    from hkk_tui.app import HkkApp
    from hkk_tui.screens.settings_store import Settings

    async def main():
        app = HkkApp(Settings(lang=lang, ai_pace=0.0))
        if seed is not None:
            app.seed = seed
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(app, pilot)
    asyncio.run(main())


#: the least wall time :func:`until` waits before it calls a wait endless
UNTIL_S = 180.0


async def until(pilot, cond, what: Any, steps: int = 3000) -> None:
    """Wait (idle steps of the app, never a fixed sleep) until ``cond()`` holds. The bound only
    ends a wait that would never end: ``steps`` idle steps *and* :data:`UNTIL_S` seconds, so a
    machine busy with other work (the AI's thread or child process gets a slice of a core)
    does not make a slow wait fail. ``what`` (or ``what()``) names the wait in the failure."""
    deadline = time.monotonic() + UNTIL_S
    n = 0
    while not cond():
        n += 1
        if n >= steps and time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")
        await pilot.pause(0.01)


async def until_my_turn(pilot, app, screen, session) -> None:
    """Wait through the AI's turn: until the person on ``screen`` has a decision again, or the
    game is over (its result, or the result screen). One wait however many idle steps a loaded
    machine needs, so a test's loop over the person's moves does not spend them on the AI."""
    from hkk_tui.screens.dialogs import MessageScreen

    await until(pilot, lambda: session.result() is not None
                or isinstance(app.screen, MessageScreen)
                or (session.my_decision() is not None and app.screen is screen),
                "the person's turn")


async def act(pilot, screen, groups=None) -> None:
    """One human decision by keys: the simple keyboard player's choice (:func:`pick_group`)."""
    groups = screen.groups() if groups is None else groups
    i = pick_group(screen, groups)
    if groups[i].kind in ("pass", "done"):
        await pilot.press("space")
    else:
        await pilot.press("a")
        await pilot.pause()
        await press_choice(pilot, i)
        await pilot.pause()
        if not groups[i].single:
            await press_choice(pilot, 0)
    await pilot.pause()


async def play_to_end(pilot, app, max_steps: int = 4000) -> None:
    """Answer every human decision with key presses until the game ends."""
    from hkk_tui.screens.dialogs import MessageScreen
    from hkk_tui.screens.game import GameScreen

    game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    session = game_screen.session

    def ready() -> bool:                # the game over, a message, or my decision on screen
        return (session.result() is not None or isinstance(app.screen, MessageScreen)
                or (app.screen is game_screen and session.my_decision() is not None))

    for _ in range(max_steps):          # answers (the AI's turns are waited for apart)
        await until(pilot, ready, "the game's end, a message or the player's decision")
        if session.result() is not None:
            await pilot.pause()
            return
        if isinstance(app.screen, MessageScreen):
            await pilot.press("enter")
            continue
        before = len(session.game.entries)
        await act(pilot, game_screen)
        if len(session.game.entries) == before and session.result() is None:
            # the engine refused (its reason is on the prompt): pass instead
            err = game_screen.error
            assert err, "a key press neither acted nor explained why"
            await pilot.press("escape") if app.screen is not game_screen else None
            await pilot.press("space")
    raise AssertionError("the game did not end")


def game_ended(session) -> bool:
    return any(isinstance(ev, E.GameEnded) for e in session.game.entries for ev in e.events)


# ---------------------------------------------------------------------------- a real terminal
ROOT = Path(__file__).resolve().parents[2]
HAVE_TMUX = shutil.which("tmux") is not None


def hkk_argv(*args: str) -> list[str]:
    """The command line of ``hkk`` from this checkout, run by this Python."""
    return [sys.executable, "-m", "hkk_tui.cli", *args]


class Tmux:
    """A private tmux server for one test (its own socket, no user configuration), so tests
    never see or disturb anybody's sessions. Use as a context manager; it is killed on exit."""

    def __init__(self, name: str) -> None:
        self.socket = f"hkk-test-{os.getpid()}-{name}"

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.run("kill-server", check=False)

    def run(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", os.devnull, *args],
                              check=False, capture_output=True, text=True, timeout=10)
        if check and done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed: {done.stderr}")
        return done.stdout

    def start(self, session: str, argv: list[str], env: dict[str, str],
              size: tuple[int, int] = (80, 24)) -> int:
        """Run ``argv`` itself (no shell) as the pane's process in a new detached session that
        stays on screen after the process ends (remain-on-exit); returns the process id."""
        env_args = [a for k, v in {"TERM": "xterm-256color", **env}.items()
                    for a in ("-e", f"{k}={v}")]
        self.run("new-session", "-d", "-s", session, "-x", str(size[0]), "-y", str(size[1]),
                 "-c", str(ROOT), *env_args, *argv, ";",
                 "set-option", "-w", "-t", session, "remain-on-exit", "on")
        return int(self.display(session, "#{pane_pid}"))

    def display(self, session: str, fmt: str) -> str:
        return self.run("display-message", "-p", "-t", session, fmt).strip()

    def capture(self, session: str, escapes: bool = False) -> str:
        return self.run("capture-pane", "-p", *(["-e"] if escapes else []), "-t", session)

    def wait_for(self, session: str, *words: str, timeout: float = 30) -> str:
        """Poll the screen until every word is on it; fail with the screen after ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            screen = self.capture(session)
            if all(w in screen for w in words):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"did not see {words} in:\n{screen}")
            time.sleep(0.05)

    def press(self, session: str, key: str, *expect: str, timeout: float = 30,
              absent: tuple[str, ...] = ()) -> str:
        """Send one key and wait until the screen shows its effect: it changed (colours
        included, so a moved highlight counts), shows every ``expect`` word and none of the
        ``absent`` ones (a key that hides something, with words that were already there)."""
        before = self.capture(session, escapes=True)
        self.run("send-keys", "-t", session, key)
        end = time.monotonic() + timeout
        while True:
            if self.capture(session, escapes=True) != before:
                screen = self.capture(session)
                if all(w in screen for w in expect) and not any(w in screen for w in absent):
                    return screen
            if time.monotonic() > end:
                raise AssertionError(f"key {key!r} did not change the screen to show {expect}"
                                     f"{f' without {absent}' if absent else ''}:"
                                     f"\n{self.capture(session)}")
            time.sleep(0.05)


def _ended(pid: int) -> bool:
    """True when process ``pid`` has ended: it is gone, or a zombie its parent (here the tmux
    server, which reaps when it likes) has not collected yet."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def wait_until_gone(pid: int, timeout: float) -> bool:
    """Poll until process ``pid`` has ended (True) or ``timeout`` seconds pass (False)."""
    end = time.monotonic() + timeout
    while not _ended(pid):
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True
