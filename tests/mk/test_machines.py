"""Machines and build-ons (MK 10.00-10.02, spec §16.4; option ``machines``)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.ctx import value
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive
from tests.mk.helpers import resolve as _resolve


def test_mk_10_01_a_build_on_goes_onto_a_kahrei_adventurer_for_its_printed_mp():
    t = Table([C(A, "a-kahrei-tinker", "line"), C(A, "a-borka", "line"),
               C(A, "o-iron-plating")] + KEEP, mp=[10, 8])
    tinker, borka, plate = t.idx(A, "a-kahrei-tinker"), t.idx(A, "a-borka"), \
        t.idx(A, "o-iron-plating")
    legal = t.legal(A)
    assert X.Build(plate, tinker) in legal and X.Build(plate, borka) not in legal
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.Build(plate, borka))
    assert exc.value.rule == "MK 10.00"
    t.act(A, X.Build(plate, tinker))
    _resolve(t)
    c = t.card(plate)
    assert (c.zone, c.host, c.face_down) == ("attached", tinker, False)
    assert t.s.players[A].mp == 10 - 2
    assert value(t.s, t.rules.pool, t.card(tinker), "level") == 3
    assert not [a for a in t.legal(A) if isinstance(a, X.Unequip) and a.card == plate]


def test_mk_10_01_more_build_ons_than_the_base_level_kill_the_adventurer():
    t = Table([C(A, "a-kahrei-tinker", "line"), C(A, "o-gear-blade", "attached", host=0),
               C(A, "o-gear-blade", "attached", host=0), C(A, "o-gear-blade")] + KEEP,
              mp=[10, 8])
    for n in (1, 2):
        t.card(n).face_down = False                         # built on, open
    tinker = t.idx(A, "a-kahrei-tinker")
    t.act(A, X.Build(t.idx(A, "o-gear-blade", 2), tinker))  # a third on a base level 2
    _resolve(t)
    died = [e for e in t.of(E.Died) if e.card == tinker]
    assert died and died[0].rule == "MK 10.01"
    assert all(t.card(i).zone in ("past", "depth") for i in (0, 1, 2, 3))


def _siege_at_a_machine(machine: str) -> Table:
    t = Table([C(B, "a-halvard", "line"), C(B, "a-geza", "line"),
               C(A, machine, "attached", host=6), C(A, "o-gear-blade")] + KEEP, mp=[10, 12])
    assert t.cards[6]["cid"] == "t-ember-keep"
    t.act(B, X.Siege())
    t.act(B, X.Join(t.idx(B, "a-halvard")))
    t.act(B, X.Join(t.idx(B, "a-geza")))
    _drive(t, lambda d: False if t.s.timelines and t.s.timelines[-1].kind == "m_obst" and
           d.player == A else X.Done() if d.kind in ("team", "order") else None)
    return t


def test_mk_10_02_build_ons_join_a_waiting_machine_activation_and_add_damage():
    t = _siege_at_a_machine("o-steam-ram")
    ram, blade = t.idx(A, "o-steam-ram"), t.idx(A, "o-gear-blade")
    assert X.Build(blade, ram) not in t.legal(A)              # not before it is activated
    t.act(A, X.Activate(ram))
    assert X.Build(blade, ram) in t.legal(A)
    mp = t.s.players[A].mp
    t.act(A, X.Build(blade, ram))
    assert t.s.players[A].mp == mp - 1
    _drive(t, lambda d: False if t.card(ram).zone != "attached" else None)
    hits = {e.card: e.amount for e in t.of(E.Damaged)}
    assert hits == {t.idx(B, "a-halvard"): 2, t.idx(B, "a-geza"): 2}        # 1 + 1
    assert t.card(blade).zone in ("past", "depth") and t.card(ram).zone in ("past", "depth")


def test_mk_10_02_only_machines_take_build_ons_and_only_with_the_option():
    t = _siege_at_a_machine("o-pit")
    pit, blade = t.idx(A, "o-pit"), t.idx(A, "o-gear-blade")
    t.act(A, X.Activate(pit))
    assert X.Build(blade, pit) not in t.legal(A)
    off = Table([C(A, "a-kahrei-tinker", "line"), C(A, "o-gear-blade")] + KEEP, mp=[10, 8],
                options={"machines": False})
    blade = off.idx(A, "o-gear-blade")
    assert not [a for a in off.legal(A) if getattr(a, "card", -1) == blade]
    with pytest.raises(IllegalAction) as exc:
        off.act(A, X.Attach(blade, off.idx(A, "t-ember-keep")))
    assert exc.value.rule == "MK 10.00" and exc.value.key == "subsystem_off"
