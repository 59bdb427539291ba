"""The M.A.G.U.S. deck builder (issue 18 item 9), opened with ``b`` on the MK new-game form.

The card pool on the left (``f`` cycles a type filter), the deck on the right: its tower levels,
the rest of its Future and its sideboard. Enter on a pool card adds one copy (to the deck, or to
the sideboard after ``s``); Enter on a deck card takes one copy out. ``l`` switches the copy limit
between 3 and 4 (MK 1.02.A). Under the lists, live, the deck's problems exactly as
``engine.magus.pool.validate_deck`` words them (copies over the limit, MK 1.02.A; Future size,
MK 1.02.B-C; sideboard size, MK 1.13.E-F; tower levels, MK 1.08.B) — or that it is legal.

``w`` saves, asking the name and the id: a legal deck goes to ``<data dir>/decks/mk/<id>.toml``
and is offered at once by the new-game form and ``hkk play --ruleset mk --decks``; an illegal one
is saved only as a DRAFT (``decks/mk/drafts``), marked so here and never offered for play. ``c``
copies a shipped deck, a user deck or a draft (a broken file is listed with its error), ``e``
empties the deck, ``i`` shows the highlighted card's detail."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.magus import pool as P
from engine.magus import userdecks as U
from engine.magus.cards import DeckDef
from engine.magus.cards import Text as Words
from hkk_tui.rulesets.mk.match import t
from hkk_tui.rulesets.mk.table import MkTable
from hkk_tui.widgets.footer import I18nFooter

TYPE_ORDER = ("tower", "adventurer", "action", "quest", "obstacle", "event", "building", "ally")
MAX_ROW = 9                       # more copies than any limit, so the problem line can show it


#: validate_deck's sentences (engine/magus/pool.py) and their catalog keys, so a Hungarian player
#: reads the same problem in Hungarian (a sentence not matched is shown as validate_deck wrote it)
PROBLEMS = (
    (re.compile(r"^(?P<n>\d+) copies of (?P<card>.+), limit (?P<limit>\d+) \(MK 1\.02\.A\)$"),
     "builder18.p_copies"),
    (re.compile(r"^(?P<n>\d+) different tower levels; a deck needs at least 3 for its starting "
                r"tower \(MK 1\.08\.B\)$"), "builder18.p_towers"),
    (re.compile(r"^(?P<n>-?\d+) Future cards besides the 3 starting tower levels; limit "
                r"(?P<limit>\d+) needs at least (?P<min>\d+) \(MK 1\.02\.(?P<rule>[BC])\)$"),
     "builder18.p_future"),
    (re.compile(r"^a sideboard of (?P<n>\d+) cards; with limit (?P<limit>\d+) it is exactly "
                r"(?P<size>\d+) or none \(MK 1\.13\.E-F, I\)$"), "builder18.p_sideboard"),
    (re.compile(r"^unknown card '(?P<card>.+)'; check its id in decks/mk/cards$"),
     "builder18.p_unknown"),
)


def problem_words(message: str, lang: str, pool: dict[str, Any]) -> str:
    """A ``validate_deck`` sentence in ``lang`` (English: as it is)."""
    if lang == "en":
        return message
    for pattern, key in PROBLEMS:
        m = pattern.match(message)
        if m:
            params = m.groupdict()
            if "card" in params:        # validate_deck names a card in English (or by its id)
                params["card"] = next((d.name.hu for d in pool.values()
                                       if d.name.en == params["card"]), params["card"])
            return t(key, lang, **params)
    return message


class _Words(MkTable):
    """The table's words without a game: what the card detail (card_screen) needs."""

    def __init__(self, lang: str, pool: dict[str, Any]):      # no header, no seats
        self.ns, self.lang, self.pool, self.names = "mk", lang, pool, []
        self._known, self.view = {}, None


def slug(name: str) -> str:
    """A deck id from a name: lowercase ASCII letters and digits joined by '-'."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40] or "my-deck"


class DeckBuilderScreen(Screen[bool]):
    DEFAULT_CSS = """
    DeckBuilderScreen #db-box { width: 100%; height: 100%; padding: 0 1; }
    DeckBuilderScreen #db-lists { height: 1fr; }
    DeckBuilderScreen .db-col { width: 1fr; }
    DeckBuilderScreen OptionList { height: 1fr; }
    DeckBuilderScreen #db-problems { height: auto; max-height: 6; }
    DeckBuilderScreen #pool-head, DeckBuilderScreen #deck-head { height: 1; overflow: hidden; }
    """
    BINDINGS: ClassVar = [
        Binding("tab", "other", "mk:key.builder18.other", show=False),
        Binding("f", "filter", "mk:key.builder18.filter"),
        Binding("s", "target", "mk:key.builder18.target"),
        Binding("l", "limit", "mk:key.builder18.limit"),
        Binding("c", "copy", "mk:key.builder18.copy"),
        Binding("e", "empty", "mk:key.builder18.empty", show=False),
        Binding("w", "save", "mk:key.builder18.save"),
        Binding("i", "detail", "mk:key.builder18.detail"),
        Binding("escape", "back", "key.back"),
    ]

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang
        self.pool = P.default_pool()
        self.words = _Words(lang, self.pool)
        self.cards: dict[str, int] = {}
        self.side: dict[str, int] = {}
        self.limit = 3
        self.deck_id = ""                  # the user deck being edited ("" for a new deck)
        self.deck_name = ""
        self.description = Words("", "")
        self.filter = 0                    # 0: every type, else TYPE_ORDER[filter - 1]
        self.to_side = False
        self.saved = False                 # a playable deck was saved (the form reloads)
        self.status = Text(t("builder18.help", lang), style="dim")

    # -- words -----------------------------------------------------------------------------
    def card_name(self, cid: str) -> str:
        d = self.pool.get(cid)
        return cid if d is None else (d.name.hu if self.lang == "hu" else d.name.en)

    def type_short(self, cid: str) -> str:
        d = self.pool.get(cid)
        return t(f"type_short.{d.type}", self.lang) if d is not None else "?"

    def sort_key(self, cid: str) -> tuple[int, str]:
        d = self.pool.get(cid)
        kind = TYPE_ORDER.index(d.type) if d is not None and d.type in TYPE_ORDER else 99
        return kind, self.card_name(cid)

    # -- the deck --------------------------------------------------------------------------
    def towers(self) -> tuple[str, ...]:
        """The three starting tower levels (MK 1.08.B): the first different ones in the deck."""
        return tuple([c for c in self.cards if self.pool.get(c) is not None and
                      self.pool[c].type == "tower"][:P.STARTING_TOWERS])

    def deck(self, deck_id: str = "", name: str = "") -> DeckDef:
        name = name or self.deck_name
        return DeckDef(deck_id or self.deck_id or "new", Words(name, name), self.description,
                       dict(self.cards), self.towers(), dict(self.side), self.limit)

    def problems(self) -> list[str]:
        """``validate_deck``'s sentences, without the file name it puts first."""
        d = self.deck()
        return [problem_words(p.message.removeprefix(f"{d.id}: "), self.lang, self.pool)
                for p in P.validate_deck(d, self.pool, d.id)]

    def load(self, d: DeckDef, own: bool) -> None:
        self.cards = {c: n for c, n in d.cards.items() if n > 0}
        self.side = {c: n for c, n in d.sideboard.items() if n > 0}
        self.limit = d.limit if d.limit in P.MIN_FUTURE else 3
        self.deck_id = d.id if own else ""
        self.deck_name = d.name.hu if self.lang == "hu" else d.name.en
        if not own:
            self.deck_name = t("builder18.copy_of", self.lang, name=self.deck_name)
        self.description = d.description

    # -- screen ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="db-box"):
            yield Static(id="db-title")
            with Horizontal(id="db-lists"):
                with Vertical(classes="db-col"):
                    yield Static(id="pool-head")
                    yield OptionList(id="db-pool")
                with Vertical(classes="db-col"):
                    yield Static(id="deck-head")
                    yield OptionList(id="db-deck")
            yield Static(id="db-problems")
        yield I18nFooter()

    def on_mount(self) -> None:
        self.render_all()
        self.query_one("#db-pool", OptionList).focus()

    def pool_ids(self) -> list[str]:
        kind = TYPE_ORDER[self.filter - 1] if self.filter else ""
        return sorted((cid for cid, d in self.pool.items() if not kind or d.type == kind),
                      key=self.sort_key)

    def deck_rows(self) -> list[tuple[str, str]]:
        """("head", words) and ("deck" | "side", card id) rows: tower levels, the other
        Future cards, the sideboard."""
        L = self.lang
        towers = sorted((c for c in self.cards if self.pool.get(c) is not None and
                         self.pool[c].type == "tower"), key=self.sort_key)
        others = sorted((c for c in self.cards if c not in towers), key=self.sort_key)
        future = sum(self.cards.values()) - P.STARTING_TOWERS
        rows: list[tuple[str, str]] = [("head", t("builder18.towers", L, n=len(towers)))]
        rows += [("deck", c) for c in towers]
        rows.append(("head", t("builder18.future", L, n=max(future, 0),
                               min=P.MIN_FUTURE[self.limit])))
        rows += [("deck", c) for c in others]
        rows.append(("head", t("builder18.sideboard", L, n=sum(self.side.values()),
                               size=P.SIDEBOARD[self.limit])))
        rows += [("side", c) for c in sorted(self.side, key=self.sort_key)]
        return rows

    def render_all(self) -> None:
        L = self.lang
        name = self.deck_name or t("builder18.unnamed", L)
        title = Text(t("builder18.title", L, name=name), style="bold")
        title.append("  " + t("builder18.limit", L, n=self.limit))
        if self.deck_id:
            title.append(f"  ({self.deck_id})", style="dim")
        self.query_one("#db-title", Static).update(title)
        kind = (t(f"type.{TYPE_ORDER[self.filter - 1]}", L) if self.filter
                else t("builder18.all_types", L))
        self.query_one("#pool-head", Static).update(Text(t("builder18.pool", L, kind=kind),
                                                         style="bold"))
        where = t("builder18.to_side" if self.to_side else "builder18.to_deck", L)
        self.query_one("#deck-head", Static).update(Text(t("builder18.deck", L, n=sum(
            self.cards.values()), where=where), style="bold"))
        self.fill("#db-pool", [Option(self.pool_line(c)) for c in self.pool_ids()])
        self.fill("#db-deck", [Option(Text(w, style="bold underline"), disabled=True)
                               if k == "head" else Option(self.deck_line(k, w))
                               for k, w in self.deck_rows()])
        self.query_one("#db-problems", Static).update(self.problem_text())

    def fill(self, wid: str, options: list[Option]) -> None:
        ol = self.query_one(wid, OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ol.add_options(options)
        if ol.option_count:
            at = min(keep or 0, ol.option_count - 1)
            while at < ol.option_count - 1 and ol.get_option_at_index(at).disabled:
                at += 1
            ol.highlighted = at

    def pool_line(self, cid: str) -> Text:
        d = self.pool[cid]
        n, s = self.cards.get(cid, 0), self.side.get(cid, 0)
        text = Text(f"{n}" if n else "·", style="bold" if n else "dim")
        text.append(f"+{s} " if s else "  ", style="dim")
        text.append(self.card_name(cid))
        cost = "" if d.type == "quest" else f" {d.mp}MP"         # a quest is solved, not paid
        text.append(f"{cost} {self.type_short(cid)}", style="dim")
        return text

    def deck_line(self, kind: str, cid: str) -> Text:
        n = (self.cards if kind == "deck" else self.side).get(cid, 0)
        text = Text(f"{n}× ", style="bold red" if n > self.limit else "bold")
        text.append(self.card_name(cid))
        text.append(f" {self.type_short(cid)}", style="dim")
        return text

    def problem_text(self) -> Text:
        """What was just done, then the deck's legality: "✓ legal" or its first two problems
        as ``validate_deck`` words them (and how many more)."""
        L = self.lang
        problems = self.problems()
        out = self.status.copy()
        if not problems:
            out.append("\n✓ " + t("builder18.legal", L), style="bold")
            return out
        for n, p in enumerate(problems[:2]):
            out.append("\n✗ " + p, style="bold")
            if n == 1 and len(problems) > 2:
                out.append(" " + t("builder18.more", L, n=len(problems) - 2), style="dim")
        return out

    # -- keys ------------------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        self.status = Text(text, style=style)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        L = self.lang
        if event.option_list.id == "db-pool":
            cid = self.pool_ids()[event.option_index]
            counts = self.side if self.to_side else self.cards
            if counts.get(cid, 0) + (self.cards if self.to_side else self.side).get(
                    cid, 0) >= MAX_ROW:
                self.say(t("builder18.too_many", L, card=self.card_name(cid), n=MAX_ROW),
                         "bold red")
            else:
                counts[cid] = counts.get(cid, 0) + 1
                self.say(t("builder18.added_side" if self.to_side else "builder18.added", L,
                           card=self.card_name(cid), n=counts[cid]))
        else:
            kind, cid = self.deck_rows()[event.option_index]
            if kind == "head":
                return
            counts = self.cards if kind == "deck" else self.side
            counts[cid] -= 1
            if counts[cid] <= 0:
                del counts[cid]
            self.say(t("builder18.removed", L, card=self.card_name(cid),
                       n=counts.get(cid, 0)))
        self.render_all()

    def action_other(self) -> None:
        pool = self.query_one("#db-pool", OptionList)
        deck = self.query_one("#db-deck", OptionList)
        (deck if pool.has_focus else pool).focus()

    def action_filter(self) -> None:
        self.filter = (self.filter + 1) % (len(TYPE_ORDER) + 1)
        self.query_one("#db-pool", OptionList).highlighted = 0
        self.render_all()

    def action_target(self) -> None:
        self.to_side = not self.to_side
        where = t("builder18.to_side" if self.to_side else "builder18.to_deck", self.lang)
        self.say(t("builder18.target_now", self.lang, where=where))
        self.render_all()

    def action_limit(self) -> None:
        self.limit = 4 if self.limit == 3 else 3
        self.say(t("builder18.limit_now", self.lang, n=self.limit))
        self.render_all()

    def action_empty(self) -> None:
        self.cards, self.side, self.deck_id, self.deck_name = {}, {}, "", ""
        self.description = Words("", "")
        self.say(t("builder18.emptied", self.lang))
        self.render_all()

    def highlighted_card(self) -> str:
        pool = self.query_one("#db-pool", OptionList)
        deck = self.query_one("#db-deck", OptionList)
        if deck.has_focus and deck.highlighted is not None:
            kind, cid = self.deck_rows()[deck.highlighted]
            return "" if kind == "head" else cid
        if pool.highlighted is not None and self.pool_ids():
            return self.pool_ids()[pool.highlighted]
        return ""

    def action_detail(self) -> None:
        from hkk_tui.rulesets.mk.card_screen import CardScreen

        cid = self.highlighted_card()
        if cid in self.pool:
            self.app.push_screen(CardScreen(self.pool[cid], None, self.words))

    def action_copy(self) -> None:
        from hkk_tui.screens.dialogs import ChoiceScreen

        L = self.lang
        options: list[tuple[str | Text, Any]] = []
        for d in P.shipped_decks():
            options.append((Text(self.deck_label(d)), ("shipped", d)))
        for u in U.list_user(drafts=True):
            if u.deck is None:
                options.append((Text(t("builder18.broken", L, file=u.path.name,
                                       error=u.error), style="red"), ("broken", u.error)))
            else:
                mark = t("builder18.draft_mark", L) if u.draft else t("builder18.yours", L)
                options.append((Text(f"{self.deck_label(u.deck)} {mark}"), ("user", u.deck)))

        def chosen(value: Any) -> None:
            if value is None:
                return
            kind, what = value
            if kind == "broken":
                self.say(what, "bold red")
            else:
                self.load(what, own=kind == "user")
                self.say(t("builder18.loaded", L, name=self.deck_name))
            self.render_all()

        self.app.push_screen(ChoiceScreen(t("builder18.copy_title", L), options,
                                          t("choice.help", L)), chosen)

    def deck_label(self, d: DeckDef) -> str:
        return f"{d.name.hu if self.lang == 'hu' else d.name.en} ({d.id})"

    def action_save(self) -> None:
        from hkk_tui.screens.dialogs import TextInputScreen

        L = self.lang

        def got_name(name: str | None) -> None:
            if not name:
                return
            self.app.push_screen(TextInputScreen(t("builder18.ask_id", L),
                                                 self.deck_id or slug(name)),
                                 lambda deck_id: self.save(name, deck_id))

        self.app.push_screen(TextInputScreen(t("builder18.ask_name", L), self.deck_name),
                             got_name)

    def save(self, name: str, deck_id: str | None) -> None:
        """Write the deck: playable when legal, else a draft (never offered for play)."""
        L = self.lang
        if not deck_id:
            return
        taken = {u.deck.id for u in U.list_user(drafts=True) if u.deck is not None}
        if deck_id in taken and deck_id != self.deck_id:
            self.say(t("builder18.id_taken", L, id=deck_id), "bold red")
            self.render_all()
            return
        d = self.deck(deck_id, name)
        problems = self.problems_of(d)
        try:
            U.save(d, draft=bool(problems))
        except U.UserDeckError as exc:
            self.say(str(exc), "bold red")
            self.render_all()
            return
        self.deck_id, self.deck_name = deck_id, name
        if problems:
            self.say(t("builder18.saved_draft", L, id=deck_id), "bold yellow")
        else:
            self.saved = True
            self.say(t("builder18.saved", L, name=name, id=deck_id), "bold green")
        self.render_all()

    def problems_of(self, d: DeckDef) -> list[str]:
        return [p.message for p in P.validate_deck(d, self.pool, d.id)]

    def action_back(self) -> None:
        self.dismiss(self.saved)
