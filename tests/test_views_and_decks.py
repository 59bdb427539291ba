"""Hidden information (K 1.6: hands hidden, graveyard/Void public) and deck legality."""

import msgspec
import pytest

from engine.core.log import Seat
from engine.hkk import pool as P
from engine.hkk.ruleset import make_view
from engine.hkk.session import make_header, new_game
from engine.hkk.views import OMNISCIENT
from tests.helpers import c, scenario, side


def test_k2_2_7_a_players_view_never_holds_the_opponents_hand_or_any_deck_order():
    sc = scenario(me=side(hand=["bolt", "mend"], deck=["grunt", "wall"]),
                  them=side(hand=["nope", "brute", "bird"], deck=["troll", "golem"]))
    view = sc.view(0)
    raw = msgspec.json.encode(view).decode()
    for cid in ("nope", "brute", "bird", "troll", "golem", "wall"):
        assert f'"{cid}"' not in raw, f"{cid} leaked into player 0's view"
    assert view.players[1].hand == [] and view.players[1].hand_count == 3
    assert view.players[0].deck == [] and view.players[0].deck_count == 2
    assert [c.cid for c in view.players[0].hand] == ["bolt", "mend"]


def test_k4_7_5_graveyard_and_void_are_public():
    sc = scenario(me=side(), them=side(graveyard=["grunt"], void=["wall"]))
    view = sc.view(0)
    assert [c.cid for c in view.players[1].graveyard] == ["grunt"]
    assert [c.cid for c in view.players[1].void] == ["wall"]


def test_the_omniscient_view_shows_everything_and_is_explicit():
    sc = scenario(me=side(hand=["bolt"], deck=["grunt"]), them=side(hand=["nope"]))
    view = sc.view(OMNISCIENT)
    assert view.viewer == OMNISCIENT
    assert [c.cid for c in view.players[1].hand] == ["nope"]
    assert [c.cid for c in view.players[0].deck] == ["grunt"]


def test_k21_3_a_card_being_played_is_revealed_to_both_players():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5), them=side(hand=["nope"], vp=5))
    sc.play(0, "b", sc.pt(1))
    view = sc.view(1)
    assert [item.card.cid for item in view.line] == ["bolt"]


def test_k102_2_a_static_protection_beats_one_off_damage():
    sc = scenario(me=side(hand=["bolt"], vp=5), them=side(guard=[c("ghost", label="g")]))
    sc.play(0, "bolt", sc.ct("g"))
    sc.settle()
    assert sc.zone("g") == "guard" and sc.card("g").damage == 0


def test_k2_3_6_a_deck_needs_at_least_30_cards(tmp_path):
    pool = P.load_pool()
    some = sorted(pool)[:9]
    body = "\n".join(f'"{cid}" = 3' for cid in some)
    deck = tmp_path / "small.toml"
    deck.write_text(f'id = "small"\nname = {{hu = "Kicsi", en = "Small"}}\n'
                    f'description = {{hu = "x", en = "x"}}\n[cards]\n{body}\n')
    with pytest.raises(P.PoolError) as info:
        make_header((str(deck), "raia-egi-legio"), 1, pool=pool)
    assert "30" in str(info.value)


def test_k2_3_7_at_most_three_copies_of_a_name(tmp_path):
    pool = P.load_pool()
    some = sorted(pool)[:10]
    body = "\n".join(f'"{cid}" = {4 if i == 0 else 3}' for i, cid in enumerate(some))
    deck = tmp_path / "many.toml"
    deck.write_text(f'id = "many"\nname = {{hu = "Sok", en = "Many"}}\n'
                    f'description = {{hu = "x", en = "x"}}\n[cards]\n{body}\n')
    with pytest.raises(P.PoolError) as info:
        make_header((str(deck), "raia-egi-legio"), 1, pool=pool)
    assert "3" in str(info.value) and some[0] in str(info.value)


def test_k2_3_3_shuffling_depends_on_the_seed_and_is_recorded():
    pool = P.load_pool()
    a = new_game(make_header(("raia-egi-legio", "leah-csontkert"), 1, pool=pool))
    b = new_game(make_header(("raia-egi-legio", "leah-csontkert"), 2, pool=pool))
    a2 = new_game(make_header(("raia-egi-legio", "leah-csontkert"), 1, pool=pool))
    assert a.state.players[0].deck != b.state.players[0].deck
    assert a.state.players[0].deck == a2.state.players[0].deck
    assert type(a.entries[0].events[0]).__name__ == "DeckShuffled"


def test_k1_6_a_players_log_never_names_a_card_hidden_from_them():
    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.hkk import events as E
    from engine.hkk.views import redact

    pool = P.load_pool()
    game = new_game(make_header(("raia-egi-legio", "leah-csontkert"), 4, pool=pool))
    play_out(game, [make_bot("greedy", game.ruleset, 1), make_bot("greedy", game.ruleset, 2)])
    ruleset = game.ruleset
    state = ruleset.initial_state(game.header)
    for entry in game.entries:
        for ev in entry.events:
            ruleset.apply(state, ev)
            for viewer in (0, 1):
                seen = redact(ev, viewer)
                hidden = set(state.players[1 - viewer].hand) | set(state.players[1 - viewer].deck)
                if isinstance(seen, E.CardDrawn):
                    assert seen.player == viewer or seen.card == -1
                    assert seen.card not in hidden
                if isinstance(seen, E.DeckShuffled):
                    assert seen.order == ()


def test_every_event_reason_is_listed_and_translated():
    import tomllib
    from pathlib import Path

    from engine.ai.bots import make_bot
    from engine.ai.sim import play_out
    from engine.hkk import events as E

    pool = P.load_pool()
    decks = [d.id for d in P.list_decks()]
    seen = set()
    for seed in range(8):
        game = new_game(make_header((decks[seed % 4], decks[(seed + 1) % 4]), seed, pool=pool))
        play_out(game, [make_bot("random", game.ruleset, seed),
                        make_bot("greedy", game.ruleset, seed)])
        for entry in game.entries:
            for ev in entry.events:
                if isinstance(ev, (E.CardMoved, E.VpChanged, E.McChanged)):
                    seen.add(ev.reason)
    assert seen <= set(E.REASONS), f"unlisted reasons: {seen - set(E.REASONS)}"
    root = Path(__file__).parent.parent / "hkk_tui" / "rulesets" / "hkk" / "i18n"
    for lang in ("en", "hu"):
        reasons = tomllib.loads((root / f"{lang}.toml").read_text())["reason"]
        missing = [r for r in E.REASONS if r.replace(" ", "_") not in reasons]
        assert not missing, f"{lang} catalog lacks reasons {missing}"
