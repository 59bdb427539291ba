"""The game log: a header plus an ordered list of entries (ruleset-independent).

An entry is one submitted action (who, what) with the events it produced. Applying the events of
every entry, in order, to the ruleset's initial state rebuilds the game exactly.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

#: Version of the save format. Bump it and add an upgrade function in ``engine.core.store``
#: whenever the header or entry layout changes incompatibly. Version 2 seals the header with
#: :attr:`Header.digest`. Version 3 writes the records after the header as short msgpack arrays
#: (a number for the kind, the entry as ``[player, action, events]``) instead of maps with names.
FORMAT_VERSION = 3

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
    #: sha256 of everything above except ``cards`` (which ``card_pool_digest`` pins): a header
    #: edited by hand no longer matches it (:func:`header_problem`).
    digest: str = ""


class Entry(msgspec.Struct, frozen=True):
    """One submitted action and the events it produced.

    ``action`` and ``events`` are the ruleset's own tagged msgspec Structs; the store encodes them
    with msgspec and decodes them with the ruleset's union types.
    """

    player: int
    action: Any
    events: tuple[Any, ...]


_canonical = msgspec.msgpack.Encoder(order="sorted")


def header_digest(header: Header) -> str:
    """The digest that seals ``header``: decklists, seats, options, seed and the card pool's
    digest, canonically encoded (the pinned card bytes are covered by ``card_pool_digest``)."""
    body = msgspec.structs.replace(header, digest="", cards=b"")
    return hashlib.sha256(_canonical.encode(body)).hexdigest()


def sealed(header: Header) -> Header:
    """``header`` with its :attr:`Header.digest` set (call after the last change to a header)."""
    return msgspec.structs.replace(header, digest=header_digest(header))


def header_problem(header: Header) -> str:
    """Why ``header`` cannot be trusted (a sentence), or "" when its seal matches.

    Headers of format 1 predate the seal and are accepted as they are.
    """
    if header.format_version < 2:
        return ""
    if not header.digest:
        return "its header carries no seal, so it was edited or made by a foreign tool"
    if header.digest != header_digest(header):
        return ("its header (decks, seats, options or seed) was changed after the game was "
                "created")
    return ""
