"""The player's own M.A.G.U.S. decks (issue 18 item 9): ``<data dir>/decks/mk/<id>.toml`` in the
shipped decks' TOML schema (DeckDef, engine/magus/cards.py), drafts — decks saved while still
illegal (MK 1.02, 1.08.B, 1.13) — in ``<data dir>/decks/mk/drafts/``. The data dir is the app's
(``$HKK_DATA_DIR``, else the platform's user data dir), as for saves.

Every write is atomic (``engine.core.store.replace_file``): a failed write
leaves the old file as it was. A broken file is listed with its error and never hides the
others; a user deck may not take a shipped deck's id (it would be unreachable by name)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec

from engine.core.store import data_dir, replace_file
from engine.magus.cards import DeckDef

ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


class UserDeckError(ValueError):
    """A user deck that cannot be saved: the message says why and what to do."""


class UserDeck(msgspec.Struct, frozen=True):
    """One file in the user's deck folder: its deck, or the error that keeps it out."""
    path: Path
    deck: DeckDef | None
    error: str = ""
    draft: bool = False


def decks_dir() -> Path:
    return data_dir() / "decks" / "mk"


def drafts_dir() -> Path:
    return decks_dir() / "drafts"


def shipped_ids() -> set[str]:
    from engine.magus import pool as P

    return {p.stem for p in P.DECK_DIR.glob("*.toml")} | {d.id for d in P.shipped_decks()}


def _read(path: Path, draft: bool, shipped: set[str]) -> UserDeck:
    from engine.magus import pool as P

    try:
        d = P.load_deck_file(path)
    except P.PoolError as exc:
        return UserDeck(path, None, "; ".join(p.message for p in exc.problems), draft)
    if d.id != path.stem:
        return UserDeck(path, None, f"{path.name}: its id is {d.id!r} but the file is named "
                        f"{path.stem!r}; make them the same.", draft)
    if d.id in shipped:
        return UserDeck(path, None, f"{path.name}: {d.id!r} is a shipped deck's id; rename "
                        "the file and its id.", draft)
    return UserDeck(path, d, "", draft)


def list_user(drafts: bool = False) -> list[UserDeck]:
    """The user's decks (and, with ``drafts``, the drafts too), broken files included with their
    error, sorted by file name. A missing folder is no decks."""
    shipped = shipped_ids()
    out: list[UserDeck] = []
    folders = [(decks_dir(), False)] + ([(drafts_dir(), True)] if drafts else [])
    for folder, is_draft in folders:
        try:
            files = sorted(folder.glob("*.toml"))
        except OSError:
            continue
        out += [_read(p, is_draft, shipped) for p in files]
    return out


def user_decks() -> list[DeckDef]:
    """The user's readable, playable-by-name decks (not the drafts, not the broken files)."""
    return [u.deck for u in list_user() if u.deck is not None]


# ---------------------------------------------------------------------------- writing
def _s(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)     # a JSON string is a TOML basic string


def to_toml(d: DeckDef) -> str:
    """``d`` in the shipped decks' schema (read back by ``pool.load_deck_file``)."""
    lines = ["# A M.A.G.U.S. deck made in hkk's deck builder. Schema: DeckDef in cards.py.",
             f"id = {_s(d.id)}",
             f"name = {{ hu = {_s(d.name.hu)}, en = {_s(d.name.en)} }}",
             f"description = {{ hu = {_s(d.description.hu)}, en = {_s(d.description.en)} }}",
             f"towers = [{', '.join(_s(t) for t in d.towers)}]",
             f"limit = {d.limit}", "", "[cards]"]
    lines += [f"{_s(cid)} = {n}" for cid, n in d.cards.items() if n > 0]
    if any(n > 0 for n in d.sideboard.values()):
        lines += ["", "[sideboard]"]
        lines += [f"{_s(cid)} = {n}" for cid, n in d.sideboard.items() if n > 0]
    return "\n".join(lines) + "\n"


def check_id(deck_id: str) -> None:
    if not ID_RE.match(deck_id):
        raise UserDeckError(f"Deck id {deck_id!r}: use 1-40 lowercase letters, digits, '-' or "
                            "'_', starting with a letter or digit.")
    if deck_id in shipped_ids():
        raise UserDeckError(f"Deck id {deck_id!r} is a shipped deck's; choose another id.")


def save(d: DeckDef, draft: bool = False) -> Path:
    """Write ``d`` as a playable deck (its draft, if any, removed) or as a draft (the playable
    file of the same id, if any, left as it was). Raises :class:`UserDeckError` for a bad id or a
    failed write, nothing written."""
    check_id(d.id)
    path = (drafts_dir() if draft else decks_dir()) / f"{d.id}.toml"
    try:
        replace_file(path, to_toml(d).encode("utf-8"))
    except OSError as exc:
        raise UserDeckError(f"The deck could not be written to {path} ({exc}); the old file "
                            "is unchanged.") from None
    if not draft:
        try:
            (drafts_dir() / f"{d.id}.toml").unlink(missing_ok=True)
        except OSError:
            pass
    return path
