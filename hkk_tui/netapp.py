"""``hkk connect``: the app as a client of a game server — the lobby first, then the same game
screen as local play over a :class:`~hkk_tui.remote.RemoteSession`.

The connection runs as a Textual worker on the app's own event loop (``Client.run``: it says
hello, pings, and reconnects by itself with growing pauses). Its messages are handed to the
lobby or to the session of their table; a snapshot of a table this user sits at (or watches)
opens its game screen.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual import events
from textual.message import Message

from engine.net import messages as M
from engine.net.address import Address
from engine.net.client import Client, Fatal, TokenStore
from hkk_tui.app import HkkApp
from hkk_tui.i18n import tr
from hkk_tui.remote import NS, RemoteSession
from hkk_tui.screens.settings_store import Settings, load_settings


class ServerSaid(Message):
    """A message from the server, handed from the network worker to the app's message loop
    (where screens are pushed and redrawn)."""

    def __init__(self, msg: Any) -> None:
        super().__init__()
        self.msg = msg


class LinkChanged(Message):
    def __init__(self, state: str, info: dict) -> None:
        super().__init__()
        self.state, self.info = state, info


class NetApp(HkkApp):
    def __init__(self, address: Address, as_user: str = "", name: str = "",
                 tokens: TokenStore | None = None, settings: Settings | None = None,
                 ask_name: bool = False, **kw: Any) -> None:
        super().__init__(settings, {}, **kw)
        self.address = address
        self.ask_name = ask_name
        self.client = Client(address, name=name, as_user=as_user, tokens=tokens,
                             on_message=lambda msg: self.post_message(ServerSaid(msg)),
                             on_state=lambda state, info: self.post_message(
                                 LinkChanged(state, info)))
        self.sessions: dict[str, RemoteSession] = {}
        self.tables: dict[str, M.TableInfo] = {}
        self.welcome: M.Welcome | None = None
        self.net_state: tuple[str, dict] = ("connecting", {})
        self._resumed = False

    # ------------------------------------------------------------------ life
    def on_mount(self, event: events.Mount) -> None:
        from hkk_tui.screens.lobby import LobbyScreen

        event.prevent_default()              # the lobby instead of the local title menu
        self.apply_settings()
        self.push_screen(LobbyScreen())
        if not self.ask_name:
            self._connect()
            return
        from hkk_tui.screens.dialogs import TextInputScreen

        def named(name: str | None) -> None:     # a shared account: who is at the keyboard
            if not name:
                self.exit()
                return
            self.client.as_user = self.client.name = name
            self._connect()

        self.push_screen(TextInputScreen(self.nt("lobby.name_prompt")), named)

    def _connect(self) -> None:
        self.run_worker(self._net(), name="net", group="net", exclusive=True,
                        exit_on_error=False)

    async def _net(self) -> None:
        try:
            await self.client.run()
        except Fatal as exc:
            self.net_state = ("failed", {"reason": str(exc)})
            self._tell_lobby()

    def on_exit_app(self) -> None:
        self.client.close()
        super().on_exit_app()

    def nt(self, key: str, **params: Any) -> str:
        return tr(NS, key, self.lang, **params)

    # ------------------------------------------------------------------ the connection
    def on_server_said(self, event: ServerSaid) -> None:
        self.on_net_message(event.msg)

    def on_link_changed(self, event: LinkChanged) -> None:
        self.on_net_state(event.state, event.info)

    def on_net_state(self, state: str, info: dict) -> None:
        if state == "bad_message":
            self.notify(escape(self.nt("lobby.bad_message", reason=info.get("reason", ""))),
                        severity="warning")
            return
        if state == "token_not_kept":          # the seat is held; only a restart may lose it
            self.notify(escape(self.nt("lobby.token_not_kept", reason=info.get("reason", ""))),
                        severity="warning", timeout=15)
            return
        self.net_state = (state, info)
        self._tell_lobby()
        for screen in self._game_screens():
            screen.update_prompt()

    def _back_to_the_game(self) -> None:
        """Started again while seated at exactly one game in progress: straight back to it (a
        finished game one still sits at, kept for its log, does not count)."""
        running = [t for t in self.welcome.seated
                   if t in self.tables and self.tables[t].state == "playing"]
        if len(running) == 1 and running[0] not in self.client.at:
            self.client.join(running[0])

    def on_net_message(self, msg: Any) -> None:
        if isinstance(msg, M.Welcome):
            self.welcome = msg
            self.client.send(M.ListTables())
            self._tell_lobby()
            return
        if isinstance(msg, M.Tables):
            if msg.full:
                self.tables = {}
            self.tables.update({info.id: info for info in msg.tables})
            if msg.full and not self._resumed and self.welcome is not None:
                self._resumed = True
                self._back_to_the_game()
            self._tell_lobby()
            return
        if isinstance(msg, M.Seated):
            self.tables[msg.table] = msg.info
            self._session(msg.table)
            self._tell_lobby()
            return
        table = getattr(msg, "table", "")
        session = self.sessions.get(table) if table else None
        if session is None:
            if isinstance(msg, M.Snapshot):
                session = self._session(table)
            elif isinstance(msg, M.Error):
                self._tell_lobby(error=msg)
                return
            else:
                return
        kind = session.apply(msg)
        screen = self._screen_of(session)
        if screen is None and kind == "snapshot":
            self._open(session)
        elif screen is not None:
            screen.on_remote(kind, msg)
        elif isinstance(msg, M.Error):
            self._tell_lobby(error=msg)

    # ------------------------------------------------------------------ screens
    def _session(self, table: str) -> RemoteSession:
        session = self.sessions.get(table)
        if session is None or session.closed:
            session = self.sessions[table] = RemoteSession(self.client, table, self.lang)
        return session

    def _game_screens(self) -> list[Any]:
        from hkk_tui.screens.remote_game import RemoteGameScreen

        return [s for s in self.screen_stack if isinstance(s, RemoteGameScreen)]

    def _screen_of(self, session: RemoteSession) -> Any:
        return next((s for s in self._game_screens() if s.session is session), None)

    def _open(self, session: RemoteSession) -> None:
        from hkk_tui.screens.lobby import LobbyScreen
        from hkk_tui.screens.remote_game import RemoteGameScreen

        while not isinstance(self.screen, LobbyScreen) and len(self.screen_stack) > 1:
            self.pop_screen()                         # the lobby's dialogs give way
        self.push_screen(RemoteGameScreen(session))

    def _tell_lobby(self, error: M.Error | None = None) -> None:
        from hkk_tui.screens.lobby import LobbyScreen

        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.refresh_lobby(error)

    def forget(self, session: RemoteSession) -> None:
        """A game screen closed: its session goes (a new one is made if the table is joined
        again)."""
        if self.sessions.get(session.table_id) is session:
            del self.sessions[session.table_id]


def run_connect(address: Address, as_user: str = "", name: str = "", lang: str | None = None,
                tokens: TokenStore | None = None, ask_name: bool = False) -> int:
    """Start the app on the lobby of the server at ``address``; returns its exit status."""
    import os

    from hkk_tui.terminal import driver_class

    settings = load_settings()
    if lang in ("hu", "en"):
        settings.lang = lang
    if settings.colour == "mono":
        os.environ["NO_COLOR"] = "1"
    app = NetApp(address, as_user=as_user, name=name, tokens=tokens, settings=settings,
                 ask_name=ask_name, driver_class=driver_class())
    app.run()
    return app.return_code or 0
