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
from hkk_tui.screens.dialogs import ChoiceScreen, KeysScreen, TextInputScreen, binding_rows
from hkk_tui.screens.game import compose_panes, title_panes
from hkk_tui.screens.session import GameSession
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
        Binding("question_mark", "keys", "key.keys"),
        Binding("escape,q", "back", "key.back"),
    ]

    def __init__(self, game: Game, lang: str, name: str = "", debug: bool = False):
        # ``ruleset-<name>``: a ruleset's layout CSS applies to its own games only
        super().__init__(classes=f"ruleset-{get_ui(game.header.ruleset).name}")
        self.game = game
        self.lang = lang
        self.name_ = name
        self.debug = debug
        self.viewer = OMNISCIENT
        self.session = GameSession(game=game, lang=lang)
        self.ui = self.session.ui
        self.table = self.session.table()
        self.replay = Replay(game.ruleset, game.header, game.entries, self.table.rule)
        self.breakpoints: list[Breakpoint] = []
        self.search_hits: list[int] = []
        self.speed = 1
        self.playing = False
        self._timer: Any = None
        self._lines: dict[int, list[tuple[int, str, str]]] = {}
        self.message = ""
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
        self.query_one("#stack", Stack).show(ruleset.track(view), view, self.table)
        shown = [(text, rule) for k, text, rule in self._event_lines() if k < r.pos]
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
            last = f"{who}: {self.table.action(e.action)}"
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
        self.query_one("#prompt", Prompt).say(main, keys, self.message)
        self.message = ""

    # ------------------------------------------------------------------ debugger panels
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
                     action=self.table.action(entry.action))
                   + "\n")
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
    def action_decision(self, n: int) -> None:
        self.replay.step_decision(n)
        self.show()

    def action_event(self, n: int) -> None:
        self.replay.step_event(n)
        self.show()

    def action_goto_start(self) -> None:
        self.replay.goto(0)
        self.show()

    def action_goto_end(self) -> None:
        self.replay.goto(self.replay.total)
        self.show()

    def action_jump_turn(self) -> None:
        def done(value: str | None) -> None:
            if not value or not value.strip().isdigit():
                return
            turn = int(value)
            hit = self.replay.find(lambda k, ev: self.table.replay_turn(ev) == turn, start=0)
            if hit is None:
                self.message = t("replay.no_turn", self.lang, turn=turn)
            else:
                self.replay.goto(hit + 1)
            self.show()

        self.app.push_screen(TextInputScreen(t("replay.ask_turn", self.lang)), done)

    def action_next_phase(self, direction: int) -> None:
        hit = self.replay.find(lambda k, ev: self.table.replay_phase(ev), direction)
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
        self._say()

    def _tick(self) -> None:
        if self.replay.pos >= self.replay.total:
            self.action_play()
            return
        self.replay.step_decision(1)
        self.show()

    def action_speed(self, n: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + n))
        if self.playing:
            self.action_play()
            self.action_play()
        self._say()

    def action_viewer(self) -> None:
        # everything, then each seat's view in turn
        self.viewer = self.viewer + 1 if self.viewer + 1 < self.session.seats else OMNISCIENT
        self.show()

    # ------------------------------------------------------------------ debugger actions
    def action_toggle_debug(self) -> None:
        self.debug = not self.debug
        self.query_one("#replay-switch", ContentSwitcher).current = (
            "debugger" if self.debug else "panes-view")
        self.query_one("#events" if self.debug else "#board").focus()
        self.show()

    def action_add_breakpoint(self) -> None:
        def done(value: str | None) -> None:
            bp = parse_breakpoint(value or "", self.session.seats, self.session.plugin.prefix)
            if bp is None:
                if value:
                    self.message = t("debug.bad_breakpoint", self.lang)
            else:
                self.breakpoints.append(bp)
                self.message = t("debug.breakpoint_added", self.lang, bp=bp.describe())
            self.show()

        self.app.push_screen(TextInputScreen(t("debug.ask_breakpoint", self.lang)), done)

    def action_clear_breakpoints(self) -> None:
        self.breakpoints.clear()
        self.show()

    def action_continue(self, direction: int) -> None:
        if not self.breakpoints:
            self.message = t("debug.no_breakpoints", self.lang)
            self._say()
            return
        hit = self.replay.run_to_break(self.breakpoints, direction)
        self.message = (t("debug.stopped", self.lang, k=hit) if hit is not None
                        else t("debug.not_hit", self.lang))
        self.show()

    def action_search(self) -> None:
        def done(value: str | None) -> None:
            if not value:
                return
            redact, describe = self.game.ruleset.redact, self.table.describe
            self.search_hits = self.replay.search(
                value, lambda k, ev: (describe(redact(ev, self.viewer)) or ("",))[0])
            self.message = t("debug.found", self.lang, n=len(self.search_hits), text=value)
            self.action_search_next()

        self.app.push_screen(TextInputScreen(t("debug.ask_search", self.lang)), done)

    def action_search_next(self) -> None:
        later = [k for k in self.search_hits if k >= self.replay.pos]
        hits = later or self.search_hits
        if hits:
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

    def action_back(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.app.pop_screen()


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
