"""SW on the platform: views and redaction, the undo policy (a roll or draw is never undone
against a person), hints, the track, the rules table, the rulings table and the bot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.ai.bots import make_bot
from engine.ai.sim import play_out
from engine.core.game import Game, UndoRefused
from engine.core.log import Seat
from engine.core.protocol import OMNISCIENT, ActionHint, TrackView
from engine.sw import actions as A
from engine.sw import events as E
from engine.sw import rulebook
from engine.sw.rulings import DEFAULT_OPTIONS, RULINGS, render

from tests.sw.helpers import PLUGIN, new_game, position, sq, until_phase

ROOT = Path(__file__).resolve().parents[2]


def test_a_seat_sees_its_hand_and_only_counts_of_the_hidden_rest():
    game = new_game(seed=8)
    v = game.ruleset.view(game.state, 0)
    assert v.players[0].hand is not None and len(v.players[0].hand) == 5
    assert v.players[1].hand is None and v.players[1].hand_count == 5
    assert v.players[1].discard is None and v.players[0].deck is None
    assert len(v.board) == 48 and sum(c is not None for c in v.board) == 8
    omni = game.ruleset.view(game.state, OMNISCIENT)
    assert omni.players[1].hand is not None and omni.players[0].deck is not None
    svara = v.find(v.players[0].summoner)
    assert svara.name.en == "Svara" and svara.strength == 3 and svara.life == 12


def test_redaction_hides_the_other_seats_draws_shuffles_and_the_rng():
    game = new_game(seed=9)
    events = game.entries[0].events
    for ev in events:
        r = game.ruleset.redact(ev, 0)
        if isinstance(ev, E.CardDrawn) and ev.player == 1:
            assert r.card == -1
        if isinstance(ev, E.CardDrawn) and ev.player == 0:
            assert r.card == ev.card
        if isinstance(ev, E.DeckShuffled):
            assert r.order == () and r.rng == 0
        if isinstance(ev, E.FirstPlayerChosen):
            assert r.rng == 0 and r.player == ev.player


def test_dice_faces_are_public_but_not_the_rng():
    game, lab = position("attack", ', { card = "pd-bear-rider", square = "c3", label = "r" }',
                         ', { card = "gate", square = "c4", label = "g" }')
    events = game.submit(0, A.Attack(lab["r"], lab["g"]))
    roll = next(e for e in events if isinstance(e, E.DiceRolled))
    seen = game.ruleset.redact(roll, 1)
    assert seen.faces == roll.faces and seen.rng == 0
    assert game.ruleset.view(game.state, 1).roll.faces == list(roll.faces)


def test_undo_takes_back_a_move_but_never_a_roll_against_a_person():
    game, lab = position("move", ', { card = "pd-bear-rider", square = "c3", label = "r" }'
                                 ', { card = "pd-frost-mage", square = "e3", label = "m" }',
                         ', { card = "gate", square = "c5", label = "g" }')
    game.submit(0, A.Move(lab["r"], (sq("c4"),)))
    assert game.undo(0) == 1 and game.state.cards[lab["r"]].square == sq("c3")
    game.submit(0, A.Move(lab["r"], (sq("c4"),)))
    game.submit(0, A.EndPhase())
    game.submit(0, A.EndPhase())
    game.submit(0, A.Attack(lab["r"], lab["g"]))
    with pytest.raises(UndoRefused) as exc:
        game.undo(0)
    assert exc.value.key == "chance" and exc.value.rule == "SW Döntés.30"


def test_only_the_active_player_decides_in_a_whole_game():
    game = new_game(seed=10)
    bots = [make_bot("random", game.ruleset, 1), make_bot("random", game.ruleset, 2)]
    steps = 0
    while game.pending() is not None and steps < 3000:
        d = game.pending()
        assert d.player == game.state.active
        assert game.legal_actions(1 - d.player) == []
        game.submit(d.player, bots[d.player].choose(None, game.legal_actions(d.player)))
        steps += 1
    assert game.ruleset.result(game.state) is not None


def test_hints_track_and_summary():
    game = new_game(seed=11)
    d = game.pending()
    view = game.ruleset.view(game.state, d.player)
    legal = game.legal_actions(d.player)
    hints = game.ruleset.hints(view, legal)
    assert len(hints) == len(legal) and all(isinstance(h, ActionHint) for h in hints)
    summon = next(h for a, h in zip(legal, hints) if isinstance(a, A.Summon))
    assert summon.subject.kind == "card" and summon.dest.kind == "square"
    assert summon.label == "sw.act.summon" and summon.cost == "sw.cost.magic"
    assert hints[-1].role == "pass" and hints[-1].label == "sw.act.end_phase"
    track = game.ruleset.track(view)
    assert isinstance(track, TrackView) and track.frames[0].title == "sw.track.turn"
    summary = game.ruleset.summary(game.state)
    assert summary["phase"] == "summon" and summary["headlines"][0]["life"] == 12
    assert game.ruleset.hints(view, [A.Concede()])[0].role == "concede"


def test_every_rule_the_engine_cites_is_in_the_rules_table_in_both_languages():
    rules = PLUGIN.rules()
    cited = set()
    for path in (ROOT / "engine" / "sw").glob("*.py"):
        cited |= set(re.findall(r'"(SW (?:gl\. )?[A-ZÁÉÍÓÖŐÚÜŰ][^"\n{,]*?)"',
                                path.read_text()))
    cited = {c for c in cited if not c.endswith(".") and "<" not in c}
    missing = sorted(c for c in cited if c not in rules)
    assert not missing, missing
    for code, (en, hu) in rules.items():
        assert code.startswith("SW ") and en and hu
    for ev in E.Event.__args__:
        if "rule" not in ev.__struct_fields__:
            assert rulebook.EVENT_RULES[ev] in rules, ev


def test_rulings_md_is_rendered_from_the_table_and_answers_every_open_question():
    assert (ROOT / "engine" / "sw" / "RULINGS.md").read_text(encoding="utf-8") == render()
    questions = " ".join(r.question for r in RULINGS)
    for q in range(1, 25):
        assert f"[Q{q}]" in questions, f"open question {q} of summoner-wars.md §15 unanswered"
    named = {r.option for r in RULINGS if r.option}
    assert set(DEFAULT_OPTIONS) <= named
    assert set(PLUGIN.options) == set(DEFAULT_OPTIONS)


def test_the_warlord_beats_the_random_bot():
    wins = games = 0
    for g in range(8):
        for seat in (0, 1):
            decks = ("polar-dwarves", "ashvale-wraiths", "burrow-rabble")
            a, b = decks[g % 3], decks[(g + 1) % 3]
            names = ["random", "random"]
            names[seat] = "warlord"
            header = PLUGIN.new_header((a, b), 500 + g, seats=(
                Seat("A", a, f"ai:{names[0]}"), Seat("B", b, f"ai:{names[1]}")))
            game = Game.new(PLUGIN.ruleset_for(header), header)
            play_out(game, [make_bot(names[i], game.ruleset, g * 10 + i) for i in range(2)])
            games += 1
            wins += game.ruleset.result(game.state).winners == (seat,)
    assert wins >= 0.9 * games, f"warlord won {wins} of {games}"


def test_until_phase_helper_reaches_the_other_players_turn():
    game = new_game(seed=12)
    other = 1 - game.state.active
    until_phase(game, "summon", other)
    assert game.state.active == other and game.state.turn == 2


def test_verify_catches_a_changed_sw_rule(monkeypatch):
    """SW Támadás.4: count no hits and the recorded games no longer replay."""
    from engine.core import registry
    from engine.core import store as S
    from engine.core.game import verify
    from engine.sw import combat

    monkeypatch.setattr(combat, "hits_of", lambda ctx, unit: 0)
    games = sorted((ROOT / "saves" / "sw" / "games").glob("*.hkk"))
    assert len(games) >= 5
    loaded = S.load(games[0])
    report = verify(registry.ruleset_for(loaded.header), loaded.header, loaded.entries)
    assert not report.ok and report.divergence.entry > 0


def test_the_search_prior_sees_exactly_what_the_seat_sees_card_by_card():
    """SW's search asks the Warlord with a lazy view (views.LazyView: the board at once, the rest
    when read). At every third decision of a Warlord game against the random bot, for both
    seats: every card is shown as the seat's full view shows it and every card that view hides
    (the opponent's hand and discard pile, the decks) is not found; the board, the players'
    fields, the tasks and the Warlord's scores of the legal actions are the same."""
    import random

    from engine.sw.bot import WarlordBot
    from engine.sw.search_hooks import hooks

    game = new_game(seed=11)
    rules = game.ruleset
    lazy_of = hooks(rules).view
    warlord, rng = WarlordBot(rules.pool, 0), random.Random(11)
    fields = ("faction", "summoner", "magic", "hand_count", "deck_count", "discard_count",
              "hand", "discard", "active", "deck")
    looked = hidden = k = 0
    while (d := game.pending()) is not None:
        state, legal = game.state, game.legal_actions(d.player)
        k += 1
        if k % 3 == 0:
            for seat in (0, 1):
                full, lazy = rules.view(state, seat), lazy_of(state, seat)
                for iid in range(len(state.cards)):
                    assert lazy.find(iid) == full.find(iid), (k, seat, iid)
                    hidden += full.find(iid) is None
                assert lazy.board == full.board and lazy.tasks == full.tasks
                for a, b in zip(lazy.players, full.players):
                    assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
                if seat == d.player:
                    assert warlord.scores(lazy_of(state, seat), legal) == warlord.scores(
                        full, legal)
                    looked += 1
        action = (legal[rng.randrange(len(legal))] if d.player == 1 else
                  warlord.choose(rules.view(state, 0), legal))
        game.submit(d.player, action)
    assert looked > 30 and hidden > 1000
