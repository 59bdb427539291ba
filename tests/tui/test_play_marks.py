"""Playability at a glance and the combat maths on the HKK board (issue 14), read from the
screen as text (NO_COLOR: colours are not in it): ``✓`` on playable hand cards and on creatures
that can act, ``▶`` on the hand's cursor, one line per hand card so the cursor stays in sight at
80×24, keywords in short form on board lines, the engine's strike preview under the combat line,
a log line with its rule for damage magic defence makes 0 (K 15.3); the grid's ``• •`` on a
piece that can act."""

from __future__ import annotations

import pytest
from tui_helpers import fresh_data_dir, run, until

from engine.core.log import Seat
from engine.hkk import actions as A
from engine.hkk.scenario import CardSpec, ScenarioSpec, SideSpec, labels_of
from engine.hkk.session import scenario_game
from engine.hkk.state import Target
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.session import GameSession

HAND = ("chara-din-tuskes-farkas", "chara-din-szovetfalo", "chara-din-agyfereg",
        "raia-oltalmazo-ima", "raia-gyors-kotes", "raia-landzsadofes", "chara-din-savkopo",
        "fairlight-tukormagus", "chara-din-nyalkas-larva", "chara-din-kobroru-fenevad")


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def session(spec: ScenarioSpec, lang: str) -> GameSession:
    game = scenario_game(spec, seed=1, seats=(Seat("Anna", "scenario", "human"),
                                              Seat("Bot", "scenario", "ai:greedy")))
    return GameSession(game=game, lang=lang).attach_bots()


def main_phase(phase: str = "main1") -> ScenarioSpec:
    return ScenarioSpec(players=(
        SideSpec(vp=4, mc=0, hand=HAND,
                 guard=(CardSpec("fairlight-tukormagus", active=True),),
                 reserve=(CardSpec("chara-din-tuskes-farkas", active=True),),
                 deck=("chara-din-nyalkas-larva",) * 5),
        SideSpec(guard=(CardSpec("chara-din-kristalyhatu", active=True),),
                 deck=("chara-din-nyalkas-larva",) * 5)),
        active=0, phase=phase, turn=4)


async def _open(app, pilot, spec: ScenarioSpec, lang: str):
    screen = app.open_session(session(spec, lang))
    await until(pilot, lambda: isinstance(app.screen, GameScreen)
                and screen.session.my_decision() is not None, "my decision")
    await pilot.pause()
    return screen


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_playable_hand_cards_are_marked_in_text_with_their_full_cost(monkeypatch, lang):
    """4 VP and no monster components: the Spined Wolf (2 VP) can be played — ``✓`` — the
    Tissue Eater (2 VP + 1 mc) cannot; the cursor is ``▶``."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        screen = await _open(app, pilot, main_phase(), lang)
        screen.query_one("#hand").focus()
        await pilot.pause()
        lines = screen_text(app).split("\n")
        namer = screen.session.table().namer
        wolf, eater = namer.cid("chara-din-tuskes-farkas"), namer.cid("chara-din-szovetfalo")
        mc = {"en": "mc", "hu": "szk"}[lang]
        assert any(f"┃▶✓ {wolf} 2VP" in line for line in lines), lines
        assert any(f"┃   {eater} 2VP+1{mc}" in line for line in lines), lines
        legend = {"en": "✓ playable ▶ cursor", "hu": "✓ kijátszható ▶ kurzor"}[lang]
        hand = screen.query_one("#hand")
        assert any(legend in str(hand.get_option_at_index(i).prompt)
                   for i in range(hand.option_count))
    run(body, lang=lang, size=(120, 30))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_creatures_that_can_act_are_marked_with_their_keywords(monkeypatch, lang):
    """In the exchange phase (K 32.1) my guard and reserve creatures can move: ``✓`` on their
    board lines; the Mirror Mage's magic defence and the Spined Wolf's combat ability (+1) are
    on their lines in short form; the opponent's creature has no ``✓``."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        screen = await _open(app, pilot, main_phase("exchange"), lang)
        text = screen_text(app)
        table = screen.session.table()
        mage, wolf = table.namer.cid("fairlight-tukormagus"), table.namer.cid(
            "chara-din-tuskes-farkas")
        mdef = table.t("kw_short.magic_defence")
        assert f"✓{mage} 2/2 [{mdef}]" in text, text
        assert f"✓{wolf} 2/2 [+1]" in text, text
        back = table.namer.cid("chara-din-kristalyhatu")
        assert f"{back} 3/4 [{mdef}]" in text and f"✓{back}" not in text
    run(body, lang=lang, size=(80, 24))


def test_hand_of_ten_scrolls_to_keep_the_cursor_in_sight_at_80x24(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _open(app, pilot, main_phase(), "en")
        hand = screen.query_one("#hand")
        hand.focus()
        await pilot.pause()
        namer = screen.session.table().namer
        rows = [line.split("┃")[1] for line in screen_text(app).split("\n")
                if line.startswith("┃")]
        shown = [cid for cid in HAND if any(namer.cid(cid) in row for row in rows)]
        height = hand.scrollable_content_region.height
        assert len(shown) == height == len(rows), (rows, height)   # one line per card
        for n in range(1, len(HAND)):
            await pilot.press("down")
            await pilot.pause()
            top = hand.scroll_offset.y
            height = hand.scrollable_content_region.height
            assert hand.highlighted == n
            assert top <= n < top + height, (n, top, height)
        screen.refresh_panes()                       # a change redraws the hand: still in sight
        await pilot.pause()
        await pilot.pause()
        top, height = hand.scroll_offset.y, hand.scrollable_content_region.height
        assert hand.highlighted == len(HAND) - 1 and top <= len(HAND) - 1 < top + height
        last = screen.session.table().namer.cid(HAND[-1])
        assert any(f"┃▶" in line and last in line for line in screen_text(app).split("\n"))
    run(body, lang="en", size=(80, 24))


def combat_spec() -> ScenarioSpec:
    return ScenarioSpec(players=(
        SideSpec(guard=(CardSpec("chara-din-szovetfalo", active=True, label="eater"),),
                 deck=("chara-din-nyalkas-larva",) * 5),
        SideSpec(guard=(CardSpec("fairlight-tukormagus", active=True, label="mage"),),
                 deck=("chara-din-nyalkas-larva",) * 5)),
        active=0, phase="combat", step=1, turn=4)


def test_k15_3_strike_preview_on_the_board_and_the_prevented_damage_in_the_log(monkeypatch):
    """Tissue Eater (no magic attack) attacks a Mirror Mage (magic defence): before the strike
    the board says its 3 damage becomes 0 by K 15.3 and it takes 3 and dies; after the strike
    the log says the same with the rule."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    spec = combat_spec()
    iid = labels_of(spec)

    async def body(app, pilot):
        screen = await _open(app, pilot, spec, "en")
        assert screen.session.submit(A.DeclareAttack(iid["eater"], Target("c", iid["mage"])))
        screen.after_change()
        await pilot.pause()
        text = screen_text(app)
        assert "Strike preview: Mirror Mage: 3 → 0 (Magic defence, K 15.3)" in text, text
        assert "Tissue Eater takes 3; Tissue Eater dies" in text.replace("\n", " ") or \
            "Tissue Eater takes 3" in text
        screen.session.submit(A.Pass())
        screen.after_change()
        lines = screen.session.log_lines(0)
        said = [line for line in lines if "magic defence makes it 0" in str(line)]
        assert said and "K 15.3" in str(said[0]), lines[-12:]
    run(body, lang="en", size=(100, 30))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_sw_hand_and_board_marks_read_without_colour(monkeypatch, lang):
    """Summoner Wars at 80×24 with NO_COLOR: the hand's cards that can be used now are ``✓``,
    its cursor ``▶``, its legend says so; a unit that can act stands between ``• •``."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        # a fixed deal whose first decision of ours has cards to use (a random one may not)
        app.start_game(None, None, seed=3, ruleset="sw",
                       decks=("polar-dwarves", "ashvale-wraiths"), kinds=("human", "ai:random"))
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board"))
                    and app.screen.session.my_decision() is not None, "my first decision")
        screen = app.screen
        hand, board = screen.query_one("#hand"), screen.query_one("#board")
        hand.focus()
        await pilot.pause()
        table = screen.session.table()
        prompts = [str(hand.get_option_at_index(i).prompt) for i in range(hand.option_count)]
        offered = [i for i, cv in enumerate(hand.cards) if cv.cid in hand.offered]
        assert prompts[hand.highlighted].startswith("▶")
        assert all(prompts[i][1] == "✓" for i in offered) and offered, prompts
        assert all(prompts[i][1] == " " for i in range(len(hand.cards)) if i not in offered)
        assert any(table.t("handmark.legend") in p for p in prompts)
        text = screen_text(app)
        assert "▶" in text and "✓" in text
        board.focus()
        await pilot.pause()
        actors = board.actors() - {board.cursor}
        if actors:                                   # units that can act, off the cursor
            assert "•" in screen_text(app)
    run(body, lang=lang, size=(80, 24))
