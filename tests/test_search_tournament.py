"""``hkk tournament`` over more than one session (issue 16): a simulation budget per bot
(``search:Nsims``, independent of the machine's load) and ``--record FILE.jsonl`` — each finished
game appended as it ends, a rerun with the same arguments playing only the games not yet
recorded and reporting all of them, other arguments refused with one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import registry
from hkk_tui.cli import main
from tests import toy_ruleset

BASE = ["tournament", "--ruleset", "toy", "--bots", "search:6sims,random", "--games", "4",
        "--seed", "3", "--json"]


@pytest.fixture(scope="module", autouse=True)
def _toy_registered():
    registry.register(toy_ruleset.PLUGIN)
    yield
    registry.unregister("toy")


def _run(capsys, *extra: str) -> tuple[int, dict, str]:
    code = main([*BASE, *extra])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_simulation_budget_per_bot_caps_each_search(capsys):
    code, rep, _ = _run(capsys)
    assert code == 0 and rep["games"] == 4
    search = rep["bots"]["search:6sims"]
    assert 0 < search["sims_per_decision"] <= 6
    assert search["sims_per_cpu_s"] > 0 and search["cpu_s_p95"] >= 0
    assert rep["bots"]["random"]["sims_per_decision"] == 0


def test_on_the_cpu_clock_a_search_counts_its_seconds_on_that_clock(capsys, monkeypatch,
                                                                    tmp_path):
    """``--clock cpu``: a search bot's seconds are its game process's CPU time, so a loaded
    machine gives each move the same think. Here the CPU clock is a fake one that jumps a whole
    second each time it is read: a 0.5 s search then finds its time spent before its first
    simulation, while the wall clock lets it simulate. The record and the table name the clock
    (the table's think is then CPU time)."""
    from engine.ai import tournament as T

    ticks = iter(range(10**9))
    monkeypatch.setitem(T.CLOCKS, "cpu", lambda: float(next(ticks)))
    argv = ["tournament", "--ruleset", "toy", "--bots", "search:0.5,random", "--games", "2",
            "--seed", "3", "--json"]
    book = tmp_path / "cpu.jsonl"
    assert main([*argv, "--clock", "cpu", "--record", str(book)]) == 0
    on_cpu = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    on_wall = json.loads(capsys.readouterr().out)
    assert on_cpu["clock"] == "cpu" and "clock" not in on_wall
    assert "(cpu clock)" in T.table(on_cpu) and "think: CPU seconds" in T.table(on_cpu)
    assert "think: seconds" in T.table(on_wall)
    assert on_cpu["bots"]["search:0.5"]["sims_per_decision"] == 0
    assert on_wall["bots"]["search:0.5"]["sims_per_decision"] > 0
    head, *games = _lines(book)
    assert head["clock"] == "cpu" and all(g["spec"]["clock"] == "cpu" for g in games)


def test_record_appends_every_game_and_a_rerun_plays_none_again(capsys, tmp_path):
    book = tmp_path / "t.jsonl"
    code, first, _ = _run(capsys, "--record", str(book))
    assert code == 0 and first["record"] == {"file": str(book), "recorded_before": 0,
                                             "played_now": 4}
    lines = _lines(book)
    assert lines[0]["kind"] == "tournament" and lines[0]["bots"] == ["search:6sims", "random"]
    games = lines[1:]
    assert sorted(g["index"] for g in games) == [0, 1, 2, 3]
    assert {tuple(g["spec"]["bots"]) for g in games} == {("search:6sims", "random"),
                                                          ("random", "search:6sims")}
    assert all(len(g["think"]) == 2 and len(g["cpu"]) == 2 and len(g["sims"]) == 2
               for g in games)
    code, again, _ = _run(capsys, "--record", str(book))
    assert code == 0 and again["record"]["recorded_before"] == 4
    assert again["record"]["played_now"] == 0 and len(_lines(book)) == 5
    assert again["bots"] == first["bots"]


def test_a_stopped_run_resumes_where_it_stopped_with_the_same_results(capsys, tmp_path):
    _, whole, _ = _run(capsys)                       # the same tournament in one go
    book = tmp_path / "t.jsonl"
    _run(capsys, "--record", str(book))
    text = book.read_text().splitlines(keepends=True)
    # stopped after two games, in the middle of writing the third
    book.write_text("".join(text[:3]) + text[3][: len(text[3]) // 2])
    code, rep, err = _run(capsys, "--record", str(book))
    assert code == 0 and "cut short" in err
    assert rep["record"] == {"file": str(book), "recorded_before": 2, "played_now": 2}
    assert rep["games"] == 4 and rep["bots"]["search:6sims"]["wins"] == \
        whole["bots"]["search:6sims"]["wins"]
    assert rep["bots"]["search:6sims"]["as_seat"] == [2, 2]
    assert sorted(g["index"] for g in _lines(book)[1:]) == [0, 1, 2, 3]


def test_a_damaged_line_is_skipped_with_a_warning_and_its_game_played_again(capsys, tmp_path):
    book = tmp_path / "t.jsonl"
    _run(capsys, "--record", str(book))
    text = book.read_text().splitlines(keepends=True)
    book.write_text(text[0] + "{not json\n" + "".join(text[2:]))
    code, rep, err = _run(capsys, "--record", str(book))
    assert code == 0 and "t.jsonl:2: a damaged line" in err
    assert rep["record"]["recorded_before"] == 3 and rep["record"]["played_now"] == 1
    assert rep["games"] == 4


@pytest.mark.parametrize("change", [["--seed", "4"], ["--games", "6"], ["--sims", "3"],
                                    ["--bots", "search:7sims,random"], ["--clock", "cpu"]])
def test_other_arguments_with_the_same_record_are_one_line_and_exit_2(capsys, tmp_path, change):
    book = tmp_path / "t.jsonl"
    _run(capsys, "--record", str(book))
    before = book.read_bytes()
    argv = [*BASE, "--record", str(book)]
    for flag, value in zip(change[::2], change[1::2]):
        if flag in argv:
            argv[argv.index(flag) + 1] = value
        else:
            argv += [flag, value]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert "records another tournament" in err and "rerun with its arguments" in err
    assert book.read_bytes() == before


def test_a_file_that_is_not_a_record_is_refused_untouched(capsys, tmp_path):
    book = tmp_path / "notes.txt"
    book.write_text("my shopping list\n")
    assert main([*BASE, "--record", str(book)]) == 2
    _, err = capsys.readouterr()
    assert "not a tournament record file" in err and len(err.strip().splitlines()) == 1
    assert book.read_text() == "my shopping list\n"


def test_games_played_in_worker_processes_are_recorded_as_they_end(capsys, tmp_path):
    _, alone, _ = _run(capsys)
    book = tmp_path / "t.jsonl"
    code, rep, _ = _run(capsys, "--jobs", "2", "--record", str(book))
    assert code == 0 and rep["record"]["played_now"] == 4
    assert sorted(g["index"] for g in _lines(book)[1:]) == [0, 1, 2, 3]
    assert rep["bots"]["search:6sims"]["wins"] == alone["bots"]["search:6sims"]["wins"]


def test_report_only_shows_the_games_so_far_and_changes_nothing(capsys, tmp_path):
    book = tmp_path / "t.jsonl"
    _run(capsys, "--record", str(book))
    text = book.read_text().splitlines(keepends=True)
    partial = "".join(text[:3]) + text[3][:20]       # a run still writing its third game
    book.write_text(partial)
    code, rep, err = _run(capsys, "--record", str(book), "--report-only")
    assert code == 0 and err == "" and book.read_text() == partial
    assert rep["games"] == 2 and rep["record"]["played_now"] == 0
    assert main([*BASE, "--report-only"]) == 2
    assert "give the file" in capsys.readouterr().err
    assert main([*BASE, "--record", str(tmp_path / "none.jsonl"), "--report-only"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not (tmp_path / "none.jsonl").exists()


def test_a_second_run_into_the_same_record_is_refused_while_the_first_plays(capsys, tmp_path):
    import fcntl
    import os

    book = tmp_path / "t.jsonl"
    fd = os.open(f"{book}.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)                  # another run holds it
    try:
        assert main([*BASE, "--record", str(book)]) == 2
        err = capsys.readouterr().err
        assert "being played into by another run" in err and not book.exists()
    finally:
        os.close(fd)
    code, rep, _ = _run(capsys, "--record", str(book))
    assert code == 0 and rep["record"]["played_now"] == 4
