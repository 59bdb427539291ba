"""The lines of Summoner Wars' turn track (the Turn pane), from the engine's track items and the
view: the six phases with the current one in brackets, moves and attacks used of 3 (with the
extra attacks left), the inactivity warning while no enemy card has been attacked this turn
(SW A tétlenség ára.1), the last roll die by die (``!`` marks a die that hits), the active events
with their charges, and the abilities or events resolving now."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.protocol import Ref, TrackItem
from engine.sw.board import name as square_name
from engine.sw.state import PHASES

#: phases in which the active player can still attack an enemy card this turn
BEFORE_INACTIVITY = ("summon", "move", "build", "attack")
SYMBOL = {"melee": "m", "ranged": "r"}


def _local(key: str) -> str:
    return key.removeprefix("sw.")


def phases_line(table: Any, phase: str, turn: int) -> Text:
    """``Turn 3: Sum [Move] Bld Att Mag Draw``: the turn, the six phases, the current one
    bracketed and bold."""
    out = Text(table.t("track.turn_short", turn=turn) + " ")
    for i, ph in enumerate(PHASES):
        if i:
            out.append(" ")
        word = table.t(f"phase_short.{ph}")
        if ph == phase:
            out.append(f"[{word}]", style="bold reverse")
        else:
            out.append(word, style="dim")
    if phase not in PHASES:
        out.append("  " + table.t(f"phase.{phase}"), style="bold")
    return out


def roll_dice(table: Any, faces: list[str], kind: str) -> Text:
    """Each die's face in short words, ``!`` after a die whose symbol is the attack's."""
    out = Text()
    want = SYMBOL.get(kind, "")
    for i, face in enumerate(faces):
        if i:
            out.append(" ")
        word = "".join(table.t(f"die_short.{sym}") for sym in face) or table.t("die_short.blank")
        if want and want in face:
            out.append(word + "!", style="bold")
        else:
            out.append(word, style="dim")
    return out


def _card(table: Any, ref: Any, view: Any) -> str:
    """``d3 Mole Rider``: a card's square (if it is still on the battlefield) and name."""
    cv = view.find(ref.id) if view is not None and ref is not None else None
    if cv is not None:
        name = table.card_name(cv.cid, cv.name)
        return f"{square_name(cv.square)} {name}" if cv.zone == "board" else name
    return table.namer.card(ref.id) if ref is not None else "?"


def _items(view: Any, table: Any) -> tuple[Any, ...]:
    """The turn frame's items (the track of ``view``; the attacks line reads the moves')."""
    if view is None:
        return ()
    frames = table.ruleset.track(view).frames
    return frames[0].items if frames else ()


def extra_attacks(view: Any) -> int:
    return sum(cv.extra for cv in view.board if cv is not None and cv.controller == view.active)


def track_line(table: Any, item: TrackItem, view: Any) -> Text:
    """One item of the turn track (or of the resolving work) in words."""
    label, p = _local(item.label), item.params
    if label == "track.phase":
        return phases_line(table, p.get("phase", view.phase if view is not None else ""),
                           p.get("turn", view.turn if view is not None else 0))
    if label == "track.moves":              # moves and attacks on one line (the attacks item)
        return Text()
    if label == "track.attacks":
        moves = next((i.params for i in _items(view, table) if _local(i.label) == "track.moves"),
                     {})
        text = Text(table.t("track.moves", used=moves.get("used", 0), max=moves.get("max", 3)))
        text.append(" · " + table.t("track.attacks", used=p.get("used", 0),
                                     max=p.get("max", 3)))
        extra = extra_attacks(view) if view is not None else 0
        if extra:
            text.append(" " + table.t("track.extra", n=extra))
        if view is not None and view.result is None and not view.attacked_enemy \
                and view.phase in BEFORE_INACTIVITY:
            text.append("\n")
            text.append(table.t("track.inactivity"), style="bold")
        return text
    if label == "track.roll":
        attacker = _card(table, item.source, view)
        target = _card(table, item.targets[0] if item.targets else None, view)
        kind = str(p.get("kind", ""))
        text = Text(table.t("track.roll_head", kind=table.t(f"attack.{kind}") if kind else ""))
        text.append_text(roll_dice(table, list(p.get("faces", ())), kind))
        text.append(" " + table.t("track.hits", n=p.get("hits", 0)), style="bold")
        text.append("\n" + table.t("track.roll", attacker=attacker, target=target))
        return text
    if label == "track.active_event":
        cv = view.find(item.source.id) if view is not None and item.source is not None else None
        name = table.card_name(cv.cid, cv.name) if cv is not None else \
            table.card_name(str(p.get("cid", "")))
        text = Text(table.t("track.active_event", card=name,
                            player=table.player(item.controller)))
        if cv is not None and cv.charges:
            text.append(" " + table.t("track.charges", n=cv.charges), style="bold")
        return text
    if label.startswith("task."):
        return task_line(table, item, view)
    return Text(table.t(label, **table._params(p, view)))


def task_line(table: Any, item: TrackItem, view: Any) -> Text:
    """A piece of work resolving: its card and ability (and what set the ability off), what it
    asks if it is on top, and the player whose it is if that is not the active player."""
    kind = _local(item.label)[len("task."):]
    text = Text()
    if item.source is not None:
        text.append(table.name(item.source, view), style="bold")
        ability = item.params.get("ability", -1)
        if isinstance(ability, int) and ability >= 0:
            text.append(": " + table.ability_name(item.source.id, ability))
            by = item.params.get("by", -1)
            if isinstance(by, int) and by >= 0:     # what set it off (two of one ability)
                text.append(table.t("task.by", by=table.name(Ref("card", by), view)))
    else:
        text.append(table.t(f"task.{kind}") if table.has(f"task.{kind}")
                    else table.t("task.other"))
    ask = item.params.get("ask", "")
    if ask:
        text.append(" — " + table.t(f"ask.{ask}"), style="italic")
    elif "waiting" in item.flags:
        text.append(" — " + table.t("task.waits"), style="italic")
    # whose work it is, said only of the other player's (the active player's is the turn's
    # own; the words saved a wrapped line each, and at 80x24 kept three in sight)
    if item.controller >= 0 and (view is None or item.controller != view.active):
        text.append(" · " + table.player(item.controller), style="dim")
    return text
