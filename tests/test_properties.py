"""Event-sourcing properties: rebuild, undo/redo, determinism, save round trips."""

from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.bots import make_bot
from engine.ai.sim import play_out
from engine.core import store as S
from engine.core.game import Game, UndoRefused, verify
from engine.core.log import Seat
from engine.hkk import actions as A
from engine.hkk import pool as P
from engine.hkk.session import make_header, new_game, ruleset_for

ENC = msgspec.msgpack.Encoder()
POOL = P.load_pool()
DECKS = [d.id for d in P.list_decks()]


def bot_game(seed: int, bots=("random", "random"), seats_kind="ai:random", **options) -> Game:
    pair = (DECKS[seed % len(DECKS)], DECKS[(seed + 1) % len(DECKS)])
    header = make_header(pair, seed, pool=POOL, options=options,
                         seats=(Seat("A", pair[0], seats_kind), Seat("B", pair[1], seats_kind)))
    game = new_game(header)
    play_out(game, [make_bot(bots[0], game.ruleset, seed),
                    make_bot(bots[1], game.ruleset, seed + 7)])
    return game


def codec(game: Game) -> S.EntryCodec:
    return S.EntryCodec(game.ruleset.action_type, game.ruleset.event_type)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_rebuilding_from_the_log_equals_the_live_state(seed):
    game = bot_game(seed)
    rebuilt = game.state_at(len(game.entries))
    assert ENC.encode(rebuilt) == ENC.encode(game.state)
    # and from data alone, with no rules code: a fresh Game.from_log
    again = Game.from_log(game.ruleset, game.header, game.entries)
    assert ENC.encode(again.state) == ENC.encode(game.state)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.floats(0.1, 0.9))
def test_undo_then_redo_equals_the_original(seed, cut):
    game = bot_game(seed)
    full = ENC.encode(game.state)
    n = len(game.entries)
    partial = Game.from_log(game.ruleset, game.header, game.entries[: max(2, int(n * cut))])
    partial_bytes = ENC.encode(partial.state)
    d = partial.pending()
    player = d.player if d else 0
    try:
        undone = partial.undo(player)
    except UndoRefused:
        return
    assert undone >= 1
    while partial.can_redo():
        partial.redo()
    assert ENC.encode(partial.state) == partial_bytes
    assert full  # the full game is untouched


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_same_seed_and_actions_give_the_same_events(seed):
    game = bot_game(seed)
    report = verify(game.ruleset, game.header, game.entries)
    assert report.ok, report.divergence


def test_redoing_an_action_after_undo_gives_the_same_random_outcome():
    game = bot_game(5)
    # find an entry whose events drew a card (and did not end the game: a result is final),
    # undo it and submit the same action again
    for i in range(len(game.entries) - 1, 1, -1):
        names = {type(e).__name__ for e in game.entries[i].events}
        if "CardDrawn" in names and "GameEnded" not in names:
            break
    short = Game.from_log(game.ruleset, game.header, game.entries[: i + 1])
    entry = short.entries[-1]
    short.undo(entry.player)
    while len(short.entries) < i:
        short.redo()
    events = short.submit(entry.player, entry.action)
    assert tuple(events) == tuple(entry.events)


def test_undo_against_a_person_never_crosses_a_draw():
    game = bot_game(9, seats_kind="human")
    assert not game.practice()
    # find the last entry of a player whose own action drew a card
    for i in range(len(game.entries) - 1, 1, -1):
        entry = game.entries[i]
        if entry.player >= 0 and any(type(e).__name__ == "CardDrawn" for e in entry.events):
            break
    short = Game.from_log(game.ruleset, game.header, game.entries[: i + 1])
    with pytest.raises(UndoRefused) as info:
        short.undo(entry.player)
    assert "hidden information" in str(info.value)


def test_undo_in_practice_against_the_ai_may_cross_a_draw():
    game = bot_game(9, seats_kind="ai:greedy")
    assert game.practice()
    short = Game.from_log(game.ruleset, game.header, game.entries[:40])
    d = short.pending()
    short.undo(d.player)


def test_save_and_load_round_trip(tmp_path: Path):
    game = bot_game(11)
    path = tmp_path / "g.hkk"
    writer = S.SaveWriter.create(path, game.header, codec(game))
    for entry in game.entries:
        writer.append(entry, game.ruleset.summary(game.state))
    writer.close()
    loaded = S.load(path, codec(game))
    assert not loaded.damaged
    assert loaded.header == game.header
    again = Game.from_log(ruleset_for(loaded.header), loaded.header, loaded.entries)
    assert ENC.encode(again.state) == ENC.encode(game.state)


def test_autosave_after_every_entry_and_resume(tmp_path: Path):
    game = bot_game(12)
    path = tmp_path / "auto.hkk"
    cdc = codec(game)
    writer = S.SaveWriter.create(path, game.header, cdc, fsync=False)
    live = Game.new(game.ruleset, game.header, writer=writer)
    for entry in game.entries[1:60]:
        live.submit(entry.player, entry.action)
    # the process "dies" here without closing: the file already holds every entry
    loaded = S.load(path, cdc)
    resumed = Game.from_log(game.ruleset, loaded.header, loaded.entries)
    assert ENC.encode(resumed.state) == ENC.encode(live.state)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_truncated_or_bit_flipped_save_recovers_its_valid_prefix(tmp_path_factory, data):
    game = bot_game(13)
    tmp = tmp_path_factory.mktemp("flip")
    path = tmp / "g.hkk"
    cdc = codec(game)
    writer = S.SaveWriter.create(path, game.header, cdc, fsync=False)
    for entry in game.entries[:80]:
        writer.append(entry)
    writer.close()
    raw = bytearray(path.read_bytes())
    header_end = len(S.MAGIC) + 8 + len(msgspec.msgpack.encode(S.HeaderRec(game.header)))
    flip = data.draw(st.booleans())
    if not flip:
        cut = data.draw(st.integers(header_end, len(raw) - 1))
        raw = raw[:cut]
    else:
        pos = data.draw(st.integers(header_end, len(raw) - 1))
        raw[pos] ^= 1 << data.draw(st.integers(0, 7))
    path.write_bytes(bytes(raw))
    loaded = S.load(path, cdc)
    # a cut exactly between two records is simply a shorter save; anything else is damage
    if flip or not loaded.valid_bytes == len(raw):
        assert loaded.damaged and "damaged" in loaded.problem
    assert len(loaded.entries) < 80
    assert [e.events for e in loaded.entries] == [e.events for e in game.entries[
        :len(loaded.entries)]]
    # the valid prefix replays into a playable game
    resumed = Game.from_log(game.ruleset, loaded.header, loaded.entries)
    assert resumed.state is not None
