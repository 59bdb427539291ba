"""The result screen of a networked game has the life (headline) graph, as a local game's
(issue 14). The client holds only redacted events, so the server sends with the result every
seat's public headline counters over the turns (``headlines`` of Update and Snapshot, from
engine.core.headlines): the same series a local replay of the whole record gives, nothing hidden
in it; an older server sends none (no graph, no error) and an older client ignores the field."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest
from net_helpers import register_toy, unregister_toy

from engine.core.headlines import HeadlinePoint, turn_headlines
from engine.core.protocol import Result
from engine.net import bot
from engine.net import messages as M
from engine.net.address import parse
from engine.net.mirror import TableMirror
from engine.net.wire import decode_server, encode
from hkk_tui.rulesets import register_ui, unregister_ui
from hkk_tui.screens.dialogs import ChoiceScreen, ResultScreen
from hkk_tui.widgets.headline_graph import HeadlineGraph, game_series, session_graph
from tests.net.test_net_tui import decide, game_screen, open_table, until, with_app


@pytest.fixture(autouse=True)
def _setup(monkeypatch, tmp_path):
    from tests.tui.toy_ui import ToyUI

    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "home"))
    register_toy()
    register_ui(ToyUI())
    yield
    unregister_ui("toy")
    unregister_toy()


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _play_and_concede(server, app, pilot, ruleset: str, bot_name: str,
                            decisions: int):
    """Open a table of ``ruleset`` against a headless bot, make ``decisions`` decisions by
    keys, concede: the game screen and the server's table."""
    await open_table(app, pilot, ruleset)
    [table] = list(server.tables)
    opponent = asyncio.ensure_future(bot.play(parse(server.socket_path), table, bot_name,
                                              ruleset, as_user="bot", timeout=120))
    await until(pilot, lambda: game_screen(app) is not None, "the game screen")
    screen = game_screen(app)
    s = screen.session
    made = 0
    while made < decisions and s.result() is None:
        await until(pilot, lambda: (s.my_decision() is not None and app.screen is screen
                                    and not screen.moving) or s.result() is not None,
                    "my decision")
        if s.result() is not None:
            break
        before = s.game.n
        await decide(pilot, app, screen)
        await until(pilot, lambda before=before: s.game.n > before or screen.error,
                    "the server's answer")
        if s.game.n > before:
            made += 1
        else:
            await pilot.press("space")
    if s.result() is None:                              # not over yet: concede, confirmed
        await until(pilot, lambda: app.screen is screen and not screen.moving,
                    "the game screen on top")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the concede dialog")
        await pilot.press("2")
    await until(pilot, lambda: s.result() is not None, "the result")
    await opponent
    return screen, server.tables[table]


@pytest.mark.parametrize("ruleset,bot_name,decisions", [("hkk", "greedy", 40),
                                                        ("sw", "random", 25)])
def test_a_networked_games_result_screen_has_the_headline_graph(tmp_path, ruleset, bot_name,
                                                                 decisions):
    async def body(server, app, pilot):
        screen, table = await _play_and_concede(server, app, pilot, ruleset, bot_name,
                                                decisions)
        s = screen.session
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result screen")
        graph = app.screen.extra
        assert isinstance(graph, HeadlineGraph), "no graph on the networked result screen"
        # the series is the one a replay of the server's whole record gives
        game = table.game
        local = game_series(game.ruleset, game.header, game.entries, s.table())
        assert (graph.series.turns, graph.series.values) == (local.turns, local.values)
        assert len(graph.series.turns) >= 2 and graph.series.turns[0] == 0
        await pilot.pause()
        text = screen_text(app)
        assert "alice (" in text and "bot (" in text     # the legend, with each final value
        assert graph.series.name in text

    asyncio.run(with_app(tmp_path, body))


def test_the_headlines_hold_public_counters_only():
    """What the server sends: per point, each seat's summary headline (counters by name,
    numbers) — the same for every viewer, no card identities."""
    from engine.core import registry
    from engine.core.sessions import open_read_only
    saves = Path(__file__).resolve().parents[2] / "saves" / "sw" / "games"
    game, _note = open_read_only(min(saves.glob("*.hkk")))
    points = turn_headlines(registry.ruleset_for(game.header), game.header, game.entries)
    assert len(points) > 3 and points[0].turn == 0
    assert [p.turn for p in points] == sorted({p.turn for p in points})
    for p in points:
        assert len(p.seats) == 2
        for seat in p.seats:
            assert set(seat) == {"life", "magic", "hand", "deck", "units"}
            assert all(isinstance(v, int) for v in seat.values())


def _update(headlines: list[HeadlinePoint]) -> M.Update:
    return M.Update("t1", 1, 0, msgspec.Raw(b"\x90"), msgspec.Raw(b"\xc0"),
                    result=Result((0,), "concede"), headlines=headlines)


def test_an_older_client_ignores_the_headlines_and_an_older_server_sends_none():
    """The field is optional both ways: a client of before it decodes an Update that carries
    it; an Update without it (an older server) decodes with none, and the graph is left out
    rather than failing."""

    class OldUpdate(msgspec.Struct, frozen=True, tag_field="t", tag="update",
                    omit_defaults=True):
        table: str
        n: int
        player: int
        events: msgspec.Raw
        view: msgspec.Raw
        decision: Any = None
        legal: msgspec.Raw = M.NO_ACTIONS
        hints: list = []
        result: Result | None = None

    point = HeadlinePoint(3, [{"life": 20}, {"life": 12}])
    frame = encode(_update([point]))
    old = msgspec.msgpack.decode(frame[4:], type=OldUpdate)
    assert old.result == Result((0,), "concede")
    assert decode_server(frame[4:]).headlines == [point]
    from_old_server = msgspec.msgpack.encode(old)
    assert decode_server(from_old_server).headlines == []

    class Session:                                  # a networked session after the end
        game = TableMirror("t1")
        names = staticmethod(lambda: ["alice", "bob"])
        lang = "en"

        table = staticmethod(lambda: _TableStub())

    assert session_graph(Session()) is None          # no headlines: no graph
    Session.game.headlines = [HeadlinePoint(0, [{"life": 20}, {"life": 20}]), point]
    graph = session_graph(Session())
    assert graph is not None and graph.series.values == [[20, 20], [20, 12]]


class _TableStub:
    """A UI table's headline reading: the default (the first numeric counter)."""

    def headline(self, summary: dict[str, Any]) -> Any:
        from hkk_tui.rulesets.base import Table

        return Table.headline(self, summary)

    def t(self, key: str, **params: Any) -> str:
        return key

    def has(self, key: str) -> bool:
        return False
