"""Two people, two terminals (issue 13, the end-to-end test): a real ``hkk server`` and two
``hkk connect`` apps in tmux, as two users of the machine would run them over SSH. Alice opens a
table from the lobby by keys, Bob finds it and sits down, they play a whole game of Toy Grid with
key presses; mid-game Bob's terminal dies (SIGKILL, as a dropped SSH connection would leave it),
Alice's screen says it waits for him, and Bob's new ``hkk connect`` is back at his seat."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from net_helpers import ROOT, ServerProcess, env_for

from engine.core import store
from tests.tui.tui_helpers import HAVE_TMUX, Tmux

WRAPPER = str(ROOT / "tests" / "net" / "hkk_with_toy.py")


class ToyServer(ServerProcess):
    def start(self) -> "ToyServer":
        import subprocess
        import sys

        self.proc = subprocess.Popen(
            [sys.executable, WRAPPER, "server", "--socket", str(self.sock), "--data",
             str(self.data), "--quiet"], cwd=ROOT, env=self.env, stderr=subprocess.PIPE,
            text=True)
        line = self.proc.stderr.readline()
        assert "listening" in line, line + self.proc.stderr.read()
        return self


def _meta(save: Path) -> dict:
    try:
        summary = store.summarize(save)
    except (OSError, store.SaveError):
        return {}
    return {**(summary.meta or {}), "entries": summary.entries}


def _until(what: str, cond, timeout: float = 30):
    end = time.monotonic() + timeout
    while True:
        value = cond()
        if value:
            return value
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


@pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")
def test_two_terminals_play_a_whole_game_and_one_comes_back_after_dying(tmp_path):
    import sys

    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text('lang = "en"\nai_pace = 0.0\n')
    env = env_for(home)
    sock, data = tmp_path / "hkk.sock", tmp_path / "data"
    server = ToyServer(sock, data, env).start()
    term_env = {"HKK_DATA_DIR": str(home), "PYTHONPATH": str(ROOT)}

    def connect(who: str) -> list[str]:
        return [sys.executable, WRAPPER, "connect", str(sock), "--as", who]

    try:
        with Tmux("net") as tmux:
            tmux.start("alice", connect("alice"), term_env)
            tmux.start("bob", connect("bob"), term_env)
            tmux.wait_for("alice", "you are alice", "No tables yet")
            tmux.press("alice", "n", "New table")
            for _ in range(8):                                     # the game row: Toy Grid
                if "Toy Grid ▶" in tmux.capture("alice"):
                    break
                tmux.press("alice", "Right")
            tmux.press("alice", "End")
            tmux.press("alice", "Enter", "You sit at table")
            tmux.wait_for("bob", "alice [low] vs free seat")      # Bob sees the table
            tmux.press("bob", "Enter", "Grid", timeout=60)         # ... and sits down
            tmux.wait_for("alice", "Grid", "Tokens")
            [save] = _until("the game's save", lambda: list((data / "tables").glob("*.hkk")))
            dropped = False
            while True:
                meta = _until("the game's record", lambda: _meta(save))
                if meta.get("result"):
                    break
                who = ("alice", "bob")[meta["active"]]
                if who == "bob" and not dropped and meta["entries"] > 10:
                    dropped = True
                    pid = int(tmux.display("bob", "#{pane_pid}"))
                    os.kill(pid, signal.SIGKILL)                   # the terminal dies
                    tmux.wait_for("alice", "Waiting for bob to reconnect")
                    tmux.run("respawn-pane", "-k", "-t", "bob",
                             *[a for k, v in {"TERM": "xterm-256color", **term_env}.items()
                               for a in ("-e", f"{k}={v}")], *connect("bob"))
                    tmux.wait_for("bob", "Grid", "Tokens", timeout=60)   # back at his seat
                n = meta["entries"]
                for _try in range(20):
                    # pass (draws a token); the save can be a moment ahead of the screen, so
                    # a press that came early (refused: not yet your decision) is repeated
                    tmux.run("send-keys", "-t", who, "Space")
                    try:
                        _until(f"{who}'s pass", lambda: _meta(save).get("entries", 0) > n, 2)
                        break
                    except AssertionError:
                        continue
                else:
                    raise AssertionError(f"{who}'s pass at entry {n} did not come:\n"
                                         f"{tmux.capture(who)}")
            assert dropped
            tmux.wait_for("alice", "Game over")
            tmux.wait_for("bob", "Game over")
    finally:
        assert server.stop() == 0
