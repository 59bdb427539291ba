"""The screen-reading key player of the browser's whole-game test (:mod:`tests.screen_player`),
without a browser: it reads real 80x24 screens of hkk (captured from a terminal, in
tests/web/screens) as a person does, and plays a scripted terminal to its end — or fails, with
the last screen, when the game does not end or nobody moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.screen_player import ScreenPlayer, Words, play_together, read

SCREENS = Path(__file__).parent / "screens"


def shot(name: str) -> str:
    return (SCREENS / f"{name}.txt").read_text()


def with_prompt(text: str, prompt: str) -> str:
    """The same screen with another prompt line (the line above the footer)."""
    rows = text.rstrip("\n").split("\n")
    rows[-2] = " " + prompt
    return "\n".join(rows)


def test_reads_the_players_decision_on_the_game_screen():
    seen = read(shot("keep_or_cede"), "Player")
    assert seen.kind == "mine"
    assert seen.prompt.startswith("Player: keep the start or cede it to the opponent [K 3.7]")


def test_another_seats_name_on_the_prompt_is_not_the_players_decision():
    assert read(shot("keep_or_cede"), "Bria").kind == "waiting"
    thinking = with_prompt(shot("keep_or_cede"), "AI (greedy) is thinking…  u: undo · Esc: menu")
    assert read(thinking, "Player").kind == "waiting"


def test_reads_the_numbered_lines_of_a_list_over_the_game():
    seen = read(shot("actions_list"), "Player")
    assert seen.kind == "choice"
    assert seen.title == "Player: keep the start or cede it to the opponent [K 3.7]"
    assert seen.options == [(1, "Keep the start"), (2, "Cede the start to the opponent")]


def test_a_box_without_numbered_lines_is_a_message():
    text = shot("actions_list").replace("  1. Keep the start", "  Keep the start   ").replace(
        "  2. Cede the start", "  Cede the start   ")
    assert read(text, "Player").kind == "message"


def test_reads_who_won_on_the_result_screen():
    seen = read(shot("result"), "Player")
    assert seen.kind == "result"
    assert seen.body == "AI (greedy) wins: the opponent's life fell to 0 (K 3.14)."


def test_a_result_sentence_the_box_wrapped_is_read_whole():
    inner = ["Game over", "", "AI (greedy) wins: the opponent's", "life fell to 0 (K 3.14).", "",
             "Life over the turns"]
    box = [" █" + "▀" * 40 + "█"] + [f" █ {line:<39}█" for line in inner] + \
        [" █" + "▄" * 40 + "█"]
    seen = read("\n".join(["", *box, "", " esc Close"]), "Player")
    assert seen.kind == "result"
    assert seen.body == "AI (greedy) wins: the opponent's life fell to 0 (K 3.14)."


def test_reads_the_result_in_the_players_language():
    inner = ["Vége a játszmának", "", "A gép (mohó) nyer: az ellenfél élete 0-ra csökkent",
             "(K 3.14)."]
    box = [" █" + "▀" * 60 + "█"] + [f" █ {line:<59}█" for line in inner] + \
        [" █" + "▄" * 60 + "█"]
    text = "\n".join(["", *box, "", " esc Bezárás"])
    assert read(text, "Játékos").kind == "message"                 # not English words
    seen = read(text, "Játékos", Words.of("hu"))
    assert seen.kind == "result"
    assert seen.body == "A gép (mohó) nyer: az ellenfél élete 0-ra csökkent (K 3.14)."


def test_the_title_screen_is_not_a_game():
    assert read(shot("title"), "Player").kind == "title"


def test_the_player_never_concedes():
    player = ScreenPlayer(str, print, "Player")
    assert {player.pick([(1, "Concede"), (2, "Pass")]) for _ in range(50)} == {2}
    assert {player.pick([(1, "Offer a draw"), (2, "Play Slime Larva (1 VP)")])
            for _ in range(50)} == {2}
    assert player.pick([(1, "Concede")]) is None
    hungarian = ScreenPlayer(str, print, "Játékos", lang="hu")
    assert hungarian.pick([(1, "Feladás"), (2, "Passz")]) == 2


class Scripted:
    """A terminal whose next screen depends on the key pressed: ``moves[(screen, key)]``."""

    def __init__(self, first: str, moves: dict[tuple[str, str], str]) -> None:
        self.now, self.moves, self.keys = first, moves, []

    def screen(self) -> str:
        return shot(self.now) if not self.now.startswith("=") else self.now[1:]

    def press(self, key: str) -> None:
        self.keys.append(key)
        self.now = self.moves.get((self.now, key), self.now)


def test_plays_by_keys_until_the_result_screen():
    term = Scripted("keep_or_cede", {("keep_or_cede", "a"): "actions_list",
                                     ("actions_list", "1"): "result",
                                     ("actions_list", "2"): "result"})
    rec = ScreenPlayer(term.screen, term.press, "Player", poll=0.001).play(10)
    assert term.keys[0] == "a" and term.keys[1] in ("1", "2") and len(term.keys) == 2
    assert rec.decisions == 1 and rec.dialogs == 1 and rec.keys == 2
    assert rec.result == "AI (greedy) wins: the opponent's life fell to 0 (K 3.14)."


def test_a_game_not_over_within_its_decisions_fails_with_the_last_screen():
    term = Scripted("keep_or_cede", {("keep_or_cede", "a"): "actions_list",
                                     ("actions_list", "1"): "keep_or_cede",
                                     ("actions_list", "2"): "keep_or_cede"})
    with pytest.raises(AssertionError, match="not over after 3 decisions") as failed:
        ScreenPlayer(term.screen, term.press, "Player", poll=0.001).play(3)
    assert "Player: keep the start" in str(failed.value)
    assert term.keys.count("a") == 3


def test_a_screen_where_nobody_moves_fails_with_it():
    thinking = with_prompt(shot("keep_or_cede"), "AI (greedy) is thinking…")
    term = Scripted("=" + thinking, {})
    with pytest.raises(AssertionError, match="nobody moved") as failed:
        ScreenPlayer(term.screen, term.press, "Player", poll=0.001, quiet=0.2).play(5)
    assert "AI (greedy) is thinking" in str(failed.value) and term.keys == []


def test_leaving_the_game_for_the_title_fails():
    term = Scripted("title", {})
    with pytest.raises(AssertionError, match="left"):
        ScreenPlayer(term.screen, term.press, "Player", poll=0.001).play(5)


def test_two_players_each_answer_their_own_screen_until_both_see_the_result():
    alice = Scripted("keep_or_cede", {("keep_or_cede", "a"): "actions_list",
                                      ("actions_list", "1"): "result",
                                      ("actions_list", "2"): "result"})
    thinking = with_prompt(shot("keep_or_cede"), "Player is moving · Keep the start")
    bob_keys: list[str] = []
    a = ScreenPlayer(alice.screen, alice.press, "Player", poll=0.001)
    b = ScreenPlayer(lambda: shot("result") if alice.now == "result" else thinking,
                     bob_keys.append, "Bob", poll=0.001)
    play_together([a, b], 10, quiet=5)
    assert len(alice.keys) == 2 and bob_keys == []
    assert a.record.result == b.record.result == \
        "AI (greedy) wins: the opponent's life fell to 0 (K 3.14)."


def test_two_players_waiting_for_each_other_fail_with_both_screens():
    thinking = with_prompt(shot("keep_or_cede"), "Somebody else is thinking…")
    players = [ScreenPlayer(lambda: thinking, print, name, poll=0.001) for name in ("A", "B")]
    with pytest.raises(AssertionError, match="nobody moved") as failed:
        play_together(players, 10, quiet=0.2)
    assert str(failed.value).count("Somebody else is thinking") == 2
