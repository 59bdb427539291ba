"""The Summoner Wars turn track while abilities resolve (SW gl. IDŐZÍTÉS, ruling R31): Death
Rattle destroys the Pilferer and the Crypt Warden, two Soul Drifts wait and the active player
orders them. At 80x24 the track had 6 lines and showed only the first of the three pieces of
work; the rest were scrolled out of sight, and the two Soul Drifts read the same. Now, while two
or more resolve, the track takes rows from the hand, and each Soul Drift says whose death set
it off."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import fresh_data_dir, run, until

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "saves" / "sw" / "scenarios" / "sw-gl-kepesseg-abilities-wait-for-the-effect.toml"


def _lines(stack) -> list[str]:
    return [stack.get_option_at_index(i).prompt.plain for i in range(stack.option_count)]


@pytest.mark.parametrize("lang, drift, by", [
    ("en", "Soul Drift", ("set off by Pilferer", "set off by Crypt Warden")),
    ("hu", "Lélekvándorlás", ("kiváltotta: Zsebes", "kiváltotta: Kriptaőr"))])
def test_sw_gl_idozites_every_ability_resolving_is_in_sight_at_80x24(monkeypatch, lang,
                                                                      drift, by):
    from hkk_tui.screens.dialogs import HandOverScreen
    from hkk_tui.screens.game import GameScreen
    from hkk_tui.widgets.stack import Stack

    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        app.open_scenario(SCENARIO, "sw")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        stack = screen.query_one("#stack", Stack)
        hand_rows = screen.query_one("#hand").parent.size.height
        session = screen.session
        # Death Rattle from the actions menu (its third line), then the Crypt Warden (second)
        for key in ("a", "3", "a", "2"):
            await pilot.press(key)
            await pilot.pause()
        await until(pilot, lambda: (session.my_decision() is not None
                                    and session.my_decision().kind == "sw.order"),
                    "the order of the two Soul Drifts")
        await pilot.pause()
        lines = _lines(stack)
        drifts = [x for x in lines if drift in x]
        assert len(drifts) == 2, lines
        assert sorted(b for b in by if any(b in x for x in drifts)) == sorted(by), drifts
        assert screen.has_class("-resolving")
        assert stack.max_scroll_y == 0, ("scrolled out of sight", lines, stack.size)
        # the first Soul Drift chosen: once one piece of work is left, the hand gets its rows
        for key in ("a", "1", "1"):
            await pilot.press(key)
            await pilot.pause()
        await until(pilot, lambda: session.my_decision() is not None
                    and session.my_decision().kind != "sw.order", "the first Soul Drift")
        while stack.resolving >= 2 and session.my_decision() is not None:
            await pilot.press("space")          # skip the Soul Drifts' "use it?"
            await pilot.pause()
        await until(pilot, lambda: not screen.has_class("-resolving"), "the track to shrink")
        await pilot.pause()
        assert screen.query_one("#hand").parent.size.height == hand_rows

    run(body, lang, size=(80, 24), seed=1)
