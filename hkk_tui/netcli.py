"""The network commands of ``hkk``: ``server``, ``connect``, ``bot`` and ``loadtest``
(issue 13), and ``web`` (issue 19, :mod:`hkk_tui.web`). :func:`add_commands` adds them to the
main parser (hkk_tui.cli)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import signal
import sys
from typing import Any, Callable


def _fail(message: str, code: int = 2) -> int:
    from hkk_tui.cli import _fail as fail

    return fail(message, code)


def _address(text: str | None, ca: str | None = None) -> Any:
    from engine.net.address import parse

    return parse(text, ca or "")


def _tokens(as_user: str, name: str) -> Any:
    """A client's seat tokens: a file per ``--as``/``--name`` (so two clients of one user do not
    share seats); in memory only for a nameless bot."""
    from engine.net.address import client_data_dir
    from engine.net.client import TokenStore

    who = as_user or name
    if not who:
        return TokenStore(client_data_dir() / "tokens.json")
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", who)[:40]
    return TokenStore(client_data_dir() / f"tokens-{slug}.json")


# ---------------------------------------------------------------------------- server
def cmd_server(args: argparse.Namespace) -> int:
    """``hkk server``: run until SIGTERM/SIGINT; every table survives a restart."""
    from engine.net.address import (
        AddressError,
        TLSError,
        default_socket,
        exposure_warning,
        parse_listen,
        server_data_dir,
        server_tls,
    )
    from engine.net.server import Server

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="hkk server: %(message)s", stream=sys.stderr)
    if "/" in (args.listen or ""):
        return _fail("--listen takes HOST:PORT; give a socket path with --socket.")
    try:
        listen = parse_listen(args.listen) if args.listen else None
    except AddressError as exc:
        return _fail(str(exc))
    tls = None
    if args.tls_cert or args.tls_key:
        if listen is None:
            return _fail("--tls-cert/--tls-key secure TCP: give --listen HOST:PORT too.")
        try:
            tls = server_tls(args.tls_cert or "", args.tls_key or "")
        except TLSError as exc:
            return _fail(f"TLS: {exc}")
    socket_path = args.socket or default_socket()
    data = server_data_dir(args.data)
    if listen is not None and (warning := exposure_warning("hkk server", listen, tls is not None)):
        print(warning, file=sys.stderr, flush=True)

    async def main() -> int:
        server = Server(data, socket_path, listen, tls=tls)
        try:
            await server.start()
        except PermissionError as exc:
            where = os.path.dirname(socket_path)
            return _fail(f"Cannot listen on {socket_path}: {exc.strerror} ({where}). Ask root "
                         f"to create {where} for the server (see the README, 'Network play'), "
                         "or give --socket PATH.")
        except OSError as exc:
            return _fail(f"The server cannot start: {exc}")
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, stop.set)
        print(f"hkk server: listening on {', '.join(server.addresses())}; data in {data}",
              file=sys.stderr, flush=True)
        await stop.wait()
        await server.stop()
        return 0

    return asyncio.run(main())


# ---------------------------------------------------------------------------- bot
def cmd_bot(args: argparse.Namespace) -> int:
    """``hkk bot``: play one seat of table T to the end, then exit 0."""
    import random

    from engine.ai.bots import bot_names
    from engine.core import registry
    from engine.net import bot
    from engine.net.address import AddressError

    try:
        address = _address(args.connect, args.tls_ca)
    except AddressError as exc:
        return _fail(f"--connect: {exc}")
    plugin = registry.get(args.ruleset)
    name = args.bot or plugin.default_bot
    if name.partition(":")[0] == "search":
        return _fail(f"--bot: {bot.SEARCH_AT_SERVER}")
    if name not in bot_names(plugin.name):
        return _fail(f"--bot: {plugin.name} has no bot {name!r}; choose one of: "
                     f"{', '.join(bot_names(plugin.name))}.")
    as_user = args.as_user or ("" if not address.unix else f"bot-{os.getpid()}")
    seed = args.seed if args.seed is not None else random.randrange(1, 2 ** 31)

    def say(text: str) -> None:
        if not args.quiet:
            print(f"hkk bot: {text}", file=sys.stderr, flush=True)

    try:
        result = asyncio.run(bot.play(address, args.table, name, plugin.name,
                                      name=args.name or f"bot-{name}", as_user=as_user,
                                      seed=seed, tokens=_tokens(args.as_user, args.name or ""),
                                      say=say, timeout=args.timeout))
    except bot.BotFailed as exc:
        return _fail(f"the bot cannot play table {args.table}: {exc}")
    except asyncio.TimeoutError:
        return _fail(f"the game at table {args.table} did not end within {args.timeout} s.", 3)
    except KeyboardInterrupt:
        return 130
    winners = ", ".join(str(w + 1) for w in result.winners) if result.winners else "none (a draw)"
    say(f"the game is over: winner {winners} ({result.reason})")
    return 0


# ---------------------------------------------------------------------------- connect
def cmd_connect(args: argparse.Namespace) -> int:
    """``hkk connect [ADDRESS]``: the lobby in the app (the same game screen as local play)."""
    from engine.net.address import AddressError
    from hkk_tui.terminal import NO_TERMINAL, has_terminal

    try:
        address = _address(args.address, args.tls_ca)
    except AddressError as exc:
        return _fail(str(exc))
    if not has_terminal():
        sys.stderr.write(NO_TERMINAL + "\n")
        return 2
    from hkk_tui.netapp import run_connect

    return run_connect(address, as_user=args.as_user or "", name=args.name or "",
                       lang=args.lang, tokens=_tokens(args.as_user or "", args.name or ""),
                       ask_name=args.ask_name and not args.as_user)


# ---------------------------------------------------------------------------- loadtest
def cmd_loadtest(args: argparse.Namespace) -> int:
    from hkk_tui.loadtest import run_loadtest

    return run_loadtest(args)


def add_commands(sub: Any) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Add ``server``, ``connect``, ``bot`` and ``loadtest`` to ``sub`` (the main parser's
    subparsers); returns their command functions by name."""
    from engine.net.address import DEFAULT_SOCKET

    s = sub.add_parser("server", help="run a game server: lobby and network play")
    s.add_argument("--socket", default=None, metavar="PATH",
                   help=f"Unix socket to listen on (default {DEFAULT_SOCKET}, or $HKK_SOCKET)")
    s.add_argument("--listen", default=None, metavar="HOST:PORT",
                   help="also listen on TCP (:PORT: this machine only; a HOST beyond it is "
                        "unencrypted unless --tls-cert/--tls-key are given)")
    s.add_argument("--tls-cert", default=None, metavar="FILE",
                   help="TLS on --listen: the server's certificate (chain), PEM")
    s.add_argument("--tls-key", default=None, metavar="FILE",
                   help="TLS on --listen: the certificate's private key, PEM")
    s.add_argument("--data", default=None, metavar="DIR",
                   help="where the tables and their saves are kept "
                        "(default: the user data directory's server folder)")
    s.add_argument("--quiet", action="store_true", help="log warnings only")
    c = sub.add_parser("connect", help="open the lobby of a game server in the app")
    c.add_argument("address", nargs="?", default=None,
                   help=f"a socket path, HOST:PORT or tls://HOST:PORT (default "
                        f"{DEFAULT_SOCKET})")
    c.add_argument("--tls-ca", default=None, metavar="FILE",
                   help="tls://: the authority that signed the server's certificate (PEM; "
                        "default: the system's, or $HKK_TLS_CA)")
    c.add_argument("--as", dest="as_user", default=None, metavar="NAME",
                   help="your name within a shared account (Unix socket)")
    c.add_argument("--name", default=None, help="your name at the table (TCP)")
    c.add_argument("--ask-name", action="store_true",
                   help="ask who is playing first (a shared ForceCommand account)")
    c.add_argument("--lang", choices=("hu", "en"), default=None)
    b = sub.add_parser("bot", help="a headless bot that plays one seat of a table to the end")
    b.add_argument("--connect", required=True, metavar="ADDRESS")
    b.add_argument("--tls-ca", default=None, metavar="FILE",
                   help="tls://: the authority that signed the server's certificate (PEM)")
    b.add_argument("--table", required=True, metavar="T",
                   help="the table (created with the ruleset's defaults if it does not exist)")
    b.add_argument("--bot", default=None, help="which bot (default: the ruleset's)")
    b.add_argument("--ruleset", default="hkk", metavar="NAME")
    b.add_argument("--as", dest="as_user", default=None, metavar="NAME",
                   help="a name to come back to the seat with after a restart (Unix socket)")
    b.add_argument("--name", default=None, help="the bot's name at the table")
    b.add_argument("--seed", type=int, default=None)
    b.add_argument("--timeout", type=float, default=None, metavar="SECONDS")
    b.add_argument("--quiet", action="store_true")
    lt = sub.add_parser("loadtest", help="many bot games against one server: games per "
                        "minute, delays, memory per table (a JSON report)")
    lt.add_argument("--games", type=int, default=200)
    lt.add_argument("--ruleset", default="hkk", metavar="NAME")
    lt.add_argument("--bot", default="random")
    lt.add_argument("--clients", type=int, default=1,
                    help="client processes the bots are spread over")
    lt.add_argument("--connect", default=None, metavar="ADDRESS",
                    help="an existing server (default: start one on a temporary socket)")
    lt.add_argument("--out", default="loadtest-report.json")
    lt.add_argument("--seed", type=int, default=1)
    lt.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                    help="about this long before each bot decision (0: flat out)")
    from hkk_tui.web import add_web_command

    return {"server": cmd_server, "connect": cmd_connect, "bot": cmd_bot,
            "loadtest": cmd_loadtest, "web": add_web_command(sub)}
