"""Replay: read-only stepping through a saved game, entry by entry, forward and back."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from engine.core.game import Game
from engine.hkk.ruleset import make_view
from engine.hkk.views import OMNISCIENT
from hkk_tui.describe import describe_action
from hkk_tui.i18n import t
from hkk_tui.screens.dialogs import CardScreen, KeysScreen, binding_rows
from hkk_tui.screens.game import compose_panes, title_panes
from hkk_tui.screens.session import GameSession
from hkk_tui.widgets.board import Board, ShowCard
from hkk_tui.widgets.footer import I18nFooter
from hkk_tui.widgets.hand import Hand
from hkk_tui.widgets.log import GameLog
from hkk_tui.widgets.prompt import Prompt
from hkk_tui.widgets.stack import Stack


class ReplayScreen(Screen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS = [
        Binding("right,n", "step(1)", "key.forward", priority=True),
        Binding("left,b", "step(-1)", "key.back_step", priority=True),
        Binding("pagedown", "step(10)", "key.forward10", show=False),
        Binding("pageup", "step(-10)", "key.back10", show=False),
        Binding("home", "goto(0)", "key.first", show=False),
        Binding("end", "goto(-1)", "key.last", show=False),
        Binding("o", "viewer", "key.viewer"),
        Binding("question_mark", "keys", "key.keys"),
        Binding("escape,q", "back", "key.back"),
    ]

    def __init__(self, game: Game, lang: str, name: str = ""):
        super().__init__()
        self.game = game
        self.lang = lang
        self.name_ = name
        self.pos = len(game.entries)
        self.viewer = OMNISCIENT
        self.session = GameSession(game=game, lang=lang)

    def compose(self) -> ComposeResult:
        yield from compose_panes()
        yield Prompt(id="prompt")
        yield I18nFooter()

    def on_mount(self) -> None:
        title_panes(self, self.lang)
        self.query_one("#board", Board).focus()
        self.show()

    def show(self) -> None:
        g = self.game
        state = g.state_at(self.pos)
        view = make_view(g.ruleset, state, self.viewer)
        s = self.session
        saved_state = g.state
        g.state = state
        try:
            namer = s.namer(self.viewer)
            self.query_one("#board", Board).show(view, g.ruleset.pool, self.lang, s.names(),
                                                 s.attached_views(view))
            self.query_one("#hand", Hand).show(view, g.ruleset.pool, self.lang, set())
            self.query_one("#stack", Stack).show(view, namer)
            lines = []
            from hkk_tui.screens.session import entry_lines

            for entry in g.entries[: self.pos]:
                lines += entry_lines(entry, namer, self.viewer)
            self.query_one("#log", GameLog).reset(lines)
            self._view = view
        finally:
            g.state = saved_state
        total = len(g.entries)
        if self.pos > 0:
            entry = g.entries[self.pos - 1]
            who = s.names()[entry.player] if entry.player >= 0 else t("word.system", self.lang)
            last = f"{who}: {describe_action(entry.action, namer, view.line)}"
        else:
            last = t("replay.start", self.lang)
        who_sees = t("replay.all", self.lang) if self.viewer < 0 else s.names()[self.viewer]
        self.query_one("#prompt", Prompt).say(
            t("replay.prompt", self.lang, n=self.pos, total=total, last=last, viewer=who_sees),
            t("replay.keys", self.lang))

    def action_step(self, n: int) -> None:
        self.pos = max(0, min(len(self.game.entries), self.pos + n))
        self.show()

    def action_goto(self, n: int) -> None:
        self.pos = len(self.game.entries) if n < 0 else n
        self.show()

    def action_viewer(self) -> None:
        self.viewer = {OMNISCIENT: 0, 0: 1, 1: OMNISCIENT}[self.viewer]
        self.show()

    def on_show_card(self, message: ShowCard) -> None:
        cv = self._view.find(message.iid) if message.iid >= 0 else None
        if cv is None:
            return
        self.app.push_screen(CardScreen(self.game.ruleset.pool[cv.cid], self.lang, cv))

    def on_card_chosen(self, message: Any) -> None:
        self.on_show_card(ShowCard(message.iid))

    def action_keys(self) -> None:
        self.app.push_screen(KeysScreen(binding_rows(self), self.lang))

    def action_back(self) -> None:
        self.app.pop_screen()
