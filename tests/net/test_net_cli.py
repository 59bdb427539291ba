"""The network commands refuse bad arguments in words, before anything starts."""

from __future__ import annotations

import pytest

from hkk_tui.cli import main


@pytest.mark.parametrize("argv,words", [
    (["bot", "--connect", "not an address", "--table", "t"], "not an address"),
    (["bot", "--connect", "/nonexistent/hkk.sock", "--table", "t"], "is `hkk server` running"),
    (["bot", "--connect", "localhost:7878", "--table", "t", "--bot", "deep-blue"],
     "has no bot 'deep-blue'"),
    (["bot", "--connect", "localhost:7878", "--table", "t", "--ruleset", "chess"],
     "no ruleset called 'chess'"),
    (["server", "--listen", "nowhere", "--data", "{tmp}"], "HOST:PORT"),
    (["server", "--listen", "/tmp/x.sock", "--data", "{tmp}"], "--listen takes HOST:PORT"),
    (["connect", "x:y"], "not an address"),
])
def test_bad_network_arguments_are_told_in_words(tmp_path, capsys, argv, words):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in " ".join(err.split()), err


def test_connect_needs_a_terminal(capsys):
    assert main(["connect", "/tmp/hkk-test.sock"]) == 2      # pytest's output is no terminal
    assert "hkk needs a terminal" in capsys.readouterr().err
