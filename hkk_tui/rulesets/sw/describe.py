"""Summoner Wars' events and actions in words, in Hungarian or English, for the log, the replay and
the debugger.

Every sentence comes from the catalog (``hkk_tui/rulesets/sw/i18n``); card names from the card
data in the chosen language; squares as ``c4`` (seat 0's frame, the rulebook's coordinates);
die faces as words. Events are redacted before they get here: a hidden card arrives as -1 and is
told as "a card". Bookkeeping events (pending work pushed and popped, per-turn marks cleared)
are not told.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.sw import actions as A
from engine.sw import events as E
from engine.sw.board import name as square_name
from hkk_tui.rulesets.sw.words import t

#: events that are the engine's bookkeeping, not something a player sees happen
BOOKKEEPING = tuple(getattr(E, n) for n in ("TurnMarksCleared", "TaskPushed", "TaskPopped",
                                             "TaskReplaced", "TaskRaised", "Advanced",
                                             "AttackEnded")
                    if hasattr(E, n))


class Namer:
    """Names of cards (by instance id), abilities, squares, players and die faces for one game
    in one language."""

    def __init__(self, pool: dict, cids: Sequence[str], players: Sequence[str], lang: str):
        self.pool = pool
        self.cids = list(cids)
        self.players = list(players)
        self.lang = lang

    def card(self, iid: int) -> str:
        if iid is None or iid < 0 or iid >= len(self.cids):
            return t("word.a_card", self.lang)
        return self.cid(self.cids[iid])

    def cid(self, cid: str) -> str:
        d = self.pool.get(cid)
        return d.name.get(self.lang) if d is not None else cid

    def ability(self, iid: int, index: int) -> str:
        d = self.pool.get(self.cids[iid]) if 0 <= iid < len(self.cids) else None
        if d is None or not 0 <= index < len(d.abilities):
            return t("word.ability", self.lang, n=index + 1)
        return d.abilities[index].name.get(self.lang)

    def player(self, p: int) -> str:
        if 0 <= p < len(self.players):
            return self.players[p]
        return t("word.nobody", self.lang)

    def square(self, sq: int) -> str:
        return square_name(sq) if 0 <= sq < 48 else "?"

    def face(self, face: str) -> str:
        """A die face in words: ``mr`` → "melee+ranged"; a blank face → "blank"."""
        if not face:
            return t("die.blank", self.lang)
        return "+".join(t(f"die.{sym}", self.lang) for sym in face)

    def faces(self, faces: Sequence[str]) -> str:
        return ", ".join(self.face(f) for f in faces)


def event_line(ev: Any, n: Namer) -> tuple[str, str]:
    """``(sentence, rule)`` for a (redacted) event; the sentence is "" for bookkeeping."""
    from engine.sw.rulebook import rule_of

    if isinstance(ev, BOOKKEEPING):
        return "", ""
    text = describe_event(ev, n)
    return text, rule_of(ev) if text else ""


def describe_event(ev: Any, n: Namer) -> str:
    L, C, P, S = n.lang, n.card, n.player, n.square
    match ev:
        case E.DeckShuffled(player=p):
            return t("ev.shuffled", L, player=P(p))
        case E.CardDrawn(player=p, card=c):
            if c < 0:
                return t("ev.drew_hidden", L, player=P(p))
            return t("ev.drew", L, player=P(p), card=C(c))
        case E.StartingCardPlaced(player=p, card=c, square=sq):
            return t("ev.starting_card", L, player=P(p), card=C(c), square=S(sq))
        case E.FirstPlayerChosen(player=p):
            return t("ev.first_player", L, player=P(p))
        case E.MagicChanged(player=p, amount=a, value=v):
            key = "ev.magic_gained" if a > 0 else "ev.magic_spent" if a < 0 else "ev.magic_same"
            return t(key, L, player=P(p), n=abs(a), value=v)
        case E.TurnBegan(player=p, turn=turn):
            return t("ev.turn_began", L, player=P(p), turn=turn)
        case E.PhaseBegan(phase=ph):
            if ph in ("start", "end"):          # the turn's start and end: the turn's own line
                return ""                       # and the phases say it (a small log is precious)
            return t("ev.phase_began", L, phase=t(f"phase.{ph}", L))
        case E.GameEnded(winners=w, reason=why):
            reason = t(f"result.{why}", L)
            if not w:
                return t("ev.game_drawn", L, reason=reason)
            return t("ev.game_won", L, player=", ".join(P(p) for p in w), reason=reason)
        case E.Conceded(player=p):
            return t("ev.conceded", L, player=P(p))
        case E.Summoned(player=p, card=c, square=sq):
            return t("ev.summoned", L, player=P(p), card=C(c), square=S(sq))
        case E.Built(player=p, card=c, square=sq):
            return t("ev.built", L, player=P(p), card=C(c), square=S(sq))
        case E.Moved(card=c, path=path):
            if len(path) > 1:
                return t("ev.moved_via", L, card=C(c), square=S(path[-1]),
                         via=", ".join(S(x) for x in path[:-1]))
            return t("ev.moved", L, card=C(c), square=S(path[-1]) if path else "?")
        case E.Pushed(card=c, square=sq):
            return t("ev.pushed", L, card=C(c), square=S(sq))
        case E.Placed(card=c, square=sq):
            return t("ev.placed", L, card=C(c), square=S(sq))
        case E.Relocated(card=c, square=sq):
            return t("ev.relocated", L, card=C(c), square=S(sq))
        case E.Swapped(a=a, b=b):
            return t("ev.swapped", L, a=C(a), b=C(b))
        case E.PutUnder(card=c, host=h):
            return t("ev.put_under", L, card=C(c), host=C(h))
        case E.CardDiscarded(card=c):
            return t("ev.discarded", L, card=C(c))
        case E.HandDiscarded(player=p, card=c):
            if c < 0:
                return t("ev.hand_discarded_hidden", L, player=P(p))
            return t("ev.hand_discarded", L, player=P(p), card=C(c))
        case E.ReturnedToHand(card=c):
            return t("ev.returned", L, card=C(c))
        case E.Destroyed(card=c, by=by):
            if by >= 0:
                return t("ev.destroyed_by", L, card=C(c), by=C(by))
            return t("ev.destroyed", L, card=C(c))
        case E.EventPlayed(player=p, card=c):
            return t("ev.event_played", L, player=P(p), card=C(c))
        case E.EventActivated(player=p, card=c):
            return t("ev.event_active", L, player=P(p), card=C(c))
        case E.Damaged(card=c, amount=a, source=src):
            if src >= 0:
                return t("ev.damaged_by", L, card=C(c), n=a, source=C(src))
            return t("ev.damaged", L, card=C(c), n=a)
        case E.Healed(card=c, amount=a):
            return t("ev.healed", L, card=C(c), n=a)
        case E.ChargesChanged(card=c, amount=a):
            key = "ev.charged" if a >= 0 else "ev.uncharged"
            return t(key, L, card=C(c), n=abs(a))
        case E.StrengthBoosted(card=c, amount=a):
            return t("ev.boosted", L, card=C(c), n=f"{a:+d}")
        case E.ExtraAttackGranted(card=c):
            return t("ev.extra_attack", L, card=C(c))
        case E.AbilityUsed(card=c, ability=i):
            return t("ev.ability_used", L, card=C(c), ability=n.ability(c, i))
        case E.SlotUsed(card=c, slot=slot):
            return t(f"ev.slot_used_{slot}", L, card=C(c))
        case E.AttackDeclared(unit=u, target=tg, kind=kind, slot=slot):
            how = t(f"attack.{kind}", L)
            if slot != "slot":
                how += ", " + t(f"attack.slot_{slot}", L)
            return t("ev.attack", L, unit=C(u), target=C(tg), how=how)
        case E.DiceRolled(unit=u, faces=faces):
            return t("ev.rolled", L, unit=C(u), n=len(faces), faces=n.faces(faces))
        case E.DiceRerolled(indexes=idx, faces=faces):
            dice = ", ".join(str(i + 1) for i in idx)
            return t("ev.rerolled", L, dice=dice, faces=n.faces(faces))
        case E.HitsCounted(hits=h):
            return t("ev.hits", L, n=h)
        case E.InactivityPenalty(player=p):
            return t("ev.inactivity", L, player=P(p))
        case E.PositionSet():
            return t("ev.position_set", L)
    return t("ev.other", L, what=type(ev).__name__)


def describe_action(action: Any, n: Namer) -> str:
    """A recorded action in words (the replay's "last move", the debugger's cause)."""
    L, C, S = n.lang, n.card, n.square
    match action:
        case A.Start() | A.StartScenario():
            return t("do.start", L)
        case A.Summon(card=c, square=sq):
            return t("do.summon", L, card=C(c), square=S(sq))
        case A.Build(card=c, square=sq):
            return t("do.build", L, card=C(c), square=S(sq))
        case A.Move(unit=u, path=path):
            return t("do.move", L, card=C(u), square=S(path[-1]) if path else "?")
        case A.Attack(unit=u, target=tg):
            return t("do.attack", L, card=C(u), target=C(tg))
        case A.PlayEvent(card=c):
            return t("do.event", L, card=C(c))
        case A.UseAbility(card=c, ability=i):
            return t("do.ability", L, card=C(c), ability=n.ability(c, i))
        case A.Discard(card=c):
            return t("do.discard", L, card=C(c))
        case A.EndPhase():
            return t("do.end_phase", L)
        case A.PickCard(card=c):
            return t("do.pick_card", L, card=C(c))
        case A.PickSquare(square=sq):
            return t("do.pick_square", L, square=S(sq))
        case A.PickOption(index=i):
            return t("do.pick_option", L, n=i + 1)
        case A.Skip():
            return t("do.skip", L)
        case A.Concede():
            return t("do.concede", L)
    return type(action).__name__
