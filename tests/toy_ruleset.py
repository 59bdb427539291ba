"""Toy Grid: a small test-only ruleset that proves the platform's seams (issue 10).

Two players on a 4×4 board. Each has a shuffled deck of eight numbered tokens (values 1-4) and a
hidden hand of three. On your turn you either *place* a token from your hand on an empty square
of your home row (row 0 for seat 0, row 3 for seat 1) or next to one of your pieces, or *move* a
piece one square orthogonally; moving onto an enemy piece is an attack decided by a die: the
attacker wins if ``d6 + its value > the defender's value + 3``, removing the defender, else the
attacker is removed. A piece that reaches the far row scores a point and leaves the board. First
to 2 points wins; after 40 turns the higher score wins (equal: a draw). A pass draws a token.

Citations use the prefix "TG" (``TG 3.1``). Everything the platform needs is here: a hidden
hand, a hidden deck order, a die roll as an event, views, redaction, results, a track, hints, a
plugin with content, rules table, codec and bots — in a few hundred lines.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any, Union

import msgspec

from engine.core import rng
from engine.core.game import Decision, IllegalAction
from engine.core.log import FORMAT_VERSION, Header, Seat, sealed
from engine.core.protocol import (
    OMNISCIENT, ActionHint, Ref, Result, TrackFrame, TrackItem, TrackView, summary_dict,
)
from engine.core.registry import ContentProblem, DeckInfo
from engine.core.search import SearchHooks, deal_again, reseed, unpack
from engine.core.store import EntryCodec

SIZE = 4
WIN_POINTS = 2
MAX_TURNS = 40
HAND = 3
Id = Annotated[int, msgspec.Meta(ge=0)]

RULES = {
    "TG 1": ("Each player shuffles a deck of eight tokens and draws three.",
             "Mindkét játékos megkeveri nyolc korongját, és hármat húz."),
    "TG 2": ("On your turn place, move or pass.", "A körödben lerakhatsz, léphetsz vagy passzolhatsz."),
    "TG 2.1": ("Place a token on your home row or next to your piece.",
               "Korongot a saját alapsorodra vagy a bábud mellé rakhatsz."),
    "TG 2.2": ("Move a piece one square orthogonally.", "Egy bábut egy mezőt léphetsz egyenesen."),
    "TG 2.3": ("A pass draws a token.", "Passzoláskor húzol egy korongot."),
    "TG 3": ("Moving onto an enemy piece attacks it with a die roll.",
             "Ellenséges bábura lépve kockadobással támadsz."),
    "TG 3.1": ("The attacker wins if d6 + its value beats the defender's value + 3.",
               "A támadó nyer, ha k6 + értéke nagyobb a védő értéke + 3-nál."),
    "TG 4": ("A piece that reaches the far row scores a point.",
             "A túlsó sorba érő bábu pontot szerez."),
    "TG 5": ("Two points win; after 40 turns the higher score wins.",
             "Két pont nyer; 40 kör után a több pont nyer."),
    "TG 5.1": ("A player may concede at any time.", "A játékos bármikor feladhatja."),
}


# ---------------------------------------------------------------------------- actions, events
class Act(msgspec.Struct, frozen=True, tag=True, array_like=True):
    pass


class Start(Act):
    pass


class Place(Act):
    token: Id
    square: Id


class Move(Act):
    src: Id
    dst: Id


class Pass(Act):
    pass


class Concede(Act):
    pass


Action = Union[Start, Place, Move, Pass, Concede]


class Ev(msgspec.Struct, frozen=True, tag=True, array_like=True):
    pass


class Shuffled(Ev):
    player: int
    order: tuple[int, ...]
    rng: int


class Drew(Ev):
    player: int
    token: int


class Placed(Ev):
    player: int
    token: int
    square: int


class Moved(Ev):
    src: int
    dst: int


class DieRolled(Ev):
    face: int
    rng: int


class Removed(Ev):
    square: int
    rule: str


class Scored(Ev):
    player: int
    square: int


class TurnEnded(Ev):
    next: int


class Ended(Ev):
    winners: tuple[int, ...]
    reason: str
    rule: str


Event = Union[Shuffled, Drew, Placed, Moved, DieRolled, Removed, Scored, TurnEnded, Ended]
EVENT_RULES = {Shuffled: "TG 1", Drew: "TG 2.3", Placed: "TG 2.1", Moved: "TG 2.2",
               DieRolled: "TG 3.1", Removed: "TG 3.1", Scored: "TG 4", TurnEnded: "TG 2",
               Ended: "TG 5"}


# ---------------------------------------------------------------------------- state
class Player(msgspec.Struct):
    deck: list[int] = []
    hand: list[int] = []
    points: int = 0


class State(msgspec.Struct):
    values: list[int]                      # token id -> value
    owners: list[int]                      # token id -> seat
    players: list[Player]
    board: dict[int, int] = {}             # square -> token id
    active: int = 0
    turn: int = 1
    rng: int = 0
    result: Result | None = None


class ToyView(msgspec.Struct):
    viewer: int
    turn: int
    active: int
    board: dict[int, tuple[int, int]]      # square -> (owner, value): pieces are public
    hands: list[list[int] | None]          # token values; None where hidden
    hand_ids: list[list[int] | None]
    deck_counts: list[int]
    points: list[int]
    decision: Decision | None
    result: Result | None


def _home(seat: int) -> int:
    return 0 if seat == 0 else SIZE - 1


def _far(seat: int) -> int:
    return SIZE - 1 if seat == 0 else 0


def _neighbours(sq: int) -> list[int]:
    r, c = divmod(sq, SIZE)
    return [nr * SIZE + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= nr < SIZE and 0 <= nc < SIZE]


def refuse(rule: str, message: str, key: str) -> IllegalAction:
    return IllegalAction(rule, message, key)


# ---------------------------------------------------------------------------- the ruleset
class ToyRuleset:
    name = "toy"
    version = "1"
    action_type = Action
    event_type = Event

    def __init__(self) -> None:
        self._enc = msgspec.msgpack.Encoder()
        self._dec = msgspec.msgpack.Decoder(State)

    def initial_state(self, header: Header) -> State:
        values, owners, players = [], [], []
        for seat, decklist in enumerate(header.decklists):
            p = Player()
            for v in decklist:
                p.deck.append(len(values))
                values.append(int(v))
                owners.append(seat)
            players.append(p)
        return State(values, owners, players, rng=rng.seed_state(header.seed))

    def apply(self, s: State, ev: Any) -> None:
        match ev:
            case Shuffled(player=p, order=order, rng=r):
                s.players[p].deck = list(order)
                s.rng = r
            case Drew(player=p, token=t):
                s.players[p].deck.remove(t)
                s.players[p].hand.append(t)
            case Placed(player=p, token=t, square=sq):
                s.players[p].hand.remove(t)
                s.board[sq] = t
            case Moved(src=a, dst=b):
                s.board[b] = s.board.pop(a)
            case DieRolled(rng=r):
                s.rng = r
            case Removed(square=sq):
                del s.board[sq]
            case Scored(player=p, square=sq):
                s.players[p].points += 1
                del s.board[sq]
            case TurnEnded(next=n):
                s.active = n
                s.turn += 1
            case Ended(winners=w, reason=why, rule=rule):
                s.result = Result(w, why, rule)

    def clone(self, s: State) -> State:
        return self._dec.decode(self._enc.encode(s))

    def start_action(self) -> Start:
        return Start()

    def _emit(self, s: State, out: list, ev: Any) -> None:
        self.apply(s, ev)
        out.append(ev)

    def start(self, s: State, action: Any = None) -> list[Any]:
        """Shuffle both decks and deal three tokens each (TG 1)."""
        out: list[Any] = []
        for p, player in enumerate(s.players):
            order, state = rng.shuffled(s.rng, player.deck)
            self._emit(s, out, Shuffled(p, tuple(order), state))
            for t in list(s.players[p].deck[:HAND]):
                self._emit(s, out, Drew(p, t))
        return out

    def pending(self, s: State) -> Decision | None:
        return None if s.result is not None else Decision(s.active, "turn", "TG 2")

    def legal_actions(self, s: State, player: int) -> list[Any]:
        if s.result is not None or player != s.active:
            return []
        out: list[Any] = []
        mine = {sq for sq, t in s.board.items() if s.owners[t] == player}
        spots = {sq for sq in range(SIZE * SIZE) if sq // SIZE == _home(player)}
        for sq in mine:
            spots |= set(_neighbours(sq))
        spots -= set(s.board)
        for t in sorted(set(s.players[player].hand)):
            out += [Place(t, sq) for sq in sorted(spots)]
        for sq in sorted(mine):
            out += [Move(sq, n) for n in _neighbours(sq)
                    if n not in s.board or s.owners[s.board[n]] != player]
        out.append(Pass())
        return out

    def submit(self, s: State, player: int, action: Any) -> list[Any]:
        if s.result is not None:
            raise refuse("TG 5", "The game is over.", "game_over")
        out: list[Any] = []
        if isinstance(action, Concede):
            self._emit(s, out, Ended((1 - player,), "concede", "TG 5.1"))
            return out
        if player != s.active:
            raise refuse("TG 2", f"It is player {s.active + 1}'s turn.", "not_you")
        if isinstance(action, Place):
            if action.token >= len(s.values) or action.token not in s.players[player].hand:
                raise refuse("TG 2.1", "Place a token from your own hand.", "not_in_hand")
            if Place(action.token, action.square) not in self.legal_actions(s, player):
                raise refuse("TG 2.1", "Place on an empty square of your home row or next to "
                             "your piece.", "bad_square")
            self._emit(s, out, Placed(player, action.token, action.square))
        elif isinstance(action, Move):
            if action not in self.legal_actions(s, player):
                raise refuse("TG 2.2", "Move your own piece one square orthogonally.",
                             "bad_move")
            target = s.board.get(action.dst)
            if target is None:
                self._emit(s, out, Moved(action.src, action.dst))
            else:
                face, state = rng.below(s.rng, 6)
                self._emit(s, out, DieRolled(face + 1, state))
                if face + 1 + s.values[s.board[action.src]] > s.values[target] + 3:
                    self._emit(s, out, Removed(action.dst, "TG 3.1"))
                    self._emit(s, out, Moved(action.src, action.dst))
                else:
                    self._emit(s, out, Removed(action.src, "TG 3.1"))
            mover = s.board.get(action.dst)
            if mover is not None and s.owners[mover] == player and \
                    action.dst // SIZE == _far(player):
                self._emit(s, out, Scored(player, action.dst))
        elif isinstance(action, Pass):
            if s.players[player].deck:
                self._emit(s, out, Drew(player, s.players[player].deck[0]))
        else:
            raise refuse("TG 2", "Place, move or pass.", "wrong_action")
        self._end_turn(s, out)
        return out

    def _end_turn(self, s: State, out: list) -> None:
        points = [p.points for p in s.players]
        if max(points) >= WIN_POINTS:
            self._emit(s, out, Ended((points.index(max(points)),), "points", "TG 5"))
        elif s.turn >= MAX_TURNS:
            winners = () if points[0] == points[1] else (points.index(max(points)),)
            self._emit(s, out, Ended(winners, "turns", "TG 5"))
        else:
            self._emit(s, out, TurnEnded(1 - s.active))

    # -- platform protocol -------------------------------------------------------------------
    def reveals_hidden(self, ev: Any) -> bool:
        return isinstance(ev, (Shuffled, Drew, DieRolled))

    def header_problem(self, header: Header) -> str:
        for deck in header.decklists:
            if len(deck) != 8 or any(v not in ("1", "2", "3", "4") for v in deck):
                return "a deck is not eight tokens valued 1 to 4 (TG 1)"
        return ""

    def view(self, s: State, seat: int) -> ToyView:
        sees = [seat == OMNISCIENT or seat == p for p in range(2)]
        return ToyView(
            seat, s.turn, s.active,
            {sq: (s.owners[t], s.values[t]) for sq, t in sorted(s.board.items())},
            [sorted(s.values[t] for t in p.hand) if sees[i] else None
             for i, p in enumerate(s.players)],
            [list(p.hand) if sees[i] else None for i, p in enumerate(s.players)],
            [len(p.deck) for p in s.players], [p.points for p in s.players],
            self.pending(s), s.result)

    def redact(self, ev: Any, seat: int) -> Any:
        if seat == OMNISCIENT:
            return ev
        if isinstance(ev, Shuffled):
            return Shuffled(ev.player, (), 0)
        if isinstance(ev, Drew) and ev.player != seat:
            return Drew(ev.player, -1)
        if isinstance(ev, DieRolled):
            return DieRolled(ev.face, 0)
        return ev

    def result(self, s: State) -> Result | None:
        return s.result

    def summary(self, s: State) -> dict[str, Any]:
        return summary_dict(s.turn, "turn", s.active,
                            [{"points": p.points, "hand": len(p.hand)} for p in s.players],
                            s.result)

    def track(self, view: ToyView) -> TrackView:
        notes = (f"turn {view.turn}",)
        return TrackView((TrackFrame("toy.track", {"turn": view.turn}, notes=notes),))

    def hints(self, view: ToyView, legal: list[Any]) -> list[ActionHint]:
        out = []
        for a in legal:
            match a:
                case Place(token=t, square=sq):
                    out.append(ActionHint(f"place:{t}", "toy.place", {"token": t},
                                          Ref("card", t), Ref("square", sq)))
                case Move(src=a_, dst=b):
                    out.append(ActionHint(f"move:{a_}", "toy.move", {}, Ref("square", a_),
                                          Ref("square", b)))
                case _:
                    out.append(ActionHint("pass", "toy.pass", role="pass"))
        return out

    def concede_action(self, seat: int) -> Concede:
        return Concede()


class ToyRandomBot:
    name = "random"
    needs_view = True

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: list[Any] | None = None) -> Any:
        return self.rng.choice(unpack(view, legal)[1])


# ---------------------------------------------------------------------------- search hooks
def toy_determinize(s: State, seat: int, r: random.Random) -> State:
    """Deal the values of the tokens ``seat`` cannot see again (the opponent's hand and deck
    together, its own deck apart) and reseed the RNG (the next die roll is nobody's to know)."""
    out = ToyPlugin._ruleset.clone(s)
    me, opp = out.players[seat], out.players[1 - seat]
    deal_again([opp.hand + opp.deck, list(me.deck)], out.values.__getitem__,
               out.values.__setitem__, r)
    out.rng = reseed(r)
    return out


def toy_action_key(s: State, seat: int, action: Any) -> Any:
    """A token the seat cannot see by its value; squares as they are."""
    if isinstance(action, Place):
        hidden = action.token not in s.players[seat].hand and not any(
            t == action.token for t in s.board.values())
        return ("place", ("value", s.values[action.token]) if hidden else action.token,
                action.square)
    if isinstance(action, Move):
        return ("move", action.src, action.dst)
    return (type(action).__name__,)


def toy_evaluate(s: State) -> tuple[float, float]:
    """Points, then pieces on the board weighted by value and by how far they have come."""
    if s.result is not None:
        w = s.result.winners
        return (0.5, 0.5) if not w else ((1.0, 0.0) if w[0] == 0 else (0.0, 1.0))
    score = [3.0 * p.points + 0.3 * len(p.hand) for p in s.players]
    for sq, t in s.board.items():
        owner = s.owners[t]
        row = sq // SIZE
        advance = row if owner == 0 else SIZE - 1 - row
        score[owner] += 0.5 + 0.2 * s.values[t] + 0.4 * advance
    v = 1.0 / (1.0 + 2.718281828 ** (-(score[0] - score[1]) / 2.0))
    return (v, 1.0 - v)


class ToyPlugin:
    name = "toy"
    prefix = "TG"
    title = {"en": "Toy Grid", "hu": "Játékrács"}
    seats = (2, 2)
    options: dict[str, Any] = {}
    bots = {"random": lambda ruleset, seed: ToyRandomBot(seed)}
    default_bot = "random"
    search = SearchHooks(lambda s, seat, r: toy_determinize(s, seat, r), toy_action_key,
                         toy_evaluate)
    _ruleset = ToyRuleset()
    DECKS = {"low": ("1", "1", "1", "2", "2", "2", "3", "4"),
             "high": ("1", "2", "2", "3", "3", "4", "4", "4")}

    def ruleset_for(self, header: Header) -> ToyRuleset:
        return self._ruleset

    def codec(self) -> EntryCodec:
        return EntryCodec(Action, Event)

    def rules(self) -> dict[str, tuple[str, str]]:
        return dict(RULES)

    def rule_of(self, ev: Any) -> str:
        return getattr(ev, "rule", "") or EVENT_RULES[type(ev)]

    def decks(self) -> list[DeckInfo]:
        return [DeckInfo(k, {"en": k, "hu": k}, {"en": k, "hu": k}, 8) for k in self.DECKS]

    def validate(self, files: list[Path] | None = None) -> list[ContentProblem]:
        return []

    def new_header(self, decks: tuple[str, ...], seed: int,
                   seats: tuple[Seat, ...] | None = None,
                   options: dict[str, Any] | None = None, title: str = "") -> Header:
        seats = seats or tuple(Seat(f"Player {i + 1}", d) for i, d in enumerate(decks))
        return sealed(Header(FORMAT_VERSION, "toy", "1", seed, tuple(seats),
                             dict(options or {}), decklists=tuple(self.DECKS[d] for d in decks),
                             title=title))

    def load_scenario(self, path: Path) -> Any:
        raise ValueError("Toy Grid has no scenarios.")

    def scenario_game(self, spec: Any, seed: int, seats: Any = None,
                      options: Any = None) -> tuple[Header, Any]:
        raise ValueError("Toy Grid has no scenarios.")


PLUGIN = ToyPlugin()
