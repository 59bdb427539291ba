"""The state of a Tash-Kalar game: plain msgspec Structs, changed only by the reducer.

Squares are numbered ``row * size + col`` (size 9, TK R.1). A square holds no piece
(``owner[sq] == -1``, ``rank[sq] == 0``) or a piece of a colour (``owner``) and rank 1 common,
2 heroic, 3 legendary. Colours are numbered: in DUEL, High Form and BATTLE the seat's own number;
in TEAM the team's (seat % 2). Supplies are not stored: a colour's free tokens are its supply
(game options) less its pieces on the board, its score markers and its pieces set aside this turn
(:mod:`engine.tk.board`).

Cards are instances (``iid``) of definitions (``cid``); ``zone`` says where each is: ``deck``,
``hand``, ``discard`` (the seat's own piles, ``owner`` the seat), ``legends``/``legend_discard``,
``flares``/``flare_discard``, ``tasks`` (the task deck), ``task_up`` (face up), ``claimed``,
``table`` (being resolved).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.protocol import Result

SHARED = -1


class Card(msgspec.Struct):
    iid: int
    cid: str
    owner: int            # the seat whose own deck it is; -1 shared (legends, flares, tasks)
    zone: str = "deck"


class Player(msgspec.Struct):
    colour: int
    deck: list[int] = []
    hand: list[int] = []
    discard: list[int] = []
    extra: list[str] = []             # extra cards to draw at the end of this turn
    over: dict[str, int] = {}         # how many over the normal 3-2-1 the hand may stay


class Ask(msgspec.Struct, frozen=True, omit_defaults=True):
    """A choice the game waits for: ``kind`` (start_place, target, piece, dest, place, pickup,
    bottom, legend_colour, bonus_colour, claim), who, the options (squares, cards or indices),
    whether it may be declined (``optional``), the rule it cites and a note for the track."""

    kind: str
    player: int
    options: tuple[int, ...]
    optional: bool = False
    rule: str = ""
    colour: int = -1


class Effect(msgspec.Struct, frozen=True, omit_defaults=True):
    """A card effect being resolved (TK Hatás.1): the card, who resolves it, the scripts still to
    run (``parts``: "effect", "upper", "lower"), the step and how many of it are left (-1: not
    begun), the summoned piece's square (``ref``, -1 for a flare), the marked squares, the piece
    moving now (``mover``) and how many moves it has left."""

    card: int
    player: int
    parts: tuple[str, ...]
    step: int = 0
    left: int = -1
    ref: int = -1
    marked: tuple[int, ...] = ()
    mover: int = -1
    moves: int = 0
    done: tuple[int, ...] = ()        # squares already used by this step (no piece twice)


class State(msgspec.Struct):
    cards: list[Card]
    players: list[Player]
    rng: int
    options: dict[str, Any]
    mode: str                          # duel, highform, battle
    team: bool = False
    size: int = 9
    owner: list[int] = []
    rank: list[int] = []
    legends: list[int] = []
    legend_discard: list[int] = []
    flares: list[int] = []
    flare_discard: list[int] = []
    task_deck: list[int] = []
    tasks_up: list[int] = []           # the three face-up tasks
    next_task: int = -1
    claimed: list[list[int]] = []      # per side (colour)
    scores: list[list[int]] = []       # DUEL/HF: [side][0]; BATTLE: [seat][colour]
    improvised: list[list[bool]] = []  # BATTLE: [seat][colour] used
    aside: list[list[int]] = []        # pieces destroyed this turn: [colour, rank, by seat]
    symbols: list[int] = []            # Deathmatch symbol squares
    centre: list[int] = []             # High Form marked centre
    phase: str = "setup"               # setup, act, over
    turn: int = 0
    active: int = 0
    controller: int = 0                # TEAM: who controls the turn now
    handed: bool = False               # TEAM: control was handed over this turn
    first: int = 0                     # the start player
    actions: int = 0
    discarded: bool = False
    flared: int = 0                    # flares called this turn
    legends_summoned: int = 0          # this turn (DUEL points)
    effect: Effect | None = None
    ask: Ask | None = None
    trigger: int = -1                  # who triggered the end (-1: nobody yet)
    final_left: int = -1               # turns left in the final round (-1: not begun)
    result: Result | None = None
