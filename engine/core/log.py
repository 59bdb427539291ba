"""The game log: a header plus an ordered list of entries (ruleset-independent).

An entry is one submitted action (who, what) with the events it produced. Applying the events of
every entry, in order, to the ruleset's initial state rebuilds the game exactly.
"""

from __future__ import annotations

from typing import Any

import msgspec

#: Version of the save format. Bump it and add an upgrade function in ``engine.core.store``
#: whenever the header or entry layout changes incompatibly.
FORMAT_VERSION = 1

SYSTEM = -1
"""The 'player' of entries the rules produce by themselves (game start)."""


class Seat(msgspec.Struct, frozen=True):
    """One player seat: display name, deck id and who plays it (``human`` or ``ai:<bot>``)."""

    name: str
    deck: str
    kind: str = "human"


class Header(msgspec.Struct, frozen=True):
    """Everything needed, besides the entries, to rebuild or re-verify a game."""

    format_version: int
    ruleset: str
    ruleset_version: str
    seed: int
    seats: tuple[Seat, ...]
    options: dict[str, Any] = {}
    #: Digest of the card definitions used; ``cards`` pins them (msgpack bytes) so an old save
    #: replays with the card texts it was played with.
    card_pool_digest: str = ""
    cards: bytes = b""
    #: Decks as lists of card ids, in file order (before shuffling).
    decklists: tuple[tuple[str, ...], ...] = ()
    created: str = ""
    #: For "play from here" games: (source save name, entry index) the game branched from.
    branched_from: tuple[str, int] | None = None
    title: str = ""


class Entry(msgspec.Struct, frozen=True):
    """One submitted action and the events it produced.

    ``action`` and ``events`` are the ruleset's own tagged msgspec Structs; the store encodes them
    with msgspec and decodes them with the ruleset's union types.
    """

    player: int
    action: Any
    events: tuple[Any, ...]
