"""Win rates of ``hkk sim``: per seat and per deck, wins, draws, losses, the win rate and its 95%
Wilson score interval (sound for small samples and for rates near 0 or 1, unlike the normal
approximation). A draw counts as a game not won."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich import box
from rich.table import Table

Z95 = 1.959963984540054          # the two-sided 95% quantile of the normal distribution


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate ``wins/games`` (0..1 bounds; (0, 1) for no
    games)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Record:
    """One row: a seat or a deck and how its games went."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def win_rate_table(title: str, rows: list[Record]) -> Table:
    """A table of ``rows``: games, wins, draws, losses, win rate and its 95% interval."""
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False,
                  show_edge=False)
    table.add_column(title.split()[0].capitalize() if title else "", no_wrap=True)
    for column in ("games", "wins", "draws", "losses", "win rate"):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column("95% interval", justify="right", no_wrap=True)
    for r in rows:
        low, high = wilson(r.wins, r.games)
        table.add_row(r.name, str(r.games), str(r.wins), str(r.draws), str(r.losses),
                      f"{100 * r.rate:.1f}%" if r.games else "-",
                      f"{100 * low:.1f}–{100 * high:.1f}%" if r.games else "-")
    return table
