"""The game screen of any ruleset: Board, Hand, Stack (the track) and Log panes, the prompt line,
and the action flow. Menus come from the ruleset's action hints (``ruleset.hints(view, legal)``):
one line per hint group, its options from the hints' option labels; Pass/Done from the hints'
roles; concede is ``ruleset.concede_action(seat)`` and a draw offer
``ruleset.draw_offer_action(seat)`` (when the ruleset has one). The board and hand widgets are the
ruleset UI plugin's."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Container, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from engine.ai.worker import SearchProcess
from engine.core.game import IllegalAction, UndoRefused
from engine.core.store import SaveError, SaveExistsError, SaveWriteError
from hkk_tui.words import describe_illegal, describe_undo_refused, describe_write_error
from hkk_tui.i18n import t, tr
from hkk_tui.screens.dialogs import (
    ChoiceScreen, HandOverScreen, KeysScreen, MessageScreen, ResultScreen, TextInputScreen,
    binding_rows,
)
from hkk_tui.screens.menus import Group, build_groups
from hkk_tui.screens.playback import PlaybackMixin
from hkk_tui.screens.session import GameSession
from hkk_tui.widgets.footer import I18nFooter
from hkk_tui.widgets.log import GameLog
from hkk_tui.widgets.messages import Hovered, Picked, ShowDetail
from hkk_tui.widgets.prompt import Prompt, Thinking, ThinkingBar
from hkk_tui.widgets.stack import Stack


class Pane(Vertical):
    """A bordered pane with a title (Board / Hand / Stack / Log); ``z`` zooms it to the whole
    screen and back (a small terminal shows more of the log or the track that way)."""

    ALLOW_MAXIMIZE = True


def compose_panes(ui: Any) -> ComposeResult:
    """The four panes of every ruleset; the board and hand widgets are ``ui``'s."""
    with Container(id="panes"):
        with Pane(id="board-pane"):
            with VerticalScroll(id="board-scroll"):
                yield ui.board_widget(id="board")
        with Pane(id="hand-pane"):
            yield ui.hand_widget(id="hand")
        with Pane(id="stack-pane"):
            yield Stack(id="stack")
        with Pane(id="log-pane"):
            yield GameLog(id="log")


def title_panes(screen: Screen, lang: str, ns: str = "") -> None:
    """Pane titles from the ruleset's catalog (``ns``), else the app's."""
    for pane, key in (("board", "pane.board"), ("hand", "pane.hand"), ("stack", "pane.stack"),
                      ("log", "pane.log")):
        screen.query_one(f"#{pane}-pane").border_title = tr(ns, key, lang)


def with_bindings(bindings: Any, extra: tuple[Binding, ...], after: str) -> BindingsMap:
    """The screen's bindings with a ruleset's ``extra`` keys listed after key ``after``."""
    out: list[Binding] = []
    for key, binding in bindings:
        out.append(binding)
        if key == after:
            out += list(extra)
            extra = ()
    return BindingsMap(out + list(extra))



class GameScreen(PlaybackMixin, Screen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS = [
        Binding("enter,a", "actions", "key.actions"),
        Binding("space,p", "pass", "key.pass"),
        Binding("u", "undo", "key.undo"),
        Binding("y", "redo", "key.redo", show=False),
        Binding("s", "save_as", "key.save_as", show=False),
        Binding("x", "concede", "key.concede", show=False),
        Binding("d", "offer_draw", "key.offer_draw", show=False),
        Binding("r", "retry_ai", "key.retry_ai"),
        Binding("f", "skip", "key.story.skip"),
        Binding("e", "log_level", "key.story.log", show=False),
        Binding("1", "focus_pane('board')", "key.focus_board", show=False),
        Binding("2", "focus_pane('hand')", "key.focus_hand", show=False),
        Binding("3", "focus_pane('stack')", "key.focus_stack", show=False),
        Binding("4", "focus_pane('log')", "key.focus_log", show=False),
        Binding("z", "zoom", "key.zoom", show=False),
        Binding("question_mark", "keys", "key.keys"),
        Binding("escape", "menu", "key.menu"),
    ]

    def __init__(self, session: GameSession, intro: str = "") -> None:
        # ``ruleset-<name>``: a ruleset's layout CSS applies to its own games only
        super().__init__(classes=f"ruleset-{session.ui.name}")
        self.session = session
        #: words to show once at the start (a scenario's title and what it teaches): inside the
        #: first hand-over dialog, where a toast would cover it, or else as a toast
        self.intro = intro
        self.lang = session.lang
        self.ui = session.ui
        if self.ui.bindings:                 # a ruleset's own keys (HKK: g graveyards, v Void)
            self._bindings = with_bindings(self._bindings, self.ui.bindings,
                                           self.ui.bindings_after)
        self._token = 0
        self._bot_job: tuple[int, Worker, int] | None = None
        #: the AI's search in progress (its progress, move-now and stop)
        self._thinking = Thinking()
        self._think_timer: Any = None
        #: the search's own process (started at the AI's first search, ended with the screen)
        self._proc: SearchProcess | None = None
        self._logged = 0
        self._log_viewer = -2
        self._over_shown = False
        self._handing_over = False
        #: the AI's last move could not be saved: it waits for ``r`` instead of retrying
        self._bot_stalled = False
        self.error = ""
        self.init_playback()

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from compose_panes(self.ui)
        yield Prompt(id="prompt")
        yield ThinkingBar(id="thinking")
        yield I18nFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry_ai":            # shown (and usable) only after a failed AI save
            return self._bot_stalled
        if action == "skip":                # shown while the opponent's moves are played back
            return self.moving
        if action == "offer_draw":          # only in rulesets with agreed draws (HKK: K 2.8.1)
            return self.session.draw_offer() is not None
        return True

    def on_mount(self) -> None:
        title_panes(self, self.lang, self.ui.name)
        self._title_log()
        if self.session.problem:
            self.app.notify(self.session.problem, severity="warning", timeout=8)
        self.query_one(f"#{self.ui.first_focus}").focus()
        self.after_change(full_log=True)
        if self.intro:                      # no hand-over took it
            self.app.notify(self.intro, timeout=20)
            self.intro = ""

    # ------------------------------------------------------------------ refresh
    def after_change(self, full_log: bool = False) -> None:
        """Redraw everything from the engine, then hand over or let the AI move."""
        s = self.session
        d = s.pending()
        if s.hotseat and d is not None and not s.is_bot(d.player) and d.player != s.shown \
                and not self._handing_over:
            self._hand_over(d.player)
            return
        self.refresh_panes(full_log)
        if s.result() is not None and not self._over_shown:
            self._over_shown = True
            self._token += 1
            detail = getattr(self.session.table(), "result_detail", None)   # ranks, colours
            body = self._result_text() + ("\n\n" + detail(s.view()) if detail else "")
            after = getattr(self.ui, "after_game", None)     # MK: a match's score, next game
            more, then = after(self) if callable(after) else ("", None)
            body = body.rstrip() + ("\n\n" + more if more else "")
            self.app.push_screen(ResultScreen(t("over.title", self.lang), body.rstrip(),
                                              self.session), then)
            return
        self._schedule_bot()

    def refresh_panes(self, full_log: bool = False) -> None:
        s = self.session
        view = s.view()
        table = s.table()
        hints = s.hints(view)
        self.query_one("#board").show(view, table, hints)
        self.query_one("#hand").show(view, table, hints)
        stack = self.query_one("#stack", Stack)
        stack.show(s.ruleset.track(view), view, table)
        # two or more pieces of work under way: a ruleset's layout may give the pane more rows
        self.set_class(stack.resolving >= 2, "-resolving")
        log = self.query_one("#log", GameLog)
        if full_log or self._log_viewer != s.viewer() or self._logged > len(s.game.entries):
            self._backlog = []
            log.reset(s.log_lines(0))
        else:
            self._tell(log, s.log_lines(self._logged))
        self._logged = len(s.game.entries)
        self._log_viewer = s.viewer()
        self._new_decision()
        self.update_prompt()

    def update_prompt(self) -> None:
        s = self.session
        L = self.lang
        d = s.pending()
        prompt = self.query_one("#prompt", Prompt)
        if d is None:
            prompt.say(self._result_text() if s.result() else t("prompt.nothing", L),
                       t("prompt.keys_over", L), self.error)
            return
        name = s.names()[d.player]
        if self.playing_back and self._last_story:  # a server's moves, still played back
            prompt.say(t("story.moving", L, player=self._seat_name(self._last_seat),
                         what=self._last_story), t("story.keys_moving", L), self.error)
            return
        if s.is_bot(d.player):
            if self._thinking.searching:    # its progress is on the bar below
                self._thinking_prompt()
                return
            if self._bot_stalled:           # its move could not be saved: it waits for ``r``
                prompt.say(t("prompt.ai_stalled", L, player=name),
                           t("prompt.keys_ai_stalled", L), self.error)
                return
            if self._last_story:            # its latest move, while the next one comes
                prompt.say(t("story.moving", L, player=name, what=self._last_story),
                           t("story.keys_moving", L), self.error)
                return
            prompt.say(t("prompt.ai", L, player=name), t("prompt.keys_ai", L), self.error)
            return
        what, keys = s.table().prompt(d, s.view())
        prompt.say(t("prompt.waiting", L, player=name, what=what, rule=d.rule), keys,
                   self.error)

    def _seat_name(self, seat: int) -> str:
        names = self.session.names()
        return names[seat] if 0 <= seat < len(names) else ""

    def _result_text(self) -> str:
        """The result: who won (every winner of ``Result.winners``), or a draw; why, by which
        rule."""
        r = self.session.result()
        if r is None:
            return ""
        why = self.session.table().result_reason(r)
        if not r.winners:
            return t("over.draw", self.lang, reason=why, rule=r.rule)
        names = self.session.names()
        winners = [names[w] if 0 <= w < len(names) else str(w + 1) for w in r.winners]
        if len(winners) == 1:
            return t("over.won", self.lang, player=winners[0], reason=why, rule=r.rule)
        return t("over.won_many", self.lang, players=", ".join(winners), reason=why,
                 rule=r.rule)

    # ------------------------------------------------------------------ hotseat
    def _hand_over(self, player: int) -> None:
        self._handing_over = True
        self.session.shown = -1

        def ready(_: Any) -> None:
            self._handing_over = False
            self.session.shown = player
            self.after_change()

        intro, self.intro = self.intro, ""
        self.app.push_screen(HandOverScreen(self.session.names()[player], self.lang, intro),
                             ready)

    # ------------------------------------------------------------------ the AI
    def _schedule_bot(self) -> None:
        d = self.session.pending()
        if d is None or not self.session.is_bot(d.player) or self._bot_stalled:
            return
        self._token += 1
        token = self._token
        # the AI's last move stays on screen for one pace before its next (a move that told
        # nothing of the story, a pass, does not wait)
        pace = self.pace() if self._told_story else 0.0
        self._told_story = False
        if pace > 0:
            self.set_timer(pace, lambda: self._bot_go(token))
        else:
            # a message, not a 1 ms timer: Textual's one-shot timer drops its callback when the
            # process is held up for longer than its delay between two of its own steps (on a
            # loaded machine the AI then never moved)
            self.call_later(self._bot_go, token)

    def _bot_go(self, token: int) -> None:
        if token != self._token or not self.is_attached:
            return
        self.stop_thinking()
        s = self.session
        d = s.pending()
        bot = s.bots.get(d.player) if d is not None else None
        if bot is None:                     # a person's turn, or a server's AI (it moves there)
            return
        player = d.player
        spec = s.bot_specs.get(player)
        if getattr(bot, "needs_samples", False) and spec is not None \
                and len(s.game.legal_actions(player)) > 1:
            # the search thinks in a process of its own: the screen stays quick
            proc = self._search_process()
            game, th = s.game, self._thinking
            ticket = proc.ticket()          # a stop before the child hears of it still counts
            th.start(float(getattr(bot, "budget_s", None) or 0.0),
                     lambda: proc.stop(ticket))
            header, entries = game.header, list(game.entries)
            self._thinking_prompt()
            self._show_thinking(True)
            work = lambda: proc.think(header, entries, player, spec[0], spec[1],  # noqa: E731
                                      th.progress, ticket)
        else:
            inputs = s.bot_context()
            if inputs is None:
                return
            player, bot, ctx = inputs
            work = lambda: (bot.choose(ctx), None)  # noqa: E731
        worker = self.run_worker(work, thread=True, group="bot", exit_on_error=False)
        self._bot_job = (token, worker, player)

    def _search_process(self) -> SearchProcess:
        if self._proc is None:
            self._proc = SearchProcess()
        return self._proc

    def stop_thinking(self) -> None:
        """Stop the AI's search (undo, leaving, quitting, a new decision): it answers within a
        simulation and its answer is dropped (the token moved on)."""
        self._thinking.stop()
        self._show_thinking(False)

    def _show_thinking(self, on: bool) -> None:
        try:
            bar = self.query_one("#thinking", ThinkingBar)
        except NoMatches:                   # the screen is going away
            bar = None
        if bar is None:
            on = False
        elif on:
            bar.display = True
            if self._think_timer is None:
                self._think_timer = self.set_interval(0.25, self._think_tick)
            self._think_tick()
        else:
            if bar is not None:
                bar.display = False
            if self._think_timer is not None:
                self._think_timer.stop()
                self._think_timer = None

    def _think_tick(self) -> None:
        """The bar under the prompt while the AI thinks (read from the search's last report:
        the worker never touches the screen)."""
        th = self._thinking
        if not th.searching:
            return
        budget = f"{th.budget_s:g}" if th.budget_s else "?"
        self.query_one("#thinking", ThinkingBar).show_progress(
            th.fraction(), t("thinking.info", self.lang, sims=th.sims,
                             elapsed=f"{th.elapsed():.1f}", budget=budget))

    def _thinking_prompt(self) -> None:
        d = self.session.pending()
        if d is not None:
            self.query_one("#prompt", Prompt).say(
                t("thinking.prompt", self.lang, player=self._seat_name(d.player)),
                t("thinking.keys", self.lang), self.error)

    def action_skip(self) -> None:
        """``f``: the AI moves now (its search stops and it plays its best so far); the
        playback of the opponent's moves skips to its end."""
        if self._thinking.searching:
            self._thinking.move_now()
        super().action_skip()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        job = self._bot_job
        if job is None or event.worker is not job[1]:
            return
        token, worker, player = job
        if event.state == WorkerState.SUCCESS:
            self._bot_job = None
            self._thinking.finish()
            self._show_thinking(False)
            if token != self._token:
                return
            self.error = ""
            entry = len(self.session.game.entries)
            action, found = worker.result
            if found is not None and found.get("stopped") == "single":
                found = None
            try:
                self.session.submit_bot(player, action)
            except IllegalAction as exc:
                self.error = describe_illegal(exc, self.lang, self.ui.name)
            except SaveWriteError as exc:
                # not made, not saved: the AI waits for the player's ``r`` (no retry loop)
                self._set_stalled(True)
                self._write_failed(exc, "ai")
                return
            except SaveError as exc:
                self.error = str(exc)
                self.update_prompt()
                return
            if found is not None:
                self.session.record_note(entry, player, action, found)
            self.after_change()
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self._thinking.finish()
            self._show_thinking(False)
        if event.state == WorkerState.ERROR:
            self._bot_job = None
            self.error = t("error.bot", self.lang, error=str(worker.error))
            self.update_prompt()

    @property
    def bot_busy(self) -> bool:
        d = self.session.pending()
        return d is not None and self.session.is_bot(d.player)

    # ------------------------------------------------------------------ acting
    def groups(self) -> list[Group]:
        """The menu of the current decision: one group per hint group (see screens.menus)."""
        s = self.session
        if s.my_decision() is None:
            return []
        view = s.view()
        hints = s.hints(view)               # a remote session's are the server's
        return build_groups(s.legal(), hints, s.table(), view)

    def _write_failed(self, exc: SaveWriteError, what: str) -> None:
        """A move (or undo) that could not be saved was not made: say so on the prompt line and
        in a notification, and show the game as it is (the state before it)."""
        self.error = describe_write_error(exc, self.lang, what)
        self.app.notify(self.error, severity="error", timeout=12)
        self.refresh_panes(full_log=True)

    def _set_stalled(self, stalled: bool) -> None:
        if self._bot_stalled != stalled:
            self._bot_stalled = stalled
            self.refresh_bindings()

    def action_retry_ai(self) -> None:
        """After the AI's move could not be saved (full disk): let it try again."""
        if not self._bot_stalled:
            return
        self._set_stalled(False)
        self.error = ""
        self.update_prompt()
        self._schedule_bot()

    def submit(self, action: Any) -> bool:
        if action is None:
            return False
        return self._act(lambda: self.session.submit(action))

    def submit_concede(self) -> bool:
        """The player on screen concedes (the ruleset's concede action)."""
        return self._act(self.session.concede)

    def _act(self, do: Any) -> bool:
        """Run one move; a refusal or a failed write is told on the prompt and changes nothing."""
        try:
            do()
        except IllegalAction as exc:
            self.error = describe_illegal(exc, self.lang, self.ui.name)
            self.update_prompt()
            return False
        except SaveWriteError as exc:
            self._write_failed(exc, "move")
            return False
        except SaveError as exc:
            self.error = str(exc)
            self.update_prompt()
            return False
        self.error = ""
        self.after_change()
        return True

    def _not_now(self) -> bool:
        if self.session.my_decision() is None:
            d = self.session.pending()
            self.error = t("error.not_your_decision" if d else "error.game_over", self.lang)
            self.update_prompt()
            return True
        return False

    def action_actions(self) -> None:
        if self._not_now():
            return
        groups = self.groups()
        self.app.push_screen(ChoiceScreen(self.query_one("#prompt", Prompt).main_text,
                                          [(g.label, g) for g in groups],
                                          t("choice.help", self.lang)),
                             self.for_this_decision(self.open_group))

    def open_group(self, group: Group | None) -> None:
        """Submit a one-option group; offer the options (targets, amounts) of a larger one.
        Esc in the second list cancels before anything is paid (K 23.1)."""
        if group is None:
            return
        if group.single:
            self.submit(group.actions[0])
            return
        self.app.push_screen(
            ChoiceScreen(group.label, list(zip(group.labels, group.actions)),
                         tr(self.ui.name, "choice.help_cancel", self.lang)),
            self.for_this_decision(self.submit))

    def action_pass(self) -> None:
        """Pass (or Done, finishing a composite choice): the action whose hint has that role."""
        if self._not_now():
            return
        passes = [g for g in self.groups() if g.kind in ("pass", "done")]
        if not passes:
            d = self.session.my_decision()
            self.error = tr(self.ui.name, "illegal.cannot_pass", self.lang) + (
                f" ({d.rule})" if d is not None and d.rule else "")
            self.update_prompt()
            return
        self.submit(passes[0].actions[0])

    def on_picked(self, message: Picked) -> None:
        """Something was picked on the board or in the hand: the groups acting on it (as their
        subject, or as the destination on a grid)."""
        if self._not_now():
            self.on_show_detail(ShowDetail(message.ref))
            return
        ref = message.ref
        groups = self.groups()
        if message.within is not None:      # a grid's selected piece: its actions landing here
            mine = [n for g in groups if g.subject == message.within
                    and (n := g.landing_on(ref, aiming=True)) is not None]
        else:                               # what acts, else what lands here (a grid square)
            mine = [g for g in groups if g.subject == ref] or \
                [n for g in groups if (n := g.landing_on(ref)) is not None]
        if not mine and not any(g.subject is not None or g.dests for g in groups):
            # a decision nothing on the table answers (keep the start or cede it, pass or
            # done, an amount): Enter opens its menu, as Enter on the screen does
            self.action_actions()
            return
        if not mine:
            why = self.session.table().explain(ref, message.zone)
            if why is not None:             # not possible now: the engine says why
                self.submit(why)
            else:
                self.on_show_detail(ShowDetail(ref))
            return
        if len(mine) == 1 and not (message.ask and mine[0].single):
            self.open_group(mine[0])        # (a single action asked about is listed first)
        else:
            title = self.session.table().name(ref, self.session.view())
            self.app.push_screen(ChoiceScreen(title, [(g.label, g) for g in mine]),
                                 self.for_this_decision(self.open_group))

    def on_hovered(self, message: Hovered) -> None:
        """A card highlighted in the hand: a grid board marks where it can go."""
        preview = getattr(self.query_one("#board"), "preview", None)
        if callable(preview):
            preview(message.ref)

    def on_show_detail(self, message: ShowDetail) -> None:
        screen = self.session.table().detail_screen(message.ref, message.key,
                                                    self.session.view())
        if screen is not None:
            self.app.push_screen(screen)

    def action_zone(self, zone: str) -> None:
        """Browse a zone the ruleset offers (a key in its UI plugin's bindings)."""
        title, options = self.session.table().zone_options(zone, self.session.view())
        if not options:
            self.app.push_screen(MessageScreen(title, tr(self.ui.name, "zone.empty", self.lang)))
            return
        self.app.push_screen(ChoiceScreen(title, options, tr(self.ui.name, "zone.help",
                                                             self.lang)),
                             lambda ref: ref is not None and self.on_show_detail(
                                 ShowDetail(ref)))

    def action_undo(self) -> None:
        """Undo for the player on screen. A final result, another person's decision or hidden
        information is refused in words; the screen then shows the game as it is. The AI's
        search, if it thinks, is stopped first."""
        self._token += 1
        self.stop_thinking()
        try:
            n = self.session.undo()
        except UndoRefused as exc:
            self.error = describe_undo_refused(exc, self.lang)
            self.refresh_panes()
            self._schedule_bot()            # an AI stopped for nothing thinks again
            return
        except SaveWriteError as exc:
            self._write_failed(exc, "undo")
            self._schedule_bot()
            return
        except SaveError as exc:
            self.error = str(exc)
            self.update_prompt()
            return
        self._token += 1
        self._over_shown = False
        self._set_stalled(False)
        self.error = t("undo.done", self.lang, n=n)
        self.after_change(full_log=True)

    def action_redo(self) -> None:
        self.stop_thinking()
        try:
            n = self.session.redo()
        except UndoRefused as exc:
            n = 0
            if exc.key != "no_redo":
                self.error = describe_undo_refused(exc, self.lang)
                self.after_change(full_log=True)
                return
        except SaveWriteError as exc:
            self._write_failed(exc, "move")
            return
        except SaveError as exc:
            self.error = str(exc)
            self.update_prompt()
            return
        self.error = t("undo.redone", self.lang, n=n) if n else t("undo.no_redo", self.lang)
        self._token += 1
        self._set_stalled(False)
        self.after_change(full_log=True)

    def action_save_as(self) -> None:
        def save(name: str | None) -> None:
            if not name:
                return
            try:
                path = self.session.save_as(name)
            except SaveExistsError:         # an existing save is never overwritten
                self.error = t("save.exists", self.lang, name=name)
                self.update_prompt()
                return
            except SaveError as exc:
                self.error = t("error.save", self.lang, error=str(exc))
                self.update_prompt()
                return
            self.app.notify(t("save.saved", self.lang, path=str(path)))

        self.app.push_screen(TextInputScreen(t("save.title", self.lang)), save)

    def action_concede(self) -> None:
        if self.session.result() is not None:
            return

        def sure(yes: bool | None) -> None:
            if yes:
                self.submit_concede()

        self.app.push_screen(ChoiceScreen(t("concede.title", self.lang),
                                          [(t("concede.no", self.lang), False),
                                           (t("concede.yes", self.lang), True)]), sure)

    def action_offer_draw(self) -> None:
        """Offer the opponent a draw: they accept or decline it (the AI by its own rule)."""
        if self.session.result() is not None or self.session.draw_offer() is None:
            return
        self._act(self.session.offer_draw)

    def action_focus_pane(self, pane: str) -> None:
        self.query_one(f"#{pane}").focus()

    def action_keys(self) -> None:
        self.app.push_screen(KeysScreen(binding_rows(self), self.lang,
                                        tr(self.ui.name, "keys.extra", self.lang)))

    def action_zoom(self) -> None:
        """Zoom the focused pane to the whole screen, or back (Esc also un-zooms)."""
        if self.maximized is not None:
            self.minimize()
            return
        pane = next((a for a in (self.focused.ancestors_with_self if self.focused else ())
                     if isinstance(a, Pane)), None)
        if pane is not None:
            self.maximize(pane, container=False)

    def action_menu(self) -> None:
        if self.maximized is not None:      # Esc first un-zooms a zoomed pane
            self.minimize()
            return
        self._token += 1
        self.stop_thinking()
        self.session.close()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        """However the screen goes (menu, a new game, a loaded one, the app ending), the game's
        save is closed and its lock released; a late AI answer is dropped."""
        self._token += 1
        self.stop_thinking()
        if self._proc is not None:          # no search process outlives its game's screen
            self._proc.close()
            self._proc = None
        self.session.close()

    def on_screen_resume(self) -> None:
        self.refresh_panes()
