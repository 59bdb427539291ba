"""M.A.G.U.S.' front end (issue 18): cards named in the hand with cost and type, a zone board
with the MP/DP strip and the manoeuvre panel, the Timeline pane as nested frames, every event
and menu line in words (namespace ``mk``, both languages). The generic shell finds it as ``UI``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hkk_tui.rulesets.base import BaseUI
from hkk_tui.rulesets.mk.table import MkTable


class MkUI(BaseUI):
    name = "mk"
    css_path = Path(__file__).resolve().parent / "mk.tcss"
    catalog_dir = Path(__file__).resolve().parent / "i18n"
    table_class = MkTable
    first_focus = "hand"

    def board_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.mk.board import MkBoard

        return MkBoard(**kw)

    def hand_widget(self, **kw: Any) -> Any:
        from hkk_tui.rulesets.mk.hand import MkHand

        return MkHand(**kw)


UI = MkUI()
