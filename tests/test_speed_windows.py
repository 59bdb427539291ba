"""Issue 15, the auto-pass probe: a window's answers are sifted cheaply (kind of card, cost,
cards that could act on the table) before the rules check each candidate. The sift must never
drop an answer the rules allow: here the sifted listing is compared with a listing that asks
the rules about every card in hand and on the table, in states taken from random games."""

from __future__ import annotations

from itertools import chain

import pytest

from engine.ai.bots import make_bot
from engine.core import registry
from engine.core.game import Game
from engine.core.log import Seat
from engine.hkk import actions as A
from engine.hkk.ctx import Ctx, quiet
from engine.hkk.play import ability_check, play_check, regenerate_refusal
from engine.hkk.state import ATTACHED, Task
from engine.hkk.windows import window_actions


def _every_answer(ctx: Ctx, player: int, kind: str, window: Task) -> list:
    """The answers with no sifting: every hand card, every ability of every card the player
    controls on the table, every regeneration, each asked of the rules; in the listing's order
    (hand order, one copy of a card; reserve, guard post, permanents, attached cards)."""
    s = ctx.s
    me = s.players[player]
    out: list = []
    seen: set[str] = set()
    for iid in me.hand:
        cid = s.cards[iid].cid
        if cid in seen:
            continue
        seen.add(cid)
        options = play_check(ctx, player, iid, window, False, quiet)
        if options is not False:
            out += [A.PlayCard(iid, t) for t in options]
    attached = [c.iid for p in s.players for host in chain(p.reserve, p.guard, p.perm)
                for c in (s.cards[a] for a in s.cards[host].attachments)
                if c.zone == ATTACHED and c.controller == player]
    for iid in chain(me.reserve, me.guard, me.perm, attached):
        d = ctx.pool[s.cards[iid].cid]
        for index, ab in enumerate(d.abilities):
            if ab.when not in ("activated", "reaction"):
                continue
            if kind == "respond" and ab.when != "reaction":
                continue
            options = ability_check(ctx, player, iid, index, window, False, quiet)
            if options is not False:
                out += [A.Activate(iid, index, t) for t in options]
        if kind == "life_saving" and regenerate_refusal(ctx, player, iid, window) is None:
            out.append(A.Regenerate(iid))
    return out + [A.Pass()]


def _states(ruleset_name: str, games: int, every: int):
    plugin = registry.get(ruleset_name)
    decks = [d.id for d in plugin.decks()]
    for g in range(games):
        pair = (decks[g % len(decks)], decks[(g + 1) % len(decks)])
        header = plugin.new_header(pair, 300 + g, seats=tuple(
            Seat("AB"[i], pair[i], "ai:random") for i in range(2)))
        game = Game.new(plugin.ruleset_for(header), header)
        bots = [make_bot("random", game.ruleset, g * 7 + i) for i in range(2)]
        n = 0
        while game.pending() is not None:
            d = game.pending()
            if n % every == 0:
                yield game
            game.submit(d.player, bots[d.player].choose(None, game.legal_actions(d.player)))
            n += 1


@pytest.mark.parametrize("kind", ["priority", "respond", "life_saving"])
def test_k4_11_6_sifted_window_answers_are_every_answer_the_rules_allow(kind):
    """K 4.11.6, 94.4, 37.0: in states from 6 random games, for both players, the listing with
    the sift equals the listing without it, answer for answer and in the same order."""
    compared = with_answers = 0
    for game in _states("hkk", 6, 3):
        state = game.ruleset.clone(game.state)
        saving = tuple(c.iid for c in state.cards if c.damage > 0)
        for player in (0, 1):
            ctx = game.ruleset.ctx(state)
            window = Task(kind, player, data=saving if kind == "life_saving" else ())
            got = window_actions(ctx, player, kind, False, window)
            assert got == _every_answer(ctx, player, kind, window), (kind, player)
            compared += 1
            with_answers += len(got) > 1
    assert compared > 300 and with_answers > 3, (compared, with_answers)
