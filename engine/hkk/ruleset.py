"""The HKK ruleset: the one door into the rules (``submit``), legal actions and pending decision.

What each kind of decision accepts and does is declared in :mod:`engine.hkk.decisions`; here an
action is first checked for naming only cards, players and line items the game has, then handed
to the pending decision, then the rules run on (:func:`engine.hkk.turn.advance`) until the next
one. A refused action leaves the state untouched; the refusal names the Kódex rule in words.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import msgspec

from engine.core import rng
from engine.core.game import Decision, IllegalAction
from engine.core.log import Header
from engine.hkk import actions as A
from engine.hkk import decisions
from engine.hkk import events as E
from engine.hkk.cards import CardDef
from engine.hkk.ctx import Ctx, PoolIndex, pool_index, refuse
from engine.hkk.platform import HkkProtocol
from engine.hkk.pool import MAX_COPIES, MIN_DECK_SIZE
from engine.hkk.reducer import apply as reducer_apply
from engine.hkk.start import setup, start_scenario
from engine.hkk.state import Card, Player, State
from engine.hkk.turn import DEFAULT_OPTIONS, advance

#: The version of HKK's rules. Bump it whenever a rules change alters the events of ordinary
#: games: saves recorded under an older version are then replayed from their records instead of
#: being re-run (engine.core.game.check_record). 2: combat sub-phases and their windows every
#: turn (K 33.1-33.2), life-saving after any damage (K 37.0), components taken wholly or partly
#: (K 67.4), reactions to reactions (K 94.6.1), guard-post order (K 32.4), draw offers (K 2.8).
#: 3: the task stack and the steps begun are logged folded, one ``Advanced`` event at the end
#: of each entry, instead of a TaskPushed / TaskPopped / TaskReplaced / StepBegan each; damage a
#: rule makes 0 is an event of its own (DamagePrevented: K 15.3, 132.4, 132.13).
#: 4: three bookkeeping events are folded into the event they go with: CardsPlayedCounted
#: into the card's LinePushed (``counted``, K 21.14), AbilityUsed into the LinePushed,
#: GuardMoved or AttackWithdrawn that uses the once-per-turn right (``used``, K 90), and
#: TurnEnded into the next TurnBegan (``quiet_rounds``, K 41.5); about 10% fewer events.
#: 5: a creature moves at most N-1 places of its row of N in one exchange phase (K 32.4; any
#: order can still be made, and reordering ends: a search bot shifted creatures back and forth
#: for ever); a CreatureShifted counts toward it.
RULESET_VERSION = "5"


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
    A.UseCombatAbility: (("card", "K 35.1", "announce for an attacking or defending creature "
                                            "of yours"),),
    A.ExtractMc: (("card", "K 67.1", "take the components of a creature that died"),),
    A.ShiftCreature: (("card", "K 32.4", "reorder a creature of your guard post or reserve"),),
}

#: The field naming the card an action acts with: it must be a card of the acting player's
#: (K 2.6.2). Actions that may name the opponent's cards (targets, an attacker hit back) are
#: not listed.
_OWN_CARD_FIELD: dict[type, str] = {
    A.PlayCard: "card", A.Activate: "card", A.Regenerate: "card", A.SacrificeForMc: "card",
    A.MoveToGuard: "card", A.MoveToReserve: "card", A.DeclareAttack: "attacker",
    A.WithdrawAttack: "attacker", A.ChooseHitBack: "defender", A.UseCombatAbility: "card",
}


def _naming_refusal(state: State, action: Any) -> IllegalAction | None:
    """Refuse, before any rule runs, an action that is the system's (the set-up) or that names a
    card, player or reaction-line item this game does not have: the rules code may then index
    cards, players and the line by the ids it is given."""
    if type(action) is A.Pass:                      # the commonest answer names nothing
        return None
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
        if isinstance(action, A.DeclareAttack) and target.k not in ("c", "p"):
            return refuse("K 34.3", "An attacker attacks a creature in the opponent's guard post, "
                          "one of their buildings or the opponent; a reaction-line item is none "
                          "of these.", "bad_target")
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


def _ownership_refusal(state: State, player: int, action: Any) -> IllegalAction | None:
    """Refuse an action that acts with another player's card (K 2.6.2)."""
    name = _OWN_CARD_FIELD.get(type(action))
    if name is None:
        return None
    iid = getattr(action, name)
    if state.cards[iid].controller != player:
        return refuse("K 2.6.2", f"Card {iid} is your opponent's: a player may touch another "
                      "player's card only if it came under their control or a card says so.",
                      "opponents_card", card=iid)
    return None


# ---------------------------------------------------------------------------- the ruleset
class HkkRuleset(HkkProtocol):
    """Implements :class:`engine.core.game.Ruleset` for Hatalom Kártyái (the platform's view,
    result, track and hint methods come from :class:`engine.hkk.platform.HkkProtocol`)."""

    name = "hkk"
    version = RULESET_VERSION
    #: the rule undo cites when it would cross hidden information against a person
    hidden_undo_rule = "K 2.6.7"
    action_type = A.Action
    event_type = E.Event

    def __init__(self, pool: dict[str, CardDef]):
        self.pool = pool
        self._index: PoolIndex | None = None
        self._clone_enc = msgspec.msgpack.Encoder()
        self._clone_dec = msgspec.msgpack.Decoder(State)
        #: (state, its pending task, answers): the legal actions the last submit listed while
        #: deciding not to auto-pass, valid while the state is unchanged since (the same task
        #: object on top; every other change of state goes through submit, start or apply,
        #: which drop it)
        self._legal: tuple[State, Any, list[Any]] | None = None
        #: the rules context of the state the last call ran on, renewed by the next submit on
        #: that same state (what it knows stays valid: every change goes through its emit);
        #: dropped when an event is applied from outside (a replay) or a game starts. The
        #: contract, as for the answers kept above: a state is advanced only through this
        #: object (start / submit / apply), as a Game does; another state (another table
        #: served by the same object, a state rebuilt by undo) gets a context of its own
        self._ctx: Ctx | None = None

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
        self._legal = self._ctx = None
        reducer_apply(state, event)

    def clone(self, state: State) -> State:
        return self._clone_dec.decode(self._clone_enc.encode(state))

    def freeze(self, state: State) -> bytes:
        """The state as compact bytes (the game's snapshots); :meth:`thaw` gives it back."""
        return self._clone_enc.encode(state)

    def thaw(self, data: bytes) -> State:
        return self._clone_dec.decode(data)

    def start_action(self) -> A.Start:
        return A.Start()

    # -- the door -------------------------------------------------------------------
    def start(self, state: State, action: Any = None) -> list[Any]:
        """Run the system's first entry: a normal set-up (K 28) or a declared scenario."""
        self._legal = None
        ctx = self._ctx = Ctx(state, self.pool)
        if isinstance(action, A.SetupScenario):
            start_scenario(ctx, action.spec)
        else:
            setup(ctx)
        advance(ctx)
        self._keep_legal(ctx)
        return ctx.entry_events()

    def submit(self, state: State, player: int, action: Any) -> list[Any]:
        kept = self._legal
        self._legal = None
        if (kept is not None and kept[0] is state and state.tasks and state.tasks[-1] is kept[1]
                and kept[1].player == player and state.result is None):
            # one of the answers the rules listed for this very decision (the same object):
            # it names only this game's cards and the player's own, and is legal as listed
            for listed in kept[2]:
                if listed is action:
                    return self._run(state, player, action, True)
        if state.result is not None:
            raise refuse("K 4.19.1", "The game is over: a game lasts until it is won, conceded "
                         "or drawn, and this one has ended.", "game_over")
        if player not in (0, 1):
            raise refuse("K 2.5.1", "There are two players: 0 and 1.", "bad_player")
        problem = _naming_refusal(state, action)
        if problem:
            raise problem
        ctx = self._renewed(state)
        if isinstance(action, A.Concede):                              # K 2.8.2
            ctx.emit(E.Conceded(player))
            ctx.emit(E.GameEnded(1 - player, "concede", "K 2.8.2"))
            return ctx.entry_events()
        if isinstance(action, A.OfferDraw):                            # K 2.8.1-2.8.2
            decisions.offer_draw(ctx, player)
            return ctx.entry_events()
        problem = _ownership_refusal(state, player, action)
        if problem:
            raise problem
        return self._run(state, player, action, False, ctx)

    def _run(self, state: State, player: int, action: Any, listed: bool,
             ctx: Ctx | None = None) -> list[Any]:
        """Carry out ``player``'s answer and run the rules on to the next decision (``listed``:
        the answer is one the rules listed for this decision, so it is not checked again)."""
        if ctx is None:
            ctx = self._renewed(state)
        decisions.answer(ctx, player, action, listed)
        advance(ctx)
        self._keep_legal(ctx)
        return ctx.entry_events()

    def _keep_legal(self, ctx: Ctx) -> None:
        """Keep the pending decision's answers if auto-pass listed them for this very state."""
        kept = ctx.legal
        s = ctx.s
        if (kept is not None and kept[1] == ctx.version and s.result is None and s.tasks
                and s.tasks[-1] is kept[0]):
            self._legal = (s, kept[0], kept[2])

    def pending(self, state: State) -> Decision | None:
        return decisions.pending(state)

    def legal_actions(self, state: State, player: int) -> list[Any]:
        kept = self._legal
        if (kept is not None and kept[0] is state and state.tasks and state.tasks[-1] is kept[1]
                and kept[1].player == player and state.result is None):
            return list(kept[2])
        return decisions.legal_actions(Ctx(state, self.pool), player)

    def ctx(self, state: State) -> Ctx:
        return Ctx(state, self.pool)

    def reading_ctx(self, state: State) -> Ctx:
        """A context to read ``state`` with (views, not changes): the one the last submit ran
        on this very state, whose statics and window answers are still valid (every change
        goes through its :meth:`Ctx.emit`), or a new one. The search's prior reads a view
        after each simulated submit."""
        ctx = self._ctx
        return ctx if ctx is not None and ctx.s is state else self._new_ctx(state)

    def _renewed(self, state: State) -> Ctx:
        """The context a submit on ``state`` runs in: the kept one renewed, or a new one kept."""
        ctx = self._ctx
        if ctx is not None and ctx.s is state:
            ctx.renew()
            return ctx
        ctx = self._ctx = self._new_ctx(state)
        return ctx

    def _new_ctx(self, state: State) -> Ctx:
        index = self._index
        if index is None:                # looked up at the first use, then kept
            index = self._index = pool_index(self.pool)
        return Ctx(state, self.pool, index)

    def header_problem(self, header: Header) -> str:
        """Why a recorded HKK header cannot be trusted ("" if it can): pinned card definitions
        that do not match their digest, or a deck that breaks K 2.3.6-2.3.7."""
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
    return ruleset.view(state, viewer)      # with the combat preview (HkkProtocol.view)
