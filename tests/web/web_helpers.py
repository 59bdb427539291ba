"""Helpers for the browser tests of ``hkk web`` (issue 19): ``hkk web`` and ``hkk server``
processes on loopback, headless Chromium driven by selenium, and the page's screen read as
text through ``window.hkkTerminal`` (the page's xterm.js terminal)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or ""
CHROMEDRIVER = shutil.which("chromedriver") or ""

try:
    import selenium  # noqa: F401
    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False

try:
    import textual_serve  # noqa: F401
    HAVE_SERVE = True
except ImportError:
    HAVE_SERVE = False

BROWSER_MISSING = (
    "" if CHROMIUM and CHROMEDRIVER and HAVE_SELENIUM and HAVE_SERVE else
    "the browser test needs Debian's chromium and chromium-driver, selenium and textual-serve "
    "(.ci/run installs them: apt-get install chromium chromium-driver; pip install '.[test]')")


def env_for(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HKK_", "TEXTUAL"))}
    env.update({"HKK_DATA_DIR": str(home), "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    return env


def hkk(*args: str) -> list[str]:
    return [sys.executable, "-m", "hkk_tui.cli", *args]


class Proc:
    """A process of the test (``hkk web``, ``hkk server``) whose stderr is read line by line
    into :attr:`lines`; stopped with SIGTERM (then killed) at the end."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.log = Path(tempfile.mkstemp(prefix="hkk-web-test-", suffix=".log")[1])
        self._out = open(self.log, "w")  # noqa: SIM115 - the process's output; closed by stop
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=self._out,
                                     stderr=subprocess.STDOUT, start_new_session=True)

    _final: str | None = None

    @property
    def text(self) -> str:
        if self._final is not None:
            return self._final
        return self.log.read_text(errors="replace")

    def wait_for(self, word: str, timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while True:
            text = self.text
            for line in text.splitlines():
                if word in line:
                    return line
            if self.proc.poll() is not None or time.monotonic() > end:
                raise AssertionError(f"did not see {word!r} from {self.proc.args}:\n{text}")
            time.sleep(0.05)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self._final is None:
            self._out.close()
            self._final = self.log.read_text(errors="replace")
            self.log.unlink(missing_ok=True)
        return self.proc.returncode


def start_web(env: dict[str, str], *args: str) -> tuple[Proc, str]:
    """``hkk web --listen :0 ARGS``; returns the process and the page's URL."""
    web = Proc(hkk("web", "--listen", ":0", *args), env)
    try:
        line = web.wait_for("hkk web: open ")
    except AssertionError:
        web.stop()                                    # never left running by a failed start
        raise
    return web, line.split("open ", 1)[1].split()[0]


def start_server(env: dict[str, str], tmp: Path, *args: str) -> tuple[Proc, str]:
    """``hkk server`` on a socket in ``tmp`` and a free loopback TCP port; returns the process
    and the TCP address."""
    server = Proc(hkk("server", "--socket", str(tmp / "hkk.sock"), "--data", str(tmp / "data"),
                      "--listen", ":0", *args), env)
    try:
        line = server.wait_for("listening on")
    except AssertionError:
        server.stop()
        raise
    tcp = [a.strip(" ;") for a in line.split("listening on", 1)[1].split(";")[0].split(",")
           if ":" in a and "/" not in a.replace("tls://", "")]
    return server, tcp[0]


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def browser(width: int = 1100, height: int = 800) -> Any:
    """Headless Chromium with a fresh profile (the flags this machine's closed network
    needs)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="hkk-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_script_timeout(30)
    driver.hkk_profile = profile
    return driver


def quit_browser(driver: Any) -> None:
    try:
        driver.quit()
    finally:
        shutil.rmtree(driver.hkk_profile, ignore_errors=True)


SCREEN_JS = """
const t = window.hkkTerminal;
if (!t) return null;
const b = t.buffer.active, rows = [];
for (let i = 0; i < t.rows; i++) {
  const line = b.getLine(b.viewportY + i);
  rows.push(line ? line.translateToString(true) : "");
}
return rows.join("\\n");
"""


def screen(driver: Any) -> str:
    """The page's terminal as text (one line a row)."""
    return driver.execute_script(SCREEN_JS) or ""


def wait_screen(driver: Any, *words: str, timeout: float = 30,
                absent: tuple[str, ...] = ()) -> str:
    end = time.monotonic() + timeout
    while True:
        text = screen(driver)
        if all(w in text for w in words) and not any(w in text for w in absent):
            return text
        if time.monotonic() > end:
            raise AssertionError(f"did not see {words} (nor {absent}) on the page:\n{text}")
        time.sleep(0.05)


def press(driver: Any, *keys: str) -> None:
    """Keys as a person types them: real key events to the page's focused terminal."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("window.hkkTerminal.focus()")
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def open_page(driver: Any, url: str, *words: str, timeout: float = 60) -> str:
    driver.get(url)
    return wait_screen(driver, *words, timeout=timeout)
