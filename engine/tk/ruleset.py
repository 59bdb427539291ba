"""The Tash-Kalar ruleset: the one door into the rules (``submit``), the pending decision and the
legal actions (engine.core.game.Ruleset).

Decisions: ``tk.act`` (the player in control of the turn: place, summon, discard, flare,
hand-over), ``tk.end`` (the actions are used and a flare could still be called: call it or end
the turn), and the choices of ``state.ask`` (``tk.start_place``, ``tk.target``, ``tk.piece``,
``tk.dest``, ``tk.place``, ``tk.take``, ``tk.bottom``, ``tk.legend_colour``, ``tk.bonus_colour``,
``tk.claim``). A refused action raises IllegalAction before any event and leaves the state
untouched.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import rng
from engine.core.game import Decision, IllegalAction
from engine.core.log import Header
from engine.tk import actions as A
from engine.tk import board as B
from engine.tk import effects
from engine.tk import events as E
from engine.tk import summon as S
from engine.tk import tasks as T
from engine.tk import turn
from engine.tk.cards import BoardDef, CardDef
from engine.tk.platform import TkProtocol
from engine.tk.reducer import apply as reducer_apply
from engine.tk.state import Ask, Card, Effect, Player, State

RULESET_VERSION = "1"
_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(State)

ASK_ANSWER = {"start_place": A.PickSquare, "target": A.PickSquare, "piece": A.PickSquare,
              "dest": A.PickSquare, "place": A.PickSquare, "take": A.PickSquare,
              "bottom": A.PickCard, "legend_colour": A.PickOption, "bonus_colour": A.PickOption,
              "claim": A.PickOption}


SUMMON_REFUSALS = {
    "TK Idézés.kéz": ("not_in_hand", "Summon a creature or legend card from your hand."),
    "TK Idézés.szimmetria": ("no_orientation", "The card's pattern has no such orientation or "
                             "the square is off the board."),
    "TK Idézés.rang": ("no_pattern", "The card's pattern is not there: every pattern square "
                       "needs your own piece of at least the rank shown (rotated or mirrored)."),
    "TK Idézés.cél": ("higher_rank", "A piece of higher rank than the new one stands on the "
                      "outlined square, so this summon is not allowed."),
    "TK Idézés.hiány": ("shortage", "You have no token of the new piece's kind, none of yours "
                        "stands on the outlined square, and no piece the pattern does not use "
                        "can be taken."),
    "TK Csata.rögtönzött": ("improvised", "An improvised summon uses one enemy piece of a "
                            "colour whose marker you have not used yet, and only in BATTLE."),
}


class Ctx:
    """One submit's work: the state, the card pool, and the events emitted (each applied at
    once)."""

    def __init__(self, s: State, pool: dict[str, CardDef]):
        self.s = s
        self.pool = pool
        self.events: list[Any] = []
        self.claim_done = False

    def emit(self, ev: Any) -> None:
        reducer_apply(self.s, ev)
        self.events.append(ev)


class TkRuleset(TkProtocol):
    name = "tk"
    version = RULESET_VERSION
    action_type = A.Action
    event_type = E.Event
    hidden_undo_rule = "TK Kör.húzás"

    def __init__(self, pool: dict[str, CardDef], boards: dict[str, BoardDef]):
        self.pool = pool
        self.boards = boards

    def ctx(self, state: State) -> Ctx:
        return Ctx(state, self.pool)

    # -- state -----------------------------------------------------------------------------
    def initial_state(self, header: Header) -> State:
        from engine.tk.rulings import check_options

        n = len(header.seats)
        options = check_options(dict(header.options), n)
        team = bool(options["team"])
        cards: list[Card] = []
        players = []
        for seat in range(n):
            p = Player(colour=seat % 2 if team else seat)
            for cid in header.decklists[seat]:
                cards.append(Card(len(cards), cid, seat, "deck"))
                p.deck.append(len(cards) - 1)
            players.append(p)
        shared = {}
        for k, zone in enumerate(("legends", "flares", "tasks")):
            ids = []
            lists = header.decklists[n + k] if len(header.decklists) > n + k else ()
            for cid in lists:
                cards.append(Card(len(cards), cid, -1, zone))
                ids.append(len(cards) - 1)
            shared[zone] = ids
        mode = options["mode"]
        ncol = 2 if team else n
        size = 9
        return State(cards, players, rng.seed_state(header.seed), options, mode, team, size,
                     owner=[-1] * size * size, rank=[0] * size * size,
                     legends=shared["legends"], flares=shared["flares"],
                     task_deck=shared["tasks"] if mode == "highform" else [],
                     claimed=[[] for _ in range(ncol)],
                     scores=[[0] * (ncol if mode == "battle" else 1)
                             for _ in range(n if mode == "battle" else ncol)],
                     improvised=[[False] * ncol for _ in range(n)])

    def apply(self, state: State, event: Any) -> None:
        reducer_apply(state, event)

    def clone(self, state: State) -> State:
        return _DEC.decode(_ENC.encode(state))

    def freeze(self, state: State) -> bytes:
        return _ENC.encode(state)

    def thaw(self, data: bytes) -> State:
        return _DEC.decode(data)

    def start_action(self) -> A.Start:
        return A.Start()

    def reveals_hidden(self, event: Any) -> bool:
        """Draws and shuffles: undo against a person never crosses them (TK Kör.húzás)."""
        return isinstance(event, E.HIDDEN_OR_RANDOM)

    def header_problem(self, header: Header) -> str:
        from engine.tk.session import header_problem

        return header_problem(header)

    def start(self, state: State, action: Any = None) -> list[Any]:
        ctx = self.ctx(state)
        if isinstance(action, A.StartScenario):
            from engine.tk.scenario import set_up

            set_up(ctx, action.spec, self)
        else:
            board = self.boards["highform" if state.mode == "highform" else "deathmatch"]
            turn.setup(ctx, board)
        self._settle(ctx)
        return ctx.events

    # -- decisions -------------------------------------------------------------------------
    def pending(self, state: State) -> Decision | None:
        if state.result is not None:
            return None
        if state.ask is not None:
            return Decision(state.ask.player, f"tk.{state.ask.kind}", state.ask.rule)
        if state.phase != "act" or state.effect is not None:
            return None
        if state.actions > 0:
            return Decision(state.controller, "tk.act", "TK Kör.1")
        return Decision(state.controller, "tk.end", "TK Felvillanás")

    def legal_actions(self, state: State, player: int) -> list[Any]:
        d = self.pending(state)
        if d is None or d.player != player:
            return []
        s = state
        if s.ask is not None:
            make = ASK_ANSWER[s.ask.kind]
            out: list[Any] = [make(o) for o in s.ask.options]
            if s.ask.optional:
                out.append(A.Skip())
            if self._may_hand_over(s) and s.effect is not None:
                out.append(A.PassControl())
            return out
        out = self._act_actions(s, player) if s.actions > 0 else []
        if s.actions == 0:
            out = self._flares(s, player) + [A.EndTurn()]
        return out

    def _may_hand_over(self, s: State) -> bool:
        return s.team and not s.handed and s.controller == s.active

    def _place_actions(self, s: State, player: int) -> list[Any]:
        me = B.colour_of(s, player)
        if B.free_tokens(s, me, 1) > 0:
            return [A.Place(q) for q in range(len(s.owner)) if s.owner[q] < 0]
        return [A.PickUp(q) for q in range(len(s.owner))
                if s.owner[q] == me and s.rank[q] < 3]

    def _act_actions(self, s: State, player: int) -> list[Any]:
        out = self._place_actions(s, player)
        if s.handed:                                   # TK Csapat.átadás.csak_lerakás
            return out
        out += S.summons(s, self.pool, player)
        if not s.discarded:
            out += [A.Discard(i) for i in s.players[player].hand
                    if self.pool[s.cards[i].cid].kind == "creature"]
        out += self._flares(s, player)
        if self._may_hand_over(s):
            out.append(A.PassControl())
        return out

    def flare_targets(self, s: State, player: int) -> list[int]:
        """The opponents a flare may compare with: DUEL/HF the other side's first seat, BATTLE
        each opponent (TK Felvillanás.Csata)."""
        me = B.colour_of(s, player)
        if s.mode == "battle":
            return [p for p in range(len(s.players)) if p != player]
        return [next(p for p, pl in enumerate(s.players) if pl.colour != me)]

    def criteria(self, s: State, player: int, target: int, d: CardDef,
                 counts: dict[int, tuple[int, int]] | None = None) -> tuple[bool, bool]:
        """Which of a flare's criteria hold against ``target`` (TK Felvillanás.felső /
        .alsó; at least N more, TK R.18). ``counts``: colour -> (upgraded, pieces)."""
        me, them = B.colour_of(s, player), B.colour_of(s, target)
        cm = counts[me] if counts else (B.upgraded(s, me), B.pieces(s, me))
        ct = counts[them] if counts else (B.upgraded(s, them), B.pieces(s, them))
        return ct[0] - cm[0] >= d.upper_n, ct[1] - cm[1] >= d.lower_n

    def _flares(self, s: State, player: int) -> list[Any]:
        if s.flared >= s.options["flare_limit"] or s.handed:
            return []
        flares = [i for i in s.players[player].hand if self.pool[s.cards[i].cid].kind == "flare"]
        if not flares:
            return []
        counts = {c: (0, 0) for c in range(B.colours(s))}
        for q, o in enumerate(s.owner):
            if o >= 0:
                up, n = counts[o]
                counts[o] = (up + (s.rank[q] >= 2), n + 1)
        out: list[Any] = []
        for i in flares:
            d = self.pool[s.cards[i].cid]
            for t in self.flare_targets(s, player):
                if any(self.criteria(s, player, t, d, counts)):
                    out.append(A.CallFlare(i, t))
        return out

    # -- submit ----------------------------------------------------------------------------
    def submit(self, state: State, player: int, action: Any) -> list[Any]:
        s = state
        if s.result is not None:
            raise IllegalAction("TK Vége.játék", "The game is over.", "game_over")
        ctx = self.ctx(s)
        if isinstance(action, A.Concede):
            self._concede(ctx, player)
            return ctx.events
        if isinstance(action, (A.Start, A.StartScenario)):
            raise IllegalAction("TK Előkészület.1", "The game has already been set up.", "setup")
        d = self.pending(s)
        if d is None or d.player != player:
            who = "nobody's" if d is None else f"player {d.player + 1}'s"
            raise IllegalAction("TK Kör.sorrend", f"It is {who} decision, not yours.", "not_you")
        if isinstance(action, A.PassControl):
            if not self._may_hand_over(s):
                raise IllegalAction("TK Csapat.átadás", "Only in TEAM play, once a turn, may "
                                    "the player of the turn hand control to their teammate.",
                                    "no_hand_over")
            self._hand_over(ctx)
        elif s.ask is not None:
            self._answer(ctx, player, action)
        elif s.actions == 0:
            if isinstance(action, A.EndTurn):
                turn.end_turn(ctx)
            elif isinstance(action, A.CallFlare):
                self._flare(ctx, player, action)
            else:
                raise IllegalAction("TK Kör.1", "Your actions are used: call a flare or end the "
                                    "turn.", "no_actions")
        else:
            self._act(ctx, player, action)
        self._settle(ctx)
        return ctx.events

    def _concede(self, ctx: Ctx, player: int) -> None:
        s = ctx.s
        if s.mode == "battle":
            raise IllegalAction("TK Vége.feladás", "There is no conceding in BATTLE.",
                                "no_concede")
        me = B.colour_of(s, player)
        ctx.emit(E.Conceded(player))
        from engine.core.protocol import Result

        winners = tuple(p for p, pl in enumerate(s.players) if pl.colour != me)
        ctx.emit(E.GameEnded(Result(winners, "concede", "TK Vége.feladás"), "TK Vége.feladás"))

    def _hand_over(self, ctx: Ctx) -> None:
        """TK Csapat.átadás: the teammate takes control (and the choice being asked)."""
        s = ctx.s
        mate = (s.active + 2) % 4
        ctx.emit(E.ControlPassed(mate))
        for i in list(s.players[s.active].hand):        # the legend cards go along
            if self.pool[s.cards[i].cid].kind == "legend":
                ctx.emit(E.Moved(i, mate, "hand", "TK Csapat.átadás"))
        if s.ask is not None and s.ask.player == s.active:
            ctx.emit(E.Asked(msgspec.structs.replace(s.ask, player=mate), "TK Csapat.átadás"))

    def _act(self, ctx: Ctx, player: int, a: Any) -> None:
        s = ctx.s
        t = type(a)
        if t is A.EndTurn:
            raise IllegalAction("TK Kör.1", "All actions must be used before the turn ends.",
                                "actions_left")
        if t not in (A.Place, A.PickUp) and s.handed:
            raise IllegalAction("TK Csapat.átadás.csak_lerakás", "After a hand-over only common "
                                "pieces may be placed.", "only_place")
        if t is A.Place:
            self._check_square(s, a.square, "TK Akció.lerakás")
            me = B.colour_of(s, player)
            if s.owner[a.square] >= 0:
                raise IllegalAction("TK Akció.lerakás", "Place on an empty square.", "occupied")
            if B.free_tokens(s, me, 1) <= 0:
                raise IllegalAction("TK Akció.lerakás.hiány", "You have no piece left: pick up "
                                    "one of your common or heroic pieces first.", "shortage")
            ctx.emit(E.ActionsLeft(s.actions - 1, "TK Akció.lerakás"))
            ctx.emit(E.Placed(a.square, me, 1, "TK Akció.lerakás"))
        elif t is A.PickUp:
            self._check_square(s, a.square, "TK Akció.lerakás.hiány")
            me = B.colour_of(s, player)
            if B.free_tokens(s, me, 1) > 0:
                raise IllegalAction("TK Akció.lerakás.hiány", "You still have pieces to place; "
                                    "pick-up is only for a shortage.", "no_shortage")
            if s.owner[a.square] != me or s.rank[a.square] == 3:
                raise IllegalAction("TK Akció.lerakás.hiány", "Pick up one of your own common "
                                    "or heroic pieces.", "not_yours")
            ctx.emit(E.ActionsLeft(s.actions - 1, "TK Akció.lerakás.hiány"))
            ctx.emit(E.Removed(a.square, -1, False, False, "TK Akció.lerakás.hiány"))
            opts = tuple(q for q in range(len(s.owner)) if s.owner[q] < 0)
            ctx.emit(E.Asked(Ask("place", s.controller, opts, False, "TK Akció.lerakás.hiány"),
                             "TK Akció.lerakás.hiány"))
        elif t is A.Summon:
            rule = S.check(s, self.pool, player, a)
            if rule:
                raise IllegalAction(rule, SUMMON_REFUSALS[rule][1], SUMMON_REFUSALS[rule][0])
            ctx.emit(E.ActionsLeft(s.actions - 1, "TK Idézés"))
            S.perform(ctx, player, a)
            effects.advance(ctx)
        elif t is A.Discard:
            if s.discarded:
                raise IllegalAction("TK Akció.dobás", "You may discard only once a turn.",
                                    "discarded")
            if a.card >= len(s.cards) or a.card not in s.players[player].hand or \
                    self.pool[s.cards[a.card].cid].kind != "creature":
                raise IllegalAction("TK Akció.dobás", "Discard a creature card from your hand.",
                                    "not_in_hand")
            ctx.emit(E.ActionsLeft(s.actions - 1, "TK Akció.dobás"))
            ctx.emit(E.Flags(True, s.flared, "TK Akció.dobás"))
            ctx.emit(E.Moved(a.card, player, "discard", "TK Akció.dobás"))
            self._ask_bottom(ctx, player)
        elif t is A.CallFlare:
            self._flare(ctx, player, a)
        else:
            raise IllegalAction("TK Kör.akciók", "That answers a choice; nothing is being "
                                "chosen now.", "no_choice")

    def _check_square(self, s: State, sq: int, rule: str) -> None:
        if sq >= len(s.owner):
            raise IllegalAction(rule, f"There is no square {sq} on a {s.size}×{s.size} board.",
                                "no_square")

    def _ask_bottom(self, ctx: Ctx, player: int) -> None:
        hand = ctx.s.players[player].hand
        if hand:
            ctx.emit(E.Asked(Ask("bottom", player, tuple(hand), True, "TK Akció.dobás"),
                             "TK Akció.dobás"))

    def _flare(self, ctx: Ctx, player: int, a: A.CallFlare) -> None:
        s = ctx.s
        if s.handed:
            raise IllegalAction("TK Csapat.átadás.csak_lerakás", "After a hand-over no flare "
                                "may be called.", "only_place")
        if s.flared >= s.options["flare_limit"]:
            raise IllegalAction("TK Felvillanás", "You have called this turn's flare already.",
                                "flared")
        if a.card >= len(s.cards) or a.card not in s.players[player].hand or \
                self.pool[s.cards[a.card].cid].kind != "flare":
            raise IllegalAction("TK Felvillanás", "Call a flare card from your hand.",
                                "not_in_hand")
        if a.target not in self.flare_targets(s, player):
            raise IllegalAction("TK Felvillanás.Csata", "Compare with one of your opponents.",
                                "target")
        d = self.pool[s.cards[a.card].cid]
        upper, lower = self.criteria(s, player, a.target, d)
        if not (upper or lower):
            raise IllegalAction("TK Felvillanás", f"Neither criterion holds: the opponent needs "
                                f"{d.upper_n} more upgraded pieces or {d.lower_n} more pieces "
                                "than you.", "criteria")
        ctx.emit(E.Moved(a.card, player, "table", "TK Felvillanás.mindkettő"
                         if upper and lower else "TK Felvillanás"))
        ctx.emit(E.Flags(s.discarded, s.flared + 1, "TK Felvillanás"))
        me = B.colour_of(s, player)
        if s.mode == "duel":
            ctx.emit(E.Scored(B.colour_of(s, a.target), 0, 1, "TK Felvillanás.Párbaj"))
        elif s.mode == "battle":
            ctx.emit(E.Scored(a.target, me, 1, "TK Felvillanás.Csata"))
        parts = tuple(p for p, ok in (("upper", upper), ("lower", lower)) if ok)
        ctx.emit(E.EffectSet(Effect(a.card, player, parts)))
        effects.advance(ctx)

    def _answer(self, ctx: Ctx, player: int, a: Any) -> None:
        s = ctx.s
        ask = s.ask
        assert ask is not None
        if isinstance(a, A.Skip):
            if not ask.optional:
                raise IllegalAction(ask.rule or "TK Hatás.választható", "This choice must be "
                                    "made; only an optional part may be declined.",
                                    "must_choose")
            value = None
        else:
            want = ASK_ANSWER[ask.kind]
            if type(a) is not want:
                raise IllegalAction(ask.rule or "TK Hatás.1", f"Answer the pending choice "
                                    f"({ask.kind}) first.", "answer_first")
            value = a.square if want is A.PickSquare else a.card if want is A.PickCard \
                else a.index
            if value not in ask.options:
                raise IllegalAction("TK Hatás.cél" if ask.kind in ("target", "piece", "dest")
                                    else ask.rule, "That is not one of the choices offered.",
                                    "not_offered")
        kind = ask.kind
        if kind == "start_place":
            turn.answer_start(ctx, value)
        elif kind in ("target", "piece", "dest"):
            effects.answer(ctx, value)
        elif kind == "place":
            ctx.emit(E.Asked(None, ask.rule))
            ctx.emit(E.Placed(value, B.colour_of(s, s.controller), 1, "TK Akció.lerakás.hiány"))
        elif kind == "take":
            ctx.emit(E.Asked(None, ask.rule))
            e = s.effect
            d = self.pool[s.cards[e.card].cid]
            S.take_piece(ctx, e.player, value, e.ref, d.new_rank)
            S.after_piece(ctx, e.player, e)
            effects.advance(ctx)
        elif kind == "bottom":
            ctx.emit(E.Asked(None, ask.rule))
            if value is not None:
                home = self.pool[s.cards[value].cid].kind
                to = {"creature": "deck_bottom", "legend": "legends_bottom",
                      "flare": "flares_bottom"}[home]
                ctx.emit(E.Moved(value, player, to, "TK R.10"))
                self._ask_bottom(ctx, player)
        elif kind == "legend_colour":
            ctx.emit(E.Asked(None, ask.rule))
            ctx.emit(E.Scored(player, value, 1, "TK Csata.legenda"))
            effects.advance(ctx)
        elif kind == "bonus_colour":
            ctx.emit(E.Asked(None, ask.rule))
            ctx.emit(E.Scored(player, value, 1, "TK Csata.páratlan"))
            turn.finish_turn(ctx)
        elif kind == "claim":
            ctx.emit(E.Asked(None, ask.rule))
            if value is not None:
                T.claim(ctx, player, value)
            ctx.claim_done = True
            turn.end_turn(ctx)

    # -- what happens by itself --------------------------------------------------------------
    def _settle(self, ctx: Ctx) -> None:
        """After an answer: end the turn when nothing is left to decide in it (actions used and
        no flare to call, or actions left with no legal action: TK R.21)."""
        s = ctx.s
        for _ in range(10):
            if s.result is not None or s.ask is not None or s.effect is not None or \
                    s.phase != "act":
                return
            if s.actions == 0:
                if self._flares(s, s.controller):
                    return
                turn.end_turn(ctx)
                continue
            if self._place_actions(s, s.controller) or self._act_actions(s, s.controller):
                return
            ctx.emit(E.ActionsLeft(0, "TK R.21"))
