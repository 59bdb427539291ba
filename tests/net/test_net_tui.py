"""The app as a network client (issue 13, part 5): the lobby, a table opened by keys, the same
game screen as local play fed by the server's messages (the HKK UI names its cards from the public
header, with no seed), a dropped connection that comes back by itself, and "waiting for … to
reconnect" when the opponent drops."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import Raw, register_toy, running_server, unregister_toy

from engine.core import store
from engine.net import bot
from engine.net import messages as M
from engine.net.address import parse
from engine.net.client import TokenStore
from hkk_tui.i18n import ns_catalog
from hkk_tui.rulesets import register_ui, unregister_ui
from hkk_tui.screens.dialogs import ChoiceScreen, MessageScreen
from hkk_tui.screens.settings_store import Settings
from tests.tui.tui_helpers import until


@pytest.fixture(autouse=True)
def _setup(monkeypatch, tmp_path):
    from tests.tui.toy_ui import ToyUI

    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path / "home"))
    register_toy()
    register_ui(ToyUI())
    yield
    unregister_ui("toy")
    unregister_toy()


def test_the_network_catalogs_hold_the_same_keys():
    en, hu = set(ns_catalog("net", "en")), set(ns_catalog("net", "hu"))
    assert en and en == hu, (en ^ hu)


def game_screen(app):
    """The game screen once it is on top and drawn (None before)."""
    from hkk_tui.screens.remote_game import RemoteGameScreen

    screen = next((s for s in app.screen_stack if isinstance(s, RemoteGameScreen)), None)
    if screen is None or not screen.is_mounted or not screen.query("#hand"):
        return None
    return screen


async def with_app(tmp_path, body, as_user: str = "alice", lang: str = "en"):
    from hkk_tui.netapp import NetApp

    async with running_server(tmp_path) as server:
        app = NetApp(parse(server.socket_path), as_user=as_user, tokens=TokenStore(),
                     settings=Settings(lang=lang, ai_pace=0.0))
        async with app.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: app.net_state[0] == "connected", "the connection")
            await body(server, app, pilot)


async def open_table(app, pilot, ruleset: str) -> None:
    """n, choose the game on the form's first row, then open the table (the last row)."""
    from hkk_tui.screens.lobby import NewTableScreen

    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the new-table form")
    form = app.screen
    while form.values()[0] != ruleset:
        await pilot.press("right")
    await pilot.press("end", "enter")
    await until(pilot, lambda: any(any(s.mine for s in i.seats) for i in app.tables.values()),
                "the new table in the lobby")


async def decide(pilot, app, screen) -> None:
    """One decision by keys: the first acting menu line, else pass."""
    groups = screen.groups()
    acting = [i for i, g in enumerate(groups) if g.kind not in ("pass", "done", "concede")]
    if acting and len(groups[acting[0]].actions) == 1:
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the action menu")
        await pilot.press(str(acting[0] + 1))
    else:
        await pilot.press("space")


def test_an_hkk_game_at_a_server_table_by_keys_to_the_log_after_the_end(tmp_path):
    async def body(server, app, pilot):
        await open_table(app, pilot, "hkk")
        [table] = list(server.tables)
        opponent = asyncio.ensure_future(bot.play(parse(server.socket_path), table, "greedy",
                                                  "hkk", as_user="bot", timeout=120))
        await until(pilot, lambda: game_screen(app) is not None, "the game screen")
        screen = game_screen(app)
        session = screen.session
        assert session.header.seed == 0 and session.header.digest == ""
        # the HKK UI names the cards of this seat's hand from what the client got
        view = session.view()
        names = [session.table().card(c.iid) for c in view.me().hand]
        hand_text = " ".join(str(screen.query_one("#hand").get_option_at_index(i).prompt)
                             for i in range(screen.query_one("#hand").option_count))
        assert names and all(n in hand_text for n in names)
        assert not any(ch == "⟨" for ch in hand_text)
        decided = 0
        while decided < 6 and session.result() is None:
            await until(pilot, lambda: session.my_decision() is not None and
                        app.screen is screen, "my decision")
            before = session.game.n
            await decide(pilot, app, screen)
            await until(pilot, lambda: session.game.n > before or screen.error,
                        "the server's answer")
            if session.game.n > before:
                decided += 1
            else:                                       # refused: the engine's reason shown
                await pilot.press("space")
        assert server.tables[table].game.entries[-1].player in (0, 1)
        assert session.game.n == len(server.tables[table].game.entries)
        await pilot.press("x")                          # concede, confirmed
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the concede dialog")
        await pilot.press("2")
        await until(pilot, lambda: session.result() is not None, "the result")
        result = await opponent
        assert result == session.result() and result.reason == "concede"
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the result screen")
        await pilot.press("enter")
        await pilot.press("s")                          # the full log, kept among the saves
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the saved log")
        saved = list((Path(store.saves_dir())).glob("*.hkk"))
        assert len(saved) == 1 and store.load(saved[0]).header.seed != 0

    asyncio.run(with_app(tmp_path, body))


def test_a_toy_game_to_the_end_through_a_dropped_connection(tmp_path):
    async def body(server, app, pilot):
        await open_table(app, pilot, "toy")
        [table] = list(server.tables)
        opponent = asyncio.ensure_future(bot.play(parse(server.socket_path), table, "random",
                                                  "toy", as_user="bot", timeout=120))
        await until(pilot, lambda: game_screen(app) is not None, "the game screen")
        screen = game_screen(app)
        session = screen.session
        dropped = False
        while session.result() is None:
            await until(pilot, lambda: session.my_decision() is not None or
                        session.result() is not None, "my decision")
            if session.result() is not None:
                break
            if not dropped and session.game.n > 8:     # the connection breaks mid-game
                dropped = True
                n = session.game.n
                conn = next(c for c in server.conns if c.name == "alice")
                conn.writer.transport.abort()
                await until(pilot, lambda: app.net_state[0] != "connected", "the drop")
                await until(pilot, lambda: app.net_state[0] == "connected" and
                            session.my_decision() is not None, "the reconnection")
                assert game_screen(app) is screen and session.game.n == n
            before = session.game.n
            await pilot.press("space")                  # pass: draw a token
            await until(pilot, lambda: session.game.n > before, "the pass")
        assert dropped
        assert (await opponent) == session.result()
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the result screen")

    asyncio.run(with_app(tmp_path, body))


def test_the_opponent_dropping_shows_waiting_for_them_to_reconnect(tmp_path):
    async def body(server, app, pilot):
        await open_table(app, pilot, "toy")
        [table] = list(server.tables)
        bob = await Raw.hello(server, as_user="bob")
        bob.send(M.Join(table))
        await bob.expect(M.Snapshot)
        await until(pilot, lambda: game_screen(app) is not None, "the game screen")
        screen = game_screen(app)
        session = screen.session
        if session.my_decision() is not None:           # alice moves first: pass to bob
            await pilot.press("space")
            await bob.expect(M.Update)
        await until(pilot, lambda: session.pending() is not None and
                    session.pending().player != session.viewer(), "bob's decision")
        bob.close()
        await until(pilot, lambda: "bob" in screen.query_one("#prompt").main_text and
                    "reconnect" in screen.query_one("#prompt").main_text, "the waiting prompt")
        back = await Raw.hello(server, as_user="bob")
        back.send(M.Join(table))
        await back.expect(M.Snapshot)
        await until(pilot, lambda: "reconnect" not in screen.query_one("#prompt").main_text,
                    "bob back")

    asyncio.run(with_app(tmp_path, body))


def test_a_spectator_watches_an_hkk_game_of_two_bots_with_no_hand_shown(tmp_path):
    async def body(server, app, pilot):
        watcher = await Raw.hello(server, as_user="setup")
        watcher.send(M.CreateTable("hkk", table="show", seats=["ai:greedy", "ai:random"],
                                   sit=False))
        await watcher.expect(M.Tables)
        await until(pilot, lambda: "show" in app.tables, "the table in the lobby")
        await pilot.press("w")                              # watch the highlighted table
        await until(pilot, lambda: game_screen(app) is not None, "the game screen")
        screen = game_screen(app)
        session = screen.session
        assert session.viewer() == M.SPECTATOR and session.my_decision() is None
        view = session.view()
        assert all(p.hand == [] for p in view.players)      # no hand is shown to a spectator
        await until(pilot, lambda: session.result() is not None, "the end of the bots' game")
        assert session.game.n == len(server.tables["show"].game.entries)
        assert len(screen.query_one("#log").lines_) > 10   # the game's log, as public
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the result screen")
        await pilot.press("enter")
        await pilot.press("escape")                         # back to the lobby
        await until(pilot, lambda: game_screen(app) is None, "the lobby")
        await until(pilot, lambda: server.tables["show"].subs == {}, "the spectator gone")

    asyncio.run(with_app(tmp_path, body))


@pytest.mark.parametrize("lang,deck", [("en", "Mutant Horde"), ("hu", "Mutánshorda")])
def test_the_lobby_names_a_tables_decks_as_the_game_does_not_by_file_id(tmp_path, lang, deck):
    from engine.core import registry

    names = {d.id: d.name for d in registry.get("hkk").decks()}
    assert names["chara-din-horda"][lang] == deck

    async def body(server, app, pilot):
        await open_table(app, pilot, "hkk")
        from hkk_tui.screens.lobby import LobbyScreen

        lobby = next(s for s in app.screen_stack if isinstance(s, LobbyScreen))
        [info] = app.tables.values()
        row = str(lobby.row(info))
        assert f"[{deck}]" in row and "chara-din-horda" not in row

    asyncio.run(with_app(tmp_path, body, lang=lang))


def test_a_seat_token_that_cannot_be_saved_is_said_not_swallowed(tmp_path):
    async def body(server, app, pilot):
        blocked = tmp_path / "not-a-folder"
        blocked.write_text("a file where the tokens' folder should be")
        app.client.store = TokenStore(blocked / "tokens.json")
        said = []
        app.notify = lambda message, **kw: said.append(message)      # noqa: E731
        await open_table(app, pilot, "toy")
        await until(pilot, lambda: said, "a notice")
        assert "could not be saved" in said[0] and "tokens.json" in said[0]
        assert app.net_state[0] == "connected"                        # the seat is still held

    asyncio.run(with_app(tmp_path, body))


def test_escape_in_the_lobby_does_not_quit_so_two_escapes_from_a_game_keep_the_seat(tmp_path):
    """Esc leaves a game for the lobby; a second Esc (a menu that had already closed) must not
    end the program — over SSH with ForceCommand it would end the login."""
    async def body(server, app, pilot):
        from hkk_tui.screens.lobby import LobbyScreen

        await open_table(app, pilot, "toy")
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, LobbyScreen)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "q to quit")

    asyncio.run(with_app(tmp_path, body))


def test_started_again_it_goes_back_to_the_one_game_in_progress_not_a_finished_one(tmp_path):
    """A player who sits at a finished game (kept for its log) and at one in progress, and
    whose terminal died, is taken straight back to the game in progress."""
    async def body(server, app, pilot):
        carol = await Raw.hello(server, as_user="carol")
        carol.send(M.CreateTable("toy", table="old", seats=["human", "ai:random"]))
        await carol.expect(M.Snapshot)
        carol.send(M.Concede("old"))
        await carol.expect(M.Update)
        carol.send(M.CreateTable("toy", table="now"))
        await carol.expect(M.Seated, table="now")
        bob = await Raw.hello(server, as_user="bob")
        bob.send(M.Join("now"))
        await bob.expect(M.Snapshot)
        carol.close()
        from hkk_tui.netapp import NetApp

        again = NetApp(parse(server.socket_path), as_user="carol", tokens=TokenStore(),
                       settings=Settings(lang="en", ai_pace=0.0))
        async with again.run_test(size=(100, 30)) as p2:
            await until(p2, lambda: game_screen(again) is not None, "the game in progress")
            assert game_screen(again).session.table_id == "now"

    asyncio.run(with_app(tmp_path, body))
