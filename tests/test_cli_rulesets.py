"""The command line over any ruleset (issue 10): with the test-only Toy Grid registered next to
HKK, ``hkk rulesets`` lists both, and sim, decks, bench, record and verify run Toy Grid through
its plugin and the protocol alone. An unknown ruleset is one line on stderr, exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.core import registry
from engine.core import store as S
from hkk_tui import cli
from tests.toy_ruleset import PLUGIN as TOY

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def toy():
    registry.names()                 # the built-ins first, then the toy
    registry.register(TOY)
    yield TOY
    registry.unregister(TOY.name)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_rulesets_lists_every_installed_ruleset(toy, capsys):
    code, out, _ = _run(capsys, "rulesets")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert set(lines) == {"hkk", "sw", "tk", "mk", "toy"}
    for words in ("Tash-Kalar", "citations TK", "2-4 seats", "4 decks", "tactician"):
        assert words in lines["tk"], lines["tk"]
    for words in ("M.A.G.U.S.", "citations MK", "2 seats", "5 decks", "random"):
        assert words in lines["mk"], lines["mk"]
    assert "Hatalom Kártyái" in lines["hkk"] and "citations K " in lines["hkk"]
    for words in ("Summoner Wars", "citations SW", "2 seats", "3 decks", "warlord", "random"):
        assert words in lines["sw"], lines["sw"]
    assert "4 decks" in lines["hkk"] and "greedy" in lines["hkk"]
    toy_line = lines["toy"]
    for words in ("Toy Grid", "Játékrács", "citations TG", "2 seats", "2 decks", "random"):
        assert words in toy_line, toy_line


def test_sim_plays_toy_games_to_a_result(toy, capsys):
    code, out, err = _run(capsys, "sim", "--ruleset", "toy", "--games", "20", "--quiet")
    assert code == 0, err
    assert "games: 20  finished: 20  errors: 0" in out
    wins = re.search(r"seat A \(random\) (\d+)  seat B \(random\) (\d+)  draws: (\d+)", out)
    assert wins and sum(map(int, wins.groups())) == 20
    # the win-rate tables: per seat and per deck, with the 95% Wilson interval
    assert "seat win rates" in out and "deck win rates" in out and "95% interval" in out
    a = re.search(r"^A \(random\) +20 +(\d+) +(\d+) +(\d+) +([\d.]+)% +([\d.]+)–([\d.]+)%",
                  out, re.MULTILINE)
    assert a, out
    won, drawn, lost = map(int, a.groups()[:3])
    assert won == int(wins.group(1)) and won + drawn + lost == 20
    assert float(a.group(5)) <= float(a.group(4)) <= float(a.group(6))
    for deck in ("low", "high"):
        assert re.search(rf"^{deck} +\d+ +\d+ +\d+ +\d+ +[\d.]+% +[\d.]+–[\d.]+%", out, re.MULTILINE)


def test_sim_refuses_a_bot_the_ruleset_does_not_have(toy, capsys):
    code, _, err = _run(capsys, "sim", "--ruleset", "toy", "--bots", "greedy", "--games", "1")
    assert code == 2 and "'greedy'" in err and "random" in err


def test_decks_list_and_validate_go_through_the_plugin(toy, capsys):
    code, out, _ = _run(capsys, "decks", "list", "--ruleset", "toy")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[:2]] == ["low", "high"]
    assert "2 decks of Toy Grid" in out
    code, out, _ = _run(capsys, "decks", "validate", "--ruleset", "toy")
    assert code == 0 and "valid" in out


def test_bench_measures_a_toy_ruleset(toy, capsys, tmp_path):
    dest = tmp_path / "bench.json"
    code, _, err = _run(capsys, "bench", "--ruleset", "toy", "--games", "5", "--out", str(dest))
    assert code == 0, err
    report = json.loads(dest.read_text())
    assert report["ruleset"] == "toy"
    assert report["random_games"]["games"] == 5 and report["random_games"]["games_per_second"] > 0
    assert report["rebuild"]["events_per_second"] > 0
    assert report["long_game"]["save_bytes_per_entry"] > 0
    assert report["long_game"]["load_checked_seconds_median"] >= 0
    assert "cards_in_pool" not in report           # an HKK-only figure
    assert report["clone_us_mid_game"] > 0
    assert "rebuild_scaling" not in report         # Toy Grid has no long set-up


def test_bench_compare_prints_each_figure_against_an_old_report(toy, capsys, tmp_path):
    old = tmp_path / "old.json"
    code, _, err = _run(capsys, "bench", "--ruleset", "toy", "--games", "3", "--out", str(old))
    assert code == 0, err
    report = json.loads(old.read_text())
    report["random_games"]["games_per_second"] /= 2       # the old code was half as fast
    old.write_text(json.dumps(report))
    code, out, err = _run(capsys, "bench", "--ruleset", "toy", "--games", "3", "--out",
                          str(tmp_path / "new.json"), "--compare", str(old))
    assert code == 0, err
    new = json.loads((tmp_path / "new.json").read_text())
    line = next(line for line in out.splitlines()
                if line.startswith("random_games.games_per_second "))
    ratio = new["random_games"]["games_per_second"] / report["random_games"]["games_per_second"]
    assert line.endswith(f"{ratio:.2f}x")


def test_a_recorded_toy_game_verifies_and_exports(toy, capsys, tmp_path):
    code, out, err = _run(capsys, "record", "--ruleset", "toy", "--games", "2",
                          "--out", str(tmp_path))
    assert code == 0, err
    saves = sorted(tmp_path.glob("*.hkk"))
    assert [p.name for p in saves] == ["game-01-low-vs-high.hkk", "game-02-high-vs-low.hkk"]
    assert S.load(saves[0]).header.ruleset == "toy"
    code, out, _ = _run(capsys, "verify", *map(str, saves))
    assert code == 0
    assert out.count(": OK — ") == 2
    dest = tmp_path / "game.json"
    code, _, err = _run(capsys, "export", str(saves[0]), "--json", "--out", str(dest))
    assert code == 0, err
    code, out, _ = _run(capsys, "verify", str(dest))
    assert code == 0 and "OK" in out


def test_verify_with_a_ruleset_skips_the_other_rulesets_games(toy, capsys, tmp_path):
    _run(capsys, "record", "--ruleset", "toy", "--games", "1", "--out", str(tmp_path))
    toy_save = next(tmp_path.glob("*.hkk"))
    hkk_save = sorted((ROOT / "saves" / "hkk" / "games").glob("*.hkk"))[0]
    code, out, _ = _run(capsys, "verify", "--ruleset", "toy", str(toy_save), str(hkk_save))
    assert code == 0
    assert f"{toy_save}: OK" in out
    assert f"{hkk_save}: SKIPPED — a game of 'hkk', not 'toy'" in out


def _toy_ui():
    """Toy Grid's test UI plugin (tests/tui/toy_ui.py): its words for the log."""
    import importlib.util
    import sys

    folder = Path(__file__).parent / "tui"
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location("toy_ui", folder / "toy_ui.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module.ToyUI()


def test_watch_prints_a_bot_game_of_any_ruleset_to_its_result(toy, capsys):
    from hkk_tui.rulesets import register_ui, unregister_ui

    register_ui(_toy_ui())
    try:
        code, out, err = _run(capsys, "watch", "--ruleset", "toy", "--seed", "4")
    finally:
        unregister_ui("toy")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert len(lines) > 5 and all("[TG" in line for line in lines if "[" in line)
    code, out, err = _run(capsys, "watch", "--seed", "4")
    assert code == 0 and any(end in out for end in ("[K 3.14]", "[K 2.8.1]", "[K 3.16"))


@pytest.mark.parametrize("argv", [
    ["sim", "--games", "1"], ["decks", "list"], ["bench", "--games", "1"], ["record"],
    ["watch"], ["scenario", "x"], ["play"], ["verify", "x.hkk"],
], ids=lambda a: a[0])
def test_an_unknown_ruleset_is_one_line_listing_the_installed_ones(toy, capsys, argv):
    code, out, err = _run(capsys, *argv, "--ruleset", "nosuch")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert "'nosuch'" in err and "hkk" in err and "toy" in err


def test_shipped_scenarios_and_games_are_found_by_name():
    scenario = cli._existing("k34-4-break-through", "hkk")
    assert scenario == Path(str(scenario)) and scenario.parent.name == "scenarios"
    assert scenario.parent.parent.name == "hkk"
    game = cli._existing("game-01-chara-din-horda-vs-fairlight-tukortorony")
    assert game is not None and game.parent.parent.name == "hkk"
    assert cli._existing("k34-4-break-through", "toy") is None


def test_mk_is_playable_by_name_and_offered_on_the_title_screen():
    """M.A.G.U.S. (issue 18): `hkk play --ruleset mk` (or `magus`) and `hkk sim` reach it, and
    since its own UI plays a whole game by keys the title screen's game list offers it."""
    from engine.core.registry import get, names, offered
    from hkk_tui.screens.title import _rulesets

    assert "mk" in names() and get("magus").name == "mk"
    assert "mk" in _rulesets() and "mk" in offered()
    assert {"hkk", "sw", "tk", "mk"} <= set(offered())
