"""The position evaluations of HKK and Summoner Wars, the search bot's judgement at the end of
every simulation (issue 16): their weights are fitted to game outcomes (``engine.ai.evalfit``),
they call the winner of unseen games better than chance, and they move the way a player would
expect when one side loses life, cards or its deck. And the rollout before the evaluation,
led by the ruleset's heuristic bot, sees the turn through and stops there."""

from __future__ import annotations

import ast
import math
import random

import msgspec
import pytest

from engine.ai.positions import positions
from engine.ai import evalfit
from engine.ai.bots import make_bot
from engine.ai.search import _Search
from engine.core.search import context_for, hooks_for
from engine.hkk.search_hooks import NAMES, evaluate
from engine.sw.search_hooks import evaluate as sw_evaluate

ENC = msgspec.msgpack.Encoder()


@pytest.fixture(scope="module")
def mid_game():
    rules, state, _ = positions("hkk")[1]
    return rules, state


def _outcomes(truth: list[float], n: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """``n`` rows of features drawn in [-2, 2], each with an outcome drawn from the logistic of
    the ``truth`` weights."""
    rng = random.Random(seed)
    xs, ys = [], []
    for _ in range(n):
        x = [rng.uniform(-2, 2) for _ in truth]
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x))))
        xs.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    return xs, ys


def test_fit_recovers_the_weights_that_made_the_outcomes():
    xs, ys = _outcomes([1.5, -0.8, 0.0], 4000, seed=3)
    w = evalfit.fit(xs, ys, l2=0.1)
    assert w[0] == pytest.approx(1.5, abs=0.25)
    assert w[1] == pytest.approx(-0.8, abs=0.2)
    assert abs(w[2]) < 0.15
    assert evalfit.log_loss(w, xs, ys) < evalfit.log_loss([0.0] * 3, xs, ys)


def test_a_floor_keeps_a_weight_the_outcomes_would_push_below_it():
    xs, ys = _outcomes([-0.5, 1.0], 3000, seed=5)
    free = evalfit.fit(xs, ys, l2=0.1)
    assert free[0] == pytest.approx(-0.5, abs=0.15)
    floored = evalfit.fit(xs, ys, l2=0.1, floors=[[1.0, 0.0]])   # w0 >= 0
    assert -1e-5 < floored[0] < 0.01
    assert floored[1] == pytest.approx(1.0, abs=0.25)
    # a floor the outcomes keep anyway changes nothing
    assert evalfit.fit(xs, ys, l2=0.1, floors=[[0.0, 1.0]]) == pytest.approx(free, abs=1e-6)


def test_k_32_1_playing_any_creature_of_the_shipped_decks_does_not_lower_the_evaluation(
        mid_game):
    """A creature played from hand goes into the reserve (K 32.1). The weights are fitted with
    every such move held at or above 0 (evalfit --floors): fitted without, they priced half of
    the Mutant Horde's creatures below a card in hand, and the search held them back."""
    from engine.hkk import pool as P

    rules, state = mid_game
    pool = P.default_pool()
    mover = state.active
    hand = state.players[mover].hand
    assert hand, "the fixed position has cards in hand"
    before = evaluate(state, rules.pool)[mover]
    cids = sorted({cid for deck in P.list_decks(pool) for cid in deck.cards
                   if pool[cid].is_creature})
    assert len(cids) > 30
    cheaper = []
    for cid in cids:
        after = rules.clone(state)
        iid = after.players[mover].hand.pop()
        after.cards[iid].cid = cid
        after.cards[iid].zone = "reserve"
        after.players[mover].reserve.append(iid)
        pool_with = {**rules.pool, cid: pool[cid]}
        if evaluate(after, pool_with)[mover] < before - 1e-6:
            cheaper.append(cid)
    assert cheaper == []


@pytest.mark.parametrize("ruleset, games, rows, max_loss", [("hkk", 40, 500, 0.62),
                                                           ("mk", 16, 300, 0.6)])
def test_the_shipped_weights_call_the_winner_of_unseen_games_better_than_chance(
        ruleset, games, rows, max_loss):
    xs, ys = evalfit.collect(ruleset, games, seed=77, epsilon=0.1, every=4)  # not the fitting seed
    w = evalfit.weights_in_use(evalfit.ruleset_hooks(ruleset))
    assert len(xs) > rows
    assert evalfit.accuracy(w, xs, ys) > 0.65
    assert evalfit.log_loss(w, xs, ys) < max_loss   # knowing nothing: ln 2 = 0.693


def test_the_two_seats_share_the_whole_and_the_turn_player_has_the_initiative(mid_game):
    rules, state = mid_game
    a, b = evaluate(state, rules.pool)
    assert a + b == pytest.approx(1.0) and 0.0 < a < 1.0
    flipped = rules.clone(state)
    flipped.active = 1 - state.active
    mover = state.active
    assert evaluate(state, rules.pool)[mover] > evaluate(flipped, rules.pool)[mover]


@pytest.mark.parametrize("change", ["life", "hand", "deck_out", "low_life"])
def test_k_3_12_and_3_16_a_player_who_loses_life_cards_or_the_deck_stands_worse(mid_game,
                                                                                 change):
    rules, state = mid_game
    worse = rules.clone(state)
    p = worse.players[0]
    if change == "life":
        p.life -= 3
    elif change == "hand":
        assert p.hand, "the fixed position has cards in hand"
        p.hand = p.hand[:-1]
    elif change == "deck_out":
        p.deck = []
    else:
        state = rules.clone(state)
        state.players[0].life = 6
        worse.players[0].life = 2
    assert evaluate(worse, rules.pool)[0] < evaluate(state, rules.pool)[0]


@pytest.mark.parametrize("name", ["hkk", "sw"])
def test_each_fitted_weight_names_a_feature_of_the_row(name):
    rules, state, _ = positions(name)[0]
    hooks = hooks_for(rules)
    assert hooks.weights and set(hooks.weights) == set(hooks.feature_names)
    row = hooks.features(state)
    assert len(row) == len(hooks.feature_names) and row[-1] in (1.0, -1.0)
    z = sum(hooks.weights[n] * x for n, x in zip(hooks.feature_names, row))
    assert hooks.evaluate(state)[0] == pytest.approx(1 / (1 + math.exp(-z)))


def test_sw_gyozelem_a_wounded_summoner_stands_worse():
    rules, state, _ = positions("sw")[1]
    worse = rules.clone(state)
    worse.cards[worse.players[0].summoner].damage += 2
    assert sw_evaluate(worse, rules.pool)[0] < sw_evaluate(state, rules.pool)[0]


@pytest.mark.parametrize("name", ["hkk", "sw"])
def test_a_rollout_led_by_the_heuristic_ends_with_the_turn_it_began_in(name):
    """The search's rollout (``rollout_prior``) plays the ruleset's heuristic bot's favourite
    moves until the turn ends, so a simulation sees its attack or summon through; it does not
    play on into the next player's turn."""
    rules, state, seat = positions(name)[0]
    hooks = hooks_for(rules)
    bot = make_bot("search", rules, 1, sims=4, rollout_steps=200, rollout_prior=True)
    ctx = context_for(rules, state, seat)
    search = _Search(bot, ctx, random.Random(1))
    sample = ctx.sample(random.Random(2))
    turn = hooks.turn(sample)
    search.rollout(sample)
    assert rules.result(sample) is not None or hooks.turn(sample) == turn + 1
    played = rules.clone(state)
    bot.rollout_prior = False                     # random play-outs do go on past the turn
    search.rollout(played)
    assert rules.result(played) is not None or hooks.turn(played) > turn + 1


def test_the_prior_sees_exactly_what_the_seat_sees_card_by_card():
    """HKK's search asks the greedy prior with a lazy view (views.LazyView), which builds a
    card's view only when greedy looks at it. At every third decision of two greedy games, for
    both seats: every card is shown as the seat's full view shows it, and every card that view
    hides (the opponent's hand, the decks) is not found; the reaction line, the decision's
    subject and greedy's scores of the legal actions are the same."""
    from engine.hkk.greedy import GreedyBot

    looked = hidden = 0
    for seed in (5, 6):
        game = _greedy_game(seed)
        rules = game.ruleset
        hooks = hooks_for(rules)
        scorer = GreedyBot(rules.pool, 0)
        for k, state in enumerate(_positions(game)):
            if k % 3:
                continue
            d = rules.pending(state)
            for seat in (0, 1):
                full, lazy = rules.view(state, seat), hooks.view(state, seat)
                for iid in range(len(state.cards)):
                    assert lazy.find(iid) == full.find(iid), (seed, k, seat, iid)
                    hidden += full.find(iid) is None
                assert lazy.line == full.line
                assert (lazy.decision_card, lazy.decision_ability) == (
                    full.decision_card, full.decision_ability)
                if d is not None and d.player == seat:
                    legal = rules.legal_actions(state, seat)
                    assert [scorer.score(lazy, a) for a in legal] == [
                        scorer.score(full, a) for a in legal]
                    looked += 1
    assert looked > 60 and hidden > 5000


def _greedy_game(seed: int):
    from engine.core import registry
    from engine.core.game import Game

    plugin = registry.get("hkk")
    decks = [d.id for d in plugin.decks()]
    header = plugin.new_header((decks[seed % len(decks)], decks[(seed + 1) % len(decks)]), seed)
    game = Game.new(plugin.ruleset_for(header), header)
    bots = [make_bot("greedy", game.ruleset, seed + i) for i in range(2)]
    while (d := game.pending()) is not None:
        legal = game.legal_actions(d.player)
        game.submit(d.player, bots[d.player].choose(game.ruleset.view(game.state, d.player),
                                                    legal))
    return game


def _positions(game):
    """The game's state before each decision, replayed from its log."""
    for i in range(1, len(game.entries)):
        yield game.state_at(i)


def _game_in_combat():
    from engine.core import registry
    from engine.core.game import Game

    plugin = registry.get("hkk")
    decks = [d.id for d in plugin.decks()]
    for seed in range(1, 40):
        header = plugin.new_header((decks[0], decks[1]), seed)
        game = Game.new(plugin.ruleset_for(header), header)
        bots = [make_bot("greedy", game.ruleset, seed + i) for i in range(2)]
        for _ in range(400):
            d = game.pending()
            if d is None:
                break
            if game.state.combat is not None and game.state.combat.attacks:
                return game
            legal = game.legal_actions(d.player)
            game.submit(d.player, bots[d.player].choose(game.ruleset.view(game.state,
                                                                          d.player), legal))
    raise AssertionError("no greedy game reached a declared attack")


def test_evalfit_prints_weights_for_every_feature_and_refuses_a_ruleset_without_them(capsys):
    assert evalfit.main(["--ruleset", "hkk", "--games", "6", "--seed", "3"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("WEIGHTS = {") and all(f"'{n}':" in out.out for n in NAMES)
    assert "held out: log loss" in out.err and "the weights in use" in out.err
    assert evalfit.main(["--ruleset", "tk", "--games", "2"]) == 2     # 2-4 seats, not fitted
    assert "no feature row to fit" in capsys.readouterr().err
    assert evalfit.main(["--ruleset", "sw", "--games", "2", "--floors"]) == 2
    assert "declares no floors" in capsys.readouterr().err


def test_evalfit_with_floors_says_which_floors_held_and_keeps_them_all(capsys):
    from engine.hkk.search_hooks import creature_floors

    assert evalfit.main(["--ruleset", "hkk", "--games", "6", "--seed", "3", "--floors"]) == 0
    out = capsys.readouterr()
    assert f"{len(creature_floors())} floors kept; held at 0:" in out.err
    weights = ast.literal_eval(out.out.split("=", 1)[1])  # the printed dict
    row_weights = [weights[n] for n in (*NAMES, "turn")]
    for what, row in creature_floors():
        assert sum(a * w for a, w in zip(row, row_weights)) > -1e-3, what
