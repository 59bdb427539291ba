"""Content as data (pool and decks validated with clear messages), the rulings table, and a
hidden-information property test over whole random games."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from engine.core.game import Game, IllegalAction
from engine.core.protocol import OMNISCIENT
from engine.magus import events as E
from engine.magus import pool as P
from engine.magus import rulings as RL
from engine.magus.plugin import PLUGIN
from engine.magus.rulebook import RULES

ENC = msgspec.msgpack.Encoder()


def test_the_starter_pool_and_decks_are_legal_and_use_every_type_of_the_core():
    assert PLUGIN.validate() == []
    pool = P.default_pool()
    types = {d.type for d in pool.values()}
    assert {"tower", "quest", "adventurer", "action", "obstacle", "event"} <= types
    for d in P.list_decks():
        assert P.validate_deck(d, pool, d.id) == []
        assert sum(d.cards.values()) - 3 >= 40                               # MK 1.02.B


def test_mk_1_02_a_a_deck_over_the_copy_limit_is_refused_naming_card_count_and_rule(tmp_path):
    pool = P.default_pool()
    deck = P.load_deck("lantern")
    bad = msgspec.structs.replace(deck, cards={**deck.cards, "a-borka": 4})
    problems = P.validate_deck(bad, pool, "mine.toml")
    assert any("4 copies of Borka the Smith's Daughter, limit 3 (MK 1.02.A)" in p.message
               for p in problems)
    small = msgspec.structs.replace(deck, cards={"t-ember-keep": 1, "t-salt-gate": 1,
                                                 "t-glass-spire": 1, "a-borka": 3})
    assert any("(MK 1.02.B)" in p.message for p in P.validate_deck(small, pool, "s.toml"))


def test_a_broken_card_file_is_reported_not_raised(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "x.toml").write_text('[[card]]\nid = "q-bad"\ntype = "quest"\nname = { hu = "R", '
                                  'en = "Bad" }\nconditions = ["warrior", "3*wizard", "mage"]\n',
                                  encoding="utf-8")
    (cards / "y.toml").write_text("[[card]\nid = ", encoding="utf-8")
    problems = PLUGIN.validate([cards / "x.toml", cards / "y.toml"])
    text = " | ".join(p.message for p in problems)
    assert "unknown condition atom 'wizard'" in text and "cannot be read as TOML" in text
    assert (cards / "y.toml").read_text(encoding="utf-8") == "[[card]\nid = "   # untouched


def test_the_rulings_table_answers_every_ambiguity_and_its_markdown_is_current():
    assert [r.num for r in RL.RULINGS] == list(range(1, len(RL.RULINGS) + 1))
    assert len(RL.RULINGS) >= 48                     # §20, §20.1 and part 2 of issue 18
    assert {"priority_after_add", "round1_mp_gain", "wounded_clears_damage", "combat_rounds",
            "blocker_may_solve"} <= {r.option for r in RL.RULINGS}
    for r in RL.RULINGS:
        assert r.rule in RULES, r.rule
        assert r.option == "" or r.option in RL.DEFAULT_OPTIONS
    md = Path(RL.__file__).with_name("RULINGS.md").read_text(encoding="utf-8")
    assert md == RL.render_markdown(), "regenerate engine/magus/RULINGS.md"


def test_every_rule_is_explained_in_hungarian_and_english():
    for code, (en, hu) in RULES.items():
        assert code.startswith("MK ") and en and hu


def test_an_ill_typed_or_unknown_action_is_refused_before_any_event():
    h = PLUGIN.new_header(("lantern", "ashen"), 5)
    game = Game.new(PLUGIN.ruleset_for(h), h)
    d = game.pending()
    before = ENC.encode(game.state)
    for bad in ({"type": "Play", "card": "x"}, ["Play", -3], ["Fly"]):
        with pytest.raises(IllegalAction):
            game.submit(d.player, bad)
    from engine.magus import actions as X

    with pytest.raises(IllegalAction):
        game.submit(d.player, X.Play(99999))
    assert ENC.encode(game.state) == before


@pytest.mark.parametrize("seed, decks", [(11, ("lantern", "ashen")), (12, ("lantern", "ashen")),
                                         (13, ("lantern", "ashen")),
                                         (14, ("stonebeard", "quiet")),
                                         (15, ("quiet", "stonebeard"))])
def test_no_view_or_event_of_a_whole_game_tells_a_seat_a_hidden_card(seed, decks):
    """Every view and redacted event of a whole random game, checked against the omniscient
    state: the opponent's hand and Future, face-down cards the seat does not control and hidden
    timeline items never carry a card id, and no event names them."""
    h = PLUGIN.new_header(decks, seed)
    rules = PLUGIN.ruleset_for(h)
    game = Game.new(rules, h)
    rng = random.Random(seed)
    checked = 0
    while (d := game.pending()) is not None:
        events = game.submit(d.player, rng.choice(game.legal_actions(d.player)))
        s = game.state
        for seat in (0, 1):
            v = rules.view(s, seat)
            for c in s.cards:
                secret = (c.zone in ("future", "sideboard") and not (
                    s.stage == "towers" and s.chooser == seat == c.owner)) or \
                    (c.zone == "hand" and c.owner != seat) or \
                    (c.face_down and c.owner != seat)
                if secret:
                    shown = v.cards.get(c.iid)
                    assert shown is None or shown.cid == "", (seat, c)
                    checked += 1
            for ev in events:
                red = rules.redact(ev, seat)
                if isinstance(red, (E.Drew, E.TowerPicked)) and red.player != seat:
                    assert red.card == -1
                if isinstance(red, E.HandReturned) and red.player != seat:
                    assert red.cards == ()
                if isinstance(red, E.Shuffled):
                    assert red.order == () and red.rng == 0
                if isinstance(red, E.DieRolled):
                    assert red.rng == 0
        assert rules.view(s, OMNISCIENT).cards.keys() == {c.iid for c in s.cards}
    assert game.state.result is not None and checked > 1000


def test_the_track_nests_round_phase_manoeuvre_and_timelines_outermost_first():
    from engine.magus import actions as X
    from tests.mk.helpers import A, B, C, Table

    t = Table([C(B, "a-halvard", "line"), C(A, "o-pit", "attached"), C(A, "t-raven-loft"),
               C(B, "t-raven-loft")], mp=[8, 10])
    t.card(t.idx(A, "o-pit")).host = t.idx(A, "t-ember-keep")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    for seat in (A, B):
        track = t.rules.track(t.rules.view(t.s, seat))
        rnd = track.frames[0]
        phase = rnd.frames[0]
        man = phase.frames[0]
        outer = man.frames[0]
        assert (rnd.title, phase.title, man.title) == ("track.round", "track.phase",
                                                       "track.manoeuvre")
        assert phase.params["why"] and man.params["kind"] == "siege"
        assert outer.title == "tl.m_surround" and outer.frames[0].title == "tl.m_obst"


def test_a_face_down_timeline_item_is_hidden_in_the_opponents_track():
    from engine.magus import actions as X
    from tests.mk.helpers import A, B, C, Table

    t = Table([C(A, "o-cave-bear"), C(B, "x-healing-word"), C(B, "a-zsolt", "line", damage=1),
               C(A, "t-raven-loft"), C(B, "t-raven-loft")], mp=[10, 8])
    bear = t.idx(A, "o-cave-bear")
    t.act(A, X.Attach(bear, t.idx(A, "t-ember-keep")))
    assert t.rules.pending(t.s).player == B and t.s.timelines[-1].items
    theirs = t.rules.track(t.rules.view(t.s, B)).frames[0].frames[0].frames[0].items[0]
    mine = t.rules.track(t.rules.view(t.s, A)).frames[0].frames[0].frames[0].items[0]
    assert theirs.source is None and "hidden" in theirs.flags and theirs.params["card"] == ""
    assert mine.source is not None and mine.params["card"] == "o-cave-bear"
