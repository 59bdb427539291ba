"""A best-of-three match of M.A.G.U.S. played in the app (MK 1.13, ruling 57): the record of the
match — the decks as they stand after the swaps, each game's winner and the save of each game —
kept in ``<data dir>/matches/mk-<id>.json``, written atomically (a temporary file renamed over
the old one) after every change, so that an app killed between two games resumes the match from
"Continue" exactly where it was.

A game of a match carries the option ``match = "<id>/<game>"`` in its header: when it ends, the
result screen records its winner (once: recording is idempotent) and tells the score; then each
human player may swap cards between deck and sideboard one for one (:mod:`swap_screen`, refused
by ``engine.magus.match.swap`` with the rule in words), the AI keeping its deck, and the next game
starts. Two wins end the match (after three games the one with more wins; equal is a drawn
match)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import msgspec

from engine.core.log import Seat
from engine.core.store import data_dir, replace_file
from engine.magus import pool as P
from engine.magus.cards import DeckDef
from engine.magus.match import MAX_GAMES, Match, header_for, no_sideboard
from hkk_tui.i18n import tr

NS = "mk"
#: the value of the new-game form's "Match" row that asks for a best-of-three match
BEST_OF_THREE = "bo3"


class MatchRecord(msgspec.Struct):
    id: str
    match: Match
    names: tuple[str, str]
    kinds: tuple[str, str]              # "human" or "ai:<bot>" per seat
    deck_ids: tuple[str, str]
    seed: int
    options: dict[str, Any] = {}
    saves: list[str] = []               # each game's save, in order
    swapped: list[int] = []             # seats done with their swaps before the next game
    modified: float = 0.0

    # -- where the match stands ---------------------------------------------------------------
    def playing(self) -> bool:
        """A game of it is under way (its save the last one)."""
        return len(self.saves) > len(self.match.results)

    def between(self) -> bool:
        """Between two games: the swaps and the next game wait."""
        return not self.playing() and not self.match.over()

    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == "human"]

    def next_swapper(self) -> int:
        """The next human seat to swap before the next game (-1: none left)."""
        return next((s for s in self.humans() if s not in self.swapped
                     and self.match.decks[s].sideboard), -1)


_ENC = msgspec.json.Encoder()
_DEC = msgspec.json.Decoder(MatchRecord)


def matches_dir() -> Path:
    d = data_dir() / "matches"
    d.mkdir(parents=True, exist_ok=True)
    return d


def path_of(match_id: str) -> Path:
    return matches_dir() / f"mk-{match_id}.json"


def save(rec: MatchRecord) -> None:
    """Write the record atomically: a temporary file in the same folder, flushed to disk, then
    renamed over the old record (a kill leaves the old or the new one, never half of one)."""
    rec.modified = time.time()
    replace_file(path_of(rec.id), _ENC.encode(rec))


def load(match_id: str) -> MatchRecord | None:
    try:
        return _DEC.decode(path_of(match_id).read_bytes())
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def all_records() -> list[MatchRecord]:
    out = []
    for p in sorted(matches_dir().glob("mk-*.json")):
        rec = load(p.stem.removeprefix("mk-"))
        if rec is not None:
            out.append(rec)
    return sorted(out, key=lambda r: -r.modified)


def of_header(header: Any) -> tuple[MatchRecord | None, int]:
    """The match a game belongs to (from its header's option ``match``) and its game number."""
    value = str(getattr(header, "options", {}).get("match", ""))
    match_id, _, n = value.partition("/")
    if not match_id or not n.isdigit():
        return None, 0
    return load(match_id), int(n)


def winner_of(result: Any) -> int:
    """A game's winner for the match: seat 0 or 1, -1 for a draw (ruling 57)."""
    winners = list(getattr(result, "winners", ()) if not isinstance(result, dict)
                   else result.get("winners", ()))
    return winners[0] if len(winners) == 1 else -1


def record(rec: MatchRecord, game: int, result: Any) -> None:
    """Game ``game``'s winner, once (the result screen may be shown again after a resume)."""
    if len(rec.match.results) == game - 1 and not rec.match.over():
        rec.match.record(winner_of(result))
        rec.swapped = []
        save(rec)


def sync(rec: MatchRecord) -> MatchRecord:
    """A match whose last game ended while nobody recorded it (the app killed at that moment):
    its winner is read from the game's save."""
    from engine.core import store

    if rec.playing() and not Path(rec.saves[-1]).exists():
        rec.saves.pop()                     # its save was removed: that game is played again
        save(rec)
    elif rec.playing():
        try:
            summary = store.summarize(rec.saves[-1])
        except Exception:  # noqa: BLE001 - an unreadable save: the game is not over for us
            return rec
        if summary.finished:
            record(rec, len(rec.saves), (summary.meta or {}).get("result") or {})
    return rec


# ---------------------------------------------------------------------------- games
def new_match(decks: tuple[str, ...], seats: tuple[Seat, ...], seed: int | None,
              options: dict[str, Any], lang: str) -> Any:
    """A new best-of-three match and the session of its first game. Refuses, in words, decks
    without a sideboard (MK 1.13.I)."""
    defs = tuple(P.load_deck(d) for d in decks)
    if len(defs) != 2:
        raise ValueError(t("match16.two", lang))
    lacking = no_sideboard(defs)
    if lacking is not None:
        with_one = ", ".join(deck_name(d, lang) for d in P.list_decks() if d.sideboard)
        raise ValueError(t("match16.no_sideboard", lang, deck=deck_name(lacking, lang),
                           decks=with_one or "-"))
    seed = random.randrange(1, 2**31) if seed is None else seed
    rec = MatchRecord(f"{int(time.time())}-{seed}", Match((defs[0], defs[1])),
                      (seats[0].name, seats[1].name), (seats[0].kind, seats[1].kind),
                      (defs[0].id, defs[1].id), seed,
                      {k: v for k, v in options.items() if k != "match"})
    return next_game(rec, lang)


def next_game(rec: MatchRecord, lang: str) -> Any:
    """The session of the match's next game, its save recorded in the match first."""
    from engine.core.sessions import start_saved
    from hkk_tui.screens.session import GameSession

    n = len(rec.match.results) + 1
    seats = tuple(Seat(name, deck, kind) for name, deck, kind in
                  zip(rec.names, rec.deck_ids, rec.kinds))
    header = header_for(rec.match.decks, rec.seed + n - 1, seats,
                        {**rec.options, "match": f"{rec.id}/{n}"},
                        title=t("match16.title", lang, n=n))
    game = start_saved(header)
    rec.saves.append(str(game.writer.path))
    save(rec)
    return GameSession(game=game, lang=lang, path=Path(game.writer.path)).attach_bots()


def t(key: str, lang: str, **params: Any) -> str:
    return tr(NS, key, lang, **params)


def score(rec: MatchRecord, lang: str) -> str:
    """"Match (best of three): Anna 1 – 0 Béla · game 2 next" or the match's result."""
    m = rec.match
    line = t("match16.score", lang, a=rec.names[0], b=rec.names[1], wa=m.wins(0), wb=m.wins(1))
    if m.over():
        w = m.winner()
        return line + "\n" + (t("match16.drawn", lang) if w < 0 else
                              t("match16.won", lang, player=rec.names[w], wins=m.wins(w),
                                losses=m.wins(1 - w)))
    if rec.playing():
        return line + " · " + t("match16.game_now", lang, n=len(rec.saves), max=MAX_GAMES)
    return line + " · " + t("match16.game_next", lang, n=len(m.results) + 1, max=MAX_GAMES)


# ---------------------------------------------------------------------------- the app
def after_game(screen: Any) -> tuple[str, Any]:
    """The result screen of a game of a match: the score under the result, and what closing it
    does (the swaps and the next game, or the match's end)."""
    session = screen.session
    rec, n = of_header(session.game.header)
    if rec is None:
        return "", None
    record(rec, n, session.result())
    lang = screen.lang
    words = score(rec, lang)
    words += "\n" + (t("match16.close_over", lang) if rec.match.over()
                     else t("match16.close_next", lang))
    match_id = rec.id

    def then(_value: Any = None) -> None:
        go_on(screen.app, match_id)

    return words, then


def go_on(app: Any, match_id: str) -> None:
    """Where the match goes next: each human player's swaps, then the next game; or, the match
    over, its result and back to the title screen. Run by the app itself (a screen's callback
    belongs to the screen that pushed it, and the screen asking may be closed on the way)."""
    app.call_later(_go_on, app, match_id)


def _go_on(app: Any, match_id: str) -> None:
    from hkk_tui.screens.dialogs import MessageScreen
    from hkk_tui.screens.game import GameScreen

    rec = load(match_id)
    lang = app.lang
    if rec is None:
        app.notify(t("match16.lost", lang), severity="error", timeout=10)
        return
    sync(rec)
    if rec.match.over():
        app._to_title()
        app.push_screen(MessageScreen(t("match16.over_title", lang), score(rec, lang)))
        return
    if rec.playing():                       # its game goes on: continue it
        app.load_game(Path(rec.saves[-1]))
        return
    seat = rec.next_swapper()
    if seat >= 0:
        from hkk_tui.rulesets.mk.swap_screen import SwapScreen

        def swapped(done: bool | None) -> None:
            if done:
                fresh = load(match_id)
                if fresh is not None and seat not in fresh.swapped:
                    fresh.swapped.append(seat)
                    save(fresh)
                go_on(app, match_id)
            else:                           # later: the match waits in "Continue"
                app._to_title()

        app._to_title()
        app.push_screen(SwapScreen(rec, seat, lang), swapped)
        return
    try:
        session = next_game(rec, lang)
    except Exception as exc:  # noqa: BLE001 - told in words
        app.notify(t("match16.cannot_start", lang, error=str(exc)), severity="error",
                   timeout=15)
        return
    app._to_title()
    app.push_screen(GameScreen(session))


def continue_entries(lang: str) -> list[tuple[str, Any]]:
    """The title screen's "Continue" lines for matches waiting between two games (after a
    kill, or a player who left at the swaps): words and what Enter does."""
    out = []
    for rec in all_records():
        sync(rec)
        if rec.between():
            line = t("match16.continue", lang, a=rec.names[0], b=rec.names[1],
                     wa=rec.match.wins(0), wb=rec.match.wins(1),
                     n=len(rec.match.results) + 1)
            out.append((line, lambda app, mid=rec.id: go_on(app, mid)))
    return out


def deck_name(d: DeckDef, lang: str) -> str:
    return d.name.hu if lang == "hu" else d.name.en
