"""Bots that play any ruleset through the protocol. A bot sees exactly what a person in its seat
sees — its seat's view — and the legal actions; it never touches the game state.

Every bot answers ``choose(ctx)`` with an :class:`engine.core.search.BotContext` (the view, the
legal actions, samples for searching, a deadline). The heuristic bots also still answer the older
``choose(view, legal)`` (the app's bot worker calls them that way); the search bot needs a context
that can sample (:func:`engine.core.search.context_for`).

Heuristic bots live in their ruleset's plugin (``plugin.bots``); :func:`make_bot` finds a bot by
name in the plugin of the game's ruleset. ``random`` and ``search`` are generic: ``search`` plays
every ruleset whose plugin has the search hooks, with an optional budget suffix
(``search:0.25`` seconds, ``search:400sims`` simulations).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.core import registry
from engine.core.search import NoSearchHooks, hooks_for, unpack

#: the generic bots (every ruleset has them; ``search`` where the ruleset has the search hooks)
GENERIC = ("random", "search")


class Bot(Protocol):
    name: str
    needs_view: bool

    def choose(self, ctx: Any) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions (it never needs to look at the view); works for
    every ruleset."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, ctx: Any, legal: list[Any] | None = None) -> Any:
        return self.rng.choice(unpack(ctx, legal)[1])

    def pick(self, legal: list[Any]) -> Any:
        """:meth:`choose` from the legal actions alone (a play-out's shortcut: the same pick,
        no context made)."""
        return self.rng.choice(legal)


def bot_names(ruleset_name: str) -> list[str]:
    """The bots a ruleset offers in menus and at a server's tables (its plugin's, with the
    generic random bot). The search bot is not among them until the app's bot worker gives bots
    a context (:func:`all_bot_names` lists it too)."""
    return list(dict.fromkeys([*registry.get(ruleset_name).bots, "random"]))


def has_search(ruleset_name: str) -> bool:
    return getattr(registry.get(ruleset_name), "search", None) is not None


def all_bot_names(ruleset_name: str) -> list[str]:
    """Every bot :func:`make_bot` can make for a ruleset (the search bot where it has the hooks);
    ``search`` takes a budget suffix."""
    names = bot_names(ruleset_name)
    return names + ["search"] if has_search(ruleset_name) else names


def bot_problem(ruleset_name: str, name: str) -> str:
    """Why ``name`` is not a bot of the ruleset ('' if it is): the known names, ``search`` with
    an optional budget (``search:0.25``, ``search:400sims``) where the ruleset has the hooks."""
    base, colon, suffix = name.partition(":")
    known = all_bot_names(ruleset_name)
    if base not in known or (colon and base != "search"):
        return f"Unknown bot {name!r}; choose one of: {', '.join(known)}."
    if colon:
        from engine.ai.search import parse_budget

        try:
            parse_budget(suffix)
        except ValueError as exc:
            return str(exc)
    return ""


def make_bot(name: str, ruleset: Any, seed: int = 0, *, budget_s: float | None = None,
             sims: int | None = None, **search_options: Any) -> Any:
    """The bot ``name`` for a game of ``ruleset`` (a ruleset object, as ``game.ruleset``).

    ``search`` (or ``search:BUDGET``) is the search bot; ``budget_s``/``sims`` give its budget
    when the name has no suffix, ``search_options`` its tuning (engine.ai.search.SearchBot)."""
    base, _, suffix = name.partition(":")
    if base == "search":
        from engine.ai.search import SearchBot, parse_budget

        if suffix:
            budget_s, sims = parse_budget(suffix)
        try:
            hooks = hooks_for(ruleset)
        except NoSearchHooks as exc:
            raise ValueError(str(exc)) from None
        prior = hooks.prior(ruleset, seed) if hooks.prior is not None else None
        return SearchBot(seed, budget_s, sims, prior, **{**hooks.tuning, **search_options})
    if suffix:
        raise ValueError(f"Only the search bot takes a budget ({name!r}); choose one of: "
                         f"{', '.join(all_bot_names(ruleset.name))}.")
    plugin = registry.get(ruleset.name)
    factory = plugin.bots.get(name)
    if factory is None:
        if name == "random":
            return RandomBot(seed)
        raise ValueError(f"Unknown bot {name!r}; choose one of: "
                         f"{', '.join(all_bot_names(ruleset.name))}.")
    return factory(ruleset, seed)
