"""The game screen at a server's table: the local game screen over a
:class:`~hkk_tui.remote.RemoteSession`, plus what a table with other people needs — a bell when
the game turns to you, "waiting for … to reconnect", the chess clocks on the prompt line, chat
lines in the log pane, draw offers, undo only with the opponent's consent, and the finished
game's full log kept among your saves."""

from __future__ import annotations

import time
from typing import Any

from rich.markup import escape
from textual import events
from textual.binding import Binding

from engine.core.game import UndoRefused
from engine.net import messages as M
from hkk_tui.i18n import t, tr
from hkk_tui.remote import NS, RemoteSession
from hkk_tui.screens.dialogs import ChoiceScreen, MessageScreen, TextInputScreen
from hkk_tui.screens.game import GameScreen, with_bindings
from hkk_tui.widgets.log import GameLog
from hkk_tui.widgets.prompt import Prompt
from hkk_tui.words import describe_illegal, describe_undo_refused

EXTRA = (Binding("c", "chat", "net:key.chat"),
         Binding("d", "offer_draw", "net:key.draw", show=False))


def clock_text(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class RemoteGameScreen(GameScreen):
    #: the server's entries come at once (a bot at the table moves in a blink): their story
    #: lines are played back one per pace (``ai_pace``), ``f`` skips
    PACE_LOG = True

    def __init__(self, session: RemoteSession) -> None:
        super().__init__(session)            # type: ignore[arg-type]
        self._bindings = with_bindings(self._bindings, EXTRA, "u")
        self._was_mine = False
        self._clock_at = time.monotonic()

    def n(self, key: str, **params: Any) -> str:
        return tr(NS, key, self.lang, **params)

    def _on_mount(self, event: events.Mount) -> None:
        # (Textual calls GameScreen.on_mount after this, as for every class of the screen)
        self._was_mine = self.session.my_decision() is not None
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        if self.session.mirror.status.running >= 0 and self.is_attached:
            self.update_prompt()

    # ------------------------------------------------------------------ the server's news
    def on_remote(self, kind: str, msg: Any) -> None:
        s = self.session
        if kind in ("snapshot", "update"):
            if kind == "snapshot":
                self._over_shown = self._over_shown and s.result() is not None
            self._clock_at = time.monotonic()
            mine = s.my_decision() is not None
            if mine and not self._was_mine:
                self.app.bell()                  # the game turns to you
            self._was_mine = mine
            if kind == "update" and self.error and mine:
                self.error = ""
            self.after_change(full_log=kind == "snapshot")
        elif kind == "status":
            self._clock_at = time.monotonic()
            self.update_prompt()
        elif kind == "refused":
            self.error = describe_illegal(s.refusal(msg), self.lang, self.ui.name)
            self.update_prompt()
        elif kind == "error":
            if msg.code.startswith("undo_"):
                self.error = describe_undo_refused(UndoRefused(msg.message, msg.code[5:]),
                                                   self.lang)
            else:
                self.error = msg.message
            self.update_prompt()
        elif kind == "said":
            self.query_one("#log", GameLog).add([(s.chat_text(msg.line), "")])
        elif kind == "log":
            self._save_log()
        elif kind == "notice":
            self._notice(msg)

    def _notice(self, msg: M.Notice) -> None:
        seat = msg.params.get("seat", -1)
        name = msg.params.get("name", "")
        mine = seat == self.session.viewer()
        if msg.key == "undo_asked" and not mine:
            self.app.push_screen(ChoiceScreen(
                self.n("game.undo_asked", player=name),
                [(self.n("game.undo_yes"), True), (self.n("game.undo_no"), False)]),
                lambda yes: self._answer(M.UndoAnswer(self.session.table_id, bool(yes))))
            return
        if msg.key == "draw_offered" and not mine:
            self.app.push_screen(ChoiceScreen(
                self.n("game.draw_offered", player=name),
                [(self.n("game.draw_accept"), True), (self.n("game.draw_decline"), False)]),
                lambda yes: self._answer(M.Draw(self.session.table_id, bool(yes))))
            return
        key = {"away": "game.away_notice"}.get(msg.key, f"game.{msg.key}")
        text = self.n(key, player=name)
        if text.startswith("⟨"):
            return
        found = self.query("#log")
        if not found:                           # news for a screen being taken down
            return
        found.first(GameLog).add([(text, "")])
        if msg.key in ("time_up", "undo_declined", "draw_declined", "away", "back", "left"):
            self.app.notify(escape(text), timeout=6)
        self.update_prompt()

    def _answer(self, msg: Any) -> None:
        self._answer_with(lambda: self.session.ask(msg))

    def _answer_with(self, do: Any) -> None:
        try:
            do()
        except Exception as exc:  # noqa: BLE001 - not connected: told on the prompt
            self.error = str(exc)
        self.update_prompt()

    # ------------------------------------------------------------------ the prompt
    def update_prompt(self) -> None:
        s = self.session
        found = self.query("#prompt")
        if not found:                           # news for a screen being taken down
            return
        prompt = found.first(Prompt)
        state, info = self.app.net_state if hasattr(self.app, "net_state") else ("", {})
        if state in ("waiting", "connecting", "failed") and s.result() is None:
            what = self.n("game.offline", seconds=info.get("retry", 0)) if state == "waiting" \
                else self.n("game.connecting") if state == "connecting" \
                else self.n("lobby.failed", reason=info.get("reason", ""))
            prompt.say(what, self._clocks(), self.error)
            return
        d = s.pending()
        if s.in_flight:
            prompt.say(self.n("game.sending"), self._clocks(), self.error)
            return
        if d is not None and s.result() is None and s.away(d.player):
            prompt.say(self.n("game.away", player=s.names()[d.player]), self._clocks(),
                       self.error)
            return
        if self.playing_back and s.result() is None:  # the others' moves, played back
            super().update_prompt()
        elif d is not None and s.result() is None and d.player != s.viewer() and \
                not s.is_bot(d.player):             # another person's decision: no keys
            what, _keys = s.table().prompt(d, s.view())
            prompt.say(t("prompt.waiting", self.lang, player=s.names()[d.player], what=what,
                         rule=d.rule), "", self.error)
        else:
            super().update_prompt()
        clocks = self._clocks()
        if clocks:
            prompt.say(f"{clocks}  {prompt.main_text}", "", prompt.error_text)

    def _clocks(self) -> str:
        status = self.session.mirror.status
        if not status.clocks:
            return ""
        elapsed = time.monotonic() - self._clock_at
        parts = []
        for seat, left in enumerate(status.clocks):
            if seat == status.running:
                left -= elapsed
            mark = "▶" if seat == status.running else ""
            parts.append(f"{mark}{self.session.names()[seat]} {clock_text(left)}")
        return " | ".join(parts)

    def _result_text(self) -> str:
        r = self.session.result()
        if r is not None and r.reason == "agreed_draw":
            return self.n("game.draw_agreed")
        return super()._result_text()

    # ------------------------------------------------------------------ keys
    def action_undo(self) -> None:
        """Ask to take back your last decision: against a person they must agree."""
        s = self.session
        if s.result() is not None:
            self.error = describe_undo_refused(UndoRefused("", "final"), self.lang)
            self.update_prompt()
            return
        self._answer(M.Undo(s.table_id))
        others = [i for i in s.humans if i != s.viewer()]
        if others and not self.error:
            self.error = self.n("game.undo_sent", player=", ".join(s.names()[i]
                                                                  for i in others))
            self.update_prompt()

    def action_redo(self) -> None:
        self._answer(M.Redo(self.session.table_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "offer_draw":          # a draw at the table needs no rule of the game
            return self.session.viewer() >= 0 and self.session.result() is None
        return super().check_action(action, parameters)

    def action_offer_draw(self) -> None:
        """Offer a draw: by the game's rules if it has draws (the opponent answers as a
        decision), else at the table (every person must agree)."""
        s = self.session
        if s.result() is not None or s.viewer() < 0:
            return

        def sure(yes: Any) -> None:
            if not yes:
                return
            ruled = s.draw_offer() is not None
            self._answer_with(s.offer_draw)
            if not self.error and not ruled:
                self.error = self.n("game.draw_sent")
                self.update_prompt()

        self.app.push_screen(ChoiceScreen(self.n("game.draw_title"),
                                          [(t("concede.no", self.lang), False),
                                           (self.n("game.draw_offer"), True)]), sure)

    def action_chat(self) -> None:
        def say(text: str | None) -> None:
            if text:
                self._answer(M.Say(self.session.table_id, text))

        self.app.push_screen(TextInputScreen(self.n("lobby.chat_prompt")), say)

    def action_save_as(self) -> None:
        """After the end: fetch the game's full log and keep it among your saves."""
        s = self.session
        if s.result() is None or s.viewer() < 0:
            self.error = self.n("game.log_after_end")
            self.update_prompt()
            return
        if s.log_data:
            self._save_log()
        else:
            self._answer(M.GetLog(s.table_id))

    def _save_log(self) -> None:
        try:
            path = self.session.save_as(f"{self.session.table_id}")
        except Exception as exc:  # noqa: BLE001 - told in words
            self.error = t("error.save", self.lang, error=str(exc))
            self.update_prompt()
            return
        self.app.push_screen(MessageScreen(self.n("game.log_title"),
                                           self.n("game.log_saved", path=str(path))))
