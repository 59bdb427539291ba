"""M.A.G.U.S.' §16 zones and card fields on screen (issue 18, point 11): a scenario position opened
in the app (``hkk scenario --ruleset mk``) at 80×24 shows each seat's Outer plane (MK 9.00: no
position there) and ghosts with the rounds each has left (MK 11.00.A), and the card detail (``i``)
tells in words the mosaic forms with their MP requirement (MK 7.00-7.01), the outer-plane symbol
and ability, the spirit rounds and ability, the antiss mark, machine and build-on, FÓKUSZ and
KINCS — in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import fresh_data_dir, run, until

POSITION = """
title = { hu = "Külső sík és szellemek", en = "Outer plane and ghosts" }
description = { hu = "Próba.", en = "A test." }
rule = "MK 9.00"
phase = "manoeuvres"
round = 3
mp = [10, 8]
stamps = [1, 2]
cards = [
  { label = "walker", owner = 0, cid = "a-star-walker", zone = "outer" },
  { label = "borka", owner = 0, cid = "a-borka", zone = "line" },
  { label = "mosaic", owner = 0, cid = "x-mosaic-fire", zone = "hand" },
  { label = "monk", owner = 0, cid = "a-focus-monk", zone = "hand" },
  { label = "blade", owner = 0, cid = "o-gear-blade", zone = "hand" },
  { label = "prince", owner = 0, cid = "a-lost-prince", zone = "hand" },
  { label = "dreamer", owner = 0, cid = "a-dream-walker", zone = "hand" },
  { label = "keep", owner = 0, cid = "t-ember-keep", zone = "tower", open = true },
  { label = "knight", owner = 1, cid = "a-old-knight", zone = "ghosts", rounds = 2 },
  { label = "geza", owner = 1, cid = "a-geza", zone = "line" },
  { label = "hunter", owner = 1, cid = "a-void-hunter", zone = "outer" },
  { label = "gate", owner = 1, cid = "t-salt-gate", zone = "tower" },
  { owner = 0, cid = "a-geza", zone = "future" },
  { owner = 1, cid = "a-geza", zone = "future" },
]
"""


def _file(tmp: Path) -> Path:
    path = tmp / "zones.toml"
    path.write_text(POSITION, encoding="utf-8")
    return path


async def _open(app, pilot, path: Path):
    from hkk_tui.screens.game import GameScreen

    app.ruleset = "mk"
    app.open_scenario(path, "mk")
    await until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                "the game screen")
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    await until(pilot, lambda: bool(screen.query("#board-pane"))
                and screen.query_one("#board").view is not None, "the game laid out")
    for _ in range(5):                   # hotseat: the terminal is handed to seat A first
        if app.screen is screen:
            break
        await pilot.press("enter")
        await pilot.pause()
    assert app.screen is screen, type(app.screen).__name__
    return screen


def _board(screen) -> list[str]:
    board = screen.query_one("#board")
    return [board.get_option_at_index(i).prompt.plain for i in range(board.option_count)]


async def _detail(app, pilot, screen, iid: int) -> str:
    """Highlight the board row of card ``iid`` (or the hand card) and press ``i``."""
    board = screen.query_one("#board")
    on_board = any(r is not None and r.id == iid for r in board.refs)
    pane = board if on_board else screen.query_one("#hand")
    pane.focus()
    await pilot.pause()
    pane.highlighted = next(n for n, r in enumerate(board.refs) if r is not None
                            and r.id == iid) if on_board else pane.cards.index(iid)
    await pilot.pause()
    await pilot.press("i")
    await until(pilot, lambda: type(app.screen).__name__ == "CardScreen", "the card")
    text = str(app.screen.query_one("#card-body").render())
    await pilot.press("escape")
    await until(pilot, lambda: app.screen is screen, "back to the game")
    return text


WORDS = {
    "en": {"outer": "Outer plane: The Star Walker",
           "ghost": "Ghost: The Old Knight (alert, 2 round(s) left)",
           "their_outer": "Outer plane: The Void Hunter",
           "mosaic": ["Mosaic spell of fire (MK 7.00)", "Sword (combat", "base+1 MP",
                      "Carpet (combat, every enemy in the combat): targets×base+1 MP",
                      "half-save", "action · MP by its form"],
           "walker": ["Outer-plane card (MK 9.00)", "Outer ability: 2 MP",
                      "Outer ability: come down into the Line", "In the Outer plane of"],
           "knight": ["Spirit (2) (MK 11.00)", "costs 1 MP", "Spirit ability (as a ghost)",
                      "2 round(s) left"],
           "monk": ["FÓKUSZ (MK 2.19)", "bottom of its owner's Future"],
           "blade": ["Machine (MK 10.02)", "Build-on (MK 10.02): 1 MP", "adds 1 damage"],
           "prince": ["KINCS 4 (MK 2.07)", "level 4 or more"],
           "dreamer": ["Antiss mark (MK 8.01)"]},
    "hu": {"outer": "Külső sík: A csillagjáró",
           "ghost": "Szellem: Az öreg lovag (éber, még 2 kör)",
           "their_outer": "Külső sík: Az űrvadász",
           "mosaic": ["tűz mozaik (MK 7.00)", "Kard (harc", "alap+1 MP",
                      "Szőnyeg (harc, a harc minden ellenfele): célpontok×alap+1 MP",
                      "felezőmentő", "MP a formája szerint"],
           "walker": ["Külső síkos lap (MK 9.00)", "Külső képesség: 2 MP",
                      "Külső képesség: leszállás a Sorba"],
           "knight": ["Szellem (2) (MK 11.00)", "szellemképessége 1 MP", "még 2 kör"],
           "monk": ["FÓKUSZ (MK 2.19)", "Jövőjének aljára"],
           "blade": ["Gépezet (MK 10.02)", "Ráépítés (MK 10.02): 1 MP"],
           "prince": ["KINCS 4 (MK 2.07)"],
           "dreamer": ["Antissjel (MK 8.01)"]},
}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_mk_9_00_and_11_00_the_board_shows_outer_plane_and_ghosts_and_i_tells_the_fields(
        monkeypatch, tmp_path, lang):
    fresh_data_dir(monkeypatch)
    path = _file(tmp_path)
    w = WORDS[lang]

    async def body(app, pilot):
        from engine.magus import scenario as S

        screen = await _open(app, pilot, path)
        labels = S.labels_of(S.load(path))
        view = screen.session.view()
        assert view.viewer == 0, view.viewer
        rows = _board(screen)
        text = "\n".join(rows)
        mine = w["outer"].replace(": ", ": ✓")           # ✓: its outer ability may act now
        outer = next((r for r in rows if mine in r), "")
        assert outer.strip() == mine, text
        assert "alert" not in outer and "éber" not in outer, outer     # MK 9.00.D
        assert any(r.strip() == w["ghost"] for r in rows), text
        assert any(w["their_outer"] in r for r in rows), text
        assert all(len(r) <= 80 for r in rows)
        found = {}
        for key, label in (("mosaic", "mosaic"), ("walker", "walker"), ("knight", "knight"),
                           ("monk", "monk"), ("blade", "blade"), ("prince", "prince"),
                           ("dreamer", "dreamer")):
            found[key] = await _detail(app, pilot, screen, labels[label])
            for words in w[key]:
                assert words in found[key], (key, words, found[key])

    run(body, lang, size=(80, 24), seed=1)


@pytest.mark.parametrize("lang, words", [
    ("en", ["Treasure hunting 3 (MK 1.14.14)", "Antiss ability (MK 8.01.B): 2 MP"]),
    ("hu", ["Kincskeresés 3 (MK 1.14.14)", "Antissképesség (MK 8.01.B): 2 MP"]),
])
def test_mk_1_14_14_and_8_01_b_treasure_hunting_and_antiss_ability_in_words(lang, words):
    """The fields the rules round adds beside this one (``hunting``, ``antiss_mp``) read in
    words as soon as a card has them (a card-like stand-in here: today's CardDef may not)."""
    from types import SimpleNamespace

    from engine.core.registry import get
    from hkk_tui.rulesets import get_ui
    from hkk_tui.rulesets.mk.card_screen import subsystem_rows

    header = get("mk").new_header(("ashen", "lantern"), 1)
    tb = get_ui("mk").table(header, get("mk").ruleset_for(header), ["A", "B"], lang)
    card = SimpleNamespace(type="adventurer", mosaic="", antiss=True, antiss_mp=2, outer=False,
                           outer_mp=0, spirit=0, spirit_mp=0, machine=False, build_mp=0,
                           build_dmg=0, race="", level=2, keywords=(), treasure=0, hunting=3,
                           mp=3)
    rows = "\n".join(subsystem_rows(card, tb))
    for w in words:
        assert w in rows, rows
