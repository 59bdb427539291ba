"""One browser tab's app process, started by ``hkk web`` (:mod:`hkk_tui.web_server`) as
``python -m hkk_tui.web_session [--server ADDRESS] [--tls-ca FILE] [--lang L] [--max-cpu S]``
— arguments that ``hkk web`` fixed when it started; a browser never chooses any.

It draws through Textual's web driver (textual-serve sets ``TEXTUAL_DRIVER``) and keeps its
settings and saves in the private ``HKK_DATA_DIR`` of its session. With ``--server`` it is
``hkk connect ADDRESS``: it first asks who is playing, and the server knows the player as it
knows a TCP player, by that name and the secret token of each seat, which this process keeps in
memory (its client reconnects with them by itself). On a Unix socket, where the server would
know every browser player as the web server's own OS user, the name carries a tag of the
session, so two browser players who type the same name are still two players. Without
``--server`` it is the local app: a game against the AI, hotseat, replays of its own saves.

A processor-time limit (``RLIMIT_CPU``, a little above ``--max-cpu``) backs up the web server's
watchdog, which ends the session with a message first.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from typing import Any

#: seconds over --max-cpu before the kernel stops the process (the watchdog ends it first)
CPU_MARGIN = 15


def _limit_cpu(seconds: float) -> None:
    if seconds <= 0:
        return
    try:
        import resource

        soft = int(seconds) + CPU_MARGIN
        resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))
    except (ImportError, ValueError, OSError):
        pass


def socket_name(name: str, tag: str) -> str:
    """The name a browser player goes by on a Unix socket: the typed name and the session's
    tag, within the server's 24 characters."""
    return f"{name.strip()[:17]} #{tag}"


def _net_app(address: Any, settings: Any) -> Any:
    from engine.net.client import TokenStore
    from hkk_tui.netapp import NetApp

    tag = secrets.token_hex(2)

    class WebNetApp(NetApp):
        def _connect(self) -> None:
            if self.address.unix:         # the kernel names the web server's user: tag it
                self.client.as_user = socket_name(self.client.name, tag)
            super()._connect()

    return WebNetApp(address, tokens=TokenStore(None), settings=settings, ask_name=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="hkk_tui.web_session",
                                description="one browser session of `hkk web`")
    p.add_argument("--server", default="")
    p.add_argument("--tls-ca", default="")
    p.add_argument("--lang", choices=("hu", "en"), default=None)
    p.add_argument("--max-cpu", type=float, default=0.0)
    args = p.parse_args(argv)
    if "web_driver" not in os.environ.get("TEXTUAL_DRIVER", "") or \
            not os.environ.get("HKK_WEB_SESSION"):
        print("hkk_tui.web_session runs one browser tab of `hkk web`; start `hkk web` instead.",
              file=sys.stderr)
        return 2
    _limit_cpu(args.max_cpu)
    from hkk_tui.screens.settings_store import load_settings

    settings = load_settings()
    if args.lang:
        settings.lang = args.lang
    if settings.colour == "mono":
        os.environ["NO_COLOR"] = "1"
    if args.server:
        from engine.net.address import parse

        app = _net_app(parse(args.server, args.tls_ca), settings)
    else:
        from hkk_tui.app import HkkApp

        app = HkkApp(settings, {})          # Textual picks the web driver from the environment
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
