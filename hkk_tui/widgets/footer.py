"""A footer whose binding descriptions are catalog keys, shown in the current language."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from hkk_tui.i18n import t


def label(description: str) -> str:
    """A binding's description in the current language: an app key (``key.undo``) or a
    ruleset's (``hkk:key.graveyard``); anything else as written."""
    if description.startswith("key.") or ":key." in description:
        return t(description)
    return description


class I18nFooter(Footer):
    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = label(widget.description)
            yield widget
