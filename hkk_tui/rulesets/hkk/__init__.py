"""Hatalom Kártyái's front end: its board, hand, card detail, event and menu words, layout and
catalog (namespace ``hkk``). The generic shell finds it as ``UI`` (hkk_tui.rulesets.get_ui)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding

from engine.core.protocol import ActionHint, Ref, TrackItem
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.state import Target
from hkk_tui.rulesets.base import BaseUI, Table
from hkk_tui.rulesets.hkk.describe import (
    Namer, describe_action, event_line, is_bookkeeping,
)
from hkk_tui.rulesets.hkk.places import attack_preview, cost_words, place
from hkk_tui.rulesets.hkk.words import NS, t

_HERE = Path(__file__).resolve().parent
#: phases "next phase" stops at in the replay
PHASE_ORDER = ("prep", "draw", "main1", "exchange", "combat", "main2", "healing", "end")
_REF_KINDS = {"card": "c", "player": "p", "item": "l"}
#: events told only in the log's full detail, not in its story (see HkkTable.story)
STORY_DETAIL = tuple(getattr(E, n) for n in (
    "DeckShuffled", "CardDrawn", "StepBegan", "TurnEnded", "VpChanged", "McChanged",
    "CardTurned", "PlayerActivated", "Repaired", "TurnEffectsExpired", "LinePopped",
    "TriggerQueued", "CombatBegan", "CombatEnded", "PlayerSet", "TurnSet", "RandomPicked")
    if hasattr(E, n))


#: why a card leaves the table in ``CardMoved`` when a move takes it off (marked in playback)
LEFT_TABLE = frozenset(("destroyed", "returned", "voided", "died", "sacrificed"))


def ref_of(tg: Target) -> Ref:
    """HKK's target as a generic reference (a card or a player)."""
    return Ref("player" if tg.k == "p" else "card", tg.i)


def target(ref: Ref) -> Target:
    """A generic reference as HKK's target (for the namer)."""
    return Target(_REF_KINDS.get(ref.kind, ref.kind), ref.id)


class HkkTable(Table):
    """Names and words of one HKK game: card names from the card data of the cards the header
    deals (instance ids follow its decklists), seat names from the header."""

    def __init__(self, ui: Any, header: Any, ruleset: Any, names: list[str], lang: str):
        super().__init__(ui, header, ruleset, names, lang)
        self.pool = ruleset.pool
        self.cids = [cid for deck in header.decklists for cid in deck]
        self.namer = Namer(self.pool, self.cids, self.names, lang)

    def t(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    def card(self, iid: int) -> str:
        return self.namer.card(iid)

    def name(self, ref: Ref | None, view: Any = None) -> str:
        if ref is None:
            return t("word.a_card", self.lang)
        return self.namer.target(target(ref), view.line if view is not None else ())

    # -- the log ---------------------------------------------------------------------------
    def describe(self, event: Any) -> tuple[str, str] | None:
        if is_bookkeeping(event):
            return None
        text, rule = event_line(event, self.namer)
        return (text, rule) if text else None

    def story(self, event: Any) -> bool:
        """The story of an HKK game: plays (the reaction line), cards entering and leaving
        play, the guard post, attacks and hit-backs, damage, healing, life, deaths, the start,
        the result. The detail only: stages and phases, draws and shuffles, VP and monster
        component income and spending, activation, the line's resolution bookkeeping, a
        scenario's setup."""
        if isinstance(event, E.CardMoved):
            return event.reason not in ("played", "scenario")
        return not isinstance(event, STORY_DETAIL)

    def action(self, action: Any) -> str:
        return describe_action(action, self.namer, [])

    def pointed_at(self, events: Any) -> tuple[Ref, ...]:
        """What an HKK move points at: an attack's target (K 34.1), the targets of a card or
        ability put on the reaction line (K 21.5, 94) or given new ones (K 21.5.3), the cards it
        damages, heals or saves from damage (K 4.25, 4.26, 15.3), the players whose life it
        changes, and the creatures it takes off the table — destroyed, returned to the hand,
        voided, died, sacrificed (K 104.1, 4.14, 4.8, 37.0, 29.6)."""
        out: list[Ref] = []
        for ev in events:
            if isinstance(ev, E.AttackDeclared):
                out.append(ref_of(ev.attack.target))
            elif isinstance(ev, E.LinePushed):
                out += [ref_of(tg) for tg in ev.item.targets if tg.k != "l"]
            elif isinstance(ev, E.LineItemRetargeted):
                out += [ref_of(tg) for tg in ev.targets if tg.k != "l"]
            elif isinstance(ev, (E.CardDamaged, E.CardHealed, E.DamagePrevented)):
                out.append(Ref("card", ev.card))
            elif isinstance(ev, E.LifeChanged) and ev.amount < 0:
                out.append(Ref("player", ev.player))
            elif isinstance(ev, E.CardMoved) and ev.reason in LEFT_TABLE:
                out.append(Ref("card", ev.card))
        return tuple(dict.fromkeys(out))

    # -- menus -----------------------------------------------------------------------------
    def group_key(self, hint: ActionHint) -> str:
        # keeping and ceding the start are two answers, not two options of one
        return f"{hint.group}:{hint.label}" if hint.group == "cede" else hint.group

    def place(self, iid: int, view: Any) -> str:
        """A card's name with its controller, zone, position and status (attacking, passive,
        attacked): never ambiguous, even among copies of one card."""
        return place(view, iid, self.card(iid), self.names, self.lang)

    def _target(self, tg: Target, view: Any) -> str:
        if tg.k == "c":
            return self.place(tg.i, view)
        return self.namer.target(tg, view.line if view is not None else ())

    def _targets(self, hint: ActionHint, view: Any) -> str:
        if not hint.targets:
            return t("act.no_target", self.lang)
        return ", ".join(self._target(target(r), view) for r in hint.targets)

    def label(self, hint: ActionHint, view: Any, placed: bool = False) -> str:
        """A menu line; ``placed`` names its card with its place (when names repeat)."""
        L, p = self.lang, hint.params
        C = (lambda iid: self.place(iid, view)) if placed else self.card
        match hint.label:
            case "act.play":
                cost = cost_words(hint.cost_params["vp"], hint.cost_params.get("mc", 0), L)
                return t("act.play", L, card=C(p["card"])) + f" ({cost})"
            case "act.activate":
                return self._ability_label(p["card"], p["n"] - 1, C)
            case "act.hit_back":
                return t("act.hit_back", L, card=C(p["card"]),
                         target=self.place(p["target"], view))
            case "act.trigger_first":
                if p["card"] < 0:
                    return t("act.order_trigger", L, n=int(hint.group.split(":")[1]) + 1)
            case "act.target":
                return self._targets(hint, view)
        return t(hint.label, L, **{k: C(v) if k in ("card", "target") else v
                                   for k, v in p.items()})

    def single_label(self, label: str, option: str, hint: ActionHint) -> str:
        """An attack with one possible target names it, with its preview: the menu submits it
        at once, so this line is all the player sees of it."""
        return f"{label} → {option}" if hint.option == "opt.target" else label

    def distinct_label(self, hint: ActionHint, view: Any) -> str:
        """The line of a group whose label another group shares: its card with its place."""
        return self.label(hint, view, placed=True)

    def option_label(self, hint: ActionHint, view: Any) -> str:
        if hint.option == "opt.targets":
            return self._targets(hint, view)
        if hint.option == "opt.target":
            text = self._target(target(hint.targets[0]), view)
            return text + self._attack_preview(hint, view)
        if hint.option:
            return t(hint.option, self.lang, **hint.option_params)
        return self.label(hint, view)

    def _attack_preview(self, hint: ActionHint, view: Any) -> str:
        """" — <what the strike would do>" for an attack that could be declared (its
        preview worked out by the engine, engine.hkk.preview)."""
        tg = target(hint.targets[0])
        attacker = hint.subject.id if hint.subject is not None else -1
        for f in getattr(view, "forecast", ()) or ():
            if f.attacker == attacker and f.target == tg:
                return " — " + attack_preview(f, self._short, self.lang)
        return ""

    def _short(self, tg: Target) -> str:
        return self.namer.target(tg)

    def _ability_label(self, card: int, index: int, name: Any = None) -> str:
        from engine.hkk.cardtext import ability_text

        d = self.pool.get(self.cids[card]) if 0 <= card < len(self.cids) else None
        text = ""
        if d is not None and index < len(d.abilities):
            try:
                text = ability_text(d, d.abilities[index], self.lang)
            except Exception:  # noqa: BLE001 - a label must never crash the menu
                text = ""
        if len(text) > 60:
            text = text[:57] + "…"
        return t("act.activate", self.lang, card=(name or self.card)(card), n=index + 1) + (
            f": {text}" if text else "")

    def order_groups(self, groups: list[Any], view: Any) -> list[Any]:
        kind = view.decision.kind if view is not None and view.decision is not None else ""
        passes = [g for g in groups if g.kind in ("pass", "done")]
        rest = [g for g in groups if g.kind not in ("pass", "done")]
        if kind == "declare":                       # attacks first, then Finish
            attacks = [g for g in rest if g.kind == "attack_with"]
            return attacks + passes + [g for g in rest if g.kind != "attack_with"]
        return rest + passes

    def explain(self, ref: Ref, zone: str) -> Any:
        # a card in hand that cannot be played now: the engine says why (its cost, timing...)
        return A.PlayCard(ref.id, ()) if zone == "hand" and ref.kind == "card" else None

    # -- the prompt, the track -------------------------------------------------------------
    def prompt(self, decision: Any, view: Any) -> tuple[str, str]:
        L = self.lang
        phase = t(f"phase.{view.phase}", L)
        return (t(f"decision.{decision.kind}", L, phase=phase), t(f"keys.{decision.kind}", L))

    def track_label(self, item: TrackItem, view: Any) -> Text:
        L = self.lang
        iid = item.source.id if item.source is not None else -1
        if item.label == "line.trigger":
            return Text(t("line.trigger", L, card=self.card(iid),
                          player=self.player(item.controller)))
        text = Text()
        text.append(self.card(iid), style="bold")
        text.append(" · " + t(item.label, L))
        text.append(" · " + self.player(item.controller))
        if item.targets:
            text.append(" → " + self.namer.targets([target(r) for r in item.targets],
                                                   view.line))
        if "prevented" in item.flags:
            text.append(" " + t("line.prevented", L), style="red")
        if "top" in item.flags:
            text.append(" " + t("line.top", L), style="dim")
        return text

    def track_title(self, frame: Any, view: Any) -> str:
        return ""                                   # one frame: the pane's title says it

    # -- detail, zones, replay ---------------------------------------------------------------
    def detail_screen(self, ref: Ref | None, key: str, view: Any) -> Any:
        from hkk_tui.rulesets.hkk.card_screen import CardScreen

        cv = view.find(ref.id) if ref is not None and ref.kind == "card" and view else None
        cid = cv.cid if cv is not None else key
        if not cid or cid not in self.pool:
            return None
        return CardScreen(self.pool[cid], self.lang, cv, self.namer)

    def zone_options(self, zone: str, view: Any) -> tuple[str, list[tuple[str, Any]]]:
        me = view.viewer if view.viewer in (0, 1) else 0
        options = []
        for p in (me, 1 - me):
            for cv in getattr(view.players[p], zone):
                options.append((f"{self.player(p)}: {self.card(cv.iid)}", Ref("card", cv.iid)))
        return t(f"zone.title_{zone}", self.lang), options

    def inspect(self, state: Any) -> Text:
        from hkk_tui.rulesets.hkk.inspect import state_text

        return state_text(state, self.ruleset, self.names, self.lang)

    def replay_turn(self, event: Any) -> int | None:
        return event.turn if isinstance(event, E.TurnBegan) else None

    def log_events(self, events: Any) -> Any:
        return E.unfold(events)

    def replay_phase(self, event: Any) -> bool:
        if isinstance(event, E.Advanced):             # the steps an entry went through
            return any(step in (0, 1) and phase in PHASE_ORDER
                       for phase, step in E.steps_begun((event,)))
        return isinstance(event, E.StepBegan) and event.step in (0, 1) and \
            event.phase in PHASE_ORDER

    def headline(self, summary: dict[str, Any]) -> tuple[str, list[float]] | None:
        """The graph of a finished game follows each player's life (K 3.14: 0 life loses);
        VP is a resource spent every turn, not a score."""
        heads = summary.get("headlines") or []
        return (self.t("graph.headline"), [h["life"] for h in heads]) if heads else None


class HkkUI(BaseUI):
    name = NS
    css_path = _HERE / "hkk.tcss"
    catalog_dir = _HERE / "i18n"
    bindings = (Binding("g", "zone('graveyard')", "hkk:key.graveyard"),
                Binding("v", "zone('void')", "hkk:key.void", show=False))
    bindings_after = "y"
    table_class = HkkTable

    def board_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.hkk.board import Board

        return Board(**kw)

    def hand_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.hkk.hand import Hand

        return Hand(**kw)


UI = HkkUI()
