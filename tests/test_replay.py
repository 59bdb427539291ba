"""Replay cursor and debugger core: stepping, breakpoints, search, state diffs, rule lookup."""

from pathlib import Path

import msgspec

from engine.core import store as S
from engine.core.replay import Breakpoint, Replay
from engine.hkk import rulebook
from engine.hkk.session import codec, ruleset_for

GAME = sorted((Path(__file__).parent.parent / "saves" / "hkk" / "games").glob("*.hkk"))[0]
ENC = msgspec.msgpack.Encoder()


def replay() -> Replay:
    loaded = S.load(GAME, codec())
    return Replay(ruleset_for(loaded.header), loaded.header, loaded.entries, rulebook.rule_of)


def test_stepping_forward_and_back_by_event_and_decision_rebuilds_the_same_states():
    r = replay()
    r.step_decision(+1)
    r.step_decision(+1)
    at = r.pos
    snapshot = ENC.encode(r.state)
    r.goto(r.total)
    r.goto(at)
    assert ENC.encode(r.state) == snapshot
    r.step_event(-1)
    r.step_event(+1)
    assert ENC.encode(r.state) == snapshot
    assert r.pos == r.entry_start[r.current_entry() + 1]


def test_the_end_of_the_replay_is_the_end_of_the_game():
    r = replay()
    r.goto(r.total)
    assert r.state.result is not None


def test_a_breakpoint_on_an_event_type_stops_there():
    r = replay()
    hit = r.run_to_break([Breakpoint("type", "AttackDeclared")])
    assert hit is not None and type(r.event(hit)).__name__ == "AttackDeclared"
    assert r.pos == hit + 1
    second = r.run_to_break([Breakpoint("type", "AttackDeclared")])
    assert second is None or second > hit


def test_a_breakpoint_on_a_rule_number_stops_there():
    r = replay()
    hit = r.run_to_break([Breakpoint("rule", "36.4")])
    assert hit is not None and rulebook.rule_of(r.event(hit)) == "K 36.4"


def test_a_breakpoint_on_a_card_and_on_a_player():
    r = replay()
    first_played = r.find(lambda k, ev: type(ev).__name__ == "CardMoved" and ev.zone == "line")
    card = r.event(first_played).card
    r.goto(0)
    hit = r.run_to_break([Breakpoint("card", str(card))])
    assert hit is not None
    r.goto(0)
    hit = r.run_to_break([Breakpoint("player", "1")])
    assert hit is not None


def test_diff_shows_what_an_event_changed():
    r = replay()
    k = r.find(lambda k, ev: type(ev).__name__ == "LifeChanged")
    changes = r.diff(k)
    assert any(path.endswith(".life") for path, _a, _b in changes)


def test_search_finds_events_by_words():
    r = replay()
    hits = r.search("attackdeclared", lambda k, ev: "")
    assert hits and all(type(r.event(k)).__name__ == "AttackDeclared" for k in hits)


def test_every_cited_rule_has_a_summary_in_both_languages():
    import re

    cited = set()
    for path in (Path(__file__).parent.parent / "engine" / "hkk").glob("*.py"):
        cited |= set(re.findall(r'"(K \d+(?:\.\d+)*)"', path.read_text()))
    missing = [r for r in sorted(cited) if not rulebook.summary(r, "en")
               or not rulebook.summary(r, "hu")]
    assert not missing, f"rules without a summary: {missing}"


def test_stepping_the_unfolded_events_shows_each_phase_as_it_began_and_ends_each_entry_alike():
    """HKK logs its steps folded into one Advanced event per entry (rules 3); the debugger steps
    through them unfolded, so the phase is right between an entry's events (K 4.11), and after
    every whole entry the state is the one the game had."""
    from engine.hkk import events as E

    loaded = S.load(GAME, codec())
    folded = Replay(ruleset_for(loaded.header), loaded.header, loaded.entries, rulebook.rule_of)
    unfolded = Replay(ruleset_for(loaded.header), loaded.header, loaded.entries,
                      rulebook.rule_of, events_of=E.unfold)
    assert unfolded.total > folded.total
    phases = set()
    for entry in range(len(loaded.entries)):
        for k in range(unfolded.entry_start[entry], unfolded.entry_start[entry + 1]):
            ev = unfolded.event(k)
            unfolded.goto(k + 1)
            if isinstance(ev, E.StepBegan) and unfolded.state.result is None:
                assert (unfolded.state.phase, unfolded.state.step) == (ev.phase, ev.step)
                phases.add(ev.phase)
        folded.goto_entry(entry)
        assert ENC.encode(unfolded.state) == ENC.encode(folded.state), entry
    assert {"prep", "draw", "main1", "combat"} <= phases
