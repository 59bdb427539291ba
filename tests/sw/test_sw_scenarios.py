"""Every shipped SW scenario loads, starts at a decision, names its rule, and survives a save,
reload and verify (saves/sw/scenarios)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import store as S
from engine.core.game import Game, verify
from engine.sw import actions as A
from engine.sw.scenario import ScenarioError, load_toml

from tests.sw.helpers import PLUGIN

FILES = sorted((Path(__file__).resolve().parents[2] / "saves" / "sw" / "scenarios")
               .glob("*.toml"))


def test_at_least_three_teaching_scenarios():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_shipped_scenario_plays_saves_and_verifies(path, tmp_path):
    spec = PLUGIN.load_scenario(path)
    assert spec.title.hu and spec.title.en and spec.description.hu and spec.description.en
    assert spec.rule in PLUGIN.rules()
    header, start = PLUGIN.scenario_game(spec, 3)
    writer = S.SaveWriter.create(tmp_path / "s.hkk", header, PLUGIN.codec())
    game = Game.new(PLUGIN.ruleset_for(header), header, writer, start=start)
    d = game.pending()
    assert d is not None and d.player == spec.active
    legal = game.legal_actions(d.player)
    game.submit(d.player, next((a for a in legal if not isinstance(a, A.EndPhase)), legal[0]))
    writer.close()
    loaded = S.load(tmp_path / "s.hkk")
    assert loaded.entries == game.entries
    assert verify(PLUGIN.ruleset_for(loaded.header), loaded.header, loaded.entries).ok


def test_scenario_errors_say_where_and_what_to_do(tmp_path):
    with pytest.raises(ScenarioError, match="TOML syntax error"):
        load_toml("[[players]\n")
    with pytest.raises(ScenarioError, match="lfie"):
        load_toml('active = 0\nlfie = 1\n[[players]]\n[[players]]\n')
    bad = tmp_path / "bad.toml"
    bad.write_text('[[players]]\nboard = [{ card = "pd-svarra", square = "c1" }]\n'
                   '[[players]]\nboard = [{ card = "br-grubnik", square = "c8" }]\n',
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match="'pd-svarra' is not in the Summoner Wars pool"):
        PLUGIN.load_scenario(bad)
    bad.write_text('[[players]]\nboard = [{ card = "pd-svara", square = "c1" },'
                   ' { card = "gate", square = "c1" }]\n'
                   '[[players]]\nboard = [{ card = "br-grubnik", square = "c8" }]\n',
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match="c1 already holds pd-svara"):
        PLUGIN.load_scenario(bad)
    bad.write_text('[[players]]\nboard = [{ card = "gate", square = "c1" }]\n'
                   '[[players]]\nboard = [{ card = "br-grubnik", square = "c8" }]\n',
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match="exactly one summoner"):
        PLUGIN.load_scenario(bad)
