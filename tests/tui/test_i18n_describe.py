"""Both catalogs hold the same keys (the app's and every registered ruleset's); every event type
and every refusal key has words in both."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import msgspec
import pytest

from engine.core.game import IllegalAction
from engine.hkk import events as E
from engine.hkk.state import Attack, LineItem, Target, Task, Trigger
from hkk_tui.rulesets.hkk.describe import Namer, describe_event
from hkk_tui.words import describe_illegal
from engine.core import registry
from hkk_tui.i18n import catalog, ns_catalog
from hkk_tui.rulesets import get_ui, register_ui

ROOT = Path(__file__).resolve().parents[2]


def test_catalogs_have_the_same_keys():
    en, hu = set(catalog("en")), set(catalog("hu"))
    assert not en - hu, f"missing in hu.toml: {sorted(en - hu)}"
    assert not hu - en, f"missing in en.toml: {sorted(hu - en)}"


@pytest.mark.parametrize("name", sorted(set(registry.names()) | {"toy"}))
def test_every_rulesets_catalogs_have_the_same_keys(name):
    """Every registered ruleset's UI catalog (and the test-only Toy Grid's, toy_ui.py)."""
    if name == "toy":
        from toy_ui import ToyUI

        register_ui(ToyUI())
    get_ui(name)                                   # registers its catalog folder
    en, hu = set(ns_catalog(name, "en")), set(ns_catalog(name, "hu"))
    assert en, f"the ruleset {name} has no catalog"
    assert not en - hu, f"missing in {name}'s hu.toml: {sorted(en - hu)}"
    assert not hu - en, f"missing in {name}'s en.toml: {sorted(hu - en)}"
    # the game screen's own words, whatever the ruleset (Space where nothing can be passed)
    assert "illegal.cannot_pass" in en, f"{name}'s catalogs lack illegal.cannot_pass"


def test_every_key_used_in_the_code_exists():
    """A key the app's code names is in the app's catalog; a key a ruleset's UI names is in its
    catalog or the app's."""
    import re

    missing = []
    for p in (ROOT / "hkk_tui").rglob("*.py"):
        text = p.read_text()
        used = set(re.findall(r'\bt\(\s*"([a-z_0-9]+\.[a-z_0-9.]+)"', text))
        used |= set(re.findall(r'"(key\.[a-z_0-9]+)"', text))
        used |= set(re.findall(r'"([a-z_0-9]+):(key\.[a-z_0-9]+)"', text))
        parts = p.relative_to(ROOT / "hkk_tui").parts
        ns = parts[1] if parts[0] == "rulesets" and len(parts) > 2 else ""
        for key in used:
            if isinstance(key, tuple):
                key_ns, key = key
            else:
                key_ns = ns
            for lang in ("en", "hu"):
                if key not in catalog(lang) and key not in (ns_catalog(key_ns, lang)
                                                           if key_ns else {}):
                    missing.append((str(p.relative_to(ROOT)), lang, key))
    assert not missing, missing


def _sample(cls):
    values = {}
    for f in msgspec.structs.fields(cls):
        tp = f.type
        if tp is int:
            values[f.name] = 1
        elif tp is str:
            values[f.name] = {"phase": "main1", "zone": "graveyard",
                              "reason": "life" if cls is E.GameEnded else "died",
                              "kind": "strengthening"}.get(f.name, "x")
        elif tp is bool:
            values[f.name] = True
        elif tp is Task:
            values[f.name] = Task("priority", 0)
        elif tp is LineItem:
            values[f.name] = LineItem("card", 1, 0, targets=(Target("c", 2),))
        elif tp is Trigger:
            values[f.name] = Trigger(1, 0, 0)
        elif tp is Attack:
            values[f.name] = Attack(1, Target("p", 1))
        else:
            values[f.name] = ()
    return cls(**values)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_event_type_is_described(lang):
    from engine.hkk.pool import load_pool

    pool = load_pool()
    cids = list(pool)[:5]
    namer = Namer(pool, cids, ["Anna", "Béla"], lang)
    for cls in typing.get_args(E.Event):
        text = describe_event(_sample(cls), namer)
        assert text and "⟨" not in text and "Event:" not in text and "Esemény:" not in text, \
            (cls.__name__, text)
    won = describe_event(E.GameEnded(0, "life", "K 3.14"), namer)
    assert "Anna" in won


def _refusal_keys(ruleset: str = "hkk") -> set[str]:
    """The refusal keys of one ruleset's engine package (each ruleset words its own)."""
    keys = set()
    for p in (ROOT / "engine" / ruleset).rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "refuse":
                if len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                    keys.add(node.args[2].value)
    return keys


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_refusal_key_is_translated(lang):
    keys = _refusal_keys()
    assert len(keys) > 30
    # HKK's refusals are HKK's words (its catalog); the core's own ones are the app's
    missing = sorted(k for k in keys if f"illegal.{k}" not in ns_catalog("hkk", lang))
    assert not missing, missing
    assert {"illegal.malformed", "illegal.bad_seat"} <= set(catalog(lang))
    exc = IllegalAction("K 4.20.3", "This card costs 3 VP but you have 1.", "no_vp", cost=3, vp=1)
    text = describe_illegal(exc, lang, "hkk")
    assert "3" in text and "1" in text and text.endswith("(K 4.20.3)")
