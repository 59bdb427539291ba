"""Strict actions: whatever is thrown at ``Game.submit``, a refusal is an IllegalAction that
changes nothing — not the state, not the log, not the save file.

The failures these tests were written for (issue 9): ``PlayCard(-64)`` was accepted as card 16
(negative indexing); a seat ``True`` or ``1.0`` and ``CedeStart("")`` passed the rules and then
made the save unloadable; card ids such as ``10**9``, ``None`` or ``"5"`` raised IndexError or
TypeError instead of a refusal.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import Game, IllegalAction, rerun
from engine.core.log import Seat
from engine.core.store import SaveWriter, load
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk import pool as P
from engine.hkk import rulebook
from engine.hkk.scenario import ScenarioSpec
from engine.hkk.session import check_loaded, codec, make_header, resume, ruleset_for, start_saved
from engine.hkk.state import Target
from hkk_tui.i18n import catalog, ns_catalog
from tests.helpers import c, scenario, side

ENC = msgspec.msgpack.Encoder()
POOL = P.load_pool()
DECKS = [d.id for d in P.list_decks()]
CODEC = codec()

GAMES = 200                 # random games in the garbage test
MAX_STEPS = 160             # legal actions per game at most (most games end sooner or near it)

#: Which action kinds each decision takes at all (engine.hkk.ruleset._handle); any other kind is
#: "the wrong kind of action for the decision" and must be refused. Concede and a draw offer
#: are always possible.
ANSWERS: dict[str, tuple[type, ...]] = {
    "priority": (A.PlayCard, A.Activate, A.Regenerate, A.Pass),
    "respond": (A.PlayCard, A.Activate, A.Regenerate, A.Pass),
    "life_saving": (A.PlayCard, A.Activate, A.Regenerate, A.Pass),
    "cede": (A.CedeStart,),
    "sacrifice_mc": (A.SacrificeForMc, A.Pass),
    "exchange": (A.MoveToGuard, A.MoveToReserve, A.ShiftCreature, A.Pass),
    "declare": (A.DeclareAttack, A.WithdrawAttack, A.Pass),
    "hit_back": (A.ChooseHitBack,),
    "combat_abilities": (A.UseCombatAbility, A.Pass),
    "retarget": (A.ChooseTarget,),
    "trigger_target": (A.ChooseTarget,),
    "order_triggers": (A.OrderTrigger,),
    "extract_mc": (A.ExtractMc, A.Pass),
    "draw_offer": (A.AcceptDraw, A.DeclineDraw),
}
PLAYER_KINDS = [cls for cls in A.Action.__args__ if cls not in (A.Start, A.SetupScenario)]


class Junk:
    """An arbitrary object msgspec cannot encode."""


#: Values of the wrong type for any field (and for the seat).
WRONG_TYPES: tuple[Any, ...] = (
    True, False, 1.0, 0.0, -0.0, float("nan"), float("inf"), "", "5", "0", "card", None,
    b"", b"\x05", bytearray(b"1"), [], [1], [1, 2], (0,), {}, {"card": 1}, {"k": "c", "i": 1},
    Junk(), object(), 1j, Ellipsis, frozenset({1}), Target("c", 1), E.Conceded(0),
)
#: Numbers no field may hold: negative, or too big for the wire (msgpack holds -2**63..2**64-1).
OUT_OF_RANGE: tuple[int, ...] = (-1, -64, -2**31, -2**63, -2**63 - 1, 2**64, 10**30, -10**30)
#: Valid ints that name nothing in any game.
HUGE: tuple[int, ...] = (10**9, 2**31, 2**63 - 1, 2**63, 2**64 - 1)


# ---------------------------------------------------------------------------- random games
def random_header(rnd: random.Random, seats_kind: str = "human") -> Any:
    pair = (rnd.choice(DECKS), rnd.choice(DECKS))
    return make_header(pair, rnd.randrange(10**6), pool=POOL,
                       seats=(Seat("A", pair[0], seats_kind), Seat("B", pair[1], seats_kind)))


def legal_move(game: Game, rnd: random.Random) -> tuple[int, Any]:
    """A random legal move of the player the game waits for (rarely a concession); playing
    rather than passing most of the time so combats, reactions and triggers come up."""
    d = game.pending()
    assert d is not None
    actions = game.legal_actions(d.player)
    if rnd.random() < 0.002:
        return d.player, A.Concede()
    active = [a for a in actions if not isinstance(a, A.Pass)]
    if active and rnd.random() < 0.7:
        return d.player, rnd.choice(active)
    return d.player, rnd.choice(actions)


class Snapshot:
    """Everything a refusal must leave alone."""

    def __init__(self, game: Game, path: Path | None):
        self.state = ENC.encode(game.state)
        self.n = len(game.entries)
        self.last = game.entries[-1]
        self.redo = list(game.redo_stack)
        self.path = path
        self.size = os.path.getsize(path) if path else 0

    def check(self, game: Game, what: Any) -> None:
        assert ENC.encode(game.state) == self.state, f"a refusal changed the state: {what!r}"
        assert len(game.entries) == self.n and game.entries[-1] is self.last, \
            f"a refusal changed the log: {what!r}"
        assert game.redo_stack == self.redo, f"a refusal changed the redo list: {what!r}"
        if self.path is not None:
            assert os.path.getsize(self.path) == self.size, \
                f"a refusal wrote to the save: {what!r}"


def check_refusal(exc: IllegalAction) -> None:
    """A refusal says in words what is wrong, cites a rule the rulebook knows (if any), and has a
    key both UI catalogs can put in the player's language."""
    assert exc.message and exc.key, exc
    if exc.rule:
        assert rulebook.summary(exc.rule, "en") and rulebook.summary(exc.rule, "hu"), exc.rule
    for lang in ("en", "hu"):
        key = f"illegal.{exc.key}"
        assert key in catalog(lang) or key in ns_catalog("hkk", lang), (lang, exc.key)


def check_rebuilds(game: Game, path: Path | None) -> None:
    """The log alone rebuilds the live state (with and without the rules) and the save holds the
    same entries and loads back into the same game."""
    live = ENC.encode(game.state)
    assert ENC.encode(Game.from_log(game.ruleset, game.header, game.entries).state) == live
    checked = rerun(game.ruleset, game.header, game.entries)
    assert checked.divergence is None, checked.why
    assert ENC.encode(checked.state) == live
    if path is None:
        return
    game.writer.close()
    loaded = load(path, CODEC)
    assert not loaded.damaged, loaded.problem
    assert loaded.entries == game.entries
    assert check_loaded(loaded) == ""
    resumed, again = resume(path)
    try:
        assert not again.problem and again.entries == game.entries
        assert ENC.encode(resumed.state) == live
    finally:
        resumed.writer.close()


# ---------------------------------------------------------------------------- garbage
class Garbage:
    """Random nonsense for one position of one game. Each maker returns (category, player,
    action, must_refuse): ``must_refuse`` is False only for well-typed actions naming real
    cards, which may by chance be legal."""

    def __init__(self, game: Game, rnd: random.Random):
        self.game = game
        self.rnd = rnd
        self.n = len(game.state.cards)
        self.decision = game.pending()
        self.player = self.decision.player
        self.other = 1 - self.player

    # -- well-typed field values ------------------------------------------------------
    def real_card(self) -> int:
        """A real card: one of the player's (any zone) or one of the opponent's."""
        s = self.game.state
        rnd = self.rnd
        who = s.players[rnd.choice((self.player, self.other))]
        zones = [z for z in (who.hand, who.deck, who.reserve, who.guard, who.perm,
                             who.graveyard, who.void) if z]
        return rnd.choice(rnd.choice(zones)) if zones else rnd.randrange(self.n)

    def unknown_card(self) -> int:
        return self.rnd.choice((self.n, self.n + 1, self.n + self.rnd.randrange(1000),
                                *HUGE))

    def real_target(self) -> Target:
        rnd = self.rnd
        kind = rnd.choice("ccpl")
        if kind == "c":
            return Target("c", self.real_card())
        if kind == "p":
            return Target("p", rnd.randrange(2))
        return Target("l", rnd.randrange(max(1, len(self.game.state.line))))

    def unknown_target(self) -> Target:
        rnd = self.rnd
        return rnd.choice((Target("c", self.unknown_card()), Target("p", rnd.choice((2, 3, *HUGE))),
                           Target("l", len(self.game.state.line) + rnd.randrange(3)),
                           Target("l", rnd.choice(HUGE)),
                           Target(rnd.choice(("x", "", "card", "P", "cc")), rnd.randrange(3))))

    def field_value(self, name: str, unknown: bool = False) -> Any:
        rnd = self.rnd
        if name in ("card", "attacker", "defender"):
            return self.unknown_card() if unknown else self.real_card()
        if name in ("ability", "index"):
            return rnd.choice(HUGE) if unknown else rnd.randrange(4)
        if name == "amount":
            return rnd.choice(HUGE) if unknown else rnd.randrange(22)
        if name in ("cede", "left"):
            return rnd.random() < 0.5
        if name == "target":
            return self.unknown_target() if unknown else self.real_target()
        if name == "targets":
            k = rnd.randrange(1 if unknown else 0, 3)
            items = [self.real_target() for _ in range(k)]
            if unknown:
                items[rnd.randrange(k)] = self.unknown_target()
            return tuple(items)
        raise AssertionError(name)

    def build(self, cls: type, bad: dict[str, Any] | None = None,
              unknown: str | None = None) -> Any:
        values = {f.name: self.field_value(f.name, f.name == unknown)
                  for f in msgspec.structs.fields(cls)}
        values.update(bad or {})
        return cls(**values)

    # -- the categories -----------------------------------------------------------------
    def bad_seat(self):
        seat = self.rnd.choice((*WRONG_TYPES, *OUT_OF_RANGE, *HUGE, 2, 3))
        return "bad seat", seat, self.rnd.choice(self.legal() + [A.Concede()]), True

    def wrong_type(self):
        cls = self.rnd.choice([k for k in PLAYER_KINDS if msgspec.structs.fields(k)])
        fields = msgspec.structs.fields(cls)
        name = self.rnd.choice(fields).name
        value = self.rnd.choice(WRONG_TYPES)
        if name in ("cede", "left") and type(value) is bool:
            value = "yes"
        if name == "targets" and value == []:       # an empty target list is well typed
            value = None
        if name in ("targets", "target") and self.rnd.random() < 0.5:   # inside a target
            k, i = ((self.rnd.choice(WRONG_TYPES), 0) if self.rnd.random() < 0.3
                    else ("c", self.rnd.choice(WRONG_TYPES)))
            if type(k) is str:
                k = None
            value = Target(k, i) if name == "target" else (self.real_target(), Target(k, i))
        return "wrong type", self.player, self.build(cls, {name: value}), True

    def out_of_range(self):
        cls = self.rnd.choice([k for k in PLAYER_KINDS if msgspec.structs.fields(k)
                               and k is not A.CedeStart])
        names = [f.name for f in msgspec.structs.fields(cls)]
        name = self.rnd.choice(names)
        number = self.rnd.choice(OUT_OF_RANGE)
        if name == "target":
            value: Any = Target(self.rnd.choice("cpl"), number)
        elif name == "targets":
            value = (Target(self.rnd.choice("cpl"), number),)
        else:
            value = number
        return "negative or too big", self.player, self.build(cls, {name: value}), True

    def unknown_id(self):
        cls = self.rnd.choice([k for k in PLAYER_KINDS if any(
            f.name in ("card", "attacker", "defender", "target", "targets")
            for f in msgspec.structs.fields(k))])
        names = [f.name for f in msgspec.structs.fields(cls)
                 if f.name in ("card", "attacker", "defender", "target", "targets")]
        return "unknown id", self.player, self.build(cls, unknown=self.rnd.choice(names)), True

    def others_card(self):
        """Well-typed actions naming real cards (often the opponent's, often not in the right
        zone) and real targets: mostly illegal, by chance legal."""
        cls = self.rnd.choice(ANSWERS[self.decision.kind])
        return "real ids, random", self.player, self.build(cls), False

    def wrong_kind(self):
        kinds = [k for k in PLAYER_KINDS
                 if k not in ANSWERS[self.decision.kind]
                 and k not in (A.Concede, A.OfferDraw, A.Pass)]
        return "wrong kind", self.player, self.build(self.rnd.choice(kinds)), True

    def not_your_turn(self):
        legal = [a for a in self.legal() if not isinstance(a, A.Concede)]
        return "not your decision", self.other, self.rnd.choice(legal), True

    def system_only(self):
        action = self.rnd.choice((A.Start(), A.SetupScenario(ScenarioSpec(
            players=(side(), side())))))
        return "system only", self.rnd.choice((self.player, self.other)), action, True

    def non_action(self):
        rnd = self.rnd
        n = self.unknown_card()
        action = rnd.choice((
            *WRONG_TYPES, 0, 7, "Pass", "PlayCard", ["Nope"], ["PlayCard"], ["PlayCard", "1"],
            ["PlayCard", 1, 2], [], [[]], {"type": "Pass"}, ("Concede", 1),
            # the wire form of well-typed actions naming nothing: decoded, then refused
            ["PlayCard", n], ["MoveToGuard", n], ["DeclareAttack", 0, ["c", n]],
            ["PlayCard", 0, [["p", 5]]], ["Start"],
        ))
        return "not an action", self.player, action, True

    def legal(self) -> list[Any]:
        return self.game.legal_actions(self.player)

    MAKERS = ("bad_seat", "wrong_type", "out_of_range", "unknown_id", "others_card",
              "wrong_kind", "not_your_turn", "system_only", "non_action")

    def any(self):
        return getattr(self, self.rnd.choice(self.MAKERS))()


def throw(game: Game, rnd: random.Random, path: Path | None, counts: Counter) -> None:
    """Submit one piece of garbage; a refusal must be an IllegalAction that changed nothing."""
    category, player, action, must_refuse = Garbage(game, rnd).any()
    before = Snapshot(game, path)
    counts["garbage submissions"] += 1
    counts[f"category: {category}"] += 1
    try:
        game.submit(player, action)
    except IllegalAction as exc:
        counts[f"refused: {exc.key}"] += 1
        counts["refusals"] += 1
        check_refusal(exc)
        before.check(game, (player, action))
        return
    assert not must_refuse, f"accepted {category}: player {player!r}, {action!r}"
    counts["accepted by chance (legal)"] += 1
    assert len(game.entries) == before.n + 1


def play_with_garbage(seed: int, save_dir: Path | None, counts: Counter) -> None:
    rnd = random.Random(seed)
    header = random_header(rnd)
    path = None
    if save_dir is not None:        # a directory of its own: hypothesis may re-run a seed
        path = Path(tempfile.mkdtemp(dir=save_dir)) / f"g{seed}.hkk"
        game = Game.new(ruleset_for(header), header,
                        SaveWriter.create(path, header, CODEC, fsync=False))
    else:
        game = Game.new(ruleset_for(header), header)
    try:
        play_on_with_garbage(game, rnd, path, counts)
    finally:
        if game.writer is not None:
            game.writer.close()


def play_on_with_garbage(game: Game, rnd: random.Random, path: Path | None,
                         counts: Counter) -> None:
    counts["games"] += 1
    counts["games with a save file"] += path is not None
    for _ in range(MAX_STEPS):
        if game.pending() is None:
            counts["games played to a result"] += 1
            break
        counts[f"decision: {game.pending().kind}"] += 1
        for _ in range(rnd.choice((0, 1, 1, 2, 3))):
            throw(game, rnd, path, counts)
            if game.pending() is None:
                break
        if game.pending() is None:
            continue
        player, action = legal_move(game, rnd)
        game.submit(player, action)
        counts["legal actions"] += 1
    check_rebuilds(game, path)


def test_random_garbage_is_refused_and_changes_nothing(tmp_path_factory, capsys):
    """Hundreds of random games; between legal moves, garbage of every sort. Every refusal is an
    IllegalAction naming its key (and rule) that leaves state, log and save alone; afterwards the
    log rebuilds the live game and the save re-loads with the same entries."""
    counts: Counter = Counter()
    save_dir = tmp_path_factory.mktemp("garbage")

    @settings(max_examples=GAMES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32), saved=st.integers(0, 3))
    def one_game(seed: int, saved: int) -> None:
        play_with_garbage(seed, save_dir if saved == 0 else None, counts)

    one_game()
    with capsys.disabled():
        print("\nstrict-action garbage test:")
        for key in sorted(counts):
            print(f"  {key}: {counts[key]}")
    assert counts["games"] >= GAMES
    assert counts["refusals"] >= 0.9 * counts["garbage submissions"] > 0
    for category in ("bad seat", "wrong type", "negative or too big", "unknown id",
                     "wrong kind", "not your decision", "system only", "not an action"):
        assert counts[f"category: {category}"] > 0, category
    # an action of another decision's kind is refused by the rule of when it is taken
    # (not_cede: keeping or ceding the start outside that decision, K 3.7)
    for key in ("malformed", "bad_seat", "no_such_card", "no_such_player", "system_only",
                "not_you", "not_cede"):
        assert counts[f"refused: {key}"] > 0, key


# ---------------------------------------------------------------------------- the reported cases
@pytest.fixture
def saved_game(tmp_path: Path):
    """A new game between two people, autosaved; at its first decision (K 3.7: keep or cede
    the start)."""
    header = make_header((DECKS[0], DECKS[1]), 7, pool=POOL,
                         seats=(Seat("A", DECKS[0]), Seat("B", DECKS[1])))
    path = tmp_path / "g.hkk"
    game = start_saved(header, path)
    yield game, path
    game.writer.close()


def refused_and_unchanged(game: Game, path: Path, player: Any, action: Any) -> IllegalAction:
    """``action`` is refused as an IllegalAction; the game and its save are as before and the
    save still loads, agreeing with the rules, holding the same entries."""
    before = Snapshot(game, path)
    with pytest.raises(IllegalAction) as info:
        game.submit(player, action)
    before.check(game, action)
    check_refusal(info.value)
    loaded = load(path, CODEC)
    assert not loaded.damaged and loaded.entries == game.entries
    assert check_loaded(loaded) == ""
    return info.value


def to_main_phase(game: Game) -> int:
    """Keep the start, then pass until the active player has priority in main phase 1."""
    game.submit(game.pending().player, A.CedeStart(False))
    for _ in range(50):
        d = game.pending()
        if d.kind == "priority" and game.state.phase == "main1" and d.player == game.state.active:
            return d.player
        game.submit(d.player, A.Pass())
    raise AssertionError("no main phase")


def test_negative_card_id_is_malformed_not_python_indexing(saved_game):
    game, path = saved_game
    player = to_main_phase(game)
    exc = refused_and_unchanged(game, path, player, A.PlayCard(-64))
    assert exc.key == "malformed" and exc.rule == ""


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, "0", 2, -1, None],
                         ids=repr)
def test_a_seat_must_be_an_int_seat_of_the_game(saved_game, seat):
    game, path = saved_game
    exc = refused_and_unchanged(game, path, seat, A.CedeStart(False))
    assert exc.key == "bad_seat"


@pytest.mark.parametrize("cede", ["", "no", 0, 1, None])
def test_k3_7_cede_start_takes_a_bool(saved_game, cede):
    game, path = saved_game
    exc = refused_and_unchanged(game, path, game.pending().player, A.CedeStart(cede))
    assert exc.key == "malformed"


@pytest.mark.parametrize("card", [None, "5", 5.0, True, [5]], ids=repr)
def test_a_card_id_of_the_wrong_type_is_malformed(saved_game, card):
    game, path = saved_game
    player = to_main_phase(game)
    exc = refused_and_unchanged(game, path, player, A.PlayCard(card))
    assert exc.key == "malformed"


@pytest.mark.parametrize("card", [10**9, 2**64 - 1, 80], ids=repr)
def test_k4_4_5_playing_a_card_this_game_does_not_have(saved_game, card):
    game, path = saved_game
    player = to_main_phase(game)
    assert len(game.state.cards) == 80
    exc = refused_and_unchanged(game, path, player, A.PlayCard(card))
    assert (exc.key, exc.rule) == ("no_such_card", "K 4.4.5")
    assert str(card) in exc.message


def test_k2_6_2_playing_the_opponents_card(saved_game):
    game, path = saved_game
    player = to_main_phase(game)
    theirs = game.state.players[1 - player].hand[0]
    exc = refused_and_unchanged(game, path, player, A.PlayCard(theirs))
    assert (exc.key, exc.rule) == ("opponents_card", "K 2.6.2")


def test_a_number_too_big_for_the_wire_is_malformed(saved_game):
    game, path = saved_game
    player = to_main_phase(game)
    exc = refused_and_unchanged(game, path, player, A.PlayCard(2**64))
    assert exc.key == "malformed"


@pytest.mark.parametrize("action", [A.Start(), A.SetupScenario(ScenarioSpec(
    players=(side(), side())))], ids=["Start", "SetupScenario"])
def test_k28_setting_up_is_the_systems_not_a_players(saved_game, action):
    game, path = saved_game
    exc = refused_and_unchanged(game, path, game.pending().player, action)
    assert (exc.key, exc.rule) == ("system_only", "K 28")


@pytest.mark.parametrize("action", [object(), None, "Pass", 5, ["Nope"], {"type": "Pass"}],
                         ids=repr)
def test_something_that_is_no_action_is_malformed(saved_game, action):
    game, path = saved_game
    exc = refused_and_unchanged(game, path, game.pending().player, action)
    assert exc.key == "malformed"


def test_targets_naming_nothing_are_refused_in_words():
    sc = scenario(me=side(hand=[c("bolt", label="b")], vp=5),
                  them=side(guard=[c("grunt", label="g")]))
    cases = [
        (Target("c", 10**9), "no_such_card", "K 21.5"),
        (Target("p", 2), "no_such_player", "K 2.5.1"),
        (Target("l", 0), "no_such_item", "K 94.6"),
        (Target("x", 0), "unknown_target", "K 21.5"),
    ]
    for target, key, rule in cases:
        err = sc.refused(0, A.PlayCard(sc.iid("b"), (target,)), rule)
        assert err.key == key
        check_refusal(err)


def test_k34_3_attacking_a_card_this_game_does_not_have():
    sc = scenario(me=side(guard=[c("grunt", label="a")]), them=side(guard=["grunt"]),
                  phase="combat", step=1)
    assert sc.decision.kind == "declare"
    err = sc.refused(0, A.DeclareAttack(sc.iid("a"), Target("c", 500)), "K 34.3")
    assert err.key == "no_such_card"
    err = sc.refused(0, A.DeclareAttack(500, Target("p", 1)), "K 34.1")
    assert err.key == "no_such_card"
