"""The lobby of a game server (``hkk connect``): the open tables — game, decks, who sits, who
watches — and keys to open a table, sit down, watch, join a private table by its code, or leave.
A new table is set up on a form: the game, the decks, a person or one of the game's bots as the
opponent, a chess clock, public or private."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.net import messages as M
from hkk_tui.i18n import tr
from hkk_tui.remote import NS
from hkk_tui.screens.title import FormScreen
from hkk_tui.widgets.footer import I18nFooter

CLOCKS = (0, 5, 15, 30, 60)                    # minutes each; 0: no clock


def _t(key: str, lang: str, **params: Any) -> str:
    return tr(NS, key, lang, **params)


class LobbyScreen(Screen):
    BINDINGS = [Binding("s,enter", "join", "net:key.join"),
                Binding("w", "watch", "net:key.watch"),
                Binding("n", "new_table", "net:key.new_table"),
                Binding("j", "code", "net:key.code"),
                Binding("l", "leave", "net:key.leave", show=False),
                Binding("r", "refresh", "net:key.refresh", show=False),
                Binding("question_mark", "keys", "key.keys"),
                Binding("q", "quit_app", "key.quit")]      # Esc backs out of a game: never quits
    DEFAULT_CSS = """
    LobbyScreen #lobby-box { padding: 1 2; }
    LobbyScreen #lobby-status { padding-bottom: 1; }
    LobbyScreen #tables { height: 1fr; border: none; }
    LobbyScreen #lobby-info { height: auto; max-height: 6; padding-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(id="lobby-status")
            yield OptionList(id="tables")
            yield Static(id="lobby-info")
        yield I18nFooter()

    @property
    def lang(self) -> str:
        return self.app.lang

    def on_mount(self) -> None:
        self.query_one("#tables").focus()
        self.refresh_lobby()

    def on_screen_resume(self) -> None:
        self.refresh_lobby()

    # ------------------------------------------------------------------ drawing
    def ids(self) -> list[str]:
        return list(getattr(self, "_ids", []))

    def refresh_lobby(self, error: M.Error | None = None) -> None:
        if not self.is_mounted or not all(self.query(w) for w in (
                "#lobby-status", "#tables", "#lobby-info")):
            return                   # not drawn yet, or being taken down (the app is closing)
        app, L = self.app, self.lang
        state, info = app.net_state
        if state == "connected":
            status = _t("lobby.connected", L, server=info.get("server", ""),
                        user=info.get("user", ""), address=str(app.address))
        elif state == "waiting":
            status = _t("lobby.waiting", L, seconds=info.get("retry", 0))
        elif state == "failed":
            status = _t("lobby.failed", L, reason=info.get("reason", ""))
        else:
            status = _t("lobby.connecting", L, address=str(app.address))
        self.query_one("#lobby-status", Static).update(Text(status, style="bold"))
        tables = self.query_one("#tables", OptionList)
        keep = tables.highlighted
        tables.clear_options()
        self._ids = list(app.tables)
        for tid in self._ids:
            tables.add_option(Option(self.row(app.tables[tid])))
        if not self._ids:
            tables.add_option(Option(Text(_t("lobby.empty", L), style="dim"), disabled=True))
        else:
            tables.highlighted = min(keep or 0, len(self._ids) - 1)
        notes = [self.mine_note(i) for i in app.tables.values() if any(s.mine for s in i.seats)]
        if error is not None:
            notes.append(f"[{error.code}] {error.message}")
        self.query_one("#lobby-info", Static).update(
            Text("\n".join(n for n in notes if n), style="yellow"))

    def deck_name(self, ruleset: str, deck: str) -> str:
        """A deck as its ruleset names it in the player's language (the server's list)."""
        welcome = getattr(self.app, "welcome", None)
        for r in (welcome.rulesets if welcome is not None else ()):
            if r.name == ruleset:
                return r.deck_names.get(deck, {}).get(self.lang, deck)
        return deck

    def row(self, info: M.TableInfo) -> Text:
        L = self.lang
        from engine.core import registry

        try:
            game = registry.get(info.ruleset).title.get(L, info.ruleset)
        except registry.UnknownRuleset:
            game = info.ruleset
        text = Text(f"{info.title or info.id}", style="bold")
        mode = self.mode_words(info)
        text.append(f" · {game}" + (f" · {mode}" if mode else "") + " · ")
        seats = []
        for s in info.seats:
            who = s.name or _t("lobby.free", L)
            if s.mine:
                who += f" ({_t('lobby.you', L)})"
            elif s.name and not s.connected:
                who += f" ({_t('lobby.away', L)})"
            seats.append(f"{who} [{self.deck_name(info.ruleset, s.deck)}]")
        text.append(" vs ".join(seats))
        state = _t(f"lobby.state_{info.state}", L, turn=info.turn)
        text.append(f" · {state}", style="dim")
        if info.spectators:
            text.append(" · " + _t("lobby.spectators", L, n=info.spectators), style="dim")
        if info.private:
            text.append(" · " + _t("lobby.private", L), style="dim")
        if info.clock:
            text.append(" · " + _t("new.minutes", L, n=info.clock // 60), style="dim")
        return text

    def mode_words(self, info: M.TableInfo) -> str:
        """The table's mode as the game's new-game option row words it (Tash-Kalar: "BATTLE",
        "TEAM · DUEL"), "" when its options match none of them or this client has no UI for
        the game."""
        from hkk_tui.rulesets import get_ui

        try:
            offer = getattr(get_ui(info.ruleset), "new_game_options", None)
            rows = offer(len(info.seats), self.lang) if callable(offer) else []
        except Exception:  # noqa: BLE001 - a game only the server knows
            return ""
        for _label, values in rows:
            for options, words in values:
                if options and all(info.options.get(k) == v for k, v in options.items()):
                    return words
        return ""

    def mine_note(self, info: M.TableInfo) -> str:
        if info.state != "waiting":
            return ""
        note = _t("lobby.seated_waiting", self.lang, table=info.title or info.id)
        if info.code:
            note += " " + _t("lobby.code_is", self.lang, code=info.code)
        return note

    # ------------------------------------------------------------------ keys
    def highlighted(self) -> M.TableInfo | None:
        i = self.query_one("#tables", OptionList).highlighted
        ids = self.ids()
        if i is None or not 0 <= i < len(ids):
            return None
        return self.app.tables.get(ids[i])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        info = self.highlighted()
        if info is None:
            return
        if info.state != "waiting" and not any(s.mine for s in info.seats):
            self.action_watch()                        # a full table: watch it instead
            return
        self.app.client.join(info.id)

    def action_watch(self) -> None:
        info = self.highlighted()
        if info is not None:
            self.app.client.watch(info.id)

    def action_leave(self) -> None:
        info = self.highlighted()
        if info is not None and any(s.mine for s in info.seats):
            self.app.client.leave(info.id)
            self.app.client.send(M.ListTables())

    def action_refresh(self) -> None:
        self.app.client.send(M.ListTables())

    def action_code(self) -> None:
        from hkk_tui.screens.dialogs import TextInputScreen

        def join(code: str | None) -> None:
            if code:
                self.app.client.join("", code=code)

        self.app.push_screen(TextInputScreen(_t("lobby.code_prompt", self.lang)), join)

    def action_new_table(self) -> None:
        welcome = self.app.welcome
        if welcome is None or not welcome.rulesets:
            self.app.notify(_t("lobby.not_connected", self.lang), severity="warning")
            return
        self.app.push_screen(NewTableScreen(welcome.rulesets, self.lang))

    def action_keys(self) -> None:
        from hkk_tui.screens.dialogs import KeysScreen, binding_rows

        self.app.push_screen(KeysScreen(binding_rows(self), self.lang))

    def action_quit_app(self) -> None:
        self.app.exit()


class NewTableScreen(FormScreen):
    """A new table: the game; for a game of a range of seats (Tash-Kalar: 2-4) how many players;
    your deck; the opponent (a person, or a bot of that game) and its deck — or, for 3-4 seats,
    each other seat a person or a bot, with the other decks in turn; the game's own option rows
    (the same the local new-game form offers: Tash-Kalar's mode); the clock; public or private.
    The server checks it all again."""

    def __init__(self, rulesets: list[M.RulesetInfo], lang: str) -> None:
        self.lang = lang
        self.rulesets = rulesets
        self.info = rulesets[0]
        self.n_seats = self.info.seats[0]
        super().__init__(self._rows({}), _t("new.start", lang), _t("new.title", lang))

    def _decks(self) -> list[tuple[Any, str]]:
        return [(d, self.info.deck_names.get(d, {}).get(self.lang, d)) for d in self.info.decks]

    def _kinds(self) -> list[tuple[Any, str]]:
        """A seat's kinds: a person, or one of the game's bots (its default first)."""
        L, info = self.lang, self.info
        return [("human", _t("new.person", L))] + [
            (f"ai:{b}", _t("new.ai", L, bot=tr(info.name, f"bot.{b}", L))) for b in
            sorted(info.bots, key=lambda b: b != info.default_bot)]

    def _option_rows(self) -> list[tuple[str, list[tuple[Any, str]]]]:
        """The game's own option rows for this many seats, from its UI's
        ``new_game_options(seats, lang)`` (label, [(options dict, words)]); none for a game
        this client has no UI for (the server's defaults then)."""
        from hkk_tui.rulesets import get_ui

        try:
            offer = getattr(get_ui(self.info.name), "new_game_options", None)
        except Exception:  # noqa: BLE001 - a game only the server knows: no option rows
            return []
        return offer(self.n_seats, self.lang) if callable(offer) else []

    def _rows(self, chosen: dict[str, int]) -> list[tuple[str, list[tuple[Any, str]], int]]:
        """The form's rows for ``self.info`` and ``self.n_seats``, keeping the choices made so
        far (by label)."""
        L, info = self.lang, self.info
        games = [(r.name, r.title.get(L, r.name)) for r in self.rulesets]
        decks, kinds = self._decks(), self._kinds()
        clocks = [(m, _t("new.no_clock", L) if m == 0 else _t("new.minutes", L, n=m))
                  for m in CLOCKS]
        seen = [("public", _t("new.public", L)), ("private", _t("new.private", L))]
        low, high = info.seats
        rows = [(_t("new.ruleset", L), games, [g for g, _ in games].index(info.name))]
        if high > low:
            counts = [(n, str(n)) for n in range(low, high + 1)]
            rows.append((_t("table_seats.players", L), counts, self.n_seats - low))
        rows.append((_t("new.your_deck", L), decks, 0))
        if self.n_seats == 2:
            rows += [(_t("new.opponent", L), kinds, 0),
                     (_t("new.opp_deck", L), decks, min(1, len(decks) - 1))]
        else:                              # 3-4 seats: each other one a person or a bot
            rows += [(_t("table_seats.seat", L, n=i + 1), kinds, 0)
                     for i in range(1, self.n_seats)]
        rows += [(label, values, 0) for label, values in self._option_rows()]
        rows += [(_t("new.clock", L), clocks, 0), (_t("new.visibility", L), seen, 0)]
        return [(label, values, chosen.get(label, i) if chosen.get(label, i) < len(values)
                 else i) for label, values, i in rows]

    def chosen(self) -> dict[str, Any]:
        """The value chosen on each row, by its label."""
        return {label: values[i][0] for label, values, i in self.rows}

    def changed(self) -> None:
        name = self.values()[0]
        L = self.lang
        if name != self.info.name:                  # another game: its decks, bots, options
            self.info = next(r for r in self.rulesets if r.name == name)
            self.n_seats = self.info.seats[0]
            game_rows = {_t("new.your_deck", L), _t("new.opp_deck", L), _t("new.opponent", L)}
            keep = {label: i for label, _values, i in self.rows if label not in game_rows}
        else:
            players = self.chosen().get(_t("table_seats.players", L), self.n_seats)
            if players == self.n_seats:
                return
            self.n_seats = players
            keep = {label: i for label, _values, i in self.rows}
        keep.pop(_t("table_seats.players", L), None)
        self.rows = self._rows(keep)
        self.render_rows()

    def request(self) -> M.CreateTable:
        """The table the form asks for: seats, decks, options, clock and visibility."""
        L, info, chosen = self.lang, self.info, self.chosen()
        mine = chosen[_t("new.your_deck", L)]
        if self.n_seats == 2:
            kinds = ["human", chosen[_t("new.opponent", L)]]
            decks = [mine, chosen[_t("new.opp_deck", L)]]
        else:
            kinds = ["human"] + [chosen[_t("table_seats.seat", L, n=i + 1)]
                                 for i in range(1, self.n_seats)]
            others = [d for d in info.decks if d != mine] or [mine]
            decks = [mine] + [others[i % len(others)] for i in range(self.n_seats - 1)]
        options: dict[str, Any] = {}
        for label, _values in self._option_rows():
            options.update(chosen[label])
        return M.CreateTable(info.name, decks=decks, seats=kinds, options=options,
                             private=chosen[_t("new.visibility", L)] == "private",
                             clock=chosen[_t("new.clock", L)] * 60)

    def start(self) -> None:
        self.app.client.send(self.request())
        self.app.pop_screen()
