"""Overrides (MK 5.10) and the number pipeline (MK 5.11) with the rulebook's examples."""

from __future__ import annotations

from engine.magus.numbers import Mod, compute, winner


def test_mk_5_11_c_an_opposite_modifier_first_cancels_a_limited_ones_unused_part():
    # Physique 5, "−5 but not below 1", then "+2": 1, and the +2 first cancels the unused −1
    assert compute(5, [Mod("add", -5, floor=1, time=1), Mod("add", 2, time=2)]) == 2


def test_mk_5_11_a_a_limit_restricts_only_its_own_modifier():
    # Physique 10, "−5 not below 1" and "−5": 0 (the adventurer dies, MK 3.07.3)
    assert compute(10, [Mod("add", -5, floor=1, time=1), Mod("add", -5, time=2)]) == 0


def test_mk_5_11_d_the_strong_tier_comes_after_the_weak_one():
    # Physique 10, weak "−2" and strong "becomes 3": 3; a weak setter instead: 1
    assert compute(10, [Mod("add", -2, time=1), Mod("set", 3, strong=True, time=2)]) == 3
    assert compute(10, [Mod("add", -2, time=1), Mod("set", 3, time=2)]) == 1


def test_mk_1_10_a_b_printed_values_never_negative_dp_may_be():
    assert compute(2, [Mod("add", -5)]) == 0
    assert compute(2, [Mod("add", -5)], allow_negative=True) == -3


def test_mk_5_10_strong_then_prohibiting_then_later_wins():
    weak_permit = Mod("set", 1, time=5)
    strong = Mod("set", 2, strong=True, time=1)
    prohibit = Mod("set", 3, prohibit=True, time=1)
    later = Mod("set", 4, time=9)
    assert winner([weak_permit, strong, prohibit]) is strong                     # MK 5.10.C
    assert winner([weak_permit, prohibit]) is prohibit                           # MK 5.10.F
    assert winner([weak_permit, later]) is later                                 # MK 5.10.H
