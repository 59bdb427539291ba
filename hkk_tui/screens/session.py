"""The app's handle on one game: who sits where, whose view to show, bots, autosave, log lines.

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
from hkk_tui.describe import Namer, event_line, is_bookkeeping
from hkk_tui.i18n import t


def _store():
    from engine.core import store

    return store


@dataclass
class GameSession:
    game: Game
    lang: str = "hu"
    path: Path | None = None
    problem: str = ""
    bots: dict[int, Any] = field(default_factory=dict)
    shown: int = -1          # hotseat: the seat whose view is on screen

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, decks: tuple[str, str], seats: tuple[Seat, Seat], seed: int | None = None,
            options: dict[str, Any] | None = None, lang: str = "hu",
            path: Path | None = None) -> "GameSession":
        from engine.hkk.session import make_header, start_saved

        seed = random.randrange(1, 2**31) if seed is None else seed
        header = make_header(decks, seed, seats=seats, options=options)
        path = path or _store().autosave_path()
        game = start_saved(header, path)
        return cls(game=game, lang=lang, path=path).attach_bots()

    @classmethod
    def resume(cls, path: Path, lang: str = "hu") -> "GameSession":
        from engine.hkk.session import resume

        game, loaded = resume(path)
        problem = loaded.problem
        if loaded.backup is not None and "damaged" in loaded.backup.name:
            problem = t("save.recovered", lang, name=Path(path).name, n=len(loaded.entries),
                        backup=loaded.backup.name)
        return cls(game=game, lang=lang, path=Path(path), problem=problem).attach_bots()

    def attach_bots(self) -> "GameSession":
        from engine.ai.bots import make_bot

        for i, seat in enumerate(self.game.header.seats):
            if seat.kind.startswith("ai"):
                name = seat.kind.split(":", 1)[1] if ":" in seat.kind else "greedy"
                self.bots[i] = make_bot(name, self.ruleset.pool, self.game.header.seed + 7 * i
                                        + len(self.game.entries))
        return self

    def close(self) -> None:
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
    def submit(self, action: Any) -> list[Any]:
        """Submit for the player on screen; raises IllegalAction with the engine's reason."""
        d = self.pending()
        player = d.player if d is not None else self.viewer()
        if isinstance(action, A.Concede):
            player = self.viewer() if self.viewer() >= 0 else player
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
        who = self.viewer()
        if who < 0:
            d = self.pending()
            who = d.player if d else 0
        return self.game.undo(who)

    def redo(self) -> int:
        """Redo until it is a person's decision again; returns entries redone."""
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
        return store.export_portable(loaded, dest, overwrite=True)


def entry_lines(entry: Any, namer: Namer, viewer: int) -> list[tuple[str, str]]:
    out = []
    for ev in entry.events:
        if is_bookkeeping(ev):
            continue
        text, rule = event_line(redact(ev, viewer), namer)
        if text:
            out.append((text, rule))
    return out
