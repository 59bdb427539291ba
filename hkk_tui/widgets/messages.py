"""Messages a ruleset's widgets post to the screen (the screen acts; widgets never reach into
siblings). Things on the table are named by :class:`~engine.core.protocol.Ref`."""

from __future__ import annotations

from textual.message import Message

from engine.core.protocol import Ref


class Picked(Message):
    """The player chose something (a card in hand, a card or square on the board): the screen
    offers the actions whose hint has it as subject (or, on a grid, the actions that land on it
    or aim at it). With ``within`` (the piece selected on a grid), only that piece's actions
    landing on or aiming at ``ref`` are offered."""

    def __init__(self, ref: Ref, zone: str = "", within: Ref | None = None,
                 ask: bool = False) -> None:
        super().__init__()
        self.ref = ref
        self.zone = zone
        self.within = within
        self.ask = ask          # list a lone action before doing it (nothing by surprise)


class Hovered(Message):
    """The cursor of a pane rests on something (a card in hand): a grid board marks where it
    can go (``None``: nothing)."""

    def __init__(self, ref: Ref | None) -> None:
        super().__init__()
        self.ref = ref


class ShowDetail(Message):
    """Show the full detail of something (a card's text and live state)."""

    def __init__(self, ref: Ref | None = None, key: str = "") -> None:
        super().__init__()
        self.ref = ref
        self.key = key          # a ruleset's own identifier when there is no ref (a card id)
