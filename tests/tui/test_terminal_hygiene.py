"""hkk and its terminal: no app without a terminal; SIGTERM, SIGHUP and a vanished terminal end
the app promptly with the terminal put back (normal screen, mouse reporting off) and its
games closed; no hkk process outlives its terminal."""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest

from engine.core import store
from engine.hkk.session import codec
from hkk_tui.app import HkkApp
from hkk_tui.screens.settings_store import Settings
from hkk_tui.terminal import NO_TERMINAL, GuardedOutput
from tui_helpers import HAVE_TMUX, ROOT, Tmux, fresh_data_dir, hkk_argv, wait_until_gone

needs_tmux = pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")

MOUSE_FLAGS = ("mouse_any_flag", "mouse_button_flag", "mouse_standard_flag", "mouse_all_flag",
               "mouse_sgr_flag", "mouse_utf8_flag")


#: a terminal as hkk found it: the normal screen, no mouse reporting. (Not the cursor: tmux
#: hides it itself when it writes "Pane is dead" under a pane that remains on exit.)
RESTORED = {"alternate_on": "0", **{flag: "0" for flag in MOUSE_FLAGS}}


def _final_state(tmux: Tmux, session: str, timeout: float = 5) -> dict[str, str]:
    """Whether the pane is dead and its modes, once tmux has seen the process end and read
    all of its output (polled: tmux notices both a moment after the process is gone)."""
    want = {"pane_dead": "1", **RESTORED}
    fmt = " ".join(f"#{{{name}}}" for name in want)
    end = time.monotonic() + timeout
    while True:
        state = dict(zip(want, tmux.display(session, fmt).split()))
        if state == want or time.monotonic() > end:
            return state
        time.sleep(0.05)


def _english(data: Path) -> Path:
    (data / "settings.toml").write_text('lang = "en"\nai_pace = 0.0\n')
    return data


def _env(data: Path) -> dict[str, str]:
    return {**os.environ, "HKK_DATA_DIR": str(data), "TERM": "xterm-256color"}


def _a_save(data: Path) -> Path:
    """A real save of a game just begun (for replay and debug)."""
    from engine.hkk.session import make_header, start_saved

    path = data / "a-game.hkk"
    game = start_saved(make_header(("raia-egi-legio", "chara-din-horda"), 3), path)
    game.writer.close()
    return path


def _pty() -> tuple[int, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return master, slave


# ---------------------------------------------------------------------------- no terminal
@pytest.mark.parametrize("args", [[], ["play"], ["replay", "SAVE"], ["debug", "SAVE"],
                                  ["scenario", "SCENARIO"]],
                         ids=["hkk", "play", "replay", "debug", "scenario"])
def test_without_a_terminal_the_app_says_so_and_exits_at_once(monkeypatch, args):
    data = _english(fresh_data_dir(monkeypatch))
    scenario = next(ROOT.glob("saves/**/k34-4-break-through.toml"))     # a shipped scenario
    args = [str(_a_save(data)) if a == "SAVE" else str(scenario) if a == "SCENARIO" else a
            for a in args]
    done = subprocess.run(hkk_argv(*args), stdin=subprocess.DEVNULL, capture_output=True,
                          check=False, text=True, env=_env(data), cwd=ROOT, timeout=30)
    assert done.returncode == 2
    assert done.stderr == NO_TERMINAL + "\n"
    assert done.stdout == ""


@pytest.mark.parametrize("not_a_tty", ["stdin", "stdout", "stderr"])
def test_each_of_stdin_stdout_stderr_must_be_a_terminal(monkeypatch, not_a_tty):
    """``hkk | less``, ``hkk < file``, ``hkk 2> log``: the app could not be used, so it is not
    started (the other two streams are a real terminal here)."""
    data = _english(fresh_data_dir(monkeypatch))
    master, slave = _pty()
    streams = {"stdin": slave, "stdout": slave, "stderr": slave}
    streams[not_a_tty] = subprocess.DEVNULL if not_a_tty == "stdin" else subprocess.PIPE
    try:
        proc = subprocess.Popen(hkk_argv(), **streams, env=_env(data), cwd=ROOT)
        os.close(slave)
        os.set_blocking(master, False)
        rc = proc.wait(timeout=30)
        if not_a_tty == "stdin":
            said = _read_all(master)
        else:
            said = getattr(proc, not_a_tty).read().decode()
            said += _read_all(master)
    finally:
        os.close(master)
    assert rc == 2
    assert NO_TERMINAL in said
    assert "\x1b[?1049h" not in said         # the alternate screen was never entered


def _read_all(fd: int) -> str:
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except (BlockingIOError, OSError):
            return out.decode(errors="replace")
        if not chunk:
            return out.decode(errors="replace")
        out += chunk


@pytest.mark.parametrize("args", [["decks", "list"], ["sim", "--games", "1", "--quiet"],
                                  ["verify", "SAVE"]], ids=["decks", "sim", "verify"])
def test_headless_commands_need_no_terminal(monkeypatch, args):
    data = fresh_data_dir(monkeypatch)
    args = [str(_a_save(data)) if a == "SAVE" else a for a in args]
    done = subprocess.run(hkk_argv(*args), stdin=subprocess.DEVNULL, capture_output=True,
                          check=False, text=True, env=_env(data), cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert NO_TERMINAL not in done.stderr
    assert done.stdout.strip()


# ---------------------------------------------------------------------------- signals
@needs_tmux
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_signal_ends_the_game_and_gives_the_terminal_back(monkeypatch, signum):
    data = _english(fresh_data_dir(monkeypatch))
    with Tmux(f"sig{signum}") as tmux:
        pid = tmux.start("hkk", hkk_argv("play", "--seed", "3"), {"HKK_DATA_DIR": str(data)})
        tmux.wait_for("hkk", "Board", "Hand", "Log")
        assert tmux.display("hkk", "#{alternate_on}") == "1"     # the app's own screen is up
        os.kill(pid, signum)
        assert wait_until_gone(pid, 2.0), "hkk was still running 2 s after the signal"
        assert _final_state(tmux, "hkk") == {"pane_dead": "1", **RESTORED}
        assert "Board" not in tmux.capture("hkk")
    [save] = store.saves_dir().glob("*.hkk")
    loaded = store.load(save, codec())
    assert not loaded.damaged and loaded.entries
    # the game was closed, not just abandoned: its lock was released by hkk itself (a killed
    # process leaves its holder record behind in the lock file)
    assert store.lock_path(save).read_bytes() == b""


@needs_tmux
def test_closing_the_terminal_leaves_no_hkk_process(monkeypatch):
    """``tmux kill-session`` closes the pty like a vanished SSH client: hkk gets SIGHUP."""
    data = _english(fresh_data_dir(monkeypatch))
    with Tmux("hangup") as tmux:
        tmux.start("other", ["sleep", "60"], {})      # keeps the server up after the kill
        pid = tmux.start("hkk", hkk_argv("play", "--seed", "3"), {"HKK_DATA_DIR": str(data)})
        tmux.wait_for("hkk", "Board", "Hand", "Log")
        tmux.run("kill-session", "-t", "hkk")
        assert wait_until_gone(pid, 5.0), "hkk outlived its terminal"


def test_a_vanished_terminal_ends_hkk_even_without_a_hangup_signal(monkeypatch):
    """The pty is not hkk's controlling terminal here, so closing it sends no SIGHUP: hkk must
    notice the hung-up terminal itself instead of spinning on an input that only says EOF."""
    data = _english(fresh_data_dir(monkeypatch))
    master, slave = _pty()
    proc = subprocess.Popen(hkk_argv(), stdin=slave, stdout=slave, stderr=slave,
                            env=_env(data), cwd=ROOT)
    os.close(slave)
    try:
        seen, end = b"", time.monotonic() + 30
        while b"New game" not in seen and time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                seen += os.read(master, 65536)
        assert b"New game" in seen, seen[-500:]
    finally:
        os.close(master)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("hkk kept running after its terminal was closed")


# ---------------------------------------------------------------------------- in process
def test_quitting_closes_every_open_game(monkeypatch):
    fresh_data_dir(monkeypatch)
    app = HkkApp(Settings(lang="en", ai_pace=0.0))

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.start_game("raia-egi-legio", "chara-din-horda", ai="greedy", seed=5)
            await pilot.pause()
            assert store.lock_holder(screen.session.path) is not None     # open for writing
            await pilot.press("ctrl+q")
            end = time.monotonic() + 10
            while screen.session.game.writer is not None and time.monotonic() < end:
                await pilot.pause(0.01)
        return screen.session

    session = asyncio.run(main())
    assert session.game.writer is None
    assert store.lock_holder(session.path) is None
    assert store.lock_path(session.path).read_bytes() == b""


def test_a_failed_terminal_write_is_reported_once_and_later_output_dropped():
    class DeadTerminal:
        writes = 0

        def write(self, text: str) -> None:
            DeadTerminal.writes += 1
            raise OSError(errno.EIO, "Input/output error")

        def flush(self) -> None:
            raise OSError(errno.EPIPE, "Broken pipe")

        def fileno(self) -> int:
            return 2

    lost = []
    out = GuardedOutput(DeadTerminal(), lambda: lost.append(True))
    out.write("frame 1")
    out.flush()
    out.write("frame 2")
    assert lost == [True]
    assert DeadTerminal.writes == 1
    assert out.dead
