"""The terminal hkk draws on: refuse to start without one, and leave it cleanly when it goes.

* :func:`has_terminal` — the app reads keys from stdin and draws on stdout/stderr; without a
  terminal there (``ssh -T host hkk``, ``hkk </dev/null``) it could only hang, so the command
  line refuses at once with :data:`NO_TERMINAL`.
* :class:`TerminalDriver` — Textual's Linux driver plus what a game played over SSH needs:
  SIGTERM and SIGHUP end the app the normal way (the app closes its games, the driver leaves the
  alternate screen and turns mouse reporting off); a terminal that goes away (the pty hangs up,
  a write fails with EIO/EPIPE) ends the app instead of leaving it spinning on a dead input; and
  an exit that does not finish within :data:`EXIT_GRACE` seconds is forced, so no hkk process
  outlives its terminal.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import termios
import threading
from collections.abc import Callable
from typing import IO, Any

from textual.drivers.linux_driver import LinuxDriver

NO_TERMINAL = "hkk needs a terminal: use ssh -t"

#: seconds between a stop request (signal, lost terminal) and a forced exit
EXIT_GRACE = 1.5

#: what the forced exit writes so the terminal is usable again: leave the alternate screen,
#: show the cursor, mouse reporting, focus events, bracketed paste and the Kitty keyboard off
RESTORE = ("\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?1000l\x1b[?1002l\x1b[?1003l"
           "\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[?7h")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


def has_terminal() -> bool:
    """True when stdin, stdout and stderr are all a terminal (Textual draws on stderr)."""
    try:
        return all(os.isatty(fd) for fd in (0, 1, 2))
    except OSError:
        return False


def driver_class() -> type | None:
    """The driver for :class:`~hkk_tui.app.HkkApp` on this platform (None: Textual's own)."""
    return TerminalDriver if sys.platform != "win32" else None


class GuardedOutput:
    """The driver's output file: a failed write (EIO, EPIPE: the terminal is gone) is reported
    once through ``lost`` and everything after it is dropped, instead of killing Textual's
    writer thread and leaving the app blocked on a full output queue."""

    def __init__(self, file: IO[str], lost: Callable[[], None]) -> None:
        self._file = file
        self._lost = lost
        self.dead = False

    def _fail(self) -> None:
        if not self.dead:
            self.dead = True
            self._lost()

    def write(self, text: str) -> None:
        if self.dead:
            return
        try:
            self._file.write(text)
        except (OSError, ValueError):
            self._fail()

    def flush(self) -> None:
        if self.dead:
            return
        try:
            self._file.flush()
        except (OSError, ValueError):
            self._fail()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return not self.dead


def _silence_output() -> None:
    """Point stdout and stderr at /dev/null: later writes (Python's final flush, an error
    report) then succeed quietly instead of failing on the dead terminal again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    for fd in (1, 2):
        try:
            os.dup2(null, fd)
        except OSError:
            pass
    os.close(null)


class TerminalDriver(LinuxDriver):
    """Textual's Linux driver that also ends the app on SIGTERM, SIGHUP or a lost terminal."""

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(app, **kw)
        self._file = GuardedOutput(self._file, self._output_failed)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._signals: list[int] = []
        self._stopped = threading.Event()
        self._exiting = False

    # ------------------------------------------------------------------ lifetime
    def start_application_mode(self) -> None:
        # (again after a suspend, Ctrl+Z: each application mode gets its own hang-up watch)
        self._stopped = threading.Event()
        self._loop = asyncio.get_running_loop()
        for signum in STOP_SIGNALS:
            try:
                self._loop.add_signal_handler(signum, self._exit, 128 + signum)
            except (ValueError, RuntimeError, NotImplementedError):
                continue        # not the main thread: the default action stays
            self._signals.append(signum)
        threading.Thread(target=self._watch_hangup, args=(self._stopped,), name="hkk-hangup",
                         daemon=True).start()
        super().start_application_mode()

    def stop_application_mode(self) -> None:
        try:
            super().stop_application_mode()
        finally:
            self._stopped.set()
            if self._loop is not None:
                for signum in self._signals:
                    self._loop.remove_signal_handler(signum)
            self._signals = []

    # ------------------------------------------------------------------ ending
    def _exit(self, code: int) -> None:
        """Ask the app to exit (runs on the event loop); force it after EXIT_GRACE seconds."""
        if self._exiting:
            return
        self._exiting = True
        self._app.exit(return_code=code)
        timer = threading.Timer(EXIT_GRACE, self._force_exit, args=(code,))
        timer.daemon = True
        timer.start()

    def _output_failed(self) -> None:
        """A write to the terminal failed (writer thread): nothing more can be shown."""
        _silence_output()
        self._terminal_lost()

    def _terminal_lost(self) -> None:
        """The terminal hung up or refused a write (any thread): end the app."""
        loop = self._loop
        if loop is None or self._stopped.is_set():
            return
        try:
            loop.call_soon_threadsafe(self._exit, 128 + signal.SIGHUP)
        except RuntimeError:
            pass                # the loop is already closed: the app is ending anyway

    def _watch_hangup(self, stopped: threading.Event) -> None:
        """Wait for the terminal on stdin to hang up (the SSH client or terminal window went
        away): a hung-up tty reads as endless EOF, which Textual's input thread would spin on."""
        poller = select.poll()
        poller.register(self.fileno, 0)      # 0: report only POLLHUP, POLLERR, POLLNVAL
        while not stopped.is_set():
            if poller.poll(250):
                self._terminal_lost()
                return

    def _force_exit(self, code: int) -> None:
        """The normal exit did not finish in time: put the terminal back and end the process."""
        try:
            os.write(2, RESTORE.encode())
        except OSError:
            pass
        if self.attrs_before is not None:
            try:
                termios.tcsetattr(self.fileno, termios.TCSANOW, self.attrs_before)
            except termios.error:
                pass
        os._exit(code)
