"""An agreed draw in the app (K 2.8.1-2.8.3): `d` offers one, the opponent — the AI by its rule,
or the other person in hotseat from the menu — accepts or declines, the log says so in the
player's language, and an agreed draw is final."""

from __future__ import annotations

from engine.hkk import actions as A
from engine.hkk import events as E
from hkk_tui.i18n import t
from hkk_tui.screens.dialogs import ChoiceScreen, HandOverScreen, MessageScreen
from hkk_tui.widgets.log import GameLog
from tui_helpers import fresh_data_dir, run, until

DECKS = ("raia-egi-legio", "chara-din-horda")


def log_text(screen) -> str:
    return "\n".join(screen.query_one("#log", GameLog).plain_lines())


async def my_decision(pilot, app, screen) -> None:
    def ready():
        if isinstance(app.screen, HandOverScreen):
            return True
        session = screen.session
        d = session.my_decision()
        return app.screen is screen and d is not None and (
            not session.hotseat or session.shown == d.player)
    for _ in range(20):
        await until(pilot, ready, "a decision of the person at the keyboard")
        if app.screen is screen:
            return
        await pilot.press("enter")                        # the hand-over screen
        await pilot.pause()
    raise AssertionError("no human decision")


def test_draw_offer_to_the_ai_is_declined_by_its_rule_and_not_repeated_this_turn(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(*DECKS, ai="greedy", seed=5)
        session = screen.session
        await my_decision(pilot, app, screen)
        before = session.pending()
        await pilot.press("d")
        await until(pilot, lambda: any(isinstance(ev, E.DrawDeclined)
                                       for e in session.game.entries for ev in e.events),
                    "the AI's answer")
        await my_decision(pilot, app, screen)
        # the greedy bot is not behind on life (20 to 20): it declines; the game goes on
        assert session.result() is None and session.pending() == before
        text = log_text(screen)
        assert "offers a draw" in text and "declines the draw" in text
        await pilot.press("d")                            # once per turn (K 2.8.2)
        await pilot.pause()
        assert "already offered a draw this turn" in screen.error and "K 2.8.2" in screen.error

    run(body)


def test_hotseat_draw_offer_accepted_from_the_menu_ends_the_game_for_good(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(*DECKS, ai=None, seed=3)
        session = screen.session
        await my_decision(pilot, app, screen)
        offerer = session.pending().player
        await pilot.press("d")
        await my_decision(pilot, app, screen)             # handed over to the other player
        d = session.my_decision()
        assert d.kind == "draw_offer" and d.player == 1 - offerer
        assert "offers a draw" in screen.query_one("#prompt").main_text
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")                            # Accept the draw
        await until(pilot, lambda: session.result() is not None, "the result")
        assert session.result().winners == () and session.result().reason == "agreed_draw"
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the result dialog")
        assert app.screen.body == t("over.draw", "en", reason="the players agreed to a draw",
                                    rule="K 2.8.1")
        await pilot.press("enter")
        await pilot.pause()
        n = len(session.game.entries)
        await pilot.press("u")                            # final (K 2.8.3)
        await pilot.pause()
        assert screen.error == t("undo.final", "en") and len(session.game.entries) == n
        assert "accepts the draw" in log_text(screen) and "K 2.8.1" in log_text(screen)
        assert isinstance(session.game.entries[-1].action, A.AcceptDraw)

    run(body)
