"""Fuzz: 300 random-bot games with invariants checked after every event.

After every event: every card is in exactly one zone, life/VP caps hold and VP/mc are never
negative. After every decision: neither player's view holds a card that player may not know, and
no exception escapes.
"""

from __future__ import annotations

import msgspec
import pytest

from engine.ai.bots import make_bot
from engine.core.log import Seat
from engine.hkk import pool as P
from engine.hkk.ruleset import make_view
from engine.hkk.session import make_header, new_game
from engine.hkk.state import LINE, State

GAMES = 300
POOL = P.load_pool()
DECKS = [d.id for d in P.list_decks()]
ZONES = ("deck", "hand", "reserve", "guard", "perm", "graveyard", "void")


def check_state(state: State) -> None:
    seen: dict[int, str] = {}
    for p, player in enumerate(state.players):
        assert player.life <= player.max_life, "life above maximum (K 3.18)"
        assert 0 <= player.vp <= player.max_vp, "VP outside 0..max (K 3.18)"
        assert player.mc >= 0
        for zone in ZONES:
            for iid in getattr(player, zone):
                assert iid not in seen, f"card {iid} in {zone} and {seen[iid]}"
                seen[iid] = zone
                card = state.cards[iid]
                assert card.zone == zone, f"card {iid} thinks it is in {card.zone}, not {zone}"
                owner = card.controller if zone in ("reserve", "guard", "perm") else card.owner
                assert owner == p
    for item in state.line:
        if item.kind == "card":
            assert state.cards[item.card].zone == LINE, "a line item's card left the line"
    for card in state.cards:
        if card.zone == LINE:
            assert card.iid not in seen
            seen[card.iid] = LINE
        if card.zone == "attached":
            assert card.iid not in seen
            seen[card.iid] = "attached"
            assert card.iid in state.cards[card.host].attachments
    assert len(seen) == len(state.cards), "a card is in no zone"


def hidden_from(state: State, viewer: int) -> set[int]:
    opp = state.players[1 - viewer]
    return set(opp.hand) | set(opp.deck) | set(state.players[viewer].deck)


def check_view(game, viewer: int) -> None:
    view = make_view(game.ruleset, game.state, viewer)
    raw = msgspec.to_builtins(view)
    hidden = hidden_from(game.state, viewer)
    ids: set[int] = set()

    def walk(obj):
        if isinstance(obj, dict):
            if "iid" in obj:
                ids.add(obj["iid"])
            for v in obj.values():
                walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(raw)
    leaked = ids & hidden
    assert not leaked, f"view of player {viewer} shows hidden cards {leaked}"
    assert view.players[1 - viewer].hand == [] and view.players[1 - viewer].deck == []
    assert view.players[viewer].deck == []
    assert view.players[1 - viewer].hand_count == len(game.state.players[1 - viewer].hand)


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(chunk):
    for g in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        pair = (DECKS[g % len(DECKS)], DECKS[(g // len(DECKS)) % len(DECKS)])
        header = make_header(pair, 1000 + g, pool=POOL,
                             seats=(Seat("A", pair[0], "ai:random"),
                                    Seat("B", pair[1], "ai:random")),
                             options={"first_turn_draw": g % 2 == 0})
        game = new_game(header)
        ruleset = game.ruleset
        shadow = ruleset.initial_state(header)
        bots = [make_bot("random", ruleset, g), make_bot("random", ruleset, -g)]
        for entry in game.entries:
            for ev in entry.events:
                ruleset.apply(shadow, ev)
                check_state(shadow)
        for _ in range(20_000):
            decision = game.pending()
            if decision is None:
                break
            check_view(game, 0)
            check_view(game, 1)
            legal = game.legal_actions(decision.player)
            assert legal, f"game {g}: a decision with no legal answer"
            action = bots[decision.player].choose(None, legal)
            events = game.submit(decision.player, action)
            for ev in events:
                ruleset.apply(shadow, ev)
                check_state(shadow)
        assert game.state.result is not None, f"game {g} did not finish"
