"""The conformance suite, run over every registered ruleset and the test-only Toy Grid (issue 10).

Each ruleset must: rebuild its live state from the log; undo then redo to the same state; give
the same events for the same seed and actions; round-trip through save, load (the store picks
the codec from the header), export and import; survive random-bot games with its invariants
after every event and garbage between moves; never show a seat what it may not know (views
cannot tell apart states that differ only in hidden things; redacted events name nothing hidden);
and cite, for every event, a rule its rules table explains in Hungarian and English.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from engine.core import registry
from engine.core import store as S
from engine.core.game import Game, IllegalAction, rerun
from engine.core.log import Seat
from engine.core.protocol import OMNISCIENT, ActionHint, Result, TrackView
from tests import toy_ruleset
from tests.conformance.hooks import HOOKS

ENC = msgspec.msgpack.Encoder()
GAMES = 6


@pytest.fixture(scope="module", autouse=True)
def _toy_registered():
    registry.register(toy_ruleset.PLUGIN)
    yield
    registry.unregister("toy")


def _names() -> list[str]:
    registry.register(toy_ruleset.PLUGIN)
    return registry.names()


def _bots(plugin, ruleset, g, seats: int = 2):
    return [plugin.bots["random"](ruleset, 100 * g + seat) for seat in range(seats)]


def _new(plugin, g: int, ai: bool = True, writer_dir: Path | None = None) -> Game:
    hooks = HOOKS[plugin.name]
    decks = hooks.decks(plugin, g)
    kind = "ai:random" if ai else "human"
    header = plugin.new_header(decks, 1000 + g,
                               seats=tuple(Seat(f"S{i}", d, kind) for i, d in enumerate(decks)),
                               options=hooks.options(g) if hooks.options else None)
    ruleset = plugin.ruleset_for(header)
    writer = None
    if writer_dir is not None:
        writer = S.SaveWriter.create(writer_dir / f"g{g}.hkk", header)
    return Game.new(ruleset, header, writer)


def _play(game: Game, plugin, g: int, steps: int = 100_000, each=None) -> None:
    bots = _bots(plugin, game.ruleset, g, len(game.header.seats))
    for _ in range(steps):
        d = game.pending()
        if d is None:
            return
        view = game.ruleset.view(game.state, d.player)
        legal = game.legal_actions(d.player)
        assert legal, "a decision with no legal answer"
        action = bots[d.player].choose(view, legal)
        before = len(game.entries)
        events = game.submit(d.player, action)
        if each is not None:
            each(game, game.entries[before], events)


def same(a, b) -> bool:
    return ENC.encode(a) == ENC.encode(b)


@pytest.fixture(params=_names())
def plugin(request):
    return registry.get(request.param)


# ---------------------------------------------------------------------------- the plugin itself
def test_the_plugin_declares_what_the_platform_needs(plugin):
    assert plugin.name in HOOKS, "add the ruleset's conformance hooks (tests/conformance)"
    assert plugin.prefix and plugin.title["en"] and plugin.title["hu"]
    lo, hi = plugin.seats
    assert 1 <= lo <= hi
    assert plugin.decks() and "random" in plugin.bots and plugin.default_bot in plugin.bots
    for code, (en, hu) in plugin.rules().items():
        assert code.startswith(plugin.prefix + " ") and en and hu, code


# ---------------------------------------------------------------------------- event sourcing
@pytest.mark.parametrize("g", range(GAMES))
def test_rebuild_from_the_log_equals_the_live_state_and_rules_are_cited(plugin, g):
    rules = plugin.rules()
    hooks = HOOKS[plugin.name]
    game = _new(plugin, g)
    shadow = game.ruleset.initial_state(game.header)

    def check(game, entry, events):
        for ev in entry.events:
            game.ruleset.apply(shadow, ev)
            hooks.invariants(shadow)
            rule = plugin.rule_of(ev)
            assert rule in rules, f"{type(ev).__name__} cites {rule!r}, not in the rules table"

    for ev in game.entries[0].events:
        game.ruleset.apply(shadow, ev)
    _play(game, plugin, g, each=check)
    assert game.ruleset.result(game.state) is not None, "the game did not finish"
    assert isinstance(game.ruleset.result(game.state), Result)
    assert same(Game.from_log(game.ruleset, game.header, game.entries).state, game.state)
    assert same(shadow, game.state)
    checked = rerun(game.ruleset, game.header, game.entries)      # same seed, same actions
    assert checked.divergence is None and checked.agreed == len(game.entries)


def test_undo_then_redo_gives_the_original(plugin):
    game = _new(plugin, 1)
    _play(game, plugin, 1, steps=8)
    before, entries = ENC.encode(game.state), list(game.entries)
    seat = next(e.player for e in reversed(game.entries) if e.player >= 0)
    undone = game.undo(seat)
    assert undone >= 1 and len(game.entries) == len(entries) - undone
    while game.can_redo():
        game.redo()
    assert game.entries == entries and ENC.encode(game.state) == before


def test_save_load_export_import_round_trip(plugin, tmp_path):
    game = _new(plugin, 2, writer_dir=tmp_path)
    _play(game, plugin, 2, steps=60)
    path = game.writer.path
    game.writer.close()
    loaded = S.load(path)                               # no codec: picked by the header
    assert loaded.header == game.header and loaded.entries == game.entries
    assert not S.read_any(path).damaged
    js = S.export_json(loaded, tmp_path / "g.json")
    portable = S.export_portable(loaded, tmp_path / "g.export.hkk")
    for src in (js, portable):
        again = S.load(S.import_file(src, None, tmp_path / "in"))
        assert again.entries == game.entries and again.header == game.header
    reloaded, writer = S.SaveWriter.open_append(path)
    assert reloaded.entries == game.entries
    writer.close()


# ---------------------------------------------------------------------------- fuzz
GARBAGE = [None, True, 1.5, "0", b"x", [], {}, -1, 10**12, object()]


@pytest.mark.parametrize("g", range(GAMES))
def test_random_games_with_garbage_between_moves(plugin, g):
    game = _new(plugin, g, ai=False)
    rng = random.Random(g)
    refused = 0

    def garbage(game, entry, events):
        nonlocal refused
        state, n = ENC.encode(game.state), len(game.entries)
        for _ in range(2):
            seat = rng.choice([*GARBAGE, 0, 1])
            action = rng.choice([*GARBAGE, *game.legal_actions(1 - (game.pending() or
                                                                   entry).player)[:3]])
            try:
                game.submit(seat, action)
            except IllegalAction:
                refused += 1
            else:                                       # a legal move of the right seat
                continue
            assert ENC.encode(game.state) == state and len(game.entries) == n
            state, n = ENC.encode(game.state), len(game.entries)

    _play(game, plugin, g, each=garbage)
    assert refused > 0
    assert same(Game.from_log(game.ruleset, game.header, game.entries).state, game.state)


# ---------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("g", range(3))
def test_no_view_or_event_shows_a_seat_what_it_may_not_know(plugin, g):
    hooks = HOOKS[plugin.name]
    rng = random.Random(g)
    game = _new(plugin, g)
    differed = 0

    def check(game, entry, events):
        nonlocal differed
        ruleset = game.ruleset
        for seat in range(len(game.header.seats)):
            view = ruleset.view(game.state, seat)
            other = hooks.hidden_variant(ruleset, game.state, seat, rng)
            differed += not same(other, game.state)
            assert same(ruleset.view(other, seat), view), \
                f"seat {seat}'s view changes with something it may not know"
            for ev in entry.events:
                leak = hooks.event_leak(ev, ruleset.redact(ev, seat), seat)
                assert not leak, f"{type(ev).__name__} to seat {seat}: {leak}"
        omni = ruleset.view(game.state, OMNISCIENT)
        assert omni is not None
        assert isinstance(ruleset.track(view), TrackView)
        d = game.pending()
        if d is not None:
            legal = game.legal_actions(d.player)
            hints = ruleset.hints(ruleset.view(game.state, d.player), legal)
            assert len(hints) == len(legal) and all(isinstance(h, ActionHint) for h in hints)
            assert all(h.role in ("act", "pass", "done", "concede") for h in hints)

    _play(game, plugin, g, steps=300, each=check)
    assert differed, "the hidden-information check never had anything hidden to change"


# ---------------------------------------------------------------------------- search hooks
def _positions(plugin, g: int, every: int = 9, steps: int = 160) -> list:
    """Positions of a random-bot game: (game, state copy) every ``every`` decisions."""
    game = _new(plugin, g)
    found = []

    def keep(game, entry, events):
        if len(game.entries) % every == 0 and game.pending() is not None:
            found.append(game.ruleset.clone(game.state))

    _play(game, plugin, g, steps=steps, each=keep)
    return [(game.ruleset, s) for s in found]


def test_the_plugin_offers_the_search_hooks(plugin):
    """determinize, action_key and evaluate are declared (the search bot plays every ruleset)."""
    from engine.core.search import REQUIRED, hooks_for

    game = _new(plugin, 0)
    hooks = hooks_for(game.ruleset)
    for name in REQUIRED:
        assert callable(getattr(hooks, name)), f"the search hook {name} is missing"


@pytest.mark.parametrize("g", range(2))
def test_samples_keep_the_seats_view_and_the_invariants(plugin, g):
    """A determinization shows its seat exactly what the true state shows it, keeps the
    ruleset's invariants, offers the deciding seat the same actions under the same keys, and
    depends on nothing the seat cannot see: a state with the same view gives the same sample."""
    from engine.core.search import hooks_for

    inv = HOOKS[plugin.name].invariants
    changed = 0
    positions = _positions(plugin, g)
    assert positions
    for ruleset, state in positions:
        hooks = hooks_for(ruleset)
        for seat in range(len(state.players)):
            view = ENC.encode(ruleset.view(state, seat))
            sample = hooks.determinize(state, seat, random.Random(seat + 7))
            again = hooks.determinize(state, seat, random.Random(seat + 7))
            assert same(sample, again), "determinize is not a function of its rng"
            assert ENC.encode(ruleset.view(sample, seat)) == view, \
                f"a sample changes seat {seat}'s view"
            inv(sample)
            changed += not same(sample, state)
            other = hooks.determinize(state, seat, random.Random(99))  # same view, other deal
            assert same(hooks.determinize(other, seat, random.Random(5)),
                        hooks.determinize(state, seat, random.Random(5))), \
                "two states with the same view give different samples (a leak)"
            ev = hooks.evaluate(sample)
            assert len(ev) == len(state.players) and all(0.0 <= v <= 1.0 for v in ev)
            play = random.Random(seat)                 # a sample plays on like a game
            for _ in range(40):
                decision = ruleset.pending(sample)
                if decision is None:
                    break
                moves = ruleset.legal_actions(sample, decision.player)
                ruleset.submit(sample, decision.player, play.choice(moves))
        d = ruleset.pending(state)
        legal = ruleset.legal_actions(state, d.player)
        keys = [hooks.action_key(state, d.player, a) for a in legal]
        hash(tuple(keys))
        assert len(set(keys)) == len(keys), "two of the seat's own actions share a key"
        for k in range(2):
            sample = hooks.determinize(state, d.player, random.Random(k))
            assert ruleset.legal_actions(sample, d.player) == legal
            assert [hooks.action_key(sample, d.player, a) for a in legal] == keys, \
                "an action's key changes between samples"
    assert changed, "no sample ever differed from the true state (nothing was resampled)"
