"""Modal dialogs: choose from a list, hand-over, keys, text input, messages (a ruleset's card
detail lives with its UI plugin)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hkk_tui.i18n import has, t
from hkk_tui.widgets.footer import I18nFooter, label


class ChoiceScreen(ModalScreen[Any]):
    """A titled list (with an optional explanation above it); Enter (or a digit 1-9) returns
    the chosen value, Esc returns None."""

    BINDINGS = [Binding("escape", "cancel", "key.cancel")] + [
        Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)]
    DEFAULT_CSS = "ChoiceScreen #dialog-body { padding-bottom: 1; }"

    def __init__(self, title: str, options: list[tuple[str | Text, Any]], help_text: str = "",
                 body: str = ""):
        super().__init__()
        self.title_text = title
        self.options = options
        self.help_text = help_text
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            if self.body:
                yield Static(self.body, id="dialog-body", markup=False)
            items = []
            for n, (lab, _value) in enumerate(self.options):
                text = Text(f"{n + 1}. " if n < 9 else "   ")
                text.append_text(lab if isinstance(lab, Text) else Text(str(lab)))
                items.append(Option(text))
            yield OptionList(*items, id="choices")
            if self.help_text:
                yield Static(Text(self.help_text, style="dim"), id="dialog-help")
        yield I18nFooter()

    def on_mount(self) -> None:
        self.query_one("#choices", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.options[event.option_index][1])

    def action_pick(self, n: int) -> None:
        if n < len(self.options):
            self.dismiss(self.options[n][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class HandOverScreen(ModalScreen[None]):
    """Hotseat: hides everything until the next player is at the keyboard."""

    BINDINGS = [Binding("enter,space", "ready", "key.ready")]

    def __init__(self, name: str, lang: str, intro: str = ""):
        super().__init__()
        self.player_name, self.lang = name, lang
        #: what the game opens with (a scenario's title, then what it teaches), shown here
        self.intro = intro

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(Text(t("handover.title", self.lang, player=self.player_name),
                              style="bold"), id="handover-title")
            yield Static(t("handover.body", self.lang, player=self.player_name))
            if self.intro:
                title, _, body = self.intro.partition("\n")
                yield Static(Text.assemble("\n", (title, "bold"), "\n", body),
                             id="handover-intro")
        yield I18nFooter()

    def action_ready(self) -> None:
        self.dismiss(None)


class KeysScreen(ModalScreen[None]):
    """Every binding active on the screen below, with its keys."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "key.close")]

    def __init__(self, rows: list[tuple[str, str]], lang: str, extra: str = ""):
        super().__init__()
        self.rows, self.lang, self.extra = rows, lang, extra

    def compose(self) -> ComposeResult:
        body = Text()
        for keys, desc in self.rows:
            if not keys:                    # a heading (the general keys after the game's)
                body.append(desc + "\n", style="bold underline" if desc else "")
                continue
            body.append(f"{keys:>18}  ", style="bold")
            body.append(desc + "\n")
        if self.extra:
            body.append("\n" + self.extra)
        with Vertical(id="dialog"):
            yield Static(Text(t("keys.title", self.lang), style="bold"), id="dialog-title")
            with VerticalScroll():
                yield Static(body)
        yield I18nFooter()

    def action_close(self) -> None:
        self.dismiss(None)


def binding_rows(screen: Any) -> list[tuple[str, str]]:
    """(keys, description) of every binding active on ``screen`` (shown or not): the game's
    own keys first, then Textual's general ones (scrolling, focus, copy, quit) under a
    heading, each in the player's language where the catalog has it."""
    own: dict[str, list[str]] = {}
    general: dict[str, list[str]] = {}
    for _node, binding, _enabled, _tip in screen.active_bindings.values():
        ours = binding.description.startswith("key.") or ":key." in binding.description
        desc = label(binding.description) if ours else general_label(
            binding.description or binding.action)
        rows = own if ours else general
        rows.setdefault(desc, [])
        shown = screen.app.get_key_display(binding)
        if shown not in rows[desc]:
            rows[desc].append(shown)
    out = [(", ".join(keys), desc) for desc, keys in own.items()]
    if general:
        out.append(("", ""))
        out.append(("", t("helpkeys.general")))
        out += [(", ".join(keys), desc) for desc, keys in general.items()]
    return out


def general_label(description: str) -> str:
    """A Textual widget's own binding description (English) in the player's language, from
    the catalog's ``textual`` table (as written if the catalog lacks it)."""
    slug = "".join(c if c.isalnum() else "_" for c in description.lower()).strip("_")
    key = f"textual.{slug}"
    return t(key) if has(key) else description


class TextInputScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "key.cancel")]

    def __init__(self, title: str, value: str = ""):
        super().__init__()
        self.title_text, self.value = title, value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            yield Input(value=self.value, id="text-input")
        yield I18nFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,space,q", "close", "key.close")]

    def __init__(self, title: str, body: str, extra: Any = None):
        super().__init__()
        self.title_text, self.body, self.extra = title, body, extra

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            with VerticalScroll():
                yield Static(self.body)
                if self.extra is not None:      # a widget under the text (a result's graph)
                    yield self.extra
        yield I18nFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class ResultScreen(MessageScreen):
    """The end of a game: who won and why, and the graph of the game's headline over the
    turns (each player's life in HKK, each summoner's in Summoner Wars)."""

    DEFAULT_CSS = "ResultScreen .headline-graph { margin-top: 1; }"

    def __init__(self, title: str, body: str, session: Any):
        from hkk_tui.widgets.headline_graph import session_graph

        super().__init__(title, body)
        self.extra = session_graph(session)

    def on_mount(self) -> None:
        if self.extra is not None and self.app.size.height < 30:   # 80×24: a shorter plot
            self.extra.rows = 5
            self.extra.refresh(layout=True)

    def action_close(self) -> None:
        self.dismiss(None)
