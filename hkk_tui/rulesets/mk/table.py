"""M.A.G.U.S.' words for one game (namespace ``mk``): card names from the pinned pool, events
with their MK citations, menu lines, the prompt, the Timeline's frames and the MP/DP strip.

A card is named only when the viewer may know it: the table learns a card's identity from the
views it is shown (a redacted view carries ``cid == ""`` for what the viewer may not see) and
from ``Revealed`` events; anything else is "a face-down card" (MK 1.04). The instance ids are a
seeded shuffle of the header's decklists, so the table never derives names from the header.
"""

from __future__ import annotations

from typing import Any

import msgspec
from rich.text import Text

from engine.core.protocol import ActionHint, Ref, TrackItem
from engine.magus import events as E
from engine.magus.priority import WHY_RULES, explain
from hkk_tui.rulesets.base import Table

NS = "mk"
#: parameters of events, hints and track items that name a card instance
CARD_PARAMS = ("card", "victim", "quest", "target", "host", "caster", "target_card", "building",
               "tower")
#: bookkeeping told only in the log's full detail
DETAIL = (E.DieRolled, E.Stamped, E.StageSet, E.Shuffled, E.Drew, E.ActiveSet, E.Picked,
          E.PositionSet, E.DamageCleared, E.MpChanged)
SEATS = "AB"


def local(key: str) -> str:
    return key.removeprefix(NS + ".")


class MkTable(Table):
    def __init__(self, ui: Any, header: Any, ruleset: Any, names: list[str], lang: str):
        super().__init__(ui, header, ruleset, names, lang)
        self.pool = getattr(ruleset, "pool", {}) or {}
        # instance -> card id, as each viewer learnt it (a replay switches viewers)
        self._known: dict[int, dict[int, str]] = {}
        self.view: Any = None

    @property
    def known(self) -> dict[int, str]:
        viewer = self.view.viewer if self.view is not None else -2
        return self._known.setdefault(viewer, {})

    def t(self, key: str, **params: Any) -> str:
        return super().t(local(key), **params)

    def has(self, key: str) -> bool:
        return super().has(local(key))

    # -- knowing -----------------------------------------------------------------------------
    def learn(self, view: Any) -> None:
        """Remember the names the viewer may know from ``view`` (never from the header)."""
        if view is None or not hasattr(view, "cards"):
            return
        self.view = view
        known = self.known
        for iid, cv in view.cards.items():
            if cv.cid:
                known[iid] = cv.cid

    def card_def(self, iid: int) -> Any:
        cv = self.view.cards.get(iid) if self.view is not None else None
        cid = cv.cid if cv is not None and cv.cid else self.known.get(iid, "")
        return self.pool.get(cid) if cid else None

    def card_name(self, iid: int) -> str:
        if iid < 0:
            return self.t("word.nothing")
        d = self.card_def(iid)
        if d is None:
            return self.t("word.hidden_card")
        return d.name.hu if self.lang == "hu" else d.name.en

    def target_name(self, iid: int) -> str:
        """A card as a manoeuvre's target: its name, or for a face-down tower level whose
        name the viewer may not know, which level of whose tower it is."""
        if self.card_def(iid) is not None or self.view is None:
            return self.card_name(iid)
        for seat, sv in enumerate(self.view.seats):
            if iid in sv.tower:
                return self.t("word.tower_level", n=sv.tower.index(iid) + 1,
                              player=self.player(seat))
        return self.card_name(iid)

    def condition_words(self, text: str) -> str:
        """A quest condition (MK 3.02, ``warrior+rogue``, ``2*priest/mage``, ``physique>4``) in
        words: castes by name, tests as ``Physique > 4``."""
        def atom(a: str) -> str:
            for attr in ("physique", "astral", "mental"):
                if a.startswith(attr + ">"):
                    return f"{self.t('attr.' + attr)} > {a[len(attr) + 1:]}"
            key = f"caste.{a.split('/')[0]}"
            return self.t(key) if self.has(key) else a

        def part(p: str) -> str:
            times, star, rest = p.partition("*")
            head = f"{times}× " if star else ""
            chunk = rest if star else p
            return head + self.t("word.or").join(atom(a) for a in chunk.split("/"))

        return " + ".join(part(p.strip()) for p in text.split("+"))

    def type_word(self, d: Any) -> str:
        return self.t(f"type.{d.type}")

    def cost(self, d: Any) -> str:
        """``4 MP`` (what playing it costs, MK 5.01.C) with its speed if fast."""
        text = "? MP" if getattr(d, "mosaic", "") else f"{d.mp} MP"    # by its form, MK 7.00
        if d.type in ("action", "event") and d.speed == "fast":
            text += " " + self.t("word.fast")
        return text

    def name(self, ref: Ref | None, view: Any = None) -> str:
        if ref is not None and ref.kind == "card":
            self.learn(view)
            return self.card_name(ref.id)
        if ref is not None and ref.kind == "player":
            return self.player(ref.id)
        return super().name(ref, view)

    def _params(self, params: dict[str, Any], view: Any) -> dict[str, Any]:
        self.learn(view)
        out: dict[str, Any] = {}
        for k, v in params.items():
            if isinstance(v, Ref):
                out[k] = self.name(v, view)
            elif k in CARD_PARAMS and isinstance(v, int) and not isinstance(v, bool):
                out[k] = self.card_name(v)
            elif k in ("player", "initiator", "seat", "by") and isinstance(v, int):
                out[k] = self.player(v)
            elif k in ("kind", "step", "phase", "context", "outcome", "reason", "how",
                       "what", "why", "purpose") and isinstance(v, str):
                key = f"{k}.{v}"
                out[k] = self.t(key) if v and self.has(key) else v
            elif k == "stage" and isinstance(v, str):
                key = next((f"{ns}.{v}" for ns in ("decision", "stage")
                            if self.has(f"{ns}.{v}")), "")
                out[k] = self.t(key) if key else v
            elif k in ("end", "go", "met", "success") and isinstance(v, bool):
                out[k] = self.t("word.yes" if v else "word.no")
            elif k == "index" and isinstance(v, int):
                out[k] = v + 1
            elif k == "delta" and isinstance(v, int):
                out[k] = f"{v:+d}"
            else:
                out[k] = v
        return out

    # -- the log -------------------------------------------------------------------------------
    def describe(self, event: Any) -> tuple[str, str] | None:
        if isinstance(event, E.Revealed) and event.cid:
            self.known[event.card] = event.cid
        key = f"ev.{type(event).__name__}"
        if isinstance(event, E.ScenarioSet):          # a scenario's position (its own table)
            key = "scenario16.set"
        if not self.has(key):
            return None
        fields = msgspec.structs.asdict(event)
        params = self._params(fields, None)
        for k in ("player", "by"):
            if isinstance(fields.get(k), int):
                params[f"{k}_name"] = self.player(fields[k])
        if isinstance(event, E.GameEnded):
            params["winners"] = ", ".join(self.player(w) for w in event.winners) \
                or self.t("word.nobody")
        if isinstance(event, E.CombatDecided):
            params["winner"] = self.player(event.winner) if event.winner >= 0 \
                else self.t("word.draw")
        if isinstance(event, E.TeamJoined):
            params["side"] = self.t("word.initiators" if event.side == 0 else "word.blockers")
        if isinstance(event, E.ItemAdded) and event.card >= 0 and event.hidden \
                and event.card not in self.known:
            params["card"] = self.t("word.hidden_card")
        if isinstance(event, E.ActiveSet):
            params["why"] = self.t(f"why.{event.why}", a=event.a, b=event.b) \
                if self.has(f"why.{event.why}") else event.why
        if isinstance(event, E.Picked) and event.card < 0:
            return self.t("ev.PickedHidden", **params), self.rule(event)
        if isinstance(event, E.ItemAdded):
            params["kind"] = "" if event.kind == "card" else f" ({params['kind']})"
        if isinstance(event, E.ManoeuvreBegan):
            params["target"] = self.target_name(event.target)
        if isinstance(event, E.CardMoved):
            params["zone"] = self.t(f"zone.{event.zone}")
        if isinstance(event, E.PositionSet):
            params["pos"] = self.t(f"pos.{event.pos}")
        if isinstance(event, E.OrderSet):
            params["front"] = self.t("word.front" if event.front else "word.protected")
        if isinstance(event, E.CutOffered):
            params["players"] = ", ".join(self.player(p) for p in event.players)
        return self.t(key, **params), self.rule(event)

    def story(self, event: Any) -> bool:
        return not isinstance(event, DETAIL)

    def action(self, action: Any) -> str:
        name = type(action).__name__.lower()
        key = f"act.{name}"
        if not self.has(key):
            return type(action).__name__
        fields = msgspec.structs.asdict(action) if isinstance(action, msgspec.Struct) else {}
        return self.t(key, **self._params({**fields, "cid": ""}, None))

    # -- menus -----------------------------------------------------------------------------------
    def group_key(self, hint: ActionHint) -> str:
        """A card played at several targets is one menu line (its targets the second list);
        every other decision is a line of its own (who starts, yes/no, a condition)."""
        if local(hint.label) == "act.play":
            return hint.group
        rest = ",".join(f"{k}={v}" for k, v in sorted(hint.params.items()) if k != "cid")
        return f"{hint.group}|{rest}"

    def label(self, hint: ActionHint, view: Any) -> str:
        params = self._params(hint.params, view)
        m = getattr(view, "manoeuvre", None)
        if local(hint.label) == "act.condition" and m is not None:
            d = self.card_def(m.target)
            i = hint.params.get("index", -1)
            if d is not None and 0 <= i < len(d.conditions):
                return self.t("act.condition_named", index=i + 1,
                              condition=self.condition_words(d.conditions[i]))
        if local(hint.label) == "act.picktower" and hint.subject is not None:
            d = self.card_def(hint.subject.id)
            if d is not None:
                params["card"] = f"{params['card']} ({self.t('board.wall', n=d.wall)})"
        if local(hint.label) == "act.play" and hint.subject is not None:
            d = self.card_def(hint.subject.id)
            if d is not None:
                params["card"] = f"{params['card']} ({self.cost(d)})"
        return self.t(hint.label, **params)

    def target_words(self, iid: int) -> str:
        """A target in a menu: its name and, for an adventurer on the table, its position,
        current level and damage (two of the same name told apart as a player would)."""
        name = self.card_name(iid)
        cv = self.view.cards.get(iid) if self.view is not None else None
        d = self.card_def(iid)
        if cv is None or d is None or d.type != "adventurer" or cv.zone not in ("line", "team"):
            return name
        state = [self.t(f"pos.{cv.pos}"), self.t("board.level", n=cv.level)]
        if cv.damage:
            state.append(self.t("board.damage", n=cv.damage))
        return f"{name} ({', '.join(state)})"

    def distinct_label(self, hint: ActionHint, view: Any) -> str:
        """A line another one reads alike: with its target's state, or whose the host of an
        attachment is (two quests of one name, one in each player's Present)."""
        text = self.label(hint, view)
        target = hint.params.get("target", -1)
        if isinstance(target, int) and target >= 0 and "{target}" not in text:
            text += " → " + self.target_words(target)
        host = hint.params.get("host", -1)
        cv = view.cards.get(host) if view is not None and isinstance(host, int) else None
        if cv is not None:
            text += " · " + self.player(cv.controller if cv.controller >= 0 else cv.owner)
        return text

    def option_label(self, hint: ActionHint, view: Any) -> str:
        text = self.label(hint, view)
        target = hint.params.get("target", -1)
        if local(hint.label) == "act.play" and isinstance(target, int) and target >= 0:
            text += " → " + self.target_words(target)
        return text

    def explain(self, ref: Ref, zone: str) -> Any:
        """A hand card with no legal action now: play it, so the engine says why in its words
        (not fast enough in a running timeline, MK 6.05.A; too few MP, MK 5.01.C; …), refused
        before any event."""
        from engine.magus.actions import Play

        if zone == "hand" and ref.kind == "card":
            return Play(ref.id)
        return None

    def prompt(self, decision: Any, view: Any) -> tuple[str, str]:
        self.learn(view)
        kind = local(decision.kind)
        key = f"decision.{kind}"
        what = self.t(key) if self.has(key) else kind
        keys = self.t(f"keys.{kind}") if self.has(f"keys.{kind}") else self.t("keys.default")
        return what, keys

    def why_line(self, view: Any) -> str:
        """Who acts now and why: in a priority decision the active player by MP (MK 1.06,
        priority.explain) with its rule; in any other decision whose it is, what and by which
        rule (a team, a wall check, a discard …)."""
        d = view.decision
        if d is not None and local(d.kind) != "priority":
            kind = local(d.kind)
            return self.t("strip.decides", player=self.player(d.player),
                          seat=SEATS[d.player] if d.player in (0, 1) else "?",
                          what=self.t(f"decision.{kind}") if self.has(f"decision.{kind}")
                          else kind, rule=d.rule)
        why = explain(view, self.lang) if view.why else ""
        rule = WHY_RULES.get(view.why, "MK 1.06")
        return self.t("strip.active", player=self.player(view.active),
                      seat=SEATS[view.active] if view.active in (0, 1) else "?",
                      why=why or self.t("strip.no_why"), rule=rule)

    # -- the Timeline pane ------------------------------------------------------------------------
    def track_title(self, frame: Any, view: Any) -> str:
        self.learn(view)
        title = local(frame.title)
        p = frame.params
        if title == "track.round":
            return self.t("track.round", round=p.get("round", 0))
        if title == "track.phase":
            return self.t("track.phase", round=view.round if view is not None else 0,
                          phase=self.t(f"phase.{p.get('phase', '')}")
                          if self.has(f"phase.{p.get('phase', '')}") else p.get("phase", ""),
                          active=self.player(p.get("active", -1)))
        if title == "track.manoeuvre":
            text = self.t("track.manoeuvre", **self._params(
                {"kind": p.get("kind", ""), "step": p.get("step", "")}, view))
            if p.get("round", 0) and p.get("step", "") in ("order", "rounds", "result"):
                text += " · " + self.t("track.combat_round", n=p.get("round", 0))
            return text
        if title == "tl.m_surround":
            # a manoeuvre's surrounding timeline has no windows (ruling 13): its notes read
            # under the manoeuvre's own line, with no heading of their own
            return ""
        if title.startswith("tl."):
            return self.t("track.timeline", kind=self.t(title))
        return self.t(title, **self._params(p, view)) if title else ""

    def track_label(self, item: TrackItem, view: Any) -> Text:
        self.learn(view)
        label = local(item.label)
        if item.source is None or "hidden" in item.flags:
            what = self.t("track.hidden_item")
        else:
            what = self.t(label, card=self.card_name(item.source.id))
        text = Text(what, style="bold" if item.source is not None else "")
        text.append(" · " + self.player(item.controller), style="dim")
        if item.targets:
            text.append(" → " + ", ".join(self.card_name(r.id) for r in item.targets))
        return text

    def track_note(self, note: str, view: Any) -> str:
        """A frame's notes (engine.magus.views.track): who acts in it and why, its pass state
        and what resolves next, and what waits for its end (MK 6.05.J-N, 6.06.C)."""
        kind, _, rest = note.partition(":")
        args = rest.split(":") if rest else []
        if kind == "active" and view is not None:
            return self.t("track.active", player=self.player(view.active),
                          why=explain(view, self.lang) if view.why else self.t("strip.no_why"))
        if kind == "passes":
            n = int(args[0]) if args else 0
            last = int(args[1]) if len(args) > 1 else -1
            items = int(args[2]) if len(args) > 2 else 0
            what = "unwinds" if items else "ends"
            if n == 0:
                return self.t(f"track.two_passes_{what}")
            if last in (0, 1):
                return self.t(f"track.passed_{what}", player=self.player(last))
            return self.t("track.passes", n=n)
        if kind in ("sor", "combat") and len(args) == 2:
            n, last = int(args[0]), int(args[1])
            if n and last in (0, 1):
                return self.t(f"track.{kind}_passed", player=self.player(last))
            return self.t(f"track.{kind}_two_passes")
        if kind in ("dies", "wounds", "keeps", "home") and len(args) == 2:
            card = self.card_name(int(args[0]))
            if kind == "dies" and args[1] == "effect":
                return self.t("track.dies_effect", card=card)
            if kind == "wounds" and args[1] == "0":
                return self.t("track.wounds_healed", card=card)
            return self.t(f"track.{kind}", card=card, amount=args[1])
        return self.t(note) if self.has(note) else note

    def result_reason(self, result: Any) -> str:
        key = f"reason.{result.reason}"
        return self.t(key) if self.has(key) else result.reason

    # -- detail ----------------------------------------------------------------------------
    def detail_screen(self, ref: Ref | None, key: str, view: Any) -> Any:
        from hkk_tui.rulesets.mk.card_screen import CardScreen

        self.learn(view)
        if ref is None or ref.kind != "card":
            return None
        d = self.card_def(ref.id)
        if d is None:
            return None
        cv = view.cards.get(ref.id) if view is not None else None
        return CardScreen(d, cv, self)

    def replay_turn(self, event: Any) -> int | None:
        return event.round if isinstance(event, E.RoundBegan) else None

    def replay_phase(self, event: Any) -> bool:
        return isinstance(event, E.PhaseBegan)
