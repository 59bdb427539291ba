"""The search bot's M.A.G.U.S. hooks (issue 16): the position evaluation is fitted to game
outcomes (``engine.ai.evalfit``; that it calls unseen games better than chance is tested with
HKK's in tests/test_search_eval.py) and moves the way the victory conditions say (MK 1.01); the
rollout led by the squire stops where the round ends (MK 1.07); the lazy view the squire reads
inside samples answers as the full view."""

from __future__ import annotations

import math
import random

import pytest

from engine.ai.bots import make_bot
from engine.ai.positions import positions
from engine.ai.search import _Search
from engine.core.search import ask, context_for, hooks_for
from engine.magus.bot import SquireBot
from engine.magus.ctx import dp
from engine.magus.search_hooks import NAMES, WEIGHTS, evaluate, feature_row, features


@pytest.fixture(scope="module")
def mid_game():
    """Round 2's Manoeuvres phase of two squires' game; player 0 has solved a quest (2 DP) and
    has two tower levels left."""
    rules, state, seat = positions("mk")[1]
    assert state.players[0].solved and len(state.players[0].tower) == 2
    return rules, state, seat


def test_each_fitted_weight_names_a_feature_of_the_row(mid_game):
    rules, state, _ = mid_game
    hooks = hooks_for(rules)
    assert hooks.feature_names == (*NAMES, "turn")
    assert set(hooks.weights) == set(hooks.feature_names) and hooks.weights is WEIGHTS
    row = hooks.features(state)
    assert len(row) == len(hooks.feature_names) and row[-1] in (1.0, -1.0)
    assert len(features(state, rules.pool, 0)) == len(NAMES)


def test_evaluate_is_the_logistic_of_the_weighted_row_and_the_seats_share_the_whole(mid_game):
    rules, state, _ = mid_game
    row = feature_row(state, rules.pool)
    z = sum(WEIGHTS[n] * x for n, x in zip((*NAMES, "turn"), row))
    a, b = evaluate(state, rules.pool)
    assert a == pytest.approx(1 / (1 + math.exp(-z)))
    assert a + b == pytest.approx(1.0) and 0.0 < a < 1.0
    assert hooks_for(rules).evaluate(state) == (a, b)


def test_mk_1_06_a_the_row_ends_with_who_is_the_active_player(mid_game):
    """MK 1.06: the active player acts; the row's last number is +1 when it is player 0."""
    rules, state, _ = mid_game
    for active in (0, 1):
        s = rules.clone(state)
        s.active = active
        assert feature_row(s, rules.pool)[-1] == (1.0 if active == 0 else -1.0)


def test_mk_1_01_a_fewer_tower_levels_stand_worse(mid_game):
    """MK 1.01.A: a player whose last tower level falls loses; one level fewer stands worse."""
    rules, state, _ = mid_game
    worse = rules.clone(state)
    lost = worse.players[0].tower.pop(0)
    worse.cards[lost].zone = "past"
    worse.players[0].past.append(lost)
    assert features(worse, rules.pool, 0)[NAMES.index("last_tower")] == 1.0
    assert evaluate(worse, rules.pool)[0] < evaluate(state, rules.pool)[0]


def test_mk_1_01_b_less_dp_stands_worse(mid_game):
    """MK 1.01.B: DP win the game; a player without its solved quest's DP stands worse."""
    rules, state, _ = mid_game
    worse = rules.clone(state)
    quest = worse.players[0].solved.pop()
    worse.cards[quest].zone = "past"
    worse.players[0].past.append(quest)
    assert dp(worse, rules.pool, 0) < dp(state, rules.pool, 0)
    assert evaluate(worse, rules.pool)[0] < evaluate(state, rules.pool)[0]


def test_mk_1_01_b_an_empty_future_stands_worse(mid_game):
    """MK 1.01.B.3: at the round's end, the player whose Future is empty loses."""
    rules, state, _ = mid_game
    worse = rules.clone(state)
    for i in worse.players[0].future:
        worse.cards[i].zone = "past"
    worse.players[0].past += worse.players[0].future
    worse.players[0].future = []
    assert evaluate(worse, rules.pool)[0] < evaluate(state, rules.pool)[0]


def test_mk_1_01_b_reaching_eleven_dp_counts_more_than_the_dp_themselves():
    """MK 1.01.B.1: 11 DP and strictly the most win at the round's end: reaching 11 is worth
    more than five further DP below it."""
    assert WEIGHTS["dp_11"] > 5 * WEIGHTS["dp"] > 0


def test_mk_3_07_a_wounded_adventurer_stands_worse():
    """MK 3.07.5: damage lowers an adventurer's level; a player whose adventurer is hurt
    stands worse."""
    rules, state, _ = next((r, s, p) for r, s, p in positions("mk")
                           if any(c.zone == "line" and c.owner == 0 and
                                  r.pool[c.cid].type == "adventurer" for c in s.cards))
    worse = rules.clone(state)
    hurt = next(c for c in worse.cards if c.zone == "line" and c.owner == 0 and
                rules.pool[c.cid].type == "adventurer")
    hurt.damage += 1
    assert evaluate(worse, rules.pool)[0] < evaluate(state, rules.pool)[0]


def test_mk_1_07_a_rollout_led_by_the_squire_ends_with_the_round_it_began_in(mid_game):
    """The search's rollout (``rollout_prior``) plays the squire's favourite moves until the
    round ends (MK 1.07: the end-of-round check, MK 1.01.B, comes at its close), so a
    simulation sees the round's quests and sieges through; it does not play on into the next
    round. Random play-outs do."""
    rules, state, seat = mid_game
    hooks = hooks_for(rules)
    bot = make_bot("search", rules, 1, sims=4, rollout_steps=400, rollout_prior=True)
    ctx = context_for(rules, state, seat)
    search = _Search(bot, ctx, random.Random(1))
    sample = ctx.sample(random.Random(2))
    turn = hooks.turn(sample)
    assert turn == sample.round == 2
    search.rollout(sample)
    assert rules.result(sample) is not None or hooks.turn(sample) == turn + 1
    played = ctx.sample(random.Random(2))
    bot.rollout_prior = False
    bot.rollout_steps = 2000
    search.rollout(played)
    assert rules.result(played) is not None or hooks.turn(played) > turn + 1


def test_the_tuning_leads_the_rollout_with_the_squire():
    rules, _, _ = positions("mk")[0]
    tuning = hooks_for(rules).tuning
    assert tuning["rollout_prior"] is True and tuning["rollout_steps"] > 0


def test_the_lazy_view_shows_what_the_full_view_shows_card_by_card():
    """The search asks the squire with a lazy view (search_hooks.LazyView), which builds a card
    only when the squire reads it. At every third decision of two squire games, for both
    seats: every card is shown as the full view shows it and every card that view hides (the
    opponent's hand, the Futures, face-down cards' identities) is hidden alike; the seats, hand,
    timelines and manoeuvre are the same, and so are the squire's scores of the legal actions."""
    from engine.core import registry
    from engine.core.game import Game

    plugin = registry.get("mk")
    decks = [d.id for d in plugin.decks()]
    looked = hidden = 0
    for seed in (5, 6):
        header = plugin.new_header((decks[seed % len(decks)], decks[(seed + 1) % len(decks)]),
                                   seed)
        game = Game.new(plugin.ruleset_for(header), header)
        rules = game.ruleset
        hooks = hooks_for(rules)
        scorer = SquireBot(rules.pool, 0)
        bots = [make_bot("squire", rules, seed + i) for i in range(2)]
        k = 0
        while (d := game.pending()) is not None:
            state = game.state
            legal = game.legal_actions(d.player)
            if k % 3 == 0:
                for seat in (0, 1):
                    full, lazy = rules.view(state, seat), hooks.view(state, seat)
                    for iid in range(len(state.cards)):
                        a, b = lazy.cards.get(iid), full.cards.get(iid)
                        assert (a is None) == (b is None), (seed, k, seat, iid)
                        if b is None:
                            continue
                        assert {f: getattr(a, f) for f in b.__struct_fields__} == \
                            msgspec_fields(b), (seed, k, seat, iid)
                        hidden += b.cid == ""
                    assert list(lazy.cards) == list(full.cards)
                    for mine, theirs in zip(lazy.seats, full.seats):
                        assert {f: getattr(mine, f) for f in theirs.__struct_fields__} == \
                            msgspec_fields(theirs)
                    assert (lazy.hand, lazy.timelines, lazy.manoeuvre, lazy.phase) == (
                        full.hand, full.timelines, full.manoeuvre, full.phase)
                    assert lazy.decision == full.decision
                if len(legal) > 1:
                    assert scorer.scores(hooks.view(state, d.player), legal) == \
                        scorer.scores(rules.view(state, d.player), legal)
                    looked += 1
            game.submit(d.player, ask(bots[d.player], rules, state, d.player, legal,
                                      decision=len(game.entries)))
            k += 1
    assert looked > 60 and hidden > 100


def msgspec_fields(struct) -> dict:
    return {f: getattr(struct, f) for f in struct.__struct_fields__}
