"""The search bot and its hooks (issue 16): it never learns what its seat may not know, it is
deterministic under a simulation budget, it keeps its deadline and its memory cap, it beats the
random bot on the Toy Grid, and ``hkk tournament`` refuses bad input before playing anything."""

from __future__ import annotations

import ast
import json
import random
from functools import lru_cache
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.bots import make_bot
from engine.ai.search import SearchBot, parse_budget
from engine.ai.sim import play_out
from engine.core import registry
from engine.core.game import Game
from engine.core.protocol import Result
from engine.core.search import BotContext, context_for, hooks_for, result_utilities
from tests import toy_ruleset
from tests.conformance.hooks import HOOKS

ENC = msgspec.msgpack.Encoder()
RULESETS = ("hkk", "sw", "toy")
SETTINGS = settings(max_examples=8, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])



@pytest.fixture(scope="module", autouse=True)
def _toy_registered():
    registry.register(toy_ruleset.PLUGIN)
    yield
    registry.unregister("toy")


def _game(name: str, g: int) -> Game:
    registry.register(toy_ruleset.PLUGIN)
    plugin = registry.get(name)
    decks = HOOKS[name].decks(plugin, g)
    header = plugin.new_header(decks, 500 + g)
    return Game.new(plugin.ruleset_for(header), header)


@lru_cache(maxsize=None)
def _positions(name: str, g: int) -> tuple:
    """Positions of a random game where the deciding seat has a choice (a copy each)."""
    game = _game(name, g)
    bots = [make_bot("random", game.ruleset, g * 10 + i) for i in range(2)]
    found = []
    for n in range(240):
        d = game.pending()
        if d is None:
            break
        legal = game.legal_actions(d.player)
        if n % 7 == 3 and len(legal) > 1:
            found.append(game.ruleset.clone(game.state))
        game.submit(d.player, bots[d.player].choose(None, legal))
    return game.ruleset, tuple(found)


def _position(name: str, g: int, i: int):
    ruleset, found = _positions(name, g)
    return ruleset, found[i % len(found)]


def _search(seed: int = 3, sims: int = 24, **kw) -> SearchBot:
    return SearchBot(seed, sims=sims, **kw)


def _annotation(bot: SearchBot) -> dict:
    return {k: v for k, v in bot.last.items() if k != "elapsed_s"}


# ---------------------------------------------------------------------------- leak properties
@SETTINGS
@given(name=st.sampled_from(RULESETS), g=st.integers(0, 2), i=st.integers(0, 30),
       seat=st.integers(0, 1), seed=st.integers(0, 2**32), other=st.integers(0, 2**32))
def test_two_states_with_the_same_view_give_the_same_sample(name, g, i, seat, seed, other):
    ruleset, state = _position(name, g, i)
    hooks = hooks_for(ruleset)
    twin = hooks.determinize(state, seat, random.Random(other))   # same view, other cards
    assert ENC.encode(ruleset.view(twin, seat)) == ENC.encode(ruleset.view(state, seat))
    a = hooks.determinize(state, seat, random.Random(seed))
    b = hooks.determinize(twin, seat, random.Random(seed))
    assert ENC.encode(a) == ENC.encode(b)
    HOOKS[name].invariants(a)


@SETTINGS
@given(name=st.sampled_from(RULESETS), g=st.integers(0, 2), i=st.integers(0, 30),
       other=st.integers(0, 2**32))
def test_the_move_and_its_annotation_do_not_depend_on_hidden_information(name, g, i, other):
    """With a fixed seed and simulation count, changing what the deciding seat cannot see
    changes neither the move nor the annotation."""
    ruleset, state = _position(name, g, i)
    hooks = hooks_for(ruleset)
    seat = ruleset.pending(state).player
    twin = hooks.determinize(state, seat, random.Random(other))
    moves = []
    for s in (state, twin):
        bot = make_bot("search", ruleset, 11, sims=16)
        moves.append((bot.choose(context_for(ruleset, s, seat, decision=i)), _annotation(bot)))
    assert moves[0] == moves[1]


@pytest.mark.parametrize("name", RULESETS)
def test_a_samples_deck_matches_the_real_one_no_more_often_than_chance(name):
    """Each position of the seat's own deck holds its true card in a sample about as often as a
    random deal would put it there (count of that card / deck size), and the RNG is reseeded."""
    ruleset, state = _position(name, 0, 2)
    hooks = hooks_for(ruleset)
    seat = 0

    def deck(s) -> list:
        ids = s.players[seat].deck
        return [s.values[t] for t in ids] if name == "toy" else [s.cards[i].cid for i in ids]

    truth = deck(state)
    assert len(truth) >= 2
    n, samples = len(truth), 300
    expected = sum(truth.count(v) for v in truth) / n / n
    matches = 0
    rngs = set()
    for k in range(samples):
        sample = hooks.determinize(state, seat, random.Random(k))
        matches += sum(a == b for a, b in zip(deck(sample), truth))
        rngs.add(sample.rng)
    rate = matches / (samples * n)
    sigma = (expected * (1 - expected) / (samples * n)) ** 0.5
    assert abs(rate - expected) < 5 * sigma + 0.01, (rate, expected)
    assert state.rng not in rngs and len(rngs) == samples


@pytest.mark.parametrize("name", ["hkk", "sw"])
def test_a_card_the_rules_are_resolving_keeps_its_definition_in_samples(name):
    """A pending task names a card and its ability; dealing that card again (say it lies in a
    discard pile by now) would leave the task resolving an ability the new card lacks (a crash
    seen in a Summoner Wars tournament game)."""
    ruleset, state = _position(name, 0, 3)
    seat = 0
    opp = state.players[1 - seat]
    hidden = list(opp.hand) + list(opp.deck)
    iid = hidden[0]
    state = ruleset.clone(state)
    if name == "hkk":
        from engine.hkk.state import Task
    else:
        from engine.sw.state import Task
    state.tasks.append(Task(kind="ability", player=1 - seat, card=iid))
    for k in range(20):
        sample = hooks_for(ruleset).determinize(state, seat, random.Random(k))
        assert sample.cards[iid].cid == state.cards[iid].cid


# ---------------------------------------------------------------------------- the bot
def test_a_simulation_budget_always_gives_the_same_move_and_annotation():
    ruleset, state = _position("hkk", 1, 4)
    seat = ruleset.pending(state).player
    runs = []
    for _ in range(2):
        bot = make_bot("search", ruleset, 5, sims=40)
        runs.append((bot.choose(context_for(ruleset, state, seat, decision=9)), _annotation(bot)))
    assert runs[0] == runs[1] and runs[0][1]["sims"] <= 40


def test_the_deadline_is_kept_under_a_fake_clock():
    ruleset, state = _position("toy", 0, 3)
    seat = ruleset.pending(state).player
    now = [100.0]

    def clock() -> float:
        now[0] += 0.001                   # every look at the clock costs a millisecond
        return now[0]

    bot = SearchBot(1, budget_s=0.05, early_stop=False)
    bot.choose(context_for(ruleset, state, seat, clock=clock))
    assert bot.last["stopped"] == "deadline"
    assert 0 < bot.last["sims"] < 50 and bot.last["elapsed_s"] == pytest.approx(0.051, abs=0.003)
    bot = SearchBot(1, sims=10_000, early_stop=False)   # the host's deadline ends it too
    bot.choose(context_for(ruleset, state, seat, clock=clock, budget_s=0.02))
    assert bot.last["stopped"] == "deadline" and bot.last["sims"] < 25


def test_moving_the_deadline_stops_the_search_now():
    """The host may move the context's deadline while the bot thinks (the app's "move now")."""
    ruleset, state = _position("toy", 0, 3)
    seat = ruleset.pending(state).player
    ctx = context_for(ruleset, state, seat)
    calls = [0]

    def progress(fraction, info):
        calls[0] += 1
        ctx.deadline = ctx.clock()                 # "move now" at the first progress report

    ctx.on_progress = progress
    bot = SearchBot(1, sims=5000, early_stop=False)
    action = bot.choose(ctx)
    assert action in ctx.legal and calls[0] == 1
    assert bot.last["stopped"] == "deadline" and bot.last["sims"] == 16


def test_the_tree_stays_under_its_entry_cap():
    ruleset, state = _position("hkk", 0, 5)
    seat = ruleset.pending(state).player
    free = _search(sims=300, early_stop=False)
    free.choose(context_for(ruleset, state, seat))
    capped = _search(sims=300, early_stop=False, max_entries=40)
    capped.choose(context_for(ruleset, state, seat))
    assert free.last["tree_entries"] > 60
    assert capped.last["tree_entries"] <= 40 and capped.last["sims"] == 300


def test_one_legal_action_is_answered_at_once():
    ruleset, state = _position("toy", 0, 1)
    seat = ruleset.pending(state).player
    legal = ruleset.legal_actions(state, seat)[:1]
    bot = _search()
    assert bot.choose(context_for(ruleset, state, seat, legal)) is legal[0]
    assert bot.last["sims"] == 0 and bot.last["stopped"] == "single"


def test_an_early_stop_once_the_leader_cannot_be_caught():
    ruleset, state = _position("toy", 1, 2)
    seat = ruleset.pending(state).player
    bot = _search(sims=2000)
    bot.choose(context_for(ruleset, state, seat))
    assert bot.last["stopped"] in ("early", "budget")
    if bot.last["stopped"] == "early":
        top = bot.last["candidates"]
        assert top[0]["visits"] - top[1]["visits"] > 2000 - bot.last["sims"]


def test_search_beats_random_on_the_toy_grid():
    wins = 0
    games = 20
    for g in range(games):
        game = _game("toy", 40 + g)
        me = g % 2
        bots = [make_bot("random", game.ruleset, g), make_bot("random", game.ruleset, g)]
        bots[me] = make_bot("search", game.ruleset, g, sims=40)
        play_out(game, bots)
        wins += me in game.ruleset.result(game.state).winners
    assert wins >= 0.9 * games, f"search won {wins} of {games}"


def test_bots_answer_a_context_and_the_old_call_alike():
    ruleset, state = _position("hkk", 0, 3)
    seat = ruleset.pending(state).player
    legal = ruleset.legal_actions(state, seat)
    view = ruleset.view(state, seat)
    for name in ("greedy", "random"):
        a = make_bot(name, ruleset, 4).choose(BotContext(seat, view, legal))
        b = make_bot(name, ruleset, 4).choose(view, legal)
        assert a == b and a in legal
    with pytest.raises(TypeError):
        make_bot("search", ruleset, 4).choose(view, legal)


def test_the_context_searches_in_samples_only():
    """A bot reaches a full state only through ``sample()``; the bare-state operations work on
    samples, and a context made of a view alone has none."""
    ruleset, state = _position("toy", 0, 4)
    seat = ruleset.pending(state).player
    ctx = context_for(ruleset, state, seat, decision=3)
    assert not any(v is state for v in vars(ctx).values())
    sample = ctx.sample()
    copy = ctx.clone(sample)
    action = ctx.legal_actions(copy, ctx.pending(copy).player)[0]
    ctx.submit(copy, seat, action)
    assert ctx.result(copy) is None and len(ctx.evaluate(copy)) == 2
    assert ctx.action_key(sample, ctx.legal[0]) == ctx.action_key(ctx.sample(), ctx.legal[0])
    fresh = [context_for(ruleset, state, seat, decision=d).rng.random() for d in (3, 3, 4)]
    assert fresh[0] == fresh[1] != fresh[2]          # seeded by seed, seat and decision
    bare = BotContext(seat, ctx.view, ctx.legal)
    assert not bare.can_sample
    with pytest.raises(LookupError):
        bare.sample()


def test_budget_suffixes():
    assert parse_budget("0.25") == (0.25, None)
    assert parse_budget("400sims") == (None, 400)
    for bad in ("0", "-1", "x", "0sims", "inf"):
        with pytest.raises(ValueError):
            parse_budget(bad)
    ruleset, _state = _position("sw", 0, 0)
    bot = make_bot("search:0.5", ruleset, 1)
    assert bot.budget_s == 0.5 and bot.sims is None and bot.prior is not None
    with pytest.raises(ValueError, match="Only the search bot"):
        make_bot("warlord:1", ruleset, 1)


def test_utilities_share_the_game_among_any_number_of_seats():
    assert result_utilities(Result((1,), "x"), 2) == (0.0, 1.0)
    assert result_utilities(Result((), "x"), 4) == (0.25,) * 4
    assert result_utilities(Result((0, 2), "x"), 3) == (0.5, 0.0, 0.5)


def test_nothing_in_engine_ai_imports_a_ruleset():
    for path in Path("engine/ai").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                assert not name.startswith(("engine.hkk", "engine.sw", "tests")), (path, name)


# ---------------------------------------------------------------------------- hkk tournament
BAD = [
    (["--ruleset", "nope", "--bots", "random,search"], "no ruleset called 'nope'"),
    (["--ruleset", "toy", "--bots", "random,zzz"], "Unknown bot 'zzz'"),
    (["--ruleset", "toy", "--bots", "random,search", "--games", "3"], "even number"),
    (["--ruleset", "toy", "--bots", "random,search", "--budget", "0"], "more than 0"),
    (["--ruleset", "toy", "--bots", "random,search:-2"], "more than 0"),
    (["--ruleset", "toy", "--bots", "random"], "two or more"),
]


@pytest.mark.parametrize("argv,says", BAD)
def test_tournament_bad_input_is_one_line_and_exit_2(argv, says, capsys):
    from hkk_tui.cli import main

    assert main(["tournament", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and says in err and len(err.strip().splitlines()) == 1


def test_tournament_json_plays_seat_swapped_deals(capsys):
    from hkk_tui.cli import main

    assert main(["tournament", "--ruleset", "toy", "--bots", "search,random", "--games", "4",
                 "--sims", "8", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 4 and rep["errors"] == 0 and rep["ruleset"] == "toy"
    for b in ("search", "random"):
        line = rep["bots"][b]
        assert line["as_seat"] == [2, 2] and line["games"] == 4
        assert line["wins"] + line["losses"] + line["draws"] == 4
        assert 0 <= line["ci95_low"] <= line["score"] <= line["ci95_high"] <= 1
    assert rep["bots"]["search"]["sims_per_decision"] <= 8
    assert rep["bots"]["search"]["wins"] == rep["bots"]["random"]["losses"]


def test_a_game_that_raises_is_counted_with_its_seed_and_exit_1(capsys, monkeypatch):
    from hkk_tui.cli import main

    class Crash:
        name = "crash"
        needs_view = False

        def choose(self, ctx):
            raise RuntimeError("boom")

    monkeypatch.setitem(toy_ruleset.PLUGIN.bots, "crash", lambda ruleset, seed: Crash())
    assert main(["tournament", "--ruleset", "toy", "--bots", "crash,random", "--games", "2",
                 "--json", "--seed", "7"]) == 1
    rep = json.loads(capsys.readouterr().out)
    assert rep["errors"] == 2 and rep["games"] == 0
    assert all(f["seed"] == 7 * 100_003 and "boom" in f["error"] for f in rep["failed"])
