"""``hkk web``: the hkk app in a browser (issue 19), served with textual-serve.

Every browser tab runs its own app process: the lobby of a running ``hkk server`` with
``--server ADDRESS`` (``hkk connect ADDRESS``), else the local app (solo against the AI,
hotseat, replays). The web server, its sessions and limits are :mod:`hkk_tui.web_server`; the
pages :mod:`hkk_tui.web_page`; one session's process :mod:`hkk_tui.web_session`.

It listens on the loopback address unless ``--listen`` names a host; a host beyond this machine
without ``--tls-cert/--tls-key`` gets one line saying the traffic is not encrypted.
textual-serve is the optional extra ``web`` (``pip install 'hkk[web]'``); without it the command
says so in one line.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from typing import Any

#: keys a browser keeps for itself, never handing them to a page (Chromium's reserved
#: shortcuts on Linux: close, open and restore tabs and windows, switch tabs, quit; F11 and the
#: window manager's Alt+F4). No hkk binding may rely on one of them alone (a test checks it).
BROWSER_KEYS = frozenset({
    "ctrl+w", "ctrl+shift+w", "ctrl+f4", "ctrl+t", "ctrl+shift+t", "ctrl+n", "ctrl+shift+n",
    "ctrl+tab", "ctrl+shift+tab", "ctrl+pageup", "ctrl+pagedown", "ctrl+shift+q", "f11",
    "alt+f4",
})

INSTALL = ("hkk web needs textual-serve: pip install 'hkk[web]' (or pip install textual-serve) "
           "in hkk's environment.")
DEFAULT_LISTEN = ":8000"


def _fail(message: str, code: int = 2) -> int:
    from hkk_tui.cli import _fail as fail

    return fail(message, code)


def cmd_web(args: argparse.Namespace) -> int:
    """``hkk web``: serve until SIGTERM/SIGINT; every session's app ends with the server."""
    try:
        import aiohttp  # noqa: F401 - textual-serve's web server
        import textual_serve  # noqa: F401
    except ImportError:
        return _fail(INSTALL)
    from engine.net.address import (
        AddressError,
        TLSError,
        exposure_warning,
        parse,
        parse_listen,
        server_tls,
    )
    from hkk_tui.web_server import Limits, WebServer, app_argv

    try:
        listen = parse_listen(args.listen or DEFAULT_LISTEN)
    except AddressError as exc:
        return _fail(str(exc))
    if args.server:
        try:
            server = parse(args.server, args.tls_ca or "")
        except AddressError as exc:
            return _fail(f"--server: {exc}")
        if server.tls:
            from engine.net.address import client_tls

            try:
                client_tls(server)
            except TLSError as exc:
                return _fail(f"--tls-ca: {exc}")
    for name in ("max_sessions", "idle_timeout", "max_memory", "max_cpu"):
        if getattr(args, name) <= 0:
            return _fail(f"--{name.replace('_', '-')} must be more than 0.")
    tls = None
    if args.tls_cert or args.tls_key:
        try:
            tls = server_tls(args.tls_cert or "", args.tls_key or "")
        except TLSError as exc:
            return _fail(f"TLS: {exc}")
    lang = args.lang or _settings_lang()
    limits = Limits(max_sessions=args.max_sessions, idle_timeout=args.idle_timeout,
                    max_memory_mb=args.max_memory, max_cpu=args.max_cpu)
    web = WebServer(app_argv(args.server or "", args.tls_ca or "", lang, args.max_cpu),
                    limits, lang, args.public_url or "")
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="hkk web: %(message)s", stream=sys.stderr)
    if warning := exposure_warning("hkk web", listen, tls is not None):
        print(warning, file=sys.stderr, flush=True)
    return asyncio.run(_serve(web, listen.host, listen.port, tls, args))


def _settings_lang() -> str:
    from hkk_tui.screens.settings_store import load_settings

    return load_settings().lang


async def _serve(web_server: Any, host: str, port: int, tls: Any,
                 args: argparse.Namespace) -> int:
    from aiohttp import web

    runner = web.AppRunner(web_server.application(), handle_signals=False, access_log=None,
                           shutdown_timeout=2.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port, ssl_context=tls, backlog=128)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        return _fail(f"hkk web cannot listen on {host}:{port}: {exc.strerror or exc}.")
    bound = runner.addresses[0]
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    url = args.public_url or f"{'https' if tls else 'http'}://{shown}:{bound[1]}/"
    what = f"the lobby of {args.server}" if args.server else "the local app"
    print(f"hkk web: open {url} in a browser ({what}; at most {args.max_sessions} sessions, "
          f"each ended after {args.idle_timeout:g} s without a key)", file=sys.stderr,
          flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await web_server.close()
    await runner.cleanup()
    return 0


def add_web_command(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add ``web`` to the main parser's subparsers; returns its command function."""
    w = sub.add_parser("web", help="serve the app to web browsers (each tab its own session)")
    w.add_argument("--listen", default=None, metavar="HOST:PORT",
                   help=f"where to serve (default {DEFAULT_LISTEN}: this machine only; a HOST "
                        "beyond it is unencrypted unless --tls-cert/--tls-key are given)")
    w.add_argument("--server", default=None, metavar="ADDRESS",
                   help="each tab opens the lobby of this hkk server (a socket path, HOST:PORT "
                        "or tls://HOST:PORT); without it, the local app")
    w.add_argument("--tls-ca", default=None, metavar="FILE",
                   help="--server tls://: the authority that signed its certificate (PEM)")
    w.add_argument("--public-url", default=None, metavar="URL",
                   help="the address browsers use, behind a reverse proxy (such as "
                        "https://example.org/hkk)")
    w.add_argument("--max-sessions", type=int, default=32, metavar="N",
                   help="browser sessions at once; the next tab is told the server is full "
                        "(default 32)")
    w.add_argument("--idle-timeout", type=float, default=1800.0, metavar="S",
                   help="end a session after this many seconds without a key (default 1800)")
    w.add_argument("--max-memory", type=int, default=1024, metavar="MB",
                   help="end a session whose app holds more memory (default 1024)")
    w.add_argument("--max-cpu", type=float, default=3600.0, metavar="S",
                   help="end a session whose app used more processor seconds (default 3600)")
    w.add_argument("--tls-cert", default=None, metavar="FILE",
                   help="serve https with this certificate (chain), PEM")
    w.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's key, PEM")
    w.add_argument("--lang", choices=("hu", "en"), default=None,
                   help="the pages' and the sessions' language (default: your settings')")
    w.add_argument("--quiet", action="store_true", help="log warnings only")
    return cmd_web
