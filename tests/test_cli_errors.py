"""Bad arguments to the app's commands are told on stderr, before any app starts: exit status 2,
the user's own deck id or file named, never a path inside the hkk installation."""

from __future__ import annotations

import pathlib
from pathlib import Path

import pytest

import hkk_tui.app
from engine.hkk import pool as P
from hkk_tui import cli

INSTALL = str(Path(cli.__file__).resolve().parents[1])


@pytest.fixture
def no_app(monkeypatch, tmp_path):
    """Saves and settings in a temp dir, and an app that must never be started."""
    monkeypatch.setenv("HKK_DATA_DIR", str(tmp_path))

    def started(**kwargs):
        raise AssertionError(f"the app was started ({kwargs}) despite a bad argument")

    monkeypatch.setattr(hkk_tui.app, "run_app", started)
    return tmp_path


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert INSTALL not in err and "site-packages" not in err, err
    assert "engine/" not in err and "hkk_tui/" not in err, err
    return code, err


def _deck_ids() -> list[str]:
    return [d.id for d in P.list_decks()]


@pytest.mark.parametrize("flag", ["--deck", "--vs"])
def test_unknown_deck_names_the_deck_and_lists_the_real_ones(no_app, capsys, flag):
    code, err = _run(capsys, "play", flag, "nosuch")
    assert code == 2
    assert "'nosuch'" in err and flag in err
    for deck in _deck_ids():
        assert deck in err


def test_a_missing_deck_file_is_named_as_given(no_app, capsys):
    code, err = _run(capsys, "play", "--deck", "my-decks/gone.toml")
    assert code == 2
    assert "my-decks/gone.toml" in err


def test_unknown_bot_lists_the_bots(no_app, capsys):
    code, err = _run(capsys, "play", "--ai", "deep-blue")
    assert code == 2
    assert "'deep-blue'" in err and "greedy" in err and "random" in err


@pytest.mark.parametrize("text,words", [
    ("title = \n", "TOML syntax error"),
    ('phase = 3\n', "phase"),
    ('phase = "brunch"\nactive = 0\n[[players]]\n[[players]]\n', "brunch"),
], ids=["syntax", "wrong-type", "unknown-phase"])
def test_an_invalid_scenario_is_told_with_its_file_name(no_app, capsys, tmp_path, text, words):
    path = tmp_path / "my-scenario.toml"
    path.write_text(text)
    code, err = _run(capsys, "scenario", str(path))
    assert code == 2
    assert str(path) in err and words in err


def test_a_scenario_that_is_not_text_is_refused(no_app, capsys, tmp_path):
    path = tmp_path / "photo.toml"
    path.write_bytes(bytes(range(256)))
    code, err = _run(capsys, "scenario", str(path))
    assert code == 2
    assert str(path) in err and "not a scenario" in err


def test_an_unreadable_scenario_says_it_cannot_be_read(no_app, capsys, tmp_path, monkeypatch):
    path = tmp_path / "locked.toml"
    path.write_text('title = "x"\n')
    real = pathlib.Path.read_text

    def read_text(self, *a, **kw):
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real(self, *a, **kw)

    monkeypatch.setattr(pathlib.Path, "read_text", read_text)
    code, err = _run(capsys, "scenario", str(path))
    assert code == 2
    assert str(path) in err and "Permission denied" in err


@pytest.mark.parametrize("command", ["replay", "debug", "scenario"])
def test_a_missing_file_is_named(no_app, capsys, command):
    code, err = _run(capsys, command, "no-such-game.hkk")
    assert code == 2
    assert "no-such-game.hkk" in err


@pytest.mark.parametrize("command", ["replay", "debug"])
def test_a_file_that_is_not_a_save_is_refused(no_app, capsys, tmp_path, command):
    path = tmp_path / "notes.hkk"
    path.write_text("shopping list\n")
    code, err = _run(capsys, command, str(path))
    assert code == 2
    assert "notes.hkk" in err and "not a hkk save" in err


def test_an_unreadable_save_says_it_cannot_be_read(no_app, capsys, tmp_path, monkeypatch):
    path = tmp_path / "locked.hkk"
    path.write_bytes(b"x")
    real = pathlib.Path.read_bytes

    def read_bytes(self):
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(pathlib.Path, "read_bytes", read_bytes)
    code, err = _run(capsys, "replay", str(path))
    assert code == 2
    assert "locked.hkk" in err and "cannot be read" in err


def test_bad_arguments_are_told_before_the_terminal_check(no_app, capsys):
    """Under pytest there is no terminal; the deck error still comes first."""
    code, err = _run(capsys, "play", "--deck", "nosuch")
    assert code == 2
    assert "nosuch" in err and "needs a terminal" not in err


def test_good_arguments_reach_the_terminal_check(no_app, capsys, monkeypatch):
    monkeypatch.setattr("hkk_tui.terminal.has_terminal", lambda: False)    # even under -s
    deck = _deck_ids()[0]
    code, err = _run(capsys, "play", "--deck", deck, "--vs", deck, "--ai", "random")
    assert code == 2
    assert err == "hkk needs a terminal: use ssh -t\n"
