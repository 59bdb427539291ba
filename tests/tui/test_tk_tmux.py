"""Tash-Kalar end to end in a real terminal (tmux, 80×24, NO_COLOR=1): ``hkk play --ruleset tk``
starts a DUEL against the AI; the arena reads as colour letters and ranks with the symbol squares
marked, in greys only; a piece is placed by the arrows and Enter, the AI answers, and a card's
placements are cycled with ``n`` and summoned with Enter from the hand. Every key waits for the
screen to show its effect (no fixed sleeps)."""

from __future__ import annotations

import re

import pytest
from tui_helpers import HAVE_TMUX, Tmux, fresh_data_dir, hkk_argv

GREYS = {16, 59, 102, 145, 188, 231} | set(range(232, 256))


@pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")
def test_tmux_tk_duel_against_the_ai_at_80x24_without_colour(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    (data / "settings.toml").write_text('lang = "en"\nai_pace = 0.0\n')
    with Tmux("tk-e2e") as tmux:
        tmux.start("tk", hkk_argv("play", "--ruleset", "tk", "--seed", "21"),
                   {"HKK_DATA_DIR": str(data), "NO_COLOR": "1"})
        # every word of the first screen, waited for: the panes may paint a frame apart
        tmux.wait_for("tk", "Arena", "Turn 1 · Deathmatch", "Actions left 1", "[TK Kör.1]",
                      "a   b   c   d   e   f   g   h   i", "V1", "R1", "◇", "0/18", "⚡",
                      timeout=60)
        colours = re.findall(r"\x1b\[(?:38|48);5;(\d+)m", tmux.capture("tk", escapes=True))
        assert {int(c) for c in colours} <= GREYS
        tmux.press("tk", "1")                                 # the arena takes the keys
        tmux.press("tk", "Up")
        tmux.press("tk", "Up")                                # e7, next to the V1 on c7
        tmux.press("tk", "Enter")
        # the AI answers at once (pace 0): its turn may scroll our log line away before a
        # capture, so the board is read once our next turn has come
        screen = tmux.wait_for("tk", "Turn 3", "Actions left 2", timeout=90)
        row7 = next(line for line in screen.splitlines() if line.startswith("┃7"))
        assert row7.split("┃")[1].split()[1:6] == ["·", "·", "V1", "·", "[V1"], row7  # c7, e7
        tmux.press("tk", "2")                                 # the hand
        tmux.press("tk", "n", "(2/2)", "n next · Enter summon")   # the next placement
        screen = tmux.press("tk", "Enter", "choose a target for Whispering Cultist",
                            "[TK Hatás.átalakítás]", "V1 placed on d6", timeout=30)
        assert "!R1 !" in screen or "[R1 ]" in screen          # the enemy commons targeted
        screen = tmux.press("tk", "Enter", "Destroyed this turn: R1", "Actions left 1",
                            timeout=30)
