"""Summoner Wars in the terminal (issue 12, part 4): every event is told in words with its SW
citation in both languages; the track pane shows the turn track; a whole game is played by keys
against the random bot from the title screen to the result; the 80×24 screen reads without
colour (NO_COLOR)."""

from __future__ import annotations

import typing

import msgspec
import pytest
from tui_helpers import fresh_data_dir, press_choice, run, until, until_my_turn

from engine.core.protocol import OMNISCIENT, Ref
from engine.sw import events as E
from engine.sw.state import Task
from hkk_tui.rulesets import get_ui
from hkk_tui.rulesets.sw import local
from hkk_tui.rulesets.sw.describe import BOOKKEEPING, Namer, describe_event, event_line


def _sample(cls: type) -> object:
    """An instance of event class ``cls`` with plausible field values."""
    values: dict[str, object] = {}
    for f in msgspec.structs.fields(cls):
        tp = f.type
        if f.name == "rule":
            values[f.name] = "SW Támadás.3"
        elif f.name == "phase":
            values[f.name] = "attack"
        elif f.name == "reason":
            values[f.name] = "summoner"
        elif f.name == "kind":
            values[f.name] = "ranged"
        elif f.name == "slot":
            values[f.name] = "extra" if cls is E.AttackDeclared else "move"
        elif f.name == "faces":
            values[f.name] = ("m", "mr", "s")
        elif f.name in ("winners", "order", "indexes", "path"):
            values[f.name] = (1, 2)
        elif tp is int:
            values[f.name] = 1
        elif tp is str:
            values[f.name] = "x"
        elif tp is bytes:
            values[f.name] = b""
        elif tp is Task:
            values[f.name] = Task("ability", 0)
        else:
            values[f.name] = ()
    return cls(**values)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_sw_event_is_told_in_words_with_its_citation(lang):
    from engine.sw import pool as P

    pool = P.load_pool() if hasattr(P, "load_pool") else {}
    cids = list(pool)[:4]
    namer = Namer(pool, cids, ["Anna", "Béla"], lang)
    for cls in typing.get_args(E.Event):
        ev = _sample(cls)
        text, rule = event_line(ev, namer)
        if isinstance(ev, BOOKKEEPING):
            assert text == ""
            continue
        assert text and "⟨" not in text and cls.__name__ not in text, (cls.__name__, text)
        assert rule.startswith("SW "), (cls.__name__, rule)
    # a roll names every die; a hidden draw names no card
    rolled = describe_event(E.DiceRolled(1, ("m", "r", "s"), 0), namer)
    words = {"en": ("melee", "ranged", "special"), "hu": ("közelharci", "távolsági",
                                                         "különleges")}[lang]
    assert all(w in rolled for w in words)
    hidden = describe_event(E.CardDrawn(1, -1, "SW Húzás.1"), namer)
    assert "Béla" in hidden and (cids[1] not in hidden if cids else True)
    hit = describe_event(E.Damaged(0, 2, 1, "SW Támadás.4"), namer)
    assert "2" in hit


def _sw_refusal_keys() -> set[str]:
    """The keys of every refusal in engine/sw (``refuse(rule, message, key)`` or
    ``IllegalAction(rule, message, key)`` with a written key)."""
    import ast
    from pathlib import Path

    keys = set()
    for p in (Path(__file__).resolve().parents[2] / "engine" / "sw").rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                    "refuse", "IllegalAction") and len(node.args) >= 3 \
                    and isinstance(node.args[2], ast.Constant):
                keys.add(node.args[2].value)
    return keys


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_sw_refusal_is_told_in_the_players_language(lang):
    from engine.core.game import IllegalAction
    from hkk_tui.i18n import ns_catalog
    from hkk_tui.words import describe_illegal

    keys = _sw_refusal_keys()
    assert len(keys) > 20
    missing = sorted(k for k in keys if f"illegal.{k}" not in ns_catalog("sw", lang))
    assert not missing, missing
    exc = IllegalAction("SW Mozgás.1", "That unit has already moved this turn.", "moved")
    text = describe_illegal(exc, lang, "sw")
    assert text.endswith("(SW Mozgás.1)")
    assert ("már mozgott" in text) if lang == "hu" else ("already moved" in text)


def test_sw_ui_plugin_is_found_by_the_rulesets_name():
    ui = get_ui("sw")
    assert ui.name == "sw" and ui.first_focus == "board"
    assert OMNISCIENT == -1


# ---------------------------------------------------------------------------- a whole game
async def walk_to(pilot, board, square: int) -> None:
    """Move the board's cursor to ``square`` with the arrow keys, as a person would."""
    for _ in range(20):
        if board.cursor == square:
            return
        x, y = board._screen_pos(board.cursor)
        tx, ty = board._screen_pos(square)
        await pilot.press("right" if tx > x else "left" if tx < x else
                          "down" if ty > y else "up")
    raise AssertionError(f"the cursor did not reach square {square}")


def sw_title(lang: str) -> str:
    from engine.core import registry

    return registry.get("sw").title[lang]


async def choose_sw(pilot, app, lang: str, bot: str = "random") -> None:
    """From the title: New game, Summoner Wars in the ruleset choice, the bot row set to
    ``bot``, Start."""
    from hkk_tui.screens.dialogs import ChoiceScreen
    from hkk_tui.screens.title import NewGameScreen

    heading = str(app.screen.query_one("#title-sub").render())
    assert sw_title(lang) in heading
    await pilot.press("enter")                                   # New game vs the AI
    await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the ruleset choice")
    values = [v for _lab, v in app.screen.options]
    await press_choice(pilot, values.index("sw"))
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
    form = app.screen
    assert sw_title(lang) in form.title_text
    bot_row = len(form.rows) - 1
    await pilot.press(*(["down"] * bot_row))
    for _ in range(len(form.rows[bot_row][1])):
        if form.values()[bot_row] == bot:
            break
        await pilot.press("right")
    assert form.values()[bot_row] == bot
    await pilot.press("end", "enter")


def screen_text(app) -> str:
    """The screen as text (what a person reads; colours are not in it)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class KeyPlayer:
    """A keyboard player for Summoner Wars: summons from the hand onto a marked square, moves
    and attacks on the board (cursor onto the unit, cursor onto the square, Enter), answers
    choices from the menu, discards one card for magic, ends each phase with Space. It records
    which ways it used, so the test can check the board flow was really taken."""

    def __init__(self, pilot, app, screen) -> None:
        self.pilot, self.app, self.screen = pilot, app, screen
        self.session = screen.session
        self.board = screen.query_one("#board")
        self.used: set[str] = set()
        self.last = ""

    async def menu(self, index: int, option: int = 0) -> None:
        from hkk_tui.screens.dialogs import ChoiceScreen

        groups = self.screen.groups()
        await self.pilot.press("a")
        await until(self.pilot, lambda: isinstance(self.app.screen, ChoiceScreen), "the menu")
        await press_choice(self.pilot, index)
        if not groups[index].single:
            await until(self.pilot, lambda: isinstance(self.app.screen, ChoiceScreen)
                        and self.app.screen.title_text == groups[index].label, "its options")
            await press_choice(self.pilot, option)
        self.used.add("menu")

    async def on_board(self, subject, dest_square: int) -> None:
        """The unit on the board, then a square it can reach or hit: Enter acts there."""
        await self.pilot.press("1")
        await walk_to(self.pilot, self.board, self.board.square_of(subject))
        assert self.board.selected == subject
        await walk_to(self.pilot, self.board, dest_square)
        await self.pilot.press("enter")

    async def from_hand(self, card, dest_square: int) -> None:
        """The card highlighted in the hand, then a marked square on the board: Enter."""
        hand = self.screen.query_one("#hand")
        await self.pilot.press("2")
        index = next(i for i, cv in enumerate(hand.cards)
                     if hand.offered.get(cv.cid) == card.id)
        while hand.highlighted != index:
            await self.pilot.press("down" if (hand.highlighted or 0) < index else "up")
        try:
            await until(self.pilot, lambda: self.board.selected == card, "the hand's preview")
        except AssertionError:
            raise AssertionError(f"{hand.has_focus} {hand.highlighted} {index} {card} "
                                 f"{self.board.selected}") from None
        await self.pilot.press("1")
        await walk_to(self.pilot, self.board, dest_square)
        await self.pilot.press("enter")

    async def turn_step(self) -> None:
        """One decision of ours, by keys."""
        view = self.session.view()
        self.last = f"{self.session.my_decision()} {[g.label for g in self.screen.groups()]}"
        groups = self.screen.groups()
        kinds: dict[str, int] = {}
        for i, g in enumerate(groups):
            kinds.setdefault(g.kind, i)
        d = self.session.my_decision()
        phase_decision = d.kind in ("sw.summon", "sw.move", "sw.build", "sw.attack", "sw.magic")
        if not phase_decision:                                   # an ability's choice
            acting = [i for i, g in enumerate(groups) if g.kind not in ("pass", "done")]
            if acting:
                await self.menu(acting[0])
            else:
                await self.pilot.press("space")
            return
        enemy = 1 - view.viewer
        summoner = view.players[enemy].summoner
        attacks = [(g, h) for g in groups if g.kind == "attack" for h in g.hints
                   if view.find(h.targets[0].id).controller == enemy]
        if attacks:                                  # an enemy card, the summoner first
            group, hint = min(attacks, key=lambda gh: gh[1].targets[0].id != summoner)
            await self.on_board(group.subject, self.board.square_of(hint.targets[0]))
            self.used.add("attack")
            return
        if "summon" in kinds and view.players[view.viewer].magic > 0:
            group = groups[kinds["summon"]]
            await self.from_hand(group.subject, group.hints[-1].dest.id)
            self.used.add("summon")
            return
        if "move" in kinds and view.moves_left > 1:
            group = groups[kinds["move"]]
            hint = group.hints[-1]
            await self.on_board(group.subject, hint.dest.id)
            self.used.add("move")
            return
        if d.kind == "sw.magic" and view.players[view.viewer].magic < 4 and "discard" in kinds \
                and len(view.players[view.viewer].hand or []) > 3:
            await self.menu(kinds["discard"])
            self.used.add("discard")
            return
        await self.pilot.press("space")                          # end the phase


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_whole_sw_game_by_keys_against_the_random_bot(monkeypatch, lang):
    from hkk_tui.screens.dialogs import MessageScreen
    from hkk_tui.screens.game import GameScreen

    data = fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        await choose_sw(pilot, app, lang)
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        await until(pilot, lambda: bool(screen.query("#board")), "the panes")
        session = screen.session
        assert session.header.ruleset == "sw" and 1 in session.bots
        want = {"en": ("Battlefield", "Hand", "Turn", "Log"),
                "hu": ("Csatatér", "Kéz", "Kör", "Napló")}[lang]
        assert tuple(screen.query_one(f"#{p}-pane").border_title
                     for p in ("board", "hand", "stack", "log")) == want
        assert screen.query_one("#board").has_focus                # a grid game starts there
        player = KeyPlayer(pilot, app, screen)
        for _ in range(3000):
            if session.result() is not None or isinstance(app.screen, MessageScreen):
                break
            if session.my_decision() is None or app.screen is not screen:
                await until_my_turn(pilot, app, screen, session)
                continue
            before = len(session.game.entries)
            await player.turn_step()
            try:
                await until(pilot, lambda n=before: len(session.game.entries) > n
                            or session.result() is not None or screen.error, "the move")
            except AssertionError:
                raise AssertionError(f"no move after {player.last}:\n{screen_text(app)}")
            assert not screen.error, screen.error
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the result screen")
        result = session.result()
        assert result is not None and result.rule.startswith("SW ")
        body_text = app.screen.body
        assert result.rule in body_text
        reason = session.table().result_reason(result)
        assert reason in body_text and "⟨" not in body_text
        if result.winners:
            assert session.names()[result.winners[0]] in body_text
        assert {"attack", "summon", "move"} <= player.used, player.used
        log = screen.query_one("#log").plain_lines()
        assert not any("⟨" in line for line in log)
        for rule in ("SW Idézés.1", "SW Mozgás.2", "SW Támadás.3", "SW Támadás.4"):
            assert any(f"[{rule}]" in line for line in log), rule
        # every roll is told die by die, every damage with its amount and source
        die_word = {"en": ("melee", "ranged", "special"),
                    "hu": ("közelharci", "távolsági", "különleges")}[lang]
        rolls = [line for line in log if "[SW Támadás.3]" in line]
        assert rolls and all(any(w in line for w in die_word) for line in rolls)
        assert [s.name for s in (data / "saves").glob("*.hkk")] == [session.path.name]

    run(body, lang=lang, size=(80, 24), seed=11)


def local_label(hint) -> str:
    return local(hint.label)


# ---------------------------------------------------------------------------- 80×24, no colour
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_80x24_screen_reads_without_colour(monkeypatch, lang):
    """NO_COLOR at 80×24: every card on the battlefield shows its short name and its owner's
    mark with its life left; both seats' counters, the column letters and row numbers, the
    cursor, the legend, the turn track and the prompt with its rule are all in the text."""
    from hkk_tui.screens.game import GameScreen

    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        assert app.no_color
        app.start_game(None, None, ruleset="sw", decks=("polar-dwarves", "ashvale-wraiths"),
                       kinds=("human", "ai:random"))
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and bool(app.screen.query("#board"))
                    and app.screen.session.my_decision() is not None, "my first decision")
        screen = app.screen
        board = screen.query_one("#board")
        table = screen.session.table()
        await pilot.pause()
        text = screen_text(app)
        lines = text.split("\n")
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        view = screen.session.view()
        for cv in view.board:
            if cv is None:
                continue
            mark = "▲" if cv.controller == view.viewer else "▼"
            assert table.short(cv.cid, cv.name) in text
            assert f"{mark}{cv.life - cv.damage:>2}" in text
        assert "a     b     c     d     e     f" in text
        assert all(f"{row} " in text for row in range(1, 9))
        here = board.cursor                          # the cursor starts on my summoner
        assert view.board[here] is not None and view.board[here].iid == view.me().summoner
        assert f"[{table.short(view.board[here].cid, view.board[here].name)}]" in text
        assert table.t("grid.legend") in text
        seat = {"en": "magic", "hu": "mágia"}[lang]
        assert sum(seat in line for line in lines) >= 2            # both seats' counters
        turn = {"en": ("Moves 0/3", "Attacks 0/3"), "hu": ("Mozgás 0/3", "Támadás 0/3")}[lang]
        assert all(w in text for w in turn)
        assert f"[{table.t('phase_short.summon')}]" in text          # the current phase
        assert "[SW Idézés.1]" in text                               # the prompt cites it
        # the hand's first playable card, highlighted: its summon squares are marked "+"
        await pilot.press("2")
        hand = screen.query_one("#hand")
        summons = {h.subject for h in board.hints if local_label(h) == "act.summon"}
        offered = [i for i, cv in enumerate(hand.cards)
                   if Ref("card", hand.offered.get(cv.cid, -1)) in summons]
        assert offered
        while hand.highlighted != offered[0]:
            await pilot.press("down")
        card = hand.current_ref()
        await until(pilot, lambda: board.selected == card, "the preview")
        squares = board.marks.sets["reach"]
        assert squares == {h.dest.id for h in board.hints if h.subject == card}
        board_text = board.render().plain
        assert board_text.count("+") >= len(squares)
        # i on the battlefield: my summoner in full, his ability's text and his life left
        from hkk_tui.rulesets.sw.card_screen import CardScreen, faction_name

        await pilot.press("1", "i")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card detail")
        detail = screen_text(app)
        summoner = view.board[here]
        card = table.pool[summoner.cid]
        assert card.name.get(lang) in detail and faction_name(card.faction, lang) in detail
        assert card.abilities[0].name.get(lang) in detail
        left = {"en": f"life left {summoner.life - summoner.damage} of {summoner.life}",
                "hu": f"hátralévő élet: {summoner.life - summoner.damage} / {summoner.life}"}
        assert left[lang] in detail
        await pilot.press("escape")

    run(body, lang=lang, size=(80, 24), seed=11)
