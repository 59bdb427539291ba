"""The search bot in its own process (engine/ai/worker.py, issue 16): the same move as in the
host's process under a simulation budget, stopped at once, no process left behind, and the
annotations kept beside the save (engine/ai/notes.py); bot names with budgets everywhere bots
are named."""

from __future__ import annotations

import os
import threading
import time

import msgspec
import pytest

from engine.ai.bots import bot_problem, make_bot
from engine.ai.notes import Note, append_note, make_note, notes_for, notes_path, read_notes
from engine.ai.worker import SearchError, SearchProcess
from engine.core import registry
from engine.core.game import Game
from engine.core.log import Seat
from engine.core.search import context_for


def _game(ruleset: str = "hkk", seed: int = 5, moves: int = 0) -> Game:
    plugin = registry.get(ruleset)
    decks = tuple(d.id for d in plugin.decks()[:2])
    header = plugin.new_header(decks, seed, seats=(Seat("A", decks[0], "human"),
                                                   Seat("B", decks[1], "ai:search:1.0")))
    game = Game.new(plugin.ruleset_for(header), header)
    bots = [make_bot("random", game.ruleset, seed + i) for i in range(2)]
    for _ in range(moves):
        d = game.pending()
        legal = game.legal_actions(d.player)
        game.submit(d.player, bots[d.player].choose(None, legal))
    while len(game.legal_actions(game.pending().player)) < 2:
        d = game.pending()
        game.submit(d.player, game.legal_actions(d.player)[0])
    return game


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


@pytest.mark.parametrize("ruleset", ["hkk", "sw"])
def test_a_simulation_budget_gives_the_same_move_in_the_search_process_as_at_home(ruleset):
    game = _game(ruleset, moves=30)
    seat = game.pending().player
    here = make_bot("search:60sims", game.ruleset, 11)
    want = here.choose(context_for(game.ruleset, game.state, seat,
                                   decision=len(game.entries)))
    proc = SearchProcess()
    try:
        got, found = proc.think(game.header, game.entries, seat, "search:60sims", 11)
        again, _ = proc.think(game.header, game.entries, seat, "search:60sims", 11)
    finally:
        proc.close()
    assert got == want == again
    assert found["sims"] == here.last["sims"] == 60
    assert found["candidates"] == here.last["candidates"]


def test_the_search_process_follows_the_game_and_an_undo():
    game = _game(moves=10)
    proc = SearchProcess()
    try:
        seat = game.pending().player
        a, _ = proc.think(game.header, game.entries, seat, "search:20sims", 1)
        game.submit(seat, a)                       # one more entry: only it is sent
        while (d := game.pending()) is not None and len(game.legal_actions(d.player)) < 2:
            game.submit(d.player, game.legal_actions(d.player)[0])
        b, _ = proc.think(game.header, game.entries, d.player, "search:20sims", 1)
        assert b in game.legal_actions(d.player)
        shorter = game.entries[:5]                 # an undo: the process starts over
        back = Game.from_log(game.ruleset, game.header, shorter)
        d = back.pending()
        c, _ = proc.think(game.header, shorter, d.player, "search:20sims", 1)
        assert c in back.legal_actions(d.player)
    finally:
        proc.close()


def test_stop_ends_the_search_at_once_and_close_leaves_no_process():
    game = _game(moves=20)
    seat = game.pending().player
    proc = SearchProcess()
    threading.Timer(0.3, proc.stop).start()
    t0 = time.monotonic()
    action, found = proc.think(game.header, game.entries, seat, "search:30.0", 3)
    took = time.monotonic() - t0
    assert took < 10, "the search went on after stop"
    assert found["stopped"] == "deadline" and action in game.legal_actions(seat)
    pid = proc.pid
    assert _alive(pid)
    proc.close()
    assert not _alive(pid)


def test_a_stop_sent_before_the_search_begins_is_not_lost():
    game = _game(moves=20)
    seat = game.pending().player
    proc = SearchProcess()
    try:
        proc.think(game.header, game.entries, seat, "search:5sims", 3)    # started
        done = []
        ticket = proc.ticket()
        proc.stop(ticket)                           # before the child hears of that think
        worker = threading.Thread(target=lambda: done.append(proc.think(
            game.header, game.entries, seat, "search:30.0", 3, ticket=ticket)))
        worker.start()
        worker.join(timeout=15)
        assert done and done[0][1]["sims"] < 100000
    finally:
        proc.close()


def test_a_search_process_that_dies_is_told_in_words_and_the_next_search_starts_another():
    game = _game()
    proc = SearchProcess()
    seat = game.pending().player
    proc.think(game.header, game.entries, seat, "search:5sims", 3)
    first = proc.pid
    threading.Timer(0.3, proc.proc.kill).start()
    with pytest.raises(SearchError, match="The AI's process ended"):
        proc.think(game.header, game.entries, seat, "search:30.0", 3)
    action, _ = proc.think(game.header, game.entries, seat, "search:5sims", 3)
    assert action in game.legal_actions(seat) and proc.pid != first
    proc.close()


def test_annotations_live_beside_the_save_and_a_damaged_line_is_skipped(tmp_path):
    game = _game(moves=8)
    seat = game.pending().player
    bot = make_bot("search:30sims", game.ruleset, 2)
    action = bot.choose(context_for(game.ruleset, game.state, seat, decision=len(game.entries)))
    entry = len(game.entries)
    game.submit(seat, action)
    save = tmp_path / "g.hkk"
    save.write_bytes(b"the save itself is never touched")
    append_note(save, make_note(entry, seat, action, bot.last, {0: "Play the best card"}))
    with open(notes_path(save), "ab") as f:
        f.write(b"{not json\n")
    notes = read_notes(save)
    assert notes.damaged == 1 and set(notes.by_entry) == {entry}
    note = notes.by_entry[entry]
    assert note.sims == 30 and note.budget_sims == 30 and len(note.candidates) <= 5
    assert note.candidates[0].label == "Play the best card"
    assert sum(c.visits for c in note.candidates) <= 30
    assert notes_for(notes, game.entries) == {entry: note}
    # after an undo and another move at that entry the note no longer explains it
    other = Note(entry, seat, ["Nothing"], 1, 0.1)
    assert notes_for(type(notes)({entry: other}), game.entries) == {}
    assert save.read_bytes() == b"the save itself is never touched"
    assert msgspec.json.decode(notes_path(save).read_bytes().splitlines()[0])["entry"] == entry


def test_search_with_a_budget_is_a_known_bot_name():
    assert bot_problem("hkk", "search") == ""
    assert bot_problem("hkk", "search:0.25") == ""
    assert bot_problem("sw", "search:400sims") == ""
    assert "more than 0" in bot_problem("hkk", "search:0")
    assert "not a search budget" in bot_problem("hkk", "search:fast")
    assert "Unknown bot 'greedy:1'" in bot_problem("hkk", "greedy:1")
    assert "choose one of: greedy, random, search" in bot_problem("hkk", "smart")


def test_the_bench_ai_section_reports_rates_phases_and_memory():
    from hkk_tui.bench_ai import ai_section
    from tests.toy_ruleset import PLUGIN as TOY

    registry.names()                                    # the built-ins first, then the toy
    registry.register(TOY)
    try:
        section = ai_section("toy", games=5)            # a quick bench: 0.1 s searches
    finally:
        registry.unregister(TOY.name)
    assert section["positions"] >= 1 and section["sims_per_cpu_s"] > 0
    assert section["decisions_per_cpu_s"] > 0 and section["sims_per_move"] > 0
    assert set(section["us_per_sim"]) == {"determinize", "descent", "rollout", "evaluate"}
    assert 0 < section["peak_mb_0.1s"] <= section["peak_mb_0.2s"] < 100


def test_a_host_killed_by_the_os_leaves_no_search_process(tmp_path):
    import signal
    import subprocess
    import sys

    script = tmp_path / "host.py"
    script.write_text(
        "import sys, threading\n"
        "sys.path.insert(0, 'tests')\n"
        "from test_search_worker import _game\n"
        "from engine.ai.worker import SearchProcess\n"
        "g = _game(moves=20)\n"
        "p = SearchProcess()\n"
        "t = threading.Thread(target=p.think, args=(g.header, g.entries, g.pending().player,"
        " 'search:60.0', 1), daemon=True)\n"
        "t.start()\n"
        "import time\n"
        "while p.pid is None: time.sleep(0.01)\n"
        "print(p.pid, flush=True)\n"
        "t.join()\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root)
    host = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, cwd=root,
                            env=env, text=True)
    child = int(host.stdout.readline())
    assert _alive(child)
    host.send_signal(signal.SIGKILL)
    host.wait()
    end = time.monotonic() + 10
    while _alive(child) and time.monotonic() < end:
        time.sleep(0.05)
    assert not _alive(child), "the search process outlived its host"
