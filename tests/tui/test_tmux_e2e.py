"""End to end in a real terminal: start ``python -m hkk_tui.cli`` in tmux, start a game from the
menu with keys, read the four pane titles with capture-pane."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui_helpers import fresh_data_dir

ROOT = Path(__file__).resolve().parents[2]


def _capture(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                          text=True).stdout


def _wait_for(session: str, *words: str, timeout: float = 30) -> str:
    end = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < end:
        screen = _capture(session)
        if all(w in screen for w in words):
            return screen
        time.sleep(0.2)
    raise AssertionError(f"did not see {words} in:\n{screen}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (CI installs it)")
@pytest.mark.parametrize("lang,titles", [
    ("en", ("Board", "Hand", "Stack", "Log")),
    ("hu", ("Asztal", "Kéz", "Reakciósor", "Napló")),
])
def test_tmux_start_game_and_read_pane_titles(monkeypatch, lang, titles):
    data = fresh_data_dir(monkeypatch)
    (data / "settings.toml").write_text(f'lang = "{lang}"\nai_pace = 0.0\n')
    session = f"hkk-e2e-{os.getpid()}-{lang}"
    env = f"HKK_DATA_DIR={data} PYTHONPATH={ROOT} TERM=xterm-256color"
    cmd = f"cd {ROOT} && {env} {sys.executable} -m hkk_tui.cli"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", cmd],
                   check=True)
    try:
        menu = "New game vs the AI" if lang == "en" else "Új játszma a gép ellen"
        _wait_for(session, menu)
        subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
        start = "Start the game" if lang == "en" else "Kezdődjön a játszma"
        _wait_for(session, start)
        for key in ("Down", "Down", "Down", "Enter"):
            subprocess.run(["tmux", "send-keys", "-t", session, key], check=True)
            time.sleep(0.1)
        screen = _wait_for(session, *titles, timeout=60)
        for title in titles:
            assert f"─ {title} " in screen or f"━ {title} " in screen, screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
