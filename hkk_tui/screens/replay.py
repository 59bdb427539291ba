"""Replay and the step-through rules debugger.

Replay shows a saved game read-only in the same four panes, as it was at any point: step by
decision or by event, jump to a turn or phase, play/pause at a chosen speed, and switch between
every seat's view and the omniscient view. The debugger (``d``, or ``hkk debug FILE``) adds the
event list, the selected event's data, rule, cause and state changes, a state inspector,
breakpoints and search. ``r`` starts a new game from the current point ("play from here").

Works for any ruleset: views from ``ruleset.view``, events redacted by ``ruleset.redact`` and put
in words by the ruleset's UI table, rules from the plugin's table. The replay's state is the one
place the app holds a full state: it is the explicit omniscient view of a saved game (the
debugger's inspector reads it; the panes show ``ruleset.view(state, viewer)``).
"""

from __future__ import annotations

import difflib
import typing
from pathlib import Path
from typing import Any

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, OptionList, Static
from textual.widgets.option_list import Option

from engine.core.game import Game
from engine.core.protocol import OMNISCIENT
from engine.core.replay import Breakpoint, Replay
from hkk_tui.i18n import t
from hkk_tui.rulesets import get_ui
from hkk_tui.screens.dialogs import (
    ChoiceScreen, KeysScreen, MessageScreen, TextInputScreen, binding_rows,
)
from hkk_tui.screens.game import compose_panes, title_panes
from hkk_tui.screens.logbook import decided_words
from hkk_tui.screens.session import GameSession, entry_note_lines
from hkk_tui.widgets.footer import I18nFooter
from hkk_tui.widgets.log import GameLog
from hkk_tui.widgets.messages import ShowDetail
from hkk_tui.widgets.prompt import Prompt
from hkk_tui.widgets.stack import Stack

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)          # seconds per decision while playing
LOG_TAIL = 400                               # log lines shown up to the cursor
EVENT_WINDOW = 80                            # events listed around the cursor in the debugger


class ReplayScreen(Screen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS = [
        Binding("right,n", "decision(1)", "key.forward", priority=True),
        Binding("left,b", "decision(-1)", "key.back_step", priority=True),
        Binding("full_stop,shift+right", "event(1)", "key.event_forward", priority=True),
        Binding("comma,shift+left", "event(-1)", "key.event_back", priority=True),
        Binding("home", "goto_start", "key.first", show=False, priority=True),
        Binding("end", "goto_end", "key.last", show=False, priority=True),
        Binding("t", "jump_turn", "key.jump_turn"),
        Binding("f", "next_phase(1)", "key.next_phase"),
        Binding("F", "next_phase(-1)", "key.prev_phase", show=False),
        Binding("space", "play", "key.play"),
        Binding("plus,equals_sign", "speed(1)", "key.faster", show=False),
        Binding("minus", "speed(-1)", "key.slower", show=False),
        Binding("o", "viewer", "key.viewer"),
        Binding("d", "toggle_debug", "key.debugger"),
        Binding("B", "add_breakpoint", "key.breakpoint"),
        Binding("c", "continue(1)", "key.continue"),
        Binding("C", "continue(-1)", "key.continue_back", show=False),
        Binding("X", "clear_breakpoints", "key.clear_breakpoints", show=False),
        Binding("slash", "search", "key.search"),
        Binding("N", "search_next", "key.search_next", show=False),
        Binding("r", "play_from_here", "key.play_from_here"),
        Binding("i", "card_info", "key.info", show=False),
        Binding("G", "graph", "key.graph"),
        Binding("question_mark", "keys", "key.keys"),
        Binding("escape,q", "back", "key.back"),
    ]

    def __init__(self, game: Game, lang: str, name: str = "", debug: bool = False,
                 quit_on_back: bool = False):
        # ``ruleset-<name>``: a ruleset's layout CSS applies to its own games only
        super().__init__(classes=f"ruleset-{get_ui(game.header.ruleset).name}")
        self.game = game
        self.lang = lang
        self.name_ = name
        self.debug = debug
        #: started by ``hkk replay``/``hkk debug FILE``: leaving it quits to the shell
        self.quit_on_back = quit_on_back
        self.viewer = OMNISCIENT
        self.session = GameSession(game=game, lang=lang)
        self.ui = self.session.ui
        self.table = self.session.table()
        self.replay = Replay(game.ruleset, game.header, game.entries, self.table.rule,
                             events_of=self.table.log_events)
        #: the AI's annotations by entry, shown after the game (set by the app: issue 16)
        self.notes: dict[int, Any] = {}
        self.breakpoints: list[Breakpoint] = []
        self.search_hits: list[int] = []
        self.speed = 1
        self.playing = False
        self._timer: Any = None
        self._lines: dict[int, list[tuple[int, str, str]]] = {}
        self.message = ""
        #: the last feedback shown on the prompt line (every input gets some)
        self.last_message = ""
        # start after the set-up entry: opening hands drawn, the first decision pending
        self.replay.goto(self.replay.entry_start[min(1, len(game.entries))])

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with ContentSwitcher(initial="debugger" if self.debug else "panes-view",
                             id="replay-switch"):
            with Horizontal(id="panes-view"):
                yield from compose_panes(self.ui)
            with Horizontal(id="debugger"):
                yield OptionList(id="events")
                with VerticalScroll(id="inspector"):
                    yield Static(id="event-detail")
                    yield Static(id="state-detail")
        yield Prompt(id="prompt")
        yield I18nFooter()

    def on_mount(self) -> None:
        title_panes(self, self.lang, self.ui.name)
        self.query_one("#events").border_title = t("debug.events", self.lang)
        self.query_one("#inspector").border_title = t("debug.inspector", self.lang)
        self.query_one("#events" if self.debug else "#board").focus()
        self.show()

    # ------------------------------------------------------------------ rendering
    def _event_lines(self) -> list[tuple[int, str, str]]:
        """(event number, sentence, rule) for every loggable event, for the current viewer."""
        if self.viewer not in self._lines:
            redact, describe = self.game.ruleset.redact, self.table.describe
            lines = []
            for k in range(self.replay.total):
                line = describe(redact(self.replay.event(k), self.viewer))
                if line is not None:
                    lines.append((k, *line))
            self._lines[self.viewer] = lines
        return self._lines[self.viewer]

    def show(self) -> None:
        r = self.replay
        ruleset = self.game.ruleset
        view = ruleset.view(r.state, self.viewer)      # the explicit replay view
        self._view = view
        self.query_one("#board").show(view, self.table, [])
        self.query_one("#hand").show(view, self.table, [])
        stack = self.query_one("#stack", Stack)
        stack.show(ruleset.track(view), view, self.table)
        # two or more pieces of work under way: a ruleset's layout may give the pane more rows
        self.set_class(stack.resolving >= 2, "-resolving")
        shown = [(text, rule) for k, text, rule in self._event_lines() if k < r.pos]
        shown += entry_note_lines(self.notes, r.current_entry(), self.session.names(),
                                  self.lang)           # the AI's reasoning (issue 16)
        self.query_one("#log", GameLog).reset(shown[-LOG_TAIL:])
        if self.debug:
            self._show_debugger()
        self._say()

    def _say(self) -> None:
        r = self.replay
        L = self.lang
        entry = r.current_entry()
        if entry >= 0:
            e = self.game.entries[entry]
            who = (self.session.names()[e.player] if e.player >= 0
                   else t("word.system", L))
            last = f"{who}: {self._decided(entry)}"
        else:
            last = t("replay.start", L)
        who_sees = t("replay.all", L) if self.viewer < 0 else self.session.names()[self.viewer]
        summary = self.game.ruleset.summary(r.state)
        phase = summary.get("phase", "")
        main = t("replay.prompt2", L, entry=max(entry, 0), entries=len(self.game.entries) - 1,
                 event=r.pos, events=r.total, turn=summary.get("turn", "?"),
                 phase=self.table.t(f"phase.{phase}") if self.table.has(f"phase.{phase}")
                 else phase, last=last, viewer=who_sees)
        keys = t("debug.keys" if self.debug else "replay.keys2", L,
                 speed=SPEEDS[self.speed], state=t("replay.playing" if self.playing
                                                   else "replay.paused", L))
        prompt = self.query_one("#prompt", Prompt)
        if self.message:                    # feedback first: the prompt line is 3 rows high
            prompt.say(self.message, "", "")
            prompt.update(Text(self.message, style="bold reverse")
                          + Text("\n" + main, style="bold") + Text("  " + keys, style="dim"))
        else:
            prompt.say(main, keys, "")
        self.last_message = self.message
        self.message = ""

    def _tell(self, key: str, **params: Any) -> None:
        """Feedback on the prompt line, in the player's language."""
        self.message = t(key, self.lang, **params)
        self._say()

    # ------------------------------------------------------------------ debugger panels
    def _decided(self, index: int) -> str:
        """Entry ``index``'s action in words, as the log says it (an option named, not
        numbered: :func:`~hkk_tui.screens.logbook.decided_words`)."""
        return decided_words(self.table, self.game.ruleset, self.viewer, self.game.entries[index],
                             index, self.game.state_at)

    def _show_debugger(self) -> None:
        r = self.replay
        events = self.query_one("#events", OptionList)
        lo = max(0, r.pos - EVENT_WINDOW // 2)
        hi = min(r.total, lo + EVENT_WINDOW)
        options = []
        for k in range(lo, hi):
            ev = r.event(k)
            text, rule = self.table.describe(ev) or ("", self.table.rule(ev))
            mark = "▶ " if k == r.pos - 1 else "  "
            bp = "●" if any(r.matches(b, k, ev) for b in self.breakpoints) else " "
            line = Text(f"{mark}{bp}{k:>5} ", style="bold" if k == r.pos - 1 else "")
            line.append(type(ev).__name__, style="cyan")
            if text:
                line.append(f" — {text}")
            if rule:
                line.append(f" [{rule}]", style="dim")
            options.append(Option(line, id=f"ev{k}"))
        events.clear_options()
        events.add_options(options)
        if r.pos > 0:
            events.highlighted = (r.pos - 1) - lo
        self._show_event(r.pos - 1)
        # the debugger's state inspector: the explicit omniscient state of the replay
        self.query_one("#state-detail", Static).update(self.table.inspect(self.replay.state))

    def _show_event(self, k: int) -> None:
        r = self.replay
        L = self.lang
        out = Text()
        if self.breakpoints:
            out.append(t("debug.breakpoints", L) + " ", style="bold")
            out.append(", ".join(b.describe() for b in self.breakpoints) + "\n\n")
        if k < 0:
            out.append(t("debug.no_event", L))
            self.query_one("#event-detail", Static).update(out)
            return
        ev = r.event(k)
        e_index, _ = r.index[k]
        entry = self.game.entries[e_index]
        rule = self.table.rule(ev)
        out.append(t("debug.event", L, k=k, name=type(ev).__name__) + "\n", style="bold")
        if rule:
            out.append(f"{rule}: {self.table.rule_text(rule)}\n", style="yellow")
        who = (self.session.names()[entry.player] if entry.player >= 0
               else t("word.system", L))
        out.append(t("debug.cause", L, entry=e_index, player=who,
                     action=self._decided(e_index))
                   + "\n")
        for line, _rule in entry_note_lines(self.notes, e_index, self.session.names(), L):
            out.append(line + "\n", style="italic")             # the AI's reasoning (issue 16)
        out.append(t("debug.data", L) + " ", style="bold")
        out.append(msgspec.json.encode(ev).decode() + "\n")
        out.append(t("debug.changed", L) + "\n", style="bold")
        changes = r.diff(k)
        for path, before, after in changes[:40]:
            out.append(f"  {path}: {_short(before)} → {_short(after)}\n")
        if not changes:
            out.append("  " + t("debug.nothing_changed", L) + "\n")
        self.query_one("#event-detail", Static).update(out)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "events" and event.option.id:
            self._show_event(int(event.option.id[2:]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "events" and event.option.id:
            self.replay.goto(int(event.option.id[2:]) + 1)
            self.show()

    # ------------------------------------------------------------------ stepping
    def _moved(self, before: int, direction: int) -> None:
        """Redraw after a step; a step that could not move says why."""
        r = self.replay
        if r.pos == before:
            self.message = t("feedback.at_end" if direction > 0 else "feedback.at_start", self.lang)
        elif r.pos == r.total and self.game.ruleset.summary(r.state).get("result"):
            self.message = t("feedback.game_end", self.lang)     # where the graph is
        self.show()

    def action_decision(self, n: int) -> None:
        before = self.replay.pos
        self.replay.step_decision(n)
        self._moved(before, n)

    def action_event(self, n: int) -> None:
        before = self.replay.pos
        self.replay.step_event(n)
        self._moved(before, n)

    def action_goto_start(self) -> None:
        before = self.replay.pos
        self.replay.goto(0)
        self._moved(before, -1)

    def action_goto_end(self) -> None:
        before = self.replay.pos
        self.replay.goto(self.replay.total)
        self._moved(before, 1)

    def _settle_turn(self) -> None:
        """After landing just past the event that begins a turn, go on to the first phase of
        that turn (in the same decision), so the turn and phase shown belong together."""
        r = self.replay
        end = r.entry_start[r.current_entry() + 1] if r.pos else 0
        for k in range(r.pos, end):
            ev = r.event(k)
            if self.table.replay_turn(ev) is not None:
                return
            if self.table.replay_phase(ev):
                r.goto(k + 1)
                return

    def action_jump_turn(self) -> None:
        def done(value: str | None) -> None:
            if not value:
                self._tell("feedback.cancelled")
                return
            if not value.strip().isdigit():
                self._tell("feedback.bad_turn", text=value)
                return
            turn = int(value)
            hit = self.replay.find(lambda k, ev: self.table.replay_turn(ev) == turn, start=0)
            if hit is None:
                self.message = t("replay.no_turn", self.lang, turn=turn)
            else:
                self.replay.goto(hit + 1)
                self._settle_turn()
                self.message = t("feedback.at_turn", self.lang, turn=turn)
            self.show()

        self.app.push_screen(TextInputScreen(t("replay.ask_turn", self.lang)), done)

    def action_next_phase(self, direction: int) -> None:
        hit = self.replay.find(lambda k, ev: self.table.replay_phase(ev), direction)
        if hit is None:
            self.message = t("feedback.no_next_phase" if direction > 0 else
                             "feedback.no_prev_phase", self.lang)
        self.replay.goto(hit + 1 if hit is not None else
                         (self.replay.total if direction > 0 else 0))
        self.show()

    def action_play(self) -> None:
        self.playing = not self.playing
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self._tell("feedback.now_playing" if self.playing else "feedback.now_paused",
                   speed=SPEEDS[self.speed])

    def _tick(self) -> None:
        if self.replay.pos >= self.replay.total:
            self.action_play()
            return
        self.replay.step_decision(1)
        self.show()

    def action_speed(self, n: int) -> None:
        speed = max(0, min(len(SPEEDS) - 1, self.speed + n))
        if speed == self.speed:
            self._tell("feedback.speed_limit", speed=SPEEDS[self.speed])
            return
        self.speed = speed
        if self.playing:
            self.action_play()
            self.action_play()
        self._tell("feedback.speed", speed=SPEEDS[self.speed])

    def action_viewer(self) -> None:
        # everything, then each seat's view in turn
        self.viewer = self.viewer + 1 if self.viewer + 1 < self.session.seats else OMNISCIENT
        self.message = (t("feedback.viewing_all", self.lang) if self.viewer < 0 else
                        t("feedback.viewing", self.lang, player=self.session.names()[self.viewer]))
        self.show()

    # ------------------------------------------------------------------ debugger actions
    def action_toggle_debug(self) -> None:
        self.debug = not self.debug
        self.query_one("#replay-switch", ContentSwitcher).current = (
            "debugger" if self.debug else "panes-view")
        self.query_one("#events" if self.debug else "#board").focus()
        self.show()

    def event_names(self) -> list[str]:
        """The names of the ruleset's event types (and of every event in this game)."""
        names = {type(self.replay.event(k)).__name__ for k in range(self.replay.total)}
        return sorted(names | set(event_type_names(self.session.plugin)))

    def action_add_breakpoint(self) -> None:
        def done(value: str | None) -> None:
            if not value:
                self._tell("feedback.cancelled")
                return
            bp = read_breakpoint(value, self.session.seats, self.session.plugin.prefix,
                                 self.event_names())
            if isinstance(bp, Breakpoint):
                self.breakpoints.append(bp)
                self.message = t("debug.breakpoint_added", self.lang, bp=bp.describe())
            else:
                self.message = bp.text(self.lang)
            self.show()

        self.app.push_screen(TextInputScreen(t("debug.ask_breakpoint", self.lang)), done)

    def action_clear_breakpoints(self) -> None:
        n = len(self.breakpoints)
        self.breakpoints.clear()
        self.message = t("feedback.cleared", self.lang, n=n) if n else \
            t("debug.no_breakpoints", self.lang)
        self.show()

    def action_continue(self, direction: int) -> None:
        if not self.breakpoints:
            self._tell("debug.no_breakpoints")
            return
        hit = self.replay.run_to_break(self.breakpoints, direction)
        self.message = (t("debug.stopped", self.lang, k=hit) if hit is not None
                        else t("debug.not_hit", self.lang))
        self.show()

    def action_search(self) -> None:
        def done(value: str | None) -> None:
            if not value:
                self._tell("feedback.cancelled")
                return
            redact, describe = self.game.ruleset.redact, self.table.describe
            self.search_hits = self.replay.search(
                value, lambda k, ev: (describe(redact(ev, self.viewer)) or ("",))[0])
            self.search_text = value
            if not self.search_hits:
                self._tell("feedback.no_match", text=value)
                return
            self._search_goto(t("debug.found", self.lang, n=len(self.search_hits), text=value))

        self.app.push_screen(TextInputScreen(t("debug.ask_search", self.lang)), done)

    def action_search_next(self) -> None:
        if not self.search_hits:
            text = getattr(self, "search_text", "")
            self._tell("feedback.no_match" if text else "feedback.no_search", text=text)
            return
        self._search_goto("")

    def _search_goto(self, found: str) -> None:
        later = [k for k in self.search_hits if k >= self.replay.pos]
        hits = later or self.search_hits
        n = self.search_hits.index(hits[0]) + 1
        where = t("feedback.match", self.lang, n=n, of=len(self.search_hits), k=hits[0])
        if not later:
            where += " " + t("feedback.wrapped", self.lang)
        self.message = f"{found} {where}".strip()
        self.replay.goto(hits[0] + 1)
        self.show()

    # ------------------------------------------------------------------ play from here
    def action_play_from_here(self) -> None:
        r = self.replay
        entry = r.current_entry()
        at = entry + 1 if r.pos == r.entry_start[entry + 1] else entry
        at = max(1, at)
        if self.game.ruleset.pending(self.game.state_at(at)) is None:
            self.message = t("replay.over_cannot_branch", self.lang)
            self._say()
            return
        L = self.lang
        choices = [(t("replay.branch_hotseat", L), "hotseat")] + [
            (t("replay.branch_as", L, player=name), i)
            for i, name in enumerate(self.session.names())]

        def chosen(value: Any) -> None:
            if value is None:
                return
            self._branch(at, value)

        self.app.push_screen(ChoiceScreen(t("replay.branch_title", L, entry=at), choices),
                             chosen)

    def _branch(self, at: int, mode: Any) -> None:
        from engine.core import store
        from engine.core.log import Seat
        from engine.core.sessions import branch

        L = self.lang
        seats = self.game.header.seats
        bot = f"ai:{self.session.plugin.default_bot}"
        new = tuple(Seat(s.name, s.deck, "human" if mode in ("hotseat", i) else bot)
                    for i, s in enumerate(seats))
        name = self.name_ or "game"
        directory = store.saves_dir()
        n = 1
        try:
            while True:                     # a new file of its own: never over another save
                path = directory / f"{name}-branch-{at}-{n}{store.SUFFIX}"
                try:
                    if not path.exists():
                        branch(self.game.header, self.game.entries, at, name, new, path)
                        break
                except store.SaveExistsError:
                    pass
                n += 1
        except Exception as exc:  # noqa: BLE001 - told in words, the replay stays open
            self.message = t("error.save", L, error=str(exc))
            self._say()
            return
        self.app.notify(t("replay.branched", L, path=str(path)), timeout=6)
        self.app.load_game(Path(path))

    # ------------------------------------------------------------------ misc
    def on_show_detail(self, message: ShowDetail) -> None:
        screen = self.table.detail_screen(message.ref, message.key, self._view)
        if screen is not None:
            self.app.push_screen(screen)

    def on_picked(self, message: Any) -> None:
        self.on_show_detail(ShowDetail(message.ref))

    def action_card_info(self) -> None:
        board = self.query_one("#board")
        info = getattr(board, "action_info", None)
        if callable(info):
            info()

    def action_keys(self) -> None:
        self.app.push_screen(KeysScreen(binding_rows(self), self.lang))

    def action_graph(self) -> None:
        """The graph of the game's headline over the turns (as on the result screen)."""
        from hkk_tui.widgets.headline_graph import session_graph

        graph = session_graph(self.session, rows=5 if self.app.size.height < 30 else 8)
        if graph is None:
            self._tell("graph.none")
            return
        self.app.push_screen(MessageScreen(t("graph.title", self.lang),
                                           self._result_line(), graph))

    def _result_line(self) -> str:
        result = self.game.ruleset.result(self.game.state)
        if result is None:
            return ""
        names = self.session.names()
        why = self.table.result_reason(result)
        winners = [names[w] for w in result.winners if 0 <= w < len(names)]
        if not winners:
            return t("over.draw", self.lang, reason=why, rule=result.rule)
        return t("over.won", self.lang, player=", ".join(winners), reason=why, rule=result.rule)

    def action_back(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        if self.quit_on_back:               # ``hkk replay``/``hkk debug FILE``: to the shell
            self.app.exit()
            return
        self.app.pop_screen()


class BreakpointError:
    """Why a breakpoint was not set, in words (``close``: event names like the one typed)."""

    def __init__(self, key: str, close: list[str] | None = None, name: str = "") -> None:
        self.key, self.close, self.name = key, close or [], name

    def text(self, lang: str) -> str:
        if self.key == "feedback.unknown_event":
            close = ", ".join(self.close) if self.close else t("feedback.no_close", lang)
            return t(self.key, lang, name=self.name, close=close)
        return t(self.key, lang)


def event_type_names(plugin: Any) -> list[str]:
    """The names of a ruleset's event types, from its save codec's tagged union."""
    try:
        fields = {f.name: f.type for f in msgspec.structs.fields(plugin.codec().entry_type)}
        union = typing.get_args(fields["events"])[0]
        return sorted(a.__name__ for a in typing.get_args(union) or (union,))
    except Exception:  # noqa: BLE001 - then only the game's own events are known
        return []


def read_breakpoint(text: str, seats: int = 2, prefix: str = "K",
                    event_names: list[str] | None = None) -> Breakpoint | BreakpointError:
    """A breakpoint from what the player typed, or why not. As ``parse_breakpoint``, and a
    plain event name (``AttackDeclared``, any case) means ``type AttackDeclared``; with
    ``event_names`` known, an unknown event name is refused with the close matches."""
    words = text.strip().split()
    names = event_names or []
    by_lower = {n.lower(): n for n in names}
    if len(words) == 1:
        if words[0].isdigit():              # a bare number: which kind is not clear
            return BreakpointError("debug.bad_breakpoint")
        words = ["type", words[0]]
    bp = parse_breakpoint(" ".join(words), seats, prefix)
    if bp is None:
        if words and words[0].lower() in ("player", "játékos") and len(words) == 2:
            return BreakpointError("feedback.bad_player")
        return BreakpointError("debug.bad_breakpoint")
    if bp.kind == "type" and names:
        if bp.value.lower() not in by_lower:
            close = difflib.get_close_matches(bp.value.lower(), list(by_lower), n=4,
                                              cutoff=0.6)
            close += [n for n in by_lower
                      if bp.value.lower() in n and n not in close][:max(0, 4 - len(close))]
            return BreakpointError("feedback.unknown_event", [by_lower[c] for c in close],
                                   bp.value)
        bp = Breakpoint("type", by_lower[bp.value.lower()])
    return bp


def parse_breakpoint(text: str, seats: int = 2, prefix: str = "K") -> Breakpoint | None:
    """'type AttackDeclared', 'card 12', 'player 1' (1 to ``seats``), 'rule 34.4' (the
    ruleset's citation ``prefix`` may be written or left out)."""
    parts = text.strip().split(None, 1)
    if len(parts) != 2:
        return None
    kind, value = parts[0].lower(), parts[1].strip()
    aliases = {"típus": "type", "lap": "card", "játékos": "player", "szabály": "rule",
               "event": "type", "esemény": "type"}
    kind = aliases.get(kind, kind)
    if kind not in ("type", "card", "player", "rule"):
        return None
    if kind == "player":
        if not value.isdigit() or not 1 <= int(value) <= seats:
            return None
        value = str(int(value) - 1)
    if kind == "card" and not value.isdigit():
        return None
    if kind == "rule":
        value = value.removeprefix(prefix).strip()
    return Breakpoint(kind, value)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
