"""Phases, combat sub-phases and their windows always happen (K 4.11.1, 33.1-33.2); life-saving
actions follow any damage, lethal or not (K 35.9, 36.8, 37.0-37.2, 136.8)."""

import tomllib

import msgspec

from engine.ai.bots import RandomBot
from engine.core.game import Game
from engine.core.log import FORMAT_VERSION, Header, Seat
from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.cards import PoolFile
from engine.hkk.turn import STEPS
from tests.helpers import RULESET, TEST_POOL, c, scenario, side

DECK = tuple(["grunt", "brute", "wall", "bird", "bolt", "mend", "growth", "fort", "relic",
              "lancer"] * 4)


def walk(sc, until_phase: str, limit: int = 80) -> list[tuple[str, int, str, int]]:
    """Pass every decision until the game reaches ``until_phase``; returns the decisions met
    as (phase, step, kind, player)."""
    seen = []
    for _ in range(limit):
        d = sc.decision
        if sc.state.phase == until_phase:
            return seen
        seen.append((sc.state.phase, sc.state.step, d.kind, d.player))
        sc.submit(d.player, A.Pass())
    raise AssertionError(f"{until_phase} not reached")


def steps_of(game: Game) -> list[tuple[str, int]]:
    return E.steps_begun([e for entry in game.entries for e in entry.events])


# ---------------------------------------------------------------------------- K 4.11.1, 33
def test_k33_1_combat_sub_phases_happen_even_with_an_empty_guard_post():
    """Nobody can attack: still every combat sub-phase and the window before each one happens,
    in order (K 33.1-33.3); with auto-pass off each asks its player."""
    sc = scenario(me=side(reserve=["grunt"]), them=side(guard=["wall"]), phase="exchange")
    sc.pass_()                                             # done with the exchange
    seen = walk(sc, "main2")
    combat = [(step, kind, player) for phase, step, kind, player in seen if phase == "combat"]
    assert combat == [(0, "priority", 0), (0, "priority", 1), (1, "declare", 0),
                      (3, "priority", 0), (3, "priority", 1), (4, "combat_abilities", 0),
                      (4, "combat_abilities", 1), (6, "priority", 0), (6, "priority", 1)]
    events = [e for entry in sc.game.entries for e in entry.events]
    assert [(ph, st) for ph, st in E.steps_begun(events)
            if ph == "combat"] == [("combat", n) for n in range(9)]
    assert any(isinstance(e, E.CombatBegan) for e in events)
    assert any(isinstance(e, E.CombatEnded) for e in events)


def test_k33_2_windows_before_combat_abilities_and_strike_open_when_nobody_attacks():
    """The active player declares no attacker: the opponent still gets the windows before the
    combat-abilities and strike sub-phases (K 33.2) — with auto-pass on, because they hold an
    instant; the active player, who could do nothing, is not asked."""
    sc = scenario(me=side(guard=["grunt"]), them=side(hand=["bolt"], vp=5), phase="exchange",
                  auto_pass=True)
    sc.pass_()
    seen = walk(sc, "main2")
    combat = [(step, kind, player) for phase, step, kind, player in seen if phase == "combat"]
    assert combat == [(0, "priority", 1), (1, "declare", 0), (3, "priority", 1),
                      (6, "priority", 1)]


def test_k4_11_1_every_phase_and_stage_happens_every_turn():
    """In random games every turn runs through every phase, stage and combat step, in order,
    each with its marker in the log (K 4.11.1, 29, 33.1, 41)."""
    header = Header(FORMAT_VERSION, "hkk", "2", 11, (Seat("A", "t"), Seat("B", "t")),
                    decklists=(DECK, DECK))
    game = Game.new(RULESET, header)
    bots = [RandomBot(1), RandomBot(2)]
    while game.pending() is not None and game.state.turn < 8:
        d = game.pending()
        game.submit(d.player, bots[d.player].choose(None, game.legal_actions(d.player)))
    turns: list[list[tuple[str, int]]] = []
    for entry in game.entries:
        for e in E.unfold(entry.events):
            if isinstance(e, E.TurnBegan):
                turns.append([])
            elif isinstance(e, E.StepBegan) and turns:
                turns[-1].append((e.phase, e.step))
    finished = turns[:-1]
    assert len(finished) >= 6
    for steps in finished:
        assert steps == list(STEPS)


# ---------------------------------------------------------------------------- K 37.0
def test_k36_8_life_saving_after_a_strike_that_does_not_kill():
    """The wall survives the strike: its controller may still heal it right away (K 36.8)."""
    sc = scenario(me=side(guard=[c("brute", label="a")]),
                  them=side(guard=[c("wall", label="w")], hand=[c("mend", label="m")], vp=3),
                  phase="combat", step=1, auto_pass=True)
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("w")))
    sc.submit(0, A.Pass())
    while (sc.decision.kind, sc.state.step) != ("life_saving", 7):
        sc.pass_()
    assert sc.decision.player == 1 and sc.card("w").damage == 3 and sc.zone("w") == "guard"
    assert A.PlayCard(sc.iid("m"), (sc.ct("w"),)) in sc.legal(1)
    events = sc.play(1, "m", sc.ct("w"))          # with auto-pass the game then runs on
    assert E.CardHealed(sc.iid("w"), 3, sc.iid("m")) in events


def test_k37_0_life_saving_after_spell_damage_that_does_not_kill():
    sc = scenario(me=side(hand=["bolt"], vp=5),
                  them=side(reserve=[c("brute", label="b")], hand=[c("mend", label="m")], vp=3),
                  auto_pass=True)
    sc.play(0, "bolt", sc.ct("b"))
    while sc.decision.kind != "life_saving":
        sc.pass_()
    assert sc.decision.player == 1 and sc.card("b").damage == 3 and sc.zone("b") == "reserve"
    assert sc.legal(1) == [A.PlayCard(sc.iid("m"), (sc.ct("b"),)), A.Pass()]


def test_k37_0_life_saving_is_for_the_creature_just_damaged_only():
    """An older wound is not a reason for a life-saving action: only the creature the bolt just
    hit can be healed in its window."""
    sc = scenario(me=side(hand=["bolt"], vp=5),
                  them=side(reserve=[c("brute", label="b"), c("wall", label="old", damage=2)],
                            hand=[c("mend", label="m")], vp=3))
    sc.play(0, "bolt", sc.ct("b"))
    while sc.decision.kind != "life_saving" or sc.decision.player != 1:
        sc.pass_()
    plays = [a for a in sc.legal(1) if isinstance(a, A.PlayCard)]
    assert plays == [A.PlayCard(sc.iid("m"), (sc.ct("b"),))]
    sc.refused(1, A.PlayCard(sc.iid("m"), (sc.ct("old"),)), "K 37.0")


def test_k136_8_regeneration_right_after_damage_that_does_not_kill():
    sc = scenario(me=side(hand=["bolt"], vp=5),
                  them=side(reserve=[c("troll", label="t")], vp=2), auto_pass=True)
    sc.play(0, "bolt", sc.ct("t"))
    while sc.decision.kind != "life_saving":
        sc.pass_()
    assert sc.zone("t") == "reserve" and sc.card("t").damage == 3
    assert A.Regenerate(sc.iid("t")) in sc.legal(1)
    events = sc.submit(1, A.Regenerate(sc.iid("t")))
    assert E.Regenerated(sc.iid("t"), 1) in events


def test_k37_0_no_life_saving_window_when_nobody_could_save_anything(monkeypatch):
    """With auto-pass on, a life-saving window in which both could only pass is not opened: the
    game goes on without a decision (K 4.11.7). (The task stack is logged folded, so the tasks
    the rules push on the way are watched at the push itself.)"""
    from engine.hkk.ctx import Ctx

    pushed: list[str] = []
    real_push = Ctx.push

    def watched(self: Ctx, task: object) -> None:
        pushed.append(task.kind)  # type: ignore[attr-defined]
        real_push(self, task)

    sc = scenario(me=side(hand=[c("bolt", label="x")], vp=5),
                  them=side(reserve=[c("brute", label="b")]), auto_pass=True)
    monkeypatch.setattr(Ctx, "push", watched)
    events = sc.play(0, "x", sc.ct("b"))          # nobody can act: the game runs on
    assert E.CardDamaged(sc.iid("b"), 3, sc.iid("x"), "K 21.17") in events
    assert E.WoundsChecked() in events
    assert "resolve_line" in pushed                # the watch sees the rules' pushes
    assert "life_saving" not in pushed


def test_k37_0_life_saving_after_the_maximum_hp_falls():
    """A weakening counter lowers the wounded brute's maximum HP without killing it: its
    controller may heal it right afterwards (K 37.0, "or its maximum HP decreases")."""
    sc = scenario(me=side(hand=["wither"], vp=5),
                  them=side(reserve=[c("brute", label="b", damage=2)],
                            hand=[c("mend", label="m")], vp=3))
    sc.play(0, "wither", sc.ct("b"))
    while sc.decision.kind != "life_saving" or sc.decision.player != 1:
        assert sc.decision.kind != "priority" or sc.state.line, "no life-saving window"
        sc.pass_()
    assert sc.zone("b") == "reserve" and sc.hp("b") == 2
    assert A.PlayCard(sc.iid("m"), (sc.ct("b"),)) in sc.legal(1)


def test_k37_0_a_healed_creature_is_no_longer_a_life_saving_target():
    """Life-saving raises the current HP (K 37.0): once the creature is whole again, nothing in
    the window can aim at it any more (no endless healing)."""
    sc = scenario(me=side(hand=["bolt"], vp=5),
                  them=side(reserve=[c("brute", label="b")],
                            hand=[c("mend", label="m"), c("mend", label="m2")], vp=5))
    sc.play(0, "bolt", sc.ct("b"))
    while sc.decision.kind != "life_saving" or sc.decision.player != 1:
        sc.pass_()
    sc.play(1, "m", sc.ct("b"))
    while sc.card("b").damage:
        sc.pass_()
    while sc.decision.player != 1:               # the window comes back to player 1
        assert sc.decision.kind == "life_saving"
        sc.pass_()
    assert sc.decision.kind == "life_saving" and sc.zone("m2") == "hand"
    assert sc.legal(1) == [A.Pass()]


# two shrinking statics: "all creatures -1 HP" (a permanent, no host)
_BLIGHT = """
[[card]]
id = "blight"
type = "enchantment"
cost = 1
god = "raia"
name = {hu = "blight (hu)", en = "blight"}
abilities = [{when = "static", effects = [{do = "buff", hp = -1, to = "all_creatures"}]}]
"""


def test_k37_5_statics_that_bring_a_creature_to_0_hp_kill_it():
    """K 37.5 through static HP (K 15.1, 130): with one "all creatures -1 HP" on the table a
    2-HP grunt lives at 1; a second takes it to 0 and it dies, unhurt. The opponent's grunt has
    the defence bonus in my turn (K 38.0, +1 HP) and lives at 1."""
    pool = {**TEST_POOL, **{d.id: d for d in msgspec.convert(tomllib.loads(_BLIGHT),
                                                              PoolFile).card}}
    sc = scenario(me=side(reserve=[c("grunt", label="mine")], perm=[c("blight", label="b1")],
                          hand=[c("blight", label="b2")], vp=5),
                  them=side(reserve=[c("grunt", label="theirs")]), pool=pool)
    assert sc.hp("mine") == 1 and sc.hp("theirs") == 2
    sc.play(0, "b2")
    sc.settle()
    assert sc.zone("b2") == "perm"
    assert sc.zone("mine") == "graveyard"                        # 2 - 1 - 1 = 0 HP
    assert sc.zone("theirs") == "reserve" and sc.hp("theirs") == 1   # 2 - 2 + 1
