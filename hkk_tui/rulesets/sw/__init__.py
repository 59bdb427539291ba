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
from engine.sw import actions as A
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
#: events told only in the log's full detail, not in its story (see SwTable.story)
STORY_DETAIL = tuple(getattr(E, n) for n in (
    "DeckShuffled", "CardDrawn", "MagicChanged", "SlotUsed", "AbilityUsed",
    "DiceRolled", "DiceRerolled", "PositionSet") if hasattr(E, n))

#: events whose ``card`` a move points at (see SwTable.pointed_at)
POINTED_CARDS = tuple(getattr(E, n) for n in (
    "Moved", "Pushed", "Placed", "Relocated", "Summoned", "Built", "Damaged", "Healed",
    "Destroyed", "ReturnedToHand") if hasattr(E, n))


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
        return t(local(key), self.lang, **params)

    def has(self, key: str) -> bool:
        return super().has(local(key))

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
            phase = self.t(f"phase.{d.phase}").lower() if d is not None and d.phase else ""
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

    def ability_name(self, iid: int, index: int) -> str:
        return self.namer.ability(iid, index)

    def choice(self, iid: int, ability: int, index: int) -> str:
        """The words of option ``index`` of the card's ``choose_one`` step (its ability
        ``ability``, or the event's own text for -1), else "option n"."""
        d = self.pool.get(self.cids[iid]) if 0 <= iid < len(self.cids) else None
        steps = ()
        if d is not None:
            steps = d.abilities[ability].steps if 0 <= ability < len(d.abilities) else d.steps
        choices = [st.choices for st in steps if st.do == "choose_one" and st.choices]
        if len(choices) == 1 and 0 <= index < len(choices[0]):
            return choices[0][index].get(self.lang)
        return self.t("word.option", n=index + 1)

    def _params(self, params: dict[str, Any], view: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        card = params.get("card")
        if isinstance(params.get("ability"), int) and isinstance(card, int):
            out["ability_name"] = self.ability_name(card, params["ability"]) \
                if params["ability"] >= 0 else self.t("word.event_text")
        if isinstance(params.get("index"), int) and isinstance(card, int):
            out["choice"] = self.choice(card, params.get("ability", -1), params["index"])
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
                out[k] = " → ".join(square_name(x) for x in v)
            elif k == "path" and isinstance(v, str):
                out[k] = v.replace("-", " → ")
            elif k == "index" and isinstance(v, int):
                out[k] = v + 1
            elif k == "faces" and isinstance(v, (list, tuple)):
                out[k] = self.namer.faces(v)
            else:
                out[k] = v
        return out

    # -- the log ---------------------------------------------------------------------------
    def describe(self, event: Any) -> tuple[str, str] | None:
        text, rule = event_line(event, self.namer)
        return (text, rule) if text else None

    def story(self, event: Any) -> bool:
        """The story of a Summoner Wars game: summons, builds, moves, attacks and their hits,
        damage, deaths, events played, discards for magic, the phases (each ended by its
        player's decision), the start and the result. The detail only: shuffles, draws, magic
        spent and gained, dice rolls, slots and abilities' bookkeeping, a scenario's
        position."""
        return not isinstance(event, STORY_DETAIL)

    def action(self, action: Any) -> str:
        return describe_action(action, self.namer)

    def vague(self, action: Any) -> bool:
        """An option is recorded by its number (which ability resolves first, SW gl.
        IDŐZÍTÉS; one of a card's choices, gl. FELTÉTELES MÓD): the log names it as the menu
        did."""
        return isinstance(action, A.PickOption)

    def pointed_at(self, events: Any) -> tuple[Ref, ...]:
        """What a Summoner Wars move points at: an attack's target (SW Támadás.1-2), the unit
        that moved, was pushed, placed or swapped (SW Mozgás.2, gl. KÉNYSZERÍTÉS, HELYEZNI,
        HELYET CSERÉL), a card summoned or built and where (SW Idézés.1, Építkezés.1), the
        cards damaged, healed or destroyed (SW Kártyák sérülése.1-2) and those returned to a
        hand. A card no longer on the battlefield is marked where it last stood (the grid
        remembers)."""
        out: list[Ref] = []
        for ev in events:
            if isinstance(ev, E.AttackDeclared):
                out.append(Ref("card", ev.target))
            elif isinstance(ev, E.Swapped):
                out += [Ref("card", ev.a), Ref("card", ev.b)]
            elif isinstance(ev, POINTED_CARDS):
                out.append(Ref("card", ev.card))
        return tuple(r for r in dict.fromkeys(out) if r.id >= 0)

    # -- menus -----------------------------------------------------------------------------
    def group_key(self, hint: ActionHint) -> str:
        """Choosing a card and discarding a card for magic are one menu line per card (the
        hand and the board pick a card by its own line)."""
        if local(hint.label) in ("act.pick_card", "act.discard") and hint.subject is not None:
            return f"{hint.group}:{hint.subject.id}"
        return hint.group

    def explain(self, ref: Ref, zone: str) -> Any:
        """A card in hand that cannot be used now: the engine says why (its phase, its cost,
        no free square) — the action the card's kind would take, refused before any event."""
        if zone != "hand" or ref.kind != "card" or not 0 <= ref.id < len(self.cids):
            return None
        d = self.pool.get(self.cids[ref.id])
        if d is None:
            return None
        if d.kind == "event" and not d.is_structure:
            return A.PlayEvent(ref.id)
        if d.is_unit:
            return A.Summon(ref.id, 0)
        return A.Build(ref.id, 0)

    #: a menu line that gathers several options says what they choose, not the first one's
    #: words (single_label names the one when there is only one)
    GATHERED = {"act.pick_square": "act.pick_a_square", "act.pick_option": "act.pick_an_option",
                "act.order": "act.order_which"}

    def label(self, hint: ActionHint, view: Any) -> str:
        gathered = self.GATHERED.get(local(hint.label))
        if gathered is not None:                        # the line of all the options offered
            return self.t(gathered)
        text = self.t(hint.label, **self._params(hint.params, view))
        if hint.cost:
            text += f" ({self.t(hint.cost, **self._params(hint.cost_params, view))})"
        return text

    def single_label(self, label: str, option: str, hint: ActionHint) -> str:
        """One square, option or effect offered: its line names it ("Choose b5")."""
        if local(hint.label) in self.GATHERED:
            return self.t(hint.label, **self._params(hint.params, None))
        return label

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
        """What the decision asks: a phase's work, or the choice of the ability or event
        resolving on top (its card and ability named)."""
        kind = local(decision.kind)
        phase = self.t(f"phase.{view.phase}") if view is not None else ""
        source = ""
        top = view.tasks[-1] if view is not None and view.tasks else None
        if top is not None and top.card >= 0:
            source = self.name(Ref("card", top.card), view)
            if top.ability >= 0:
                source += ": " + self.ability_name(top.card, top.ability)
        key = f"decision.{kind}"
        what = self.t(key if self.has(key) else "decision.other", phase=phase,
                      source=source or self.t("word.the_rules"))
        keys_key = f"keys.{kind}"
        return what, self.t(keys_key) if self.has(keys_key) else self.t("keys.default")

    def track_is_list(self, frame: Any) -> bool:
        return local(frame.title) == "track.turn"

    def track_title(self, frame: Any, view: Any) -> str:
        title = local(frame.title)
        if title == "track.turn":           # the turn's number leads the phases line
            return ""
        if title == "track.tasks":
            return self.t("track.tasks") if frame.items else ""
        return self.t(title, **self._params(frame.params, view)) if title else ""

    def track_label(self, item: TrackItem, view: Any) -> Text:
        from hkk_tui.rulesets.sw.track import track_line

        return track_line(self, item, view)

    def track_note(self, note: str, view: Any) -> str:
        """``attacked_enemy`` is said by the inactivity warning going away; other notes in
        words."""
        if note == "attacked_enemy":
            return ""
        key = f"track.note_{note}"
        return self.t(key) if self.has(key) else note

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
        me = view.viewer if view.viewer in (0, 1) else 0
        title = self.t(f"zone.title_{zone}", mine=view.players[me].discard_count,
                       other=self.player(1 - me), theirs=view.players[1 - me].discard_count)
        return title, options

    def replay_turn(self, event: Any) -> int | None:
        return event.turn if isinstance(event, E.TurnBegan) else None

    def replay_phase(self, event: Any) -> bool:
        return isinstance(event, E.PhaseBegan)

    def headline(self, summary: dict[str, Any]) -> tuple[str, list[float]] | None:
        """The graph of a finished game follows each summoner's life left (a destroyed
        summoner loses the game)."""
        heads = summary.get("headlines") or []
        return (self.t("graph.headline"), [h["life"] for h in heads]) if heads else None


def local(key: str) -> str:
    """A catalog key of the engine's (``sw.act.move``) as the ``sw`` catalog holds it
    (``act.move``)."""
    return key.removeprefix(NS + ".")


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
