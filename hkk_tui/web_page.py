"""The pages ``hkk web`` serves: the game page (textual-serve's terminal, with hkk's title, a
favicon that says hkk and a help line), the page that refuses a session when all are in use,
and the terminal script with the page's terminal exposed as ``window.hkkTerminal`` (so a test,
or a person in the browser's console, can read the screen as text).

Nothing here is fetched from another site (textual-serve's own page loads a web font from
Google): the font, the terminal's stylesheet and script come from this server. Every text is
taken from the ``net`` catalog (``web.*``) in the language the server was started with.
"""

from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from hkk_tui.i18n import ns_catalog

#: where textual.js hands its terminal over (patched in on serving; see :func:`terminal_script`)
_ANCHOR = "this.terminal.open(e),"
_EXPOSE = "this.terminal.open(e),window.hkkTerminal=this.terminal,"

_FAVICON = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>"
            "<rect width='64' height='64' rx='10' fill='#12232d'/>"
            "<text x='32' y='42' font-family='monospace' font-size='26' font-weight='bold' "
            "text-anchor='middle' fill='#f0c040'>hkk</text></svg>")


def say(lang: str, key: str, **params: object) -> str:
    """The ``web.<key>`` text of the net catalog in ``lang``."""
    text = ns_catalog("net", lang).get(f"web.{key}", f"⟨web.{key}⟩")
    return text.format(**params) if params else text


def duration(lang: str, seconds: float) -> str:
    """``seconds`` in words: whole minutes as minutes, anything else as seconds."""
    if seconds >= 60 and seconds % 60 == 0:
        return say(lang, "minutes", n=f"{seconds / 60:g}")
    return say(lang, "seconds", n=f"{seconds:g}")


def favicon_url() -> str:
    return "data:image/svg+xml," + quote(_FAVICON)


@lru_cache(maxsize=1)
def terminal_script(static_dir: str) -> tuple[bytes, bool]:
    """textual-serve's terminal script with ``window.hkkTerminal`` set to the page's xterm.js
    terminal; the flag says whether the hand-over was found (another textual-serve release
    may build the script differently: the page still works, only the terminal is not
    exposed)."""
    text = (Path(static_dir) / "js" / "textual.js").read_text(encoding="utf-8")
    if _ANCHOR not in text:
        return text.encode(), False
    return text.replace(_ANCHOR, _EXPOSE, 1).encode(), True


_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="{favicon}">
<link rel="stylesheet" href="{static}css/xterm.css">
<style>
@font-face {{ font-family: 'Roboto Mono';
  src: url('{static}fonts/RobotoMono-VariableFont_wght.ttf') format('truetype'); }}
html, body {{ margin: 0; height: 100%; background: #0c181f; color: #e8e8e8;
  font-family: 'Roboto Mono', monospace; overflow: hidden; }}
#terminal {{ position: absolute; top: 0; left: 0; right: 0; bottom: 1.7em; }}
#help {{ position: absolute; left: 0; right: 0; bottom: 0; height: 1.7em; line-height: 1.7em;
  padding: 0 .8em; font-size: 13px; background: #12232d; color: #b8c4cc;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }}
#ended {{ display: none; position: absolute; inset: 0; align-items: center;
  justify-content: center; background: rgba(12, 24, 31, .85); z-index: 10; }}
body.-closed #ended {{ display: flex; }}
#ended div {{ max-width: 40em; padding: 2em; background: #12232d; text-align: center; }}
#ended button {{ margin-top: 1.5em; padding: .8em 2em; border: 0; background: #5e0ba7;
  color: #fff; font: inherit; cursor: pointer; }}
#start {{ display: none; }}
</style>
<script>
// The reason a session ended (idle, a limit, the server full) arrives as the websocket's
// close reason: keep it and show it instead of a bare "session ended".
(function () {{
  const Native = window.WebSocket;
  window.hkkSession = {{ opened: null, closed: null, reason: "" }};
  function HkkSocket(url, protocols) {{
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("open", () => {{ window.hkkSession.opened = performance.now(); }});
    function tell(text) {{
      window.hkkSession.reason = text;
      document.getElementById("ended-why").textContent = text;
    }}
    socket.addEventListener("message", (event) => {{
      if (typeof event.data !== "string") return;
      try {{
        const packet = JSON.parse(event.data);
        if (packet[0] === "hkk_ended" && typeof packet[1] === "string") tell(packet[1]);
      }} catch (error) {{ /* textual-serve's own packets */ }}
    }});
    socket.addEventListener("close", (event) => {{
      window.hkkSession.closed = performance.now();
      if (!window.hkkSession.reason && event.reason) tell(event.reason);
    }});
    return socket;
  }}
  HkkSocket.prototype = Native.prototype;
  Object.assign(HkkSocket, {{ CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 }});
  window.WebSocket = HkkSocket;
}})();
</script>
<script src="{script}"></script>
</head>
<body>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{ws}"
     data-font-size="{font_size}"></div>
<div id="help">{help}</div>
<div id="ended"><div><p id="ended-why">{ended}</p>
<button type="button" onclick="location.reload()">{again}</button></div></div>
<span id="start"></span>
<script>
// Without --public-url the game's websocket is on the host the page came from.
(function () {{
  const el = document.getElementById("terminal");
  if (!el.dataset.sessionWebsocketUrl) {{
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    el.dataset.sessionWebsocketUrl = scheme + location.host + "/ws";
  }}
}})();
</script>
</body>
</html>
"""

_REFUSAL = """<!DOCTYPE html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>{title}</title><link rel="icon" href="{favicon}">
<style>body {{ background: #0c181f; color: #e8e8e8; font-family: monospace;
  display: flex; align-items: center; justify-content: center; height: 100vh; margin: 0; }}
div {{ max-width: 40em; padding: 2em; background: #12232d; }}</style></head>
<body><div><h1>{heading}</h1><p id="why">{why}</p><p>{then}</p></div></body>
</html>
"""


def game_page(lang: str, public_url: str = "", font_size: int = 16) -> str:
    """The page of one browser session (its websocket is opened by textual-serve's script)."""
    base = public_url.rstrip("/")
    ws = ""
    if base:
        ws = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1] + "/ws"
    return _PAGE.format(
        lang=lang, title=html.escape(say(lang, "title")), favicon=favicon_url(),
        static=html.escape(f"{base}/static/"), script=html.escape(f"{base}/hkk/textual.js"),
        ws=html.escape(ws), font_size=max(8, min(int(font_size), 40)),
        help=html.escape(say(lang, "help")),
        ended=html.escape(say(lang, "ended")), again=html.escape(say(lang, "again")))


def refusal_page(lang: str, sessions: int, idle_seconds: float) -> str:
    """The page for a browser that comes when every session is in use (served with 503)."""
    return _REFUSAL.format(
        lang=lang, title=html.escape(say(lang, "title")), favicon=favicon_url(),
        heading=html.escape(say(lang, "full_heading")),
        why=html.escape(say(lang, "full", sessions=sessions)),
        then=html.escape(say(lang, "full_then", duration=duration(lang, idle_seconds))))
