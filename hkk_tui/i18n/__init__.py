"""UI string catalogs (``en.toml``, ``hu.toml``) and the lookup ``t(key, **params)``.

Keys are dotted (``pane.board``); the catalogs are nested TOML tables flattened on load. Both
catalogs must hold the same keys (a test checks it); a missing key shows as ``⟨key⟩`` rather than
crashing the app.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

LANGS = ("hu", "en")
_DIR = Path(__file__).resolve().parent
_CATALOGS: dict[str, dict[str, str]] = {}
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
    """The string ``key`` in ``lang`` (default: the current language), formatted with params."""
    text = catalog(lang or _lang).get(key)
    if text is None:
        return f"⟨{key}⟩"
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text
