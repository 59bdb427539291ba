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

SAVES = Path(__file__).parent.parent / "saves"
GAMES = sorted((SAVES / "hkk" / "games").glob("*.hkk"))
#: every ruleset's shipped games (saves/<ruleset>/games), each checked by the ruleset its header
#: names
ALL_GAMES = sorted(SAVES.glob("*/games/*.hkk"))
CODEC = S.EntryCodec(A.Action, E.Event)


def test_at_least_ten_shipped_games():
    assert len(GAMES) >= 10


def test_every_ruleset_with_games_ships_at_least_five():
    from engine.core import registry

    for folder in sorted(p for p in SAVES.glob("*/games") if p.is_dir()):
        name = folder.parent.name
        assert name in registry.names(), f"saves/{name}/games belongs to no installed ruleset"
        assert len(list(folder.glob("*.hkk"))) >= 5, f"saves/{name}/games ships fewer than 5"


@pytest.mark.parametrize("path", ALL_GAMES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_shipped_game_verifies_with_todays_rules(path):
    from engine.core import registry
    from engine.core.game import check_header

    loaded = S.load(path)                       # the header picks the ruleset and its codec
    assert not loaded.damaged, loaded.problem
    assert loaded.header.ruleset == path.parent.parent.name
    ruleset = registry.ruleset_for(loaded.header)
    assert check_header(ruleset, loaded.header) == ""
    report = verify(ruleset, loaded.header, loaded.entries)
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
