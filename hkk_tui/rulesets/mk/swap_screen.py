"""Swaps between two games of a match (MK 1.13.C): one human player's deck on the left, his
sideboard on the right. Enter on a deck card picks it to go out, Enter on a sideboard card
brings that one in: the swap is made at once by ``engine.magus.match`` — or refused with the rule
in words (the last copy of a starting tower level, MK 1.08.B; an illegal deck, MK 1.02) and
nothing changes. Every swap is written to the match's record at once. ``d`` ends this player's
swaps; Escape leaves the match waiting in "Continue"."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.magus import pool as P
from engine.magus.match import SwapError
from hkk_tui.rulesets.mk import match as M
from hkk_tui.widgets.footer import I18nFooter


class SwapScreen(ModalScreen[bool | None]):
    DEFAULT_CSS = """
    SwapScreen { align: center middle; }
    SwapScreen #swap-box { width: 100%; height: 100%; padding: 0 1; }
    SwapScreen #swap-lists { height: 1fr; }
    SwapScreen .swap-col { width: 1fr; }
    SwapScreen OptionList { height: 1fr; }
    SwapScreen #swap-status { height: 2; }
    """
    BINDINGS: ClassVar = [
        Binding("d", "done", "mk:key.swap_done"),
        Binding("tab", "other", "mk:key.swap_other"),
        Binding("escape", "later", "mk:key.swap_later"),
    ]

    def __init__(self, rec: M.MatchRecord, seat: int, lang: str):
        super().__init__()
        self.rec, self.seat, self.lang = rec, seat, lang
        self.pool = P.default_pool()
        self.out_cid = ""
        self.status = Text(M.t("swap16.help", lang))
        self.swaps = 0

    # -- words -----------------------------------------------------------------------------
    def card_name(self, cid: str) -> str:
        d = self.pool.get(cid)
        if d is None:
            return cid
        return d.name.hu if self.lang == "hu" else d.name.en

    def line(self, cid: str, n: int, marked: bool = False) -> Text:
        d = self.pool.get(cid)
        text = Text("→ " if marked else "  ", style="bold")
        text.append(f"{n}× {self.card_name(cid)}")
        if d is not None:
            text.append(f" {d.mp}MP {M.t(f'type_short.{d.type}', self.lang)}", style="dim")
        return text

    def deck(self) -> Any:
        return self.rec.match.decks[self.seat]

    # -- screen ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        L = self.lang
        d = self.deck()
        with Vertical(id="swap-box"):
            yield Static(Text(M.t("swap16.title", L, player=self.rec.names[self.seat],
                                  n=len(self.rec.match.results) + 1,
                                  deck=M.deck_name(d, L)), style="bold"), id="swap-title")
            yield Static(M.score(self.rec, L), id="swap-score")
            with Horizontal(id="swap-lists"):
                with Vertical(classes="swap-col"):
                    yield Static(Text("", style="bold"), id="deck-head")
                    yield OptionList(id="swap-deck")
                with Vertical(classes="swap-col"):
                    yield Static(Text("", style="bold"), id="side-head")
                    yield OptionList(id="swap-side")
            yield Static(self.status, id="swap-status")
        yield I18nFooter()

    def on_mount(self) -> None:
        self.render_lists()
        self.query_one("#swap-deck", OptionList).focus()

    def cards(self, which: str) -> list[tuple[str, int]]:
        d = self.deck()
        counts = d.cards if which == "deck" else d.sideboard
        return sorted(counts.items(), key=lambda kv: (self.pool[kv[0]].type if kv[0] in
                                                       self.pool else "", self.card_name(kv[0])))

    def render_lists(self) -> None:
        L = self.lang
        d = self.deck()
        self.query_one("#deck-head", Static).update(Text(M.t(
            "swap16.deck", L, n=sum(d.cards.values())), style="bold"))
        self.query_one("#side-head", Static).update(Text(M.t(
            "swap16.sideboard", L, n=sum(d.sideboard.values())), style="bold"))
        for which, wid in (("deck", "#swap-deck"), ("side", "#swap-side")):
            ol = self.query_one(wid, OptionList)
            keep = ol.highlighted
            ol.clear_options()
            ol.add_options([Option(self.line(cid, n, which == "deck" and cid == self.out_cid))
                            for cid, n in self.cards(which)])
            if ol.option_count:
                ol.highlighted = min(keep or 0, ol.option_count - 1)
        self.query_one("#swap-status", Static).update(self.status)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        L = self.lang
        if event.option_list.id == "swap-deck":
            cid = self.cards("deck")[event.option_index][0]
            problem = self.refusal(cid)
            if problem:
                self.status = Text(problem, style="bold red")
            else:
                self.out_cid = cid
                self.status = Text(M.t("swap16.picked", L, card=self.card_name(cid)))
                self.query_one("#swap-side", OptionList).focus()
        else:
            cid = self.cards("side")[event.option_index][0]
            if not self.out_cid:
                self.status = Text(M.t("swap16.pick_out_first", L), style="bold red")
            else:
                self.swap(self.out_cid, cid)
        self.render_lists()

    def refusal(self, out_cid: str) -> str:
        """Whether ``out_cid`` may leave the deck at all (a starting tower level's last copy,
        MK 1.08.B): tried against the first sideboard card, the match left unchanged."""
        from engine.magus.match import swap

        side = self.cards("side")
        if not side:
            return self.words(SwapError("MK 1.13.I", "no sideboard", "no_sideboard"))
        try:
            swap(self.deck(), out_cid, side[0][0], self.pool)
        except SwapError as exc:
            if exc.key in ("tower", "no_sideboard", "not_in_deck"):
                return self.words(exc)
        return ""

    def words(self, exc: SwapError) -> str:
        params = {k: (self.card_name(v) if k == "card" and isinstance(v, str) else v)
                  for k, v in exc.params.items()}
        return M.t(f"swap16.{exc.key}", self.lang, rule=exc.rule, **params)

    def swap(self, out_cid: str, in_cid: str) -> None:
        L = self.lang
        try:
            self.rec.match.swap(self.seat, out_cid, in_cid, self.pool)
        except SwapError as exc:
            self.status = Text(self.words(exc), style="bold red")
            return
        M.save(self.rec)                          # every swap kept at once (atomic)
        self.swaps += 1
        self.out_cid = ""
        self.status = Text(M.t("swap16.done_one", L, out=self.card_name(out_cid),
                               into=self.card_name(in_cid), n=self.swaps))

    # -- keys ------------------------------------------------------------------------------
    def action_other(self) -> None:
        deck = self.query_one("#swap-deck", OptionList)
        side = self.query_one("#swap-side", OptionList)
        (side if deck.has_focus else deck).focus()

    def action_done(self) -> None:
        self.dismiss(True)

    def action_later(self) -> None:
        self.dismiss(None)
