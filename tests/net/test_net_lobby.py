"""The lobby (issue 13, part 2): list, create (ruleset, decks, options, seats human or AI,
public or private with a code), take a seat, leave, spectate; players known by their OS user on
the Unix socket and by a seat token on TCP."""

from __future__ import annotations

import asyncio
import getpass

import pytest
from net_helpers import Raw, register_toy, running_server, unregister_toy

from engine.net import messages as M


@pytest.fixture(autouse=True)
def _toy():
    register_toy()
    yield
    unregister_toy()


def run(coro):
    return asyncio.run(coro)


def test_create_list_join_and_the_game_starts_when_every_seat_is_taken(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            bob = await Raw.hello(server, as_user="bob")
            bob.send(M.ListTables())
            assert (await bob.expect(M.Tables)).tables == []
            alice.send(M.CreateTable("toy", decks=["high", "low"], title="Friday game"))
            seated = await alice.expect(M.Seated)
            assert seated.seat == 0 and seated.token
            listed = (await bob.expect(M.Tables)).tables       # pushed to the lobby
            [info] = listed
            assert (info.ruleset, info.title, info.state) == ("toy", "Friday game", "waiting")
            assert [s.name for s in info.seats] == ["alice", ""]
            assert [s.deck for s in info.seats] == ["high", "low"]
            bob.send(M.Join(info.id))
            assert (await bob.expect(M.Seated)).seat == 1
            snap_b = await bob.expect(M.Snapshot)
            snap_a = await alice.expect(M.Snapshot)
            assert (snap_a.viewer, snap_b.viewer) == (0, 1) and snap_a.n == snap_b.n == 1
            assert [s.name for s in snap_a.status.seats] == ["alice", "bob"]
            assert all(s.connected for s in snap_a.status.seats)
            playing = await bob.expect(M.Tables)
            assert playing.tables[0].state == "playing"
    run(body())


def test_the_unix_socket_knows_the_os_user(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            plain = await Raw.hello(server)
            assert plain.got[-1].user == getpass.getuser()
            named = await Raw.hello(server, as_user="alice", name="ignored")
            assert named.got[-1].user == "alice"            # a name within the OS user
    run(body())


def test_a_private_table_is_unlisted_and_joined_with_its_code(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            bob = await Raw.hello(server, as_user="bob")
            alice.send(M.CreateTable("toy", private=True))
            seated = await alice.expect(M.Seated)
            code = seated.info.code
            assert seated.info.private and len(code) == 9
            bob.send(M.ListTables())
            assert (await bob.expect(M.Tables)).tables == []
            bob.send(M.Join(seated.table))                     # no code
            assert (await bob.expect(M.Error)).code == "code"
            bob.send(M.Watch(seated.table, code="WRONG-CODE"))
            assert (await bob.expect(M.Error)).code == "code"
            bob.send(M.Join(code=code.lower()))                # the code alone finds it
            assert (await bob.expect(M.Seated)).table == seated.table
            await bob.expect(M.Snapshot)
    run(body())


def test_ai_seats_are_played_by_the_server(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            alice.send(M.CreateTable("toy", seats=["ai:random", "human"]))
            assert (await alice.expect(M.Seated)).seat == 1    # the free seat is the person's
            snap = await alice.expect(M.Snapshot)
            assert snap.status.seats[0].kind == "ai:random" and snap.status.seats[0].connected
            # the AI moves first (toy: seat 0 starts), by itself
            update = await alice.expect(M.Update)
            assert update.player == 0 and update.decision.player == 1
    run(body())


def test_bad_tables_are_refused_in_words(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            c = await Raw.hello(server, as_user="c")
            cases = [
                (M.CreateTable("chess"), "ruleset", "hkk rulesets"),
                (M.CreateTable("toy", decks=["/etc/passwd", "low"]), "decks", "low"),
                (M.CreateTable("toy", seats=["human"]), "seats", "2 players"),
                (M.CreateTable("toy", seats=["human", "ai:deep-blue"]), "seats", "random"),
                (M.CreateTable("hkk", options={"rocket": 1}), "options", "auto_pass"),
                (M.CreateTable("toy", clock=5), "clock", "30 seconds"),
                (M.CreateTable("toy", table="no spaces!"), "table_id", "letters"),
            ]
            for req, code, words in cases:
                c.send(req)
                err = await c.expect(M.Error)
                assert err.code == code and words in err.message, (req, err)
            assert server.tables == {}
    run(body())


def test_leaving_an_open_table_frees_the_seat_and_an_empty_one_goes(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            alice.send(M.CreateTable("toy", table="t"))
            await alice.expect(M.Seated)
            record = tmp_path / "data" / "tables" / "t.table"
            assert record.exists()
            alice.send(M.Leave("t"))
            alice.send(M.ListTables())
            assert (await alice.expect(M.Tables)).tables == []
            assert "t" not in server.tables and not record.exists()
    run(body())


def test_a_spectator_sees_the_public_view_and_every_seat_is_full(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            bob = await Raw.hello(server, as_user="bob")
            carol = await Raw.hello(server, as_user="carol")
            alice.send(M.CreateTable("toy", table="t"))
            await alice.expect(M.Seated)
            bob.send(M.Join("t"))
            await alice.expect(M.Snapshot)
            carol.send(M.Join("t"))
            assert (await carol.expect(M.Error)).code == "full"
            carol.send(M.Watch("t"))
            snap = await carol.expect(M.Snapshot)
            assert snap.viewer == M.SPECTATOR and snap.legal == M.NO_ACTIONS
            from engine.net.mirror import TableMirror

            mirror = TableMirror("t")
            mirror.snapshot(snap)
            assert mirror.view.hands == [None, None]           # no hand is shown
            while (await alice.expect(M.StatusChanged)).status.spectators != 1:
                pass
    run(body())


def test_tcp_players_come_back_with_their_seat_token_and_the_newest_connection_sits(tmp_path):
    async def body():
        async with running_server(tmp_path, tcp=True) as server:
            a = await Raw.hello(server, name="Ann", tcp=True)
            b = await Raw.hello(server, name="Ben", tcp=True)
            a.send(M.CreateTable("toy", table="t"))
            token = (await a.expect(M.Seated)).token
            b.send(M.Join("t"))
            await b.expect(M.Snapshot)
            await a.expect(M.Snapshot)
            stranger = await Raw.hello(server, name="Ann", tcp=True)   # a name is no key
            assert stranger.got[-1].seated == {}
            again = await Raw.hello(server, name="Ann", tcp=True, tokens={"t": token})
            assert again.got[-1].seated == {"t": 0}
            again.send(M.Join("t"))
            snap = await again.expect(M.Snapshot)
            assert snap.viewer == 0
            err = await a.expect(M.Error)                      # the old connection is told
            assert err.code == "elsewhere"
    run(body())


def test_the_socket_is_for_its_owner_and_group_only(tmp_path):
    import stat

    from engine.net.server import Server

    async def body():
        sock = tmp_path / "run" / "hkk.sock"              # its folder is made by the server
        server = Server(tmp_path / "data", str(sock))
        await server.start()
        try:
            assert stat.S_IMODE(sock.stat().st_mode) == 0o660
            assert stat.S_IMODE(sock.parent.stat().st_mode) == 0o2770
        finally:
            await server.stop()
        assert not sock.exists()                           # a clean stop removes it
    run(body())


def test_an_open_table_and_its_seats_outlive_a_server_restart(tmp_path):
    async def body():
        async with running_server(tmp_path) as server:
            alice = await Raw.hello(server, as_user="alice")
            alice.send(M.CreateTable("toy", table="t", private=True))
            code = (await alice.expect(M.Seated)).info.code
        async with running_server(tmp_path) as server:            # the same data directory
            again = await Raw.hello(server, as_user="alice")
            assert again.got[-1].seated == {"t": 0}
            bob = await Raw.hello(server, as_user="bob")
            bob.send(M.Join(code=code))
            await bob.expect(M.Snapshot)                           # the game starts
            again.send(M.Join("t"))
            assert (await again.expect(M.Snapshot)).viewer == 0
    run(body())
