"""Issue 15, the first frame: the title screen does not wait for any ruleset's engine or UI."""

from __future__ import annotations

import subprocess
import sys


def _fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_listing_the_games_and_their_layouts_imports_no_rules_engine():
    """The registry lists every game and the app gathers every layout at start without
    importing any ruleset's engine or UI package."""
    out = _fresh(
        "import sys, hkk_tui.cli, hkk_tui.app as a; from engine.core import registry;"
        "[p.title for p in registry.plugins()]; a.css_paths();"
        "print(sorted(m for m in sys.modules if m.startswith(('engine.hkk', 'engine.sw',"
        " 'hkk_tui.rulesets.hkk', 'hkk_tui.rulesets.sw', 'rich.progress'))))")
    assert out == "[]"


def test_the_layouts_found_without_importing_are_the_ui_plugins_own():
    from hkk_tui.app import _CSS, css_paths
    from hkk_tui.rulesets import get_ui

    paths = css_paths()
    assert paths[0] == _CSS
    assert get_ui("hkk").css_path in paths and get_ui("sw").css_path in paths
    assert all(p.is_file() for p in paths)


def test_what_lists_a_built_in_is_what_its_plugin_declares():
    """The registry lists the built-ins from ``LISTED`` before importing them: it must say
    what each ``PLUGIN`` says."""
    import importlib

    from engine.core import registry

    for module, listed in registry.LISTED.items():
        real = importlib.import_module(module).PLUGIN
        assert {k: getattr(real, k) for k in listed} == listed, module
        deferred = registry.get(listed["name"])
        assert deferred.loaded() is real and deferred.rules() == real.rules()


def test_the_plugin_still_answers_everything_it_did():
    from engine.core import registry

    plugin = registry.get("hkk")
    assert plugin.options["auto_pass"] is True
    assert len(plugin.decks()) == 4 and plugin.rules() and plugin.codec() is not None
    header = plugin.new_header(tuple(d.id for d in plugin.decks()[:2]), 7)
    assert plugin.ruleset_for(header).version == "5"
