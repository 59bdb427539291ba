"""Safe by default (issue 19, point 2): ``hkk server --listen`` and ``hkk web`` bind to the
loopback address unless a host is named, a host beyond the machine gets one line saying the
traffic is not encrypted, and ``hkk server --tls-cert/--tls-key`` serves TLS that the client
(``tls://HOST:PORT``) checks against ``--tls-ca``."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.net import messages as M
from engine.net.address import (
    AddressError,
    TLSError,
    exposure_warning,
    is_loopback,
    parse,
    parse_listen,
    server_tls,
)
from engine.net.client import Client, Fatal, TokenStore
from engine.net.server import Server
from tests.web.web_helpers import HAVE_SERVE, ROOT, env_for, hkk, start_server, start_web

HAVE_OPENSSL = shutil.which("openssl") is not None
WAIT = 20.0


def make_cert(folder: Path, name: str = "localhost") -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (and 127.0.0.1) and its key, with openssl."""
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", f"/CN={name}", "-addext",
                    f"subjectAltName=DNS:{name},IP:127.0.0.1", "-keyout", str(key),
                    "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


# ---------------------------------------------------------------------------- binds
def test_listen_without_a_host_is_the_loopback_address():
    for text in (":7878", "7878"):
        a = parse_listen(text)
        assert (a.host, a.port) == ("127.0.0.1", 7878)
    assert parse_listen("0.0.0.0:7878").host == "0.0.0.0"
    with pytest.raises(AddressError, match="HOST:PORT"):
        parse_listen("nowhere")


def test_loopback_hosts_are_told_from_the_others():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.0.2.7")


def test_a_bind_beyond_the_machine_is_one_line_of_warning_unless_encrypted():
    wide = parse_listen("0.0.0.0:7878")
    line = exposure_warning("hkk server", wide, encrypted=False)
    assert "\n" not in line and "not encrypted" in line and "--tls-cert" in line
    assert "reverse proxy" in line
    assert exposure_warning("hkk server", wide, encrypted=True) == ""
    assert exposure_warning("hkk server", parse_listen(":7878"), encrypted=False) == ""


def test_hkk_server_listens_on_loopback_by_default_and_warns_for_a_wide_bind(tmp_path):
    env = env_for(tmp_path / "home")
    server, tcp = start_server(env, tmp_path)
    try:
        assert tcp.startswith("127.0.0.1:"), tcp
        assert "warning" not in server.text
    finally:
        assert server.stop() == 0
    wide = subprocess.Popen(hkk("server", "--socket", str(tmp_path / "w.sock"), "--data",
                                str(tmp_path / "w"), "--listen", "0.0.0.0:0"),
                            cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        first = wide.stderr.readline()
        assert "warning" in first and "not encrypted" in first, first
        assert "listening on" in wide.stderr.readline()
    finally:
        wide.terminate()
        wide.wait(15)


@pytest.mark.skipif(not HAVE_SERVE, reason="textual-serve is not installed (pip install "
                    "'.[web]'; CI installs it with '.[test]')")
def test_hkk_web_listens_on_loopback_by_default(tmp_path):
    web, url = start_web(env_for(tmp_path / "home"))
    try:
        assert url.startswith("http://127.0.0.1:"), url
        assert "warning" not in web.text
    finally:
        assert web.stop() == 0
    wide, url = start_web(env_for(tmp_path / "home"), "--listen", "0.0.0.0:0")
    try:
        [warning] = [line for line in wide.text.splitlines() if "warning" in line]
        assert "not encrypted" in warning and "reverse proxy" in warning
    finally:
        assert wide.stop() == 0


def test_hkk_web_without_textual_serve_says_how_to_install_it(tmp_path):
    code = ("import sys; sys.modules['textual_serve'] = None\n"
            "from hkk_tui.cli import main\nsys.exit(main(['web']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env_for(tmp_path),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install 'hkk[web]'" in lines[0], done.stderr


def test_a_session_module_started_by_hand_refuses(tmp_path):
    done = subprocess.run([sys.executable, "-m", "hkk_tui.web_session"], cwd=ROOT,
                          env=env_for(tmp_path), capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 2 and "start `hkk web`" in done.stderr


# ---------------------------------------------------------------------------- TLS
def test_tls_address_form():
    a = parse("tls://example.org:7878", ca="/tmp/ca.pem")
    assert (a.host, a.port, a.tls, a.ca) == ("example.org", 7878, True, "/tmp/ca.pem")
    assert str(a) == "tls://example.org:7878"
    assert not parse("example.org:7878", ca="/tmp/ca.pem").tls


def test_server_tls_refuses_missing_or_mismatched_files(tmp_path):
    with pytest.raises(TLSError, match="--tls-cert"):
        server_tls("", "")
    with pytest.raises(TLSError, match="no file"):
        server_tls(str(tmp_path / "none.pem"), str(tmp_path / "none.key"))


async def _welcome(address, timeout: float = WAIT) -> M.Welcome:
    got: asyncio.Future = asyncio.get_running_loop().create_future()

    def on_message(msg):
        if isinstance(msg, M.Welcome) and not got.done():
            got.set_result(msg)

    client = Client(address, name="Tia", tokens=TokenStore(), on_message=on_message,
                    reconnect=False)
    task = asyncio.get_running_loop().create_task(client.run())
    try:
        done, _ = await asyncio.wait({got, task}, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if got in done:
            return got.result()
        if task in done:
            task.result()                     # raises what ended the client
        raise AssertionError("no Welcome in time")
    finally:
        client.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


@pytest.mark.skipif(not HAVE_OPENSSL, reason="openssl is needed to make a test certificate")
def test_tls_round_trip_and_an_untrusted_certificate_is_refused_for_good(tmp_path):
    cert, key = make_cert(tmp_path)

    async def body():
        server = Server(tmp_path / "data", "", parse_listen("127.0.0.1:0"),
                        tls=server_tls(str(cert), str(key)))
        await server.start()
        try:
            [where] = server.addresses()
            assert where.startswith("tls://127.0.0.1:")
            port = int(where.rsplit(":", 1)[1])
            welcome = await _welcome(parse(f"tls://127.0.0.1:{port}", ca=str(cert)))
            assert welcome.user == "Tia"
            with pytest.raises(Fatal, match="cannot be trusted"):    # the system's CAs only
                await _welcome(parse(f"tls://127.0.0.1:{port}"))
            with pytest.raises((ConnectionError, OSError, asyncio.IncompleteReadError)):
                await _welcome(parse(f"127.0.0.1:{port}"))           # plain TCP: no hello
        finally:
            await server.stop()

    asyncio.run(body())


@pytest.mark.skipif(not HAVE_OPENSSL, reason="openssl is needed to make a test certificate")
def test_hkk_server_serves_tls_and_refuses_a_missing_key(tmp_path):
    cert, key = make_cert(tmp_path)
    env = env_for(tmp_path / "home")
    server, tcp = start_server(env, tmp_path, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert tcp.startswith("tls://127.0.0.1:")
    finally:
        server.stop()
    done = subprocess.run(hkk("server", "--socket", str(tmp_path / "x.sock"), "--listen", ":0",
                              "--tls-cert", str(cert), "--tls-key", str(tmp_path / "nokey")),
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 2 and "--tls-key" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


# ---------------------------------------------------------------------------- the page
def test_the_page_behind_a_proxy_uses_the_public_url():
    from hkk_tui.web_page import game_page

    page = game_page("en", "https://example.org/hkk/")
    assert 'data-session-websocket-url="wss://example.org/hkk/ws"' in page
    assert 'href="https://example.org/hkk/static/css/xterm.css"' in page
    assert 'src="https://example.org/hkk/hkk/textual.js"' in page
    local = game_page("en")
    assert 'data-session-websocket-url=""' in local       # the page's own host, in its script
    assert "googleapis" not in local and "<title>hkk" in local


def test_browser_players_on_a_unix_socket_are_told_apart_by_a_session_tag():
    from engine.net.lobby import clean_name
    from hkk_tui.web_session import socket_name

    a, b = socket_name("Ann", "3fa2"), socket_name("Ann", "91c0")
    assert a == "Ann #3fa2" and a != b
    long = socket_name("Bartholomew-Alexander the Third", "3fa2")
    assert clean_name(long) == long and long.endswith(" #3fa2")      # the tag survives
