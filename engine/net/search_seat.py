"""A server AI seat that searches (``ai:search``, ``ai:search:0.5``, ``ai:search:400sims``;
issue 16).

The search bot needs samples of the hidden cards. A networked bot (``hkk bot --connect``) cannot
be given them safely: a sample is a full state, and besides the dealt-again card definitions it
carries the true *instance ids* of the hidden cards in their true places (which ids are in the
opponent's hand, the order of the ids in each deck). Cards are numbered in decklist order when a
game is set up, and the decklists are public, so a client holding a sample could read the
opponent's hand and the next draws off the ids. ``view(sample, s) == view(true, s)`` holds and
still the sample tells more than the view: making samples safe to send needs every ruleset to
renumber its hidden cards, which is beyond the search hooks' contract today.

So the server hosts the search: a table seat of kind ``ai:search[:BUDGET]`` thinks in a child
process of the server (:class:`engine.ai.worker.SearchProcess`, the app's own search worker, at
nice 5; the server's event loop and its other tables stay quick), one per seat, ended when the
game ends or the table closes (the child also ends by itself when the server goes away). The
search sees the table's game through :func:`engine.core.search.context_for` exactly as a local
bot: the view, the legal actions and determinizations; nothing of it is sent to any client.
Its annotations are kept beside the table's save (``<save>.notes``), on the server's disk.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from engine.ai.notes import append_note, make_note
from engine.ai.worker import SearchError, SearchProcess

log = logging.getLogger("hkk.server")

#: the longest think a table may give its search seat (Hard's longest in the app)
MAX_SECONDS = 10.0
#: the most simulations a move a table may give its search seat
MAX_SIMS = 50_000
#: a search seat without a budget thinks as long as Hard does by default
DEFAULT = "search:1"


def search_seat_problem(ruleset: str, name: str) -> str:
    """Why ``name`` (``search``, ``search:0.5``, ``search:400sims``) cannot be a server AI seat
    of ``ruleset`` ('' if it can)."""
    from engine.ai.bots import bot_problem, has_search
    from engine.ai.search import parse_budget

    base, colon, suffix = name.partition(":")
    if base != "search":
        return f"{name!r} is not the search bot."
    if not has_search(ruleset):
        return f"The search bot does not play {ruleset} (it has no search hooks)."
    problem = bot_problem(ruleset, name)
    if problem:
        return problem
    if colon:
        seconds, sims = parse_budget(suffix)
        if seconds is not None and seconds > MAX_SECONDS:
            return (f"A search seat thinks at most {MAX_SECONDS:g} seconds a move at a server, "
                    f"not {seconds:g}.")
        if sims is not None and sims > MAX_SIMS:
            return (f"A search seat makes at most {MAX_SIMS} simulations a move at a server, "
                    f"not {sims}.")
    return ""


class ServerSearch:
    """One search seat of a table: its bot's name and seed, and its child process."""

    name = "search"
    needs_view = True

    def __init__(self, bot: str, seed: int):
        self.bot = bot if ":" in bot else DEFAULT
        self.seed = seed
        self.process = SearchProcess()
        #: the annotation of each move (kept here, never sent to a client during the game)
        self.annotations: list[dict[str, Any]] = []
        self.closed = False
        #: moves searched in the server itself, the child having failed (see ``think``)
        self.in_server = 0

    def think(self, game: Any, seat: int, legal: list[Any], save: Path | None = None) -> Any:
        """The search's action for ``seat`` of ``game`` (blocks: the server's worker thread).
        If the child process fails, the search runs here instead, so the game goes on. The
        move's annotation is kept beside the table's ``save`` (engine.ai.notes), as the app
        keeps its own: on the server's disk, never sent to a client."""
        if len(legal) == 1:
            return legal[0]
        try:
            action, note = self.process.think(game.header, list(game.entries), seat, self.bot,
                                              self.seed)
        except SearchError as exc:
            if self.closed:                  # the table closed while it thought
                raise
            log.warning("the search seat's process failed (%s); searching in the server", exc)
            from engine.ai.bots import make_bot
            from engine.core.search import ask

            self.in_server += 1
            bot = make_bot(self.bot, game.ruleset, self.seed)
            action = ask(bot, game.ruleset, game.state, seat, legal,
                         decision=len(game.entries))
            note = getattr(bot, "last", None)
        if note is not None:
            self.annotations.append(note)
            if save is not None:
                try:
                    append_note(save, make_note(len(game.entries), seat, action, note, {}))
                except OSError as exc:      # the note is lost, the game is not
                    log.warning("an annotation of the search seat was not written (%s)", exc)
        return action

    def close(self) -> None:
        self.closed = True
        self.process.close()
