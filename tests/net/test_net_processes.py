"""Real processes (issue 13, parts 4 and 7): ``hkk server`` and ``hkk bot`` clients; the server is
killed with SIGKILL mid-game and started again, a client is killed and started again — the game
resumes from the server's save, the clients come back by themselves, and nothing is lost."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from net_helpers import ROOT, ServerProcess, env_for, hkk_argv

from engine.core import store
from engine.core.game import rerun
from engine.core.registry import ruleset_for


def _bot(sock: Path, table: str, who: str, env: dict[str, str],
         bot: str = "random") -> subprocess.Popen:
    return subprocess.Popen(
        hkk_argv("bot", "--connect", str(sock), "--table", table, "--bot", bot, "--as", who,
                 "--timeout", "120", "--quiet"),
        cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)


def _entries(save: Path) -> int:
    try:
        return store.summarize(save).entries
    except (OSError, store.SaveError):
        return 0


def _wait_for_entries(save: Path, n: int, procs: list[subprocess.Popen],
                      timeout: float = 60) -> int:
    """Poll the save until it holds ``n`` entries (the game is under way)."""
    end = time.monotonic() + timeout
    while True:
        got = _entries(save)
        if got >= n:
            return got
        for p in procs:
            assert p.poll() is None, f"a bot ended early: {p.stderr.read()}"
        assert time.monotonic() < end, f"the game did not reach {n} entries"
        time.sleep(0.02)


def _finish(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        code = p.wait(timeout=120)
        assert code == 0, p.stderr.read()


def _check_save(save: Path, before: list) -> None:
    loaded = store.load(save)
    assert not loaded.damaged
    assert loaded.entries[:len(before)] == before, "entries written before the kill were lost"
    checked = rerun(ruleset_for(loaded.header), loaded.header, loaded.entries)
    assert checked.divergence is None
    assert ruleset_for(loaded.header).result(checked.state) is not None


def test_server_killed_mid_game_resumes_every_table_and_the_bots_come_back(tmp_path):
    env = env_for(tmp_path / "home")
    sock, data = tmp_path / "hkk.sock", tmp_path / "data"
    server = ServerProcess(sock, data, env).start()
    try:
        bots = [_bot(sock, t, f"{t}-{i}", env) for t in ("one", "two") for i in range(2)]
        saves = [data / "tables" / f"{t}.hkk" for t in ("one", "two")]
        for save in saves:
            _wait_for_entries(save, 25, bots)
        server.kill()                                   # SIGKILL: no clean shutdown
        before = [store.load(save).entries for save in saves]
        assert all(len(b) >= 25 for b in before)
        server = ServerProcess(sock, data, env).start()
        _finish(bots)                                   # each bot reconnected by itself
        for save, entries in zip(saves, before):
            _check_save(save, entries)
            assert _entries(save) > len(entries)       # and the game went on to its end
    finally:
        server.stop()


def test_a_killed_client_comes_back_to_its_seat(tmp_path):
    env = env_for(tmp_path / "home")
    sock, data = tmp_path / "hkk.sock", tmp_path / "data"
    server = ServerProcess(sock, data, env).start()
    try:
        steady = _bot(sock, "t", "steady", env)
        flaky = _bot(sock, "t", "flaky", env)
        save = data / "tables" / "t.hkk"
        _wait_for_entries(save, 25, [steady, flaky])
        flaky.kill()                                    # SIGKILL: the connection just ends
        flaky.wait(timeout=30)
        before = store.load(save).entries
        again = _bot(sock, "t", "flaky", env)          # the same player, a new process
        _finish([steady, again])
        _check_save(save, before)
    finally:
        assert server.stop() == 0                       # SIGTERM: a clean stop
