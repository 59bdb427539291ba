"""The hkk Textual app: title menu, games vs the AI or hotseat, saves, replays, settings — for
every registered ruleset (engine.core.registry), each drawn by its UI plugin (hkk_tui.rulesets)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.app import App

from engine.core import registry
from engine.core.log import Seat
from hkk_tui.i18n import set_lang, t, tr
from hkk_tui.rulesets import get_ui
from hkk_tui.screens.settings_store import Settings, load_settings

_CSS = Path(__file__).resolve().parent / "hkk.tcss"


def _ui_css(name: str) -> Path | None:
    """A ruleset UI's layout (its UI plugin's ``css_path``). A built-in UI package keeps it as
    ``<name>.tcss`` beside its code: found without importing the package, which imports that
    ruleset's engine (the first frame does not wait for them)."""
    from hkk_tui.rulesets import _UIS

    if name not in _UIS:
        import importlib.util

        try:
            spec = importlib.util.find_spec(f"hkk_tui.rulesets.{name}")
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.submodule_search_locations:
            found = Path(next(iter(spec.submodule_search_locations))) / f"{name}.tcss"
            if found.is_file():
                return found
    return getattr(get_ui(name), "css_path", None)


def css_paths() -> list[Path]:
    """The app's layout, then each registered ruleset's own (its UI plugin's ``css_path``)."""
    paths = [_CSS]
    for name in registry.names():
        extra = _ui_css(name)
        if extra is not None and extra not in paths:
            paths.append(extra)
    return paths


class HkkApp(App):
    CSS_PATH = "hkk.tcss"
    TITLE = "hkk"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, settings: Settings | None = None, start: dict[str, Any] | None = None,
                 **kw: Any):
        self.settings = settings or load_settings()
        if self.settings.colour == "16":
            kw.setdefault("ansi_color", True)
        kw.setdefault("css_path", css_paths())
        super().__init__(**kw)
        self.start_args = start or {}
        #: extra header options and a fixed seed for new games (tests, ``hkk play --seed``)
        self.game_options: dict[str, Any] = {}
        self.seed: int | None = None
        #: the ruleset new games are of (chosen on the title screen when there are several)
        self.ruleset = registry.names()[0]
        set_lang(self.settings.lang)

    @property
    def lang(self) -> str:
        return self.settings.lang

    def on_mount(self) -> None:
        from hkk_tui.screens.title import TitleScreen

        self.apply_settings()
        # below 80×24: a "terminal too small" notice on every screen shown (hkk_tui.widgets
        # .too_small), gone when the terminal grows
        self.screen_change_signal.subscribe(self, lambda _screen: self.check_size())
        self.push_screen(TitleScreen())
        if self.start_args:
            a = self.start_args
            if a.get("ruleset"):            # ``hkk play --ruleset``, a scenario's ruleset
                self.ruleset = a["ruleset"]
            if a.get("replay"):
                self.open_replay(Path(a["replay"]), debug=bool(a.get("debug")),
                                 quit_on_back=True)
            elif a.get("scenario"):
                self.open_scenario(Path(a["scenario"]))
            else:
                self.start_game(a.get("deck"), a.get("vs"), ai=a.get("ai") or "default",
                                seed=a.get("seed"), options=a.get("options"),
                                decks=a.get("decks"), kinds=a.get("kinds"))

    def on_resize(self, event: Any) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        from hkk_tui.widgets.too_small import check_size

        check_size(self)

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
        self.choose_ruleset(lambda: self._new_game_form(hotseat=False))

    def menu_hotseat(self) -> None:
        self.choose_ruleset(lambda: self._new_game_form(hotseat=True))

    def _new_game_form(self, hotseat: bool) -> None:
        from hkk_tui.screens.title import NewGameScreen

        self.push_screen(NewGameScreen(hotseat=hotseat, ruleset=self.ruleset))

    def choose_ruleset(self, then: Any) -> None:
        """With several rulesets installed, ask which game to play (the last one chosen is
        highlighted first); with one, go straight on."""
        from hkk_tui.screens.dialogs import ChoiceScreen

        names = registry.offered()
        if len(names) == 1:
            self.ruleset = names[0]
            then()
            return
        names.sort(key=lambda n: n != self.ruleset)
        L = self.lang

        def chosen(name: Any) -> None:
            if name is not None:
                self.ruleset = name
                then()

        self.push_screen(ChoiceScreen(t("ruleset.choose", L),
                                      [(registry.get(n).title.get(L, n), n) for n in names],
                                      t("choice.help", L)), chosen)

    def menu_continue(self) -> None:
        """The games in progress, most recently played first (every game has its own save)."""
        from hkk_tui.screens.title import SavesScreen, continuable, ruleset_continues

        games = continuable()
        if not games and not ruleset_continues(self.lang):
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

        self.choose_ruleset(lambda: self.push_screen(RulesScreen()))

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

    def start_game(self, deck: str | None, vs: str | None, ai: str | None = "default",
                   seed: int | None = None, replace: bool = False,
                   options: dict[str, Any] | None = None, ruleset: str | None = None,
                   decks: tuple[str, ...] | None = None,
                   kinds: tuple[str, ...] | None = None) -> Any:
        """A new game of ``ruleset`` (default: the one chosen on the title screen). Two seats:
        ``deck`` (you) against ``vs`` (the AI ``ai``, or a second person if ``ai`` is None);
        any number of seats: ``decks`` and ``kinds`` ("human" or "ai:<bot>") per seat."""
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.session import GameSession

        name = ruleset or self.ruleset
        plugin = registry.get(name)
        L = self.lang
        if decks is None:
            ids = [d.id for d in plugin.decks()]
            deck = deck or ids[0]
            vs = vs or next((d for d in ids if d != deck), deck)
            decks = (deck, vs)
        if kinds is None:
            if ai == "default":
                ai = plugin.default_bot
            kinds = ("human",) + ((f"ai:{ai}",) if ai else ("human",)) * (len(decks) - 1)
        seats = tuple(self.seat(i, d, k, kinds, name)
                      for i, (d, k) in enumerate(zip(decks, kinds)))
        opts = self.settings.header_options() if name == "hkk" else {}
        opts.update(self.game_options)
        opts.update(options or {})
        seed = self.seed if seed is None else seed
        try:                                # a ruleset's own start first (MK: a match)
            own = getattr(get_ui(name), "new_session", None)
            session = (own(tuple(decks), seats, seed, opts, L) if own else None) or \
                GameSession.new(decks, seats, seed=seed, options=opts, lang=L, ruleset=name)
        except Exception as exc:  # noqa: BLE001 - a bad deck id is told, not crashed on
            self.notify(t("error.start", L, error=str(exc)), severity="error", timeout=10)
            return None
        if replace:
            self._to_title()
        screen = GameScreen(session)
        self.push_screen(screen)
        return screen

    def seat(self, i: int, deck: str, kind: str, kinds: tuple[str, ...],
             ruleset: str = "") -> Seat:
        """Seat ``i`` named in the player's language: "Player" against the AI, "AI (greedy)",
        "Player 2" when several people play (a bot's name from ``ruleset``'s catalog, then
        the app's)."""
        from hkk_tui.ai_levels import bot_label

        L = self.lang
        if kind.startswith("ai:"):
            bot = kind.split(":", 1)[1]
            name = t("seat.ai", L, bot=bot_label(bot, ruleset, L))
            if sum(k.startswith("ai:") for k in kinds) > 1:     # AI 1, AI 2, ... apart
                name += f" {sum(k.startswith('ai:') for k in kinds[:i + 1])}"
            return Seat(name, deck, kind)
        if sum(k == "human" for k in kinds) == 1:
            return Seat(t("seat.you", L), deck, kind)
        return Seat(t("seat.player", L, n=i + 1), deck, kind)

    def open_session(self, session: Any, intro: str = "") -> Any:
        """Show a game that is already set up (scenarios, tests); ``intro``: words to show
        once at its start (a scenario's title and description)."""
        from hkk_tui.screens.game import GameScreen

        screen = GameScreen(session, intro)
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
        from hkk_tui.screens.dialogs import ChoiceScreen
        from hkk_tui.words import describe_holder

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

    def open_replay(self, path: Path, debug: bool = False, quit_on_back: bool = False) -> None:
        """A saved game read-only (no lock, nothing written): the entries the rules agree with;
        if the rest was left out, the player is told where and why. ``quit_on_back``: opened
        from the command line (``hkk replay``/``hkk debug FILE``), leaving it quits hkk."""
        from engine.core.sessions import open_read_only
        from engine.core.store import SaveError
        from hkk_tui.screens.replay import ReplayScreen
        from hkk_tui.screens.session import replay_notes, unusable_save
        from hkk_tui.words import describe_replay_note

        path = Path(path)
        try:
            game, note = open_read_only(path)
        except SaveError as exc:
            self.notify(unusable_save(path, exc, self.lang), severity="error", timeout=15)
            return
        except Exception as exc:  # noqa: BLE001
            self.notify(t("error.load", self.lang, error=str(exc)), severity="error", timeout=10)
            return
        screen = ReplayScreen(game, self.lang, path.stem, debug=debug, quit_on_back=quit_on_back)
        screen.notes, damaged = replay_notes(path, game)     # the AI's reasoning (issue 16)
        self.push_screen(screen)
        if damaged:                         # told once the screen is up
            self.call_after_refresh(self.notify, t("notes.damaged", self.lang, n=damaged,
                                                   name=path.name), severity="warning",
                                    timeout=10)
        if game.recorded_under:             # played under older rules: replayed, not re-checked
            self.notify(t("replay.old_rules", self.lang, name=path.name,
                          version=game.recorded_under, today=game.ruleset.version),
                        severity="information", timeout=15)
        if note:
            self.notify(describe_replay_note(note, path.name, len(game.entries), self.lang),
                        severity="warning", timeout=15)

    def open_scenario(self, path: Path, ruleset: str | None = None) -> None:
        """Start a game from a scenario file (``hkk scenario FILE``) of ``ruleset`` (default:
        the one chosen): both seats are people at this terminal (hotseat)."""
        from engine.core.sessions import start_saved
        from hkk_tui.screens.session import GameSession

        L = self.lang
        plugin = registry.get(ruleset or self.ruleset)
        try:
            spec = plugin.load_scenario(path)
        except Exception as exc:  # noqa: BLE001 - the plugin's own words
            self.notify(str(exc), severity="error", timeout=15)
            return
        seats = tuple(Seat(t("seat.player", L, n=i + 1), "scenario", "human")
                      for i in range(plugin.seats[0]))
        try:                                # a save of its own, like every new game
            header, start = plugin.scenario_game(
                spec, self.seed or 1, seats=seats,
                options={**(self.settings.header_options() if plugin.name == "hkk" else {}),
                         **self.game_options})
            game = start_saved(header, start=start)
        except Exception as exc:  # noqa: BLE001 - told in words
            self.notify(t("error.start", L, error=str(exc)), severity="error", timeout=10)
            return
        session = GameSession(game=game, lang=L, path=Path(game.writer.path)).attach_bots()
        title = getattr(spec, "title", None)
        desc = getattr(spec, "description", None)
        intro = f"{getattr(title, L, '')}\n{getattr(desc, L, '')}" \
            if title is not None and desc is not None else ""
        self.open_session(session, intro)


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
            start.setdefault("ai", "default")
        else:
            start = {}
    app = HkkApp(settings, start, driver_class=driver_class())
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    run_app()
