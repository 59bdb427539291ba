"""``hkk play --players N --option KEY=VALUE`` (issue 17, point 6): a Tash-Kalar table of 3-4
seats in the mode asked for, you at the first seat and the AI at every other one. Seats or
options that do not go together are one clear line on stderr and exit status 2, before any app
starts (TK Előkészület: DUEL and High Form are for 2 players, BATTLE for 3-4, TEAM for 4)."""

from __future__ import annotations

import asyncio

import pytest

import hkk_tui.app
from hkk_tui import cli


@pytest.fixture
def started(monkeypatch, tmp_path):
    """Saves in a temp dir; the app is not run, its start arguments are kept instead, and a
    terminal is pretended (the checks come before it, the start after it)."""
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path))
    calls: list[dict] = []

    def run_app(**kwargs):
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(hkk_tui.app, "run_app", run_app)
    monkeypatch.setattr("hkk_tui.terminal.has_terminal", lambda: True)
    return calls


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err


@pytest.mark.parametrize("argv, says", [
    (("--players", "5"), "--players 5: Tash-Kalar is played by 2 to 4 players."),
    (("--players", "1"), "--players 1: Tash-Kalar is played by 2 to 4 players."),
    (("--players", "3", "--option", "mode=duel"), "DUEL is for 2 players, not 3"),
    (("--players", "3", "--option", "mode=highform", "--option", "team=true"), "TEAM"),
    (("--players", "4", "--option", "mode=battle", "--option", "team=true"),
     "TEAM play is over DUEL or High Form"),
    (("--players", "4", "--option", "mode=chess"), "mode = 'chess': choose one of"),
    (("--option", "colour=red"), "--option colour: tk has no such option; its options: mode"),
    (("--option", "mode"), "--option 'mode': write it as KEY=VALUE"),
])
def test_tk_elokeszulet_play_bad_players_or_options_exit_2(started, capsys, argv, says):
    code, err = _run(capsys, "play", "--ruleset", "tk", *argv)
    assert code == 2
    assert says in err
    assert len(err.strip().splitlines()) == 1, err          # one line, no traceback
    assert started == []                                     # no app was started


def test_play_players_out_of_a_fixed_range_exit_2(started, capsys):
    code, err = _run(capsys, "play", "--players", "3")       # HKK: two players only
    assert code == 2 and "--players 3: Hatalom Kártyái is played by 2 players." in err
    assert started == []


def test_tk_elokeszulet_play_four_players_battle_start_arguments(started, capsys):
    code, _err = _run(capsys, "play", "--ruleset", "tk", "--players", "4",
                      "--option", "mode=battle", "--deck", "tide", "--ai", "random")
    assert code == 0
    (kw,) = started
    assert kw["ruleset"] == "tk" and kw["options"] == {"mode": "battle"}
    assert kw["kinds"] == ("human", "ai:random", "ai:random", "ai:random")
    assert kw["decks"][0] == "tide" and len(kw["decks"]) == 4


def test_play_two_seats_without_options_starts_as_before(started, capsys):
    code, _err = _run(capsys, "play", "--deck", "tide", "--ruleset", "tk")
    assert code == 0
    (kw,) = started
    assert "kinds" not in kw and "decks" not in kw and "options" not in kw
    assert kw["deck"] == "tide"


def test_tk_csapat_play_four_players_team_in_the_app(tmp_path, monkeypatch):
    """The app started with what ``hkk play --ruleset tk --players 4 --option mode=duel
    --option team=true`` passes runs a 4-seat TEAM game: you and three AI seats."""
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path))
    import argparse

    from hkk_tui.app import HkkApp
    from hkk_tui.screens.settings_store import Settings

    plugin = cli._plugin("tk")
    args = argparse.Namespace(players=4, option=["mode=duel", "team=true"], deck=None,
                              vs=None, ai="random")
    start = {"ruleset": "tk", "ai": "random", "seed": 7, **cli._play_table(plugin, args)}

    async def main():
        app = HkkApp(Settings(lang="en", ai_pace=0.0), start)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(200):
                if getattr(app.screen, "session", None) is not None:
                    break
                await pilot.pause(0.01)
            header = app.screen.session.game.header
            assert [s.kind for s in header.seats] == ["human"] + ["ai:random"] * 3
            assert header.options["mode"] == "duel" and header.options["team"] is True
            app.exit()
    asyncio.run(main())
