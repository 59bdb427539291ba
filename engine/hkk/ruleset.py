"""The HKK ruleset: the one door into the rules (``submit``), legal actions and pending decision.

Every handler validates completely before it emits its first event, so a refused action leaves
the state untouched; the refusal names the Kódex rule in words.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import chain
from typing import Any

import msgspec

from engine.core import rng
from engine.core.game import Decision, IllegalAction
from engine.core.log import Header
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.cards import CardDef
from engine.hkk.combat import (
    attackers_on, combat_ability_options, declare_options, declare_refusal, finish_refusal,
)
from engine.hkk.ctx import Ctx, refuse
from engine.hkk.effects import leave_table
from engine.hkk.platform import HkkProtocol
from engine.hkk.play import (
    ability_options, perform_activate, perform_play, perform_regenerate, play_options,
    regenerate_refusal, retarget_options,
)
from engine.hkk.reducer import apply as reducer_apply
from engine.hkk.state import (
    GRAVEYARD, GUARD, GUARD_POST_SIZE, RESERVE, Card, Player, State, Task,
)
from engine.hkk.turn import (
    DECISION_RULES, DECISIONS, DEFAULT_OPTIONS, advance, execute_trigger, run_trigger_effects,
    setup, trigger_chooser, trigger_options,
)
from engine.hkk.state import Trigger
from engine.hkk.stats import cost_of_def

RULESET_VERSION = "1"
_PASS = A.Pass()


# ---------------------------------------------------------------------------- legal actions
def legal_actions(ctx: Ctx, player: int) -> list[Any]:
    """Every legal answer of ``player`` to the pending decision (Concede is always possible too
    and is not listed)."""
    s = ctx.s
    top = s.tasks[-1] if s.tasks else None
    if s.result is not None or top is None or top.kind not in DECISIONS or top.player != player:
        return []
    kind = top.kind
    if kind in ("priority", "respond", "life_saving"):
        return _window_actions(ctx, player, kind)
    if kind == "cede":
        return [A.CedeStart(False), A.CedeStart(True)]
    if kind == "sacrifice_mc":
        return [A.SacrificeForMc(i) for i in s.players[player].reserve
                if _sacrifice_refusal(ctx, player, i) is None] + [_PASS]
    if kind == "exchange":
        out: list[Any] = []
        me = s.players[player]
        for i in me.reserve:
            if _exchange_refusal(ctx, player, i, True) is None:
                out.append(A.MoveToGuard(i))
        for i in me.guard:
            if _exchange_refusal(ctx, player, i, False) is None:
                out.append(A.MoveToReserve(i))
        if len(me.guard) <= GUARD_POST_SIZE:
            out.append(_PASS)
        return out
    if kind == "declare":
        out = [A.DeclareAttack(a, t) for a, t in declare_options(ctx, player)]
        assert s.combat is not None
        out += [A.WithdrawAttack(a.attacker) for a in s.combat.attacks]
        if finish_refusal(ctx) is None:
            out.append(_PASS)
        return out
    if kind == "hit_back":
        return [A.ChooseHitBack(top.card, a) for a in attackers_on(ctx, top.card)]
    if kind == "combat_abilities":
        return [A.UseCombatAbility(c, n) for c, n in combat_ability_options(ctx, player)] + [
            _PASS]
    if kind == "retarget":
        return [A.ChooseTarget(t) for t in retarget_options(ctx, top.data[0])]
    if kind == "trigger_target":
        trig = Trigger(top.card, top.ability, player, top.data[0], top.data[1])
        return [A.ChooseTarget(t) for t in trigger_options(ctx, trig)]
    if kind == "order_triggers":
        return [A.OrderTrigger(i) for i, t in enumerate(s.triggers) if t.controller == player]
    return []


def _cheap_reject(ctx: Ctx, player: int, d: CardDef, kind: str) -> bool:
    """A fast, exception-free pre-filter for enumeration; play_options has the final word."""
    s = ctx.s
    if kind == "respond":
        if not d.is_reaction:
            return True
    elif d.is_reaction:
        return True
    elif kind == "life_saving":
        if d.type != "instant" or not any(e.do == "heal" for e in d.effects):
            return True
    elif d.type != "instant" and (s.active != player or s.phase not in ("main1", "main2")):
        return True
    me = s.players[player]
    return d.cost_mc > me.mc or (d.cost > me.vp and cost_of_def(ctx, player, d) > me.vp)


def _window_actions(ctx: Ctx, player: int, kind: str, first_only: bool = False,
                    window: Task | None = None) -> list[Any]:
    s = ctx.s
    out: list[Any] = []
    me = s.players[player]
    seen: set[str] = set()
    pool = ctx.pool
    for iid in me.hand:
        cid = s.cards[iid].cid
        # identical copies in hand give identical plays: look at (and list) one of them
        if cid in seen:
            continue
        seen.add(cid)
        if _cheap_reject(ctx, player, pool[cid], kind):
            continue
        try:
            options = play_options(ctx, player, iid, window)
        except IllegalAction:
            continue
        out += [A.PlayCard(iid, t) for t in options]
        if first_only:
            return out
    activated = ctx.index.activated
    cards = s.cards
    life_saving = kind == "life_saving"
    for iid in chain(me.reserve, me.guard, me.perm, _attached_of(ctx, player)):
        d = ctx.pool[cards[iid].cid]
        if not (activated[d.id] or (life_saving and d.regeneration)):
            continue
        for index in activated[d.id]:
            ab = d.abilities[index]
            if kind == "respond" and ab.when != "reaction":
                continue
            try:
                options = ability_options(ctx, player, iid, index, window)
            except IllegalAction:
                continue
            out += [A.Activate(iid, index, t) for t in options]
            if first_only:
                return out
        if kind == "life_saving" and d.regeneration and regenerate_refusal(
                ctx, player, iid) is None:
            out.append(A.Regenerate(iid))
            if first_only:
                return out
    out.append(_PASS)
    return out


def window_needed(ctx: Ctx, kind: str, first: int) -> bool:
    """Would opening this window ask anyone anything? With auto-pass on, a window where both
    players could only pass is not opened at all (it would close at once, K 4.11.7)."""
    if not ctx.opt("auto_pass", True):
        return True
    for player in (first, 1 - first):
        if _window_choice(ctx, player, kind, Task(kind, player)):
            return True
    return False


def _window_choice(ctx: Ctx, player: int, kind: str, window: Task | None) -> bool:
    """Has ``player`` anything but Pass in a ``kind`` window? Cached per table state."""
    key = (player, kind)
    hit = ctx.choices.get(key)
    if hit is not None and hit[0] == ctx.version:
        return hit[1]
    answer = _window_actions(ctx, player, kind, True, window) != [_PASS]
    ctx.choices[key] = (ctx.version, answer)
    return answer


def has_choice(ctx: Ctx, player: int) -> bool:
    """Does ``player`` have any answer besides Pass? (cheap check used for auto-pass)"""
    top = ctx.s.tasks[-1]
    if top.kind in ("priority", "respond", "life_saving"):
        return _window_choice(ctx, player, top.kind, None)
    actions = legal_actions(ctx, player)
    return not (len(actions) == 1 and isinstance(actions[0], A.Pass))


def _attached_of(ctx: Ctx, player: int) -> list[int]:
    cards = ctx.s.cards
    out = []
    for p in ctx.s.players:
        for iid in chain(p.reserve, p.guard, p.perm):
            attachments = cards[iid].attachments
            if attachments:
                out += [a for a in attachments if cards[a].controller == player]
    return out


# ---------------------------------------------------------------------------- checks
def _sacrifice_refusal(ctx: Ctx, player: int, iid: int) -> IllegalAction | None:
    """K 29.6-29.6.1: only active monsters in your reserve that yield components."""
    card = ctx.s.cards[iid]
    d = ctx.pool[card.cid]
    if card.zone != RESERVE or card.controller != player or not card.active:
        return refuse("K 29.6", "Only active monsters in your reserve can be sacrificed for "
                      "monster components.", "sac_zone")
    if not d.is_creature or not d.mc:
        return refuse("K 29.6.1", "Only monsters that yield monster components can be "
                      "sacrificed.", "sac_no_mc")
    return None


def _exchange_refusal(ctx: Ctx, player: int, iid: int, to_guard: bool) -> IllegalAction | None:
    card = ctx.s.cards[iid]
    me = ctx.s.players[player]
    if card.controller != player or card.zone != (RESERVE if to_guard else GUARD):
        return refuse("K 32.1", "Move your own creatures between your reserve and guard post.",
                      "exchange_zone")
    if card.uses.get("x"):
        return refuse("K 32.3", "Each creature moves at most once per exchange phase; undo to "
                      "take a move back.", "moved_once")
    if to_guard:
        if not card.active:
            return refuse("K 32.1", "Only active creatures may enter the guard post.",
                          "passive_to_guard")
        if len(me.guard) >= GUARD_POST_SIZE:
            return refuse("K 5.4.3", "The guard post holds at most 3 creatures.",
                          "guard_full")
    return None


def _expect(action: Any, *types: type) -> None:
    if not isinstance(action, types):
        names = ", ".join(t.__name__ for t in types)
        raise refuse("K 4.11.6", f"That is not an answer to the current decision (expected: "
                     f"{names}).", "wrong_action", expected=names)


# ---------------------------------------------------------------------------- handlers
def _pass(ctx: Ctx, player: int, top: Task) -> None:
    """Passing (K 4.11.7-4.11.8, 94.4-94.5, §11 item 4)."""
    kind = top.kind
    s = ctx.s
    if kind == "priority":
        if player == s.active:
            ctx.replace(Task("priority", 1 - player, 1))
        elif top.passes == 1:
            ctx.pop()                                  # both declared: the phase is over
        else:
            ctx.replace(Task("priority", s.active, 0))
    elif kind in ("respond", "life_saving", "combat_abilities"):
        if top.passes + 1 >= 2:
            ctx.pop()
        else:
            ctx.replace(Task(kind, 1 - player, top.passes + 1))
    elif kind == "exchange":
        if len(s.players[player].guard) > GUARD_POST_SIZE:
            raise refuse("K 5.4.4", "Your guard post holds more than 3 creatures: withdraw "
                         "some to the reserve first.", "guard_over")
        ctx.pop()
    elif kind == "declare":
        problem = finish_refusal(ctx)
        if problem:
            raise problem
        ctx.pop()
    elif kind == "sacrifice_mc":
        ctx.pop()
    else:
        raise refuse(DECISION_RULES.get(kind, ""), "This decision cannot be passed; choose one "
                     "of the options.", "cannot_pass")


def _handle(ctx: Ctx, player: int, top: Task, action: Any) -> None:
    kind = top.kind
    s = ctx.s
    if isinstance(action, A.Pass):
        _pass(ctx, player, top)
        return
    if kind in ("priority", "respond", "life_saving"):
        if isinstance(action, A.PlayCard):
            options = play_options(ctx, player, action.card)
            if tuple(action.targets) not in options:
                raise refuse("K 21.5", "Those targets are not legal for this card.",
                             "bad_targets")
            perform_play(ctx, player, action.card, tuple(action.targets))
        elif isinstance(action, A.Activate):
            options = ability_options(ctx, player, action.card, action.ability)
            if tuple(action.targets) not in options:
                raise refuse("K 21.5", "Those targets are not legal for this ability.",
                             "bad_targets")
            perform_activate(ctx, player, action.card, action.ability, tuple(action.targets))
        elif isinstance(action, A.Regenerate):
            problem = regenerate_refusal(ctx, player, action.card)
            if problem:
                raise problem
            perform_regenerate(ctx, player, action.card)
        else:
            _expect(action, A.PlayCard, A.Activate, A.Regenerate, A.Pass)
    elif kind == "cede":
        _expect(action, A.CedeStart)
        if action.cede:
            ctx.emit(E.StartCeded(player))
        ctx.pop()
    elif kind == "sacrifice_mc":
        _expect(action, A.SacrificeForMc, A.Pass)
        problem = _sacrifice_refusal(ctx, player, action.card)
        if problem:
            raise problem
        mc = ctx.d(action.card).mc
        leave_table(ctx, action.card, GRAVEYARD, "sacrificed", "K 29.6", extract=False)
        ctx.emit(E.McChanged(player, mc, "monster sacrifice", "K 29.6"))
        if s.triggers:                                    # its "dies" effects (K 22)
            ctx.push(Task("run_triggers"))
    elif kind == "exchange":
        _expect(action, A.MoveToGuard, A.MoveToReserve, A.Pass)
        to_guard = isinstance(action, A.MoveToGuard)
        problem = _exchange_refusal(ctx, player, action.card, to_guard)
        if problem:
            raise problem
        ctx.emit(E.GuardMoved(action.card, to_guard))
        ctx.emit(E.AbilityUsed(action.card, "x"))
    elif kind == "declare":
        _expect(action, A.DeclareAttack, A.WithdrawAttack, A.Pass)
        if isinstance(action, A.DeclareAttack):
            problem = declare_refusal(ctx, player, action.attacker, action.target)
            if problem:
                raise problem
            ctx.emit(E.AttackDeclared(E.Attack(action.attacker, action.target)))
        else:
            assert s.combat is not None
            if not any(a.attacker == action.attacker for a in s.combat.attacks):
                raise refuse("K 34.12", "That creature is not attacking.", "not_attacking")
            ctx.emit(E.AttackWithdrawn(action.attacker))
            ctx.emit(E.AbilityUsed(action.attacker, "w"))
    elif kind == "hit_back":
        _expect(action, A.ChooseHitBack)
        if action.defender != top.card or action.attacker not in attackers_on(ctx, top.card):
            raise refuse("K 34.8", "The defender hits back one of the two creatures attacking "
                         "it.", "bad_hit_back")
        ctx.emit(E.HitBackChosen(action.defender, action.attacker))
        ctx.pop()
    elif kind == "combat_abilities":
        _expect(action, A.UseCombatAbility, A.Pass)
        if (action.card, action.amount) not in combat_ability_options(ctx, player):
            raise refuse("K 35.8", "That creature cannot spend that much on its combat ability "
                         "(at most its +X and the VP you have).", "bad_combat_ability")
        ctx.emit(E.CombatAbilityAnnounced(action.card, action.amount))
        ctx.replace(Task("combat_abilities", 1 - player, 0))
    elif kind == "retarget":
        _expect(action, A.ChooseTarget)
        index = top.data[0]
        if tuple(action.targets) not in retarget_options(ctx, index):
            raise refuse("K 21.5.3", "Choose a legal new target.", "bad_targets")
        ctx.pop()
        ctx.emit(E.LineItemRetargeted(index, tuple(action.targets)))
    elif kind == "trigger_target":
        _expect(action, A.ChooseTarget)
        trig = Trigger(top.card, top.ability, player, top.data[0], top.data[1])
        if tuple(action.targets) not in trigger_options(ctx, trig):
            raise refuse("K 21.5", "Choose a legal target.", "bad_targets")
        ctx.pop()
        run_trigger_effects(ctx, trig, tuple(action.targets))
    elif kind == "order_triggers":
        _expect(action, A.OrderTrigger)
        if not (0 <= action.index < len(s.triggers)) or s.triggers[
                action.index].controller != trigger_chooser(ctx):
            raise refuse("K 22.1", "Choose one of your own pending effects.", "bad_trigger")
        ctx.pop()
        execute_trigger(ctx, action.index)


# ---------------------------------------------------------------------------- what an action names
#: The rule that says which cards each kind of action may name (cited when it names none at all).
_CARD_FIELD_RULES: dict[type, tuple[tuple[str, str, str], ...]] = {
    A.PlayCard: (("card", "K 4.4.5", "play a card from your own hand"),),
    A.Activate: (("card", "K 136.1", "use an ability of a permanent you control"),),
    A.Regenerate: (("card", "K 136.6", "regenerate a creature of yours"),),
    A.SacrificeForMc: (("card", "K 29.6", "sacrifice an active monster in your reserve"),),
    A.MoveToGuard: (("card", "K 32.1", "move a creature of your reserve"),),
    A.MoveToReserve: (("card", "K 32.1", "move a creature of your guard post"),),
    A.DeclareAttack: (("attacker", "K 34.1", "attack with a creature in your guard post"),),
    A.WithdrawAttack: (("attacker", "K 34.12", "withdraw one of your attacking creatures"),),
    A.ChooseHitBack: (("defender", "K 34.8", "choose for your defender"),
                      ("attacker", "K 34.8", "choose one of the creatures attacking it")),
    A.UseCombatAbility: (("card", "K 35.8", "announce for an attacking or defending creature "
                                            "of yours"),),
}


def _naming_refusal(state: State, action: Any) -> IllegalAction | None:
    """Refuse, before any rule runs, an action that is the system's (the set-up) or that names a
    card, player or reaction-line item this game does not have: the rules code may then index
    cards, players and the line by the ids it is given."""
    if isinstance(action, (A.Start, A.SetupScenario)):
        return refuse("K 28", "Setting up the game is done by the game itself before the first "
                      "turn, not by a player; answer the decision the game is waiting for.",
                      "system_only")
    n = len(state.cards)
    for name, rule, what in _CARD_FIELD_RULES.get(type(action), ()):
        iid = getattr(action, name)
        if iid >= n:
            return refuse(rule, f"There is no card {iid} in this game (its cards are numbered 0 "
                          f"to {n - 1}); {what}.", "no_such_card", card=iid, last=n - 1)
    targets = getattr(action, "targets", ())
    if isinstance(action, A.DeclareAttack):
        targets = (action.target,)
    for target in targets:
        if target.k == "c" and target.i >= n:
            return refuse("K 34.3" if isinstance(action, A.DeclareAttack) else "K 21.5",
                          f"There is no card {target.i} in this game to target (its cards are "
                          f"numbered 0 to {n - 1}).", "no_such_card", card=target.i, last=n - 1)
        if target.k == "p" and target.i >= len(state.players):
            return refuse("K 2.5.1", f"There is no player {target.i + 1}: the game is for two "
                          "players.", "no_such_player", player=target.i + 1)
        if target.k == "l" and target.i >= len(state.line):
            return refuse("K 94.6", f"The reaction line has no item {target.i + 1} (it holds "
                          f"{len(state.line)}).", "no_such_item", item=target.i + 1,
                          n=len(state.line))
        if target.k not in ("c", "p", "l"):
            return refuse("K 21.5", f"A target is a card, a player or an item of the reaction "
                          f"line; {target.k!r} is none of these.", "unknown_target")
    return None


# ---------------------------------------------------------------------------- the ruleset
class HkkRuleset(HkkProtocol):
    """Implements :class:`engine.core.game.Ruleset` for Hatalom Kártyái (the platform's view,
    result, track and hint methods come from :class:`engine.hkk.platform.HkkProtocol`)."""

    name = "hkk"
    version = RULESET_VERSION
    action_type = A.Action
    event_type = E.Event

    def __init__(self, pool: dict[str, CardDef]):
        self.pool = pool
        self._clone_enc = msgspec.msgpack.Encoder()
        self._clone_dec = msgspec.msgpack.Decoder(State)

    # -- state ----------------------------------------------------------------------
    def initial_state(self, header: Header) -> State:
        cards: list[Card] = []
        players = [Player(), Player()]
        for p, decklist in enumerate(header.decklists):
            for cid in decklist:
                iid = len(cards)
                cards.append(Card(iid=iid, cid=cid, owner=p, controller=p))
                players[p].deck.append(iid)
        options = dict(DEFAULT_OPTIONS)
        options.update(header.options)
        return State(cards=cards, players=players, rng=rng.seed_state(header.seed),
                     options=options)

    def apply(self, state: State, event: Any) -> None:
        reducer_apply(state, event)

    def clone(self, state: State) -> State:
        return self._clone_dec.decode(self._clone_enc.encode(state))

    def start_action(self) -> A.Start:
        return A.Start()

    # -- the door -------------------------------------------------------------------
    def start(self, state: State, action: Any = None) -> list[Any]:
        """Run the system's first entry: a normal set-up (K 28) or a declared scenario."""
        ctx = Ctx(state, self.pool)
        if isinstance(action, A.SetupScenario):
            from engine.hkk.scenario import decklists, enter_position, setup_scenario

            dealt = tuple(tuple(state.cards[i].cid for i in p.deck) for p in state.players)
            if dealt != tuple(decklists(action.spec)):
                raise refuse("K 2.3.1", "The decks of this game are not the ones its scenario "
                             "declares.", "scenario_decks")
            labels = setup_scenario(ctx, action.spec)
            enter_position(ctx, action.spec, labels)
        else:
            setup(ctx)
        advance(ctx, has_choice, _pass)
        return ctx.out

    def submit(self, state: State, player: int, action: Any) -> list[Any]:
        problem = _naming_refusal(state, action)
        if problem:
            raise problem
        ctx = Ctx(state, self.pool)
        if state.result is not None:
            raise refuse("K 3.14", "The game is over.", "game_over")
        if player not in (0, 1):
            raise refuse("K 2.5.1", "There are two players: 0 and 1.", "bad_player")
        if isinstance(action, A.Concede):                              # K 2.8.1
            ctx.emit(E.Conceded(player))
            ctx.emit(E.GameEnded(1 - player, "concede", "K 2.8.1"))
            return ctx.out
        top = state.tasks[-1] if state.tasks else None
        if top is None or top.kind not in DECISIONS:
            raise refuse("K 4.11.6", "The game is not waiting for a decision.", "no_decision")
        if top.player != player:
            raise refuse(DECISION_RULES[top.kind], f"The game is waiting for player "
                         f"{top.player + 1}, not you.", "not_you", waiting=top.player)
        _handle(ctx, player, top, action)
        advance(ctx, has_choice, _pass)
        return ctx.out

    def pending(self, state: State) -> Decision | None:
        if state.result is not None or not state.tasks:
            return None
        top = state.tasks[-1]
        if top.kind not in DECISIONS:
            return None
        return Decision(top.player, top.kind, DECISION_RULES[top.kind])

    def legal_actions(self, state: State, player: int) -> list[Any]:
        return legal_actions(Ctx(state, self.pool), player)

    def ctx(self, state: State) -> Ctx:
        return Ctx(state, self.pool)

    def header_problem(self, header: Header) -> str:
        """Why a recorded HKK header cannot be trusted ("" if it can): pinned card definitions
        that do not match their digest, or a deck that breaks K 2.3.6-2.3.7."""
        from engine.hkk.pool import MAX_COPIES, MIN_DECK_SIZE

        if header.cards and hashlib.sha256(header.cards).hexdigest() != header.card_pool_digest:
            return "its pinned card definitions were changed (they no longer match their digest)"
        if len(header.decklists) != 2 or len(header.seats) != 2:
            return "it does not hold one deck for each of two players (K 2.5.1)"
        for p, decklist in enumerate(header.decklists):
            if header.seats[p].deck == "scenario":       # checked against its scenario (start)
                continue
            who = f"player {p + 1}'s deck"
            unknown = next((cid for cid in decklist if cid not in self.pool), None)
            if unknown is not None:
                return f"{who} holds '{unknown}', which is not in the game's card pool"
            if len(decklist) < MIN_DECK_SIZE:
                return f"{who} has {len(decklist)} cards, fewer than {MIN_DECK_SIZE} (K 2.3.6)"
            by_id = Counter(decklist)
            by_name = Counter(self.pool[cid].name.hu for cid in decklist)
            worst = max([*by_id.items(), *by_name.items()], key=lambda kv: kv[1])
            if worst[1] > MAX_COPIES:
                return (f"{who} holds {worst[1]} copies of '{worst[0]}', more than {MAX_COPIES} "
                        "(K 2.3.7)")
        return ""

    def reveals_hidden(self, event: Any) -> bool:
        return isinstance(event, E.HIDDEN_INFO_EVENTS)


def make_view(ruleset: HkkRuleset, state: State, viewer: int):
    """A player's view (or ``views.OMNISCIENT``) of ``state``, with the pending decision."""
    from engine.hkk.views import view

    return view(Ctx(state, ruleset.pool), viewer, ruleset.pending(state))
