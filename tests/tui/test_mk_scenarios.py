"""M.A.G.U.S. teaching scenarios (saves/mk/scenarios/*.toml, issue 18): each file is a position
as data with the steps that show its rule; every one is loaded, its steps are played (each legal
when it comes), the rules its events cite and the cards' places checked, and its position is
drawn at 80×24 — the Timeline pane naming what waits for each timeline's end (MK 6.05.J-N,
6.06.C) and the board the buildings, allies and equipment — in words in both languages."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.magus import scenario as S
from engine.magus.rulebook import RULES
from hkk_tui.rulesets import get_ui

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "saves" / "mk" / "scenarios").glob("*.toml"))


def _table(rules, lang: str = "en"):
    from engine.core.registry import get

    header = get("mk").new_header(("ashen", "lantern"), 1)
    tb = get_ui("mk").table(header, rules, ["Anna", "Béla"], lang)
    tb.ruleset, tb.pool = rules, rules.pool
    return tb


def _pane_lines(rules, s, seat: int, lang: str = "en") -> dict[str, list[str]]:
    """The Board and Timeline panes of ``seat``'s view, drawn in an 80×24 app, line by line."""
    from textual.app import App

    from hkk_tui.rulesets.mk.board import MkBoard
    from hkk_tui.widgets.stack import Stack

    tb = _table(rules, lang)
    view = rules.view(s, seat)
    legal = rules.legal_actions(s, seat)
    hints = rules.hints(view, legal) if hasattr(rules, "hints") else []
    out: dict[str, list[str]] = {}

    class Panes(App):
        def compose(self):
            yield MkBoard(id="board")
            yield Stack(id="stack")

    async def main():
        app = Panes()
        async with app.run_test(size=(80, 24)) as pilot:
            board, stack = app.query_one(MkBoard), app.query_one(Stack)
            board.show(view, tb, hints)
            stack.show(rules.track(view), view, tb)
            await pilot.pause()
            for name, pane in (("board", board), ("stack", stack)):
                out[name] = [pane.get_option_at_index(i).prompt.plain
                             for i in range(pane.option_count)]

    asyncio.run(main())
    return out


def test_at_least_five_teaching_scenarios_ship():
    assert len(SCENARIOS) >= 5, SCENARIOS


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_each_scenario_plays_its_steps_and_shows_its_rule(path):
    spec = S.load(path)
    assert spec["title"]["hu"] and spec["title"]["en"], path.name
    assert spec["description"]["hu"] and spec["description"]["en"], path.name
    assert spec["rule"] in RULES, spec["rule"]
    # the file is named after its rule: mk-6-05-l-... teaches MK 6.05.L
    code = spec["rule"].removeprefix("MK ").lower().replace(".", "-")
    assert path.stem.startswith(f"mk-{code}"), (path.stem, spec["rule"])
    rules, s = S.build(spec)
    expect = spec.get("expect", {})
    before = expect.get("before", {})
    if "active" in before:
        assert (s.active, s.why) == (before["active"], before.get("why", s.why))
    events = []
    for n, step in enumerate(spec.get("steps", ())):
        seat = int(step.get("seat", 0))
        action = S.action(spec, step)
        legal = rules.legal_actions(s, seat)
        assert action in legal, f"step {n + 1} {step}: not legal now; legal: {legal}"
        events += rules.submit(s, seat, action)
    cited = {getattr(e, "rule", "") for e in events}
    for rule in expect.get("rules", ()):
        assert rule in cited, (rule, sorted(cited))
    labels = S.labels_of(spec)
    for key, field in (("zones", "zone"), ("pos", "pos"), ("damage", "damage")):
        for label, want in expect.get(key, {}).items():
            got = getattr(s.cards[labels[label]], field)
            assert got == want, (label, field, got, want)


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_each_scenario_position_reads_in_words_at_80x24(path, lang):
    """Both seats' panes of the position before its steps: no raw key or placeholder, and the
    opponent's face-down tower levels never named (MK 1.04)."""
    spec = S.load(path)
    rules, s = S.build(spec)
    for seat in (0, 1):
        panes = _pane_lines(rules, s, seat, lang)
        text = "\n".join(panes["board"] + panes["stack"])
        assert "⟨" not in text and "{" not in text, text
        for c in s.cards:
            if c.owner != seat and c.face_down and c.zone == "tower":
                name = rules.pool[c.cid].name
                assert (name.hu if lang == "hu" else name.en) not in text, (c.cid, text)


def _nested():
    return S.load(SCENARIOS[[p.stem for p in SCENARIOS].index(
        "mk-6-06-c-nested-combat-damage")])


def test_mk_6_05_k_the_frame_says_who_dies_at_its_end_and_the_manoeuvre_frame_who_goes_home():
    """The Fire Arrow unwound: Borka's 3 damage reached her level 3, she dies at the combat
    timeline's end (MK 6.05.K) unless healed first; at the manoeuvre's end the survivors go
    home wounded (MK 6.05.M) — each said on its own frame, the inner one under the outer."""
    spec = _nested()
    rules, s = S.build(spec)
    rules.submit(s, 0, S.action(spec, spec["steps"][0]))
    stack = _pane_lines(rules, s, 1)["stack"]
    text = "\n".join(stack)
    outer = next(i for i, ln in enumerate(stack)
                 if ln.strip() == "siege: combat rounds · combat round 1")
    assert "[Manoeuvre]" not in text                # the surrounding timeline folds into it
    inner = next(i for i, ln in enumerate(stack) if ln.strip() == "[Combat action]")
    dies = next(i for i, ln in enumerate(stack) if "Borka" in ln and "dies" in ln)
    home = next(i for i, ln in enumerate(stack) if "goes home wounded" in ln)
    assert outer < home < inner < dies, text
    assert "at its end Borka the Smith's Daughter dies: 3 damage reached its level (MK 6.05.K)" in text
    assert "to act: Anna" in text
    assert "two passes in a row unwind" not in text          # nothing on it: it ends
    assert "two passes in a row end it (MK 6.05.I)" in text
    # healed before the end (Mend, 2), Borka lives and keeps 1 damage to the manoeuvre's end
    rules.submit(s, 0, S.action(spec, spec["steps"][1]))
    assert s.cards[S.labels_of(spec)["borka"]].damage == 1
    assert [t.kind for t in s.timelines] == ["m_surround"]
    text = "\n".join(_pane_lines(rules, s, 0)["stack"])
    assert "dies" not in text and "at the manoeuvre's end Borka the Smith's Daughter goes " \
        "home wounded, damage cleared (MK 6.05.M)" in text, text
    hu = "\n".join(_pane_lines(rules, s, 1, "hu")["stack"])
    assert "a manőver végén Borka, a kovácslány sebesülten hazatér" in hu, hu


def test_mk_6_05_l_a_death_effect_waiting_is_on_the_frame():
    path = next(p for p in SCENARIOS if p.stem.startswith("mk-6-05-l"))
    spec = S.load(path)
    rules, s = S.build(spec)
    for step in spec["steps"][:2]:
        rules.submit(s, int(step["seat"]), S.action(spec, step))
    text = "\n".join(_pane_lines(rules, s, 1)["stack"])
    assert "at its end Bald Géza dies: a death effect (MK 6.05.L)" in text, text


def test_the_board_shows_buildings_allies_equipment_and_stored_quests():
    """Each seat's buildings (DP, Wall), allies (alliance points), the equipment its
    adventurers wear and a quest stored on a tower level, in both languages (MK 3.03, 3.08,
    3.05.3, 1.14.3)."""
    spec = {"cards": [
        {"label": "borka", "owner": 0, "cid": "a-borka", "zone": "line"},
        {"label": "spear", "owner": 0, "cid": "x-ash-spear", "zone": "attached",
         "host": "borka", "open": True},
        {"owner": 0, "cid": "x-chain-shirt", "zone": "storage"},
        {"owner": 0, "cid": "b-lantern-chapel", "zone": "buildings"},
        {"owner": 1, "cid": "b-hill-watchtower", "zone": "buildings"},
        {"owner": 1, "cid": "y-old-ferryman", "zone": "allies", "points": 2},
        {"label": "gate", "owner": 0, "cid": "t-salt-gate", "zone": "tower", "open": True},
        {"owner": 0, "cid": "q-far-cairn", "zone": "attached", "host": "gate", "open": True},
        {"owner": 1, "cid": "t-glass-spire", "zone": "tower"},
        {"owner": 0, "cid": "a-geza", "zone": "future"},
        {"owner": 1, "cid": "a-geza", "zone": "future"},
    ]}
    rules, s = S.build(spec)
    board = "\n".join(_pane_lines(rules, s, 1)["board"])
    assert "Building: The Lantern Chapel (3 DP, wall 2)" in board, board
    assert "Building: The Hill Watchtower (1 DP, wall 1)" in board
    assert "Ally: The Old Ferryman (2 alliance points)" in board
    assert "Borka the Smith's Daughter (alert, level 3, 8/4/5) + The Ash Spear" in board, board
    assert "Storage: The Chain Shirt" in board
    assert "[stored quest: The Far Cairn" in board
    hu = "\n".join(_pane_lines(rules, s, 0, "hu")["board"])
    assert "Épület: A Lámpás-kápolna (3 DP, fal 2)" in hu, hu
    assert "Szövetséges: " in hu and "2 szövetségi pont" in hu


def test_the_strip_says_whose_decision_it_is_outside_priority():
    """Not only the active player by MP: in a team choice, a wall check, a victim … the strip
    says who decides, what and by which rule."""
    path = next(p for p in SCENARIOS if p.stem.startswith("mk-4-03"))
    spec = S.load(path)
    rules, s = S.build(spec)
    rules.submit(s, 0, S.action(spec, spec["steps"][0]))          # the siege: a team now
    board = _pane_lines(rules, s, 1)["board"]
    assert board[1].startswith("Decides: A Anna — compose the team [MK"), board[:3]
    hu = _pane_lines(rules, s, 1, "hu")["board"]
    assert hu[1].startswith("Dönt: A Anna — "), hu[:3]


@pytest.mark.parametrize("text, words", [
    ('title = "x"\nsurprise = 1\n', "unknown field(s) surprise"),
    ('cards = [{ owner = 0, cid = "a-nobody" }]\n', "unknown card 'a-nobody'"),
    ('cards = [{ owner = 0, cid = "a-geza", zone = "attached", host = "nobody" }]\n',
     "no card has the label 'nobody'"),
    ('cards = [{ owner = 0, cid = "a-geza", zone = "moon" }]\n', "unknown zone 'moon'"),
    ("cards = [\n", "cannot read it as TOML"),
])
def test_a_broken_scenario_file_is_told_in_words(tmp_path, text, words):
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as info:
        S.build(S.load(path))
    assert words in str(info.value)


def test_mk_6_07_f_in_the_sor_the_pane_says_who_acts_and_what_one_more_pass_ends():
    """No timeline runs: the phase frame says who acts and why (MK 1.06.B here) and that two
    passes in a row end the Manoeuvres phase; after Béla's pass, that Anna's would."""
    path = next(p for p in SCENARIOS if p.stem.startswith("mk-1-06-b"))
    spec = S.load(path)
    rules, s = S.build(spec)
    text = "\n".join(_pane_lines(rules, s, 0)["stack"])
    assert "to act: Béla (tie: B acted longer ago)" in text, text
    assert "two passes in a row end the Manoeuvres phase (MK 6.07.F)" in text
    rules.submit(s, 1, S.action(spec, {"action": "Pass"}))
    text = "\n".join(_pane_lines(rules, s, 0)["stack"])
    assert "to act: Anna (B passed)" in text, text
    assert "Béla passed: one more pass ends the Manoeuvres phase" in text


def test_a_target_in_the_menu_says_its_position_level_and_damage():
    """Mend's target line names Borka with what a player weighs: alert, her level left, her
    damage (two adventurers of one name are told apart the same way)."""
    from hkk_tui.screens.menus import build_groups

    spec = _nested()
    rules, s = S.build(spec)
    rules.submit(s, 0, S.action(spec, spec["steps"][0]))
    tb = _table(rules)
    view = rules.view(s, 0)
    legal = rules.legal_actions(s, 0)
    groups = build_groups(legal, rules.hints(view, legal), tb, view)
    lines = [lab for g in groups for lab in g.labels]
    assert any("Mend" in ln and ln.endswith(
        "→ Borka the Smith's Daughter (alert, level 0, 3 damage)") for ln in lines), lines


def test_two_hosts_of_one_name_are_told_apart_by_their_player():
    """An obstacle can go on either player's Lost Lantern: the menu says whose each one is."""
    from hkk_tui.screens.menus import build_groups

    spec = {"cards": [
        {"owner": 0, "cid": "o-pit", "zone": "hand"},
        {"owner": 0, "cid": "q-lost-lantern", "zone": "quests"},
        {"owner": 1, "cid": "q-lost-lantern", "zone": "quests"},
        {"owner": 0, "cid": "t-salt-gate", "zone": "tower"},
        {"owner": 1, "cid": "t-glass-spire", "zone": "tower"},
        {"owner": 0, "cid": "a-geza", "zone": "future"},
        {"owner": 1, "cid": "a-geza", "zone": "future"},
    ], "stamps": [0, 1]}
    rules, s = S.build(spec)
    tb = _table(rules)
    view = rules.view(s, 0)
    legal = rules.legal_actions(s, 0)
    labels = [g.label for g in build_groups(legal, rules.hints(view, legal), tb, view)]
    lantern = [lab for lab in labels if "The Lost Lantern" in lab]
    assert any(lab.endswith("· Anna") for lab in lantern), labels
    assert any(lab.endswith("· Béla") for lab in lantern), labels
