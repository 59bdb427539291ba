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

    # -- best-of-three matches (MK 1.13, hkk_tui.rulesets.mk.match) ------------------------------
    def local_game_options(self, seats: int, lang: str) -> list[tuple[str, list[tuple[Any, str]]]]:
        """The new-game form's "Match" row (a game on this terminal, not a network table's): a
        single game, or best of three with the sideboard (both decks need one, MK 1.13.I; the
        start says why not when one has none)."""
        from hkk_tui.rulesets.mk.match import BEST_OF_THREE, t

        if seats != 2:
            return []
        return [(t("match16.row", lang), [({}, t("match16.single", lang)),
                                           ({"match": BEST_OF_THREE}, t("match16.bo3", lang))])]

    def new_session(self, decks: tuple[str, ...], seats: tuple[Any, ...], seed: int | None,
                    options: dict[str, Any], lang: str) -> Any:
        """A new game's session when the form asked for a match (its first game), else None."""
        from hkk_tui.rulesets.mk.match import BEST_OF_THREE, new_match

        if options.get("match") != BEST_OF_THREE:
            return None
        return new_match(decks, seats, seed, options, lang)

    def after_game(self, screen: Any) -> tuple[str, Any]:
        """The result screen's words for a game of a match (the score) and what closing it
        does (the swaps and the next game)."""
        from hkk_tui.rulesets.mk.match import after_game

        return after_game(screen)

    def deck_builder(self, lang: str) -> Any:
        """The deck builder screen (``b`` on the new-game form, issue 18 item 9)."""
        from hkk_tui.rulesets.mk.deck_builder import DeckBuilderScreen

        return DeckBuilderScreen(lang)

    def continue_entries(self, lang: str) -> list[tuple[str, Any]]:
        from hkk_tui.rulesets.mk.match import continue_entries

        return continue_entries(lang)


UI = MkUI()
