"""The search bot in a process of its own, so a person's screen stays quick while it thinks
(issue 16: a CPU-bound thread shares the interpreter lock with the UI — measured, keypress p95
73.8 ms in a thread against 16 ms idle).

Host side, :class:`SearchProcess`: one child process per game screen, started at the first
search and ended with the screen (``close``; the child also ends by itself when its input
closes, so a host killed by the OS leaves no orphan). Each move the host sends the header and the
entries the child does not hold yet, the seat, the bot's name and seed; the child rebuilds the
game from those entries (events applied, no rules run), asks the bot through
:func:`engine.core.search.context_for` exactly as a host in the same process would, reports its
progress about ten times a second and answers the action with the bot's annotation. ``stop``
makes the child's search end at its next simulation (move now, undo, leaving).

Child side, ``python -m engine.ai.worker``: frames of pickled tuples on stdin/stdout (a 4-byte
length, then the payload; both ends are this module, nothing else reads them).
"""

from __future__ import annotations

import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from typing import Any, BinaryIO, Callable

_LEN = struct.Struct("<I")


def _send(out: BinaryIO, msg: Any) -> None:
    data = pickle.dumps(msg, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_LEN.pack(len(data)) + data)
    out.flush()


def _recv(inp: BinaryIO) -> Any:
    head = inp.read(_LEN.size)
    if len(head) < _LEN.size:
        raise EOFError("the other end closed")
    (n,) = _LEN.unpack(head)
    data = inp.read(n)
    if len(data) < n:
        raise EOFError("the other end closed mid-message")
    return pickle.loads(data)


class SearchError(RuntimeError):
    """The search process failed (its message says what happened)."""


# ---------------------------------------------------------------------------- host side
class SearchProcess:
    """The host's handle on the search child (see the module docstring). ``think`` blocks (call
    it from a worker thread); ``stop`` and ``close`` may be called from any thread."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self._sent: list[Any] = []          # the entries the child holds
        self._header: Any = None
        self._lock = threading.Lock()
        self._seq = 0                       # the number of the latest think

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    def _ensure(self) -> subprocess.Popen[bytes]:
        if self.proc is None or self.proc.poll() is not None:
            env = dict(os.environ)
            root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "engine.ai.worker"], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, close_fds=True,
                start_new_session=True)     # a Ctrl+C meant for the app is the app's
            self._sent, self._header = [], None
        return self.proc

    def ticket(self) -> int:
        """A number for the next :meth:`think` (so a :meth:`stop` given it before that think
        reaches the child still stops it)."""
        with self._lock:
            self._seq += 1
            return self._seq

    def think(self, header: Any, entries: list[Any], seat: int, bot: str, seed: int,
              on_progress: Callable[[float, dict[str, Any]], None] | None = None,
              ticket: int | None = None) -> tuple[Any, dict[str, Any] | None]:
        """The bot's action for ``seat`` after ``entries`` and its annotation (None when it did
        not search). Raises :class:`SearchError` if the child failed or was closed."""
        seq = self.ticket() if ticket is None else ticket
        with self._lock:
            proc = self._ensure()
            n = len(self._sent)
            same = (self._header is header and n <= len(entries)
                    and (n == 0 or entries[n - 1] is self._sent[-1]))
            if same:
                msg = ("think", seq, None, n, list(entries[n:]), seat, bot, seed)
            else:
                msg = ("think", seq, header, 0, list(entries), seat, bot, seed)
            try:
                _send(proc.stdin, msg)
            except (OSError, ValueError) as exc:
                self.proc = None
                raise SearchError(f"The AI's process could not be reached ({exc}).") from None
            self._header, self._sent = header, list(entries)
        while True:
            try:
                reply = _recv(proc.stdout)
            except (EOFError, OSError, ValueError) as exc:
                self._sent, self._header = [], None
                self._reap(proc)                # the next search starts another
                raise SearchError(f"The AI's process ended ({exc}).") from None
            if reply[0] == "progress":
                if on_progress is not None:
                    on_progress(reply[1], {"sims": reply[2]})
                continue
            if reply[0] == "done":
                return reply[1], reply[2]
            self._sent, self._header = [], None          # the child's game is unknown now
            raise SearchError(str(reply[1]))

    def _reap(self, proc: subprocess.Popen[bytes]) -> None:
        if self.proc is proc:
            self.proc = None
        try:
            proc.kill()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def stop(self, ticket: int | None = None) -> None:
        """The child's search (``ticket``'s, by default the latest) ends at its next simulation;
        its best move so far is answered."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        try:
            _send(proc.stdin, ("stop", self._seq if ticket is None else ticket))
        except (OSError, ValueError):
            pass

    def close(self, timeout: float = 2.0) -> None:
        """End the child (its input closed, then terminated, then killed) and reap it."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=timeout / 2)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=timeout / 2)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


# ---------------------------------------------------------------------------- child side
class _Child:
    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.game: Any = None
        self.header: Any = None
        self.ctx: Any = None
        self.seq = 0                        # the think in progress
        self.stop_seq = 0                   # the latest think asked to stop
        self._guard = threading.Lock()

    def apply(self, header: Any, start: int, entries: list[Any]) -> Any:
        from engine.core.game import Game
        from engine.core.registry import ruleset_for

        if header is not None or self.game is None or start != len(self.game.entries):
            header = header if header is not None else self.header
            if header is None:
                raise SearchError("no game was given")
            kept = self.game.entries[:start] if self.game is not None and start else []
            self.header = header
            self.game = Game.from_log(ruleset_for(header), header, list(kept) + entries)
            return self.game
        ruleset = self.game.ruleset
        for e in entries:
            for ev in e.events:
                ruleset.apply(self.game.state, ev)
            self.game.entries.append(e)
        return self.game

    def think(self, seq: int, header: Any, start: int, entries: list[Any], seat: int,
              bot_name: str, seed: int) -> None:
        from engine.ai.bots import make_bot
        from engine.core.search import context_for

        game = self.apply(header, start, entries)
        bot = make_bot(bot_name, game.ruleset, seed)
        last_report = [0.0]

        def progress(fraction: float, info: dict[str, Any]) -> None:
            now = time.monotonic()
            if now - last_report[0] >= 0.1:
                last_report[0] = now
                _send(self.out, ("progress", fraction, int(info.get("sims", 0))))

        legal = game.legal_actions(seat)
        ctx = context_for(game.ruleset, game.state, seat, legal, decision=len(game.entries),
                          on_progress=progress, seats=len(header.seats if header else
                                                          self.header.seats))
        with self._guard:
            self.ctx, self.seq = ctx, seq
            if self.stop_seq >= seq:        # stopped before it began
                ctx.deadline = float("-inf")
        try:
            action = bot.choose(ctx)
        finally:
            self.ctx = None
        _send(self.out, ("done", action, getattr(bot, "last", None)))

    def stop(self, seq: int | None = None) -> None:
        """Stop think ``seq`` (every think when None) at its next simulation."""
        with self._guard:
            self.stop_seq = max(self.stop_seq, seq if seq is not None else 1 << 62)
            if self.ctx is not None and self.stop_seq >= self.seq:
                self.ctx.deadline = float("-inf")


#: the search gives way to the screen when they share a core (its think time is wall time:
#: on a busy machine it simulates less, the keys stay quick)
NICE = 5


def main() -> int:
    try:
        os.nice(NICE)
    except (AttributeError, OSError):       # not on this platform: as is
        pass
    inp = sys.stdin.buffer
    out = os.fdopen(os.dup(1), "wb")        # frames only: anything printed goes to stderr
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    child = _Child(out)
    inbox: queue.Queue[Any] = queue.Queue()

    def reader() -> None:
        while True:
            try:
                msg = _recv(inp)
            except (EOFError, OSError, ValueError, pickle.UnpicklingError):
                child.stop()
                inbox.put(None)
                return
            if msg[0] == "stop":
                child.stop(msg[1])
            else:
                inbox.put(msg)

    threading.Thread(target=reader, daemon=True).start()
    while True:
        msg = inbox.get()
        if msg is None:
            return 0
        try:
            child.think(*msg[1:])
        except Exception as exc:  # noqa: BLE001 - told to the host, which says it in words
            child.game = None
            try:
                _send(out, ("error", f"{type(exc).__name__}: {exc}"))
            except OSError:
                return 1


if __name__ == "__main__":
    sys.exit(main())
