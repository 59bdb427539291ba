"""A Tash-Kalar card in full (``i``): name, kind, the pattern as drawn on the card, and its text
rendered from its effect script in the player's language."""

from __future__ import annotations

from typing import Any

from engine.tk.text import card_text, pattern_rows


def card_detail(d: Any, tb: Any) -> Any:
    from hkk_tui.screens.dialogs import MessageScreen

    lines = [tb.t(f"kind.{d.kind}") + (f" · {d.colour}" if d.colour else "")]
    if d.kind in ("creature", "legend"):
        lines.append(tb.t("card.pattern"))
        lines += ["  " + " ".join(row) for row in pattern_rows(d)]
        lines.append(tb.t("card.pattern_key"))
    lines.append("")
    lines.append(card_text(d, tb.lang))
    if d.flavor is not None:
        lines.append("")
        lines.append(getattr(d.flavor, tb.lang))
    return MessageScreen(getattr(d.name, tb.lang), "\n".join(lines))
