"""The ``hkk`` command line: the app by default, plus headless sim, bench and deck tools."""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

err = Console(stderr=True)
out = Console()


def _fail(message: str, code: int = 2) -> int:
    err.print(f"[bold red]hkk:[/] {escape(message)}", soft_wrap=True)
    return code


# ---------------------------------------------------------------------------- sim
def cmd_sim(args: argparse.Namespace) -> int:
    from engine.ai.bots import bot_names, make_bot
    from engine.ai.sim import play_out
    from engine.core.log import Seat
    from engine.hkk import pool as P
    from engine.hkk.session import make_header, new_game

    try:
        pool = P.load_pool()
        decks = _pair(args.decks) if args.decks else None
        all_decks = [d.id for d in P.list_decks()]
        bots = _pair(args.bots)
        for b in bots:
            if b not in bot_names("hkk"):
                raise ValueError(f"Unknown bot {b!r}; choose one of: "
                                 f"{', '.join(bot_names('hkk'))}.")
    except (P.PoolError, ValueError) as exc:
        return _fail(str(exc))
    wins = {0: 0, 1: 0}
    by_deck: dict[str, list[int]] = {}
    draws = errors = 0
    turns = decisions = events = 0
    started = time.perf_counter()
    progress = Progress(TextColumn("[bold]sim"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                        console=err, disable=args.quiet or not err.is_terminal)
    with progress:
        task = progress.add_task("sim", total=args.games, rate="-")
        for g in range(args.games):
            seed = args.seed + g
            pair = decks or (all_decks[g % len(all_decks)],
                             all_decks[(g // len(all_decks) + g + 1) % len(all_decks)])
            try:
                header = make_header(pair, seed, seats=(Seat("A", pair[0], f"ai:{bots[0]}"),
                                                        Seat("B", pair[1], f"ai:{bots[1]}")),
                                     pool=pool, options={"first_turn_draw": True})
                game = new_game(header)
                play_out(game, [make_bot(bots[0], game.ruleset, seed),
                                make_bot(bots[1], game.ruleset, seed + 1)])
            except Exception as exc:  # noqa: BLE001 - counted and reported per game
                errors += 1
                err.print(f"game {g} (seed {seed}, decks {pair}): {type(exc).__name__}: {exc}")
                continue
            result = game.state.result
            turns += game.state.turn
            decisions += len(game.entries)
            events += sum(len(e.events) for e in game.entries)
            for seat in (0, 1):
                by_deck.setdefault(pair[seat], [0, 0, 0])[2] += 1
            if result.winner == -1:
                draws += 1
            else:
                wins[result.winner] += 1
                by_deck[pair[result.winner]][0] += 1
                by_deck[pair[1 - result.winner]][1] += 1
            elapsed = time.perf_counter() - started
            progress.update(task, advance=1, rate=f"{(g + 1) / elapsed:.1f}")
    elapsed = time.perf_counter() - started
    played = args.games - errors
    out.print(f"games: {args.games}  finished: {played}  errors: {errors}")
    out.print(f"wins: seat A ({bots[0]}) {wins[0]}  seat B ({bots[1]}) {wins[1]}  draws: {draws}")
    if played:
        out.print(f"average turns: {turns / played:.1f}  average decisions: "
                  f"{decisions / played:.1f}  average events: {events / played:.0f}")
    out.print(f"speed: {args.games / elapsed:.1f} games/s ({elapsed:.2f} s)")
    for deck, (w, lost, n) in sorted(by_deck.items()):
        out.print(f"  deck {deck}: played {n}, won {w}, lost {lost}")
    return 1 if errors else 0


def _existing(name: str) -> Path | None:
    """A file by path, or a shipped one by name (saves/scenarios, saves/games)."""
    path = Path(name)
    if path.is_file():
        return path
    from importlib.resources import files

    for folder in ("scenarios", "games"):
        for candidate in (name, f"{name}.toml", f"{name}.hkk"):
            shipped = Path(str(files("saves"))) / folder / candidate
            if shipped.is_file():
                return shipped
    return None


def _pair(text: str) -> tuple[str, str]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise ValueError(f"expected two comma-separated names, got {text!r}")
    return parts[0], parts[1]


# ---------------------------------------------------------------------------- decks
def cmd_decks(args: argparse.Namespace) -> int:
    from engine.hkk import pool as P

    if args.action == "list":
        try:
            pool = P.load_pool()
            for d in P.list_decks():
                n = sum(d.cards.values())
                out.print(f"[bold]{d.id}[/]  {d.name.en} / {d.name.hu}  ({n} cards) — "
                          f"{d.description.en}")
            out.print(f"card pool: {len(pool)} cards")
        except P.PoolError as exc:
            return _fail(str(exc))
        return 0
    paths = [Path(f) for f in args.files] or None
    problems = P.validate_files(paths)
    for p in problems:
        err.print(f"{p.file}: {p.card + ': ' if p.card else ''}{p.message}")
    if problems:
        err.print(f"[bold red]{len(problems)} problem(s) found.[/]")
        return 1
    out.print("All card and deck files are valid.")
    return 0


# ---------------------------------------------------------------------------- watch
def cmd_watch(args: argparse.Namespace) -> int:
    """Watch a bot game printed in the terminal (no app needed)."""
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.core.log import Seat
    from engine.hkk import pool as P
    from engine.hkk.session import make_header, new_game
    from engine.hkk.views import redact
    from hkk_tui.describe import Namer, event_line, is_bookkeeping

    pool = P.load_pool()
    decks = [d.id for d in P.list_decks()]
    pair = _pair(args.decks) if args.decks else (decks[0], decks[1 % len(decks)])
    header = make_header(pair, args.seed, pool=pool,
                         seats=(Seat("A", pair[0], "ai:greedy"), Seat("B", pair[1], "ai:greedy")))
    game = new_game(header)
    ruleset = game.ruleset

    namer = Namer(ruleset.pool, [c.cid for c in game.state.cards],
                  [f"{seat.name} ({seat.deck})" for seat in header.seats], args.lang)

    def show(events: list) -> None:
        for ev in events:
            if is_bookkeeping(ev):
                continue
            text, rule = event_line(redact(ev, -1), namer)
            if text:
                out.print(f"{text} [dim]\\[{rule}][/]" if rule else text, highlight=False)

    show(list(game.entries[0].events))
    play_out(game, [make_bot("greedy", ruleset, args.seed),
                    make_bot("greedy", ruleset, args.seed + 1)],
             after=lambda g, p, a, evs: show(evs))
    return 0


# ---------------------------------------------------------------------------- saves
def _codec():
    from engine.hkk.session import codec

    return codec()


def cmd_verify(args: argparse.Namespace) -> int:
    """Re-simulate saved games (or JSON exports) with today's rules. Exit 0 only when every file
    is whole, its header sealed and unedited, and every entry reproduced by the rules."""
    from engine.core import store as S
    from engine.core.game import check_header, verify
    from engine.hkk.session import ruleset_for

    from rich.markup import escape

    def say(text: str) -> None:
        out.print(text, highlight=False, soft_wrap=True)

    codec = _codec()
    files = [Path(f) for f in args.files]
    failures = 0
    progress = Progress(TextColumn("[bold]verify"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[name]}"), console=err,
                        disable=len(files) < 2 or not err.is_terminal)
    with progress:
        task = progress.add_task("verify", total=len(files), name="")
        for path in files:
            progress.update(task, name=path.name)
            progress.advance(task)
            try:
                loaded = S.read_any(path, codec)
                ruleset = ruleset_for(loaded.header)
            except (S.SaveError, OSError) as exc:
                say(f"{path}: [red]CANNOT READ[/] — {escape(str(exc))}")
                failures += 1
                continue
            except Exception as exc:  # noqa: BLE001 - e.g. pinned cards that do not decode
                say(f"{path}: [red]CANNOT READ[/] — its card definitions cannot be read "
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
                if not loaded.damaged:
                    say(f"{path}: [green]OK[/] — {report.entries} entries")
                continue
            failures += 1
            d = report.divergence
            say(f"{path}: [red]DIVERGES[/] at entry {d.entry} (player {d.player + 1}, "
                      f"action {escape(repr(d.action))})")
            if d.error:
                say(f"    today's rules refuse it: {escape(d.error)}")
            else:
                i, recorded, produced = d.first_difference()
                say(f"    event {i}: recorded {escape(repr(recorded))}")
                say(f"    event {i}: produced {escape(repr(produced))}")
    return 1 if failures else 0


def cmd_export(args: argparse.Namespace) -> int:
    from engine.core import store as S

    src = Path(args.file)
    try:
        loaded = S.load(src, _codec())
    except (S.SaveError, OSError) as exc:
        return _fail(str(exc))
    dest = Path(args.out) if args.out else src.with_suffix(".json" if args.json else
                                                          ".export.hkk")
    try:
        if args.json:
            S.export_json(loaded, dest, overwrite=args.force)
        else:
            S.export_portable(loaded, dest, overwrite=args.force)
    except S.SaveError as exc:
        return _fail(str(exc))
    out.print(f"Exported {len(loaded.entries)} entries to {dest}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from engine.core import store as S

    try:
        from engine.hkk.session import check_loaded

        path = S.import_file(Path(args.file), _codec(), S.saves_dir(), check=check_loaded)
    except (S.SaveError, OSError) as exc:
        return _fail(str(exc))
    out.print(f"Imported as {path}; open it from Load game in hkk.")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    """Record bot games as save files (the regression fixtures in saves/games)."""
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.core import store as S
    from engine.core.log import Seat
    from engine.hkk import pool as P
    from engine.hkk.session import make_header, new_game

    pool = P.load_pool()
    decks = [d.id for d in P.list_decks()]
    dest = Path(args.out)
    dest.mkdir(parents=True, exist_ok=True)
    bots = _pair(args.bots)
    for g in range(args.games):
        pair = (decks[g % len(decks)], decks[(g + 1 + g // len(decks)) % len(decks)])
        seed = args.seed + g
        header = make_header(pair, seed, pool=pool, title=f"{pair[0]} vs {pair[1]}",
                             seats=(Seat("A", pair[0], f"ai:{bots[0]}"),
                                    Seat("B", pair[1], f"ai:{bots[1]}")),
                             options={"first_turn_draw": g % 3 != 2})
        path = dest / f"game-{g + 1:02d}-{pair[0]}-vs-{pair[1]}.hkk"
        writer = S.SaveWriter.create(path, header, _codec(), overwrite=True, fsync=False)
        game = new_game(header, writer)
        play_out(game, [make_bot(bots[0], game.ruleset, seed),
                        make_bot(bots[1], game.ruleset, seed + 1)])
        writer.close()
        r = game.state.result
        out.print(f"{path}: {len(game.entries)} entries, turn {game.state.turn}, "
                  f"{'draw' if r.winner < 0 else 'winner ' + 'AB'[r.winner]} ({r.reason})")
    return 0


# ---------------------------------------------------------------------------- the app
def cmd_app(args: argparse.Namespace) -> int:
    """``hkk``, ``hkk play``, ``replay``, ``debug``, ``scenario``: check the arguments, then that
    there is a terminal to draw on, then start the app. Errors are told here, before the app."""
    from hkk_tui.terminal import NO_TERMINAL, has_terminal

    kwargs: dict = {}
    if args.command in ("replay", "debug", "scenario"):
        path = _existing(args.file)
        if path is None:
            what = "scenario (.toml)" if args.command == "scenario" else "save (.hkk)"
            return _fail(f"There is no file {args.file!r}; give the path of a {what}.")
        problem = (_check_scenario(path, args.file) if args.command == "scenario"
                   else _check_save(path, args.file))
        if problem:
            return _fail(problem)
        key = "scenario" if args.command == "scenario" else "replay"
        kwargs = {key: str(path), "debug": args.command == "debug", "lang": args.lang}
    elif args.command == "play":
        problem = _check_play(args)
        if problem:
            return _fail(problem)
        kwargs = {"deck": args.deck, "vs": args.vs, "ai": args.ai, "seed": args.seed,
                  "lang": args.lang}
    if not has_terminal():
        # without a terminal the app could only hang (ssh -T, a pipe, </dev/null)
        sys.stderr.write(NO_TERMINAL + "\n")
        return 2
    from hkk_tui.app import run_app

    return run_app(**kwargs)


def _check_play(args: argparse.Namespace) -> str:
    """Why ``hkk play``'s decks or bot cannot be used ('' if they can)."""
    from engine.ai.bots import bot_names
    from engine.hkk import pool as P

    try:
        pool = P.load_pool()
        known = [d.id for d in P.list_decks(pool)]
    except P.PoolError as exc:
        return _public(f"The shipped card data is broken; reinstall hkk. {exc}")
    for flag, deck in (("--deck", args.deck), ("--vs", args.vs)):
        if deck is None or deck in known:
            continue
        if deck.endswith(".toml") or "/" in deck or "\\" in deck:
            try:
                P.load_deck(Path(deck), pool)
            except P.PoolError as exc:
                return _public(f"{flag} {deck}: {exc}")
            continue
        return f"Unknown deck {deck!r} for {flag}; use one of: {', '.join(known)}."
    if args.ai not in bot_names("hkk"):
        return f"--ai: Unknown bot {args.ai!r}; choose one of: {', '.join(bot_names('hkk'))}."
    return ""


def _check_scenario(path: Path, given: str) -> str:
    """Why the scenario file cannot be played ('' if it can); names the file as the user did."""
    from engine.hkk import pool as P
    from engine.hkk.scenario import ScenarioError, load_file

    try:
        load_file(path, P.load_pool())
    except (ScenarioError, P.PoolError) as exc:
        return _public(str(exc), path, given)
    except UnicodeDecodeError:
        return f"{given}: this is not a scenario file (it is not UTF-8 text)."
    return ""


def _check_save(path: Path, given: str) -> str:
    """Why the save cannot be replayed ('' if it can): unreadable, not a save, or not a game
    today's rules can rebuild."""
    from engine.core import store as S
    from engine.core.game import Game
    from engine.hkk.session import codec, ruleset_for

    try:
        loaded = S.load(path, codec())
    except (S.SaveError, OSError) as exc:
        return _public(str(exc), path, given)
    try:
        Game.from_log(ruleset_for(loaded.header), loaded.header, loaded.entries)
    except Exception as exc:  # noqa: BLE001 - whatever it is, it is told, not shown as a crash
        return _public(f"{given}: this save cannot be replayed ({exc}).", path, given)
    return ""


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
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hkk", description="Hatalom Kártyái in your terminal.")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("play", help="start a game against the AI directly")
    p.add_argument("--deck", help="your deck id")
    p.add_argument("--vs", help="the AI's deck id")
    p.add_argument("--ai", default="greedy", help="bot: greedy or random")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--lang", choices=("hu", "en"), default=None)
    s = sub.add_parser("sim", help="play bot games headless and print results")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--decks", default="", help="A,B deck ids (default: rotate all decks)")
    s.add_argument("--bots", default="greedy,random")
    s.add_argument("--quiet", action="store_true")
    b = sub.add_parser("bench", help="measure engine speed into a JSON report")
    b.add_argument("--out", default="bench-report.json")
    b.add_argument("--games", type=int, default=60)
    b.add_argument("--seed", type=int, default=1)
    d = sub.add_parser("decks", help="list or validate card and deck files")
    d.add_argument("action", choices=("validate", "list"))
    d.add_argument("files", nargs="*")
    rp = sub.add_parser("replay", help="step through a saved game (read-only)")
    rp.add_argument("file")
    rp.add_argument("--lang", choices=("hu", "en"), default=None)
    db = sub.add_parser("debug", help="the step-through rules debugger on a saved game")
    db.add_argument("file")
    db.add_argument("--lang", choices=("hu", "en"), default=None)
    sc = sub.add_parser("scenario", help="start a game from a scenario file (saves/scenarios)")
    sc.add_argument("file")
    sc.add_argument("--lang", choices=("hu", "en"), default=None)
    v = sub.add_parser("verify", help="re-simulate saved games with today's rules")
    v.add_argument("files", nargs="+")
    e = sub.add_parser("export", help="export a save as readable JSON or one portable file")
    e.add_argument("file")
    e.add_argument("--json", action="store_true", help="readable JSON (default: portable .hkk)")
    e.add_argument("--out", default="")
    e.add_argument("--force", action="store_true", help="overwrite the destination")
    i = sub.add_parser("import", help="import a portable save or JSON export into your saves")
    i.add_argument("file")
    r = sub.add_parser("record", help="record bot games as save files (fixtures)")
    r.add_argument("--games", type=int, default=10)
    r.add_argument("--seed", type=int, default=100)
    r.add_argument("--bots", default="greedy,greedy")
    r.add_argument("--out", default="saves/games")
    w = sub.add_parser("watch", help="print a greedy-bot game in the terminal")
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--decks", default="")
    w.add_argument("--lang", choices=("hu", "en"), default="en")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "sim":
        return cmd_sim(args)
    if args.command == "bench":
        from hkk_tui.bench import run_bench

        return run_bench(args)
    if args.command == "decks":
        return cmd_decks(args)
    if args.command == "watch":
        return cmd_watch(args)
    if args.command == "verify":
        return cmd_verify(args)
    if args.command == "export":
        return cmd_export(args)
    if args.command == "import":
        return cmd_import(args)
    if args.command == "record":
        return cmd_record(args)
    return cmd_app(args)


if __name__ == "__main__":
    sys.exit(main())
