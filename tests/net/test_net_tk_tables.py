"""Tash-Kalar tables of 3-4 seats over the network (issue 17, point 6): the lobby's new-table form
offers the number of players, each other seat a person or a bot and the game's mode row, by keys
alone; the server makes the table it asks for; four people sit at a BATTLE table from four
clients and play, and no message to a seat holds another seat's hand (the leak checks of
test_net_hidden); three people sit at a 3-seat table from three app clients."""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest
import test_net_hidden as hidden
from net_helpers import Raw, act, running_server

from engine.net import messages as M
from engine.net.address import parse
from engine.net.client import TokenStore
from engine.net.mirror import TableMirror
from hkk_tui.screens.settings_store import Settings
from tests.tui.tui_helpers import until


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "home"))


def _form_request(chosen: dict[str, int], n_seats: int, lang: str = "en") -> M.CreateTable:
    """The request the lobby's form sends for Tash-Kalar with ``n_seats`` and row choices
    ``chosen`` (row label -> index), built by the form itself (no app needed)."""
    from engine.net.lobby import rulesets_info
    from hkk_tui.screens.lobby import NewTableScreen

    infos = rulesets_info()
    form = NewTableScreen([i for i in infos if i.name == "tk"], lang)
    form.n_seats = n_seats
    form.rows = form._rows(chosen)
    return form.request()


async def _seat_player(client: Raw, mirror: TableMirror, rng: random.Random,
                       moves: int) -> None:
    """Follow one seat's messages; play a random legal move when it is this seat's turn, until
    the game has ``moves`` entries."""
    while True:
        msg = await client.read()
        assert msg is not None, "the server closed a player's connection"
        if isinstance(msg, M.Snapshot):
            mirror.snapshot(msg)
        elif isinstance(msg, M.Update):
            assert mirror.update(msg), "an update out of order"
        else:
            continue
        if mirror.n >= moves or mirror.result is not None:
            return
        if mirror.mine() and mirror.legal:
            client.send(act(mirror.table, mirror.n, rng.choice(mirror.legal)))


@pytest.mark.parametrize("mode, options", [
    (0, {"mode": "battle"}),                              # TK Csata
    (1, {"mode": "duel", "team": True}),                  # TK Csapat over DUEL
])
def test_tk_csata_csapat_four_people_at_a_table_each_sees_only_their_hand(tmp_path, mode,
                                                                         options):
    """TK Csata / TK Csapat (BATTLE and TEAM, 4 players): a 4-seat table as the form asks for
    it, four clients sit, a dozen moves; every snapshot and update each one got is that seat's
    own view and redaction, unchanged whatever it may not know of the other seats' hands."""
    request = _form_request({"Player 3": 1}, 4)
    assert request.seats == ["human", "human", "ai:tactician", "human"]
    request = _form_request({"Mode": mode}, 4)           # every seat a person at first
    assert request.seats == ["human"] * 4
    assert request.options == options
    assert len(set(request.decks)) == 4                  # a colour each

    async def run() -> None:
        rng = random.Random(17)
        async with running_server(tmp_path) as server:
            clients = [await Raw.hello(server, as_user=u) for u in ("a", "b", "c", "d")]
            clients[0].send(msgspec.structs.replace(request, table="g"))
            seated = [await clients[0].expect(M.Seated)]
            for c in clients[1:]:
                c.send(M.Join("g"))
                seated.append(await c.expect(M.Seated))
            assert sorted(s.seat for s in seated) == [0, 1, 2, 3]
            mirrors = [TableMirror("g") for _ in clients]
            await asyncio.wait_for(asyncio.gather(*(
                _seat_player(c, m, rng, 12) for c, m in zip(clients, mirrors))), 120)
            game = server.tables["g"].game
            assert all(game.header.options[k] == v for k, v in options.items())
            assert len(game.header.seats) == 4
            assert len(game.entries) >= 12
            assert {m.viewer for m in mirrors} == {0, 1, 2, 3}
            for c in clients:
                c.close()
        checked = hidden._check("tk", game, {m.viewer: c for m, c in zip(mirrors, clients)},
                                [], rng)
        assert checked >= 4 * 12                          # every entry reached every seat
    asyncio.run(run())


def _app(server, user: str):
    from hkk_tui.netapp import NetApp

    return NetApp(parse(server.socket_path), as_user=user, tokens=TokenStore(),
                  settings=Settings(lang="en", ai_pace=0.0))


async def _open_tk_table(app, pilot, players: int, seat_rows: dict[int, int]) -> None:
    """By keys: n, Tash-Kalar on the first row, the players row to ``players``, each seat row
    ``i`` moved right ``seat_rows[i]`` times, then open the table."""
    from hkk_tui.screens.lobby import NewTableScreen

    await until(pilot, lambda: app.welcome is not None, "the lobby")
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the new-table form")
    form = app.screen
    while form.values()[0] != "tk":
        await pilot.press("right")
    await pilot.press("down")                                  # Players
    while form.values()[1] != players:
        await pilot.press("right")
    labels = [label for label, _v, _i in form.rows]
    for i, steps in seat_rows.items():
        row = labels.index(f"Player {i}")
        await pilot.press("home", *["down"] * row, *["right"] * steps)
    await pilot.press("end", "enter")


def test_tk_elokeszulet_lobby_form_offers_players_seats_and_mode_by_keys(tmp_path):
    """TK Előkészület: the form's rows follow the number of players (2: opponent and mode
    DUEL/High Form; 4: players 2-4 each a person or a bot, mode BATTLE or TEAM), and the
    table the server makes has the seats and mode chosen on them."""
    async def run() -> None:
        async with running_server(tmp_path) as server:
            app = _app(server, "alice")
            async with app.run_test(size=(80, 24)) as pilot:
                from hkk_tui.screens.lobby import NewTableScreen

                await until(pilot, lambda: app.welcome is not None, "the lobby")
                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the form")
                form = app.screen
                while form.values()[0] != "tk":
                    await pilot.press("right")
                labels = [label for label, _v, _i in form.rows]
                assert labels[:4] == ["Game", "Players", "Your deck", "Opponent"]
                mode = dict((label, [w for _o, w in v]) for label, v, _i in form.rows)["Mode"]
                assert mode == ["Deathmatch", "High Form"]
                await pilot.press("down", "right", "right")           # 4 players
                labels = [label for label, _v, _i in form.rows]
                assert "Opponent" not in labels
                assert [x for x in labels if x.startswith("Player ")] == \
                    ["Player 2", "Player 3", "Player 4"]
                modes = [v for label, v, _i in form.rows if label == "Mode"][0]
                assert [o for o, _w in modes] == [
                    {"mode": "battle"}, {"mode": "duel", "team": True},
                    {"mode": "highform", "team": True}]
                row = labels.index("Player 3")
                await pilot.press("home", *["down"] * row, "right")   # Player 3: the AI
                row = labels.index("Mode")
                await pilot.press("home", *["down"] * row, "right")   # TEAM over DUEL
                await pilot.press("home", *["down"] * 3, "right")     # Player 2: the AI too
                await pilot.press("home", *["down"] * 3, "left")      # no: a person again
                await pilot.press("end", "enter")
                await until(pilot, lambda: "tk" in {t.rec.ruleset for t in
                                                    server.tables.values()}, "the table")
                [table] = server.tables.values()
                assert [s.kind for s in table.rec.seats] == [
                    "human", "human", "ai:tactician", "human"]
                assert table.rec.options == {"mode": "duel", "team": True}
                assert table.rec.seats[0].name == "alice"
                assert len({s.deck for s in table.rec.seats}) == 4
                await until(pilot, lambda: table.id in app.tables, "the table in the lobby")
                row = app.screen.row(app.tables[table.id]).plain
                assert "Tash-Kalar · Team · Deathmatch · " in row, row
                assert row.count(" vs ") == 3 and "AI (tactician)" in row
    asyncio.run(run())


def test_tk_csata_three_people_sit_from_three_app_clients(tmp_path):
    """Three app clients: Alice opens a 3-seat BATTLE table by keys, Bob and Carol sit with
    Enter; the game starts on all three screens, each seeing only their own hand."""
    from hkk_tui.screens.remote_game import RemoteGameScreen

    def screen(app):
        s = next((s for s in app.screen_stack if isinstance(s, RemoteGameScreen)), None)
        return s if s is not None and s.is_mounted else None

    async def run() -> None:
        async with running_server(tmp_path) as server:
            apps = [_app(server, u) for u in ("alice", "bob", "carol")]
            async with apps[0].run_test(size=(100, 30)) as pa, \
                    apps[1].run_test(size=(100, 30)) as pb, \
                    apps[2].run_test(size=(100, 30)) as pc:
                pilots = [pa, pb, pc]
                await _open_tk_table(apps[0], pa, 3, {2: 0, 3: 0})
                await until(pa, lambda: len(server.tables) == 1, "the table")
                [tid] = server.tables
                for app, pilot in zip(apps[1:], pilots[1:]):
                    await until(pilot, lambda app=app: tid in app.tables, "the table listed")
                    await pilot.press("enter")
                for app, pilot in zip(apps, pilots):
                    await until(pilot, lambda app=app: screen(app) is not None, "the game")
                table = server.tables[tid]
                game = table.game
                assert game is not None and game.header.options.get("mode") == "battle"
                assert [s.name for s in table.rec.seats] == ["alice", "bob", "carol"]
                for seat, app in enumerate(apps):
                    session = screen(app).session
                    assert session.viewer() == seat
                    view = session.view()
                    truth = game.ruleset.view(game.state, seat)
                    assert view == truth                  # its own view, nothing more
                    for other in range(3):
                        if other != seat:
                            assert view != game.ruleset.view(game.state, other)
    asyncio.run(run())
