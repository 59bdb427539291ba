"""End to end in a real terminal: start ``python -m hkk_tui.cli`` in tmux, start a game from the
menu with keys, read the four pane titles with capture-pane. Every key waits for the screen to
show its effect (no fixed sleeps), so a loaded machine is only slower, not flaky."""

from __future__ import annotations

import pytest

from tui_helpers import HAVE_TMUX, Tmux, fresh_data_dir, hkk_argv


@pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")
@pytest.mark.parametrize("lang,titles", [
    ("en", ("Board", "Hand", "Stack", "Log")),
    ("hu", ("Asztal", "Kéz", "Reakciósor", "Napló")),
])
def test_tmux_start_game_and_read_pane_titles(monkeypatch, lang, titles):
    data = fresh_data_dir(monkeypatch)
    (data / "settings.toml").write_text(f'lang = "{lang}"\nai_pace = 0.0\n')
    with Tmux(f"e2e-{lang}") as tmux:
        tmux.start("hkk", hkk_argv(), {"HKK_DATA_DIR": str(data)})
        menu = "New game vs the AI" if lang == "en" else "Új játszma a gép ellen"
        tmux.wait_for("hkk", menu)
        start = "Start the game" if lang == "en" else "Kezdődjön a játszma"
        tmux.press("hkk", "Enter", "Which game?" if lang == "en" else "Melyik játék?")
        tmux.press("hkk", "Enter", start)                   # Hatalom Kártyái, listed first
        for _row in ("AI's deck", "bot", "start"):
            tmux.press("hkk", "Down")       # the highlight moves down one row
        tmux.press("hkk", "Enter", *titles, timeout=60)
        screen = tmux.wait_for("hkk", *titles)
        for title in titles:
            assert f"─ {title} " in screen or f"━ {title} " in screen, screen
