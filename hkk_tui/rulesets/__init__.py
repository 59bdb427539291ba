"""UI plugins: what the generic shell needs from a ruleset's own front end.

The shell (title, session, game screen, replay and debugger, saves, settings, log, prompt, track
pane, hand-over, result) works from the protocol (``ruleset.view``, ``track``, ``hints``,
``result``, ``redact``, ``summary``) and the plugin found in ``engine.core.registry``. What only a
ruleset can say — how its board and hand look, what its events and menu lines read like, what
its cards say — comes from its UI plugin, found here by the ruleset's name:
``hkk_tui.rulesets.<name>`` exposes ``UI`` (or a plugin is registered with :func:`register_ui`,
as the tests do for Toy Grid). :class:`~hkk_tui.rulesets.base.BaseUI` gives every default.

A UI plugin is an object with (see BaseUI for the signatures and defaults):

* ``name`` (the ruleset's), ``css_path`` (layout CSS added to the app, or None; the game and
  replay screens carry the class ``ruleset-<name>`` to scope it), ``catalog_dir`` (its
  ``en.toml``/``hu.toml``; namespace = ``name``), ``bindings`` (extra game-screen keys);
* ``board_widget()`` and ``hand_widget()``: the widgets of the Board and Hand panes, each with
  ``show(view, table, hints)``; they post :class:`~hkk_tui.widgets.messages.Picked` and
  :class:`~hkk_tui.widgets.messages.ShowDetail` (a hand may post
  :class:`~hkk_tui.widgets.messages.Hovered` so a grid board marks where a card can go); a grid
  game's board subclasses the shared :class:`~hkk_tui.widgets.grid.Grid`; ``first_focus``
  names the pane focused first (``board`` for a grid game);
* ``table(header, ruleset, names, lang)``: the per-game helper the shell talks to — ``describe``
  (a redacted event as ``(text, rule)`` or None), ``label``/``option_label`` (menu lines from
  ActionHints), ``track_label`` (a track item; ``track_is_list`` for a turn track shown in order
  rather than as a stack), ``prompt`` (what a decision asks),
  ``result_reason``, ``detail_screen`` (a card's detail), ``inspect`` (the debugger's state
  text), ``replay_turn``/``replay_phase`` (jump marks for the replay).
"""

from __future__ import annotations

import importlib
from typing import Any

_UIS: dict[str, Any] = {}


def register_ui(ui: Any) -> Any:
    """Use ``ui`` as the front end of ruleset ``ui.name`` (tests, plugins from elsewhere)."""
    from hkk_tui.i18n import register_catalog

    _UIS[ui.name] = ui
    if getattr(ui, "catalog_dir", None) is not None:
        register_catalog(ui.name, ui.catalog_dir)
    return ui


def unregister_ui(name: str) -> None:
    _UIS.pop(name, None)


def get_ui(name: str) -> Any:
    """The UI plugin of ruleset ``name``: a registered one, else ``hkk_tui.rulesets.<name>``'s
    ``UI``, else the generic :class:`~hkk_tui.rulesets.base.BaseUI` (texts from the catalogs,
    a plain board)."""
    if name not in _UIS:
        try:
            module = importlib.import_module(f"hkk_tui.rulesets.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"hkk_tui.rulesets.{name}":
                raise
            from hkk_tui.rulesets.base import BaseUI

            _UIS[name] = BaseUI(name)
        else:
            register_ui(module.UI)
    return _UIS[name]
