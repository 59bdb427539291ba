"""The Időfonal (MK 6.05-6.07): one scenario test per lettered point the engine implements."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table


def _hex_on(level_target: str, extra: list | None = None, mp=(8, 10)) -> Table:
    """B (more MP) holds a Hex and an alert priest; A has ``level_target`` in the Line."""
    return Table([C(B, "x-hex"), C(B, "a-bone-reader", "line"), C(A, level_target, "line")]
                 + (extra or []) + KEEP, mp=list(mp))


def _hex(t: Table, target: str, answer: bool = False) -> list:
    """B casts the Hex; unless ``answer``, both pass until it has resolved."""
    out = t.act(B, X.Play(t.idx(B, "x-hex"), t.idx(B, "a-bone-reader"), t.idx(A, target)))
    hex_uid = t.of(E.ItemAdded, out)[0].uid
    while not answer and t.s.timelines and any(
            it.uid == hex_uid for it in t.s.timelines[-1].items):
        out += t.act(t.rules.pending(t.s).player, X.Pass())
    return out


def test_mk_6_05_a_once_a_timeline_has_begun_only_fast_effects():
    t = Table([C(A, "a-borka"), C(A, "a-zsolt"), C(A, "x-healing-word"),
               C(A, "a-ilka", "line", damage=1)] + KEEP, mp=[10, 8])
    t.act(A, X.Play(t.idx(A, "a-borka")))
    assert t.s.timelines and t.s.active == A
    before = t.rules.clone(t.s)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Play(t.idx(A, "a-zsolt")))
    assert exc.value.rule == "MK 6.05.A"
    assert t.rules.freeze(t.s) == t.rules.freeze(before)            # refused before any event


def test_mk_6_05_b_an_action_joins_the_running_timeline():
    t = Table([C(A, "a-borka"), C(A, "x-healing-word"), C(A, "a-ilka", "line", damage=1)]
              + KEEP, mp=[10, 8])
    t.act(A, X.Play(t.idx(A, "a-borka")))
    out = t.act(A, X.Play(t.idx(A, "x-healing-word"), t.idx(A, "a-ilka"), t.idx(A, "a-ilka")))
    added = t.of(E.ItemAdded, out)
    assert added and added[0].rule == "MK 6.05.B"
    assert not t.of(E.TimelineOpened, out[:out.index(added[0])])     # no new timeline
    unwound = t.of(E.ItemUnwound, out)
    assert unwound[0].uid == added[0].uid                 # the heal was on top: it went first


def test_mk_6_05_c_a_played_card_enters_itself_an_activation_enters_as_a_virtual_item():
    t = _siege_with_obstacle("o-pit")
    pit = t.idx(A, "o-pit")
    out = t.act(A, X.Activate(pit))
    item = t.of(E.ItemAdded, out)[0]
    assert item.kind == "activation" and item.card == pit
    assert t.of(E.Revealed, out)[0].card == pit            # MK 6.05.D: activating shows it
    moved = [i for i, e in enumerate(out) if isinstance(e, E.CardMoved) and e.card == pit]
    done = [i for i, e in enumerate(out) if isinstance(e, E.ItemUnwound) and e.uid == item.uid]
    assert moved and done and moved[0] > done[0]     # the card stayed put while its item waited
    # the played card itself lies in the timeline (MK 6.05.C): Borka below
    t2 = Table([C(A, "a-borka"), C(A, "x-healing-word"), C(A, "a-ilka", "line", damage=1)]
               + KEEP, mp=[10, 8])
    t2.act(A, X.Play(t2.idx(A, "a-borka")))
    assert t2.card(t2.idx(A, "a-borka")).zone == "timeline"
    assert [it.card for it in t2.s.timelines[-1].items] == [t2.idx(A, "a-borka")]


def test_mk_6_05_d_hidden_cards_stay_hidden_in_the_timeline():
    t = Table([C(A, "t-bell-tower"), C(A, "x-healing-word"), C(A, "a-ilka", "line", damage=1)]
              + KEEP, mp=[10, 8])
    tower = t.idx(A, "t-bell-tower")
    out = t.act(A, X.Play(tower))
    assert t.of(E.ItemAdded, out)[0].hidden
    mine, theirs = t.rules.view(t.s, A), t.rules.view(t.s, B)
    assert mine.cards[tower].cid == "t-bell-tower" and theirs.cards[tower].cid == ""
    assert theirs.timelines[-1].items[0].hidden
    assert all("bell" not in repr(t.rules.redact(e, B)) for e in out)


def test_mk_6_05_e_lifo_the_last_added_item_resolves_first():
    t = _hex_on("a-zsolt", [C(A, "x-counterspell"), C(A, "a-teodor", "line")], mp=(8, 10))
    _hex(t, "a-zsolt", answer=True)
    hex_item = t.s.timelines[-1].items[-1]
    out = t.act(A, X.Play(t.idx(A, "x-counterspell"), t.idx(A, "a-teodor"), hex_item.uid))
    unwound = t.of(E.ItemUnwound, out)
    counter = t.of(E.ItemAdded, out)[0]
    assert [u.uid for u in unwound] == [counter.uid, hex_item.uid]
    assert not unwound[0].neutralised and unwound[1].neutralised
    assert t.card(t.idx(A, "a-zsolt")).damage == 0 and t.card(t.idx(A, "a-zsolt")).pos == "alert"


def test_mk_6_05_f_the_active_player_has_the_first_right_and_duty_to_act():
    t = _hex_on("a-zsolt", [C(B, "x-healing-word"), C(B, "a-ilka", "line", damage=1)])
    _hex(t, "a-zsolt", answer=True)
    d = t.rules.pending(t.s)
    assert d is not None and d.player == B and d.kind == "priority"   # the adder acts first
    assert t.legal(A) == []                                           # the other waits
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Pass())
    assert exc.value.rule == "MK 1.06"


def test_mk_6_05_g_two_passes_unwind_the_top_item_then_the_active_player_is_recomputed():
    t = _hex_on("a-zsolt", [C(B, "x-healing-word"), C(B, "a-ilka", "line", damage=1),
                            C(A, "x-healing-word"), C(A, "a-ilka", "line", damage=1)],
                mp=(8, 10))
    _hex(t, "a-zsolt", answer=True)                                         # B 7 MP, A 8
    t.act(B, X.Pass())
    out = t.act(A, X.Pass())
    assert t.of(E.ItemUnwound, out) and t.card(t.idx(A, "a-zsolt")).damage == 1
    assert [(e.player, e.why) for e in t.of(E.ActiveSet, out)][-1] == (A, "more_mp")


def test_mk_6_05_h_each_unwound_item_opens_a_new_window():
    t = _hex_on("a-zsolt", [C(A, "x-healing-word"), C(A, "a-ilka", "line")], mp=(8, 10))
    out = _hex(t, "a-zsolt")
    assert t.of(E.ItemUnwound, out)
    # the timeline is empty but open, and A may now heal the damage the Hex dealt
    assert t.s.timelines and not t.s.timelines[-1].items and t.s.timelines[-1].passes == 0
    assert t.rules.pending(t.s).player == A
    assert any(isinstance(a, X.Play) for a in t.legal(A))


def test_mk_6_05_i_two_passes_on_an_empty_timeline_end_it():
    t = _hex_on("a-zsolt", [C(A, "x-healing-word"), C(A, "a-ilka", "line")], mp=(8, 10))
    _hex(t, "a-zsolt")
    assert t.s.timelines                                   # empty, yet not ended
    out = t.act(A, X.Pass())
    ended = t.of(E.TimelineEnded, out)
    assert ended and ended[0].kind == "action" and ended[0].rule == "MK 6.05.I"


def test_mk_6_05_j_damage_accumulates_in_a_timeline_and_kills_only_at_its_end():
    t = _siege_with_obstacle("o-pit", extra=[C(A, "o-rockfall", "attached")],
                             hero="a-zsolt")
    zsolt = t.idx(B, "a-zsolt")
    t.card(t.idx(A, "o-rockfall")).host = t.idx(A, "t-ember-keep")
    out = t.act(A, X.Activate(t.idx(A, "o-pit")))
    out += t.act(A, X.Activate(t.idx(A, "o-rockfall")))
    hits = [e for e in t.of(E.Damaged, out) if e.card == zsolt]
    assert [h.amount for h in hits] == [1, 1]
    died = t.of(E.Died, out)
    # both unwound before the timeline's end; the death comes after the last unwinding
    last_unwound = max(i for i, e in enumerate(out) if isinstance(e, E.ItemUnwound))
    assert died and out.index(died[0]) > last_unwound and died[0].rule == "MK 6.05.K"
    assert t.card(zsolt).zone == "past"


def test_mk_6_05_k_an_adventurer_turns_wounded_only_at_the_timelines_end():
    t = _hex_on("a-zsolt", [C(A, "x-healing-word"), C(A, "a-ilka", "line")], mp=(8, 10))
    _hex(t, "a-zsolt")
    z = t.card(t.idx(A, "a-zsolt"))
    assert z.damage == 1 and z.pos == "alert"                       # resolved, not yet wounded
    out = t.act(A, X.Pass())
    pos = [e for e in t.of(E.PositionSet, out) if e.card == z.iid]
    assert pos and pos[0].pos == "wounded" and pos[0].rule == "MK 6.05.N"
    assert out.index(pos[0]) < out.index(t.of(E.TimelineEnded, out)[0])


def test_mk_6_05_l_a_death_effect_waits_for_the_end_and_healing_works_until_then():
    doom = Table([C(B, "x-curse-of-ash"), C(B, "a-bone-reader", "line"),
                  C(A, "a-zsolt", "line"), C(A, "a-ilka", "line")] + KEEP, mp=[8, 10])
    z = doom.idx(A, "a-zsolt")
    out = doom.act(B, X.Play(doom.idx(B, "x-curse-of-ash"), doom.idx(B, "a-bone-reader"), z))
    doomed = out.index(doom.of(E.Doomed, out)[0])
    died = out.index(doom.of(E.Died, out)[0])
    unwound = out.index(doom.of(E.ItemUnwound, out)[0])
    assert unwound < doomed < died                   # resolved, and alive until the end
    assert any(isinstance(e, E.Passed) for e in out[doomed:died])   # a window came between
    assert doom.of(E.Died, out)[0].rule == "MK 6.05.L" and doom.card(z).zone == "past"
    # damage equal to the base level is healed before the end: the adventurer lives
    heal = _hex_on("a-geza", [C(A, "x-healing-word"), C(A, "a-ilka", "line")], mp=(8, 10))
    g = heal.idx(A, "a-geza")
    _hex(heal, "a-geza")
    assert heal.card(g).damage == 1                                  # base level 1: lethal
    out = heal.act(A, X.Play(heal.idx(A, "x-healing-word"), heal.idx(A, "a-ilka"), g))
    assert not heal.of(E.Died, out) and heal.card(g).zone == "line"
    assert heal.card(g).pos == "wounded"                # ruling 41: it was damaged in it


def test_mk_6_05_m_at_the_manoeuvres_end_survivors_lose_damage_and_turn_wounded():
    t = _siege_with_obstacle("o-pit")
    hero = t.idx(B, "a-halvard")
    out = t.act(A, X.Activate(t.idx(A, "o-pit")))
    assert t.card(hero).damage == 1 or t.of(E.ManoeuvreEnded, out)
    ended = t.of(E.ManoeuvreEnded, out)
    assert ended, "the unopposed siege runs to its end"
    cleared = [e for e in t.of(E.DamageCleared, out) if e.card == hero]
    assert cleared and cleared[0].rule == "MK 6.05.M"
    assert t.card(hero).zone == "line" and t.card(hero).pos == "wounded"
    assert t.card(hero).damage == 0


def test_mk_6_05_n_a_damaged_survivor_in_the_line_turns_wounded_and_loses_its_damage():
    t = _hex_on("a-zsolt", [C(A, "x-healing-word"), C(A, "a-ilka", "line")], mp=(8, 10))
    _hex(t, "a-zsolt")
    t.act(A, X.Pass())
    z = t.card(t.idx(A, "a-zsolt"))
    assert (z.zone, z.pos, z.damage) == ("line", "wounded", 0)


def test_mk_6_05_r_an_item_that_lost_its_target_is_neutralised():
    t = _hex_on("a-zsolt", [C(A, "x-counterspell"), C(A, "a-teodor", "line"),
                            C(B, "x-counterspell"), C(B, "a-mira", "line")], mp=(8, 10))
    _hex(t, "a-zsolt", answer=True)                                           # B 7, A 8
    t.act(B, X.Pass())
    hex_uid = t.s.timelines[-1].items[-1].uid
    out = t.act(A, X.Play(t.idx(A, "x-counterspell"), t.idx(A, "a-teodor"), hex_uid))  # A 6
    mine = t.of(E.ItemAdded, out)[0].uid
    assert t.rules.pending(t.s).player == B          # A had nothing more: A passed
    out = t.act(B, X.Play(t.idx(B, "x-counterspell"), t.idx(B, "a-mira"), hex_uid))  # B 5
    while t.s.timelines and t.s.timelines[-1].items:
        d = t.rules.pending(t.s)
        out += t.act(d.player, X.Pass())
    lost = [e for e in t.of(E.ItemUnwound, out) if e.uid == mine]
    assert lost and lost[0].neutralised and lost[0].rule == "MK 6.05.R"
    assert t.card(t.idx(A, "x-counterspell")).zone == "past"
    assert t.card(t.idx(A, "a-zsolt")).damage == 0              # the Hex never took effect


# ---------------------------------------------------------------------------- MK 6.06
def _siege_with_obstacle(obstacle: str, extra: list | None = None,
                         hero: str = "a-halvard") -> Table:
    """B besieges A's lowest tower level (Ember Keep, Wall 2) with one adventurer; A's
    ``obstacle`` lies face down on it; the obstacle phase waits for A."""
    t = Table([C(B, hero, "line"), C(A, obstacle, "attached")] + (extra or []) + KEEP,
              mp=[8, 10])
    t.card(t.idx(A, obstacle)).host = t.idx(A, "t-ember-keep")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, hero)))
    assert t.s.manoeuvre is not None and t.s.manoeuvre.step == "obstacles"
    assert t.rules.pending(t.s).player == A
    return t


def test_mk_6_06_a_a_manoeuvre_opens_its_surrounding_timeline():
    t = Table([C(B, "a-halvard", "line")] + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    assert [tl.kind for tl in t.s.timelines] == ["m_surround"]
    assert t.s.stage == "team"
    t2 = _siege_with_obstacle("o-pit")
    assert [tl.kind for tl in t2.s.timelines] == ["m_surround", "m_obst"]


def test_mk_6_06_b_the_surrounding_timelines_end_clears_damage():
    t = _siege_with_obstacle("o-pit")
    out = t.act(A, X.Activate(t.idx(A, "o-pit")))
    ends = t.of(E.TimelineEnded, out)
    assert ends[-1].kind == "m_surround" and ends[-1].rule == "MK 6.06.B"
    assert t.card(t.idx(B, "a-halvard")).damage == 0


def test_mk_6_06_c_inner_timelines_keep_damage_and_wound_nobody():
    t = _siege_with_obstacle("o-pit", extra=[C(A, "x-healing-word")])
    hero = t.idx(B, "a-halvard")
    out = t.act(A, X.Activate(t.idx(A, "o-pit")))
    obst_end = [i for i, e in enumerate(out) if isinstance(e, E.TimelineEnded)
                and e.kind == "m_obst"][0]
    # right after the obstacle timeline: still damaged, still in the team, not wounded
    assert not [e for e in out[:obst_end] if isinstance(e, E.PositionSet) and e.card == hero]
    assert not [e for e in out[:obst_end] if isinstance(e, E.DamageCleared) and e.card == hero]


def test_mk_6_06_d_an_obstacle_is_activated_once_per_inner_timeline():
    t = _siege_with_obstacle("o-cave-bear", extra=[C(A, "a-borka", "line")])
    bear = t.idx(A, "o-cave-bear")
    t.s.players[A].mp = 8
    t.act(A, X.Activate(bear))
    if t.s.timelines and t.s.timelines[-1].kind == "m_obst" and t.s.timelines[-1].items:
        with pytest.raises(IllegalAction) as exc:
            t.act(A, X.Activate(bear))
        assert exc.value.rule == "MK 6.06.D"
    assert X.Activate(bear) not in t.legal(A)


# ---------------------------------------------------------------------------- MK 6.07
def test_mk_6_07_f_two_passes_in_the_manoeuvres_phase_end_it():
    t = Table([C(A, "a-borka", "line"), C(B, "a-zsolt", "line")] + KEEP, mp=[8, 10])
    t.act(B, X.Pass())
    out = t.act(A, X.Pass())
    assert t.of(E.PhaseBegan, out)[0].phase == "closing"


def test_mk_6_07_f_two_passes_in_a_combat_round_end_it():
    t = Table([C(B, "a-halvard", "line"), C(A, "a-borka", "line"), C(A, "x-cleave")] + KEEP,
              mp=[8, 10])
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    # A blocks with Borka; both teams have one adventurer; the combat rounds begin
    t.act(A, X.Join(t.idx(A, "a-borka")))
    assert t.s.manoeuvre.step == "rounds" and t.rules.pending(t.s).kind == "priority"
    d = t.rules.pending(t.s)
    out = t.act(d.player, X.Pass())
    if t.s.manoeuvre is not None and t.s.manoeuvre.step == "rounds":
        out += t.act(t.rules.pending(t.s).player, X.Pass())
    assert any(isinstance(e, E.StepBegan) and e.step == "result" for e in out)
    assert t.of(E.CombatDecided, out)


def test_mk_6_05_p_an_activated_ability_is_activated_once_per_timeline():
    t = _siege_with_obstacle("o-cave-bear", extra=[C(A, "o-pit", "attached")])
    t.card(t.idx(A, "o-pit")).host = t.idx(A, "t-ember-keep")     # a second one to use
    bear = t.idx(A, "o-cave-bear")
    t.act(A, X.Activate(bear))
    assert t.s.timelines[-1].kind == "m_obst" and bear in t.s.timelines[-1].used
    assert t.rules.pending(t.s).player == A                  # A still holds priority
    assert X.Activate(bear) not in t.legal(A)


def test_mk_6_07_a_b_a_pass_is_no_action_and_opens_no_timeline():
    t = Table([C(A, "a-borka"), C(B, "a-zsolt")] + KEEP, mp=[10, 8])
    out = t.act(A, X.Pass())
    assert not t.of(E.TimelineOpened, out) and not t.of(E.Stamped, out)
    assert t.s.players[A].stamp == 0 and t.s.context_passes == 1


def test_mk_6_07_c_d_a_pass_declines_one_action_only():
    """A (more MP) passes; B takes one action; after it resolves A is active again, and A's
    earlier pass no longer counts towards ending the phase."""
    t = Table([C(A, "a-borka"), C(B, "a-geza"), C(B, "a-zsolt")] + KEEP, mp=[10, 8])
    t.act(A, X.Pass())
    assert t.s.active == B
    out = t.act(B, X.Play(t.idx(B, "a-geza")))                # B 6 MP, A 10
    assert t.s.phase == "manoeuvres" and t.s.active == A and t.s.why == "more_mp"
    assert t.s.context_passes == 0 and not t.of(E.PhaseBegan, out)


def test_mk_6_07_e_fast_effects_outside_a_timeline_go_to_the_active_player_first():
    t = Table([C(A, "x-healing-word"), C(A, "a-ilka", "line", damage=1),
               C(B, "x-healing-word"), C(B, "a-zsolt", "line", damage=1)] + KEEP,
              mp=[10, 8], phase="closing")
    # in the round-closing discard step nobody may act; then its timeline: A first
    t.act(A, X.Done())
    t.act(B, X.Done())
    assert t.s.timelines[-1].kind == "closing" and t.rules.pending(t.s).player == A
    assert t.legal(B) == []
    heal = X.Play(t.idx(A, "x-healing-word"), t.idx(A, "a-ilka"), t.idx(A, "a-ilka"))
    assert heal in t.legal(A)


def test_mk_6_05_q_an_end_of_combat_effect_waits_for_the_end_of_its_timeline():
    t = Table([C(B, "a-szirom", "line"), C(B, "x-smoke-bomb"), C(A, "a-borka", "line")]
              + KEEP, mp=[8, 10])
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-szirom")))
    while t.s.manoeuvre.step != "rounds":            # B keeps the bomb; A blocks with Borka
        d = t.rules.pending(t.s)
        if d.kind == "wall":
            t.act(A, X.WallCheck(False))
        elif d.kind == "team":
            t.act(A, X.Join(t.idx(A, "a-borka")))
        else:
            t.act(d.player, X.Pass())
    assert t.rules.pending(t.s).player == B
    out = t.act(B, X.Play(t.idx(B, "x-smoke-bomb"), t.idx(B, "a-szirom"), -1))
    waits = t.of(E.EndWaits, out)
    assert waits[0].what == "combat" and waits[0].rule == "MK 6.05.Q"
    resolved = out.index(waits[0])
    ended = [i for i, e in enumerate(out) if isinstance(e, E.TimelineEnded)
             and e.kind == "m_action"][0]
    result = [i for i, e in enumerate(out) if isinstance(e, E.StepBegan) and e.step == "result"]
    assert resolved < ended < result[0]                  # the combat ended only at the end
    assert not [e for e in out[resolved:result[0]] if isinstance(e, E.CombatRound)]
    assert t.of(E.CombatDecided, out)


def test_mk_6_05_o_a_copy_of_an_item_pays_nothing_and_its_caster_is_the_copier():
    t = _hex_on("a-zsolt", [C(B, "x-mirror-spell"), C(B, "a-mira", "line")], mp=(8, 10))
    out = _hex(t, "a-zsolt", answer=True)                           # B 7 MP
    hex_uid = t.of(E.ItemAdded, out)[0].uid
    mirror = t.idx(B, "x-mirror-spell")
    out = t.act(B, X.Play(mirror, t.idx(B, "a-mira"), hex_uid))    # B 5 MP
    while t.s.timelines and t.s.timelines[-1].items:
        out += t.act(t.rules.pending(t.s).player, X.Pass())
    copy = [e for e in t.of(E.ItemAdded, out) if e.kind == "copy"]
    assert copy and copy[0].rule == "MK 6.05.O" and copy[0].card == t.idx(B, "x-hex")
    assert copy[0].caster == t.idx(B, "a-mira") and copy[0].target == t.idx(A, "a-zsolt")
    assert t.s.players[B].mp == 5                                  # the copy cost nothing
    hits = [e for e in t.of(E.Damaged, out) if e.card == t.idx(A, "a-zsolt")]
    assert [h.amount for h in hits] == [1, 1]                      # the copy, then the Hex
    assert t.card(t.idx(B, "x-hex")).zone == "past"                # the card went once


def test_mk_5_07_i_a_neutralised_obstacle_activation_uses_the_obstacle_up():
    t = Table([C(B, "a-halvard", "line"), C(B, "a-mira", "line"), C(B, "x-counterspell"),
               C(A, "o-pit", "attached")] + KEEP, mp=[8, 10])
    pit = t.idx(A, "o-pit")
    t.card(pit).host = t.idx(A, "t-ember-keep")
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    t.act(B, X.Join(t.idx(B, "a-mira")))           # nobody else may join: Done is taken
    while t.s.manoeuvre.step != "obstacles":
        t.act(t.rules.pending(t.s).player, X.Pass())
    t.act(A, X.Activate(pit))
    activation = t.s.timelines[-1].items[-1].uid
    assert t.rules.pending(t.s).player == B
    out = t.act(B, X.Play(t.idx(B, "x-counterspell"), t.idx(B, "a-mira"), activation))
    unwound = [e for e in t.of(E.ItemUnwound, out) if e.uid == activation]
    assert unwound and unwound[0].neutralised
    moved = [e for e in out if isinstance(e, E.CardMoved) and e.card == pit]
    assert moved[0].zone == "past" and moved[0].rule == "MK 3.04.G"
    assert not [e for e in t.of(E.Damaged, out) if e.rule == "MK 4.06 \"Csapda aktivizálás\""]
