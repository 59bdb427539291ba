"""The app's handle on one game of any ruleset: who sits where, whose view to show, bots, its save,
log lines.

No rules here: legality comes from ``game.legal_actions`` and refusals from ``game.submit``. What
is shown comes from views only (``ruleset.view(state, seat)``), log lines from events redacted for
the seat on screen (``ruleset.redact``) put in words by the ruleset's UI plugin; the engine's own
calls (submit, pending, legal actions, bots' views) are the only other doors into the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.game import Decision, Game
from engine.core.log import Header, Seat
from engine.core.protocol import OMNISCIENT
from engine.core.registry import for_header
from engine.core.registry import get as get_plugin
from hkk_tui.i18n import t
from hkk_tui.rulesets import get_ui
from hkk_tui.screens.logbook import LogBook
from hkk_tui.words import describe_recovery


def _store():
    from engine.core import store

    return store


def unusable_save(path: Path, exc: Exception, lang: str) -> str:
    """Why the save at ``path`` cannot be opened, in ``lang``: an edited header (its seal, or
    its pinned content and decks) is named as such; anything else keeps the engine's words."""
    from engine.core.log import header_problem

    def edited() -> str:
        try:
            header = _store().load(path).header
            if header_problem(header):
                return "seal"
            plugin = for_header(header)
            return "cards" if plugin.ruleset_for(header).header_problem(header) else ""
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
    #: each AI seat's bot name and seed (how a search process makes the same bot)
    bot_specs: dict[int, tuple[str, int]] = field(default_factory=dict)
    shown: int = -1          # hotseat: the seat whose view is on screen
    closed: bool = False     # close() ran: the save is released, no more moves

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, decks: tuple[str, ...], seats: tuple[Seat, ...], seed: int | None = None,
            options: dict[str, Any] | None = None, lang: str = "hu",
            path: Path | None = None, ruleset: str = "hkk") -> "GameSession":
        """A new game of ``ruleset`` in a save file of its own (a fresh name in the saves folder
        unless ``path`` is given; an existing file is never replaced)."""
        from engine.core.sessions import start_saved

        seed = random.randrange(1, 2**31) if seed is None else seed
        header = get_plugin(ruleset).new_header(tuple(decks), seed, seats=tuple(seats),
                                                options=options)
        game = start_saved(header, path)
        return cls(game=game, lang=lang, path=Path(game.writer.path)).attach_bots()

    @classmethod
    def resume(cls, path: Path, lang: str = "hu") -> "GameSession":
        """Continue a saved game, locked for this process. Raises ``SaveLocked`` when another
        process holds it and ``SaveError`` (its message in ``lang``) when it cannot be used;
        a recovered save's note (which entry, why, where the original was kept) is in
        :attr:`problem`."""
        from engine.core.sessions import resume
        from engine.core.store import SaveError, SaveLocked

        try:
            game, loaded = resume(path)
        except SaveLocked:
            raise
        except SaveError as exc:
            raise SaveError(unusable_save(Path(path), exc, lang)) from None
        notes = []
        if loaded.problem:
            notes.append(describe_recovery(loaded.problem, Path(path).name,
                                           len(loaded.entries), loaded.backup, lang))
        if game.recorded_under:             # played under older rules: replayed, goes on
            notes.append(t("save.old_rules", lang, name=Path(path).name,
                           version=game.recorded_under, today=game.ruleset.version))
        return cls(game=game, lang=lang, path=Path(path),
                   problem=" ".join(notes)).attach_bots()

    def attach_bots(self) -> "GameSession":
        from engine.ai.bots import make_bot

        default = self.plugin.default_bot
        for i, seat in enumerate(self.game.header.seats):
            if seat.kind.startswith("ai"):
                name = seat.kind.split(":", 1)[1] if ":" in seat.kind else default
                seed = self.game.header.seed + 7 * i + len(self.game.entries)
                self.bots[i] = make_bot(name, self.ruleset, seed)
                self.bot_specs[i] = (name, seed)
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
    def plugin(self) -> Any:
        return for_header(self.game.header)

    @property
    def ui(self) -> Any:
        return get_ui(self.game.header.ruleset)

    @property
    def header(self) -> Header:
        return self.game.header

    @property
    def seats(self) -> int:
        return len(self.header.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i in range(self.seats) if i not in self.bots]

    @property
    def hotseat(self) -> bool:
        """More than one person plays at this terminal: the screen is handed over."""
        return len(self.humans) > 1

    def pending(self) -> Decision | None:
        return self.game.pending()

    def is_bot(self, player: int) -> bool:
        return player in self.bots

    def viewer(self) -> int:
        """The seat whose view is on screen: the one person vs bots; in hotseat the seat shown
        (the seat on move when none is); only bots: the omniscient view (watching)."""
        humans = self.humans
        if not humans:
            return OMNISCIENT
        if len(humans) == 1:
            return humans[0]
        if 0 <= self.shown < self.seats:
            return self.shown
        d = self.pending()
        return d.player if d is not None and d.player in humans else humans[0]

    def view(self, viewer: int | None = None) -> Any:
        """What the seat on screen (or ``viewer``) may know."""
        return self.ruleset.view(self.game.state, self.viewer() if viewer is None else viewer)

    def my_decision(self) -> Decision | None:
        """The pending decision if the player on screen answers it (else None)."""
        d = self.pending()
        if d is None or self.is_bot(d.player) or d.player != self.viewer():
            return None
        return d

    def legal(self) -> list[Any]:
        d = self.my_decision()
        return self.game.legal_actions(d.player) if d else []

    def hints(self, view: Any = None) -> list[Any]:
        """One ActionHint per legal action of the player on screen, in the same order."""
        legal = self.legal()
        if not legal:
            return []
        return self.ruleset.hints(self.view() if view is None else view, legal)

    def result(self) -> Any:
        """The game's :class:`~engine.core.protocol.Result` (None while it goes on)."""
        return self.ruleset.result(self.game.state)

    def names(self) -> list[str]:
        return [s.name for s in self.header.seats]

    def table(self) -> Any:
        """The ruleset UI's helper for this game in the session's language (names, words)."""
        key = (self.lang, tuple(self.names()))
        cached = getattr(self, "_table", None)
        if cached is None or cached[0] != key:
            cached = (key, self.ui.table(self.header, self.ruleset, self.names(), self.lang))
            self._table = cached
        return cached[1]

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
        return self.game.submit(player, action)

    def concede(self) -> list[Any]:
        """The player on screen concedes (the ruleset's concede action)."""
        self._open()
        who = self.viewer()
        if who < 0:
            d = self.pending()
            who = d.player if d is not None else 0
        return self.game.submit(who, self.ruleset.concede_action(who))

    def draw_offer(self) -> Any:
        """The action by which the player on screen offers a draw, or None if the ruleset has
        no agreed draws (``ruleset.draw_offer_action``, optional in the protocol)."""
        make = getattr(self.ruleset, "draw_offer_action", None)
        return make(self._on_screen()) if make is not None else None

    def offer_draw(self) -> list[Any]:
        """The player on screen offers a draw; the opponent (a person or the AI) answers it."""
        self._open()
        action = self.draw_offer()
        if action is None:
            return []
        return self.game.submit(self._on_screen(), action)

    def _on_screen(self) -> int:
        who = self.viewer()
        if who < 0:
            d = self.pending()
            who = d.player if d is not None else 0
        return who

    def submit_bot(self, player: int, action: Any) -> list[Any]:
        """Submit the AI's chosen action (same refusals and write errors as :meth:`submit`)."""
        self._open()
        return self.game.submit(player, action)

    def bot_context(self, on_progress: Any = None) -> tuple[int, Any, Any] | None:
        """(seat, bot, context) of the AI's pending decision: a search bot gets a context that
        samples from a private copy of the state (so the game may go on, or be undone, while
        it thinks); any other its view and the legal actions."""
        from engine.core.search import BotContext, game_context

        d = self.pending()
        if d is None or not self.is_bot(d.player):
            return None
        bot = self.bots[d.player]
        legal = self.game.legal_actions(d.player)
        decision = len(self.game.entries)
        if getattr(bot, "needs_samples", False):
            ctx = game_context(self.game, d.player, legal, on_progress=on_progress)
        else:
            view = self.ruleset.view(self.game.state, d.player) if getattr(
                bot, "needs_view", True) else None
            ctx = BotContext(d.player, view, legal, decision)
        return d.player, bot, ctx

    def record_note(self, entry: int, seat: int, action: Any, found: dict[str, Any]) -> None:
        """Keep the search's annotation of entry ``entry`` beside the save (never in the
        rules events); its candidates named as the AI's own menu names them. An annotation that
        cannot be written is dropped quietly (the move itself is saved)."""
        from engine.ai.notes import append_note, make_note

        if self.path is None:
            return
        labels: dict[int, str] = {}
        try:
            state = self.game.state_at(entry)
            legal = self.ruleset.legal_actions(state, seat)
            view = self.ruleset.view(state, seat)
            names = action_labels(self.table(), self.ruleset, view, legal)
            wanted = [c.get("action") for c in found.get("candidates") or []]
            import msgspec

            for i, a in enumerate(legal):
                b = msgspec.to_builtins(a)
                for j, w in enumerate(wanted):
                    if w == b and j not in labels:
                        labels[j] = names.get(i, "")
        except Exception:  # noqa: BLE001 - labels are a courtesy; the raw action stays
            labels = {}
        try:
            append_note(self.path, make_note(entry, seat, action, found, labels))
        except OSError:
            pass

    def notes(self) -> Any:
        """The AI's annotations of this game's entries as they are (see engine.ai.notes)."""
        from engine.ai.notes import notes_for, read_notes

        if self.path is None:
            return {}, 0
        notes = read_notes(self.path)
        return notes_for(notes, self.game.entries), notes.damaged

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
    def log_lines(self, start: int = 0, viewer: int | None = None) -> list[Any]:
        """The log's lines (:class:`~hkk_tui.widgets.log.LogLine`: sentence, rule, story or
        detail) for entries from ``start``: each event redacted for the seat on screen (or
        ``viewer``), in words by the ruleset's UI plugin, with turn separators, who decided
        what and each opponent turn in short (see :mod:`hkk_tui.screens.logbook`)."""
        who = self.viewer() if viewer is None else viewer
        self._book = book_for(getattr(self, "_book", None), self.table(), self.ruleset, who,
                              start, self.game.state_at)
        return self._book.read(self.game.entries, start)

    def save_as(self, name: str) -> Path:
        store = _store()
        safe = "".join(ch for ch in name if ch.isalnum() or ch in "-_ ").strip() or "game"
        dest = store.saves_dir() / f"{safe}{store.SUFFIX}"
        loaded = store.load(self.path)
        path = store.export_portable(loaded, dest)     # never over another game's save
        from engine.ai.notes import carry              # the AI's annotations go along

        carry(self.path, path, loaded.entries)
        return path


def book_for(book: Any, table: Any, ruleset: Any, viewer: int, start: int,
             state_before: Any = None) -> LogBook:
    """``book`` if it can go on from entry ``start`` for ``viewer`` in ``table``'s words, else a
    new one (which reads the entries before ``start`` quietly). ``state_before(i)``: the state
    before entry i, where the game is at hand (the log words a vague choice as the menu did)."""
    if book is None or start == 0 or book.viewer != viewer or book.table is not table \
            or book.done > start or book.state_before != state_before:
        return LogBook(table, ruleset, viewer, state_before)
    return book


def entry_lines(entry: Any, table: Any, ruleset: Any, viewer: int) -> list[tuple[str, str]]:
    out = []
    for ev in table.log_events(entry.events):
        line = table.describe(ruleset.redact(ev, viewer))
        if line is not None:
            out.append(line)
    return out


def action_labels(table: Any, ruleset: Any, view: Any, legal: list[Any]) -> dict[int, str]:
    """A label for people of each legal action (by index), as the menu shows it: the group's
    label, and the option's after a colon when the group has several."""
    from hkk_tui.screens.menus import build_groups

    hints = ruleset.hints(view, legal)
    out: dict[int, str] = {}
    index = {id(a): i for i, a in enumerate(legal)}
    for g in build_groups(legal, hints, table, view):
        for k, a in enumerate(g.actions):
            i = index.get(id(a))
            if i is None or i in out:
                continue
            out[i] = g.label if g.single or k >= len(g.labels) else f"{g.label}: {g.labels[k]}"
    return out


def note_lines(note: Any, who: str, lang: str) -> list[str]:
    """An annotation in words: one line of what was weighed, one per candidate."""
    budget = (f"{note.budget_s:g} s" if note.budget_s else
              f"{note.budget_sims} sims" if note.budget_sims else t("notes.unknown", lang))
    out = [t("notes.line", lang, who=who, sims=note.sims, elapsed=f"{note.elapsed_s:.2f}",
             budget=budget)]
    for rank, c in enumerate(note.candidates, 1):
        value = f"{c.value:.0%}" if c.value is not None else t("notes.unknown", lang)
        out.append(t("notes.candidate", lang, rank=rank, action=c.label, visits=c.visits,
                     value=value))
    return out


def replay_notes(path: Path, game: Any) -> tuple[dict[int, Any], int]:
    """The AI's annotations of a saved game, for its replay and debugger: none while the game
    is still going on (they name cards in the AI's hand), else those that match its entries;
    and how many damaged lines were skipped."""
    from engine.ai.notes import notes_for, read_notes

    notes = read_notes(path)
    if not game.over():
        return {}, notes.damaged
    return notes_for(notes, game.entries), notes.damaged


def entry_note_lines(notes: dict[int, Any], entry: int, names: list[str],
                     lang: str) -> list[tuple[str, str]]:
    """The annotation of ``entry`` as log lines (none if it has none)."""
    note = notes.get(entry)
    if note is None:
        return []
    who = names[note.seat] if 0 <= note.seat < len(names) else str(note.seat)
    return [(line, "") for line in note_lines(note, who, lang)]
