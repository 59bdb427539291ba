"""The ruleset registry: every game hkk plays is a plugin registered here by name.

``header.ruleset`` selects the plugin everywhere — new game, load (the store reads the header,
then asks the plugin for its codec), import, verify, replay, the debugger, sim and bench. Nothing
outside a ruleset's own packages imports it: the built-in plugins are found by module path and
others by the ``hkk.rulesets`` entry-point group, each module exposing ``PLUGIN``.

A plugin is any object with the attributes and methods of :class:`RulesetPlugin`; the conformance
suite (``tests/conformance``) runs over every registered one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol

from engine.core.log import Header, Seat

#: Plugins that ship with hkk (module paths; each module defines ``PLUGIN``).
BUILTIN = ("engine.hkk.plugin", "engine.sw.plugin", "engine.tk.plugin", "engine.magus.plugin")

#: What lists a built-in before its module is imported — its name, citation prefix, title and
#: seats, as its ``PLUGIN`` declares them (tests/test_speed_startup.py checks they agree): the
#: title screen lists the games without importing their engines (the first frame is sooner).
LISTED: dict[str, dict[str, Any]] = {
    "engine.hkk.plugin": {"name": "hkk", "prefix": "K", "seats": (2, 2),
                          "title": {"en": "Hatalom Kártyái", "hu": "Hatalom Kártyái"}},
    "engine.sw.plugin": {"name": "sw", "prefix": "SW", "seats": (2, 2),
                         "title": {"en": "Summoner Wars", "hu": "Summoner Wars"}},
    "engine.tk.plugin": {"name": "tk", "prefix": "TK", "seats": (2, 4),
                         "title": {"en": "Tash-Kalar", "hu": "Tash-Kalar"}},
    # A listing with "menu": False (and a plugin saying the same) keeps a ruleset in progress
    # playable by name only; M.A.G.U.S. is offered since its own UI plays a whole game by keys.
    "engine.magus.plugin": {"name": "mk", "prefix": "MK", "seats": (2, 2),
                            "title": {"en": "M.A.G.U.S.", "hu": "M.A.G.U.S."}},
}

ENTRY_POINT_GROUP = "hkk.rulesets"

#: other names a built-in answers to (``hkk sim --ruleset magus``)
_ALIASES = {"magus": "mk"}


class UnknownRuleset(LookupError):
    """No plugin of that name is installed; the message says which ones are."""


@dataclass(frozen=True)
class DeckInfo:
    """One ready deck (or army, or colour set) of a ruleset, for menus and ``hkk decks list``."""

    id: str
    name: dict[str, str]                 # {"en": ..., "hu": ...}
    description: dict[str, str]
    size: int = 0


@dataclass(frozen=True)
class ContentProblem:
    """One problem found in a content file: which file, which item, what to do."""

    file: str
    item: str
    message: str


class RulesetPlugin(Protocol):
    name: str                            # "hkk"
    prefix: str                          # citation prefix: "K", "SW", "MK", "TK"
    title: dict[str, str]                # {"en": ..., "hu": ...}
    seats: tuple[int, int]               # (min, max)
    options: dict[str, Any]              # game options with their defaults
    bots: dict[str, Callable[[Any, int], Any]]   # name -> factory(ruleset, seed)
    default_bot: str

    def ruleset_for(self, header: Header) -> Any: ...
    def codec(self) -> Any: ...
    def rules(self) -> dict[str, tuple[str, str]]: ...      # code -> (en, hu)
    def rule_of(self, event: Any) -> str: ...
    def decks(self) -> list[DeckInfo]: ...
    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]: ...
    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header: ...
    def load_scenario(self, path: Path) -> Any: ...
    def scenario_game(self, spec: Any, seed: int, seats: tuple[Seat, ...] | None = None,
                      options: dict[str, Any] | None = None) -> tuple[Header, Any]: ...


_PLUGINS: dict[str, Any] = {}
_LOADED = False          # the built-ins are registered
_FOUND = False           # the installed entry points are registered too


class Deferred:
    """A built-in plugin listed from :data:`LISTED`; anything else it is asked imports its
    module and is answered by its ``PLUGIN`` (``loaded()`` gives that object itself)."""

    def __init__(self, module: str, listed: dict[str, Any]) -> None:
        self._module = module
        self._listed = listed
        self._plugin: Any = None

    def loaded(self) -> Any:
        if self._plugin is None:
            self._plugin = importlib.import_module(self._module).PLUGIN
        return self._plugin

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        listed = self.__dict__["_listed"]
        if attr in listed:
            return listed[attr]
        return getattr(self.loaded(), attr)

    def __repr__(self) -> str:
        return f"<plugin {self._listed['name']} ({self._module})>"


def register(plugin: Any) -> Any:
    """Add (or replace) a plugin under ``plugin.name``; returns it."""
    _PLUGINS[plugin.name] = plugin
    return plugin


def unregister(name: str) -> None:
    _PLUGINS.pop(name, None)


def _load(installed: bool = True) -> None:
    """Register the built-in plugins, then (``installed``) those of installed packages. Looking
    up a built-in by name does not scan the installed packages (that costs a start-up)."""
    global _LOADED, _FOUND
    if not _LOADED:
        _LOADED = True
        for module in BUILTIN:
            listed = LISTED.get(module)
            register(Deferred(module, listed) if listed else
                     importlib.import_module(module).PLUGIN)
    if not installed or _FOUND:
        return
    _FOUND = True
    try:
        from importlib import metadata
        found = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # noqa: BLE001 - a broken environment must not stop the built-ins
        found = ()
    for ep in found:
        if ep.name in _PLUGINS:
            continue
        try:
            register(ep.load())
        except Exception:  # noqa: BLE001 - one broken plugin must not stop the others
            continue


def names() -> list[str]:
    """The registered rulesets, built-ins first."""
    _load()
    return list(_PLUGINS)


def offered() -> list[str]:
    """The rulesets menus offer: every registered one but those still in progress (``menu``
    false in their listing, e.g. M.A.G.U.S. before its UI lands), which stay playable by name."""
    return [n for n in names() if getattr(_PLUGINS[n], "menu", True) is not False]


def plugins() -> list[Any]:
    _load()
    return list(_PLUGINS.values())


def get(name: str) -> Any:
    """The plugin called ``name``, or :class:`UnknownRuleset` naming the installed ones."""
    _load(installed=False)
    if name not in _PLUGINS:
        name = _ALIASES.get(name, name)
    if name not in _PLUGINS:
        _load()
    try:
        return _PLUGINS[name]
    except KeyError:
        known = ", ".join(_PLUGINS) or "none"
        raise UnknownRuleset(f"There is no ruleset called '{name}' in this hkk (installed: "
                             f"{known}); `hkk rulesets` lists them.") from None


def for_header(header: Header) -> Any:
    """The plugin a save's header names."""
    return get(header.ruleset)


def ruleset_for(header: Header) -> Any:
    """The rules object for a recorded header (with the content the header pins)."""
    return for_header(header).ruleset_for(header)
