"""Equipment, the Storage and arming (MK 3.05.3): played equipment goes to the Storage, is worn
from there by an MP-bound Sor action or while a team is armed, one per slot, relics on named
adventurers only, magic items stay on; boosts go through the number pipeline (MK 5.11); a
wearer leaving Present sends it to the Storage or, from a manoeuvre, destroys it (MK 4.01.K);
armour (MK 2.17)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import current_level, value
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive
from tests.mk.helpers import next_manoeuvres
from tests.mk.helpers import resolve as _resolve


def test_mk_3_05_3_b_played_equipment_goes_to_the_storage_without_a_caster():
    t = Table([C(A, "a-borka", "line"), C(A, "x-chain-shirt")] + KEEP, mp=[10, 8])
    shirt = t.idx(A, "x-chain-shirt")
    assert X.Play(shirt) in t.legal(A)                       # caste-free: MK 3.05.3.D
    t.act(A, X.Play(shirt))
    _resolve(t)
    assert t.card(shirt).zone == "storage" and t.s.players[A].storage == [shirt]
    assert [e.rule for e in t.of(E.CardMoved) if e.card == shirt] == ["MK 3.05.3.B"]
    assert t.card(t.idx(A, "a-borka")).pos == "alert"        # nobody was rotated
    assert t.s.players[A].mp == 8


def test_mk_3_05_3_c_wearing_from_the_storage_is_an_mp_bound_sor_action_whose_boosts_count():
    t = Table([C(A, "a-borka", "line"), C(A, "x-ash-spear", "storage"),
               C(A, "x-pilgrim-cloak", "storage"), C(A, "a-ambrus", "line")] + KEEP,
              mp=[10, 8])
    borka, spear = t.idx(A, "a-borka"), t.idx(A, "x-ash-spear")
    ambrus, cloak = t.idx(A, "a-ambrus"), t.idx(A, "x-pilgrim-cloak")
    assert X.Equip(spear, borka) in t.legal(A)
    out = t.act(A, X.Equip(spear, borka))
    assert t.of(E.Stamped, out) and t.of(E.TimelineOpened, out)      # an action (MK 6.01)
    assert [e.kind for e in t.of(E.ItemAdded, out)] == ["equip"]
    out += _resolve(t)
    assert t.card(spear).zone == "attached" and t.card(spear).host == borka
    assert t.s.players[A].mp == 10                           # 0 MP
    pool = t.rules.pool
    assert value(t.s, pool, t.card(borka), "physique") == 9  # 8 + 1 through MK 5.11
    if t.rules.pending(t.s).player != A:
        t.act(B, X.Pass())
    t.act(A, X.Equip(cloak, ambrus))
    _resolve(t)
    assert current_level(pool, t.card(ambrus), t.s) == 4     # base 3 + 1
    assert t.rules.view(t.s, B).seats[A].storage == ()


def test_mk_3_05_3_e_a_magic_item_cannot_be_detached_but_an_item_can():
    t2 = Table([C(A, "a-ambrus", "line"), C(A, "a-borka", "line"),
                C(A, "x-pilgrim-cloak", "attached", host=0),
                C(A, "x-chain-shirt", "attached", host=1)] + KEEP, mp=[10, 8])
    cloak, shirt = t2.idx(A, "x-pilgrim-cloak"), t2.idx(A, "x-chain-shirt")
    assert X.Unequip(cloak) not in t2.legal(A) and X.Unequip(shirt) in t2.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t2.act(A, X.Unequip(cloak))
    assert exc.value.rule == "MK 3.05.3.E"
    t2.act(A, X.Unequip(shirt))
    _resolve(t2)
    assert t2.card(shirt).zone == "storage" and t2.card(cloak).zone == "attached"


def test_mk_3_05_3_c_an_item_detached_in_the_sor_stays_in_the_storage_until_next_round():
    """Ruling 67: attaching and detaching cost nothing, so back and forth would never end; an
    item detached in the Sor waits in the Storage for the next round."""
    t = Table([C(A, "a-ambrus", "line"), C(A, "a-borka", "line"),
               C(A, "x-chain-shirt", "attached", host=0)] + KEEP, mp=[10, 8])
    borka, shirt = t.idx(A, "a-borka"), t.idx(A, "x-chain-shirt")
    t.act(A, X.Unequip(shirt))
    _resolve(t)
    assert t.card(shirt).zone == "storage"
    if t.rules.pending(t.s).player != A:
        t.act(B, X.Pass())
    assert not [a for a in t.legal(A) if isinstance(a, X.Equip) and a.card == shirt]
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Equip(shirt, borka))
    assert exc.value.rule == "MK 3.05.3.C" and "next round" in exc.value.message
    assert t.card(shirt).zone == "storage"
    next_manoeuvres(t)
    assert t.card(shirt).zone == "storage"
    _drive(t, lambda d: False if d.player == A and d.kind == "priority" else None)
    assert X.Equip(shirt, borka) in t.legal(A)


def test_mk_3_05_3_f_a_relic_is_worn_only_by_a_named_adventurer():
    t = Table([C(A, "a-geza", "line"), C(A, "a-halvard", "line"),
               C(A, "x-founders-signet", "storage")] + KEEP, mp=[10, 8])
    signet, geza, halvard = (t.idx(A, "x-founders-signet"), t.idx(A, "a-geza"),
                             t.idx(A, "a-halvard"))
    assert X.Equip(signet, halvard) in t.legal(A) and X.Equip(signet, geza) not in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Equip(signet, geza))
    assert exc.value.rule == "MK 3.05.3.F" and t.card(signet).zone == "storage"


def test_mk_3_05_3_h_one_equipment_per_slot():
    t = Table([C(A, "a-borka", "line"), C(A, "x-chain-shirt", "attached", host=0),
               C(A, "x-chain-shirt", "storage"), C(A, "x-ash-spear", "storage")] + KEEP,
              mp=[10, 8])
    borka, second = t.idx(A, "a-borka"), t.idx(A, "x-chain-shirt", 1)
    spear = t.idx(A, "x-ash-spear")
    assert X.Equip(second, borka) not in t.legal(A) and X.Equip(spear, borka) in t.legal(A)
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Equip(second, borka))
    assert exc.value.rule == "MK 3.05.3.H"


def test_mk_3_05_3_c_arming_while_the_team_is_composed():
    t = Table([C(A, "a-halvard", "line"), C(A, "a-borka", "line"),
               C(A, "x-chain-shirt", "storage")] + KEEP, mp=[10, 8])
    halvard, shirt = t.idx(A, "a-halvard"), t.idx(A, "x-chain-shirt")
    t.act(A, X.Siege())
    assert not [a for a in t.legal(A) if isinstance(a, X.Equip)]     # nobody picked yet
    t.act(A, X.Join(halvard))
    assert X.Equip(shirt, halvard) in t.legal(A)
    out = t.act(A, X.Equip(shirt, halvard))
    assert not t.of(E.TimelineOpened, out)                   # a step, not an action
    assert t.card(shirt).zone == "attached" and t.card(shirt).host == halvard
    out = t.act(A, X.Done())
    assert [e.card for e in t.of(E.TeamJoined, out)] == [halvard]
    assert t.card(shirt).zone == "attached" and t.card(shirt).host == halvard   # worn home


def test_mk_4_01_k_a_wearer_dying_in_a_manoeuvre_destroys_its_equipment():
    # Géza (level 1) wears the Chain Shirt into a siege; B's Pit deals 1 to the team
    t = Table([C(A, "a-geza", "line"), C(A, "x-chain-shirt", "attached", host=0),
               C(B, "o-pit", "attached")] + KEEP, mp=[10, 8])
    geza, shirt, pit = t.idx(A, "a-geza"), t.idx(A, "x-chain-shirt"), t.idx(B, "o-pit")
    t.card(pit).host = t.idx(B, "t-glass-spire")
    t.act(A, X.Siege())
    t.act(A, X.Join(geza))
    out = _drive(t, lambda d: X.Activate(pit) if X.Activate(pit) in t.legal(B) else
                 False if t.s.manoeuvre is None else
                 X.WallCheck(False) if d.kind == "wall" else
                 X.Done() if d.kind in ("team", "order") else None)
    assert t.card(geza).zone == "past"
    moved = [e for e in t.of(E.CardMoved, out) if e.card == shirt]
    assert moved and moved[0].rule == "MK 4.01.K" and t.card(shirt).zone == "past"


def test_mk_3_05_3_c_a_wearer_dying_in_the_line_sends_its_equipment_to_the_storage():
    # A's Hex deals 1 to Géza (level 1) in B's Line: he dies at the timeline's end
    t = Table([C(A, "a-teodor", "line"), C(B, "a-geza", "line"),
               C(B, "x-chain-shirt", "attached", host=1), C(A, "x-hex")] + KEEP, mp=[10, 8])
    teodor, geza = t.idx(A, "a-teodor"), t.idx(B, "a-geza")
    shirt, hex_ = t.idx(B, "x-chain-shirt"), t.idx(A, "x-hex")
    t.act(A, X.Play(hex_, teodor, geza))
    _resolve(t)
    assert t.card(geza).zone == "past"
    moved = [e for e in t.events if isinstance(e, E.CardMoved) and e.card == shirt]
    assert moved[0].rule == "MK 3.05.3.C" and t.card(shirt).zone == "storage"
    assert t.s.players[B].storage == [shirt] and t.card(shirt).controller == B


def test_mk_2_17_d_armour_reduces_a_beast_s_damage_once_when_a_roll_is_within_it():
    """Over several seeds: every beast total on the armoured adventurer is the sum of its hits
    less the SFÉ (1) when one of the hitting rolls was ≤ VÉDŐKÜSZÖB (6)."""
    seen_cut = False
    for rng in range(1, 40):
        t = Table([C(A, "a-halvard", "line"), C(A, "x-chain-shirt", "attached", host=0),
                   C(B, "o-cave-bear", "attached")] + KEEP, mp=[10, 8], rng=rng)
        bear = t.idx(B, "o-cave-bear")
        t.card(bear).host = t.idx(B, "t-glass-spire")
        t.act(A, X.Siege())
        t.act(A, X.Join(t.idx(A, "a-halvard")))
        out = _drive(t, lambda d: X.Activate(bear) if X.Activate(bear) in t.legal(B) else
                     False if t.s.beast == [] and t.of(E.BeastEnded) else None)
        rolls = [e.total for e in t.of(E.RollJudged, out) if e.purpose == "beast"]
        hits = t.of(E.BeastHit, out)
        if not hits:
            continue
        cut = 1 if any(h.armour for h in hits) else 0
        assert cut == (1 if any(r <= 6 for r in rolls if r <= 7) else 0)
        total = sum(h.amount for h in hits) - cut
        dealt = [e.amount for e in t.of(E.Damaged, out) if e.rule == "MK 4.06 \"Bestia\".I"]
        assert dealt == ([total] if total > 0 else [])
        seen_cut = seen_cut or bool(cut)
    assert seen_cut
