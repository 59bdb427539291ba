"""Deterministic positions for the snapshot tests (fixed seed, scripted actions)."""

from __future__ import annotations

from engine.core.log import Seat
from engine.hkk import actions as A
from engine.hkk.scenario import CardSpec, ScenarioSpec, SideSpec
from engine.hkk.session import scenario_game
from engine.hkk.state import Target
from hkk_tui.screens.session import GameSession


def combat_with_reaction(lang: str) -> GameSession:
    """The AI attacks, then plays an instant at the defender during combat: the human must
    respond to a reaction line with one item (and holds a reaction that could prevent it)."""
    spec = ScenarioSpec(players=(
        SideSpec(vp=6, hand=("raia-oltalmazo-ima", "raia-gyors-kotes"),
                 guard=(CardSpec("chara-din-szovetfalo", active=True),),
                 reserve=("chara-din-tuskes-farkas",), deck=("chara-din-nyalkas-larva",) * 5),
        SideSpec(vp=6, hand=("raia-landzsadofes",),
                 guard=(CardSpec("chara-din-kobroru-fenevad", active=True),
                        CardSpec("chara-din-kristalyhatu", active=True)),
                 deck=("chara-din-nyalkas-larva",) * 5)),
        active=1, phase="combat", step=1, turn=6)
    names = ("Anna", "Gép (mohó)" if lang == "hu" else "AI (greedy)")
    game = scenario_game(spec, seed=1, seats=(Seat(names[0], "scenario", "human"),
                                              Seat(names[1], "scenario", "ai:greedy")))
    game.submit(1, A.DeclareAttack(10, Target("c", 3)))
    game.submit(1, A.Pass())
    game.submit(1, A.PlayCard(9, (Target("c", 3),)))
    assert game.pending().kind == "respond" and game.state.line
    return GameSession(game=game, lang=lang).attach_bots()
