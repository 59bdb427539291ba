"""M.A.G.U.S.' front end, part 1 (issue 18): the generic shell's defaults with the ruleset's own
catalog (namespace ``mk``: decisions, menu lines, the track's frames, the log's events, in both
languages). The zone board, the MP/DP strip, the manoeuvre panel and the nested Timeline pane
come with the next part of the issue."""

from __future__ import annotations

from pathlib import Path

from hkk_tui.rulesets.base import BaseUI


class MkUI(BaseUI):
    name = "mk"
    catalog_dir = Path(__file__).resolve().parent / "i18n"


UI = MkUI()
