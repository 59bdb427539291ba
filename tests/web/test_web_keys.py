"""Keys in a browser (issue 19): a browser keeps some keys for itself (Ctrl+W, Ctrl+T, Ctrl+N,
Ctrl+Tab... — :data:`hkk_tui.web.BROWSER_KEYS`) and never hands them to the page, so every
action of every hkk screen must have a key the browser lets through."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import hkk_tui
from hkk_tui.web import BROWSER_KEYS


def _bindings() -> dict[tuple[str, str], set[str]]:
    """The keys of each (class, action) that hkk binds: every binding declared in hkk_tui, and
    those of Textual's App and Screen that every hkk screen inherits."""
    from textual.app import App
    from textual.binding import Binding
    from textual.dom import DOMNode
    from textual.screen import Screen

    out: dict[tuple[str, str], set[str]] = {}
    seen = set()
    for info in pkgutil.walk_packages(hkk_tui.__path__, "hkk_tui."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:                      # an optional extra that is not installed
            continue
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, DOMNode) or cls in seen or \
                    not cls.__module__.startswith("hkk_tui."):
                continue
            seen.add(cls)
            for klass in cls.__mro__:
                if not (klass.__module__.startswith("hkk_tui.") or klass in (App, Screen)):
                    continue
                for b in klass.__dict__.get("BINDINGS", []) or []:
                    keys, action = (b.key, b.action) if isinstance(b, Binding) else b[:2]
                    out.setdefault((cls.__qualname__, action), set()).update(
                        k.strip().lower() for k in keys.split(","))
    return out


def test_every_hkk_binding_has_a_key_the_browser_lets_through():
    bindings = _bindings()
    assert len(bindings) > 50, "the bindings were not found"
    stuck = {where: keys for where, keys in bindings.items() if keys <= BROWSER_KEYS}
    assert not stuck, f"bindings a browser swallows, give each a second key: {stuck}"


def test_the_browser_keys_are_told_on_the_page_and_in_the_readme():
    from pathlib import Path

    from hkk_tui.web_page import say

    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    for lang in ("en", "hu"):
        line = say(lang, "help")
        assert "Ctrl+W" in line and "Ctrl+T" in line and "Ctrl+N" in line
    web = readme[readme.index("### In a browser"):]
    for key in ("Ctrl+W", "Ctrl+T", "Ctrl+N", "Ctrl+Tab", "Ctrl+PgUp"):
        assert key in web, key
