"""The lookup of Summoner Wars' catalog (namespace ``sw``, falling back to the app's catalog)."""

from __future__ import annotations

from typing import Any

from hkk_tui.i18n import tr

NS = "sw"


def t(key: str, lang: str | None = None, /, **params: Any) -> str:
    return tr(NS, key, lang, **params)
