"""The hkk Textual app: title menu, games vs the AI or hotseat, saves, replays, settings."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.app import App

from engine.core.log import Seat
from hkk_tui.i18n import set_lang, t
from hkk_tui.screens.settings_store import Settings, load_settings


class HkkApp(App):
    CSS_PATH = "hkk.tcss"
    TITLE = "hkk"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, settings: Settings | None = None, start: dict[str, Any] | None = None,
                 **kw: Any):
        self.settings = settings or load_settings()
        if self.settings.colour == "16":
            kw.setdefault("ansi_color", True)
        super().__init__(**kw)
        self.start_args = start or {}
        #: extra header options and a fixed seed for new games (tests, ``hkk play --seed``)
        self.game_options: dict[str, Any] = {}
        self.seed: int | None = None
        set_lang(self.settings.lang)

    @property
    def lang(self) -> str:
        return self.settings.lang

    def on_mount(self) -> None:
        from hkk_tui.screens.title import TitleScreen

        self.apply_settings()
        self.push_screen(TitleScreen())
        if self.start_args:
            a = self.start_args
            if a.get("replay"):
                self.open_replay(Path(a["replay"]), debug=bool(a.get("debug")))
            elif a.get("scenario"):
                self.open_scenario(Path(a["scenario"]))
            else:
                self.start_game(a.get("deck"), a.get("vs"), ai=a.get("ai") or "greedy",
                                seed=a.get("seed"))

    def on_exit_app(self) -> None:
        """On the way out (quit, SIGTERM, SIGHUP): close every open game, so its save writer
        and lock are released before the screens go."""
        for screen in self.screen_stack:
            close = getattr(getattr(screen, "session", None), "close", None)
            if callable(close):
                close()

    def apply_settings(self) -> None:
        set_lang(self.settings.lang)
        self.theme = "ansi-dark" if self.settings.colour in ("16", "mono") else "textual-dark"

    # ------------------------------------------------------------------ menu actions
    def menu_new(self) -> None:
        from hkk_tui.screens.title import NewGameScreen

        self.push_screen(NewGameScreen(hotseat=False))

    def menu_hotseat(self) -> None:
        from hkk_tui.screens.title import NewGameScreen

        self.push_screen(NewGameScreen(hotseat=True))

    def menu_continue(self) -> None:
        """The games in progress, most recently played first (every game has its own save)."""
        from hkk_tui.screens.title import SavesScreen, continuable

        games = continuable()
        if not games:
            self.notify(t("continue.none", self.lang), severity="warning")
            return
        self.push_screen(SavesScreen(mode="continue", summaries=games))

    def menu_load(self) -> None:
        from hkk_tui.screens.title import SavesScreen

        self.push_screen(SavesScreen(mode="load"))

    def menu_replay(self) -> None:
        from hkk_tui.screens.title import SavesScreen

        self.push_screen(SavesScreen(mode="replay"))

    def menu_settings(self) -> None:
        from hkk_tui.screens.title import SettingsScreen

        self.push_screen(SettingsScreen())

    def menu_rules(self) -> None:
        from hkk_tui.screens.title import RulesScreen

        self.push_screen(RulesScreen())

    def menu_quit(self) -> None:
        self.exit()

    # ------------------------------------------------------------------ games
    def _to_title(self) -> None:
        """Back to the title menu; a game left on the way is closed (its save released)."""
        from hkk_tui.screens.title import TitleScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, TitleScreen):
            close = getattr(getattr(self.screen, "session", None), "close", None)
            if callable(close):
                close()
            self.pop_screen()

    def start_game(self, deck: str | None, vs: str | None, ai: str | None = "greedy",
                   seed: int | None = None, replace: bool = False,
                   options: dict[str, Any] | None = None) -> Any:
        from engine.hkk import pool as P
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.session import GameSession

        decks = [d.id for d in P.list_decks()]
        deck = deck or decks[0]
        vs = vs or next((d for d in decks if d != deck), deck)
        L = self.lang
        if ai:
            seats = (Seat(t("seat.you", L), deck, "human"),
                     Seat(t("seat.ai", L, bot=t(f"bot.{ai}", L)), vs, f"ai:{ai}"))
        else:
            seats = (Seat(t("seat.player", L, n=1), deck, "human"),
                     Seat(t("seat.player", L, n=2), vs, "human"))
        opts = self.settings.header_options()
        opts.update(self.game_options)
        opts.update(options or {})
        seed = self.seed if seed is None else seed
        try:
            session = GameSession.new((deck, vs), seats, seed=seed, options=opts, lang=L)
        except Exception as exc:  # noqa: BLE001 - a bad deck id is told, not crashed on
            self.notify(t("error.start", L, error=str(exc)), severity="error", timeout=10)
            return None
        if replace:
            self._to_title()
        screen = GameScreen(session)
        self.push_screen(screen)
        return screen

    def open_session(self, session: Any) -> Any:
        """Show a game that is already set up (scenarios, tests)."""
        from hkk_tui.screens.game import GameScreen

        screen = GameScreen(session)
        self.push_screen(screen)
        return screen

    def load_game(self, path: Path) -> Any:
        """Continue a saved game. One held by another hkk is not opened for writing: a dialog
        says who holds it and offers it read-only in the replay viewer."""
        from engine.core.store import SaveError, SaveLocked
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.session import GameSession

        try:
            session = GameSession.resume(path, lang=self.lang)
        except SaveLocked as exc:
            self.show_locked(Path(path), exc.holder)
            return None
        except SaveError as exc:            # already in the player's language
            self.notify(str(exc), severity="error", timeout=15)
            return None
        except Exception as exc:  # noqa: BLE001 - told in words
            self.notify(t("error.load", self.lang, error=str(exc)), severity="error", timeout=10)
            return None
        self._to_title()
        screen = GameScreen(session)
        self.push_screen(screen)
        return screen

    def show_locked(self, path: Path, holder: Any) -> None:
        """The game is open for writing in another hkk: say who has it, offer it read-only."""
        from hkk_tui.describe import describe_holder
        from hkk_tui.screens.dialogs import ChoiceScreen

        L = self.lang

        def chosen(value: Any) -> None:
            if value == "replay":
                self.open_replay(path)

        self.push_screen(ChoiceScreen(
            t("locked.title", L),
            [(t("locked.replay", L), "replay"), (t("locked.back", L), None)],
            t("choice.help", L),
            body=t("locked.body", L, name=path.name, holder=describe_holder(holder, L))),
            chosen)

    def open_replay(self, path: Path, debug: bool = False) -> None:
        """A saved game read-only (no lock, nothing written): the entries the rules agree with;
        if the rest was left out, the player is told where and why."""
        from engine.core.store import SaveError
        from engine.hkk.session import open_read_only
        from hkk_tui.describe import describe_replay_note
        from hkk_tui.screens.replay import ReplayScreen
        from hkk_tui.screens.session import unusable_save

        path = Path(path)
        try:
            game, note = open_read_only(path)
        except SaveError as exc:
            self.notify(unusable_save(path, exc, self.lang), severity="error", timeout=15)
            return
        except Exception as exc:  # noqa: BLE001
            self.notify(t("error.load", self.lang, error=str(exc)), severity="error", timeout=10)
            return
        self.push_screen(ReplayScreen(game, self.lang, path.stem, debug=debug))
        if note:
            self.notify(describe_replay_note(note, path.name, len(game.entries), self.lang),
                        severity="warning", timeout=15)

    def open_scenario(self, path: Path) -> None:
        """Start a game from a scenario file (``hkk scenario FILE``): you play the side to move,
        the AI the other (hotseat if the file sets no AI)."""
        from engine.core.log import Seat
        from engine.hkk import pool as P
        from engine.hkk.actions import SetupScenario
        from engine.hkk.scenario import ScenarioError, load_file
        from engine.hkk.session import scenario_header, start_saved
        from hkk_tui.screens.session import GameSession

        L = self.lang
        try:
            spec = load_file(path, P.load_pool())
        except ScenarioError as exc:
            self.notify(str(exc), severity="error", timeout=15)
            return
        seats = (Seat(t("seat.player", L, n=1), "scenario", "human"),
                 Seat(t("seat.player", L, n=2), "scenario", "human"))
        header = scenario_header(spec, seed=self.seed or 1, seats=seats,
                                 options={**self.settings.header_options(),
                                          **self.game_options})
        title = spec.title.hu if L == "hu" else spec.title.en
        try:                                # a save of its own, like every new game
            game = start_saved(header, start=SetupScenario(spec))
        except Exception as exc:  # noqa: BLE001 - told in words
            self.notify(t("error.start", L, error=str(exc)), severity="error", timeout=10)
            return
        session = GameSession(game=game, lang=L, path=Path(game.writer.path)).attach_bots()
        self.open_session(session)
        desc = spec.description.hu if L == "hu" else spec.description.en
        self.notify(f"{title}\n{desc}", timeout=20)


def run_app(**kwargs: Any) -> int:
    """Start the app; returns its exit status. ``hkk play`` passes deck, vs, ai, seed (and lang)
    to start a game at once. The driver ends the app on SIGTERM/SIGHUP or a lost terminal
    (hkk_tui.terminal)."""
    from hkk_tui.terminal import driver_class

    settings = load_settings()
    lang = kwargs.pop("lang", None)
    if lang in ("hu", "en"):
        settings.lang = lang
    if settings.colour == "mono":
        os.environ["NO_COLOR"] = "1"
    start = {k: v for k, v in kwargs.items() if v is not None}
    if not (start.get("replay") or start.get("scenario")):
        if any(k in start for k in ("deck", "vs", "ai", "seed")):
            start.setdefault("ai", "greedy")
        else:
            start = {}
    app = HkkApp(settings, start, driver_class=driver_class())
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    run_app()
