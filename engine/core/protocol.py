"""What every ruleset gives the platform besides its rules: results, summaries, tracks and action
hints (RULESETS.md, "What the core offers every ruleset").

The shell, the bots and the network layer work from these values alone; they never import a
ruleset's own classes. Everything here is a plain msgspec Struct, so it can be sent to a network
client as it is. Labels are catalog keys with parameters, never finished sentences: the shell
renders them in the player's language (a ruleset's keys live under its own namespace).
"""

from __future__ import annotations

from typing import Any

import msgspec

#: The viewer of the omniscient view (replays and the debugger only; explicit, never a seat).
OMNISCIENT = -1

#: Kinds of :class:`Ref`.
REF_KINDS = ("card", "piece", "square", "player", "item")

#: Roles of an :class:`ActionHint`: ``draw`` is the offer of a draw (like ``concede``, never a
#: legal answer of a decision: the shell offers it from ``ruleset.draw_offer_action``).
ROLES = ("act", "pass", "done", "concede", "draw")


class Ref(msgspec.Struct, frozen=True, array_like=True):
    """A generic reference to something on the table: a card instance, a piece, a square (its
    index), a player (seat) or an item of the track (its index)."""

    kind: str
    id: int


class Result(msgspec.Struct, frozen=True):
    """How a game ended: the winning seats (empty for a draw), why, under which rule, and
    optional scores (one per seat)."""

    winners: tuple[int, ...]
    reason: str
    rule: str = ""
    scores: tuple[float, ...] | None = None

    @property
    def draw(self) -> bool:
        return not self.winners


class TrackItem(msgspec.Struct, frozen=True):
    """One entry of a track frame (a card on a reaction line, a pending trigger, a timeline item,
    a turn counter). ``label`` is a catalog key; ``source`` is None when the item is hidden."""

    label: str
    params: dict[str, Any] = {}
    source: Ref | None = None
    controller: int = -1
    targets: tuple[Ref, ...] = ()
    flags: frozenset[str] = frozenset()


class TrackFrame(msgspec.Struct, frozen=True):
    """A frame of the timeline-stack pane: items bottom to top, a queue of what waits to go on,
    notes, and nested frames (a timeline within a manoeuvre within a round)."""

    title: str
    params: dict[str, Any] = {}
    items: tuple[TrackItem, ...] = ()
    queue: tuple[TrackItem, ...] = ()
    notes: tuple[str, ...] = ()
    frames: tuple["TrackFrame", ...] = ()


class TrackView(msgspec.Struct, frozen=True):
    """Everything the timeline-stack pane shows, outermost frame first."""

    frames: tuple[TrackFrame, ...] = ()


class ActionHint(msgspec.Struct, frozen=True):
    """What the shell needs to put one legal action in a menu, without knowing its class.

    ``group`` gathers the actions of one menu line (e.g. the same card played at different
    targets); ``label`` (a catalog key) with ``params`` says what the line is; ``subject`` is what
    acts (a card, a piece), ``dest`` where it goes (a square, a zone owner), ``targets`` what it
    aims at; ``role`` is ``act``, ``pass`` (decline), ``done`` (finish a composite choice) or
    ``concede``; ``cost`` a short cost label key (with params in ``cost_params``).
    """

    group: str
    label: str
    params: dict[str, Any] = {}
    subject: Ref | None = None
    dest: Ref | None = None
    targets: tuple[Ref, ...] = ()
    role: str = "act"
    cost: str = ""
    cost_params: dict[str, Any] = {}
    option: str = ""                  # the label key of this action within its group
    option_params: dict[str, Any] = {}


def summary_dict(turn: int, phase: str, active: int, headlines: list[dict[str, Any]],
                 result: Result | None, **extra: Any) -> dict[str, Any]:
    """The generic summary a ruleset returns (and the save browser reads from a save's meta):
    turn, phase, active seat, one headline per seat (counters by name), the result or None."""
    return {"turn": turn, "phase": phase, "active": active, "headlines": headlines,
            "result": None if result is None else msgspec.to_builtins(result), **extra}
