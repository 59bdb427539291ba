"""The Summoner Wars ruleset: the one door into the rules (``submit``), the pending decision and
the legal actions (engine.core.game.Ruleset).

Only the active player decides (RULESETS.md): the phase decisions (kinds ``sw.summon``,
``sw.move``, ``sw.build``, ``sw.attack``, ``sw.magic``) and the choices inside a resolving ability
or event (``sw.card``, ``sw.square``, ``sw.option``, ``sw.confirm``, ``sw.order``) — the latter may
belong to the other seat only when its own card's ability resolves. A refused action raises
IllegalAction before any event and leaves the state untouched.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import rng
from engine.core.game import Decision, IllegalAction
from engine.core.log import Header
from engine.sw import actions as A
from engine.sw import board as B
from engine.sw import effects
from engine.sw import events as E
from engine.sw import play
from engine.sw.cards import CardDef
from engine.sw.platform import SwProtocol
from engine.sw.reducer import apply as reducer_apply
from engine.sw.state import HAND_SIZE, START_MAGIC, Card, Player, State
from engine.sw.stats import Ctx
from engine.sw.triggers import answer_order
from engine.sw.turn import MAIN_PHASES, PHASE_RULES, advance, begin_turn

#: The version of SW's rules (saves recorded under another are replayed from their events).
#: 2: the task stack is logged folded, one ``Advanced`` event at the end of each entry, instead of
#: a TaskPushed / TaskPopped / TaskReplaced / TaskRaised each. 3: a unit placed back on the
#: battlefield is a new card whose first attack or move takes a slot of its own (SW Támadás.1,
#: Mozgás.1); before, it took none, and a fourth unit could attack. 4: a unit's ability set off
#: while an event or another ability resolves waits until it is done (gl. KÉPESSÉG, ruling R31);
#: before, it resolved in the middle of it.
RULESET_VERSION = "4"

TASK_RULES = {"ability": "SW gl. KÉPESSÉG", "event": "SW Események.1", "order": "SW gl. IDŐZÍTÉS",
              "charge": "SW gl. HELYETT"}
_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(State)


class SwRuleset(SwProtocol):
    name = "sw"
    version = RULESET_VERSION
    action_type = A.Action
    event_type = E.Event

    #: the rule undo cites when it would cross a draw or shuffle against a person
    hidden_undo_rule = "SW Döntés.30"

    def __init__(self, pool: dict[str, CardDef]):
        self.pool = pool

    def undo_never_crosses(self, event: Any) -> str:
        """A die roll is never taken back, not even in practice against the AI (ruling R30)."""
        return "SW Döntés.30" if isinstance(event, (E.DiceRolled, E.DiceRerolled)) else ""

    def ctx(self, state: State) -> Ctx:
        return Ctx(state, self.pool, reducer_apply)

    # -- state -----------------------------------------------------------------------------
    def initial_state(self, header: Header) -> State:
        cards: list[Card] = []
        players = []
        for seat, decklist in enumerate(header.decklists):
            p = Player()
            for cid in decklist:
                iid = len(cards)
                cards.append(Card(iid, cid, seat, seat))
                p.deck.append(iid)
                if self.pool[cid].kind == "summoner" and p.summoner < 0:
                    p.summoner = iid
                    p.faction = self.pool[cid].faction
            players.append(p)
        options = dict(header.options)
        return State(cards, players, rng.seed_state(header.seed), options=options,
                     board=[-1] * (B.COLS * B.ROWS))

    def apply(self, state: State, event: Any) -> None:
        reducer_apply(state, event)

    def clone(self, state: State) -> State:
        return _DEC.decode(_ENC.encode(state))

    def freeze(self, state: State) -> bytes:
        """The state as compact bytes (the game's snapshots); :meth:`thaw` gives it back."""
        return _ENC.encode(state)

    def thaw(self, data: bytes) -> State:
        return _DEC.decode(data)

    def start_action(self) -> A.Start:
        return A.Start()

    # -- set-up ----------------------------------------------------------------------------
    def start(self, state: State, action: Any = None) -> list[Any]:
        ctx = self.ctx(state)
        if isinstance(action, A.StartScenario):
            from engine.sw.scenario import set_up

            set_up(ctx, action.spec)
        else:
            self._setup(ctx)
        advance(ctx)
        return ctx.entry_events()

    def _setup(self, ctx: Ctx) -> None:
        """SW Előkészületek.4-6: starting layouts, shuffle, draw 5, first player, magic."""
        s = ctx.s
        for seat, player in enumerate(s.players):
            remaining = list(player.deck)
            for lay in self.pool[s.cards[player.summoner].cid].layout:
                iid = next(i for i in remaining if s.cards[i].cid == lay.card)
                remaining.remove(iid)
                ctx.emit(E.StartingCardPlaced(seat, iid, B.own_frame(B.parse(lay.square), seat)))
        for seat in range(len(s.players)):
            order, new = rng.shuffled(s.rng, s.players[seat].deck)
            ctx.emit(E.DeckShuffled(seat, tuple(order), new))
        for seat in range(len(s.players)):
            for _ in range(HAND_SIZE):
                if s.players[seat].deck:
                    ctx.emit(E.CardDrawn(seat, s.players[seat].deck[0], "SW Előkészületek.5"))
        first, new = rng.below(s.rng, 2)
        ctx.emit(E.FirstPlayerChosen(first, new))
        for seat, magic in ((first, START_MAGIC[0]), (1 - first, START_MAGIC[1])):
            ctx.emit(E.MagicChanged(seat, magic, magic, "SW Előkészületek.6"))
        begin_turn(ctx, first, 1)

    # -- decisions -------------------------------------------------------------------------
    def pending(self, state: State) -> Decision | None:
        if state.result is not None:
            return None
        if state.tasks:
            t = state.tasks[-1]
            if not t.ask:
                return None
            rule = "SW gl. FELTÉTELES MÓD" if t.ask == "confirm" else TASK_RULES.get(t.kind, "")
            return Decision(t.player, f"sw.{t.ask}", rule)
        if state.phase in MAIN_PHASES:
            return Decision(state.active, f"sw.{state.phase}", PHASE_RULES[state.phase])
        return None

    def legal_actions(self, state: State, player: int) -> list[Any]:
        d = self.pending(state)
        if d is None or d.player != player:
            return []
        if state.tasks:
            t = state.tasks[-1]
            make = {"card": A.PickCard, "square": A.PickSquare}.get(t.ask, A.PickOption)
            out: list[Any] = [make(o) for o in t.options]
            if t.optional:
                out.append(A.Skip())
            return out
        return play.phase_actions(self.ctx(state), player)

    def submit(self, state: State, player: int, action: Any) -> list[Any]:
        if state.result is not None:
            raise IllegalAction("SW A játék vége.1", "The game is over.", "game_over")
        ctx = self.ctx(state)
        if isinstance(action, A.Concede):
            ctx.emit(E.Conceded(player))
            ctx.emit(E.GameEnded((1 - player,), "concede", "SW Döntés.25"))
            return ctx.entry_events()
        if isinstance(action, (A.Start, A.StartScenario)):
            raise IllegalAction("SW Előkészületek.4", "The game has already been set up.",
                                "setup")
        d = self.pending(state)
        if d is None or d.player != player:
            who = "nobody's" if d is None else f"player {d.player + 1}'s"
            raise IllegalAction("SW A játék menete.1", f"It is {who} decision, not yours.",
                                "not_you")
        if state.tasks:
            self._answer(ctx, state.tasks[-1], action)
        else:
            phase, handler = play.HANDLERS.get(type(action), (None, None))
            if handler is None:
                raise IllegalAction(PHASE_RULES[state.phase], "That is an answer to a choice; "
                                    "nothing is being chosen now.", "no_choice")
            if phase and phase != state.phase:
                raise IllegalAction(PHASE_RULES[phase], f"That is done in the {phase} phase; "
                                    f"this is the {state.phase} phase.", "wrong_phase")
            handler(ctx, player, action)
        advance(ctx)
        return ctx.entry_events()

    def _answer(self, ctx: Ctx, task: Any, action: Any) -> None:
        if isinstance(action, A.Skip):
            if not task.optional:
                raise IllegalAction("SW gl. FELTÉTELES MÓD", "This choice must be made; only a "
                                    "'may' can be declined.", "must_choose")
            value = None
        else:
            want = {"card": A.PickCard, "square": A.PickSquare}.get(task.ask, A.PickOption)
            if type(action) is not want:
                raise IllegalAction(TASK_RULES.get(task.kind, ""), "Answer the pending choice "
                                    f"({task.ask}) first.", "answer_first")
            value = action.card if want is A.PickCard else \
                action.square if want is A.PickSquare else action.index
            if value not in task.options:
                raise IllegalAction(TASK_RULES.get(task.kind, ""), "That is not one of the "
                                    "choices offered.", "not_offered")
        if task.kind == "order":
            if value is None:
                raise IllegalAction("SW gl. IDŐZÍTÉS", "Choose which effect resolves first.",
                                    "must_choose")
            answer_order(ctx, task, value)
        elif task.kind == "charge":
            play.answer_charge(ctx, task, value)
        else:
            effects.answer(ctx, task, value)

    # -- protocol bits -----------------------------------------------------------------------
    def reveals_hidden(self, event: Any) -> bool:
        return isinstance(event, E.HIDDEN_OR_RANDOM)

    def header_problem(self, header: Header) -> str:
        from engine.sw.session import header_problem

        return header_problem(header)

    def concede_action(self, seat: int) -> A.Concede:
        return A.Concede()
