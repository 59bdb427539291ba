"""M.A.G.U.S.' card detail (``i``): name, type and cost, the numbers its type has (castes,
alignment, physique/astral/mental, level; wall; DP, solving MP, paths and conditions; subtype,
phase, speed, target), its effects, keywords and flavour, and — on the table — where it is,
its state and damage. Only a card the viewer may know is ever shown (MK 1.04)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hkk_tui.widgets.footer import I18nFooter


def card_text(d: Any, tb: Any) -> Text:
    hu = tb.lang == "hu"
    out = Text()
    out.append((d.name.hu if hu else d.name.en) + "\n", style="bold")
    out.append(f"{tb.type_word(d)} · {tb.cost(d)}\n")
    rows: list[str] = []
    if d.type == "adventurer":
        castes = ", ".join(tb.t(f"caste.{c.split('/')[0]}") for c in d.castes)
        rows.append(tb.t("card.castes", castes=castes or "-"))
        if d.alignment:
            rows.append(tb.t("card.alignment", alignment=tb.t(f"alignment.{d.alignment}")))
        rows.append(tb.t("card.stats", physique=d.physique, astral=d.astral, mental=d.mental,
                         level=d.level))
    if d.type == "tower":
        rows.append(tb.t("card.wall", n=d.wall))
        if d.starting_only:
            rows.append(tb.t("card.starting_only"))
    if d.type == "quest":
        rows.append(tb.t("card.quest", dp=d.dp, mp=d.solve_mp, paths=d.paths))
        rows.append(tb.t("card.conditions", conditions=" | ".join(
            tb.condition_words(c) for c in d.conditions) or "-"))
    if d.type in ("action", "event"):
        rows.append(tb.t("card.play", phase=tb.t(f"tag.{d.phase}"),
                         speed=tb.t(f"speed.{d.speed}"),
                         subtype=tb.t(f"subtype.{d.subtype}") if d.subtype else "-",
                         target=tb.t(f"target.{d.target}") if d.target else "-"))
    for eff in getattr(d, "effects", ()):
        rows.append(tb.t("card.effect", op=tb.t(f"op.{eff.op}") if tb.has(f"op.{eff.op}")
                         else eff.op, amount=eff.amount))
    for eff in getattr(d, "reveal", ()) or ():
        rows.append(tb.t("card.reveal", op=tb.t(f"op.{eff.op}") if tb.has(f"op.{eff.op}")
                         else eff.op, amount=eff.amount))
    if d.keywords:
        rows.append(tb.t("card.keywords", keywords=", ".join(k.upper() for k in d.keywords)))
    for r in rows:
        out.append("  " + r + "\n")
    if d.flavour is not None:
        out.append((d.flavour.hu if hu else d.flavour.en) + "\n", style="dim italic")
    return out


class CardScreen(ModalScreen[None]):
    BINDINGS: ClassVar = [Binding("escape,i,q,enter", "close", "key.close")]

    def __init__(self, card: Any, cv: Any, table: Any):
        super().__init__()
        self.card, self.cv, self.table = card, cv, table

    def compose(self) -> ComposeResult:
        tb, cv = self.table, self.cv
        body = card_text(self.card, tb)
        if cv is not None and cv.zone != "hand":
            body.append(tb.t("card.where", zone=tb.t(f"zone.{cv.zone}"),
                             player=tb.player(cv.controller if cv.controller >= 0
                                              else cv.owner)) + "\n", style="bold")
            if self.card.type == "adventurer":
                body.append("  " + tb.t(f"pos.{cv.pos}"))
            if cv.damage:
                body.append("  " + tb.t("board.damage", n=cv.damage))
        with Vertical(id="dialog"), VerticalScroll():
            yield Static(body, id="card-body")
        yield I18nFooter()

    def action_close(self) -> None:
        self.dismiss(None)
