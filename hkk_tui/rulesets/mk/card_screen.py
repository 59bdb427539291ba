"""M.A.G.U.S.' card detail (``i``): name, type and cost, the numbers its type has (castes,
alignment, physique/astral/mental, level; wall; DP, solving MP, paths and conditions; subtype,
phase, speed, target), its effects, keywords and flavour, and — on the table — where it is,
its state and damage; the §16 fields (mosaic forms and their MP, the antiss mark, the outer-plane
symbol, spirit rounds, machine and build-on) and FÓKUSZ, KINCS and treasure hunting in words.
Only a card the viewer may know is ever shown (MK 1.04)."""

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
    cost = tb.t("detail16.cost_by_form") if d.mosaic else tb.cost(d)      # MK 7.00
    out.append(f"{tb.type_word(d)} · {cost}\n")
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
    ability = ("detail16.outer_effect" if d.outer and d.outer_mp else
               "detail16.spirit_effect" if d.spirit else "card.effect")
    for eff in getattr(d, "effects", ()):
        rows.append(tb.t(ability, op=tb.t(f"op.{eff.op}") if tb.has(f"op.{eff.op}")
                         else eff.op, amount=eff.amount))
    for eff in getattr(d, "reveal", ()) or ():
        rows.append(tb.t("card.reveal", op=tb.t(f"op.{eff.op}") if tb.has(f"op.{eff.op}")
                         else eff.op, amount=eff.amount))
    if getattr(d, "one_only", False):                                    # MK 1.14.4
        rows.append(tb.t("detail18.one_only"))
    if getattr(d, "reach", ""):                                          # MK 3.05.3.K
        rows.append(tb.t(f"detail18.reach_{d.reach}", mp=d.strike_mp))
    pierce = getattr(d, "pierce", None)                                  # MK 5.10, MK 2.17
    if pierce is not None:
        rows.append(tb.t("detail18.pierce_strong" if pierce.strong else "detail18.pierce"))
    stance = getattr(d, "armour_stance", None)
    if stance is not None and stance.settles:
        rows.append(tb.t("detail18.armour_settles"))
    if d.keywords:
        rows.append(tb.t("card.keywords", keywords=", ".join(k.upper() for k in d.keywords)))
    rows += subsystem_rows(d, tb)
    for r in rows:
        out.append("  " + r + "\n")
    if d.flavour is not None:
        out.append((d.flavour.hu if hu else d.flavour.en) + "\n", style="dim italic")
    return out


def mosaic_rows(d: Any, tb: Any) -> list[str]:
    """MK 7.00: the element, and each form the card offers with its MP requirement (the forms of
    its phase: combat forms in the combat rounds, Line forms in the Sor) and its half-save."""
    from engine.magus import mosaic
    from engine.magus.mosaic import COMBAT_FORMS, HALF_SAVE, LINE_FORMS, MAX_BASE

    element = tb.t(f"element16.{d.mosaic}") if tb.has(f"element16.{d.mosaic}") else d.mosaic
    rows = [tb.t("detail16.mosaic", element=element, max=MAX_BASE)]
    forms = list(COMBAT_FORMS if d.phase == "combat" else LINE_FORMS)
    if "aura" in getattr(mosaic, "FORMS", ()):          # the neutraliser form (MK 7.03)
        forms.append("aura")
    for form in forms:
        line = tb.t(f"form16.{form}")
        if form in HALF_SAVE:
            line += " · " + tb.t("detail16.half_save")
        rows.append("  " + line)
    return rows


def subsystem_rows(d: Any, tb: Any) -> list[str]:
    """The §16 fields and the keywords with a number, in words: mosaic (MK 7.00), the antiss
    (MK 8.01-8.02), the Outer plane (MK 9.00), machines and build-ons (MK 10.00-10.02), spirit
    rounds (MK 11.00), FÓKUSZ (MK 2.19, ruling 15), KINCS (MK 2.07), treasure hunting
    (MK 1.14.14)."""
    rows: list[str] = []
    if d.mosaic:
        rows += mosaic_rows(d, tb)
    if d.antiss:
        rows.append(tb.t("detail16.antiss_quest" if d.type == "quest"
                         else "detail16.antiss_mark"))
    if getattr(d, "antiss_mp", 0):                    # an antiss ability (MK 8.01.B)
        rows.append(tb.t("detail16.antiss_ability", mp=d.antiss_mp))
    if d.outer:
        rows.append(tb.t("detail16.outer"))
        if d.outer_mp:
            rows.append(tb.t("detail16.outer_mp", mp=d.outer_mp))
    if d.spirit:
        rows.append(tb.t("detail16.spirit", n=d.spirit, mp=d.spirit_mp))
    if d.machine:
        rows.append(tb.t("detail16.machine", n=d.mp))
    if d.build_mp:
        rows.append(tb.t("detail16.build_on", mp=d.build_mp, dmg=d.build_dmg))
    if d.race == "kahrei" and d.type == "adventurer":
        rows.append(tb.t("detail16.kahrei", n=d.level))
    if "focus" in d.keywords:
        rows.append(tb.t("detail16.focus"))
    if d.treasure:
        rows.append(tb.t("detail16.treasure", n=d.treasure))
    hunting = getattr(d, "hunting", 0)                # KINCSKERESÉS X (MK 1.14.14)
    if hunting:
        rows.append(tb.t("detail16.treasure_hunting", n=hunting))
    return rows


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
            if self.card.type == "adventurer" and cv.zone != "outer":   # MK 9.00.D
                body.append("  " + tb.t(f"pos.{cv.pos}"))
            left = getattr(tb.view, "ghosts", {}).get(cv.iid) if tb.view is not None else None
            if cv.zone == "ghosts" and left is not None:                # MK 11.00.A
                body.append("  " + tb.t("board16.rounds_left", n=left))
            if cv.damage:
                body.append("  " + tb.t("board.damage", n=cv.damage))
        with Vertical(id="dialog"), VerticalScroll():
            yield Static(body, id="card-body")
        yield I18nFooter()

    def action_close(self) -> None:
        self.dismiss(None)
