"""Summoner Wars end to end in a real terminal (tmux, 80×24, NO_COLOR=1): choose Summoner Wars on
the title, start a game against the random bot, read the battlefield, the turn track and the
prompt from capture-pane, end a phase with Space and see the track move on. Every key waits for
the screen to show its effect (no fixed sleeps)."""

from __future__ import annotations

import re

import pytest
from tui_helpers import HAVE_TMUX, Tmux, fresh_data_dir, hkk_argv

#: the grey ramp of the 256-colour palette (NO_COLOR leaves only greys: Textual's monochrome)
GREYS = {16, 59, 102, 145, 188, 231} | set(range(232, 256))


@pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")
def test_tmux_sw_game_at_80x24_without_colour(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    (data / "settings.toml").write_text('lang = "en"\nai_pace = 0.0\n')
    with Tmux("sw-e2e") as tmux:
        tmux.start("sw", hkk_argv(), {"HKK_DATA_DIR": str(data), "NO_COLOR": "1"})
        tmux.wait_for("sw", "New game vs the AI", "Summoner Wars")
        screen = tmux.press("sw", "Enter", "Which game?")
        lines = [line for line in screen.split("\n") if "Summoner Wars" in line]
        number = re.search(r"(\d)\. Summoner Wars", lines[-1]).group(1)
        tmux.press("sw", number, "Start the game")
        for _row in ("AI's deck", "AI"):
            tmux.press("sw", "Down")
        tmux.press("sw", "Right", "Normal")                  # Easy, Normal, Hard, then
        tmux.press("sw", "Right", "Hard")
        tmux.press("sw", "Right", "random")                  # the random bot
        tmux.press("sw", "End")
        tmux.press("sw", "Enter", "Battlefield", "Turn", timeout=60)
        # every word of the first screen, waited for: the panes may paint a frame apart
        tmux.wait_for("sw", "Player: summon units next to your gates", "[SW Idézés.1]",
                      "a     b     c     d     e     f", "[Sum]", "Moves 0/3 · Attacks 0/3",
                      "▲", "▼", "magic", "[]here <>unit +go *path !hit xrange", timeout=60)
        colours = re.findall(r"\x1b\[(?:38|48);5;(\d+)m", tmux.capture("sw", escapes=True))
        assert {int(c) for c in colours} <= GREYS
        tmux.press("sw", "space", "[Move]",                  # end the summon phase; the log
                   "Move phase.", "[SW A játék menete.1]")   # may paint a frame after the bar
        screen = tmux.press("sw", "4")
        screen = tmux.press("sw", "z", "Move phase.",         # the log zoomed: whole lines
                            absent=("Battlefield",))
        assert "Battlefield" not in screen
        tmux.press("sw", "Escape", "Battlefield")            # Esc un-zooms
