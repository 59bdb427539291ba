"""The win-rate table of ``hkk sim``: the 95% Wilson score interval against known values."""

from __future__ import annotations

import pytest
from rich.console import Console

from hkk_tui.winrate import Record, wilson, win_rate_table


@pytest.mark.parametrize("wins,games,low,high", [
    (5, 10, 0.2366, 0.7634),        # textbook values (Wilson 1927; Newcombe 1998, table I)
    (0, 6, 0.0, 0.3903),
    (6, 6, 0.6097, 1.0),
    (81, 263, 0.2553, 0.3662),      # Newcombe 1998, example (a)
])
def test_wilson_interval_matches_known_values(wins, games, low, high):
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=5e-4) and hi == pytest.approx(high, abs=5e-4)


def test_no_games_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_table_shows_rates_and_intervals_at_80_columns():
    console = Console(width=80, record=True)
    console.print(win_rate_table("deck win rates", [
        Record("fairlight-tukortorony", games=40, wins=30, draws=2),
        Record("raia-egi-legio", games=40, wins=8, draws=2)]))
    text = console.export_text()
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    row = next(line for line in lines if line.startswith("fairlight"))
    assert row.split()[1:] == ["40", "30", "2", "8", "75.0%", "59.8–85.8%"]
