"""Player views: what one player may know (K 1.6, 2.2.7, 4.7.5) — or, explicitly, everything.

The UI and the bots render only views. A player's view holds their own hand, both sides' public
zones and counts of hidden zones; the opponent's hand and both deck orders are never in it.
"""

from __future__ import annotations

import msgspec

from engine.core.game import Decision
from engine.hkk import events as E
from engine.hkk.ctx import Ctx
from engine.hkk.decisions import subject
from engine.hkk.preview import Forecast
from engine.hkk.state import (
    ATTACHED, CREATURE_ZONES, DECK, GUARD, HAND, LINE, PERM, RESERVE, Result, State, Target,
)
from engine.hkk.stats import (
    abilities_work, cost_of, damage_of, defence_bonus, keywords_of, max_hp_of, mc_cost_of,
)

OMNISCIENT = -1


class CardView(msgspec.Struct, omit_defaults=True):
    iid: int
    cid: str
    owner: int
    controller: int
    zone: str
    active: bool = False
    damage: int = 0          # actual damage it deals (K 14.3)
    hp: int = 0              # current HP / SP
    max_hp: int = 0
    wounds: int = 0          # marked damage (K 41.3)
    cost: int = 0            # modified cost for its owner (cards in hand)
    cost_mc: int = 0         # modified monster-component cost (K 7.0.1, 21.8.3)
    counters: dict[str, int] = {}
    keywords: list[str] = []
    attachments: list[int] = []
    host: int = -1
    attacking: bool = False
    defence_bonus: bool = False
    working: bool = True     # passive non-creature permanents' abilities are off (K 5.5.8)


class PlayerView(msgspec.Struct):
    life: int
    max_life: int
    vp: int
    max_vp: int
    mc: int
    turns: int
    deck_count: int
    hand_count: int
    hand: list[CardView]     # empty unless it is the viewer's own hand (or omniscient)
    reserve: list[CardView]
    guard: list[CardView]
    perm: list[CardView]
    graveyard: list[CardView]
    void: list[CardView]
    deck: list[CardView] = []  # only in the omniscient view, top card last
    attached: list[CardView] = []  # cards attached to this player's permanents (K 8.11)


class LineItemView(msgspec.Struct):
    kind: str
    card: CardView
    controller: int
    ability: int
    targets: list[Target]
    independent: bool
    prevented: bool


class AttackView(msgspec.Struct):
    attacker: int
    target: Target


class CombatView(msgspec.Struct):
    attacks: list[AttackView]
    hit_back: dict[int, int]
    announced: dict[int, int]


class TriggerView(msgspec.Struct):
    card: CardView
    ability: int
    controller: int


class View(msgspec.Struct):
    viewer: int
    turn: int
    active: int
    starter: int
    phase: str
    step: int
    players: list[PlayerView]
    line: list[LineItemView]
    combat: CombatView | None
    triggers: list[TriggerView]
    decision: Decision | None
    result: Result | None
    options: dict[str, object]
    #: For trigger_target / retarget decisions: the public card and ability being aimed.
    decision_card: int = -1
    decision_ability: int = -1
    #: Combat previews (engine.hkk.preview): the strike as declared, and one per attack that
    #: could be declared now; empty outside combat.
    forecast: list[Forecast] = []

    def me(self) -> PlayerView:
        return self.players[self.viewer if self.viewer >= 0 else self.active]

    def find(self, iid: int) -> CardView | None:
        for p in self.players:
            for zone in (p.hand, p.reserve, p.guard, p.perm, p.graveyard, p.void, p.deck,
                         p.attached):
                for c in zone:
                    if c.iid == iid:
                        return c
        for item in self.line:
            if item.card.iid == iid:
                return item.card
        for t in self.triggers:
            if t.card.iid == iid:
                return t.card
        return None


def card_view(ctx: Ctx, iid: int) -> CardView:
    card = ctx.s.cards[iid]
    d = ctx.pool[card.cid]
    on_table = card.zone in ("reserve", "guard", "perm", "attached")
    stats = on_table and (d.is_creature or d.type == "building")
    max_hp = max_hp_of(ctx, iid) if stats else (d.hp or d.sp)
    return CardView(
        iid=iid, cid=card.cid, owner=card.owner, controller=card.controller, zone=card.zone,
        active=card.active,
        damage=damage_of(ctx, iid) if stats and d.is_creature else d.damage,
        hp=max_hp - card.damage if stats else max_hp, max_hp=max_hp, wounds=card.damage,
        cost=cost_of(ctx, card.owner, iid) if card.zone == "hand" else d.cost,
        cost_mc=mc_cost_of(ctx, card.owner, iid) if card.zone == "hand" else d.cost_mc,
        counters=dict(card.counters),
        keywords=keywords_of(ctx, iid) if on_table else list(d.keywords),
        attachments=list(card.attachments), host=card.host, attacking=card.attacking,
        defence_bonus=bool(card.zone in CREATURE_ZONES and defence_bonus(ctx, iid)),
        working=abilities_work(ctx, iid) if on_table else True,
    )


def view(ctx: Ctx, viewer: int, decision: Decision | None = None) -> View:
    """The state as ``viewer`` may know it; ``viewer = OMNISCIENT`` shows everything."""
    s: State = ctx.s
    players = []
    for p, pl in enumerate(s.players):
        sees_hand = viewer == OMNISCIENT or viewer == p
        players.append(PlayerView(
            life=pl.life, max_life=pl.max_life, vp=pl.vp, max_vp=pl.max_vp, mc=pl.mc,
            turns=pl.turns, deck_count=len(pl.deck), hand_count=len(pl.hand),
            hand=[card_view(ctx, i) for i in pl.hand] if sees_hand else [],
            reserve=[card_view(ctx, i) for i in pl.reserve],
            guard=[card_view(ctx, i) for i in pl.guard],
            perm=[card_view(ctx, i) for i in pl.perm],
            graveyard=[card_view(ctx, i) for i in pl.graveyard],
            void=[card_view(ctx, i) for i in pl.void],
            deck=[card_view(ctx, i) for i in pl.deck] if viewer == OMNISCIENT else [],
            attached=[card_view(ctx, a) for i in pl.reserve + pl.guard + pl.perm
                      for a in s.cards[i].attachments],
        ))
    line = [LineItemView(item.kind, card_view(ctx, item.card), item.controller, item.ability,
                         list(item.targets), item.independent, item.prevented)
            for item in s.line]
    combat = None
    if s.combat is not None:
        combat = CombatView([AttackView(a.attacker, a.target) for a in s.combat.attacks],
                            dict(s.combat.hit_back), dict(s.combat.announced))
    triggers = [TriggerView(card_view(ctx, t.card), t.ability, t.controller)
                for t in s.triggers]
    d_card, d_ability = subject(ctx)
    return View(viewer=viewer, turn=s.turn, active=s.active, starter=s.starter, phase=s.phase,
                step=s.step, players=players, line=line, combat=combat, triggers=triggers,
                decision=decision, result=s.result, options=dict(s.options),
                decision_card=d_card, decision_ability=d_ability)


#: the zones whose cards' attachments a view lists (:attr:`PlayerView.attached`)
_HOSTS = frozenset((RESERVE, GUARD, PERM))


class LazyView:
    """A player's view (``viewer`` ≥ 0) built only as far as it is read: the same answers as
    :func:`view`'s :class:`View`, for a reader that looks at a few cards, like the search's
    prior (the greedy bot scores every decision of every rollout; a full view of 25 cards was
    a third of a search's time). :meth:`find` builds one card's view when it is asked for and
    shows no card the viewer may not see (the opponent's hand, any deck); any other field
    builds the whole view once and answers from it. It reads the state as it is when read:
    ask it before the state changes (the prior scores at once)."""

    __slots__ = ("_ctx", "viewer", "decision", "active", "phase", "step", "turn", "_cards",
                 "_full", "_subject", "_line")

    def __init__(self, ctx: Ctx, viewer: int, decision: Decision | None = None):
        s = ctx.s
        self._ctx = ctx
        self.viewer = viewer
        self.decision = decision
        self.active = s.active
        self.phase = s.phase
        self.step = s.step
        self.turn = s.turn
        self._cards: dict[int, CardView | None] = {}
        self._full: View | None = None
        self._subject: tuple[int, int] | None = None
        self._line: list[LineItemView] | None = None

    def find(self, iid: int) -> CardView | None:
        cards = self._cards
        if iid in cards:
            return cards[iid]
        s = self._ctx.s
        card = s.cards[iid] if 0 <= iid < len(s.cards) else None
        if card is None:
            seen = False
        elif card.zone == DECK:
            seen = self._listed(iid)
        elif card.zone == HAND:
            seen = iid in s.players[self.viewer].hand or self._listed(iid)
        elif card.zone == LINE:
            seen = self._listed(iid)
        elif card.zone == ATTACHED:
            host = s.cards[card.host] if card.host >= 0 else None
            seen = (host is not None and host.zone in _HOSTS and iid in host.attachments
                    or self._listed(iid))
        else:
            seen = True
        found = cards[iid] = card_view(self._ctx, iid) if seen else None
        return found

    def _listed(self, iid: int) -> bool:
        """Is the card shown as a reaction line item or a waiting trigger (whatever its zone)?"""
        s = self._ctx.s
        return any(item.card == iid for item in s.line) or any(
            t.card == iid for t in s.triggers)

    @property
    def line(self) -> list[LineItemView]:
        if self._line is None:
            ctx = self._ctx
            self._line = [LineItemView(item.kind, self.find(item.card) or card_view(ctx, item.card),
                                       item.controller, item.ability, list(item.targets),
                                       item.independent, item.prevented)
                          for item in ctx.s.line]
        return self._line

    @property
    def decision_card(self) -> int:
        if self._subject is None:
            self._subject = subject(self._ctx)
        return self._subject[0]

    @property
    def decision_ability(self) -> int:
        if self._subject is None:
            self._subject = subject(self._ctx)
        return self._subject[1]

    def me(self) -> PlayerView:
        return self.players[self.viewer]

    def __getattr__(self, name: str) -> object:
        full = self._full
        if full is None:
            full = self._full = view(self._ctx, self.viewer, self.decision)
        return getattr(full, name)


def redact(event: object, viewer: int) -> object:
    """The event as ``viewer`` may see it in a log: the card drawn by the opponent, the order of
    any shuffle and the random pick stay hidden (K 1.6). ``OMNISCIENT`` sees everything."""
    if viewer == OMNISCIENT:
        return event
    if isinstance(event, E.CardDrawn) and event.player != viewer:
        return E.CardDrawn(event.player, -1, event.opening)
    if isinstance(event, E.DeckShuffled):
        return E.DeckShuffled(event.player, (), 0)
    if isinstance(event, (E.RandomPicked, E.StarterChosen)):
        return msgspec.structs.replace(event, rng=0)
    return event
