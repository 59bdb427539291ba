"""The app's handle on one game: who sits where, whose view to show, bots, its save, log lines.

No rules here: legality comes from ``game.legal_actions`` and refusals from ``game.submit``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.game import Decision, Game
from engine.core.log import Header, Seat
from engine.hkk import actions as A
from engine.hkk.ruleset import make_view
from engine.hkk.views import OMNISCIENT, View, redact
from hkk_tui.describe import Namer, describe_recovery, event_line, is_bookkeeping
from hkk_tui.i18n import t


def _store():
    from engine.core import store

    return store


def unusable_save(path: Path, exc: Exception, lang: str) -> str:
    """Why the save at ``path`` cannot be opened, in ``lang``: an edited header (its seal, or
    its pinned cards and decks) is named as such; anything else keeps the engine's words."""
    from engine.core.log import header_problem
    from engine.hkk.session import codec, ruleset_for

    def edited() -> str:
        try:
            header = _store().load(path, codec()).header
            if header_problem(header):
                return "seal"
            return "cards" if ruleset_for(header).header_problem(header) else ""
        except Exception:  # noqa: BLE001 - not even the header reads: the engine's words
            return ""

    what = edited()
    if what:
        return t("save.edited", lang, name=Path(path).name, what=t(f"save.edited_{what}", lang))
    return t("error.load", lang, error=str(exc))


@dataclass
class GameSession:
    game: Game
    lang: str = "hu"
    path: Path | None = None
    problem: str = ""
    bots: dict[int, Any] = field(default_factory=dict)
    shown: int = -1          # hotseat: the seat whose view is on screen
    closed: bool = False     # close() ran: the save is released, no more moves

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, decks: tuple[str, str], seats: tuple[Seat, Seat], seed: int | None = None,
            options: dict[str, Any] | None = None, lang: str = "hu",
            path: Path | None = None) -> "GameSession":
        """A new game in a save file of its own (a fresh name in the saves folder unless
        ``path`` is given; an existing file is never replaced)."""
        from engine.hkk.session import make_header, start_saved

        seed = random.randrange(1, 2**31) if seed is None else seed
        header = make_header(decks, seed, seats=seats, options=options)
        game = start_saved(header, path)
        return cls(game=game, lang=lang, path=Path(game.writer.path)).attach_bots()

    @classmethod
    def resume(cls, path: Path, lang: str = "hu") -> "GameSession":
        """Continue a saved game, locked for this process. Raises ``SaveLocked`` when another
        process holds it and ``SaveError`` (its message in ``lang``) when it cannot be used;
        a recovered save's note (which entry, why, where the original was kept) is in
        :attr:`problem`."""
        from engine.core.store import SaveError, SaveLocked
        from engine.hkk.session import resume

        try:
            game, loaded = resume(path)
        except SaveLocked:
            raise
        except SaveError as exc:
            raise SaveError(unusable_save(Path(path), exc, lang)) from None
        problem = ""
        if loaded.problem:
            problem = describe_recovery(loaded.problem, Path(path).name, len(loaded.entries),
                                        loaded.backup, lang)
        return cls(game=game, lang=lang, path=Path(path), problem=problem).attach_bots()

    def attach_bots(self) -> "GameSession":
        from engine.ai.bots import make_bot

        for i, seat in enumerate(self.game.header.seats):
            if seat.kind.startswith("ai"):
                name = seat.kind.split(":", 1)[1] if ":" in seat.kind else "greedy"
                self.bots[i] = make_bot(name, self.ruleset, self.game.header.seed + 7 * i
                                        + len(self.game.entries))
        return self

    def close(self) -> None:
        """Close the save (releasing its lock); safe to call any number of times. A closed
        session refuses moves, so nothing is played that is not saved."""
        self.closed = True
        if self.game.writer is not None:
            self.game.writer.close()
            self.game.writer = None

    # ------------------------------------------------------------------ facts
    @property
    def ruleset(self) -> Any:
        return self.game.ruleset

    @property
    def header(self) -> Header:
        return self.game.header

    @property
    def humans(self) -> list[int]:
        return [i for i in range(2) if i not in self.bots]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) == 2

    def pending(self) -> Decision | None:
        return self.game.pending()

    def is_bot(self, player: int) -> bool:
        return player in self.bots

    def viewer(self) -> int:
        """The seat whose view is on screen: the human vs the AI; in hotseat the seat shown."""
        humans = self.humans
        if not humans:
            return OMNISCIENT
        if len(humans) == 1:
            return humans[0]
        if self.shown in (0, 1):
            return self.shown
        d = self.pending()
        return d.player if d is not None else 0

    def view(self) -> View:
        return make_view(self.ruleset, self.game.state, self.viewer())

    def attached_views(self, view: View) -> dict[int, Any]:
        """Card views of cards attached to permanents, by instance id."""
        return {cv.iid: cv for pv in view.players for cv in pv.attached}

    def find_card(self, view: View, iid: int) -> Any:
        return view.find(iid)

    def my_decision(self) -> Decision | None:
        """The pending decision if the player on screen answers it (else None)."""
        d = self.pending()
        if d is None or self.is_bot(d.player) or d.player != self.viewer():
            return None
        return d

    def legal(self) -> list[Any]:
        d = self.my_decision()
        return self.game.legal_actions(d.player) if d else []

    def result(self) -> Any:
        return self.game.state.result

    def names(self) -> list[str]:
        return [s.name for s in self.header.seats]

    def namer(self, viewer: int | None = None) -> Namer:
        cids = [c.cid for c in self.game.state.cards]
        return Namer(self.ruleset.pool, cids, self.names(), self.lang,
                     self.viewer() if viewer is None else viewer)

    # ------------------------------------------------------------------ acting
    def _open(self) -> None:
        if self.closed:
            raise _store().SaveError(t("save.closed", self.lang))

    def submit(self, action: Any) -> list[Any]:
        """Submit for the player on screen; raises IllegalAction with the engine's reason, or
        ``SaveWriteError`` when the move could not be saved (then it was not made)."""
        self._open()
        d = self.pending()
        player = d.player if d is not None else self.viewer()
        if isinstance(action, A.Concede):
            player = self.viewer() if self.viewer() >= 0 else player
        return self.game.submit(player, action)

    def submit_bot(self, player: int, action: Any) -> list[Any]:
        """Submit the AI's chosen action (same refusals and write errors as :meth:`submit`)."""
        self._open()
        return self.game.submit(player, action)

    def bot_inputs(self) -> tuple[int, Any, View | None, list[Any]] | None:
        d = self.pending()
        if d is None or not self.is_bot(d.player):
            return None
        bot = self.bots[d.player]
        legal = self.game.legal_actions(d.player)
        view = make_view(self.ruleset, self.game.state, d.player) if getattr(
            bot, "needs_view", True) else None
        return d.player, bot, view, legal

    def undo(self) -> int:
        """Undo for the player on screen (in hotseat: the player on move). The engine refuses
        (``UndoRefused``) a final result, another person's decision, hidden information."""
        self._open()
        who = self.viewer()
        if who < 0:
            d = self.pending()
            who = d.player if d else 0
        return self.game.undo(who)

    def redo(self) -> int:
        """Redo until it is a person's decision again; returns entries redone."""
        self._open()
        n = 0
        while self.game.can_redo():
            self.game.redo()
            n += 1
            d = self.pending()
            if d is None or not self.is_bot(d.player):
                break
        return n

    # ------------------------------------------------------------------ log
    def log_lines(self, start: int = 0, viewer: int | None = None) -> list[tuple[str, str]]:
        """Readable log lines (sentence, rule) for entries from ``start``."""
        who = self.viewer() if viewer is None else viewer
        namer = self.namer(who)
        out: list[tuple[str, str]] = []
        for entry in self.game.entries[start:]:
            out += entry_lines(entry, namer, who)
        return out

    def save_as(self, name: str) -> Path:
        store = _store()
        from engine.hkk.session import codec

        safe = "".join(ch for ch in name if ch.isalnum() or ch in "-_ ").strip() or "game"
        dest = store.saves_dir() / f"{safe}{store.SUFFIX}"
        loaded = store.load(self.path, codec())
        return store.export_portable(loaded, dest)     # never over another game's save


def entry_lines(entry: Any, namer: Namer, viewer: int) -> list[tuple[str, str]]:
    out = []
    for ev in entry.events:
        if is_bookkeeping(ev):
            continue
        text, rule = event_line(redact(ev, viewer), namer)
        if text:
            out.append((text, rule))
    return out
