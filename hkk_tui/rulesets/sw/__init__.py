"""Summoner Wars' front end: the battlefield on the shared grid widget, the hand, the card detail,
event and menu words with SW citations, the turn track's lines, layout and catalog (namespace
``sw``). The generic shell finds it as ``UI`` (hkk_tui.rulesets.get_ui).

Everything drawn comes from views (``engine.sw.views``), hints and the track; the card texts
from the card pool the game's header pins (``ruleset.pool``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding

from engine.core.protocol import ActionHint, Ref, TrackItem
from engine.sw import events as E
from engine.sw.board import name as square_name
from hkk_tui.rulesets.base import BaseUI, Table
from hkk_tui.rulesets.sw.describe import Namer, describe_action, event_line
from hkk_tui.rulesets.sw.words import NS, t

_HERE = Path(__file__).resolve().parent
#: parameters of hints and track items that name a card (instance id) or a square
CARD_PARAMS = ("card", "unit", "target", "host", "source", "attacker", "by")
SQUARE_PARAMS = ("square", "dest", "from", "to")
#: letters of the attack types on the hand's and the track's short lines
SHORT = 5


def abbreviate(name: str, width: int = SHORT) -> str:
    """A card name in ``width`` letters: one word is cut (``Fagymágus`` → ``Fagym``); several
    give their initials before the last word (``Frost Mage`` → ``FMage``)."""
    words = name.replace("-", " ").split()
    if len(words) <= 1 or len(name) <= width:
        return name[:width]
    head = "".join(w[0] for w in words[:-1])
    return (head + words[-1])[:width]


class SwTable(Table):
    """Names and words of one Summoner Wars game: card names from the card data of the cards the
    header deals, seat names from the header."""

    def __init__(self, ui: Any, header: Any, ruleset: Any, names: list[str], lang: str):
        super().__init__(ui, header, ruleset, names, lang)
        self.pool = getattr(ruleset, "pool", {}) or {}
        self.cids = instance_cids(header, ruleset)
        self.namer = Namer(self.pool, self.cids, self.names, lang)

    def t(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- names -----------------------------------------------------------------------------
    def card_name(self, cid: str, name: Any = None) -> str:
        if name is not None:
            return name.get(self.lang)
        return self.namer.cid(cid)

    def short(self, cid: str, name: Any = None) -> str:
        """The card's name in the 5 letters of a board square (the catalog's ``short.<id>``,
        else abbreviated)."""
        key = f"short.{cid}"
        if self.has(key):
            return self.t(key)
        return abbreviate(self.card_name(cid, name))

    def stats(self, cv: Any) -> str:
        """A card's kind and numbers in a few letters: ``ranged 1/4``, ``gate 5``,
        ``event · build``."""
        if cv.kind in ("summoner", "champion", "common"):
            kind = self.t(f"attack.{cv.attack}") if cv.attack else self.t(f"kind.{cv.kind}")
            text = f"{kind} {cv.strength}/{cv.life}"
            return text + (" · " + self.t("kind.structure") if cv.structure else "")
        if cv.kind == "event":
            d = self.pool.get(cv.cid)
            phase = self.t(f"phase.{d.phase}") if d is not None and d.phase else ""
            return self.t("kind.event") + (f" · {phase}" if phase else "")
        word = self.t("kind.gate") if cv.gate else self.t("kind.structure")
        return f"{word} {cv.life}"

    def name(self, ref: Ref | None, view: Any = None) -> str:
        if ref is None:
            return self.t("word.a_card")
        if ref.kind == "card":
            cv = view.find(ref.id) if view is not None else None
            if cv is not None:
                text = self.card_name(cv.cid, cv.name)
                return f"{text} ({square_name(cv.square)})" if cv.zone == "board" else text
            return self.namer.card(ref.id)
        if ref.kind == "square":
            return square_name(ref.id) if 0 <= ref.id < 48 else "?"
        if ref.kind == "item":
            return self.t("word.option", n=ref.id + 1)
        return super().name(ref, view)

    def _params(self, params: dict[str, Any], view: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in params.items():
            if isinstance(v, Ref):
                out[k] = self.name(v, view)
            elif k in CARD_PARAMS and isinstance(v, int):
                out[k] = self.name(Ref("card", v), view) if v >= 0 else self.t("word.a_card")
            elif k in SQUARE_PARAMS and isinstance(v, int):
                out[k] = square_name(v) if 0 <= v < 48 else "?"
            elif k == "phase" and isinstance(v, str):
                out[k] = self.t(f"phase.{v}")
            elif k == "path" and isinstance(v, (list, tuple)):
                out[k] = "→".join(square_name(x) for x in v)
            elif k == "faces" and isinstance(v, (list, tuple)):
                out[k] = self.namer.faces(v)
            else:
                out[k] = v
        return out

    # -- the log ---------------------------------------------------------------------------
    def describe(self, event: Any) -> tuple[str, str] | None:
        text, rule = event_line(event, self.namer)
        return (text, rule) if text else None

    def action(self, action: Any) -> str:
        return describe_action(action, self.namer)

    # -- menus -----------------------------------------------------------------------------
    def label(self, hint: ActionHint, view: Any) -> str:
        text = self.t(hint.label, **self._params(hint.params, view))
        if hint.cost:
            text += f" ({self.t(hint.cost, **self._params(hint.cost_params, view))})"
        return text

    def option_label(self, hint: ActionHint, view: Any) -> str:
        if hint.option:
            return self.t(hint.option, **self._params(hint.option_params, view))
        parts = [self.name(r, view) for r in hint.targets]
        if hint.dest is not None:
            parts.append(self.name(hint.dest, view))
        path = hint.params.get("path") if hint.params else None
        if path and len(path) > 1:
            parts.append(self.t("word.via", path="→".join(square_name(x) for x in path)))
        return ", ".join(parts) or self.label(hint, view)

    # -- the prompt, the track, the result ---------------------------------------------------
    def prompt(self, decision: Any, view: Any) -> tuple[str, str]:
        phase = self.t(f"phase.{view.phase}") if view is not None else ""
        key = f"decision.{decision.kind}"
        what = self.t(key, phase=phase) if self.has(key) else self.t("decision.other",
                                                                      phase=phase)
        keys_key = f"keys.{decision.kind}"
        return what, self.t(keys_key) if self.has(keys_key) else self.t("keys.default")

    def track_title(self, frame: Any, view: Any) -> str:
        return self.t(frame.title, **self._params(frame.params, view)) if frame.title else ""

    def track_label(self, item: TrackItem, view: Any) -> Text:
        text = Text(self.t(item.label, **self._params(item.params, view)))
        if item.controller >= 0 and "no_player" not in item.flags:
            text.append(" · " + self.player(item.controller), style="dim")
        if item.targets:
            text.append(" → " + ", ".join(self.name(r, view) for r in item.targets))
        if "warning" in item.flags:
            text.stylize("bold")
            text = Text("! ", style="bold") + text
        if "current" in item.flags:
            text.stylize("bold")
        return text

    def result_reason(self, result: Any) -> str:
        key = f"result.{result.reason}"
        return self.t(key) if self.has(key) else result.reason

    # -- detail, zones, replay ---------------------------------------------------------------
    def detail_screen(self, ref: Ref | None, key: str, view: Any) -> Any:
        from hkk_tui.rulesets.sw.card_screen import CardScreen

        cv = None
        if ref is not None and ref.kind == "square" and view is not None:
            top = view.board[ref.id] if 0 <= ref.id < len(view.board) else None
            ref = Ref("card", top.iid) if top is not None else None
        if ref is not None and ref.kind == "card" and view is not None:
            cv = view.find(ref.id)
        cid = cv.cid if cv is not None else key
        if not cid and ref is not None and ref.kind == "card" and 0 <= ref.id < len(self.cids) \
                and view is not None and view.viewer < 0:
            cid = self.cids[ref.id]
        if not cid or cid not in self.pool:
            return None
        return CardScreen(self.pool[cid], self.lang, cv, self)

    def zone_options(self, zone: str, view: Any) -> tuple[str, list[tuple[str, Any]]]:
        """``discard``: the viewer's own discard pile (top first); the other's is only a count
        (SW: only the owner may look)."""
        options: list[tuple[str, Any]] = []
        seats = [view.viewer] if view.viewer in (0, 1) else [0, 1]
        for p in seats:
            pile = view.players[p].discard or []
            for cv in reversed(pile):
                options.append((f"{self.player(p)}: {self.card_name(cv.cid, cv.name)}",
                                Ref("card", cv.iid)))
        return self.t(f"zone.title_{zone}"), options

    def replay_turn(self, event: Any) -> int | None:
        return event.turn if isinstance(event, E.TurnBegan) else None

    def replay_phase(self, event: Any) -> bool:
        return isinstance(event, E.PhaseBegan)


def instance_cids(header: Any, ruleset: Any) -> list[str]:
    """The card id of every card instance of the game, in instance order (the ruleset deals the
    header's decklists in order: seat 0's cards first)."""
    cids = getattr(ruleset, "instance_cids", None)
    if callable(cids):
        return list(cids(header))
    return [cid for deck in header.decklists for cid in deck]


class SwUI(BaseUI):
    name = NS
    css_path = _HERE / "sw.tcss"
    catalog_dir = _HERE / "i18n"
    bindings = (Binding("g", "zone('discard')", "sw:key.discard"),)
    bindings_after = "y"
    first_focus = "board"
    table_class = SwTable

    def board_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.sw.board import SwBoard

        return SwBoard(**kw)

    def hand_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.sw.hand import SwHand

        return SwHand(**kw)


UI = SwUI()
