"""The limits of ``hkk web`` (issue 19, point 3): an idle session ends with a line on its page
and its app process is gone (no orphan); ``--max-sessions`` refuses the next tab with a page
that says why; a session over its memory or processor limit is ended with a message, and the
server goes on serving. The sessions' websockets are opened with aiohttp as a page would (the
browser is needed only where the page itself is checked)."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request

import pytest

from tests.web.web_helpers import (
    BROWSER_MISSING,
    HAVE_SERVE,
    browser,
    descendants,
    env_for,
    open_page,
    quit_browser,
    start_web,
)

pytestmark = pytest.mark.skipif(not HAVE_SERVE, reason="textual-serve is not installed (pip "
                                "install '.[web]'; CI installs it with '.[test]')")

WAIT = 60.0


async def _session(url: str, until: str = "hkk_ended", timeout: float = WAIT) -> dict:
    """Open a session's websocket as the page does; read until ``until`` (the packet that
    says why it ended) or the close. Returns what came: the packets, bytes and close code."""
    import aiohttp

    got: dict = {"packets": [], "bytes": 0, "code": None}
    ws_url = url.replace("http://", "ws://").rstrip("/") + "/ws?width=80&height=24"
    async with aiohttp.ClientSession() as http, http.ws_connect(ws_url) as ws:
        await ws.send_str(json.dumps(["resize", {"width": 80, "height": 24}]))
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                msg = await ws.receive(timeout=max(0.1, end - time.monotonic()))
            except TimeoutError:
                break
            if msg.type == aiohttp.WSMsgType.BINARY:
                got["bytes"] += len(msg.data)
            elif msg.type == aiohttp.WSMsgType.TEXT:
                got["packets"].append(json.loads(msg.data))
            else:
                break
        got["code"] = ws.close_code
    return got


def _ended(got: dict) -> str:
    return next((p[1] for p in got["packets"] if p[0] == "hkk_ended"), "")


def _no_app_left(web, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while descendants(web.proc.pid):
        assert time.monotonic() < end, f"app processes left: {descendants(web.proc.pid)}"
        time.sleep(0.05)


@pytest.mark.skipif(bool(BROWSER_MISSING), reason=BROWSER_MISSING)
def test_an_idle_session_ends_with_a_message_and_its_app_process_is_gone(tmp_path):
    web, url = start_web(env_for(tmp_path / "home"), "--lang", "en", "--idle-timeout", "3")
    driver = browser()
    try:
        open_page(driver, url, "New game vs the AI")
        web.wait_for("started: app pid")
        assert descendants(web.proc.pid), "the session's app process runs"
        end = time.monotonic() + WAIT
        while not driver.execute_script("return window.hkkSession.reason"):
            assert time.monotonic() < end, "the page never said the session ended"
            time.sleep(0.05)
        why = driver.execute_script("return window.hkkSession.reason")
        assert "had no key for 3 seconds and has ended" in why, why
        shown = driver.find_element("id", "ended")
        while not shown.is_displayed():                 # once the websocket has closed
            assert time.monotonic() < end, "the page does not show that the session ended"
            time.sleep(0.05)
        assert why in shown.text
        web.wait_for("ended (idle for 3 s)")
        _no_app_left(web)
    finally:
        quit_browser(driver)
        assert web.stop() == 0


def test_max_sessions_refuses_the_next_tab_with_a_page_that_says_why(tmp_path):
    web, url = start_web(env_for(tmp_path / "home"), "--lang", "en", "--max-sessions", "1",
                         "--idle-timeout", "30")

    async def body():
        first = asyncio.get_running_loop().create_task(_session(url, timeout=20))
        await asyncio.to_thread(web.wait_for, "started: app pid")
        try:
            await asyncio.to_thread(urllib.request.urlopen, url, timeout=10)
        except urllib.error.HTTPError as exc:
            page = exc.read().decode()
            assert exc.code == 503
        else:
            raise AssertionError("the second tab got a session")
        assert "All 1 browser sessions of this server are in use" in page
        assert "Try again later" in page
        second = await _session(url, timeout=10)         # a websocket anyway: refused too
        assert "All 1 browser sessions" in _ended(second) and second["bytes"] == 0
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)

    try:
        asyncio.run(body())
        web.wait_for("session 1 ended")
        with urllib.request.urlopen(url, timeout=10) as again:        # a free session again
            assert again.status == 200 and "textual-terminal" in again.read().decode()
        _no_app_left(web)
    finally:
        assert web.stop() == 0


@pytest.mark.parametrize("flag,value,says,logged", [
    ("--max-memory", "5", "more than 5 MB of memory", "memory"),
    ("--max-cpu", "0.2", "more than 0.2 s of processor time", "processor time"),
])
def test_a_session_over_its_limit_is_ended_with_a_message_and_the_server_goes_on(
        tmp_path, flag, value, says, logged):
    web, url = start_web(env_for(tmp_path / "home"), "--lang", "en", flag, value)
    try:
        got = asyncio.run(_session(url))
        assert says in _ended(got), got["packets"]
        assert got["code"] == 4000
        web.wait_for(f"ended ({logged}")
        _no_app_left(web)
        with urllib.request.urlopen(url, timeout=10) as page:          # the server goes on
            assert page.status == 200
        got = asyncio.run(_session(url))                               # and starts sessions
        assert says in _ended(got)
        assert web.proc.poll() is None
    finally:
        assert web.stop() == 0


def test_stopping_the_server_ends_every_session_and_leaves_no_process(tmp_path):
    web, url = start_web(env_for(tmp_path / "home"), "--lang", "en")

    async def body():
        task = asyncio.get_running_loop().create_task(_session(url, timeout=40))
        await asyncio.to_thread(web.wait_for, "started: app pid")
        assert await asyncio.to_thread(web.stop) == 0
        return await task

    try:
        got = asyncio.run(body())
    finally:
        web.stop()                                    # (again, if the test failed before)
    assert "server is stopping" in _ended(got)
    assert not descendants(web.proc.pid)
