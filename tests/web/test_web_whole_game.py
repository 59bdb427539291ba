"""A whole HKK game in the browser (issue 19, done-when): headless Chromium opens the page of
``hkk web``, sets the AI's pace to "instant" in Settings, starts a game against the greedy AI
from the title screen, and a key player that sees only the page's terminal
(:mod:`tests.screen_player`) answers every decision with key presses — the actions list, a
move or Pass, the options of a move, Esc, the keep/cede choice — until the result screen. The
words of the result screen are those of the game's save in the session's data directory (who
won, why, by which rule), and the save holds the whole game.

It prints the game's figures (turns, decisions, entries, keys, wall time) and the delay from
each keypress to the next frame of the page's terminal, measured in the page."""

from __future__ import annotations

import json
import time

import pytest

from tests.screen_player import Record, ScreenPlayer
from tests.web.test_web_browser import LATENCY_JS, MENU
from tests.web.web_helpers import (
    BROWSER_MISSING,
    browser,
    env_for,
    open_page,
    press,
    quit_browser,
    screen,
    start_web,
    wait_screen,
)

pytestmark = pytest.mark.skipif(bool(BROWSER_MISSING), reason=BROWSER_MISSING)

#: a game not over after this many decisions of the player fails (with its last screen); the
#: random key player needs 40-150 against the greedy AI
MAX_DECISIONS = 600

DELAYS_JS = """
const l = window.hkkLat, out = [];
let j = 0;
for (const d of l.downs) {
  while (j < l.renders.length && l.renders[j] < d) j++;
  if (j < l.renders.length) out.push(l.renders[j] - d);
}
return out;
"""


def _keys():
    from selenium.webdriver.common.keys import Keys

    return {"escape": Keys.ESCAPE, "enter": Keys.ENTER, "space": " ", "down": Keys.DOWN,
            "up": Keys.UP, "left": Keys.LEFT}


def _instant_ai(driver) -> None:
    """Settings, by keys: the AI's pace "instant" (no playback of its moves), saved."""
    k = _keys()
    press(driver, k["up"], k["up"], k["up"])                    # the menu wraps to Settings
    wait_screen(driver, "Settings", MENU)
    press(driver, k["enter"])
    wait_screen(driver, "AI pace", "Save settings")
    press(driver, k["down"], k["down"], k["down"])              # to the AI pace
    for _ in range(6):
        if "AI pace: ◀ instant ▶" in screen(driver):
            break
        before = screen(driver)
        press(driver, k["left"])
        end = time.monotonic() + 10
        while screen(driver) == before and time.monotonic() < end:
            time.sleep(0.02)
    wait_screen(driver, "AI pace: ◀ instant ▶")
    press(driver, k["down"], k["down"], k["enter"])             # Save settings
    wait_screen(driver, "Settings saved", MENU)


def _start_game(driver) -> None:
    k = _keys()
    wait_screen(driver, MENU, absent=("Save settings",))
    press(driver, k["down"], k["down"], k["down"], k["enter"])  # from Settings to New game
    wait_screen(driver, "Which game?")
    press(driver, k["enter"])                                   # Hatalom Kártyái
    form = wait_screen(driver, "Start the game")
    assert "AI: ◀ Easy (greedy) ▶" in form, form
    press(driver, k["down"], k["down"], k["down"], k["enter"])  # to "Start the game"
    wait_screen(driver, "Board", "Hand", "Log", " Player", timeout=60)


def _expected_end(summary) -> str:
    """The result screen's line for the save's result, in English: who won, why, which rule."""
    from hkk_tui.i18n import t, tr

    result = summary.meta["result"]
    names = [seat.name for seat in summary.seats]
    reason = tr("hkk", f"result.{result['reason']}", "en")
    if not result["winners"]:
        return t("over.draw", "en", reason=reason, rule=result["rule"])
    return t("over.won", "en", player=", ".join(names[w] for w in result["winners"]),
             reason=reason, rule=result["rule"])


def figures(rec: Record, summary, delays: list[float]) -> dict:
    delays = sorted(delays)
    pct = (lambda q: round(delays[min(len(delays) - 1, int(q * len(delays)))], 1)) \
        if delays else (lambda q: None)
    return {"turns": summary.meta.get("turn"), "decisions": rec.decisions,
            "lists_answered": rec.dialogs, "keys": rec.keys, "entries": summary.entries,
            "wall_s": round(rec.seconds, 1), "end": rec.result,
            "keypress_to_frame_ms": {"n": len(delays), "p50": pct(0.5), "p95": pct(0.95),
                                     "max": round(delays[-1], 1) if delays else None}}


def test_a_whole_hkk_game_against_the_ai_in_the_browser(tmp_path):
    from engine.core import store

    env = env_for(tmp_path / "home")
    env["TMPDIR"] = str(tmp_path)              # the sessions' data dirs: tmp_path/hkk-web-*/
    web, url = start_web(env, "--lang", "en")
    driver = browser()
    try:
        open_page(driver, url, MENU, "Hotseat", "Quit")
        [data] = list(tmp_path.glob("hkk-web-*/session-1"))
        _instant_ai(driver)
        assert 'ai_pace = 0' in (data / "settings.toml").read_text()
        _start_game(driver)
        driver.execute_script(LATENCY_JS)
        keys = _keys()
        player = ScreenPlayer(lambda: screen(driver),
                              lambda key: press(driver, keys.get(key, key)), me="Player",
                              seed=19)
        rec = player.play(MAX_DECISIONS)
        delays = driver.execute_script(DELAYS_JS)
        [save] = list((data / "saves").glob("*.hkk"))
        summary = store.summarize(save)
        assert summary.meta["result"], "the save has no result"
        assert rec.result == _expected_end(summary), (rec.result, summary.meta)
        assert "Game over" in rec.last, rec.last
        assert summary.entries > 2 * summary.meta["turn"]       # the whole game, every turn
        print("hkk web whole game:", json.dumps(figures(rec, summary, delays)))
        print(rec.last)
        driver.save_screenshot(str(tmp_path / "end.png"))
    finally:
        quit_browser(driver)
        assert web.stop() == 0
