"""A finished game's headline over the turns (HKK: each player's life; Summoner Wars: each
summoner's life left; any ruleset: its UI table's ``headline``), drawn as a small chart of
text: one marker per seat and turn, the value scale on the left, the turns below. Each seat has
its own marker (●, ○, ▲, △), so it reads without colour (NO_COLOR) as well as with it.

Drawn by hand rather than with a plotting library: a text renderable that every terminal, the
snapshot tests and NO_COLOR show alike, with no extra dependency (textual-plotext works with
Textual 8 but would be a new dependency of the whole app for one chart).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.widget import Widget

from engine.core.headlines import HeadlinePoint, turn_headlines
from engine.net.mirror import TableMirror

MARKERS = ("●", "○", "▲", "△", "■", "□")
STYLES = ("bold green", "bold red", "bold cyan", "bold yellow", "bold magenta", "bold blue")
HEIGHT = 8                       # rows of the plot area


@dataclass
class Series:
    """The headline's name, the turn of each sample and each seat's value at it."""

    name: str
    turns: list[int] = field(default_factory=list)
    values: list[list[float]] = field(default_factory=list)      # [sample][seat]


def game_series(ruleset: Any, header: Any, entries: list[Any], table: Any) -> Series | None:
    """The headline at the start of the game, at the end of every turn and at the end, from
    the recorded events (a replay: no rules code runs)."""
    return points_series(turn_headlines(ruleset, header, entries), table)


def points_series(points: list[HeadlinePoint], table: Any) -> Series | None:
    """The series the UI table's ``headline`` reads from each point's public counters (a
    local game's replay, or the points a server sent with a networked game's result)."""
    series: Series | None = None
    for point in points:
        got = table.headline({"turn": point.turn, "headlines": point.seats})
        if got is None:
            continue
        name, values = got
        if series is None:
            series = Series(name)
        series.turns.append(point.turn)
        series.values.append(list(values))
    return series


def chart(series: Series, names: list[str], width: int, colour: bool = True,
          height: int = HEIGHT) -> Text:
    """The chart as text, ``width`` columns wide and ``height`` rows of plot (then the turn
    axis and the legend). Seats side by side in a turn's column when there is room; a ✱
    marks seats on the same point."""
    out = Text()
    out.append(series.name + "\n", style="bold")
    if not series.values:
        return out
    flat = [v for row in series.values for v in row]
    low, high = min(min(flat), 0), max(flat)
    if high == low:
        high = low + 1
    label_w = max(len(_num(low)), len(_num(high))) + 1
    plot_w = max(8, width - label_w - 2)
    n = len(series.values)
    cols = min(n, plot_w)
    # the sample shown in each column (the last of the samples falling in it)
    at: dict[int, int] = {}
    for i in range(n):
        at[round(i * (cols - 1) / max(1, n - 1))] = i
    step = max(1, min(4, plot_w // max(1, cols)))
    grid = [[(" ", "")] * (cols * step) for _ in range(height)]
    for col, i in at.items():
        for seat, v in enumerate(series.values[i]):
            row = height - 1 - round((v - low) / (high - low) * (height - 1))
            mark = MARKERS[seat % len(MARKERS)]
            x = col * step + min(seat, step - 1)
            old = grid[row][x][0]
            grid[row][x] = ("✱" if old.strip() else mark,
                            STYLES[seat % len(STYLES)] if colour else "")
    for r in range(height):
        value = high - (high - low) * r / (height - 1)
        scale = _num(value) if r in (0, height - 1) or (low < 0 and abs(value) < 1e-9) else ""
        out.append(f"{scale:>{label_w}}┤" if scale else " " * label_w + "│", style="dim")
        for ch, style in grid[r]:
            out.append(ch, style=style)
        out.append("\n")
    out.append(" " * label_w + "└" + "─" * (cols * step) + "\n", style="dim")
    axis = [" "] * (cols * step + 8)
    shown = sorted(at.items())
    last_end = -2
    for col, i in shown:                # turn numbers under the columns, where they fit
        label = str(series.turns[i])
        x = col * step
        if x > last_end + 1 and x + len(label) <= len(axis):
            axis[x:x + len(label)] = list(label)
            last_end = x + len(label)
    out.append(" " * (label_w + 1) + "".join(axis).rstrip() + "\n", style="dim")
    legend = Text(" " * (label_w + 1))
    for seat, name in enumerate(names):
        legend.append(MARKERS[seat % len(MARKERS)] + " ",
                      style=STYLES[seat % len(STYLES)] if colour else "")
        final = series.values[-1][seat] if seat < len(series.values[-1]) else ""
        legend.append(f"{name} ({_num(final)})   ")
    out.append_text(legend)
    return out


def _num(v: Any) -> str:
    return str(int(v)) if isinstance(v, (int, float)) and float(v).is_integer() else f"{v:.1f}"


class HeadlineGraph(Widget):
    """The chart of a ``Series`` for seats ``names`` (its height fits the chart)."""

    DEFAULT_CSS = "HeadlineGraph { height: auto; width: 1fr; }"

    def __init__(self, series: Series | None, names: list[str], turns_word: str = "",
                 rows: int = HEIGHT, **kw: Any) -> None:
        super().__init__(**kw)
        self.series, self.names, self.turns_word, self.rows = series, names, turns_word, rows

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        if self.series is None:
            return 1
        return self.rows + 4 + (1 if self.turns_word else 0)

    def render(self) -> Text:
        if self.series is None:
            return Text("")
        import os

        text = chart(self.series, self.names, self.size.width or 60,
                     colour=not os.environ.get("NO_COLOR"), height=self.rows)
        if self.turns_word:
            text.append("\n" + self.turns_word, style="dim")
        return text


def session_graph(session: Any, rows: int = HEIGHT) -> HeadlineGraph | None:
    """The graph of a finished game: a local game's from its whole record; a networked
    game's from the public headlines the server sent with the result (its client holds only
    redacted events). None if it has no headline (or an older server sent none)."""
    try:
        game = session.game
        table = session.table()
        if isinstance(game, TableMirror):               # a table at a server
            series = points_series(game.headlines, table)
        else:
            series = game_series(game.ruleset, game.header, game.entries, table)
    except Exception:  # noqa: BLE001 - a result is shown without its graph rather than fail
        return None
    if series is None or len(series.values) < 2:
        return None
    from hkk_tui.i18n import t

    return HeadlineGraph(series, session.names(), t("graph.turns", session.lang), rows=rows,
                         classes="headline-graph")
