"""Title menu, new-game set-up, save browser, settings and rules help."""

from __future__ import annotations

import datetime as dt
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hkk_tui.ai_levels import THINK_CHOICES
from hkk_tui.i18n import has_tr, t, tr
from hkk_tui.screens.settings_store import (
    COLOUR_MODES, PACES, SettingsWriteError, save_settings,
)
from hkk_tui.widgets.footer import I18nFooter

MENU = ("new", "hotseat", "continue", "load", "replay", "settings", "rules", "quit")


def _heading(lang: str) -> tuple[str, str]:
    """The title screen's name and subtitle: the game's own when one ruleset is installed,
    hkk's with the games listed when there are several."""
    names = _rulesets()
    if len(names) == 1 and has_tr(names[0], "title.name", lang):
        return tr(names[0], "title.name", lang), tr(names[0], "title.subtitle", lang)
    games = " · ".join(_ruleset_title(n, lang) for n in names)
    return t("title.name", lang), f"{t('title.subtitle', lang)}\n{games}"


class TitleScreen(Screen):
    BINDINGS = [Binding("q", "quit_app", "key.quit"),
                Binding("question_mark", "keys", "key.keys")]

    def compose(self) -> ComposeResult:
        L = self.app.lang
        with Vertical(id="title-box"):
            name, sub = _heading(L)
            yield Static(Text(name, style="bold"), id="title-name")
            yield Static(sub, id="title-sub")
            yield OptionList(*[Option(t(f"menu.{m}", L), id=m) for m in MENU], id="menu")
        yield I18nFooter()

    def on_mount(self) -> None:
        self.query_one("#menu").focus()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        L = self.app.lang
        menu = self.query_one("#menu", OptionList)
        keep = menu.highlighted
        menu.clear_options()
        menu.add_options([Option(t(f"menu.{m}", L), id=m) for m in MENU])
        menu.highlighted = keep or 0
        name, sub = _heading(L)
        self.query_one("#title-name", Static).update(Text(name, style="bold"))
        self.query_one("#title-sub", Static).update(sub)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        getattr(self.app, f"menu_{event.option.id}")()

    def action_quit_app(self) -> None:
        self.app.exit()

    def action_keys(self) -> None:
        from hkk_tui.screens.dialogs import KeysScreen, binding_rows

        self.app.push_screen(KeysScreen(binding_rows(self), self.app.lang))


class FormScreen(Screen):
    """A keyboard form: each row is a setting; Left/Right (or Enter) change the highlighted row,
    the last row starts. Used for new games and settings."""

    BINDINGS = [Binding("escape", "back", "key.back"),
                Binding("left", "change(-1)", "key.change", show=False),
                Binding("right", "change(1)", "key.change")]
    DEFAULT_CSS = "FormScreen #form-note { height: auto; padding-top: 1; color: $text-muted; }"

    def __init__(self, rows: list[tuple[str, list[tuple[Any, str]], int]], start_label: str,
                 title: str):
        super().__init__()
        self.rows = rows            # (label, [(value, shown)], chosen index)
        self.start_label = start_label
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(Text(self.title_text, style="bold"), id="form-title")
            yield OptionList(id="form")
            yield Static(id="form-note")
        yield I18nFooter()

    def on_mount(self) -> None:
        self.render_rows()
        self.query_one("#form").focus()
        self.show_note()

    def note(self, row: int | None) -> str:
        """Hook: a few words under the form about highlighted row ``row`` ("" for none)."""
        return ""

    def show_note(self) -> None:
        text = self.note(self.query_one("#form", OptionList).highlighted)
        note = self.query_one("#form-note", Static)
        note.update(text)
        note.display = bool(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "form":
            self.show_note()

    def render_rows(self) -> None:
        form = self.query_one("#form", OptionList)
        keep = form.highlighted
        form.clear_options()
        for label, values, chosen in self.rows:
            text = Text(f"{label}: ", style="bold")
            text.append(f"◀ {values[chosen][1]} ▶")
            form.add_option(Option(text))
        form.add_option(Option(Text(self.start_label, style="bold reverse")))
        form.highlighted = keep or 0

    def values(self) -> list[Any]:
        return [values[chosen][0] for _label, values, chosen in self.rows]

    def action_change(self, step: int) -> None:
        i = self.query_one("#form", OptionList).highlighted
        if i is None or i >= len(self.rows):
            return
        label, values, chosen = self.rows[i]
        self.rows[i] = (label, values, (chosen + step) % len(values))
        self.render_rows()
        self.changed()
        self.show_note()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index >= len(self.rows):
            self.start()
        else:
            self.action_change(1)

    def changed(self) -> None:
        """Hook: a row's value changed (subclasses react)."""

    def start(self) -> None:
        """Hook: the last row (start / save) was chosen (subclasses act)."""

    def action_back(self) -> None:
        self.app.pop_screen()


class NewGameScreen(FormScreen):
    """A new game of ``ruleset``: how many players (when its plugin allows a range of seats), a
    deck for each seat (from the plugin's ``decks()``) and, vs the AI, which bot (from its
    ``bots``, the default first). Every seat after the first is the AI's (or, in hotseat,
    another person's)."""

    BINDINGS = [Binding("b", "deck_builder", "key.mk18g.deck_builder")]

    def __init__(self, hotseat: bool = False, ruleset: str = "hkk"):
        from engine.core.registry import get

        L = self.lang = _lang()
        self.hotseat = hotseat
        self.ruleset = ruleset
        self.plugin = plugin = get(ruleset)
        self.decks = [(d.id, d.name.get(L, d.id)) for d in plugin.decks()]
        #: each deck's description in the player's language (shown under the form)
        self.descriptions = {d.id: d.description.get(L) or d.description.get("en", "")
                             for d in plugin.decks()}
        low, high = plugin.seats
        self.counts = list(range(low, max(low, high) + 1))
        self.n_seats = low
        title = t("menu.hotseat" if hotseat else "menu.new", L)
        if len(_rulesets()) > 1:
            title += f" · {plugin.title.get(L, ruleset)}"
        super().__init__(self._rows({}), t("new.start", L), title)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``b`` (the deck builder) only for a ruleset whose UI has one (M.A.G.U.S.)."""
        if action == "deck_builder":
            from hkk_tui.rulesets import get_ui

            return callable(getattr(get_ui(self.ruleset), "deck_builder", None))
        return True

    def action_deck_builder(self) -> None:
        """The ruleset's deck builder; the decks are read again when it closes."""
        from hkk_tui.rulesets import get_ui

        def reload(_saved: Any) -> None:
            decks = self.plugin.decks()
            self.decks = [(d.id, d.name.get(self.lang, d.id)) for d in decks]
            self.descriptions = {d.id: d.description.get(self.lang) or
                                 d.description.get("en", "") for d in decks}
            self.rows = self._rows({label: i for label, _values, i in self.rows})
            self.render_rows()
            self.show_note()

        self.app.push_screen(get_ui(self.ruleset).deck_builder(self.lang), reload)

    def _rows(self, chosen: dict[str, int]) -> list[tuple[str, list[tuple[Any, str]], int]]:
        """The form's rows for ``self.n_seats`` players, keeping the choices made so far."""
        L, decks = self.lang, self.decks
        rows: list[tuple[str, list[tuple[Any, str]], int]] = []
        if len(self.counts) > 1:
            rows.append((t("new.players", L), [(n, str(n)) for n in self.counts],
                         self.counts.index(self.n_seats)))
        for i in range(self.n_seats):
            if self.hotseat:
                label = t("new.deck_a", L) if i == 0 else t("new.deck_b", L) if i == 1 else \
                    t("new.deck_n", L, n=i + 1)
            else:
                label = t("new.your_deck", L) if i == 0 else t("new.ai_deck", L) if \
                    self.n_seats == 2 else t("new.ai_deck_n", L, n=i)
            rows.append((label, decks, chosen.get(label, min(i, len(decks) - 1))))
        if self.n_seats > 2:                # 3-4 seats: each one a person or the AI
            for i in range(1, self.n_seats):
                label = t("seats.who", L, n=i + 1)
                rows.append((label, [("human", t("seats.human", L)), ("ai", t("seats.ai", L))],
                             chosen.get(label, 0 if self.hotseat else 1)))
        for label, values in self._option_rows():          # a ruleset's own (TK: the mode)
            rows.append((label, values, min(chosen.get(label, 0), len(values) - 1)))
        if not self.hotseat:                 # Easy / Normal / Hard, then the other bots
            rows.append(ai_row(self.plugin, self.ruleset, L, chosen))
        return rows

    def _option_rows(self) -> list[tuple[str, list[tuple[Any, str]]]]:
        """Rows of game options the ruleset's UI offers for this many seats
        (``new_game_options(seats, lang)``: label and (options dict, words) pairs)."""
        from hkk_tui.rulesets import get_ui

        offer = getattr(get_ui(self.ruleset), "new_game_options", None)
        rows = offer(self.n_seats, self.lang) if callable(offer) else []
        # rows for a game on this terminal only, not a network table's (MK: a match)
        local = getattr(get_ui(self.ruleset), "local_game_options", None)
        return rows + (local(self.n_seats, self.lang) if callable(local) else [])

    def note(self, row: int | None) -> str:
        """The description of the deck on the highlighted row (the first seat's deck when
        the highlighted row is not a deck)."""
        first = 1 if len(self.counts) > 1 else 0
        deck_rows = range(first, first + self.n_seats)
        at = row if row is not None and row in deck_rows else first
        if at >= len(self.rows):
            return ""
        _label, values, chosen = self.rows[at]
        deck_id, name = values[chosen]
        desc = self.descriptions.get(deck_id, "")
        return f"{name}: {desc}" if desc else ""

    def changed(self) -> None:
        if len(self.counts) > 1 and self.values()[0] != self.n_seats:
            self.n_seats = self.values()[0]
            self.rows = self._rows({label: i for label, _values, i in self.rows})
            self.render_rows()

    def start(self) -> None:
        vals = self.values()
        if len(self.counts) > 1:
            vals = vals[1:]
        decks = tuple(vals[:self.n_seats])
        bot = vals[-1] if not self.hotseat else self.plugin.default_bot
        kinds = ("human",) + (("human",) if self.hotseat else (f"ai:{bot}",)) * (
            len(decks) - 1)
        chosen = {label: values[i][0] for label, values, i in self.rows}
        if self.n_seats > 2:
            kinds = ("human",) + tuple(
                "human" if chosen[t("seats.who", self.lang, n=i + 1)] == "human" else
                f"ai:{bot}" for i in range(1, self.n_seats))
        options: dict[str, Any] = {}
        for label, _values in self._option_rows():
            options.update(chosen[label])
        self.app.start_game(None, None, replace=True, ruleset=self.ruleset, decks=decks,
                            kinds=kinds, options=options or None)


def ai_row(plugin: Any, ruleset: str, L: str, chosen: dict[str, int]
           ) -> tuple[str, list[tuple[Any, str]], int]:
    """The new-game form's AI row: the difficulty levels (Easy = the ruleset's heuristic bot,
    Normal and Hard = the search bot at 0.25 s and at the settings' think time), then the
    ruleset's other bots (random)."""
    from hkk_tui.ai_levels import bot_label, level_bots, level_label

    try:
        think = getattr(_app_settings(), "think_s", 1.0)
    except LookupError:                  # no app running (a form built outside one)
        think = 1.0
    levels = level_bots(plugin, think)
    options = [(bot, level_label(level, bot, ruleset, L)) for level, bot in levels]
    options += [(b, bot_label(b, ruleset, L)) for b in plugin.bots
                if b not in {bot for _level, bot in levels}]
    label = t("new.bot", L)
    return label, options, chosen.get(label, 0)


def _think_index(think: float) -> int:
    """The settings form's think-time choice nearest to ``think``."""
    return min(range(len(THINK_CHOICES)), key=lambda i: abs(THINK_CHOICES[i] - think))


def _rulesets() -> list[str]:
    from engine.core.registry import offered

    return offered()


def _lang() -> str:
    from hkk_tui.i18n import get_lang

    return get_lang()


class SettingsScreen(FormScreen):
    """The settings form; a language chosen on it relabels the form at once (before saving),
    so the player sees what they chose."""

    def __init__(self):
        s = _app_settings()
        L = s.lang
        chosen = [["hu", "en"].index(s.lang), 0 if s.first_turn_draw else 1,
                  COLOUR_MODES.index(s.colour),
                  PACES.index(s.ai_pace) if s.ai_pace in PACES else 2,
                  _think_index(s.think_s)]
        super().__init__(self._rows(L, chosen), t("settings.save", L), t("menu.settings", L))
        self.form_lang = L
        self.saved_values = self.values()

    @staticmethod
    def _rows(L: str, chosen: list[int]) -> list[tuple[str, list[tuple[Any, str]], int]]:
        return [
            (t("settings.lang", L), [("hu", "magyar"), ("en", "English")], chosen[0]),
            (t("settings.first_turn_draw", L), [(True, t("word.yes", L)), (False, t("word.no", L))],
             chosen[1]),
            (t("settings.colour", L), [(c, t(f"colour.{c}", L)) for c in COLOUR_MODES],
             chosen[2]),
            (t("settings.pace", L), [(p, t("pace.instant", L) if p == 0 else
                                      t("pace.seconds", L, n=p)) for p in PACES], chosen[3]),
            (t("level.think", L), [(v, t("level.think_s", L, s=f"{v:g}"))
                                   for v in THINK_CHOICES], chosen[4]),
        ]

    def changed(self) -> None:
        lang = self.values()[0]
        if lang == self.form_lang:
            return
        self.form_lang = lang
        self.rows = self._rows(lang, [chosen for _label, _values, chosen in self.rows])
        self.start_label = t("settings.save", lang)
        self.title_text = t("menu.settings", lang)
        self.query_one("#form-title", Static).update(Text(self.title_text, style="bold"))
        self.render_rows()

    def action_back(self) -> None:
        """Esc: leave; with changes not saved, ask first (save, discard or keep editing)."""
        if self.values() == self.saved_values:
            self.app.pop_screen()
            return
        from hkk_tui.screens.dialogs import ChoiceScreen

        L = self.app.lang

        def chosen(value: Any) -> None:
            if value == "save":
                self.start()
            elif value == "discard":
                self.app.notify(t("settings_ask.discarded", L))
                self.app.pop_screen()

        self.app.push_screen(ChoiceScreen(
            t("settings_ask.title", L),
            [(t("settings_ask.save", L), "save"), (t("settings_ask.discard", L), "discard"),
             (t("settings_ask.keep", L), None)],
            t("choice.help", L)), chosen)

    def start(self) -> None:
        app: Any = self.app
        lang, ftd, colour, pace, think = self.values()
        s = app.settings
        before = (s.lang, s.first_turn_draw, s.colour, s.ai_pace, s.think_s)
        s.lang, s.first_turn_draw, s.colour, s.ai_pace, s.think_s = lang, ftd, colour, pace, think
        try:
            save_settings(s)
        except SettingsWriteError as exc:      # a full disk: nothing changes, the player is told
            s.lang, s.first_turn_draw, s.colour, s.ai_pace, s.think_s = before
            app.notify(t("settings.not_saved", s.lang, error=exc.cause.strerror or str(exc.cause)), severity="error",
                       timeout=10)
            return
        app.apply_settings()
        app.notify(t("settings.saved", lang))
        app.pop_screen()


def _app_settings() -> Any:
    from textual._context import active_app

    return active_app.get().settings


def _continuable(summary: Any) -> bool:
    """A game that can be continued: it has begun, has no result, and its header reads (a
    damaged tail is repaired when it is opened)."""
    return summary.header is not None and summary.entries > 0 and not summary.finished


def continuable() -> list[Any]:
    """The games in progress in the saves folder (of every ruleset), most recently played
    first."""
    from engine.core import store

    return [s for s in store.list_saves(store.saves_dir()) if _continuable(s)]


def _deck_names(lang: str) -> dict[tuple[str, str], str]:
    """Deck names by (ruleset, deck id), for every registered ruleset."""
    from engine.core.registry import plugins

    out: dict[tuple[str, str], str] = {}
    for plugin in plugins():
        try:
            out.update({(plugin.name, d.id): d.name.get(lang, d.id) for d in plugin.decks()})
        except Exception:  # noqa: BLE001 - a browser shows ids rather than fail
            continue
    return out


def _ruleset_title(name: str, lang: str) -> str:
    from engine.core.registry import UnknownRuleset, get

    try:
        return get(name).title.get(lang, name)
    except UnknownRuleset:
        return name


def save_line(s: Any, lang: str, names: dict[tuple[str, str], str]) -> Text:
    """One game of the browser: its decks (and its ruleset's title when several are
    installed); who plays, the turn, how it stands, when it was last played; the file, and who
    has it open if another hkk does."""
    from hkk_tui.words import describe_holder

    L = lang
    header = s.header
    ruleset = header.ruleset if header is not None else ""
    if header is not None and header.title and any(d == "scenario" for d in s.decks):
        what = header.title
    else:
        what = " – ".join(names.get((ruleset, d), d) for d in s.decks) or s.path.stem
    when = dt.datetime.fromtimestamp(s.modified).strftime("%Y-%m-%d %H:%M")
    meta = s.meta or {}
    res = meta.get("result")
    if s.damaged:
        state = t("saves.damaged", L)
    elif res:
        winners = _winners(res)
        state = t("saves.draw", L) if not winners else t(
            "saves.won", L, player=", ".join(s.seats[w].name if 0 <= w < len(s.seats) else "?"
                                             for w in winners))
    else:
        state = t("saves.running", L)
    line = Text(what, style="bold")
    if ruleset and len(_rulesets()) > 1:
        line.append(f" · {_ruleset_title(ruleset, L)}")
    parts = []
    if len(s.seats) == 2:
        parts.append(t("saves.players", L, a=s.seats[0].name, b=s.seats[1].name))
    elif s.seats:
        parts.append(", ".join(seat.name for seat in s.seats))
    parts += [t("saves.turn", L, n=meta.get("turn", "?")), state,
              t("saves.played", L, when=when)]
    line.append("\n" + " · ".join(parts))
    line.append("\n" + s.path.name, style="dim")
    if s.locked_by is not None:
        line.append(" · " + t("saves.locked", L, holder=describe_holder(s.locked_by, L)),
                    style="bold")
    return line


def _winners(res: Any) -> tuple[int, ...]:
    """The winning seats of a result in a save's meta (``winners``; older saves: ``winner``)."""
    if not isinstance(res, dict):
        return ()
    if "winners" in res:
        return tuple(res["winners"] or ())
    winner = res.get("winner", -1)
    return () if winner < 0 else (winner,)


def shipped_games() -> list[Any]:
    """Folders of the games that ship with hkk: ``saves/<ruleset>/games`` for every ruleset
    (and the older ``saves/games``)."""
    from pathlib import Path

    from engine.core.registry import names

    root = Path(__file__).resolve().parents[2] / "saves"
    dirs = [root / name / "games" for name in names()] + [root / "games"]
    return [d for d in dirs if d.is_dir()]


def ruleset_continues(lang: str) -> list[tuple[str, Any]]:
    """"Continue" lines a ruleset adds besides its games in progress (``continue_entries`` of
    its UI: words and what Enter does with the app), e.g. a match waiting between games."""
    from hkk_tui.rulesets import get_ui

    out: list[tuple[str, Any]] = []
    for name in _rulesets():
        entries = getattr(get_ui(name), "continue_entries", None)
        if callable(entries):
            out += entries(lang)
    return out


class SavesScreen(Screen):
    """The save browser, one line per game (decks; players, turn, state, last played; file):
    ``continue`` lists the games in progress, ``load`` and ``replay`` every save. Enter
    continues (or replays) the highlighted game."""

    BINDINGS = [Binding("escape", "back", "key.back")]

    def __init__(self, mode: str = "load", summaries: list[Any] | None = None):
        super().__init__()
        self.mode = mode
        self.summaries = summaries          # already listed by the caller (else read on mount)
        self.paths: list[Any] = []

    @property
    def replay(self) -> bool:
        return self.mode == "replay"

    def compose(self) -> ComposeResult:
        L = self.app.lang
        with Vertical(id="title-box"):
            yield Static(Text(t(f"menu.{self.mode}", L), style="bold"))
            yield OptionList(id="saves")
        yield I18nFooter()

    def on_mount(self) -> None:
        from engine.core import store

        L = self.app.lang
        saves = self.query_one("#saves", OptionList)
        if self.summaries is not None:
            summaries = self.summaries
        elif self.mode == "continue":
            summaries = continuable()
        else:
            dirs = [store.saves_dir()] + (shipped_games() if self.replay else [])
            summaries = []
            for d in dirs:
                summaries += store.list_saves(d)
        names = _deck_names(L)
        for s in summaries:
            saves.add_option(Option(save_line(s, L, names)))
            self.paths.append(s.path)
        if self.mode == "continue":          # a ruleset's own (MK: a match between games)
            for line, go in ruleset_continues(L):
                saves.add_option(Option(line))
                self.paths.append(go)
        if not self.paths:
            none = "continue.none" if self.mode == "continue" else "saves.none"
            saves.add_option(Option(t(none, L), disabled=True))
        else:
            saves.highlighted = 0
        saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index < len(self.paths):
            path = self.paths[event.option_index]
            if callable(path):
                path(self.app)
            elif self.replay:
                self.app.open_replay(path)
            else:
                self.app.load_game(path)

    def action_back(self) -> None:
        self.app.pop_screen()


class RulesScreen(Screen):
    """The rules in brief of the chosen ruleset (from its catalog)."""

    BINDINGS = [Binding("escape,q", "back", "key.back")]

    def compose(self) -> ComposeResult:
        from hkk_tui.i18n import tr

        L, ns = self.app.lang, getattr(self.app, "ruleset", "")
        with VerticalScroll(id="rules"):
            yield Static(Text(tr(ns, "rules.title", L), style="bold"))
            yield Static(tr(ns, "rules.body", L))
        yield I18nFooter()

    def action_back(self) -> None:
        self.app.pop_screen()
