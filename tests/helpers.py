"""Scenario-test helper, XMage style: declare a position, submit actions, assert.

    sc = scenario(me=side(hand=["bolt"], vp=5), them=side(guard=[c("grunt", label="g")]))
    sc.play(0, "bolt", target=sc.card_t("g"))
    assert sc.zone("g") == "graveyard"
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine.core.game import Game, IllegalAction
from engine.hkk import actions as A
from engine.hkk.cards import CardDef, PoolFile
from engine.hkk.ruleset import HkkRuleset, make_view
from engine.hkk.scenario import CardSpec, ScenarioSpec, SideSpec, AttackSpec, labels_of
from engine.hkk.session import scenario_game
from engine.hkk.state import Target

TEST_POOL: dict[str, CardDef] = {
    c.id: c for c in msgspec.convert(
        tomllib.loads((Path(__file__).parent / "data" / "testpool.toml").read_text()),
        PoolFile).card
}


def c(card: str, **kw: Any) -> CardSpec:
    return CardSpec(card=card, **kw)


def side(**kw: Any) -> SideSpec:
    return SideSpec(**kw)


class Scenario:
    def __init__(self, spec: ScenarioSpec, game: Game):
        self.spec = spec
        self.game = game
        self.labels = labels_of(spec)

    # -- reading ------------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    def iid(self, label: str) -> int:
        return self.labels[label]

    def card(self, label: str):
        return self.state.cards[self.iid(label)]

    def zone(self, label: str) -> str:
        return self.card(label).zone

    def ct(self, label: str) -> Target:
        return Target("c", self.iid(label))

    def pt(self, player: int) -> Target:
        return Target("p", player)

    def life(self, player: int) -> int:
        return self.state.players[player].life

    def vp(self, player: int) -> int:
        return self.state.players[player].vp

    @property
    def decision(self):
        return self.game.pending()

    def legal(self, player: int) -> list:
        return self.game.legal_actions(player)

    def view(self, player: int):
        return make_view(self.game.ruleset, self.state, player)

    def hp(self, label: str) -> int:
        v = self.view(-1).find(self.iid(label))
        return v.hp

    def dmg(self, label: str) -> int:
        return self.view(-1).find(self.iid(label)).damage

    def hand_card(self, player: int, cid: str) -> int:
        for iid in self.state.players[player].hand:
            if self.state.cards[iid].cid == cid:
                return iid
        raise AssertionError(f"{cid} not in player {player}'s hand")

    # -- acting -------------------------------------------------------------------
    def submit(self, player: int, action: Any) -> list:
        return self.game.submit(player, action)

    def play(self, player: int, cid_or_label: str, *targets: Target) -> list:
        iid = (self.labels[cid_or_label] if cid_or_label in self.labels
               else self.hand_card(player, cid_or_label))
        return self.submit(player, A.PlayCard(iid, tuple(targets)))

    def pass_(self, player: int | None = None) -> list:
        d = self.decision
        return self.submit(d.player if player is None else player, A.Pass())

    def settle(self) -> None:
        """Pass until the active player has priority again (the action and its line are done)."""
        self.pass_until("priority", player=self.state.active)

    def pass_until(self, kind: str, phase: str | None = None, limit: int = 60,
                   player: int | None = None) -> None:
        """Both players pass until the pending decision is of ``kind`` (and in ``phase``, for
        ``player``)."""
        for _ in range(limit):
            d = self.decision
            if d is None:
                raise AssertionError(f"game ended before a {kind} decision")
            if (d.kind == kind and (phase is None or self.state.phase == phase)
                    and (player is None or d.player == player)):
                return
            self.submit(d.player, A.Pass())
        raise AssertionError(f"no {kind} decision within {limit} passes")

    def refused(self, player: int, action: Any, rule: str | None = None) -> IllegalAction:
        before = msgspec.msgpack.encode(self.state)
        with pytest.raises(IllegalAction) as info:
            self.submit(player, action)
        assert msgspec.msgpack.encode(self.state) == before, "a refused action changed state"
        if rule is not None:
            assert info.value.rule == rule, info.value
        return info.value


def scenario(me: SideSpec | None = None, them: SideSpec | None = None, active: int = 0,
             phase: str = "main1", step: int = 0, attacks: tuple = (), turn: int = 5,
             options: dict | None = None, pool: dict | None = None, seed: int = 7,
             auto_pass: bool = False) -> Scenario:
    spec = ScenarioSpec(players=(me or side(), them or side()), active=active, phase=phase,
                        step=step, turn=turn,
                        attacks=tuple(AttackSpec(a, t) for a, t in attacks),
                        options=options or {})
    pool = pool or TEST_POOL
    game = scenario_game(spec, seed=seed, pool=pool, options={"auto_pass": auto_pass})
    return Scenario(spec, game)


RULESET = HkkRuleset(TEST_POOL)
