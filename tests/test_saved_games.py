"""Golden playthroughs (OpenSpiel style): shipped games must replay identically with today's
rules, and verify must notice a rules change."""

from pathlib import Path

import pytest

from engine.core import store as S
from engine.core.game import verify
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk import stats
from engine.hkk.session import ruleset_for
from hkk_tui.cli import main

GAMES = sorted((Path(__file__).parent.parent / "saves" / "hkk" / "games").glob("*.hkk"))
CODEC = S.EntryCodec(A.Action, E.Event)


def test_at_least_ten_shipped_games():
    assert len(GAMES) >= 10


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_shipped_game_verifies_with_todays_rules(path):
    loaded = S.load(path, CODEC)
    assert not loaded.damaged, loaded.problem
    report = verify(ruleset_for(loaded.header), loaded.header, loaded.entries)
    assert report.ok, report.divergence
    assert not report.recorded_under, "recorded under older rules: `hkk record` them again"


def test_verify_catches_a_changed_rule(monkeypatch):
    """K 38.0: take the defence bonus away and the recorded games no longer replay."""
    monkeypatch.setattr(stats, "defence_bonus", lambda ctx, iid: 0)
    diverged = []
    for path in GAMES[:4]:
        loaded = S.load(path, CODEC)
        report = verify(ruleset_for(loaded.header), loaded.header, loaded.entries)
        if not report.ok:
            diverged.append(report.divergence)
    assert diverged, "removing the defence bonus changed no recorded game"
    d = diverged[0]
    assert d.entry > 0
    assert d.error or d.first_difference()[0] >= 0


def test_verify_command_reports_ok_and_divergence(monkeypatch, capsys):
    assert main(["verify", str(GAMES[0])]) == 0
    assert "OK" in capsys.readouterr().out
    monkeypatch.setattr(stats, "defence_bonus", lambda ctx, iid: 0)
    code = main(["verify", *map(str, GAMES[:4])])
    text = capsys.readouterr().out
    assert code == 1 and "DIVERGES at entry" in text


def test_export_json_is_readable(tmp_path, capsys):
    import json

    dest = tmp_path / "g.json"
    assert main(["export", str(GAMES[0]), "--json", "--out", str(dest)]) == 0
    data = json.loads(dest.read_text())
    assert data["header"]["seats"][0]["deck"]
    assert len(data["entries"]) == len(S.load(GAMES[0], CODEC).entries)
