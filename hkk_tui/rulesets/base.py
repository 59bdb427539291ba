"""The defaults of a ruleset's UI plugin (see :mod:`hkk_tui.rulesets`).

A ruleset that brings only catalogs gets a working front end from these: events, menu lines and
track items read from its catalog keys with their parameters, a board that lists the view's
public summary, and a hand listing the actions that have a subject. A ruleset's own plugin
subclasses :class:`BaseUI` and :class:`Table` and overrides what it draws better itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core.log import Header
from engine.core.protocol import ActionHint, Ref, Result, TrackItem
from engine.core.registry import get as get_plugin
from hkk_tui.i18n import has_tr, tr
from hkk_tui.widgets.messages import Picked


class Table:
    """The shell's helper for one game in one language: names, sentences and labels.

    ``names`` are the seats' names; ``header`` and ``ruleset`` are the game's (the header is what
    a networked client receives with its seat; nothing here reads a game's state, except
    :meth:`inspect`, which the debugger calls with its explicit omniscient state).
    """

    def __init__(self, ui: Any, header: Header, ruleset: Any, names: list[str], lang: str):
        self.ui = ui
        self.ns = ui.name
        self.header = header
        self.ruleset = ruleset
        self.plugin = get_plugin(header.ruleset)
        self.names = list(names)
        self.lang = lang

    # -- words ---------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return tr(self.ns, key, self.lang, **params)

    def has(self, key: str) -> bool:
        return has_tr(self.ns, key, self.lang)

    def player(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.t("word.nobody")

    def name(self, ref: Ref | None, view: Any = None) -> str:
        """A reference in words (a seat's name, a square, a card by number)."""
        if ref is None:
            return self.t("word.hidden")
        if ref.kind == "player":
            return self.player(ref.id)
        return self.t(f"ref.{ref.kind}", id=ref.id)

    def _params(self, params: dict[str, Any], view: Any) -> dict[str, Any]:
        return {k: (self.name(v, view) if isinstance(v, Ref) else v) for k, v in params.items()}

    # -- the log ---------------------------------------------------------------------------
    def log_events(self, events: Any) -> Any:
        """An entry's events in the order the log words them (a ruleset that folds its
        bookkeeping into one event puts what a player reads back in its place)."""
        return events

    def describe(self, event: Any) -> tuple[str, str] | None:
        """A (redacted) event as ``(sentence, rule)``, or None if it is not worth a log line.
        The default reads ``ev.<EventClass>`` from the catalog with the event's fields."""
        key = f"ev.{type(event).__name__}"
        if not self.has(key):
            return None
        fields = msgspec.structs.asdict(event) if isinstance(event, msgspec.Struct) else {}
        for k in ("player", "winner"):
            if isinstance(fields.get(k), int):
                fields[f"{k}_name"] = self.player(fields[k])
        return self.t(key, **fields), self.rule(event)

    def story(self, event: Any) -> bool:
        """True if the (redacted) event belongs to the log's story — what a player follows the
        game by: plays, moves, attacks, damage, deaths, scores, the result — rather than only
        to its full detail (phases, draws, shuffles, bookkeeping). The default tells every
        described event in the story; a ruleset narrows it."""
        return True

    def pointed_at(self, events: Any) -> tuple[Ref, ...]:
        """What an entry's (redacted) events point at: the cards, pieces, squares and players a
        move targets, attacks, damages, moves or removes. The playback of another seat's move
        marks them on the board for that step (:mod:`hkk_tui.screens.playback`). The default:
        nothing."""
        return ()

    def rule(self, event: Any) -> str:
        try:
            return self.plugin.rule_of(event)
        except Exception:  # noqa: BLE001 - a log line never fails on a missing citation
            return ""

    def rule_text(self, code: str) -> str:
        """The one-liner of a rule code in the player's language ("" if the table lacks it)."""
        en_hu = self.plugin.rules().get(code)
        if not en_hu:
            return ""
        return en_hu[1] if self.lang == "hu" else en_hu[0]

    def action(self, action: Any) -> str:
        """A recorded action in words (replay's "last move", the debugger's cause)."""
        return type(action).__name__

    def vague(self, action: Any) -> bool:
        """Do :meth:`action`'s words leave out what was chosen (an option by its number)? Then
        the log and the replay say it as the menu did, from the state before the action
        (:func:`hkk_tui.screens.logbook.decided_words`)."""
        return False

    # -- menus -----------------------------------------------------------------------------
    def group_key(self, hint: ActionHint) -> str:
        return hint.group

    def label(self, hint: ActionHint, view: Any) -> str:
        """The menu line of a group (from its first hint)."""
        text = self.t(hint.label, **self._params(hint.params, view))
        if hint.cost:
            text += f" ({self.t(hint.cost, **hint.cost_params)})"
        return text

    def single_label(self, label: str, option: str, hint: ActionHint) -> str:
        """The line of a group with a single action (submitted at once, with no second list
        to show its option): by default the group's label alone."""
        return label

    def distinct_label(self, hint: ActionHint, view: Any) -> str:
        """A fuller line for an action whose label another line of the same menu shares (the
        menu numbers any still alike): by default its label with where it acts."""
        where = [self.name(r, view) for r in (hint.subject, hint.dest) if r is not None]
        text = self.label(hint, view)
        return f"{text} ({', '.join(where)})" if where else text

    def option_label(self, hint: ActionHint, view: Any) -> str:
        """The line of one action within its group (targets, amounts, destinations)."""
        if hint.option:
            return self.t(hint.option, **self._params(hint.option_params, view))
        parts = [self.name(r, view) for r in hint.targets]
        if hint.dest is not None:
            parts.append(self.name(hint.dest, view))
        return ", ".join(parts) or self.label(hint, view)

    def order_groups(self, groups: list[Any], view: Any) -> list[Any]:
        """Acting groups in the engine's order, Pass/Done last."""
        return ([g for g in groups if g.kind not in ("pass", "done")]
                + [g for g in groups if g.kind in ("pass", "done")])

    def explain(self, ref: Ref, zone: str) -> Any:
        """An action to submit when the player picks something with no legal action, so the
        engine says why in its words (None: just show its detail)."""
        return None

    # -- the prompt, the track, the result ---------------------------------------------------
    def prompt(self, decision: Any, view: Any) -> tuple[str, str]:
        """What the pending decision asks for, and the keys that answer it."""
        phase = getattr(view, "phase", "")
        what = self.t(f"decision.{decision.kind}", phase=self.t(f"phase.{phase}"))
        keys = self.t(f"keys.{decision.kind}") if self.has(f"keys.{decision.kind}") else \
            self.t("keys.default")
        return what, keys

    def track_title(self, frame: Any, view: Any) -> str:
        return self.t(frame.title, **frame.params) if frame.title else ""

    def track_label(self, item: TrackItem, view: Any) -> Text:
        text = Text(self.t(item.label, **self._params(item.params, view)))
        if item.controller >= 0:
            text.append(" · " + self.player(item.controller))
        if item.targets:
            text.append(" → " + ", ".join(self.name(r, view) for r in item.targets))
        return text

    def track_is_list(self, frame: Any) -> bool:
        """True if the frame's items are a list (a turn track's counters: shown in order,
        unnumbered) rather than a stack (shown top first, numbered)."""
        return False

    def track_note(self, note: str, view: Any) -> str:
        return self.t(note) if self.has(note) else note

    def result_reason(self, result: Result) -> str:
        key = f"result.{result.reason}"
        return self.t(key) if self.has(key) else result.reason

    # -- detail, zones, replay ------------------------------------------------------------------
    def detail_screen(self, ref: Ref | None, key: str, view: Any) -> Any:
        """A modal screen with the full detail of ``ref`` (None: nothing to show)."""
        return None

    def zone_options(self, zone: str, view: Any) -> tuple[str, list[tuple[str, Any]]]:
        """A browsable zone (bound to a key in ``UI.bindings``): title and (line, Ref) rows."""
        return zone, []

    def inspect(self, state: Any) -> Text:
        """The debugger's state inspector (the explicit omniscient state)."""
        return Text(msgspec.json.format(msgspec.json.encode(state)).decode())

    def replay_turn(self, event: Any) -> int | None:
        """The turn number an event begins (for "jump to turn"), else None."""
        return None

    def headline(self, summary: dict[str, Any]) -> tuple[str, list[float]] | None:
        """The number a finished game's graph follows over the turns (the result screen and
        replay, hkk_tui.widgets.headline_graph): its name and one value per seat, read from the
        ruleset's public ``summary``. The default: the first counter every seat's headline
        has as a number (named by the catalog key ``graph.<counter>`` if there is one)."""
        heads = summary.get("headlines") or []
        if not heads:
            return None
        for key in heads[0]:
            values = [h.get(key) for h in heads]
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
                return (self.t(f"graph.{key}") if self.has(f"graph.{key}") else key), values
        return None

    def replay_phase(self, event: Any) -> bool:
        """True if the event begins a phase (for "next phase")."""
        return False


class PlainBoard(Static, can_focus=True):
    """The default board: the seats' public headlines from the ruleset's summary of the view."""

    DEFAULT_CSS = "PlainBoard { height: auto; padding: 0 1; }"

    def show(self, view: Any, table: Table, hints: list[ActionHint]) -> None:
        out = Text()
        for seat, name in enumerate(table.names):
            out.append(name, style="bold")
            out.append("\n")
        self.update(out)


class PlainHand(OptionList):
    """The default hand: the subjects of the legal actions, to pick from."""

    def show(self, view: Any, table: Table, hints: list[ActionHint]) -> None:
        self.clear_options()
        self.refs: list[Ref] = []
        for hint in hints:
            if hint.subject is not None and hint.subject not in self.refs:
                self.refs.append(hint.subject)
                self.add_option(Option(table.name(hint.subject, view)))
        if not self.refs:
            self.add_option(Option(Text(table.t("hand.empty"), style="dim"), disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(getattr(self, "refs", [])):
            self.post_message(Picked(self.refs[event.option_index], "hand"))


class BaseUI:
    """A ruleset's UI plugin with every default; subclass and override."""

    #: layout CSS of the game and replay screens (added to the app's), or None
    css_path: Path | None = None
    #: folder of the ruleset's ``en.toml``/``hu.toml`` (default: ``hkk_tui/rulesets/<name>/i18n``)
    catalog_dir: Path | None = None
    #: extra keys of the game screen (their actions are the screen's, e.g. ``zone('void')``)
    bindings: tuple[Binding, ...] = ()
    #: the key after which ``bindings`` are listed in the footer
    bindings_after: str = "u"
    #: the pane focused when a game opens (``hand`` or ``board``; a grid game starts on its
    #: board). The game screen carries the class ``ruleset-<name>``, so ``css_path`` can lay
    #: out that ruleset's panes without touching another's.
    first_focus: str = "hand"
    table_class: type[Table] = Table

    def __init__(self, name: str = "") -> None:
        if name:
            self.name = name

    def board_widget(self, **kw: Any) -> Widget:
        return PlainBoard(**kw)

    def hand_widget(self, **kw: Any) -> Widget:
        return PlainHand(**kw)

    def table(self, header: Header, ruleset: Any, names: list[str], lang: str) -> Table:
        return self.table_class(self, header, ruleset, names, lang)

    def title(self, lang: str) -> str:
        return get_plugin(self.name).title.get(lang, self.name)
