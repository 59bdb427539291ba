"""M.A.G.U.S.' Board pane: one line each, to read and to pick (Enter lists what acts on the
line's card, ``i`` its detail).

First the MP/DP strip — each seat's MP and DP, who is active and why (MK 1.06,
``engine.magus.priority.explain``) — then the manoeuvre panel if one runs (kind, target, the
teams in battle order, step, combat round), then each seat's zones, the opponent's first: the
tower bottom first (a face-down level is "face-down level", its wall unknown, MK 1.04) with what
is attached to each level (obstacles, stored quests), the Line with each adventurer's state in
words (alert / resting / wounded, current level, damage, the equipment it wears, MK 3.05.3), the
quests in Present with the obstacles attached to them (face down to the opponent), the buildings
(DP, Wall, obstacles; MK 3.03), the allies with their alliance points (MK 3.08), Storage, Solved
quests, the Outer plane (MK 9.00: no position there) and the ghosts with the rounds each has
left (MK 11.00), and the Past/Depth/hand/Future counts."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.widgets.messages import Picked, ShowDetail

SEATS = "AB"
#: the steps in which the combat round number means something now
COMBAT_STEPS = ("order", "rounds", "result")
#: the mark of a card face down on the table that the viewer may know (its own)
FACE_DOWN = "▾"


def top_seat(view: Any) -> int:
    """The seat drawn first (the opponent): seat 1 for seat 0 and the omniscient view."""
    return 0 if view.viewer == 1 else 1


class MkBoard(OptionList):
    BINDINGS: ClassVar = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: Any = None
        self.refs: list[Ref | None] = []

    # -- lines ---------------------------------------------------------------------------------
    def _add(self, out: list[tuple[Text, Ref | None]], text: Text | str,
             ref: Ref | None = None) -> None:
        out.append((text if isinstance(text, Text) else Text(text), ref))

    def card_words(self, table: Any, iid: int, acting: set[int], tower: bool = False) -> Text:
        """A card on the table in words: its name (or "face-down …"), its state and damage."""
        cv = self.view.cards.get(iid)
        d = table.card_def(iid)
        text = Text("✓" if iid in acting else "", style="bold")
        if d is None:
            text.append(table.t("board.face_down_level" if tower else "word.hidden_card"),
                        style="italic")
            return text
        if cv is not None and cv.face_down:
            text.append(FACE_DOWN)
        text.append(table.card_name(iid), style="bold")
        extra: list[str] = []
        if tower and d.wall:
            extra.append(table.t("board.wall", n=d.wall))
        if d.type == "adventurer" and cv is not None:
            if cv.zone != "outer":                # no position on the Outer plane (MK 9.00.D)
                extra.append(table.t(f"pos.{cv.pos}"))
            left = getattr(self.view, "ghosts", {}).get(iid)
            if cv.zone == "ghosts" and left is not None:   # its rounds left (MK 11.00.A)
                extra.append(table.t("board16.rounds_left", n=left))
            if cv.zone not in ("ghosts", "outer"):   # a ghost is no adventurer (MK 11.00.D)
                extra.append(table.t("board.level", n=cv.level))
                extra.append(f"{d.physique}/{d.astral}/{d.mental}")
        if d.type in ("quest", "building"):
            extra.append(f"{d.dp} DP")
        if d.type == "building" and d.wall:
            extra.append(table.t("board.wall", n=d.wall))
        if d.type == "ally" and cv is not None:
            extra.append(table.t("board.points", n=cv.points))
        if cv is not None and cv.damage:
            extra.append(table.t("board.damage", n=cv.damage))
        if cv is not None and cv.zone == "team" and not cv.front:
            extra.append(table.t("word.protected"))
        if extra:
            text.append(" (" + ", ".join(extra) + ")", style="dim")
        if d.type == "adventurer":
            worn = [table.card_name(i) for i in self.attached(iid)]
            if worn:                                          # its equipment (MK 3.05.3)
                text.append(" + " + ", ".join(worn))
        return text

    def attachments(self, table: Any, host: int, acting: set[int]) -> Text:
        """What is attached to a tower level, quest or building, each named by its kind: an
        obstacle (face down to the opponent, MK 3.04), a stored quest (MK 1.14.3)."""
        text = Text()
        for ob in self.attached(host):
            d = table.card_def(ob)
            kind = "board.stored" if d is not None and d.type == "quest" else "board.obstacle"
            text.append(" [" + table.t(kind) + ": ")
            text.append_text(self.card_words(table, ob, acting))
            text.append("]")
        return text

    def _joined(self, table: Any, head: str, iids: Any, acting: set[int],
                tower: bool = False) -> Text:
        text = Text(head + ": ", style="bold")
        if not iids:
            text.append(table.t("board.none"), style="dim")
        for n, iid in enumerate(iids):
            if n:
                text.append(" · ")
            text.append_text(self.card_words(table, iid, acting, tower))
        return text

    def zone_of(self, seat: int, zone: str) -> list[int]:
        """The cards ``seat`` controls in a zone the seat view does not list (the Outer plane,
        the ghosts), in the order they came."""
        return sorted(i for i, cv in self.view.cards.items() if cv.zone == zone
                      and (cv.controller if cv.controller >= 0 else cv.owner) == seat)

    def attached(self, host: int) -> list[int]:
        return sorted(i for i, cv in self.view.cards.items()
                      if cv.zone == "attached" and cv.host == host)

    def strip(self, view: Any, table: Any) -> list[Text]:
        """The MP/DP strip: both seats and who is active and why."""
        line = Text()
        d = view.decision                     # who decides now: the active player, or the
        deciding = d.player if d is not None else -1   # chooser of a team, a victim …
        for seat in (0, 1):
            sv = view.seats[seat]
            mark = "»" if deciding == seat else " "
            line.append(f"{mark}{SEATS[seat]} {table.player(seat)[:14]}: ", style="bold")
            line.append(f"{sv.mp} MP · {sv.dp} DP  ")
        if view.result is not None:
            why = Text(table.t("board.over", reason=table.result_reason(view.result),
                               rule=view.result.rule), style="bold")
        elif view.decision is not None or view.phase not in ("setup", "over"):
            why = Text(table.why_line(view), style="bold")
        else:
            why = Text(table.t("board.setup"))
        return [line, why]

    def manoeuvre(self, view: Any, table: Any, acting: set[int]) -> list[Text]:
        m = view.manoeuvre
        if m is None:
            return []
        head = Text(table.t("board.manoeuvre", kind=table.t(f"kind.{m.kind}"),
                            target=table.target_name(m.target),
                            player=table.player(m.initiator)), style="bold reverse")
        step = Text(table.t("board.step", step=table.t(f"step.{m.step}")
                            if table.has(f"step.{m.step}") else m.step))
        if m.combat_round and m.step in COMBAT_STEPS:        # (not after the combat)
            step.append(" · " + table.t("board.combat_round", n=m.combat_round))
        out = [head, step]
        for key, team in (("board.initiators", m.attackers), ("board.blockers", m.blockers)):
            order = [i for i in team if i in view.cards and view.cards[i].front] + \
                [i for i in team if i in view.cards and not view.cards[i].front]
            out.append(self._joined(table, "  " + table.t(key), order, acting))
        return out

    def seat_lines(self, view: Any, table: Any, seat: int,
                   acting: set[int]) -> list[tuple[Text, Ref | None]]:
        sv = view.seats[seat]
        out: list[tuple[Text, Ref | None]] = []
        head = Text(f"── {SEATS[seat]} {table.player(seat)} ── ", style="bold")
        head.append(table.t("board.counts", past=len(sv.past), depth=len(sv.depth),
                            hand=sv.hand, future=sv.future), style="dim")
        self._add(out, head)
        tower = Text(table.t("board.tower") + ": ", style="bold")
        if not sv.tower:
            tower.append(table.t("board.none"), style="dim")
        for n, iid in enumerate(sv.tower):
            if n:
                tower.append(" ▸ ")
            tower.append(f"{n + 1}. ")
            tower.append_text(self.card_words(table, iid, acting, tower=True))
            tower.append_text(self.attachments(table, iid, acting))
        self._add(out, tower)
        for iid in sv.line:
            text = Text("  " + table.t("board.line") + ": ", style="bold")
            text.append_text(self.card_words(table, iid, acting))
            self._add(out, text, Ref("card", iid))
        if not sv.line:
            self._add(out, self._joined(table, "  " + table.t("board.line"), (), acting))
        for iid in sv.quests:
            text = Text("  " + table.t("board.quest") + ": ", style="bold")
            text.append_text(self.card_words(table, iid, acting))
            text.append_text(self.attachments(table, iid, acting))
            self._add(out, text, Ref("card", iid))
        for key, zone in (("board.building", sv.buildings), ("board.ally", sv.allies)):
            for iid in zone:
                text = Text("  " + table.t(key) + ": ", style="bold")
                text.append_text(self.card_words(table, iid, acting))
                text.append_text(self.attachments(table, iid, acting))
                self._add(out, text, Ref("card", iid))
        for iid in self.zone_of(seat, "outer"):             # the Outer plane (MK 9.00)
            text = Text("  " + table.t("board16.outer") + ": ", style="bold")
            text.append_text(self.card_words(table, iid, acting))
            self._add(out, text, Ref("card", iid))
        for iid in self.zone_of(seat, "ghosts"):            # ghosts in Present (MK 11.00)
            text = Text("  " + table.t("board16.ghost") + ": ", style="bold")
            text.append_text(self.card_words(table, iid, acting))
            self._add(out, text, Ref("card", iid))
        if sv.storage:
            self._add(out, self._joined(table, "  " + table.t("board.storage"), sv.storage,
                                        acting))
        if sv.solved:
            self._add(out, self._joined(table, "  " + table.t("board.solved"), sv.solved,
                                        acting))
        return out

    # -- the pane ------------------------------------------------------------------------------
    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        table.learn(view)
        self.view = view
        acting = {h.subject.id for h in hints if h.subject is not None
                  and h.subject.kind == "card"}
        rows: list[tuple[Text, Ref | None]] = [(t, None) for t in self.strip(view, table)]
        rows += [(t, None) for t in self.manoeuvre(view, table, acting)]
        first = top_seat(view)
        for seat in (first, 1 - first):
            rows += self.seat_lines(view, table, seat, acting)
        keep = self.highlighted
        self.clear_options()
        self.refs = [r for _, r in rows]
        self.add_options([Option(t) for t, _ in rows])
        if keep is not None and keep < len(rows):
            self.highlighted = keep
        for node in self.ancestors:
            if getattr(node, "id", None) == "board-pane":
                node.border_subtitle = table.t("board.legend", mark=FACE_DOWN)

    def _ref(self) -> Ref | None:
        i = self.highlighted
        return self.refs[i] if i is not None and i < len(self.refs) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        ref = self._ref()
        if ref is not None:
            self.post_message(Picked(ref, "board"))

    def action_info(self) -> None:
        ref = self._ref()
        if ref is not None:
            self.post_message(ShowDetail(ref))
