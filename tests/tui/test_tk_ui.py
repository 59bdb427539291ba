"""Tash-Kalar in the terminal (issue 17, points 5 and 6): every event told in words with its TK
citation in both languages; a highlighted hand card lights its legal placements and ``n`` cycles
them; Enter summons; a square asked for takes the board; a 4-player BATTLE hands the screen over
at every seat; whole games by keys (DUEL vs the AI, 4-player BATTLE hotseat) reach the result
screen with ranks; the 80×24 screen reads without colour."""

from __future__ import annotations

import typing

import msgspec
import pytest
from tui_helpers import fresh_data_dir, run, until

from engine.core.protocol import Ref
from engine.tk import events as E
from hkk_tui.i18n import ns_catalog
from hkk_tui.rulesets import get_ui


def _sample(cls: type) -> object:
    values: dict[str, object] = {}
    for f in msgspec.structs.fields(cls):
        if f.name == "rule":
            values[f.name] = "TK Idézés"
        elif f.name in ("pile", "card") and f.type is str:
            values[f.name] = "deck" if f.name == "pile" else "flare"
        elif f.name == "to":
            values[f.name] = "discard"
        elif f.type is int:
            values[f.name] = 1
        elif f.type is bool:
            values[f.name] = True
        elif f.name == "result":
            from engine.core.protocol import Result

            values[f.name] = Result((1,), "final_round", "TK Vége.kör", (3.0, 5.0))
        else:
            values[f.name] = () if f.default is msgspec.NODEFAULT else f.default
    return cls(**values)


def _table(lang: str, seats: int = 2, options: dict | None = None):
    from engine.core.registry import get

    plugin = get("tk")
    decks = ("tide", "ember", "grove", "dusk")[:seats]
    header = plugin.new_header(decks, 1, options=options)
    ruleset = plugin.ruleset_for(header)
    return get_ui("tk").table(header, ruleset, ["Anna", "Béla", "Cili", "Dani"][:seats], lang)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_tk_event_is_told_in_words_with_its_tk_citation(lang):
    from hkk_tui.rulesets.tk.describe import BOOKKEEPING

    tb = _table(lang)
    for cls in typing.get_args(E.Event):
        line = tb.describe(_sample(cls))
        if issubclass(cls, BOOKKEEPING):
            assert line is None
            continue
        assert line is not None, cls.__name__
        text, rule = line
        assert text and "⟨" not in text and "{" not in text, (cls.__name__, text)
        assert rule.startswith("TK "), (cls.__name__, rule)
    text, _ = tb.describe(E.Placed(40, 0, 2, "TK Akció.lerakás"))
    assert "B2" in text and "e5" in text               # Tide's letter and the rank digit


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_tk_refusal_key_is_in_the_catalog(lang):
    import re
    from pathlib import Path

    import engine.tk

    root = Path(engine.tk.__file__).parent
    keys = set()
    for p in root.glob("*.py"):
        keys |= set(re.findall(r'"([a-z_]+)"\)', re.sub(r"\s+", " ", " ".join(
            m for m in re.findall(r"IllegalAction\((.*?)\)\)?$", p.read_text(), re.DOTALL | re.MULTILINE)))))
    from engine.tk.ruleset import SUMMON_REFUSALS

    keys |= {k for k, _ in SUMMON_REFUSALS.values()}
    catalog = ns_catalog("tk", lang)
    missing = sorted(k for k in keys if f"illegal.{k}" not in catalog)
    assert not missing, missing


# ---------------------------------------------------------------------------- the game screen
async def _start(app, pilot, decks=("tide", "ember"), kinds=("human", "ai:tactician"),
                 options=None):
    from hkk_tui.screens.game import GameScreen

    app.ruleset = "tk"
    app.start_game(None, None, replace=True, ruleset="tk", decks=decks, kinds=kinds,
                   options=options)
    await until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                "the game screen")
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    await until(pilot, lambda: bool(screen.query("#board-pane"))
                and screen.query_one("#board").view is not None, "the game laid out")
    return screen


async def _my_turn(pilot, screen):
    await until(pilot, lambda: screen.session.my_decision() is not None
                or screen.session.result() is not None, "my decision", steps=3000)


def _summonable(screen) -> list[int]:
    """Hand indexes of cards with at least one legal summon now."""
    hand = screen.query_one("#hand")
    subjects = {h.subject.id for h in screen.session.hints() if h.group.startswith("summon")}
    return [i for i, iid in enumerate(hand.cards) if iid in subjects]


async def _to_a_summon(pilot, screen) -> int:
    """Place pieces on the board by keys until a hand card can be summoned; its index."""
    for _ in range(30):
        await _my_turn(pilot, screen)
        found = _summonable(screen)
        if found:
            return found[0]
        d = screen.session.my_decision()
        assert d is not None and d.kind in ("tk.act", "tk.end"), d
        if d.kind == "tk.end":
            await pilot.press("space")
            continue
        board = screen.query_one("#board")
        empty = next(sq for sq in (40, 41, 31, 49, 39, 32, 50, 30, 48, 22, 58, 42, 38)
                     if screen.session.view().owner[sq] < 0)
        await pilot.press("1")
        board.move_to(empty)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")
    raise AssertionError("no card became summonable")


def test_a_highlighted_card_lights_its_placements_and_n_cycles_them(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        index = await _to_a_summon(pilot, screen)
        hand, board = screen.query_one("#hand"), screen.query_one("#board")
        hand.focus()
        await pilot.pause()
        hand.highlighted = index
        await pilot.pause()
        card = Ref("card", hand.cards[index])
        assert board.selected == card
        dests = {h.dest.id for h in screen.session.hints() if h.subject == card
                 and h.group.startswith("summon")}
        assert board.marks.sets["reach"] == dests            # every legal square lit, only them
        first = board.current()
        assert first is not None and board.marks.sets["path"]  # the pattern's pieces marked
        below = "\n".join(t.plain for t in board.below)
        assert "(1/" in below and screen.session.table().card_name(card.id) in below
        count = len(board.placements())
        await pilot.press("n")
        await pilot.pause()
        if count > 1:
            assert board.placement == 1 and board.cursor == board.current().dest.id
            assert "(2/" in "\n".join(t.plain for t in board.below)
        else:
            assert board.placement == 0
        chosen = board.current()
        before = len(screen.session.game.entries)
        await pilot.press("enter")                            # Enter in the hand summons it
        await pilot.pause()
        entry = screen.session.game.entries[before]
        assert entry.action.card == card.id and entry.action.square == chosen.dest.id
        assert any(isinstance(ev, E.Moved) and ev.to == "table" for ev in entry.events)

    run(body, "en", size=(80, 24), seed=4)


def test_a_refused_square_is_told_and_nothing_changes(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        await _my_turn(pilot, screen)
        from engine.tk import actions as A

        occupied = next(sq for sq, o in enumerate(screen.session.view().owner) if o >= 0)
        before = len(screen.session.game.entries)
        assert not screen.submit(A.Place(occupied))
        assert len(screen.session.game.entries) == before
        assert "TK Akció.lerakás" in screen.error and "empty square" in screen.error

    run(body, "en", size=(80, 24), seed=4)


def _natural_end(session) -> None:
    """The game ended by its own rules: the end trigger and the final round (TK Vége.kör),
    never the bot games' safety stop (``max_turns``)."""
    ended = [ev for e in session.game.entries for ev in e.events if isinstance(ev, E.GameEnded)]
    assert len(ended) == 1 and ended[0].result.reason == "final_round", ended
    assert any(isinstance(ev, E.EndTriggered) for e in session.game.entries for ev in e.events)


def test_tk_vege_kor_a_whole_duel_against_the_ai_by_keys_to_its_own_end(monkeypatch):
    """A DUEL against the tactician, every decision of the player's by keys (tests/tui/tk_keys:
    summons from the hand with ``n`` and Enter, places with the arrows on the board), to the
    game's own end (TK Vége.Párbaj or the last card, then the final round, TK Vége.kör); the
    result screen shows the ranks."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from tk_keys import KeyPlayer

        from hkk_tui.screens.dialogs import ResultScreen

        screen = await _start(app, pilot)
        assert screen.session.game.header.options.get("max_turns") is None
        player = KeyPlayer(pilot, app, screen, seed=4)
        await player.play_to_end()
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result screen")
        _natural_end(screen.session)
        body_text = app.screen.body
        assert "Ranks:" in body_text and "1. " in body_text and "2. " in body_text
        assert player.summons_by_hand >= 3 and player.places_by_board >= 3
        summons = sum(1 for e in screen.session.game.entries
                      if type(e.action).__name__ == "Summon" and e.player == 0)
        assert summons == player.summons_by_hand      # each summon keyed went through

    run(body, "en", size=(80, 24), seed=4)


def test_tk_vege_csata_a_four_player_battle_hotseat_by_keys_to_its_own_end(monkeypatch):
    """A 4-player BATTLE in hotseat from the new-game form, every seat by keys, handed over at
    every seat, to the game's own end (a colour score of 10, TK Vége.Csata, then the final
    round); the result screen shows the ranks and each seat's colour scores."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from tk_keys import KeyPlayer

        from hkk_tui.screens.dialogs import HandOverScreen, ResultScreen
        from hkk_tui.screens.game import GameScreen

        await _start_hotseat(app, pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.session.view().mode == "battle" and screen.session.seats == 4
        assert screen.session.game.header.options.get("max_turns") is None
        player = KeyPlayer(pilot, app, screen, seed=7)
        await player.play_to_end()
        assert player.handovers == {0, 1, 2, 3}              # every seat was handed the screen
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result screen")
        _natural_end(screen.session)
        text = app.screen.body
        assert "Ranks:" in text and "Scores by colour" in text
        for name in ("Player 1", "Player 2", "Player 3", "Player 4"):
            assert name in text
        assert not isinstance(app.screen, HandOverScreen)

    run(body, "en", size=(80, 24), seed=7)


async def _start_hotseat(app, pilot):
    """The new-game dialog by keys: hotseat, Tash-Kalar, 4 players, BATTLE, start."""
    from hkk_tui.screens.title import NewGameScreen

    app.ruleset = "tk"
    app.push_screen(NewGameScreen(hotseat=True, ruleset="tk"))
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
    form = app.screen
    labels = [label for label, _v, _c in form.rows]
    assert labels[0] and "Mode" in labels                   # players first, then the mode
    await pilot.press("right", "right")                     # 2 → 4 players
    await pilot.pause()
    assert form.n_seats == 4
    mode_row = [label for label, _v, _c in form.rows].index("Mode")
    assert next(v for v, _w in form.rows[mode_row][1]) == {"mode": "battle"}
    form.start()
    await pilot.pause()


def test_the_80x24_screen_reads_without_colour(monkeypatch):
    """NO_COLOR at 80×24: pieces read as colour letter and rank, symbol squares as ◇, the
    current placement's marks as text."""
    fresh_data_dir(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")

    async def body(app, pilot):
        assert app.no_color
        screen = await _start(app, pilot)
        await _my_turn(pilot, screen)
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "B1" in text and "R1" in text and "◇" in text
        assert "a   b   c   d   e   f   g   h   i" in text
        assert "Turn 1" in text and "0/18" in text

    run(body, "en", size=(80, 24), seed=4)


def test_the_new_game_form_of_three_seats_mixes_people_and_the_ai(monkeypatch):
    """3 players vs the AI: the form asks for each other seat whether a person or the AI plays
    it and offers BATTLE; a second person at the screen makes the game hand over."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.title import NewGameScreen

        app.ruleset = "tk"
        app.push_screen(NewGameScreen(hotseat=False, ruleset="tk"))
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        form = app.screen
        await pilot.press("right")                          # 2 → 3 players
        await pilot.pause()
        labels = [label for label, _v, _c in form.rows]
        assert "Player 2" in labels and "Player 3" in labels and "Mode" in labels
        row = labels.index("Player 2")
        assert form.rows[row][1][form.rows[row][2]][0] == "ai"      # vs the AI: AI by default
        form.query_one("#form").highlighted = row
        await pilot.press("left")                           # Player 2: a person here
        await pilot.pause()
        form.start()
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    or type(app.screen).__name__ == "HandOverScreen", "the game")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await until(pilot, lambda: bool(screen.query("#board-pane")), "the game laid out")
        kinds = [seat.kind for seat in screen.session.header.seats]
        assert kinds[0] == "human" and kinds[1] == "human" and kinds[2].startswith("ai:")
        assert screen.session.hotseat and screen.session.view().mode == "battle"

    run(body, "en", size=(80, 24), seed=2)


def test_the_replay_of_a_four_seat_game_cycles_every_seat_and_the_omniscient_view(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from engine.ai.bots import make_bot
        from engine.ai.sim import play_out
        from engine.core.log import Seat
        from engine.core.registry import get
        from engine.core.sessions import start_saved
        from hkk_tui.screens.replay import ReplayScreen

        plugin = get("tk")
        seats = tuple(Seat(f"P{i + 1}", d, "ai:random") for i, d in
                      enumerate(("tide", "ember", "grove", "dusk")))
        header = plugin.new_header(("tide", "ember", "grove", "dusk"), 3, seats=seats,
                                   options={"max_turns": 2})
        game = start_saved(header, None)
        play_out(game, [make_bot("random", game.ruleset, 3 + i) for i in range(4)])
        path = game.writer.path
        game.writer.close()
        app.open_replay(path)
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        seen = [replay.viewer]
        for _ in range(5):
            await pilot.press("o")
            await pilot.pause()
            seen.append(replay.viewer)
        assert seen == [-1, 0, 1, 2, 3, -1]
        hand = replay.query_one("#hand")
        assert hand.cards == list(replay.session.ruleset.view(
            replay.replay.state, -1).players[max(replay.viewer, 0)].hand
            or []) or replay.viewer < 0

    run(body, "en", size=(80, 24), seed=2)


@pytest.mark.parametrize("seats,options", [
    (2, {"mode": "duel"}), (2, {"mode": "highform"}), (3, {"mode": "battle"}),
    (4, {"mode": "battle"}), (4, {"mode": "duel", "team": True}),
    (4, {"mode": "highform", "team": True})])
def test_every_mode_is_told_in_words_from_start_to_result(seats, options):
    """A random game of each mode, read as the shell reads it: every event in words with a TK
    citation, every track line and prompt without a raw key, the result with ranks (BATTLE: the
    colour matrix)."""
    from engine.ai.bots import make_bot
    from engine.core.game import Game
    from engine.core.registry import get

    plugin = get("tk")
    decks = ("tide", "ember", "grove", "dusk")[:seats]
    header = plugin.new_header(decks, 11, options={**options, "max_turns": 4})
    ruleset = plugin.ruleset_for(header)
    game = Game.new(ruleset, header)
    bots = [make_bot("random", ruleset, 11 + i) for i in range(seats)]
    names = ["Anna", "Béla", "Cili", "Dani"][:seats]
    for lang in ("en", "hu"):
        tb = get_ui("tk").table(header, ruleset, names, lang)
        for ev in game.entries[0].events if game.entries else ():
            tb.describe(ev)
    steps = 0
    while ruleset.result(game.state) is None and steps < 3000:
        d = game.pending()
        legal = game.legal_actions(d.player)
        view = ruleset.view(game.state, d.player)
        game.submit(d.player, bots[d.player].choose(view, legal))
        steps += 1
        if steps % 7:
            continue
        for lang in ("en", "hu"):
            tb = get_ui("tk").table(header, ruleset, names, lang)
            view = ruleset.view(game.state, d.player)
            for frame in ruleset.track(view).frames:
                tb.track_title(frame, view)
                for item in frame.items:
                    text = tb.track_label(item, view).plain
                    assert "⟨" not in text and "track." not in text, (item.label, text)
            nd = game.pending()
            if nd is not None:
                what, keys = tb.prompt(nd, ruleset.view(game.state, nd.player))
                assert "⟨" not in what + keys, (nd.kind, what)
            for hint in ruleset.hints(view, game.legal_actions(d.player) if nd and
                                      nd.player == d.player else []):
                label = tb.label(hint, view) + tb.option_label(hint, view)
                assert "⟨" not in label, (hint.label, label)
    assert ruleset.result(game.state) is not None
    for lang in ("en", "hu"):
        tb = get_ui("tk").table(header, ruleset, names, lang)
        for entry in game.entries:
            for ev in entry.events:
                line = tb.describe(ruleset.redact(ev, 0))
                if line is not None:
                    assert line[0] and "⟨" not in line[0] and line[1].startswith("TK "), line
        detail = tb.result_detail(ruleset.view(game.state, -1))
        assert ("1. " in detail) and (("Ranks:" in detail) if lang == "en" else True)
        if options["mode"] == "battle":
            assert all(tb.letters[c] in detail for c in range(seats))


def test_i_shows_a_hand_card_with_its_pattern_and_text_in_the_players_language(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from engine.tk.text import card_text
        from hkk_tui.screens.dialogs import MessageScreen

        screen = await _start(app, pilot)
        await _my_turn(pilot, screen)
        hand = screen.query_one("#hand")
        hand.focus()
        await pilot.pause()
        hand.highlighted = 0
        d = screen.session.table().card_def(hand.cards[0], screen.session.view())
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the card")
        assert app.screen.title_text == d.name.hu
        assert card_text(d, "hu") in app.screen.body and "Minta" in app.screen.body
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "back to the game")

    run(body, "hu", size=(80, 24), seed=4)


def test_hotseat_never_shows_the_previous_seats_card_under_the_board(monkeypatch):
    """TK R.11.5: a seat sees only its own hand — after the hand-over, the card the previous
    player had highlighted is not drawn under the board for the next one."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.dialogs import HandOverScreen

        screen = await _start(app, pilot, kinds=("human", "human"))
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen)
                    or screen.session.my_decision() is not None, "the first decision")
        while screen.session.view().turn < 1 or isinstance(app.screen, HandOverScreen):
            if isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
            else:
                board = screen.query_one("#board")
                squares = [h.dest.id for h in screen.session.hints() if h.group == "pick"]
                board.move_to(squares[0])
                board.focus()
                await pilot.press("enter")
            await pilot.pause()
        first = screen.session.pending().player
        hand, board = screen.query_one("#hand"), screen.query_one("#board")
        hand.focus()
        await pilot.pause()
        name = screen.session.table().card_name(hand.cards[0])
        assert name in "\n".join(t.plain for t in board.below)
        board.focus()
        empty = next(q for q in range(81) if screen.session.view().owner[q] < 0)
        board.move_to(empty)
        await pilot.press("enter")                       # the start player's one action
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        await pilot.press("enter")
        await until(pilot, lambda: screen.session.my_decision() is not None
                    and screen.session.pending().player != first, "the next seat")
        await pilot.pause()
        assert name not in "\n".join(t.plain for t in board.below)

    run(body, "en", size=(80, 24), seed=4)


def test_tk_idezes_a_card_shown_under_the_board_says_when_it_has_placements_now(monkeypatch):
    """A hand card still shown under the board after the player went on to the board (``1``)
    tells today's truth: once the board has its pattern (TK Idézés), it says how many
    placements there are now and the keys to them, never "no legal placement" from before."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = await _start(app, pilot)
        index = await _to_a_summon(pilot, screen)
        hand, board = screen.query_one("#hand"), screen.query_one("#board")
        card = Ref("card", hand.cards[index])
        n = len([h for h in screen.session.hints() if h.subject == card
                 and h.group.startswith("summon")])
        await pilot.press("1")
        await pilot.pause()
        board.selected = None                    # the board's own selection, not the card
        board.hovered = card                     # the card last highlighted in the hand
        board._update_below()
        below = "\n".join(t.plain for t in board.below)
        assert f"({n} placements now: 2, then n, Enter)" in below, below
        assert "no legal placement" not in below

    run(body, "en", size=(80, 24), seed=4)


def test_tk_hatas_a_square_asked_puts_the_cursor_on_the_nearest_lit_square(monkeypatch):
    """When an effect asks for a square (TK Hatás: a target, where to go), the board takes the
    keys with its cursor on the lit square nearest to where it was, not the first in the
    board's order (a1 first made every jump start from the corner)."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from engine.core.protocol import ActionHint

        screen = await _start(app, pilot)
        await _my_turn(pilot, screen)
        board = screen.query_one("#board")
        board.move_to(40)                                      # e5
        asked = [ActionHint("pick", "tk:act.square", dest=Ref("square", q))
                 for q in (0, 8, 50, 80)]                       # a1, i1, f6, i9
        board.show(screen.session.view(), screen.session.table(), asked)
        assert board.cursor == 50                              # f6: next to e5
        board.show(screen.session.view(), screen.session.table(), asked)
        assert board.cursor == 50                              # a lit cursor stays

    run(body, "en", size=(80, 24), seed=4)


def test_tk_elokeszulet_after_each_hand_over_the_keys_go_to_the_hand_or_the_board(monkeypatch):
    """Hotseat: when a seat is handed the screen (the placer's set-up, TK Előkészület.Csata, then
    every turn), Enter on the hand-over screen leaves the focus where that seat answers — the
    arrows move the board's cursor or the hand's highlight at once, no ``1``/``2`` needed."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.dialogs import HandOverScreen
        from hkk_tui.screens.game import GameScreen

        await _start_hotseat(app, pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        s = screen.session
        for _round in range(2):             # the placer's hand-over, then the first turn's
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "a hand-over")
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen and s.my_decision() is not None,
                        "the seat's decision")
            await pilot.pause()
            assert screen.focused is not None and screen.focused.id in ("hand", "board"), \
                screen.focused
            while s.my_decision() is not None and s.result() is None and \
                    not isinstance(app.screen, HandOverScreen):
                d = s.my_decision()
                board = screen.query_one("#board")
                if d.kind == "tk.act":
                    view = s.view()
                    square = next(q for q in (40, 41, 39, 31, 49) if view.owner[q] < 0)
                    await pilot.press("1")
                    board.move_to(square)
                await pilot.press("enter")
                await pilot.pause()

    run(body, "en", size=(80, 24), seed=7)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_tk_akcio_dobas_a_choice_of_cards_or_colours_never_offers_square_keys(lang):
    """The prompt's keys fit the choice: cards to put under their decks (TK Akció.dobás), a
    task (TK Haladó.feladat) or a colour (TK Csata.legenda, .páratlan) are chosen from the
    list (``a``), never with the board's arrows; a square asked for keeps them."""
    from engine.core.game import Decision

    tb = _table(lang, 4, {"mode": "battle"})
    for kind in ("bottom", "claim", "legend_colour", "bonus_colour"):
        _what, keys = tb.prompt(Decision(0, f"tk.{kind}", "TK Akció.dobás"), None)
        assert "←↑↓→" not in keys and keys.startswith("a "), (kind, keys)
    _what, keys = tb.prompt(Decision(0, "tk.target", "TK Hatás.pusztítás"), None)
    assert "←↑↓→" in keys


def test_tk_hatas_lerakas_an_effects_placement_asks_for_an_empty_square_lit_as_a_place(
        monkeypatch):
    """An effect that places a piece (TK Hatás.lerakás, e.g. Torchbearer's) asks for a square:
    the prompt says to choose an empty square (not "a target"), and the squares are lit ``+``
    as places to go, never ``!`` (what a summon or an attack destroys)."""
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from engine.core.game import Decision
        from engine.core.protocol import ActionHint
        from engine.tk.state import Ask

        screen = await _start(app, pilot)
        await _my_turn(pilot, screen)
        table = screen.session.table()
        what, keys = table.prompt(Decision(0, "tk.target", "TK Hatás.lerakás"), None)
        assert what == "choose an empty square for the piece" and "←↑↓→" in keys
        what, _keys = table.prompt(Decision(0, "tk.target", "TK Hatás.pusztítás"), None)
        assert what.startswith("choose a target")
        view = screen.session.view()
        empty = [q for q in (39, 41, 31) if view.owner[q] < 0]
        view = msgspec.structs.replace(
            view, ask=Ask("target", 0, tuple(empty), True, "TK Hatás.lerakás"))
        asked = [ActionHint("pick", "tk:ask.target", dest=Ref("square", q),
                            targets=(Ref("square", q),)) for q in empty]
        board = screen.query_one("#board")
        board.show(view, table, asked)
        assert set(empty) <= board.marks.sets["reach"]
        assert not board.marks.sets["target"] & set(empty)

    run(body, "en", size=(80, 24), seed=4)
