"""UI string catalogs (``en.toml``, ``hu.toml``) and the lookups ``t(key, **params)`` (the app's
own strings) and ``tr(ns, key, **params)`` (a ruleset's strings, under its namespace).

Keys are dotted (``pane.board``); the catalogs are nested TOML tables flattened on load. Both
languages must hold the same keys (a test checks it); a missing key shows as ``⟨key⟩`` rather
than crashing the app. A ruleset's catalog lives in ``hkk_tui/rulesets/<name>/i18n/{en,hu}.toml`` (or
in the folder its UI plugin registers with :func:`register_catalog`); ``tr`` looks there first,
then in the app's catalog, so a ruleset shares the app's common words.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

LANGS = ("hu", "en")
_DIR = Path(__file__).resolve().parent
_CATALOGS: dict[str, dict[str, str]] = {}
#: namespaces of the app's own parts with a catalog folder of their own (network play)
_NS_DIRS: dict[str, Path] = {"net": _DIR.parent / "net_i18n"}
_NS_CATALOGS: dict[tuple[str, str], dict[str, str]] = {}
_lang = "hu"


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = str(v)
    return out


def catalog(lang: str) -> dict[str, str]:
    """The flattened catalog of ``lang`` (loaded once)."""
    if lang not in _CATALOGS:
        with open(_DIR / f"{lang}.toml", "rb") as f:
            _CATALOGS[lang] = _flatten(tomllib.load(f))
    return _CATALOGS[lang]


def register_catalog(ns: str, directory: Path) -> None:
    """Use ``directory`` (holding ``en.toml`` and ``hu.toml``) as the catalog of namespace
    ``ns`` (a ruleset's name); the default is ``hkk_tui/rulesets/<ns>/i18n``."""
    _NS_DIRS[ns] = Path(directory)
    for lang in LANGS:
        _NS_CATALOGS.pop((ns, lang), None)


def ns_catalog(ns: str, lang: str) -> dict[str, str]:
    """The flattened catalog of ruleset namespace ``ns`` in ``lang`` (empty if it has none)."""
    key = (ns, lang)
    if key not in _NS_CATALOGS:
        directory = _NS_DIRS.get(ns, _DIR.parent / "rulesets" / ns / "i18n")
        try:
            with open(directory / f"{lang}.toml", "rb") as f:
                _NS_CATALOGS[key] = _flatten(tomllib.load(f))
        except FileNotFoundError:
            _NS_CATALOGS[key] = {}
    return _NS_CATALOGS[key]


def set_lang(lang: str) -> None:
    global _lang
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {LANGS}")
    _lang = lang


def get_lang() -> str:
    return _lang


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or _lang)


def t(key: str, lang: str | None = None, /, **params: Any) -> str:
    """The string ``key`` in ``lang`` (default: the current language), formatted with params.
    A key ``ns:key`` is looked up as :func:`tr` does (a ruleset's key in a binding)."""
    if ":" in key:
        ns, _, rest = key.partition(":")
        return tr(ns, rest, lang, **params)
    return _format(key, catalog(lang or _lang).get(key), params)


def tr(ns: str, key: str, lang: str | None = None, /, **params: Any) -> str:
    """The string ``key`` of ruleset namespace ``ns`` (falling back to the app's catalog)."""
    lang = lang or _lang
    text = ns_catalog(ns, lang).get(key) if ns else None
    if text is None:
        text = catalog(lang).get(key)
    return _format(key, text, params)


def has_tr(ns: str, key: str, lang: str | None = None) -> bool:
    lang = lang or _lang
    return key in ns_catalog(ns, lang) or key in catalog(lang)


def _format(key: str, text: str | None, params: dict[str, Any]) -> str:
    if text is None:
        return f"⟨{key}⟩"
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text
