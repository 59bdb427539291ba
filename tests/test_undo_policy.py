"""The engine's undo policy (``Game.undo_target``) and the redo list, live and on disk.

* A result is final: a concession (K 2.8.3: it cannot be withdrawn) or a win (K 3.14).
* Against a person (both seats "human") a player takes back only their own decisions; against
  the AI (practice) undo crosses the AI's moves.
* The redo list the save file holds is always the live one, whatever mix of submit, undo, redo
  and "the same move again after an undo" (the old bug: the live game dropped its redo list
  while the file kept it).
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import Game, UndoRefused
from engine.core.log import Seat
from engine.core.store import SaveWriter, load
from engine.hkk import actions as A
from engine.hkk import pool as P
from engine.hkk.scenario import AttackSpec, ScenarioSpec
from engine.hkk.session import codec, make_header, new_game, ruleset_for, scenario_game
from tests.helpers import TEST_POOL, Scenario, c, side

ENC = msgspec.msgpack.Encoder()
CODEC = codec()
POOL = P.load_pool()
DECKS = [d.id for d in P.list_decks()]
HUMAN, AI = "human", "ai:greedy"


def table(kinds: tuple[str, str] = (HUMAN, HUMAN), me=None, them=None, phase: str = "main1",
          step: int = 0, attacks: tuple = ()) -> Scenario:
    """A declared position between two seats of the given kinds (helpers.scenario, with seats)."""
    spec = ScenarioSpec(players=(me or side(), them or side()), phase=phase, step=step,
                        attacks=tuple(AttackSpec(a, t) for a, t in attacks))
    seats = (Seat("A", "scenario", kinds[0]), Seat("B", "scenario", kinds[1]))
    game = scenario_game(spec, seed=7, pool=TEST_POOL, options={"auto_pass": False},
                         seats=seats)
    return Scenario(spec, game)


def undo_refused(game: Game, player: int) -> str:
    """The key of the UndoRefused that ``game.undo(player)`` raises; nothing may change."""
    before, n = ENC.encode(game.state), len(game.entries)
    with pytest.raises(UndoRefused) as info:
        game.undo(player)
    assert ENC.encode(game.state) == before and len(game.entries) == n
    return info.value.key


# ---------------------------------------------------------------------------- results are final
@pytest.mark.parametrize("kinds", [(HUMAN, HUMAN), (HUMAN, AI)], ids=["hotseat", "vs_ai"])
def test_k2_8_3_concession_is_final(kinds):
    sc = table(kinds, me=side(reserve=[c("grunt", active=True)]), phase="exchange")
    sc.submit(0, A.MoveToGuard(sc.state.players[0].reserve[0]))
    assert sc.game.undo_target(0) == 1                  # undoable until the concession
    sc.submit(0, A.Concede())
    assert sc.state.result.reason == "concede"
    for player in (0, 1):
        assert undo_refused(sc.game, player) == "final"


@pytest.mark.parametrize("kinds", [(HUMAN, HUMAN), (HUMAN, AI)], ids=["hotseat", "vs_ai"])
def test_k3_14_a_won_game_is_final(kinds):
    sc = table(kinds, them=side(life=0), phase="healing")
    while sc.state.result is None:
        sc.pass_()
    assert sc.state.result.winner == 0 and sc.state.result.rule == "K 3.14"
    assert any(e.player == 0 for e in sc.game.entries[1:])   # there would be something to undo
    for player in (0, 1):
        assert undo_refused(sc.game, player) == "final"


# ---------------------------------------------------------------------------- whose decision
def _pass_to_exchange(sc: Scenario) -> None:
    """Main phase 1: player 0 passes, player 1 passes; the exchange phase asks player 0."""
    sc.submit(0, A.Pass())
    sc.submit(1, A.Pass())
    d = sc.decision
    assert (d.kind, d.player) == ("exchange", 0)


def test_against_a_person_a_player_cannot_undo_the_other_players_decision():
    sc = table(me=side(reserve=[c("grunt", label="g", active=True)]))
    assert not sc.game.practice()
    _pass_to_exchange(sc)
    sc.submit(0, A.MoveToGuard(sc.iid("g")))
    # player 1's last decision (its pass) is followed by player 0's: not player 1's to take back
    assert undo_refused(sc.game, 1) == "not_yours"


def test_against_a_person_a_player_can_undo_their_own_decision():
    sc = table(me=side(reserve=[c("grunt", label="g", active=True)]))
    _pass_to_exchange(sc)
    before = ENC.encode(sc.state)
    sc.submit(0, A.MoveToGuard(sc.iid("g")))
    assert sc.zone("g") == "guard"
    assert sc.game.undo(0) == 1
    assert ENC.encode(sc.state) == before and sc.zone("g") == "reserve"
    assert sc.game.can_redo()


def test_against_a_person_undo_stops_at_the_other_players_decision():
    sc = table(me=side(reserve=[c("grunt", label="g", active=True)]))
    _pass_to_exchange(sc)
    # player 0's own last decision (the exchange move) may go; the one before it (its pass in
    # main phase 1) is followed by player 1's pass and may not
    sc.submit(0, A.MoveToGuard(sc.iid("g")))
    sc.game.undo(0)
    assert undo_refused(sc.game, 0) == "not_yours"


def test_vs_the_ai_practice_undo_crosses_the_ais_moves():
    sc = table((HUMAN, AI), me=side(reserve=[c("grunt", label="g", active=True)]))
    assert sc.game.practice()
    start = ENC.encode(sc.state)
    _pass_to_exchange(sc)                  # player 0 passes, the AI (player 1) passes
    # player 0's previous decision is its pass in main phase 1, before the AI's pass
    assert sc.game.undo(0) == 2
    assert ENC.encode(sc.state) == start
    assert (sc.decision.kind, sc.decision.player) == ("priority", 0)
    # and redo brings back both, the AI's move included
    sc.game.redo()
    sc.game.redo()
    assert (sc.decision.kind, sc.decision.player) == ("exchange", 0)


def test_vs_the_ai_practice_undo_crosses_a_draw():
    header = make_header((DECKS[0], DECKS[1]), 5, pool=POOL,
                         seats=(Seat("A", DECKS[0]), Seat("B", DECKS[1], AI)))
    game = new_game(header)
    rnd = random.Random(5)
    while game.state.turn < 3:
        d = game.pending()
        game.submit(d.player, rnd.choice(game.legal_actions(d.player)))
    drew = [i for i, e in enumerate(game.entries) if i and any(
        type(ev).__name__ == "CardDrawn" for ev in e.events)]
    assert drew
    player = game.entries[drew[-1]].player
    short = Game.from_log(game.ruleset, header, game.entries[:drew[-1] + 1])
    assert short.undo(player) >= 1


# ---------------------------------------------------------------------------- redo on disk
OPS = ("submit", "undo", "undo", "undo_other", "redo", "redo", "again", "again", "other_move")


def _check_file(game: Game, path: Path) -> None:
    """The save holds exactly the live entries and the live redo list (store order is redo
    order; ``game.redo_stack`` keeps the next entry to redo last)."""
    loaded = load(path, CODEC)
    assert not loaded.damaged, loaded.problem
    assert loaded.entries == game.entries
    assert loaded.redo == list(reversed(game.redo_stack))
    resumed = Game.from_log(game.ruleset, loaded.header, loaded.entries, loaded.redo)
    assert resumed.redo_stack == game.redo_stack
    assert ENC.encode(resumed.state) == ENC.encode(game.state)


def _step(game: Game, op: str, rnd: random.Random, path: Path) -> str:
    d = game.pending()
    size = os.path.getsize(path)
    try:
        if op == "undo" or op == "undo_other":
            who = (d.player if d else rnd.randrange(2)) if op == "undo" else rnd.randrange(2)
            game.undo(who)
        elif op == "redo":
            game.redo()
        elif op == "again":                          # the move to redo, submitted anew
            if not game.redo_stack:
                return "again: nothing undone"
            entry = game.redo_stack[-1]
            game.submit(entry.player, entry.action)
        elif d is None:
            return "over"
        elif op == "other_move" and game.redo_stack:  # a different move ends the redo list
            top = game.redo_stack[-1]
            others = [a for a in game.legal_actions(d.player)
                      if (d.player, a) != (top.player, top.action)]
            if not others:
                return "other_move: no other move"
            game.submit(d.player, rnd.choice(others))
        else:
            game.submit(d.player, rnd.choice(game.legal_actions(d.player)))
    except UndoRefused as exc:
        assert os.path.getsize(path) == size, "a refused undo/redo wrote to the save"
        return f"{op} refused: {exc.key}"
    return op


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), practice=st.booleans(),
       ops=st.lists(st.sampled_from(OPS), min_size=5, max_size=80))
def test_the_saved_redo_list_is_always_the_live_one(tmp_path_factory, seed, practice, ops):
    rnd = random.Random(seed)
    pair = (rnd.choice(DECKS), rnd.choice(DECKS))
    header = make_header(pair, seed, pool=POOL,
                         seats=(Seat("A", pair[0]), Seat("B", pair[1], AI if practice else HUMAN)))
    path = Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp())) / "g.hkk"
    game = Game.new(ruleset_for(header), header, SaveWriter.create(path, header, CODEC,
                                                                   fsync=False))
    try:
        for _ in range(rnd.randrange(0, 40)):       # somewhere into the game first
            if game.pending() is None:
                break
            _step(game, "submit", rnd, path)
        _check_file(game, path)
        for op in ops:
            _step(game, op, rnd, path)
            _check_file(game, path)
    finally:
        game.writer.close()


def test_undo_then_the_same_move_again_keeps_the_rest_of_the_redo_list(tmp_path):
    """The old bug, as an example: undo two moves, make the first of them again — the second is
    still there to redo, live and in the file."""
    sc_header = make_header((DECKS[0], DECKS[1]), 3, pool=POOL,
                            seats=(Seat("A", DECKS[0]), Seat("B", DECKS[1], AI)))
    path = tmp_path / "g.hkk"
    game = Game.new(ruleset_for(sc_header), sc_header,
                    SaveWriter.create(path, sc_header, CODEC, fsync=False))
    try:
        rnd = random.Random(3)
        for _ in range(30):
            d = game.pending()
            game.submit(d.player, rnd.choice(game.legal_actions(d.player)))
        player = game.pending().player
        game.undo(player)
        game.undo(player)
        assert len(game.redo_stack) >= 2
        rest = list(game.redo_stack[:-1])
        entry = game.redo_stack[-1]
        game.submit(entry.player, entry.action)
        assert game.redo_stack == rest
        _check_file(game, path)
    finally:
        game.writer.close()
