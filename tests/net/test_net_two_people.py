"""Two people play whole games at a real ``hkk server`` (issue 13, done-when): two copies of the
app, each a player at the keyboard, find each other in the lobby and play a full game of HKK and
a full game of Summoner Wars by key presses; mid-game Bob's app dies (closed with its
connection, as a killed SSH login leaves it), Alice's prompt says she waits for him, and Bob's new
app is back at his seat with the whole game; both see the same end as the server's log.

Each player presses keys for a random legal move (menu line, then option), the way a person who
does not know the game would: every decision goes through the same screen, menus and wire as a
real one."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest
from net_helpers import ServerProcess, env_for

from engine.core import store
from engine.net.address import parse
from engine.net.client import TokenStore
from hkk_tui.screens.dialogs import ChoiceScreen, MessageScreen
from hkk_tui.screens.settings_store import Settings
from tests.net.test_net_tui import game_screen, until
from tests.tui.tui_helpers import press_choice


def _app(sock, who: str, tokens: TokenStore):
    from hkk_tui.netapp import NetApp

    return NetApp(parse(str(sock)), as_user=who, tokens=tokens,
                  settings=Settings(lang="en", ai_pace=0.0))


class Player:
    """One person: an app on screen, their key presses, and a die for choosing."""

    def __init__(self, sock, who: str, seed: int) -> None:
        self.sock, self.who = sock, who
        self.tokens = TokenStore()            # the per-seat secret survives the app
        self.rng = random.Random(seed)
        self.stack = contextlib.AsyncExitStack()
        self.app = self.pilot = None

    async def start(self) -> None:
        self.app = _app(self.sock, self.who, self.tokens)
        self.pilot = await self.stack.enter_async_context(self.app.run_test(size=(80, 24)))
        await until(self.pilot, lambda: self.app.net_state[0] == "connected", "the connection")

    async def close(self) -> None:
        await self.stack.aclose()
        self.stack = contextlib.AsyncExitStack()

    def screen(self):
        return game_screen(self.app)

    async def decide(self) -> bool:
        """One decision by keys, if it is this player's turn and the screen is ready."""
        app, pilot, screen = self.app, self.pilot, self.screen()
        if isinstance(app.screen, MessageScreen):
            await pilot.press("enter")
            return False
        if screen is None or app.screen is not screen or screen.session.my_decision() is None:
            return False
        groups = [g for g in screen.groups() if g.kind != "concede"]
        acting = [(gi, oi) for gi, g in enumerate(groups) if g.kind not in ("pass", "done")
                  for oi in range(len(g.actions))]
        passable = any(g.kind in ("pass", "done") for g in groups)
        session = screen.session
        before = session.game.n
        for _try in range(8):
            if passable and (not acting or self.rng.random() < 1 / (len(acting) + 1)):
                await pilot.press("space")                   # pass, or finish the choice
            else:
                gi, oi = self.rng.choice(acting)
                await pilot.press("a")
                await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
                menu = app.screen
                await press_choice(pilot, gi)
                if len(groups[gi].actions) > 1:
                    await until(pilot, lambda: app.screen is not menu and
                                isinstance(app.screen, ChoiceScreen), "the options")
                    await press_choice(pilot, oi)
            await until(pilot, lambda: session.game.n > before or screen.error or
                        session.result() is not None, "the server's answer")
            if session.game.n > before or session.result() is not None:
                return True
            while app.screen is not screen:                  # refused (reason shown)
                await pilot.press("escape")
            screen.error = ""
        raise AssertionError(f"no move went through: {session.my_decision()}")


async def _open_table(p: Player, ruleset: str) -> None:
    from hkk_tui.screens.lobby import NewTableScreen

    await until(p.pilot, lambda: p.app.welcome is not None, "the lobby")
    await p.pilot.press("n")
    await until(p.pilot, lambda: isinstance(p.app.screen, NewTableScreen), "the new-table form")
    while p.app.screen.values()[0] != ruleset:
        await p.pilot.press("right")
    await p.pilot.press("end", "enter")
    await until(p.pilot, lambda: any(any(s.mine for s in i.seats)
                                     for i in p.app.tables.values()), "the new table")


@pytest.mark.parametrize("ruleset", ["hkk", "sw"])
def test_two_people_play_a_whole_game_and_one_comes_back_after_dropping(tmp_path, ruleset):
    home = tmp_path / "home"
    home.mkdir()
    sock, data = tmp_path / "hkk.sock", tmp_path / "data"
    server = ServerProcess(sock, data, env_for(home)).start()

    async def run() -> None:
        alice, bob = Player(sock, "alice", 1), Player(sock, "bob", 2)
        await alice.start()
        await bob.start()
        try:
            await _open_table(alice, ruleset)
            [table] = [t for t, i in alice.app.tables.items() if any(s.mine for s in i.seats)]
            await until(bob.pilot, lambda: table in bob.app.tables, "the table in Bob's lobby")
            await bob.pilot.press("enter")                   # Bob sits at the open table
            await until(bob.pilot, lambda: bob.screen() is not None, "Bob's game screen")
            await until(alice.pilot, lambda: alice.screen() is not None, "Alice's game screen")
            dropped = False
            for _ in range(20000):
                sa = alice.screen()
                if sa is not None and sa.session.result() is not None:
                    break
                if (not dropped and sa is not None and sa.session.game.n > 40 and
                        sa.session.pending() is not None and
                        sa.session.pending().player == bob.screen().session.viewer()):
                    dropped = True                           # Bob's terminal dies
                    n = sa.session.game.n
                    await bob.close()
                    await until(alice.pilot, lambda: "Waiting for bob to reconnect" in
                                sa.query_one("#prompt").main_text, "the waiting prompt")
                    await bob.start()                        # a new `hkk connect`
                    await until(bob.pilot, lambda: bob.screen() is not None and
                                bob.screen().session.game.n == n, "Bob back at his seat")
                    await until(alice.pilot, lambda: "reconnect" not in
                                sa.query_one("#prompt").main_text, "Alice sees him back")
                moved = await alice.decide() or await bob.decide()
                if not moved:
                    await alice.pilot.pause(0.01)
                    await bob.pilot.pause(0.01)
            else:
                raise AssertionError("the game did not end")
            assert dropped
            sa, sb = alice.screen(), bob.screen()
            await until(bob.pilot, lambda: sb.session.result() is not None, "Bob's result")
            assert sa.session.result() == sb.session.result()
            # both saw the whole game, as the server wrote it
            [save] = list((data / "tables").glob("*.hkk"))
            summary = store.summarize(save)
            assert summary.meta["result"] and summary.entries == sa.session.game.n
            assert sb.session.game.n == sa.session.game.n
        finally:
            await alice.close()
            await bob.close()

    try:
        asyncio.run(run())
    finally:
        assert server.stop() == 0
