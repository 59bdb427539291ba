"""Saves in the app (issue 9, "No game is ever lost or corrupted"): every game its own file,
Continue lists the games in progress, one writer per game, failed writes refused and told,
final results final, undo only of your own decisions against a person."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engine.core import store
from engine.core.log import SYSTEM, Seat
from engine.hkk import actions as A
from engine.hkk import pool as P
from engine.hkk.session import codec, make_header, start_saved
from hkk_tui.i18n import t
from hkk_tui.screens.dialogs import ChoiceScreen, HandOverScreen, MessageScreen
from hkk_tui.screens.game import GameScreen
from hkk_tui.screens.replay import ReplayScreen
from hkk_tui.screens.title import SavesScreen, TitleScreen
from hkk_tui.rulesets.hkk.board import Board
from tui_helpers import act, fresh_data_dir, pick_group, run, until

DECKS = ("raia-egi-legio", "chara-din-horda")
ROOT = Path(__file__).resolve().parents[2]
ENC = msgspec.msgpack.Encoder()


def saves(data: Path) -> list[Path]:
    return sorted((data / "saves").glob("*.hkk"))


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def board_text(screen) -> str:
    return str(screen.query_one("#board", Board).render())


async def my_turn(pilot, app, screen) -> None:
    """Wait until the person at the keyboard decides (handing over in hotseat)."""
    def ready():
        return isinstance(app.screen, HandOverScreen) or (
            app.screen is screen and screen.session.my_decision() is not None)
    await pilot.pause()
    for _ in range(50):
        await until(pilot, ready, "a human decision")
        if app.screen is screen:
            return
        await pilot.press("enter")                  # the hand-over screen
        await pilot.pause()
    raise AssertionError("no human decision")


def finished_save(seed: int = 4) -> Path:
    """A game that ended by a concession, written by the engine."""
    seats = (Seat("You", DECKS[0], "human"), Seat("AI (greedy)", DECKS[1], "ai:greedy"))
    game = start_saved(make_header(DECKS, seed, seats=seats))
    game.submit(0, A.Concede())
    path = game.writer.path
    game.writer.close()
    return path


# ---------------------------------------------------------------------- many games in progress
def test_two_new_games_keep_two_saves_and_continue_lists_both_newest_first(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    done = finished_save()                           # a finished game is not "in progress"

    async def body(app, pilot):
        first = app.start_game(*DECKS, ai="greedy", seed=2)
        await my_turn(pilot, app, first)
        for _ in range(3):
            await my_turn(pilot, app, first)
            await act(pilot, first)
        await my_turn(pilot, app, first)
        first_path, first_entries = first.session.path, list(first.session.game.entries)
        first_bytes = first_path.read_bytes()
        await pilot.press("escape")                  # back to the menu: the save is closed
        await until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        assert store.lock_holder(first_path) is None

        second = app.start_game(DECKS[1], DECKS[0], ai="random", seed=3)
        await my_turn(pilot, app, second)
        assert second.session.path != first_path
        assert first_path.read_bytes() == first_bytes          # the first game is untouched
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        assert len(saves(data)) == 3

        await pilot.press("down", "down", "enter")  # Continue
        await until(pilot, lambda: isinstance(app.screen, SavesScreen), "the list")
        listed = app.screen.paths
        assert listed == [second.session.path, first_path]     # most recent first
        assert done not in listed
        lines = [str(app.screen.query_one("#saves").get_option_at_index(i).prompt)
                 for i in range(2)]
        names = {d.id: d.name.get("en") for d in P.list_decks()}
        assert lines[0].startswith(f"{names[DECKS[1]]} – {names[DECKS[0]]}")
        assert "AI (random)" in lines[0] and "last played" in lines[0]
        await pilot.press("down", "enter")          # the first game
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        assert app.screen.session.path == first_path
        assert app.screen.session.game.entries == first_entries
        assert app.screen.session.my_decision() is not None
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("home", "down", "down", "down", "enter")     # Load: every game
        await until(pilot, lambda: isinstance(app.screen, SavesScreen), "the list")
        assert done in app.screen.paths and len(app.screen.paths) == 3

    run(body)


def test_continue_with_no_game_in_progress_says_so(monkeypatch):
    fresh_data_dir(monkeypatch)
    finished_save()

    async def body(app, pilot):
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await until(pilot, lambda: t("continue.none", "en") in notes(app), "the note")

    run(body)


# ---------------------------------------------------------------------- one writer per game
HOLD = """
import sys
from engine.core.store import SaveLock
lock = SaveLock.acquire(sys.argv[1])
print("locked", flush=True)
sys.stdin.read()
"""


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_game_open_in_another_process_is_offered_read_only(monkeypatch, lang):
    data = fresh_data_dir(monkeypatch)
    seats = (Seat("You", DECKS[0], "human"), Seat("AI (greedy)", DECKS[1], "ai:greedy"))
    game = start_saved(make_header(DECKS, 2, seats=seats))
    d = game.pending()
    game.submit(d.player, game.legal_actions(d.player)[0])
    path = game.writer.path
    game.writer.close()
    before = path.read_bytes()
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], cwd=ROOT,
                             env={**os.environ, "HKK_DATA_DIR": str(data)},
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert child.stdout.readline().strip() == b"locked"

        async def body(app, pilot):
            await pilot.press("down", "down", "enter")          # Continue
            await until(pilot, lambda: isinstance(app.screen, SavesScreen), "the list")
            line = str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
            assert str(child.pid) in line                       # marked as held
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the dialog")
            dialog = app.screen
            assert dialog.title_text == t("locked.title", lang)
            assert str(child.pid) in dialog.body and path.name in dialog.body
            await pilot.press("1")                              # read-only in the replay
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
            assert len(app.screen.game.entries) == 2
            assert app.screen.game.writer is None

        run(body, lang=lang)
    finally:
        child.stdin.close()
        child.wait(timeout=30)
    assert path.read_bytes() == before


def test_going_back_from_the_locked_dialog_leaves_the_game_alone(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    game = start_saved(make_header(DECKS, 2))
    path = game.writer.path                          # held by this writer (another opener)

    async def body(app, pilot):
        app.load_game(path)
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the dialog")
        assert str(os.getpid()) in app.screen.body
        await pilot.press("2")                      # Back
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)

    run(body)
    game.writer.close()
    assert saves(data) == [path]


# ---------------------------------------------------------------------- full disk
def _no_space(fd, data):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_move_that_cannot_be_saved_is_not_made_and_can_be_made_again(monkeypatch, lang):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(*DECKS, ai="greedy", seed=2)
        await my_turn(pilot, app, screen)
        game = screen.session.game
        entries, state, board = list(game.entries), ENC.encode(game.state), board_text(screen)
        groups = screen.groups()
        move = groups[pick_group(screen, groups)].actions[0]
        monkeypatch.setattr(store, "_sys_write", _no_space)
        await act(pilot, screen)
        await pilot.pause()
        want = t("save.disk_full_move", lang)
        assert screen.error == want
        await until(pilot, lambda: want in notes(app), "the notification")
        assert game.entries == entries and ENC.encode(game.state) == state
        assert board_text(screen) == board
        assert screen.session.path.read_bytes()       # the file still reads
        assert len(store.load(screen.session.path, codec()).entries) == len(entries)

        monkeypatch.setattr(store, "_sys_write", os.write)      # space again
        await act(pilot, screen)                          # the same move
        await until(pilot, lambda: len(game.entries) > len(entries), "the move")
        assert game.entries[len(entries)].action == move
        assert screen.error == ""
        await my_turn(pilot, app, screen)
        path, now = screen.session.path, list(game.entries)
        loaded = store.load(path, codec())
        assert loaded.entries == now and not loaded.damaged

    run(body, lang=lang)


def test_an_ai_move_that_cannot_be_saved_waits_for_r(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(*DECKS, ai="greedy", seed=1)   # the AI decides first
        monkeypatch.setattr(store, "_sys_write", _no_space)
        await until(pilot, lambda: screen._bot_stalled, "the failed AI move")
        game = screen.session.game
        assert len(game.entries) == 1 and game.pending().player == 1
        assert screen.error == t("save.disk_full_ai", "en")
        assert screen.query_one("#prompt").main_text == t("prompt.ai_stalled", "en",
                                                            player="AI (greedy)")
        assert "r" in {b.binding.key for b in app.active_bindings.values()
                       if b.binding.action == "retry_ai" and b.enabled}
        for _ in range(5):                                     # no retry loop on its own
            await pilot.pause(0.02)
        assert len(game.entries) == 1
        monkeypatch.setattr(store, "_sys_write", os.write)
        await pilot.press("r")
        await until(pilot, lambda: len(game.entries) > 1, "the AI's move")
        assert not screen._bot_stalled
        assert len(store.load(screen.session.path, codec()).entries) >= 2

    run(body)


# ---------------------------------------------------------------------- final means final
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_undo_after_a_concession_is_refused_as_final(monkeypatch, lang):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(*DECKS, ai="greedy", seed=2)
        await my_turn(pilot, app, screen)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("2")                                 # yes, concede
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "game over")
        game = screen.session.game
        n = len(game.entries)
        await pilot.press("u")                                 # on the game-over message
        await pilot.pause()
        assert game.over() and len(game.entries) == n
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen, "the board")
        await pilot.press("u")
        await pilot.pause()
        assert screen.error == t("undo.final", lang)
        assert game.over() and len(game.entries) == n
        assert screen.session.result() is not None
        path = screen.session.path
        await pilot.press("escape")
        await pilot.pause()

        app.load_game(path)                                    # opened again from Load
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "game over")
        await pilot.press("enter")
        again = app.screen
        assert isinstance(again, GameScreen)
        await pilot.press("u")
        await pilot.pause()
        assert again.error == t("undo.final", lang)
        assert len(again.session.game.entries) == n

    run(body, lang=lang)


def test_hotseat_undo_cannot_take_back_the_other_players_decision(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        screen = app.start_game(*DECKS, ai=None, seed=2)
        session = screen.session
        entries = session.game.entries
        for _ in range(200):
            await my_turn(pilot, app, screen)
            on_move = session.pending().player
            last = entries[-1].player
            if last not in (on_move, SYSTEM) and any(e.player == on_move for e in entries[1:]):
                break
            await act(pilot, screen)
        else:
            raise AssertionError("never the other player's decision last")
        n, board = len(entries), board_text(screen)
        await pilot.press("u")
        await pilot.pause()
        assert screen.error == t("undo.not_yours", "en")
        assert len(entries) == n and board_text(screen) == board

    run(body)


# ---------------------------------------------------------------------- damage and edits
def test_an_edited_header_is_refused_in_words_and_the_file_left_alone(monkeypatch):
    fresh_data_dir(monkeypatch)
    game = start_saved(make_header(DECKS, 2))
    d = game.pending()
    game.submit(d.player, game.legal_actions(d.player)[0])
    path = game.writer.path
    game.writer.close()
    data = path.read_bytes()
    header = store.load(path, codec()).header
    end = len(store.MAGIC) + store._FRAME.size + store._FRAME.unpack_from(
        data, len(store.MAGIC))[0]
    edited = msgspec.structs.replace(header, seed=header.seed + 1)     # the seal stays old
    path.write_bytes(store.MAGIC + store._frame(store.HeaderRec(edited)) + data[end:])
    before = path.read_bytes()

    async def body(app, pilot):
        assert app.load_game(path) is None
        await pilot.pause()
        want = t("save.edited", "hu", name=path.name, what=t("save.edited_seal", "hu"))
        await until(pilot, lambda: want in notes(app), "the refusal")
        app.open_replay(path)
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)

    run(body, lang="hu")
    assert path.read_bytes() == before


def test_a_save_that_disagrees_with_the_rules_is_cut_and_the_player_told_where_and_why(
        monkeypatch):
    from engine.core.log import Entry

    data = fresh_data_dir(monkeypatch)
    seats = (Seat("You", DECKS[0], "human"), Seat("AI (greedy)", DECKS[1], "ai:greedy"))
    game = start_saved(make_header(DECKS, 2, seats=seats))
    for _ in range(6):
        d = game.pending()
        game.submit(d.player, game.legal_actions(d.player)[0])
    game.writer.close()
    entries, header = game.entries, game.header
    path = data / "saves" / "tampered.hkk"          # entry 4 records one event too few
    writer = store.SaveWriter.create(path, header, codec())
    for i, e in enumerate(entries):
        writer.append(Entry(e.player, e.action, e.events[:-1]) if i == 4 else e)
    writer.close()

    async def body(app, pilot):
        app.open_replay(path)                       # read-only: the agreeing entries, a note
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert len(app.screen.game.entries) == 4
        why = t("damage.rules", "en")
        cut = t("replay.cut", "en", name=path.name, entry=5, n=4, why=why)
        await until(pilot, lambda: cut in notes(app), "the note")
        await pilot.press("escape")
        await pilot.pause()
        app.load_game(path)                         # continuing cuts it, keeping a backup
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        assert len(app.screen.session.game.entries) == 4
        said = t("save.recovered", "en", name=path.name, entry=5, n=4, why=why,
                 backup="tampered.hkk.damaged-1")
        await until(pilot, lambda: said in notes(app), "the recovery note")

    run(body)
    assert (data / "saves" / "tampered.hkk.damaged-1").exists()
