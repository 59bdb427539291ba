"""The ``hkk`` command line: the app by default, plus headless sim, bench and deck tools."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

err = Console(stderr=True)
out = Console()


def _fail(message: str, code: int = 2) -> int:
    err.print(f"[bold red]hkk:[/] {escape(message)}", soft_wrap=True)
    return code


# ---------------------------------------------------------------------------- rulesets
DEFAULT_RULESET = "hkk"


def _plugin(name: str | None) -> Any:
    """The plugin called ``name`` (``hkk`` if None); :class:`UnknownRuleset` if none is."""
    from engine.core import registry

    return registry.get(name or DEFAULT_RULESET)


def _seat_name(i: int) -> str:
    return "ABCDEFGH"[i] if i < 8 else f"P{i + 1}"


def _title(plugin: Any) -> str:
    en, hu = plugin.title.get("en", plugin.name), plugin.title.get("hu", "")
    return en if not hu or hu == en else f"{en} / {hu}"


def cmd_rulesets(args: argparse.Namespace) -> int:
    """The installed rulesets: name, title, citation prefix, seats, decks and bots."""
    from engine.ai.bots import all_bot_names
    from engine.core import registry

    for plugin in registry.plugins():
        try:
            decks = f"{len(plugin.decks())} decks"
        except Exception:  # noqa: BLE001 - one broken ruleset must not hide the others
            decks = "decks cannot be read"
        low, high = plugin.seats
        seats = f"{low} seats" if low == high else f"{low}-{high} seats"
        out.print(f"[bold]{escape(plugin.name)}[/]  {escape(_title(plugin))}  ·  citations "
                  f"{escape(plugin.prefix)}  ·  {seats}  ·  {decks}  ·  bots: "
                  f"{escape(', '.join(all_bot_names(plugin.name)))}", highlight=False,
                  soft_wrap=True)
    return 0


def _names(text: str, n: int) -> tuple[str, ...]:
    """``n`` names from "a,b,..." (one name stands for every seat)."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        parts *= n
    if len(parts) != n:
        raise ValueError(f"expected {n} comma-separated names (one per seat), or one for every "
                         f"seat; got {text!r}")
    return tuple(parts)


def _rotation(decks: list[str], g: int, n: int) -> tuple[str, ...]:
    """The decks of game ``g``: every deck meets every other as the games go on."""
    k = len(decks)
    return tuple(decks[(g + i * (g // k + 1)) % k] for i in range(n))


def _options(plugin: Any, given: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs checked against the ruleset's options (JSON values)."""
    chosen: dict[str, Any] = {}
    for text in given or ():
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--option {text!r}: write it as KEY=VALUE")
        if key not in plugin.options:
            raise ValueError(f"--option {key}: {plugin.name} has no such option; its options: "
                             f"{', '.join(plugin.options) or 'none'}.")
        try:
            chosen[key] = json.loads(value)
        except ValueError:
            chosen[key] = value
    return chosen


def _seats(plugin: Any, given: int | None, flag: str = "--seats") -> int:
    low, high = plugin.seats
    n = low if given is None else given
    if not low <= n <= high:
        span = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{flag} {n}: {_title(plugin)} is played by {span} players.")
    return n


def _bots(plugin: Any, text: str, n: int) -> tuple[str, ...]:
    from engine.ai.bots import bot_problem

    bots = _names(text, n) if text else \
        (plugin.default_bot, *["random"] * (n - 1))
    for b in bots:
        if why := bot_problem(plugin.name, b):
            raise ValueError(why)
    return bots


# ---------------------------------------------------------------------------- sim
def cmd_sim(args: argparse.Namespace) -> int:
    """Bot games over any ruleset, through the plugin and the protocol alone; the win rates per
    seat and per deck with their 95% Wilson intervals (hkk_tui.winrate)."""
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.core.game import Game
    from engine.core.log import Seat
    from hkk_tui.winrate import Record, win_rate_table

    plugin = _plugin(args.ruleset)
    try:
        n = _seats(plugin, args.seats)
        options = _options(plugin, args.option)
        bots = _bots(plugin, args.bots, n)
        decks = _names(args.decks, n) if args.decks else None
        all_decks = [d.id for d in plugin.decks()]
        if not all_decks:
            raise ValueError(f"{_title(plugin)} ships no decks.")
        for deck in decks or ():
            if deck not in all_decks and not (deck.endswith(".toml") or "/" in deck
                                              or "\\" in deck):
                raise ValueError(f"Unknown deck {deck!r} for --decks; use one of: "
                                 f"{', '.join(all_decks)}.")
        if decks:                       # a deck file of the user's: told once, not per game
            plugin.new_header(decks, args.seed)
        # seats and options that go together are checked once, before any game (exit 2)
        plugin.new_header(decks or _rotation(all_decks, 0, n), args.seed, options=options or None)
    except Exception as exc:  # noqa: BLE001 - bad arguments or content, in words
        return _fail(_public(str(exc)))
    wins = [0] * n
    by_deck: dict[str, Record] = {}
    draws = errors = 0
    turns = decisions = events = 0
    started = time.perf_counter()
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    progress = Progress(TextColumn("[bold]sim"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                        console=err, disable=args.quiet or not err.is_terminal)
    with progress:
        task = progress.add_task("sim", total=args.games, rate="-")
        for g in range(args.games):
            seed = args.seed + g
            chosen = decks or _rotation(all_decks, g, n)
            try:
                header = plugin.new_header(
                    chosen, seed, options=options or None,
                    seats=tuple(Seat(_seat_name(i), chosen[i], f"ai:{bots[i]}")
                                for i in range(n)))
                game = Game.new(plugin.ruleset_for(header), header)
                play_out(game, [make_bot(bots[i], game.ruleset, seed + i) for i in range(n)])
                result = game.ruleset.result(game.state)
                if result is None:
                    raise RuntimeError("the game ended without a result")
            except Exception as exc:  # noqa: BLE001 - counted and reported per game
                errors += 1
                err.print(f"game {g} (seed {seed}, decks {', '.join(chosen)}): "
                          f"{type(exc).__name__}: {escape(str(exc))}", highlight=False)
                continue
            turns += int(game.ruleset.summary(game.state).get("turn") or 0)
            decisions += len(game.entries)
            events += sum(len(e.events) for e in game.entries)
            for seat in range(n):
                record = by_deck.setdefault(chosen[seat], Record(chosen[seat]))
                record.games += 1
                record.wins += seat in result.winners
                record.draws += not result.winners
            if not result.winners:
                draws += 1
            for seat in result.winners:
                wins[seat] += 1
            elapsed = time.perf_counter() - started
            progress.update(task, advance=1, rate=f"{(g + 1) / elapsed:.1f}")
    elapsed = time.perf_counter() - started
    played = args.games - errors
    out.print(f"ruleset: {plugin.name} ({escape(_title(plugin))}), {n} seats", highlight=False)
    out.print(f"games: {args.games}  finished: {played}  errors: {errors}")
    out.print("wins: " + "  ".join(f"seat {_seat_name(i)} ({bots[i]}) {wins[i]}"
                                   for i in range(n)) + f"  draws: {draws}")
    if played:
        out.print(f"average turns: {turns / played:.1f}  average decisions: "
                  f"{decisions / played:.1f}  average events: {events / played:.0f}")
    out.print(f"speed: {args.games / elapsed:.1f} games/s ({elapsed:.2f} s)")
    if played:                          # who wins how often, and how sure that is
        seats = [Record(f"{_seat_name(i)} ({bots[i]})", played, wins[i], draws)
                 for i in range(n)]
        out.print()
        out.print(win_rate_table("seat win rates", seats))
        out.print()
        out.print(win_rate_table("deck win rates",
                                 [by_deck[d] for d in sorted(by_deck)]))
    return 1 if errors else 0


def _existing(name: str, ruleset: str | None = None) -> Path | None:
    """A file by path, or a shipped one by name: ``saves/<ruleset>/scenarios`` and
    ``saves/<ruleset>/games`` (every installed ruleset's when ``ruleset`` is None), then the
    folders of older hkk, ``saves/scenarios`` and ``saves/games``."""
    path = Path(name)
    if path.is_file():
        return path
    from importlib.resources import files

    from engine.core import registry

    root = Path(str(files("saves")))
    names = [ruleset] if ruleset else registry.names()
    folders = [root / r / kind for r in names for kind in ("scenarios", "games")]
    for folder in [*folders, root / "scenarios", root / "games"]:
        for candidate in (name, f"{name}.toml", f"{name}.hkk"):
            shipped = folder / candidate
            if shipped.is_file():
                return shipped
    return None


# ---------------------------------------------------------------------------- decks
def cmd_decks(args: argparse.Namespace) -> int:
    plugin = _plugin(args.ruleset)
    if args.action == "list":
        try:
            infos = plugin.decks()
        except Exception as exc:  # noqa: BLE001 - broken content, in words
            return _fail(_public(str(exc)))
        for d in infos:
            name = d.name.get("en", d.id)
            other = d.name.get("hu", "")
            names = name if not other or other == name else f"{name} / {other}"
            out.print(f"[bold]{escape(d.id)}[/]  {escape(names)}  ({d.size} cards) — "
                      f"{escape(d.description.get('en', ''))}")
        out.print(f"{len(infos)} decks of {escape(_title(plugin))} ({plugin.name})")
        return 0
    paths = [Path(f) for f in args.files] or None
    try:
        problems = plugin.validate(paths)
    except Exception as exc:  # noqa: BLE001 - a validator that breaks is told, not shown
        return _fail(_public(str(exc)))
    for p in problems:
        where = f"{p.file}: {p.item + ': ' if p.item else ''}"
        text = p.message if p.message.startswith(p.file) else where + p.message
        err.print(escape(text), highlight=False, soft_wrap=True)
    if problems:
        err.print(f"[bold red]{len(problems)} problem(s) found.[/]")
        return 1
    out.print(f"All {escape(_title(plugin))} card and deck files are valid.")
    return 0


# ---------------------------------------------------------------------------- watch
def cmd_watch(args: argparse.Namespace) -> int:
    """Watch a bot game of any ruleset printed in the terminal (no app needed): the ruleset's
    own bot in every seat, the events in the words of its UI plugin."""
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.core.game import Game
    from engine.core.log import Seat
    from engine.core.protocol import OMNISCIENT
    from hkk_tui.i18n import set_lang
    from hkk_tui.rulesets import get_ui

    plugin = _plugin(args.ruleset)
    decks = [d.id for d in plugin.decks()]
    n = plugin.seats[0]
    chosen = _names(args.decks, n) if args.decks else tuple(decks[i % len(decks)]
                                                            for i in range(n))
    unknown = [d for d in chosen if d not in decks and not d.endswith(".toml")]
    if unknown:
        return _fail(f"Unknown deck {unknown[0]!r}; use one of: {', '.join(decks)}.")
    bot = plugin.default_bot
    seats = tuple(Seat("ABCD"[i], d, f"ai:{bot}") for i, d in enumerate(chosen))
    header = plugin.new_header(chosen, args.seed, seats=seats)
    ruleset = plugin.ruleset_for(header)
    game = Game.new(ruleset, header)
    set_lang(args.lang)
    table = get_ui(header.ruleset).table(header, ruleset,
                                         [f"{s.name} ({s.deck})" for s in header.seats],
                                         args.lang)

    def show(events: list) -> None:
        for ev in table.log_events(events):
            line = table.describe(ruleset.redact(ev, OMNISCIENT))
            if line and line[0]:
                text, rule = line
                out.print(f"{text} [dim]\\[{rule}][/]" if rule else text, highlight=False)

    show(list(game.entries[0].events))
    play_out(game, [make_bot(bot, ruleset, args.seed + i) for i in range(n)],
             after=lambda g, p, a, evs: show(evs))
    return 0


# ---------------------------------------------------------------------------- saves
def _other_ruleset(args: argparse.Namespace, header: Any) -> str:
    """'' if ``--ruleset`` was not given or names the save's own ruleset; else why not."""
    wanted = getattr(args, "ruleset", None)
    if not wanted or wanted == header.ruleset:
        return ""
    return f"a game of '{header.ruleset}', not '{wanted}'"


def _warn_ruleset(args: argparse.Namespace, header: Any, given: str) -> None:
    other = _other_ruleset(args, header)
    if other:
        err.print(f"[yellow]hkk:[/] {escape(given)} is {escape(other)}; it is read as a "
                  f"'{escape(header.ruleset)}' game.", highlight=False, soft_wrap=True)


def _check_loaded(loaded: Any) -> str:
    """Why a loaded save or export disagrees with its rules ("" if it agrees throughout): the
    ruleset its header names re-checks the header, then re-runs every recorded action."""
    from engine.core import registry
    from engine.core.game import check_header, check_record

    try:
        ruleset = registry.ruleset_for(loaded.header)
    except registry.UnknownRuleset as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - e.g. pinned content that does not decode
        return f"its content cannot be read ({type(exc).__name__}: {exc})"
    problem = check_header(ruleset, loaded.header)
    if problem:
        return problem
    checked = check_record(ruleset, loaded.header, loaded.entries)
    if checked.divergence is not None:
        return f"entry {checked.agreed} disagrees with the rules: {checked.why}"
    return ""


def cmd_verify(args: argparse.Namespace) -> int:
    """Re-simulate saved games (or JSON exports) with today's rules. Exit 0 only when every file
    is whole, its header sealed and unedited, and every entry reproduced by the rules. Each file
    is checked by the ruleset its header names; ``--ruleset`` skips files of other rulesets. A
    game recorded under another version of its rules is said to be so (OLD RULES): it is
    replayed from its record, not re-checked, and fails only if its record cannot be applied."""
    from engine.core import registry
    from engine.core import store as S
    from engine.core.game import check_header, verify

    def say(text: str) -> None:
        out.print(text, highlight=False, soft_wrap=True)

    files = [Path(f) for f in args.files]
    failures = skipped = 0
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    progress = Progress(TextColumn("[bold]verify"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[name]}"), console=err,
                        disable=len(files) < 2 or not err.is_terminal)
    with progress:
        task = progress.add_task("verify", total=len(files), name="")
        for path in files:
            progress.update(task, name=path.name)
            progress.advance(task)
            try:
                loaded = S.read_any(path)          # the header names the ruleset and codec
            except (S.SaveError, OSError) as exc:
                say(f"{path}: [red]CANNOT READ[/] — {escape(str(exc))}")
                failures += 1
                continue
            other = _other_ruleset(args, loaded.header)
            if other:
                say(f"{path}: [yellow]SKIPPED[/] — {escape(other)}")
                skipped += 1
                continue
            try:
                ruleset = registry.ruleset_for(loaded.header)
            except Exception as exc:  # noqa: BLE001 - e.g. pinned cards that do not decode
                say(f"{path}: [red]CANNOT READ[/] — its content (cards, decks) cannot be read "
                    f"({type(exc).__name__}: {escape(str(exc))})")
                failures += 1
                continue
            edited = check_header(ruleset, loaded.header)
            if edited:
                failures += 1
                say(f"{path}: [red]EDITED[/] — {escape(edited)}")
                continue
            report = verify(ruleset, loaded.header, loaded.entries)
            if loaded.damaged:
                failures += 1
                say(f"{path}: [red]DAMAGED[/] — {escape(loaded.problem)}")
            if report.ok:
                if loaded.damaged:
                    continue
                if report.recorded_under:
                    say(f"{path}: [yellow]OLD RULES[/] — recorded under rules version "
                        f"{escape(report.recorded_under)} (today's rules are version "
                        f"{escape(report.today)}): its {report.entries} entries were replayed "
                        "from its record, not re-checked")
                else:
                    say(f"{path}: [green]OK[/] — {report.entries} entries")
                continue
            failures += 1
            d = report.divergence
            say(f"{path}: [red]DIVERGES[/] at entry {d.entry} (player {d.player + 1}, "
                f"action {escape(repr(d.action))})")
            if report.recorded_under:
                say(f"    recorded under rules version {escape(report.recorded_under)}: "
                    f"{escape(d.error)}")
            elif d.error:
                say(f"    today's rules refuse it: {escape(d.error)}")
            else:
                i, recorded, produced = d.first_difference()
                say(f"    event {i}: recorded {escape(repr(recorded))}")
                say(f"    event {i}: produced {escape(repr(produced))}")
    if skipped:
        say(f"{skipped} file(s) of other rulesets skipped (--ruleset {args.ruleset}).")
    return 1 if failures else 0


def cmd_export(args: argparse.Namespace) -> int:
    from engine.core import store as S

    src = Path(args.file)
    try:
        loaded = S.load(src)                       # the header picks the codec
    except (S.SaveError, OSError) as exc:
        return _fail(str(exc))
    _warn_ruleset(args, loaded.header, args.file)
    dest = Path(args.out) if args.out else src.with_suffix(".json" if args.json else
                                                          ".export.hkk")
    try:
        if args.json:
            S.export_json(loaded, dest, overwrite=args.force)
        else:
            S.export_portable(loaded, dest, overwrite=args.force)
    except S.SaveError as exc:
        return _fail(str(exc))
    from engine.ai.notes import carry

    _notes_warning(carry(src, dest, loaded.entries))
    out.print(f"Exported {len(loaded.entries)} entries to {dest}")
    return 0


def _notes_warning(warning: str) -> None:
    """The AI's annotations travel beside a copied game (engine.ai.notes.carry)."""
    if warning:
        print(f"hkk: warning: {warning}", file=sys.stderr)


def cmd_import(args: argparse.Namespace) -> int:
    from engine.core import store as S

    def check(loaded: Any) -> str:
        _warn_ruleset(args, loaded.header, args.file)
        return _check_loaded(loaded)

    try:
        path = S.import_file(Path(args.file), None, S.saves_dir(), check=check)
    except (S.SaveError, OSError) as exc:
        return _fail(str(exc))
    from engine.ai.notes import carry

    _notes_warning(carry(Path(args.file), path))
    out.print(f"Imported as {path}; open it from Load game in hkk.")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    """Record bot games as save files (the regression fixtures in saves/<ruleset>/games)."""
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.core import store as S
    from engine.core.game import Game
    from engine.core.log import Seat

    plugin = _plugin(args.ruleset)
    try:
        n = _seats(plugin, args.seats)
        options = _options(plugin, args.option)
        bots = _names(args.bots, n) if args.bots else (plugin.default_bot,) * n
        _bots(plugin, ",".join(bots), n)
        decks = [d.id for d in plugin.decks()]
        if not decks:
            raise ValueError(f"{_title(plugin)} ships no decks.")
    except Exception as exc:  # noqa: BLE001 - bad arguments or content, in words
        return _fail(_public(str(exc)))
    dest = Path(args.out) if args.out else Path("saves") / plugin.name / "games"
    dest.mkdir(parents=True, exist_ok=True)
    codec = plugin.codec()
    for g in range(args.games):
        chosen = _rotation(decks, g, n)
        seed = args.seed + g
        game_options = dict(options)
        # the shipped HKK fixtures play every third game under the tournament rule (K 145.1);
        # a ruleset without that option is recorded with its defaults
        if "first_turn_draw" in plugin.options and "first_turn_draw" not in options:
            game_options["first_turn_draw"] = g % 3 != 2
        header = plugin.new_header(chosen, seed, title=" vs ".join(chosen),
                                   seats=tuple(Seat(_seat_name(i), chosen[i], f"ai:{bots[i]}")
                                               for i in range(n)),
                                   options=game_options or None)
        path = dest / f"game-{g + args.first:02d}-{'-vs-'.join(chosen)}.hkk"
        writer = S.SaveWriter.create(path, header, codec, overwrite=True, fsync=False)
        game = Game.new(plugin.ruleset_for(header), header, writer)
        play_out(game, [make_bot(bots[i], game.ruleset, seed + i) for i in range(n)])
        writer.close()
        r = game.ruleset.result(game.state)
        turn = game.ruleset.summary(game.state).get("turn")
        who = ("draw" if not r.winners else
               "winner " + ", ".join(_seat_name(i) for i in r.winners))
        out.print(f"{path}: {len(game.entries)} entries, turn {turn}, {who} ({r.reason})")
    return 0


# ---------------------------------------------------------------------------- the app
def cmd_app(args: argparse.Namespace) -> int:
    """``hkk``, ``hkk play``, ``replay``, ``debug``, ``scenario``: check the arguments, then that
    there is a terminal to draw on, then start the app. Errors are told here, before the app."""
    from hkk_tui.terminal import NO_TERMINAL, has_terminal

    kwargs: dict = {}
    if args.command in ("replay", "debug", "scenario"):
        scenario = args.command == "scenario"
        plugin = _plugin(args.ruleset) if scenario else None
        path = _existing(args.file, plugin.name if plugin else args.ruleset)
        if path is None:
            what = "scenario (.toml)" if scenario else "save (.hkk)"
            return _fail(f"There is no file {args.file!r}; give the path of a {what}.")
        if scenario:
            problem, ruleset = _check_scenario(plugin, path, args.file), plugin.name
        else:
            problem, ruleset = _check_save(args, path, args.file)
        if problem:
            return _fail(problem)
        key = "scenario" if scenario else "replay"
        kwargs = {key: str(path), "debug": args.command == "debug", "lang": args.lang,
                  "ruleset": ruleset}
    elif args.command == "play":
        plugin = _plugin(args.ruleset)
        args.ai = args.ai or plugin.default_bot
        problem = _check_play(plugin, args)
        if problem:
            return _fail(problem)
        try:
            table = _play_table(plugin, args)
        except Exception as exc:  # noqa: BLE001 - bad --players / --option, in words
            return _fail(_public(str(exc)))
        kwargs = {"deck": args.deck, "vs": args.vs, "ai": args.ai, "seed": args.seed,
                  "lang": args.lang, "ruleset": plugin.name, **table}
    if not has_terminal():
        # without a terminal the app could only hang (ssh -T, a pipe, </dev/null)
        sys.stderr.write(NO_TERMINAL + "\n")
        return 2
    from hkk_tui.app import run_app

    return run_app(**kwargs)


def _check_play(plugin: Any, args: argparse.Namespace) -> str:
    """Why ``hkk play``'s decks or bot cannot be used ('' if they can)."""
    from engine.ai.bots import bot_problem

    try:
        known = [d.id for d in plugin.decks()]
    except Exception as exc:  # noqa: BLE001 - broken shipped content
        return _public(f"The shipped card data is broken; reinstall hkk. {exc}")
    for flag, deck in (("--deck", args.deck), ("--vs", args.vs)):
        if deck is None or deck in known:
            continue
        if deck.endswith(".toml") or "/" in deck or "\\" in deck:
            try:                        # a deck file of the user's: can a game be set up?
                plugin.new_header((deck,) * plugin.seats[0], 0)
            except Exception as exc:  # noqa: BLE001 - told in words
                return _public(f"{flag} {deck}: {exc}")
            continue
        return f"Unknown deck {deck!r} for {flag}; use one of: {', '.join(known)}."
    if why := bot_problem(plugin.name, args.ai):
        return f"--ai: {why}"
    return ""


def _play_table(plugin: Any, args: argparse.Namespace) -> dict[str, Any]:
    """``hkk play``'s ``--players N`` and ``--option KEY=VALUE`` as the app's start arguments
    (empty for the ruleset's fewest seats and no options: the two-seat game as before). You
    sit first with ``--deck``; every other seat is the AI ``--ai`` with ``--vs`` (default: the
    other decks in turn). Seats and options that do not go together (TK: 3 players in TEAM, an
    unknown mode) raise ValueError in words, before the app starts."""
    from engine.core.log import Seat

    n = _seats(plugin, args.players, "--players")
    options = _options(plugin, args.option)
    ids = [d.id for d in plugin.decks()]
    mine = args.deck or ids[0]
    others = [d for d in ids if d != mine] or [mine]
    decks = (mine,) + tuple(args.vs or others[i % len(others)] for i in range(n - 1))
    kinds = ("human",) + (f"ai:{args.ai}",) * (n - 1)
    seats = tuple(Seat(_seat_name(i), d, k) for i, (d, k) in enumerate(zip(decks, kinds)))
    plugin.new_header(decks, 0, seats=seats, options=options or None)   # can it be set up?
    start: dict[str, Any] = {}
    if n != plugin.seats[0]:
        start.update(decks=decks, kinds=kinds)
    if options:
        start["options"] = options
    return start


def _check_scenario(plugin: Any, path: Path, given: str) -> str:
    """Why the scenario file cannot be played ('' if it can); names the file as the user did."""
    try:
        plugin.load_scenario(path)
    except UnicodeDecodeError:
        return f"{given}: this is not a scenario file (it is not UTF-8 text)."
    except Exception as exc:  # noqa: BLE001 - the plugin's ScenarioError, content errors
        return _public(str(exc), path, given)
    return ""


def _check_save(args: argparse.Namespace, path: Path, given: str) -> tuple[str, str]:
    """Why the save cannot be replayed ('' if it can) — unreadable, not a save, or not a game
    today's rules can rebuild — and the ruleset its header names."""
    from engine.core import registry
    from engine.core import store as S
    from engine.core.game import Game

    try:
        loaded = S.load(path)                      # the header picks the codec
    except (S.SaveError, OSError) as exc:
        return _public(str(exc), path, given), ""
    _warn_ruleset(args, loaded.header, given)
    try:
        Game.from_log(registry.ruleset_for(loaded.header), loaded.header, loaded.entries)
    except Exception as exc:  # noqa: BLE001 - whatever it is, it is told, not shown as a crash
        return _public(f"{given}: this save cannot be replayed ({exc}).", path, given), ""
    return "", loaded.header.ruleset


def _public(message: str, path: Path | None = None, given: str = "") -> str:
    """``message`` with no install path in it: the resolved file is named as the user gave it,
    and a sentence pointing into hkk's own files (its source, site-packages) is dropped."""
    if path is not None:
        message = message.replace(str(path), given)
    root = str(Path(__file__).resolve().parents[1])
    internal = re.compile(rf"{re.escape(root)}|site-packages|(?<![\w/.~-])(engine|hkk_tui)/")
    parts = re.split(r"(?<=[.;])(\s+)", message)       # sentences and the space after each
    kept = "".join(sentence + space for sentence, space in zip(parts[::2], parts[1::2] + [""])
                   if not internal.search(sentence))
    return kept.strip() or "The file cannot be used."


# ---------------------------------------------------------------------------- main
def _ruleset_flag(p: argparse.ArgumentParser, reads_a_save: bool = False) -> None:
    if reads_a_save:
        p.add_argument("--ruleset", default=None, metavar="NAME",
                       help="only games of this ruleset (the save's header names its own)")
    else:
        p.add_argument("--ruleset", default=DEFAULT_RULESET, metavar="NAME",
                       help=f"which game (default {DEFAULT_RULESET}; `hkk rulesets` lists them)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hkk", description="Card and board games from their rulebooks, in your terminal: Hatalom Kártyái, Summoner Wars (`hkk rulesets` lists them).")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("rulesets", help="list the installed rulesets (games hkk plays)")
    p = sub.add_parser("play", help="start a game against the AI directly")
    p.add_argument("--deck", help="your deck id")
    p.add_argument("--vs", help="the AI's deck id")
    p.add_argument("--ai", default=None, help="bot (default: the ruleset's, greedy for hkk)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--lang", choices=("hu", "en"), default=None)
    p.add_argument("--players", "--seats", type=int, default=None,
                   help="players: you and the AI at every other seat (default: the fewest)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option (JSON value), repeatable; e.g. --option mode=battle")
    _ruleset_flag(p)
    s = sub.add_parser("sim", help="play bot games headless and print results")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--decks", default="", help="A,B deck ids (default: rotate all decks)")
    s.add_argument("--bots", default="",
                   help="one bot per seat, A,B (default: the ruleset's bot vs random)")
    s.add_argument("--seats", "--players", type=int, default=None,
                   help="players (default: the fewest)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option (JSON value), repeatable")
    s.add_argument("--quiet", action="store_true")
    _ruleset_flag(s)
    b = sub.add_parser("bench", help="measure engine speed into a JSON report")
    b.add_argument("--out", default="bench-report.json")
    b.add_argument("--games", type=int, default=60)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--long-entries", type=int, default=16_000,
                   help="entries of the long log whose rebuild is timed (0: skip)")
    b.add_argument("--compare", metavar="OLD.json", default=None,
                   help="print each figure's ratio to an earlier report")
    _ruleset_flag(b)
    d = sub.add_parser("decks", help="list or validate card and deck files")
    d.add_argument("action", choices=("validate", "list"))
    d.add_argument("files", nargs="*")
    _ruleset_flag(d)
    rp = sub.add_parser("replay", help="step through a saved game (read-only)")
    rp.add_argument("file")
    rp.add_argument("--lang", choices=("hu", "en"), default=None)
    _ruleset_flag(rp, reads_a_save=True)
    db = sub.add_parser("debug", help="the step-through rules debugger on a saved game")
    db.add_argument("file")
    db.add_argument("--lang", choices=("hu", "en"), default=None)
    _ruleset_flag(db, reads_a_save=True)
    sc = sub.add_parser("scenario",
                        help="start a game from a scenario file (saves/<ruleset>/scenarios)")
    sc.add_argument("file")
    sc.add_argument("--lang", choices=("hu", "en"), default=None)
    _ruleset_flag(sc)
    v = sub.add_parser("verify", help="re-simulate saved games with today's rules")
    v.add_argument("files", nargs="+")
    _ruleset_flag(v, reads_a_save=True)
    e = sub.add_parser("export", help="export a save as readable JSON or one portable file")
    e.add_argument("file")
    e.add_argument("--json", action="store_true", help="readable JSON (default: portable .hkk)")
    e.add_argument("--out", default="")
    e.add_argument("--force", action="store_true", help="overwrite the destination")
    _ruleset_flag(e, reads_a_save=True)
    i = sub.add_parser("import", help="import a portable save or JSON export into your saves")
    i.add_argument("file")
    _ruleset_flag(i, reads_a_save=True)
    r = sub.add_parser("record", help="record bot games as save files (fixtures)")
    r.add_argument("--games", type=int, default=10)
    r.add_argument("--seed", type=int, default=100)
    r.add_argument("--bots", default="", help="one bot per seat (default: the ruleset's)")
    r.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option (JSON value), repeatable")
    r.add_argument("--seats", "--players", type=int, default=None,
                   help="players (default: the fewest)")
    r.add_argument("--out", default="", help="folder (default: saves/<ruleset>/games)")
    r.add_argument("--first", type=int, default=1,
                   help="number of the first file (game-NN-...), to add to a set")
    _ruleset_flag(r)
    w = sub.add_parser("watch", help="print a greedy-bot game in the terminal (hkk only)")
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--decks", default="")
    w.add_argument("--lang", choices=("hu", "en"), default="en")
    _ruleset_flag(w)
    from hkk_tui.netcli import add_commands           # server, connect, bot, loadtest

    COMMANDS.update(add_commands(sub))
    from hkk_tui.tournament_cli import add_commands as add_tournament

    COMMANDS.update(add_tournament(sub))
    return parser


COMMANDS = {"rulesets": cmd_rulesets, "sim": cmd_sim, "decks": cmd_decks, "watch": cmd_watch,
            "verify": cmd_verify, "export": cmd_export, "import": cmd_import,
            "record": cmd_record}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "decks" and extra and not any(e.startswith("-") for e in extra):
        args.files += extra          # `decks validate --ruleset mk PATH`: files after the flag
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if getattr(args, "ruleset", None) is not None:
        from engine.core import registry

        try:
            registry.get(args.ruleset)
        except registry.UnknownRuleset as exc:       # one line: the installed ones, exit 2
            return _fail(str(exc))
    if args.command == "bench":
        from hkk_tui.bench import run_bench

        return run_bench(args)
    command = COMMANDS.get(args.command)
    if command is not None:
        return command(args)
    return cmd_app(args)


if __name__ == "__main__":
    sys.exit(main())
