"""Weapon-granted attacks (MK 3.05.3.K, G; ruling 71): a worn weapon with a reach lets its
wearer, alert in the combat rounds, attack for the weapon's MP, turning resting: a melee weapon
from the front row at an enemy front-liner, a ranged weapon from the protected row at any enemy
in the combat; the attack is rolled against the wearer's Physique and armour counts."""

from __future__ import annotations

from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table, refused, to_combat_rounds
from tests.mk.helpers import drive as _drive


def _combat(protect_geza: bool = True, protect_zsolt: bool = True) -> Table:
    """A's Borka (the Ash Spear, melee) and Géza (the Yew Bow, ranged) against B's Halvard and
    Zsolt on A's quest; stop at A's first combat-round decision."""
    t = Table([C(A, "a-borka", "line"), C(A, "a-geza", "line"), C(A, "q-lost-lantern", "quests"),
               C(A, "x-ash-spear", "attached", host=0), C(A, "x-yew-bow", "attached", host=1),
               C(B, "a-halvard", "line"), C(B, "a-zsolt", "line")] + KEEP, mp=[10, 8])
    geza, zsolt = t.idx(A, "a-geza"), t.idx(B, "a-zsolt")
    t.act(A, X.SolveQuest(t.idx(A, "q-lost-lantern")))

    def answer(d):
        legal = t.legal(d.player)
        if d.kind == "team":
            return next((a for a in legal if isinstance(a, X.Join)), X.Done())
        if d.kind == "order":
            want = X.Protect(geza if d.player == A else zsolt)
            wish = protect_geza if d.player == A else protect_zsolt
            return want if wish and want in legal else X.Done()
        m = t.s.manoeuvre
        if m is not None and m.step == "rounds" and d.kind == "priority" and d.player == A \
                and t.s.timelines[-1].kind == "m_surround":
            return False
        return None

    _drive(t, answer)
    assert t.s.manoeuvre is not None and t.s.manoeuvre.step == "rounds"
    return t


def test_mk_3_05_3_k_a_melee_weapon_attacks_front_vs_front():
    t = _combat()
    spear, halvard, zsolt = t.idx(A, "x-ash-spear"), t.idx(B, "a-halvard"), t.idx(B, "a-zsolt")
    assert not t.card(zsolt).front and t.card(halvard).front
    strikes = {(a.card, a.target) for a in t.legal(A) if isinstance(a, X.Strike)}
    assert (spear, halvard) in strikes and (spear, zsolt) not in strikes
    refused(t, A, X.Strike(spear, zsolt), "MK 3.05.3.K", "strike_melee")


def test_mk_3_05_3_k_a_ranged_weapon_attacks_from_the_protected_row_at_any_enemy():
    t = _combat()
    bow, halvard, zsolt = t.idx(A, "x-yew-bow"), t.idx(B, "a-halvard"), t.idx(B, "a-zsolt")
    strikes = {(a.card, a.target) for a in t.legal(A) if isinstance(a, X.Strike)}
    assert {(bow, halvard), (bow, zsolt)} <= strikes


def test_mk_3_05_3_k_a_ranged_weapon_does_not_attack_from_the_front_row():
    t = _combat(protect_geza=False)
    bow, geza, halvard = t.idx(A, "x-yew-bow"), t.idx(A, "a-geza"), t.idx(B, "a-halvard")
    assert t.card(geza).front
    assert not [a for a in t.legal(A) if isinstance(a, X.Strike) and a.card == bow]
    refused(t, A, X.Strike(bow, halvard), "MK 3.05.3.K", "strike_ranged")


def test_mk_3_05_3_k_the_wearer_rotates_pays_and_rolls_against_his_physique():
    t = _combat()
    spear, borka, halvard = t.idx(A, "x-ash-spear"), t.idx(A, "a-borka"), t.idx(B, "a-halvard")
    mp = t.s.players[A].mp
    out = t.act(A, X.Strike(spear, halvard))
    assert t.card(borka).pos == "resting" and t.s.players[A].mp == mp - 1
    added = t.of(E.ItemAdded, out)
    assert [(e.kind, e.card, e.caster, e.target) for e in added] == \
        [("weapon", spear, borka, halvard)]
    assert not [a for a in t.legal(A) if isinstance(a, X.Strike) and a.card == spear]
    out += _drive(t, lambda d: False if t.s.timelines[-1].kind != "m_action" else None)
    rolls = [e for e in t.of(E.RollJudged, out) if e.purpose == "attack"]
    assert len(rolls) == 1 and rolls[0].high == 8 + 1          # Borka's 8, the spear's +1
    hits = [e for e in t.of(E.Damaged, out) if e.card == halvard]
    assert bool(hits) == rolls[0].success
    assert all(e.amount == 2 for e in hits)


def test_mk_3_05_3_g_a_weapon_in_the_storage_does_not_attack():
    t = _combat()
    refused(t, A, X.Strike(t.idx(A, "q-lost-lantern"), t.idx(B, "a-halvard")), "MK 3.05.3.G",
            "strike_weapon")


def test_mk_3_05_3_k_the_offer_names_the_weapon_and_its_target():
    from hkk_tui.i18n import ns_catalog

    t = _combat()
    spear, halvard = t.idx(A, "x-ash-spear"), t.idx(B, "a-halvard")
    hints = t.rules.hints(t.rules.view(t.s, A), t.legal(A))
    mine = [h for h in hints if h.label == "act.strike" and h.params.get("card") == spear and
            h.params.get("target") == halvard]
    assert len(mine) == 1 and [r.id for r in mine[0].targets] == [halvard]
    for lang in ("en", "hu"):
        assert "act.strike" in ns_catalog("mk", lang)


def test_mk_8_03_d_no_weapon_attacks_on_the_antiss():
    """A weapon's attack is an equipment ability, not a permanent or antiss one (ruling 71)."""
    t = Table([C(A, "a-dream-walker", "line"), C(A, "a-borka", "line", pos="resting"),
               C(A, "q-dreaming-gate", "quests"), C(B, "a-halvard", "line"),
               C(A, "x-ash-spear", "attached", host=1)] + KEEP, mp=[10, 8])
    walker, borka = t.idx(A, "a-dream-walker"), t.idx(A, "a-borka")
    spear, halvard = t.idx(A, "x-ash-spear"), t.idx(B, "a-halvard")
    t.act(A, X.SolveQuest(t.idx(A, "q-dreaming-gate")))
    t.act(A, X.Join(walker))
    t.act(A, X.Join(borka))
    to_combat_rounds(t, halvard)
    assert t.s.manoeuvre is not None and t.s.manoeuvre.kind == "antiss"
    t.s.cards[borka].pos = "alert"                  # even an alert front-liner may not strike
    assert t.card(borka).front and t.card(halvard).front
    assert not [a for a in t.legal(A) if isinstance(a, X.Strike)]
    refused(t, A, X.Strike(spear, halvard), "MK 8.03.D")
