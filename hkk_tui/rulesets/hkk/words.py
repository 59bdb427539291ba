"""The lookup of HKK's catalog (namespace ``hkk``, falling back to the app's catalog)."""

from __future__ import annotations

from typing import Any

from hkk_tui.i18n import tr

NS = "hkk"


def t(key: str, lang: str | None = None, /, **params: Any) -> str:
    return tr(NS, key, lang, **params)
