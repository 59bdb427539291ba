"""M.A.G.U.S. scenarios through the platform's scenario seam (issue 18, point 13): a scenario file
opens with ``hkk scenario --ruleset mk FILE`` like HKK's, SW's and TK's — the plugin loads it
(``load_scenario``), makes a header pinning its cards and a set-up action carrying the position
(``scenario_game``); the game's first entry sets the position with one ``ScenarioSet`` event, so
the steps play on as in ``engine.magus.scenario.play``, a save replays from its events alone and
``verify`` re-runs it, and no seat's view of that event shows the position's hidden cards."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.core.game import Game, verify
from engine.core.registry import get
from engine.magus import events as E
from engine.magus import scenario as S
from hkk_tui import cli

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "saves" / "mk" / "scenarios").glob("*.toml"))


def _game(path: Path, seed: int = 1) -> tuple[Game, dict]:
    plugin = get("mk")
    loaded = plugin.load_scenario(path)
    header, start = plugin.scenario_game(loaded, seed)
    return Game.new(plugin.ruleset_for(header), header, start=start), loaded.spec


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_shipped_scenario_plays_as_a_game_replays_and_verifies(path):
    game, spec = _game(path)
    first = game.entries[0].events
    assert isinstance(first[0], E.ScenarioSet)
    assert game.header.options["scenario"] == spec["title"]["en"]
    for step in spec.get("steps", ()):
        game.submit(int(step.get("seat", 0)), S.action(spec, step))
    # the same rules as the scenario's own play (its cards' places and damage)
    _, s, _events = S.play(spec)
    labels = S.labels_of(spec)
    for label, zone in spec.get("expect", {}).get("zones", {}).items():
        assert game.state.cards[labels[label]].zone == zone == s.cards[labels[label]].zone
    cited = {getattr(e, "rule", "") for entry in game.entries[1:] for e in entry.events}
    for rule in spec.get("expect", {}).get("rules", ()):
        assert rule in cited, rule
    # the save replays from its events alone and today's rules re-run it alike
    again = Game.from_log(game.ruleset, game.header, list(game.entries))
    assert game.ruleset.freeze(again.state) == game.ruleset.freeze(game.state)
    assert verify(game.ruleset, game.header, list(game.entries)).ok


def test_the_position_event_hides_the_position_from_each_seat():
    """MK 1.04: the event carries the whole state (hands, Futures, face-down levels); a seat's
    copy is empty and its view shows only what the seat may know."""
    game, spec = _game(SCENARIOS[1])
    ev = game.entries[0].events[0]
    assert ev.data and game.ruleset.redact(ev, 0) == E.ScenarioSet(b"", ev.rule)
    labels = S.labels_of(spec)
    hidden = [labels[c["label"]] for c in spec["cards"]
              if c.get("zone") == "attached" and not c.get("open") and c["owner"] == 1]
    assert hidden
    view = game.ruleset.view(game.state, 0)
    assert all(view.cards[i].cid == "" for i in hidden)


def test_a_scenario_game_refuses_a_second_start():
    game, _ = _game(SCENARIOS[0])
    from engine.core.game import IllegalAction
    from engine.magus.actions import StartScenario

    before = game.ruleset.freeze(game.state)
    with pytest.raises(IllegalAction):
        game.ruleset.submit(game.state, 0, StartScenario(b""))
    assert game.ruleset.freeze(game.state) == before


@pytest.mark.parametrize("text, words", [
    ("cards = [{owner = 0, cid = \"no-such-card\", zone = \"line\"}]", "unknown card"),
    ("cards = [{owner = 3, cid = \"a-geza\", zone = \"line\"}]", "owner is 0 or 1"),
    ("cards = []", "list the cards"),
    ("phase = \"lunch\"\ncards = [{owner = 0, cid = \"a-geza\", zone = \"line\"}]",
     "phase 'lunch'"),
    ("colour = 1", "unknown field"),
])
def test_hkk_scenario_refuses_a_broken_mk_file_in_words(tmp_path, capsys, text, words):
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    code = cli.main(["scenario", "--ruleset", "mk", str(bad)])
    err = capsys.readouterr().err
    assert code != 0 and words in err and "bad.toml" in err, err
    assert "Traceback" not in err


def test_hkk_scenario_finds_a_shipped_mk_scenario_by_name(capsys, monkeypatch):
    """The checks before the app: the shipped file is found by name and accepted; only the
    missing terminal stops it here (the app itself is tried in test_mk_scenario_app)."""
    import hkk_tui.terminal as term

    monkeypatch.setattr(term, "has_terminal", lambda *a, **k: False)
    code = cli.main(["scenario", "--ruleset", "mk", SCENARIOS[0].name])
    err = capsys.readouterr().err
    assert "cannot be set up from scenario files" not in err
    assert "no file" not in err.lower()
    assert code != 0 and "terminal" in err.lower(), err


def test_the_spec_travels_in_the_save_as_data():
    plugin = get("mk")
    loaded = plugin.load_scenario(SCENARIOS[0])
    _, start = plugin.scenario_game(loaded, 1)
    assert msgspec.msgpack.decode(start.spec) == {**loaded.spec, "rng": 12345 + 1}
