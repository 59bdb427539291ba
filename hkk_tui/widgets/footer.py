"""A footer whose binding descriptions are catalog keys, shown in the current language."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from hkk_tui.i18n import t


def label(description: str) -> str:
    return t(description) if description.startswith("key.") else description


class I18nFooter(Footer):
    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = label(widget.description)
            yield widget
