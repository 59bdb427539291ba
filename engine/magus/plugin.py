"""M.A.G.U.S. as a platform plugin (engine.core.registry): name ``mk`` (alias ``magus``),
citations ``MK``, content, rules table, codec, scenarios and bots; the shared answers are
engine.core.content.ContentPlugin's."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.content import ContentPlugin, random_bot


def _squire(ruleset: Any, seed: int) -> Any:
    from engine.magus.bot import SquireBot

    return SquireBot(ruleset.pool, seed)


class MkPlugin(ContentPlugin):
    package = "engine.magus"
    name = "mk"
    aliases = ("magus",)
    prefix = "MK"
    title: ClassVar[dict[str, str]] = {"en": "M.A.G.U.S.", "hu": "M.A.G.U.S."}
    seats = (2, 2)
    bots: ClassVar[dict[str, Any]] = {"squire": _squire, "random": random_bot}
    default_bot = "squire"


PLUGIN = MkPlugin()
