"""M.A.G.U.S. in the terminal (issue 18, point 11): every event told in words with its MK citation
in both languages, menu words for every decision and action, the hand naming its cards with cost
and type, the MP/DP strip saying who is active and why (MK 1.06), the Timeline pane as nested
frames with a face-down item hidden from the opponent (MK 6.05.D), a whole game against the AI by
keys, and the 80×24 screen without colour never showing a hidden card of the AI."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest
from tui_helpers import fresh_data_dir, run, until, until_my_turn

from engine.core.protocol import Ref
from engine.magus import actions as A
from engine.magus import events as E
from engine.magus.flow import DECISIONS
from engine.magus.priority import explain
from hkk_tui.rulesets import get_ui


def _sample(cls: type) -> object:
    values: dict[str, object] = {}
    for f in msgspec.structs.fields(cls):
        if f.name == "rule":
            continue
        if f.type is int:
            values[f.name] = 1
        elif f.type is bool:
            values[f.name] = True
        elif f.type is str:
            values[f.name] = {"kind": "siege", "phase": "manoeuvres", "zone": "past",
                              "pos": "wounded", "reason": "towers", "how": "cut",
                              "what": "combat", "outcome": "taken", "step": "rounds",
                              "context": "timeline", "why": "more_mp", "purpose": "starter",
                              "stage": "priority", "cid": "a-ilka", "then": "towers"
                              }.get(f.name, "x")
        else:
            values[f.name] = (0, 1)
    return cls(**values)


def _table(lang: str):
    from engine.core.registry import get

    plugin = get("mk")
    header = plugin.new_header(("ashen", "lantern"), 1)
    ruleset = plugin.ruleset_for(header)
    return get_ui("mk").table(header, ruleset, ["Anna", "Béla"], lang), ruleset


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_mk_event_is_told_in_words_with_its_mk_citation(lang):
    tb, _ = _table(lang)
    for cls in typing.get_args(E.Event):
        line = tb.describe(_sample(cls))
        assert line is not None, cls.__name__
        text, rule = line
        assert text and "{" not in text and "⟨" not in text, (cls.__name__, text)
        assert rule.startswith("MK "), (cls.__name__, rule)
    # a card the viewer never saw is not named; a revealed one is (MK 1.04)
    assert tb.describe(E.Died(5))[0] == tb.t("ev.Died", card=tb.t("word.hidden_card"))
    tb.describe(E.Revealed(5, "t-glass-spire"))
    assert ("Glass Spire" if lang == "en" else "Üvegtorony") in tb.describe(E.Died(5))[0]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_decision_and_action_kind_has_menu_words(lang):
    tb, _ = _table(lang)
    for kind in DECISIONS:
        assert tb.has(f"decision.{kind}"), kind
    from engine.magus.flow import AUTO
    from engine.magus.priority import WHY_RULES

    for stage in AUTO:
        assert tb.has(f"stage.{stage}"), stage
    for why in WHY_RULES:
        assert tb.has(f"why.{why}"), why
    line = tb.describe(E.ActiveSet(1, "more_mp", 9, 4))[0]
    assert "Béla" in line and "9 MP > 4" in line
    for cls in typing.get_args(A.Action):
        if cls in (A.Start, A.StartScenario):      # the system's set-up, never a menu line
            continue
        assert tb.has(f"act.{cls.__name__.lower()}"), cls.__name__


# ---------------------------------------------------------------------------- the Timeline
def _hidden_tower_on_the_timeline():
    """Anna (A) plays a tower level from her hand: it goes on the Timeline face down
    (MK 6.05.D), and Béla, with a fast Healing Word in hand, has the right to answer."""
    from engine.magus.scenario import build

    cards = [{"owner": 0, "cid": "t-bell-tower", "zone": "hand"},
             {"owner": 0, "cid": "a-ilka", "zone": "line", "damage": 1},
             {"owner": 0, "cid": "t-raven-loft", "zone": "hand"},
             {"owner": 1, "cid": "t-raven-loft", "zone": "hand"},
             {"owner": 1, "cid": "x-healing-word", "zone": "hand"},
             {"owner": 1, "cid": "a-geza", "zone": "line", "damage": 1},
             {"owner": 0, "cid": "t-ember-keep", "zone": "tower"},
             {"owner": 0, "cid": "t-salt-gate", "zone": "tower"},
             {"owner": 1, "cid": "t-glass-spire", "zone": "tower"},
             {"owner": 1, "cid": "t-moss-bastion", "zone": "tower"},
             {"owner": 0, "cid": "a-geza", "zone": "future"},
             {"owner": 1, "cid": "a-geza", "zone": "future"}]
    rules, s = build({"cards": cards, "mp": [10, 8]})
    rules.submit(s, 0, A.Play(0))
    return rules, s


def _stack_lines(rules, s, seat: int, lang: str = "en") -> list[str]:
    from textual.app import App

    from hkk_tui.widgets.stack import Stack

    tb, _ = _table(lang)
    tb.ruleset = rules
    tb.pool = rules.pool
    view = rules.view(s, seat)
    out: list[str] = []

    class One(App):
        def compose(self):
            yield Stack(id="stack")

    async def main():
        app = One()
        async with app.run_test(size=(80, 24)) as pilot:
            stack = app.query_one(Stack)
            stack.show(rules.track(view), view, tb)
            await pilot.pause()
            out.extend(stack.get_option_at_index(i).prompt.plain
                       for i in range(stack.option_count))
    import asyncio

    asyncio.run(main())
    return out


def test_mk_6_05_d_the_timeline_pane_shows_nested_frames_and_hides_a_face_down_item():
    rules, s = _hidden_tower_on_the_timeline()
    assert s.timelines and s.timelines[-1].items
    theirs = _stack_lines(rules, s, 1)
    text = "\n".join(theirs)
    # outermost first: the round and phase, then the timeline, its item, its pass state and
    # the damage waiting for its end, each frame indented under its parent
    phase = next(i for i, ln in enumerate(theirs) if ln.strip().startswith("Round 2"))
    tl = next(i for i, ln in enumerate(theirs) if ln.strip().startswith("[Action]"))
    assert phase < tl and len(theirs[tl]) - len(theirs[tl].lstrip()) > \
        len(theirs[phase]) - len(theirs[phase].lstrip())
    assert "1. a face-down card · Anna" in text
    assert "Bell Tower" not in text
    # who acts in it and why, what one more pass does (MK 6.07), and what waits for its end:
    # Ilka's damage turns her wounded (MK 6.05.N), Géza's reached his level 1 (MK 6.05.K)
    assert "to act: Béla (A passed)" in text
    assert "Anna passed: one more pass unwinds the top item" in text
    assert "at its end Ilka the Herbwife turns wounded: 1 damage (MK 6.05.N)" in text
    assert "at its end Bald Géza dies: 1 damage reached its level (MK 6.05.K)" in text
    mine = "\n".join(_stack_lines(rules, s, 0))
    assert "1. Bell Tower · Anna" in mine
    hu = "\n".join(_stack_lines(rules, s, 1, "hu"))
    assert "egy lefordított lap" in hu and "Harangláb" not in hu
    assert "Anna passzolt: még egy passz lebontja a felső elemet" in hu


def test_mk_1_06_the_strip_says_who_is_active_and_why():
    rules, s = _hidden_tower_on_the_timeline()
    tb, _ = _table("en")
    view = rules.view(s, 0)
    line = tb.why_line(view)
    assert explain(s, "en") in line and tb.player(s.active) in line
    assert "[MK 1.06" in line
    hu, _ = _table("hu")
    assert explain(s, "hu") in hu.why_line(view)


# ---------------------------------------------------------------------------- the game screen
async def _start(app, pilot, kinds=("human", "ai:squire"), options=None):
    from hkk_tui.screens.game import GameScreen

    app.ruleset = "mk"
    app.start_game(None, None, replace=True, ruleset="mk", decks=("ashen", "lantern"),
                   kinds=kinds, options=options)
    await until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                "the game screen")
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    await until(pilot, lambda: bool(screen.query("#board-pane"))
                and screen.query_one("#board").view is not None, "the game laid out")
    return screen


def _screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _decide(pilot, screen, prefer_play: bool = True) -> None:
    """One decision by keys: a card play or team pick if offered (first menu line), else
    Pass/Done (space), else the first line of the menu."""
    groups = screen.groups()
    kinds = [g.kind for g in groups]
    acting = [i for i, k in enumerate(kinds) if k not in ("pass", "done")]
    d = screen.session.my_decision()
    if d is not None and d.kind.endswith("priority") and not prefer_play and "pass" in kinds:
        await pilot.press("space")
    elif acting:
        await pilot.press("a")
        await pilot.pause()
        i = acting[0]
        await pilot.press(str(i + 1) if i < 9 else "enter")
        await pilot.pause()
        if not groups[i].single:
            await pilot.press("1")
    else:
        await pilot.press("space")
    await pilot.pause()


async def _to_priority(pilot, app, screen, steps: int = 200) -> None:
    """Answer the setup by keys until the player has the first right to act in a phase: at
    most ``steps`` answers, each after waiting (idle steps, as long as the AI takes) for the
    player's next decision or a message."""
    from hkk_tui.screens.dialogs import MessageScreen

    def ready() -> bool:
        return isinstance(app.screen, MessageScreen) or (
            app.screen is screen and screen.session.my_decision() is not None)

    for _ in range(steps):
        await until(pilot, ready, "the player's decision or a message", steps=6000)
        if isinstance(app.screen, MessageScreen):
            await pilot.press("enter")
            continue
        if screen.session.my_decision().kind.endswith("priority"):
            return
        await _decide(pilot, screen)
    raise AssertionError("no priority decision came")


def test_the_hand_names_its_cards_with_cost_and_type_and_i_shows_the_card(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        await _to_priority(pilot, app, screen)
        hand = screen.query_one("#hand")
        view = screen.session.view()
        assert hand.cards == list(view.hand) and hand.cards
        pool = screen.session.ruleset.pool
        # the card with the shortest name: its whole line fits the 80x24 hand pane
        i = min(range(len(hand.cards)),
                key=lambda j: len(pool[view.cards[hand.cards[j]].cid].name.en))
        d = pool[view.cards[hand.cards[i]].cid]
        line = hand.get_option_at_index(i).prompt.plain
        assert d.name.en in line and f"{d.mp}MP" in line, line
        assert all("card " not in hand.get_option_at_index(j).prompt.plain
                   for j in range(len(hand.cards)))
        hand.focus()
        hand.highlighted = i
        await pilot.pause()
        await pilot.press("i")
        await until(pilot, lambda: type(app.screen).__name__ == "CardScreen", "the card")
        body_text = str(app.screen.query_one("#card-body").render())
        assert d.name.en in body_text and f"{d.mp} MP" in body_text
        await pilot.press("escape")

    run(body, "en", size=(80, 24), seed=5)


def test_the_strip_on_the_board_names_the_active_player_and_why(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        await _to_priority(pilot, app, screen)
        view = screen.session.view()
        text = _screen_text(app)
        assert f"A Player: {view.seats[0].mp} MP" in text
        assert f"Active: {'AB'[view.active]}" in text
        assert "[MK 1.06" in text

    run(body, "en", size=(80, 24), seed=5)


def test_no_hidden_card_of_the_ai_is_ever_on_the_80x24_screen(monkeypatch):
    """NO_COLOR at 80×24, through the setup and the first round: the AI's hand, Future and
    face-down tower levels are never named on the screen (MK 1.04)."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        assert app.no_color
        screen = await _start(app, pilot)
        rules = screen.session.ruleset
        for _ in range(40):
            await _to_priority(pilot, app, screen)
            state = screen.session.game.state
            hidden = {c.cid for c in state.cards if c.owner == 1 and (
                c.zone in ("hand", "future") or c.face_down)}
            shown = {c.cid for c in state.cards if not (c.owner == 1 and (
                c.zone in ("hand", "future") or c.face_down))}
            text = _screen_text(app)
            for cid in hidden - shown:
                assert rules.pool[cid].name.en not in text, cid
            if state.round >= 2:
                break
            await _decide(pilot, screen, prefer_play=True)
        assert "Timeline" in text and "Tower ↑" in text and "face-down level" in text

    run(body, "en", size=(80, 24), seed=5)


class KeyPlayer:
    """A person at the keyboard, generic over decisions: it reads the decision's menu (``a``)
    on the screen, decides which line and option it wants by the squire's judgement of the
    legal actions (the ruleset's default bot: so it prefers moves that progress — adventurers,
    quests, sieges, captures, whatever new decision kinds the rules grow), finds that line by its words in the menu on
    the screen and chooses it by its digit (or the arrows and Enter past the ninth), then the
    option in the second list the same way; Pass/Done is Space. Nothing here knows a decision
    kind, so a new one needs nothing new."""

    def __init__(self, pilot, app, screen, seed: int = 0) -> None:
        from engine.ai.bots import make_bot
        from engine.core.registry import get

        self.pilot, self.app, self.screen = pilot, app, screen
        self.session = screen.session
        self.judge = make_bot(get("mk").default_bot, self.session.ruleset, seed)
        self.kinds: set[str] = set()
        self.menus = 0

    def wanted(self) -> Any:
        from engine.core.search import ask

        s = self.session
        seat = s.my_decision().player
        return ask(self.judge, s.ruleset, s.game.state, seat, s.legal())

    async def choose_line(self, title: str, label: str) -> None:
        """In the menu on the screen (titled ``title``), the line reading ``label``: its digit,
        or the arrows and Enter."""
        from hkk_tui.screens.dialogs import ChoiceScreen

        await until(self.pilot, lambda: isinstance(self.app.screen, ChoiceScreen)
                    and self.app.screen.title_text == title, f"the menu {title!r}")
        menu = self.app.screen.query_one("#choices")
        lines = [menu.get_option_at_index(i).prompt.plain for i in range(menu.option_count)]
        for line in lines:                  # every line reads in words (MK 1.07's menus)
            assert line.strip() and "⟨" not in line and "{" not in line, line
        index = next(i for i, line in enumerate(lines)
                     if line.split(". ", 1)[-1].strip() == label.strip())
        if index < 9:
            await self.pilot.press(str(index + 1))
        else:
            await self.pilot.press("home", *(["down"] * index), "enter")

    async def step(self) -> None:
        """One decision of ours, by keys."""
        want = self.wanted()
        groups = self.screen.groups()
        g = next(g for g in groups if want in g.actions)
        self.kinds.add(type(want).__name__)
        if g.kind in ("pass", "done") and \
                next(x for x in groups if x.kind in ("pass", "done")) is g:
            await self.pilot.press("space")
            return
        prompt = self.screen.query_one("#prompt").main_text
        await self.pilot.press("a")
        await self.choose_line(prompt, g.label)
        self.menus += 1
        if not g.single:
            await self.choose_line(g.label, g.labels[g.actions.index(want)])


async def play_by_keys(pilot, app, screen, steps: int = 4000, seed: int = 0) -> KeyPlayer:
    """Answer every decision of ours by keys until the game ends (a refused key is a fault)."""
    from hkk_tui.screens.dialogs import MessageScreen

    s = screen.session
    player = KeyPlayer(pilot, app, screen, seed)
    for _ in range(steps):
        if s.result() is not None:
            return player
        if isinstance(app.screen, MessageScreen):
            await pilot.press("enter")
            continue
        if s.my_decision() is None or app.screen is not screen:
            await pilot.pause(0.01)
            continue
        before = len(s.game.entries)
        await player.step()
        await until(pilot, lambda n=before: len(s.game.entries) > n or s.result() is not None
                    or bool(screen.error), "the move")
        assert not screen.error, screen.error
    raise AssertionError(f"the game did not end in {steps} steps (round "
                         f"{s.game.state.round})")


def test_a_whole_game_against_the_ai_by_keys_reaches_the_result(monkeypatch):
    """A whole game against the AI, every decision of ours by keys from the menus on the
    screen, to its natural end by the rules (MK 1.01: DP, towers or decks; the rules' round
    limit is only a bound that must not be what ends it), then the result screen."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.dialogs import ResultScreen

        screen = await _start(app, pilot, options={"max_rounds": 20})
        s = screen.session
        player = await play_by_keys(pilot, app, screen, seed=5)
        result = s.result()
        assert result is not None and result.reason != "rounds", result
        assert result.rule.startswith("MK 1.01"), result
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result screen")
        assert result.rule in _screen_text(app)
        ours = [type(e.action).__name__ for e in s.game.entries if e.player == 0]
        # the game by keys was a game: cards played and a line-leaving manoeuvre started
        assert "Play" in ours and {"Siege", "SolveQuest", "Capture", "Fight"} & set(ours), ours
        assert player.menus > 10

    run(body, "en", size=(80, 24), seed=5)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_new_game_from_the_title_by_keys_offers_mk_and_its_decks(monkeypatch, lang):
    """Title → New game → M.A.G.U.S. (offered since issue 18's UI) → the second deck for you,
    the squire → Start: an MK game against the AI, your deck the one chosen, the strip on
    the board."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from engine.core import registry
        from hkk_tui.screens.dialogs import ChoiceScreen
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.title import NewGameScreen

        heading = str(app.screen.query_one("#title-sub").render())
        assert "M.A.G.U.S." in heading
        await pilot.press("enter")                               # New game vs the AI
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the game choice")
        values = [v for _lab, v in app.screen.options]
        assert "mk" in values
        await pilot.press(str(values.index("mk") + 1))
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        form = app.screen
        assert "M.A.G.U.S." in form.title_text
        decks = [d.id for d in registry.get("mk").decks()]
        await pilot.press("right")                               # your deck: the next one
        mine = form.values()[0]
        assert mine == decks[1 % len(decks)]
        await pilot.press("end", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        await until(pilot, lambda: bool(screen.query("#board-pane"))
                    and screen.query_one("#board").view is not None, "the game laid out")
        s = screen.session
        assert s.header.ruleset == "mk" and s.header.seats[0].deck == mine
        assert 1 in s.bots and s.header.seats[1].kind.startswith("ai:")
        words = {"en": ("Timeline", "Tower ↑"), "hu": ("Időfonal", "Torony ↑")}[lang]
        await until(pilot, lambda: all(w in _screen_text(app) for w in words), "the panes")

    run(body, lang, size=(80, 24), seed=3)


def test_the_board_names_a_manoeuvre_and_its_teams(monkeypatch):
    """A siege by keys: the manoeuvre panel names its kind, target and step (MK 4.06)."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        s = screen.session
        seen = ""
        for _ in range(400):
            if s.result() is not None:
                break
            d = s.my_decision()
            if d is None or app.screen is not screen:
                await until_my_turn(pilot, app, screen, s)
                continue
            view = s.view()
            if view.manoeuvre is not None:
                seen = _screen_text(app)
                break
            hints = s.hints()
            siege = [h for h in hints if h.group.startswith("siege")]
            if siege and view.seats[0].line:
                await pilot.press("a")
                await pilot.pause()
                groups = screen.groups()
                i = next(n for n, g in enumerate(groups) if g.hints[0].group.startswith("siege"))
                await pilot.press(str(i + 1))
                await pilot.pause()
                continue
            await _decide(pilot, screen)
        assert "Manoeuvre: siege against" in seen and "Step:" in seen
        assert "Initiating team:" in seen and "Blocking team:" in seen

    run(body, "en", size=(80, 24), seed=5)


def test_a_picked_board_card_is_a_ref_the_screen_can_act_on(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        await _to_priority(pilot, app, screen)
        board = screen.query_one("#board")
        refs = [r for r in board.refs if r is not None]
        view = screen.session.view()
        assert all(isinstance(r, Ref) and r.id in view.cards for r in refs)

    run(body, "en", size=(80, 24), seed=5)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_mk_refusal_key_is_in_the_catalog(lang):
    import re
    from pathlib import Path

    import engine.magus
    from hkk_tui.i18n import ns_catalog

    keys = set()
    for p in Path(engine.magus.__file__).parent.glob("*.py"):
        for call in re.findall(r"IllegalAction\((.*?)\)$", p.read_text(),
                               re.DOTALL | re.MULTILINE):
            keys |= set(re.findall(r'"([a-z_]+)"\)?$', call.strip()))
    assert {"mp", "not_active", "not_fast", "game_over"} <= keys
    keys.add("cannot_pass")                 # the game screen's own, on Space with no pass
    catalog = ns_catalog("mk", lang)
    missing = sorted(k for k in keys if f"illegal.{k}" not in catalog)
    assert not missing, missing


def test_a_hand_card_that_cannot_be_played_now_is_refused_in_words_and_nothing_changes(
        monkeypatch):
    """Enter on a hand card without ``✓``: the engine says why (MK 5.01.C too few MP, MK 6.05.A
    not fast, …) on the prompt, before any event."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        s = screen.session
        for _ in range(60):
            await _to_priority(pilot, app, screen)
            hand = screen.query_one("#hand")
            acting = {h.subject.id for h in s.hints() if h.subject is not None}
            idle = [i for i, iid in enumerate(hand.cards) if iid not in acting]
            if idle:
                break
            await _decide(pilot, screen, prefer_play=True)
        else:
            raise AssertionError("no hand card without an action came")
        before = len(s.game.entries)
        line = hand.get_option_at_index(idle[0]).prompt.plain
        assert "✓" not in line
        hand.focus()
        await pilot.pause()
        hand.highlighted = idle[0]
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert len(s.game.entries) == before
        assert screen.error and "(MK " in screen.error

    run(body, "en", size=(80, 24), seed=5)


def test_mk_3_02_quest_conditions_read_in_words_in_both_languages():
    en, _ = _table("en")
    hu, _ = _table("hu")
    assert en.condition_words("warrior/martial+physique>5") == \
        "warrior or martial artist + Physique > 5"
    assert en.condition_words("2*priest") == "2× priest"
    assert hu.condition_words("rogue+astral>4") == "tolvaj + Asztrál > 4"


def test_the_replay_of_a_game_shows_the_board_from_each_seat_and_omnisciently(monkeypatch):
    """A squire-vs-squire game replayed: the zone board and the Timeline draw from every
    viewer; a seat's view never names the other seat's hand (MK 1.04)."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from engine.ai.bots import make_bot
        from engine.ai.sim import play_out
        from engine.core.log import Seat
        from engine.core.registry import get
        from engine.core.sessions import start_saved
        from hkk_tui.screens.replay import ReplayScreen

        plugin = get("mk")
        seats = (Seat("Anna", "ashen", "ai:squire"), Seat("Béla", "lantern", "ai:squire"))
        header = plugin.new_header(("ashen", "lantern"), 3, seats=seats)
        game = start_saved(header, None)
        play_out(game, [make_bot("squire", game.ruleset, 3 + i) for i in range(2)])
        path = game.writer.path
        game.writer.close()
        app.open_replay(path)
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        for _ in range(3):
            await pilot.press("o")
            await pilot.pause()
            text = _screen_text(app)
            assert "Tower ↑" in text and "Timeline" in text
            if replay.viewer in (0, 1):
                other = replay.replay.state.players[1 - replay.viewer]
                pool = replay.session.ruleset.pool
                board = replay.query_one("#board")
                lines = "\n".join(board.get_option_at_index(i).prompt.plain
                                  for i in range(board.option_count))
                for iid in other.hand:
                    cid = replay.replay.state.cards[iid].cid
                    if not any(c.cid == cid for c in replay.replay.state.cards
                               if c.zone not in ("hand", "future")):
                        assert pool[cid].name.en not in lines, cid

    run(body, "en", size=(80, 24), seed=2)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_card_of_the_pool_reads_in_words_on_its_detail(lang):
    """Each card's detail (``i``) has no raw tag, placeholder or missing key."""
    from hkk_tui.rulesets.mk.card_screen import card_text

    tb, rules = _table(lang)
    for cid, d in rules.pool.items():
        text = card_text(d, tb).plain
        assert "{" not in text and "⟨" not in text, (cid, text)
        assert (d.name.hu if lang == "hu" else d.name.en) in text
