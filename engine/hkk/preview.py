"""Combat preview: what the strike would do, worked out by the engine's own combat rules on a
copy of the state (never a second implementation of the maths).

Before attackers are declared, each possible declaration is tried on its own copy (the attacks
already declared plus that one); once attacks are declared, the combat as it stands is tried.
The copy runs :func:`engine.hkk.combat.resolve_combat_abilities` (K 35.4, 35.8) and
:func:`engine.hkk.combat.strike` (K 36.1, 36.4, 37.7) and the events they emit are read back:
the damage each target takes, the damage a rule made 0 (magic defence K 15.3, "cannot be
damaged" K 132.13) and who would be left with no HP, SP or life (K 36.9-36.10, 3.14). The
defence bonus (K 38.0) is already inside each creature's damage and HP; the preview names the
creatures that have it. Nothing here changes the real state or decides anything.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.hkk import events as E
from engine.hkk.combat import declare_options, resolve_combat_abilities, strike
from engine.hkk.ctx import Ctx
from engine.hkk.state import CREATURE_ZONES, TABLE_ZONES, Attack, State, Target
from engine.hkk.stats import defence_bonus, hp_of

_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(State)


class Hit(msgspec.Struct, frozen=True, omit_defaults=True):
    """Damage to one target in the strike: ``amount`` dealt (summed over its strikers, K 37.7),
    or, with ``keyword``, ``prevented`` damage a rule made 0 (``rule`` cites it)."""

    target: Target
    source: int
    amount: int = 0
    prevented: int = 0
    keyword: str = ""
    rule: str = ""


class Forecast(msgspec.Struct, frozen=True, omit_defaults=True):
    """The predicted strike: of the combat as declared (``attacker`` -1) or of the declared
    attacks plus ``attacker`` attacking ``target``. ``dies``: creatures and buildings left with
    no HP/SP (K 36.9-36.10); ``loses``: players left with no life (K 3.14); ``bonus``: the
    combatants with the defence bonus (K 38.0)."""

    attacker: int = -1
    target: Target | None = None
    hits: tuple[Hit, ...] = ()
    dies: tuple[int, ...] = ()
    loses: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()

    def on(self, target: Target) -> list[Hit]:
        return [h for h in self.hits if h.target == target]


def _copy(state: State) -> State:
    return _DEC.decode(_ENC.encode(state))


def forecast(state: State, pool: dict, extra: Attack | None = None) -> Forecast:
    """The strike of ``state``'s combat (plus the attack ``extra``), tried on a copy."""
    ctx = Ctx(_copy(state), pool)
    if extra is not None:
        ctx.emit(E.AttackDeclared(extra))
    resolve_combat_abilities(ctx)
    strike(ctx)
    hits: list[Hit] = []
    for ev in ctx.out:
        match ev:
            case E.CardDamaged(card=c, amount=a, source=s):
                hits.append(Hit(Target("c", c), s, amount=a))
            case E.LifeChanged(player=p, amount=a, source=s) if a < 0:
                hits.append(Hit(Target("p", p), s, amount=-a))
            case E.DamagePrevented(card=c, amount=a, source=s, keyword=k, rule=r):
                hits.append(Hit(Target("c", c), s, prevented=a, keyword=k, rule=r))
    s = ctx.s
    damaged = {h.target.i for h in hits if h.target.k == "c" and h.amount}
    dies = tuple(sorted(i for i in damaged
                        if s.cards[i].zone in TABLE_ZONES and hp_of(ctx, i) <= 0))
    loses = tuple(p for p in (0, 1) if s.players[p].life <= 0)
    fighters = {a.attacker for a in s.combat.attacks} if s.combat is not None else set()
    fighters |= {a.target.i for a in s.combat.attacks if a.target.k == "c"} \
        if s.combat is not None else set()
    bonus = tuple(sorted(i for i in fighters
                         if s.cards[i].zone in CREATURE_ZONES and defence_bonus(ctx, i)))
    return Forecast(extra.attacker if extra else -1, extra.target if extra else None,
                    tuple(hits), dies, loses, bonus)


def forecasts(state: State, pool: dict, decision: Any) -> list[Forecast]:
    """The previews a player needs now: in combat, the strike of the attacks declared so far;
    while attackers are being declared, also one per attack that could be declared (K 34)."""
    if state.combat is None or state.result is not None:
        return []
    out = []
    if state.combat.attacks:
        out.append(forecast(state, pool))
    if decision is not None and decision.kind == "declare":
        ctx = Ctx(state, pool)
        for attacker, target in declare_options(ctx, decision.player):
            out.append(forecast(state, pool, Attack(attacker, target)))
    return out
