"""``hkk web`` in a real browser (issue 19, point 5): headless Chromium (Debian's chromium and
chromium-driver, driven by selenium) opens the page that ``hkk web`` serves on loopback, reads
the page's terminal as text (``window.hkkTerminal``), starts a game against the AI with keys and
makes one move; a second browser joins a table that a terminal ``hkk connect`` opened, and each
sees the same game from its own seat with no hidden card of the other. Every wait polls the page
until it shows what is expected (no fixed sleeps)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from tests.tui.tui_helpers import HAVE_TMUX, Tmux
from tests.web.web_helpers import (
    BROWSER_MISSING,
    ROOT,
    browser,
    descendants,
    env_for,
    hkk,
    open_page,
    press,
    quit_browser,
    screen,
    start_server,
    start_web,
    wait_screen,
)

pytestmark = pytest.mark.skipif(bool(BROWSER_MISSING), reason=BROWSER_MISSING)

MENU = "New game vs the AI"

LATENCY_JS = """
window.hkkLat = { downs: [], renders: [] };
document.addEventListener("keydown", () => window.hkkLat.downs.push(performance.now()), true);
window.hkkTerminal.onRender(() => window.hkkLat.renders.push(performance.now()));
"""


def _session_pid(web) -> int:
    line = web.wait_for("started: app pid")
    return int(line.split("app pid ")[1].split()[0])


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _latencies(driver, keys: list[str]) -> list[float]:
    """Milliseconds from each key's keydown on the page to the terminal's next render."""
    driver.execute_script(LATENCY_JS)
    out = []
    for key in keys:
        seen = driver.execute_script("return window.hkkLat.downs.length")
        press(driver, key)
        end = time.monotonic() + 10
        while True:
            lat = driver.execute_script(
                "const l = window.hkkLat, d = l.downs[arguments[0]];"
                "if (d === undefined) return null;"
                "const r = l.renders.find(t => t >= d); return r === undefined ? null : r - d;",
                seen)
            if lat is not None:
                out.append(lat)
                break
            assert time.monotonic() < end, f"no render after {key!r}"
            time.sleep(0.01)
        settle = time.monotonic() + 0.15              # let the frame finish before the next
        while time.monotonic() < settle:
            time.sleep(0.01)
    return out


def test_browser_title_game_against_the_ai_and_one_move(tmp_path):
    from selenium.webdriver.common.keys import Keys

    web, url = start_web(env_for(tmp_path / "home"), "--lang", "en")
    driver = browser()
    try:
        t0 = time.monotonic()
        title_screen = open_page(driver, url, MENU, "Hotseat", "Quit")
        start_s = time.monotonic() - t0
        assert driver.title.startswith("hkk"), driver.title
        assert "Ctrl+W" in driver.find_element("id", "help").text
        assert "hkk" in driver.find_element("css selector", "link[rel=icon]").get_attribute(
            "href")
        driver.save_screenshot(str(tmp_path / "title.png"))
        pid = _session_pid(web)
        rss = _rss_mb(pid)
        keys = [Keys.DOWN, Keys.UP] * 15
        lat = sorted(_latencies(driver, keys))
        p95 = lat[int(0.95 * (len(lat) - 1))]
        print("hkk web measurements:", json.dumps({
            "session_start_s": round(start_s, 2), "session_rss_mb": round(rss, 1),
            "keypress_to_render_ms": {"p50": round(lat[len(lat) // 2], 1),
                                      "p95": round(p95, 1), "n": len(lat)}}))
        assert p95 < 2000, lat
        assert "Hatalom Kártyái" in title_screen
        press(driver, Keys.ENTER)
        wait_screen(driver, "Which game?")
        press(driver, Keys.ENTER)                                   # Hatalom Kártyái
        wait_screen(driver, "Start the game")
        press(driver, Keys.DOWN, Keys.DOWN, Keys.DOWN, Keys.ENTER)  # to "Start the game"
        first = wait_screen(driver, "Board", "Hand", "Log", " Player: ", timeout=60)
        if "keep the start" in first:       # the player was drawn to start (K 3.7)
            press(driver, Keys.ENTER)                               # the actions
            wait_screen(driver, "1. Keep the start")
            press(driver, Keys.ENTER)                               # the move
            # the move, the turn bar and the phase: every word, not the first frame with one
            wait_screen(driver, "Player: Keep the start", "Turn 1 · Player", "main phase 1",
                        timeout=60)
        else:                               # the AI was: the player's first move is later
            press(driver, " ")                                      # pass
            game = wait_screen(driver, "Player: Pass", timeout=60)
        print("hkk web measurements: session RSS in a game", round(_rss_mb(pid), 1), "MB;",
              "the web server's RSS", round(_rss_mb(web.proc.pid), 1), "MB")
        driver.save_screenshot(str(tmp_path / "game.png"))
    finally:
        quit_browser(driver)
        assert web.stop() == 0
    assert not descendants(web.proc.pid)


CARD_ROW = re.compile(r"^\s*▶?\s*✓?\s*([A-Z][A-Za-z' -]*?) \d+VP")


def _hand(text: str) -> list[str]:
    """The card names on the screen's card rows ("Ember Dart 2VP · Instant spell")."""
    names = []
    for line in text.splitlines():
        for cell in re.split("[│┃]", line):
            m = CARD_ROW.match(cell)
            if m:
                names.append(m.group(1))
    return names


@pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed (CI installs it)")
def test_browser_sits_opposite_a_terminal_player_and_sees_only_its_own_hand(tmp_path):
    from selenium.webdriver.common.keys import Keys

    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text('lang = "en"\nai_pace = 0.0\n')
    env = env_for(home)
    server, tcp = start_server(env, tmp_path)
    web, url = start_web(env, "--lang", "en", "--server", tcp)
    driver = browser(1500, 1100)
    try:
        with Tmux("web") as tmux:
            tmux.start("tess", hkk("connect", tcp, "--name", "Tess"),
                       {"HKK_DATA_DIR": str(home), "PYTHONPATH": str(ROOT)}, size=(100, 30))
            tmux.wait_for("tess", "you are Tess", "No tables yet")
            tmux.press("tess", "n", "New table")
            tmux.press("tess", "End")
            tmux.press("tess", "Enter", "You sit at table")
            open_page(driver, url, "name")                          # who is playing?
            press(driver, "Bria", Keys.ENTER)
            wait_screen(driver, "Tess", "free seat")                # the table in the lobby
            press(driver, Keys.ENTER)                               # sit down
            # every word the table brings, not the first frame that shows a pane (the board
            # painted one player's rows a frame before the other's on a loaded CI)
            mine = wait_screen(driver, "Board", "Hand", "Log", "Tess", "Bria (you)", timeout=60)
            theirs = tmux.wait_for("tess", "Board", "Hand", "Log", "Bria", "Tess (you)",
                                   timeout=60)
            for text in (mine, theirs):                             # the same game
                assert "Tess" in text and "Bria" in text, text
            assert "Bria (you)" in mine and "Tess (you)" in theirs
            my_hand, their_hand = _hand(mine), _hand(theirs)
            assert len(my_hand) >= 3 and len(their_hand) >= 3, (mine, theirs)
            assert set(their_hand) - set(my_hand) and set(my_hand) - set(their_hand)
            for card in set(their_hand) - set(my_hand):
                assert card not in mine, f"the browser sees Tess's {card}:\n{mine}"
            for card in set(my_hand) - set(their_hand):
                assert card not in theirs, f"the terminal sees Bria's {card}:\n{theirs}"
            driver.save_screenshot(str(tmp_path / "table.png"))
    finally:
        quit_browser(driver)
        assert web.stop() == 0
        assert server.stop() == 0
    assert not descendants(web.proc.pid)


KEYDOWNS_JS = """
window.hkkKeys = [];
window.addEventListener("keydown", (e) => {
  setTimeout(() => window.hkkKeys.push([e.key, e.ctrlKey, e.defaultPrevented]), 0);
}, true);
"""


def test_keys_a_browser_would_act_on_go_to_the_app_instead(tmp_path):
    """F5, Ctrl+R, Ctrl+L, Ctrl+F, Ctrl+S, Ctrl+P, Ctrl+D, F1, F12, Tab, Escape, Backspace: the
    page's terminal takes each (its default action — reload, find, print, leave the page... —
    is cancelled) and sends it to the app. (The keys the browser reserves, Ctrl+W and the like,
    never reach a page at all: :data:`hkk_tui.web.BROWSER_KEYS`.)"""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    web, url = start_web(env_for(tmp_path / "home"), "--lang", "en")
    driver = browser()
    keys = [(None, Keys.F5), (Keys.CONTROL, "r"), (Keys.CONTROL, "l"), (Keys.CONTROL, "f"),
            (Keys.CONTROL, "s"), (Keys.CONTROL, "p"), (Keys.CONTROL, "d"), (None, Keys.F1),
            (None, Keys.F12), (None, Keys.TAB), (None, Keys.BACKSPACE), (None, Keys.ESCAPE)]
    try:
        open_page(driver, url, MENU)
        driver.execute_script(KEYDOWNS_JS)
        driver.execute_script("window.hkkTerminal.focus()")
        for modifier, key in keys:
            chain = ActionChains(driver)
            if modifier:
                chain.key_down(modifier)
            chain.send_keys(key)
            if modifier:
                chain.key_up(modifier)
            chain.perform()
        end = time.monotonic() + 20
        while len([k for k in driver.execute_script("return window.hkkKeys")
                   if k[0] not in ("Control", "Shift")]) < len(keys):
            assert time.monotonic() < end, driver.execute_script("return window.hkkKeys")
            time.sleep(0.05)
        seen = [k for k in driver.execute_script("return window.hkkKeys")
                if k[0] not in ("Control", "Shift")]
        assert all(prevented for _key, _ctrl, prevented in seen), seen
        wait_screen(driver, MENU)                         # the same session, still there
        assert web.text.count("started: app pid") == 1
    finally:
        quit_browser(driver)
        web.stop()


def test_screen_reading_sees_the_page_terminal(tmp_path):
    """The page exposes its terminal (the hand-over patched into textual-serve's script was
    found); without it no browser test could read the screen."""
    web, url = start_web(env_for(tmp_path / "home"), "--lang", "hu")
    driver = browser()
    try:
        text = open_page(driver, url, "Új játszma a gép ellen")
        assert screen(driver) and "hkk" in text
        assert driver.execute_script("return document.documentElement.lang") == "hu"
    finally:
        quit_browser(driver)
        web.stop()
