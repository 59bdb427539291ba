"""What every ruleset's content and plugin share.

* Problems in data files as sentences (:class:`Problem`, :class:`Reporter`, :class:`ContentError`),
  reading TOML and msgspec's schema errors in words (:func:`read_toml`, :func:`schema_error`),
  close-match hints (:func:`unknown`).
* The header side: the rulesets cached by their pinned cards' digest (:class:`RulesetCache`), the
  checks of a header's pins shared by the card games (:func:`pinned_problem`), the created stamp
  and the entry codec.
* :class:`ContentPlugin`: the registry's questions (rules table, codec, decks, validation, new
  headers, scenarios, search hooks) answered from a ruleset package's own modules
  (``rulebook``, ``session``, ``pool``, ``scenario``, ``search_hooks``), imported only when asked,
  so the title screen loads no rules engine.

Each ruleset keeps its own card schema, checks and pinning bytes (the digests of shipped saves
depend on them); only the shapes they share live here.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import hashlib
import importlib
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from engine.core.log import Header, Seat
from engine.core.registry import ContentProblem, DeckInfo


# ---------------------------------------------------------------------------- problems
@dataclass(frozen=True)
class Problem:
    """One thing wrong with a data file. ``message`` is the full sentence for humans."""

    file: str
    card: str
    message: str

    def __str__(self) -> str:
        return self.message


class Reporter:
    """Collects the problems of one file, each prefixed with the file and card it is about."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, card: str, text: str) -> None:
        where = f"{self.file}: card '{card}': " if card else f"{self.file}: "
        self.problems.append(Problem(self.file, card, where + text))


class ContentError(ValueError):
    """Bad card or deck data; ``problems`` lists everything that is wrong. A ruleset's
    ``PoolError`` subclasses it and names its game in ``game``."""

    game = ""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        what = f"the {self.game} card data" if self.game else "the card data"
        lines = [f"{len(self.problems)} problem(s) in {what}:"]
        lines += [f"  - {p.message}" for p in self.problems]
        super().__init__("\n".join(lines))


def one_of(values: Iterable[str]) -> str:
    """The values as a list in words (an empty value shown as "")."""
    return ", ".join(v if v else '""' for v in values)


def suggest(value: str, options: Iterable[str]) -> str:
    """" (did you mean '…'?)" for the closest option, or ""."""
    close = difflib.get_close_matches(value, list(options), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def unknown(what: str, value: str, options: Iterable[str]) -> str:
    """"<what> '<value>' is unknown (did you mean …?); use one of: …"."""
    options = tuple(options)
    return f"{what} '{value}' is unknown{suggest(value, options)}; use one of: {one_of(options)}."


def display_path(path: Path | str, package_root: Path) -> str:
    """A short, stable name for a file: relative to the working directory or the package root."""
    p = Path(path)
    for base in (Path.cwd(), package_root):
        try:
            return p.resolve().relative_to(base.resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return p.as_posix()


def read_toml(path: Path, rep: Reporter) -> dict[str, Any] | None:
    """The TOML table of ``path``, or None with the reason reported in words."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        rep.add("", f"cannot be read ({exc.strerror or exc}); check that the file exists and is "
                    f"readable.")
        return None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        rep.add("", f"is not valid UTF-8 (byte {exc.start}); save the file as UTF-8.")
    except tomllib.TOMLDecodeError as exc:
        rep.add("", f"TOML syntax error: {exc}; fix the TOML syntax at that line "
                    f"(quotes, brackets, commas, one key = value per line).")
    return None


def schema_error(exc: msgspec.ValidationError, at: str, schema: str) -> str:
    """msgspec's message with its path (``at`` is the path of the converted object) and what to
    do; ``schema`` names the module holding the schema."""
    text = str(exc)
    if " - at `$" in text:
        text = text.replace("`$", "`" + at, 1)
    else:
        text += f" - at `{at}`"
    hint = "fix the value's type or remove the field"
    if "unknown field" in text.lower():
        hint = f"remove it or correct its spelling (the schema is in {schema})"
    elif "missing required field" in text.lower():
        hint = "add the field"
    return f"schema error: {text}; {hint}."


def digest(data: bytes) -> str:
    """The sha256 hex digest sealing pinned cards."""
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------------------- headers
def created_now() -> str:
    """The ``created`` stamp of a new header (UTC, seconds)."""
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class RulesetCache:
    """Rulesets by the digest of the cards their header pins ("current" for none): an old save
    replays with the cards it was played with, and a game's ruleset is built once."""

    def __init__(self, make: Callable[[Header], Any]):
        self._make = make
        self._by_digest: dict[str, Any] = {}

    def __call__(self, header: Header) -> Any:
        key = header.card_pool_digest or "current"
        ruleset = self._by_digest.get(key)
        if ruleset is None:
            ruleset = self._by_digest[key] = self._make(header)
        return ruleset


def pinned_problem(header: Header, *, game: str, decode: Callable[[bytes], dict[str, Any]],
                   check_options: Callable[[dict[str, Any]], None], decks: int,
                   deck_problem: Callable[[int, tuple[str, ...], dict[str, Any]], str]) -> str:
    """What is wrong with a card game's header, in words, or "": pinned cards missing or not
    matching their digest (an edited header), options the game refuses, the wrong number of
    decklists, decks naming cards not pinned, and ``deck_problem(n, deck, pool)`` (the game's
    deck rules; scenario games declare their position and skip them)."""
    if not header.cards:
        return f"its header pins no {game} cards"
    if digest(header.cards) != header.card_pool_digest:
        return "its pinned cards do not match their digest (the header was edited)"
    try:
        pool = decode(header.cards)
        check_options(dict(header.options))
    except ValueError as exc:
        return str(exc)
    if len(header.decklists) != decks:
        return f"a {game} game has {decks} decks"
    for n, deck in enumerate(header.decklists):
        missing = [c for c in deck if c not in pool]
        if missing:
            return f"deck {n + 1} names cards its header does not pin ({', '.join(missing[:3])})"
        if "scenario" in header.options:
            continue
        problem = deck_problem(n, deck, pool)
        if problem:
            return problem
    return ""


def entry_codec(action: Any, event: Any) -> Any:
    """The save codec of a ruleset's action and event unions."""
    from engine.core.store import EntryCodec

    return EntryCodec(action, event)


# ---------------------------------------------------------------------------- plugins
def random_bot(ruleset: Any, seed: int) -> Any:
    """The platform's random bot, offered by every ruleset."""
    from engine.ai.bots import RandomBot

    return RandomBot(seed)


class ContentPlugin:
    """A ruleset plugin (engine.core.registry.RulesetPlugin) answering from the modules of its
    package: ``rulebook`` (RULES, rule_of), ``session`` (ruleset_for, codec, make_header),
    ``pool`` (list_decks, validate_files), ``scenario`` (load_file, game) and ``search_hooks``
    (hooks). A subclass names its package, title, seats, bots and options module, and overrides
    what its game does differently."""

    package = ""
    name = ""
    prefix = ""
    title: ClassVar[dict[str, str]] = {}
    seats = (2, 2)
    bots: ClassVar[dict[str, Callable[[Any, int], Any]]] = {}
    default_bot = "random"
    #: the module of ``package`` holding DEFAULT_OPTIONS
    options_module = "rulings"

    def _mod(self, name: str) -> Any:
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def options(self) -> dict[str, Any]:
        defaults = self._mod(self.options_module).DEFAULT_OPTIONS
        return {k: (list(v) if isinstance(v, list) else v) for k, v in defaults.items()}

    def search(self, ruleset: Any) -> Any:
        """The search AI's hooks for ``ruleset`` (engine.core.search)."""
        return self._mod("search_hooks").hooks(ruleset)

    # -- rules and records -----------------------------------------------------------------
    def ruleset_for(self, header: Header) -> Any:
        return self._mod("session").ruleset_for(header)

    def codec(self) -> Any:
        return self._mod("session").codec()

    def rules(self) -> dict[str, tuple[str, str]]:
        return dict(self._mod("rulebook").RULES)

    def rule_of(self, event: Any) -> str:
        return self._mod("rulebook").rule_of(event)

    # -- content -----------------------------------------------------------------------------
    def deck_defs(self) -> list[Any]:
        """The ready decks' definitions (each with id, name, description, cards)."""
        return list(self._mod("pool").list_decks())

    def deck_size(self, deck: Any) -> int:
        return sum(deck.cards.values())

    def decks(self) -> list[DeckInfo]:
        return [DeckInfo(d.id, {"en": d.name.en, "hu": d.name.hu},
                         {"en": d.description.en, "hu": d.description.hu}, self.deck_size(d))
                for d in self.deck_defs()]

    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]:
        return [ContentProblem(p.file, p.card, p.message)
                for p in self._mod("pool").validate_files(files)]

    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header:
        if self.seats == (2, 2) and len(decks) != 2:
            raise ValueError(f"{self.title['en']} is a game for two: give two decks, not "
                             f"{len(decks)}.")
        return self._mod("session").make_header(tuple(decks), seed, seats=seats,
                                                options=options, title=title)

    # -- scenarios ---------------------------------------------------------------------------
    def _scenario(self, what: str) -> Any:
        found = getattr(self._mod("scenario"), what, None)
        if found is None:
            raise ValueError(f"{self.title['en']} games cannot be set up from scenario files.")
        return found

    def load_scenario(self, path: Path) -> Any:
        return self._scenario("load_file")(path)

    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]:
        """The header of a game set up as ``spec`` declares, and the set-up action."""
        return self._scenario("game")(spec, seed, seats=seats, options=options)
