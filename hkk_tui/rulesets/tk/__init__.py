"""Tash-Kalar's UI plugin (issue 17): a 9×9 board on the shared grid widget where a piece reads as
its colour letter and rank (``B2``), a hand whose highlighted card lights every legal placement
of its pattern (``n`` cycles them, Enter summons), a turn track with the flare criteria now, the
effect being resolved, the pieces destroyed this turn and every score (DUEL track, BATTLE colour
matrix, High Form tasks), and the log told with TK citations in both languages.

Everything shown comes from the views (``ruleset.view``), hints and the track; card texts from
the card pool the game's header pins (``ruleset.pool``, rendered by :mod:`engine.tk.text`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding

from engine.core.protocol import ActionHint, Ref, TrackItem
from engine.tk import actions as A
from engine.tk import events as E
from engine.tk.board import name as square_name
from hkk_tui.rulesets.base import BaseUI, Table
from hkk_tui.rulesets.tk.describe import DETAIL, action_line, event_line
from hkk_tui.rulesets.tk.words import (
    NS,
    colour_letters,
    colour_names,
    local,
    piece,
    t,
)

_HERE = Path(__file__).resolve().parent
CARD_PARAMS = ("card",)
SEAT_PARAMS = ("target", "seat", "by")


def game_mode(header: Any) -> tuple[str, bool]:
    """The game's mode and whether it is TEAM play, from its header's options."""
    try:
        from engine.tk.rulings import check_options

        opts = check_options(dict(header.options), len(header.seats))
        return str(opts["mode"]), bool(opts["team"])
    except Exception:  # noqa: BLE001 - a bad header is told elsewhere
        return "duel", False


class TkTable(Table):
    """Names and words of one Tash-Kalar game: card names from the pinned pool, colours from
    the seats' decks, squares ``a1``…``i9``."""

    def __init__(self, ui: Any, header: Any, ruleset: Any, names: list[str], lang: str):
        super().__init__(ui, header, ruleset, names, lang)
        self.pool = getattr(ruleset, "pool", {}) or {}
        self.cids = [cid for deck in header.decklists for cid in deck]
        self.mode, self.team = game_mode(header)
        self.letters = colour_letters(header, self.team)
        self.colours = colour_names(header, self.team, lang)

    def t(self, key: str, **params: Any) -> str:
        return t(local(key), self.lang, **params)

    def has(self, key: str) -> bool:
        return super().has(local(key))

    # -- names -----------------------------------------------------------------------------
    def card_def(self, iid: int, view: Any = None) -> Any:
        cid = ""
        if view is not None:
            cid = view.cards.get(iid, "")
        if not cid and 0 <= iid < len(self.cids):
            cid = self.cids[iid]
        return self.pool.get(cid)

    def card_name(self, iid: int, view: Any = None) -> str:
        d = self.card_def(iid, view)
        return getattr(d.name, self.lang) if d is not None else self.t("word.a_card")

    def piece(self, colour: int, rank: int) -> str:
        return piece(self.letters, colour, rank)

    def colour_name(self, colour: int) -> str:
        if 0 <= colour < len(self.colours):
            return f"{self.colours[colour]} ({self.letters[colour]})"
        return "?"

    def side_name(self, side: int) -> str:
        """DUEL/HF scores are per side (colour); in TEAM a side is two seats."""
        if self.team and self.mode != "battle":
            return " + ".join(self.player(p) for p in range(len(self.names)) if p % 2 == side)
        return self.player(side)

    def seat_tag(self, seat: int, view: Any) -> str:
        """``Anna (B)``: a seat's name with its colour's letter."""
        c = view.players[seat].colour if view is not None and seat < len(view.players) else seat
        letter = self.letters[c] if 0 <= c < len(self.letters) else "?"
        return f"{self.player(seat)} ({letter})"

    def name(self, ref: Ref | None, view: Any = None) -> str:
        if ref is None:
            return self.t("word.a_card")
        if ref.kind == "card":
            return self.card_name(ref.id, view)
        if ref.kind == "square":
            if view is not None and 0 <= ref.id < len(view.owner) and view.owner[ref.id] >= 0:
                return f"{square_name(ref.id)} ({self.piece(view.owner[ref.id], view.rank[ref.id])})"
            return square_name(ref.id) if 0 <= ref.id < 81 else "?"
        return super().name(ref, view)

    def _params(self, params: dict[str, Any], view: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in params.items():
            if isinstance(v, Ref):
                out[k] = self.name(v, view)
            elif k in CARD_PARAMS and isinstance(v, int):
                out[k] = self.card_name(v, view)
            elif k in SEAT_PARAMS and isinstance(v, int):
                out[k] = self.player(v) if v >= 0 else self.t("word.nobody")
            elif k in ("orient", "index") and isinstance(v, int):
                out[k] = v + 1
            else:
                out[k] = v
        if "enemy" in out:
            out["enemy"] = self.t("opt.with_enemy", square=out["enemy"]) if out["enemy"] else ""
        return out

    # -- the log ---------------------------------------------------------------------------
    def describe(self, event: Any) -> tuple[str, str] | None:
        text, rule = event_line(event, self)
        return (text, rule) if text else None

    def story(self, event: Any) -> bool:
        return not isinstance(event, DETAIL)

    def action(self, action: Any) -> str:
        return action_line(action, self)

    def vague(self, action: Any) -> bool:
        """An option is recorded by its number: the log names it as the menu did."""
        return isinstance(action, A.PickOption)

    def pointed_at(self, events: Any) -> tuple[Ref, ...]:
        """The squares a Tash-Kalar move changes, for the playback's marks on the board: a
        piece placed (TK Akció.lerakás) or summoned (TK Idézés), destroyed or picked up (TK
        Hatás.pusztítás, TK Akció.lerakás.hiány), moved or jumped (both ends, TK Hatás.mozgás,
        TK Hatás.ugrás), upgraded or downgraded (TK Hatás.felfejlesztés, TK Hatás.lefokozás)
        and converted (removed and placed anew, TK Hatás.átalakítás). A square left empty is
        marked ``◎``, a piece ``» «``: readable without colour."""
        out: list[int] = []
        for ev in events:
            if isinstance(ev, (E.Placed, E.Removed, E.Ranked)):
                out.append(ev.square)
            elif isinstance(ev, E.Stepped):
                out += [ev.src, ev.dst]
        return tuple(Ref("square", sq) for sq in dict.fromkeys(out) if 0 <= sq < 81)

    # -- menus -----------------------------------------------------------------------------
    def label(self, hint: ActionHint, view: Any) -> str:
        chosen = self._chosen(hint, view)
        return chosen or self.t(hint.label, **self._params(hint.params, view))

    def option_label(self, hint: ActionHint, view: Any) -> str:
        chosen = self._chosen(hint, view)
        if chosen:
            return chosen
        if hint.option:
            return self.t(hint.option, **self._params(hint.option_params, view))
        return super().option_label(hint, view)

    def _chosen(self, hint: ActionHint, view: Any) -> str:
        """An option chosen by its index in words: a task to claim by its name and text (TK
        Haladó.feladat), a colour by its name (TK Csata.legenda, TK Csata.páratlan)."""
        kind = local(hint.label)
        i = hint.params.get("index") if hint.params else None
        if not isinstance(i, int) or view is None:
            return ""
        if kind == "ask.claim" and 0 <= i < len(view.tasks_up):
            from engine.tk.text import card_text

            d = self.card_def(view.tasks_up[i], view)
            if d is not None:
                return self.t("ask.claim_named", task=getattr(d.name, self.lang),
                              text=card_text(d, self.lang))
        if kind in ("ask.legend_colour", "ask.bonus_colour"):
            return self.t(f"{kind}_named", colour=self.colour_name(i))
        return ""

    def explain(self, ref: Ref, zone: str) -> Any:
        return None

    # -- the prompt, the track, the result ---------------------------------------------------
    def prompt(self, decision: Any, view: Any) -> tuple[str, str]:
        kind = local(decision.kind)
        if kind == "target" and decision.rule == "TK Hatás.lerakás":
            kind = "place"                   # an effect's placement: an empty square
        source = ""
        if view is not None and view.effect is not None:
            source = self.card_name(view.effect.card, view)
        what = self.t(f"decision.{kind}" if self.has(f"decision.{kind}") else "decision.other",
                      source=source or self.t("word.the_rules"),
                      colour=self.colour_name(view.ask.colour) if view is not None and
                      view.ask is not None and view.ask.colour >= 0 else "")
        keys = f"keys.{kind}"
        return what, self.t(keys) if self.has(keys) else self.t("keys.default")

    def track_is_list(self, frame: Any) -> bool:
        return True

    def track_title(self, frame: Any, view: Any) -> str:
        title = local(frame.title)
        if title == "track.turn" or not frame.items:
            return ""
        return self.t(f"track.title_{title.split('.')[-1]}")

    def track_label(self, item: TrackItem, view: Any) -> Text:
        from hkk_tui.rulesets.tk.track import track_line

        return track_line(self, item, view)

    def result_reason(self, result: Any) -> str:
        key = f"result.{result.reason}"
        return self.t(key) if self.has(key) else result.reason

    def result_detail(self, view: Any) -> str:
        """The ranks of a finished game (ties share a rank) and, in BATTLE, each seat's score in
        every colour (its lowest opponent colour counts, TK Vége.Csata)."""
        from hkk_tui.rulesets.tk.track import result_lines

        return "\n".join(result_lines(self, view))

    # -- detail, zones, replay ---------------------------------------------------------------
    def detail_screen(self, ref: Ref | None, key: str, view: Any) -> Any:
        from hkk_tui.rulesets.tk.card_screen import card_detail

        if ref is not None and ref.kind == "square" and view is not None:
            return None
        if ref is None or ref.kind != "card":
            return None
        d = self.card_def(ref.id, view)
        return card_detail(d, self) if d is not None else None

    def zone_options(self, zone: str, view: Any) -> tuple[str, list[tuple[str, Any]]]:
        """``discard``: every discard pile (public, TK R.11.5), then the face-up tasks."""
        options: list[tuple[str, Any]] = []
        for p, pv in enumerate(view.players):
            for iid in reversed(pv.discard):
                options.append((f"{self.player(p)}: {self.card_name(iid, view)}",
                                Ref("card", iid)))
        for iid in reversed(view.legend_discard + view.flare_discard):
            options.append((self.card_name(iid, view), Ref("card", iid)))
        for iid in view.tasks_up:
            options.append((f"{self.t('word.task')}: {self.card_name(iid, view)}",
                            Ref("card", iid)))
        return self.t("zone.title_discard"), options

    def replay_turn(self, event: Any) -> int | None:
        return event.turn if isinstance(event, E.TurnBegun) else None

    def replay_phase(self, event: Any) -> bool:
        return isinstance(event, E.TurnBegun)

    def headline(self, summary: dict[str, Any]) -> tuple[str, list[float]] | None:
        heads = summary.get("headlines") or []
        return (self.t("graph.score"), [h["score"] for h in heads]) if heads else None


class TkUI(BaseUI):
    name = NS
    css_path = _HERE / "tk.tcss"
    catalog_dir = _HERE / "i18n"
    bindings = (Binding("g", "zone('discard')", "tk:key.discard"),)
    bindings_after = "y"
    first_focus = "hand"
    table_class = TkTable

    def new_game_options(self, seats: int, lang: str) -> list[tuple[str, list[tuple[Any, str]]]]:
        """The new-game dialog's mode row for this many seats: DUEL or High Form for 2,
        BATTLE for 3, BATTLE or TEAM (over DUEL or High Form) for 4 (TK Előkészület)."""
        def word(key: str) -> str:
            return t(key, lang)

        if seats == 2:
            modes = [({"mode": "duel"}, word("mode.duel")),
                     ({"mode": "highform"}, word("mode.highform"))]
        elif seats == 3:
            modes = [({"mode": "battle"}, word("mode.battle"))]
        else:
            modes = [({"mode": "battle"}, word("mode.battle")),
                     ({"mode": "duel", "team": True},
                      f"{word('mode.team')} · {word('mode.duel')}"),
                     ({"mode": "highform", "team": True},
                      f"{word('mode.team')} · {word('mode.highform')}")]
        return [(word("new.mode"), modes)]

    def board_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.tk.board import TkBoard

        return TkBoard(**kw)

    def hand_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.tk.hand import TkHand

        return TkHand(**kw)


UI = TkUI()
