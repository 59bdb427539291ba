"""A key player that sees only the screen (issue 19): it reads a terminal's text — a browser
page's xterm buffer (tests/web) or a tmux pane — and answers every decision of its seat with
the keys a person presses, until the result screen: against the AI (:meth:`ScreenPlayer.play`),
or with other players each at their own screen (:func:`play_together`).

Its choices are those of the key player of tests/net/test_net_two_people.py (a person who does
not know the game): on its decision it opens the actions (``a``) and takes a random line of the
list — a move, or Pass/Done, each line alike; Concede is never taken — then, in a list of
options (targets, amounts: "Esc cancels before anything is paid"), a random option. The app's
answers are read back from the screen, so every dialog is handled as a person would:

* a numbered list (the decision's actions, its options, the keep/cede choice of K 3.7): a random
  numbered line by its digit; a list with nothing to take: Esc;
* a refused move, or a key dropped while the AI moved: the list closes and the prompt says why;
  the player simply decides again;
* a message (a box without numbered lines, e.g. card info): Enter closes it;
* the AI moving ("AI (greedy) is thinking…"): it waits for the screen to change; while the moves
  of a server's table are played back ("f: skip playback" on the prompt) it presses ``f`` when
  told to (``skip_playback``), as an impatient person does;
* the result screen ("Game over"): the game is played.

Every wait polls the screen until it changes (no fixed pauses); a game that is not over within
``max_decisions`` decisions, or a screen that stops changing while nobody can act, fails with
the last screen. Keys are logical names (``a``, ``1``…``9``, ``escape``, ``enter``); the caller's
``press`` turns them into its terminal's (selenium's ``Keys.ESCAPE``, tmux's ``Escape``).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: the box a Textual modal dialog draws (the "tall" border): top, side, bottom
TOP, SIDE, BOTTOM = "▀", "█", "▄"
OPTION = re.compile(r"^\s*([1-9])\.\s+(.*\S)")


@dataclass(frozen=True)
class Words:
    """The app's words the player reads, in the game's language (from the app's catalogs)."""

    game_over: str             # the result screen's title
    new_game: str              # the title screen's first line
    skip: str                  # the prompt's hint while another seat's moves are played back
    never: tuple[str, ...]     # list lines it never takes: a person playing on does not give up

    @classmethod
    def of(cls, lang: str = "en", ruleset: str = "hkk") -> Words:
        from hkk_tui.i18n import t, tr

        return cls(t("over.title", lang), t("menu.new", lang),
                   t("story.keys_moving", lang).split(" · ")[0],
                   (tr(ruleset, "act.concede", lang), tr(ruleset, "act.offer_draw", lang),
                    t("key.concede", lang), t("key.offer_draw", lang)))


@dataclass
class Seen:
    """What the screen shows, as the player reads it."""

    kind: str                  # "result", "choice", "message", "mine", "waiting", "title"
    title: str = ""            # the dialog's first line
    options: list[tuple[int, str]] = field(default_factory=list)
    body: str = ""             # the dialog's text (the result's first line: who won, why)
    prompt: str = ""           # the game's prompt line(s) under the panes (and any refusal)


def dialog_lines(text: str) -> list[str] | None:
    """The inner lines of the topmost modal dialog box on the screen, or None."""
    rows = text.split("\n")
    top = next((i for i, r in enumerate(rows) if TOP * 8 in r and SIDE in r), None)
    if top is None:
        return None
    left = rows[top].index(SIDE)
    right = rows[top].rindex(SIDE)
    inner = []
    for row in rows[top + 1:]:
        if BOTTOM * 8 in row:
            return inner
        inner.append(row[left + 1:right].strip() if len(row) > right else row[left + 1:].strip())
    return inner


def prompt_lines(text: str) -> list[str]:
    """The game screen's prompt: the lines between the panes' bottom border and the footer."""
    rows = text.rstrip("\n").split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        return []
    rows.pop()                                     # the footer (its keys)
    for i in range(len(rows) - 1, -1, -1):
        if rows[i].rstrip().endswith(("╯", "┛")):
            return [r.strip() for r in rows[i + 1:] if r.strip()]
    return []


def first_paragraph(lines: list[str]) -> str:
    """The first run of non-empty lines, joined (a sentence the dialog wrapped)."""
    out: list[str] = []
    for line in lines:
        if line:
            out.append(line)
        elif out:
            break
    return " ".join(out)


def read(text: str, me: str, words: Words | None = None) -> Seen:
    """Classify one screen of a game ``me`` plays (its seat's name as the board shows it)."""
    words = words or Words.of()
    inner = dialog_lines(text)
    if inner is not None:
        title = inner[0] if inner else ""
        options = [(int(m.group(1)), m.group(2)) for line in inner
                   if (m := OPTION.match(line))]
        if title.startswith(words.game_over):
            return Seen("result", title, body=first_paragraph(inner[1:]))
        return Seen("choice" if options else "message", title, options, " ".join(inner))
    prompt = prompt_lines(text)
    if not prompt:
        return Seen("title" if words.new_game in text else "waiting")
    # the main text may wrap over lines (a refusal's reason follows it): read as one string
    joined = " ".join(prompt)
    return Seen("mine" if joined.startswith(f"{me}: ") else "waiting", prompt=joined)


@dataclass
class Record:
    """What a played game took: decisions answered, keys pressed, lists answered, messages
    closed, its seconds, the last screen and the result's words."""

    decisions: int = 0
    keys: int = 0
    dialogs: int = 0
    messages: int = 0
    seconds: float = 0.0
    last: str = ""
    result: str = ""


class ScreenPlayer:
    """Plays ``me``'s seat through ``screen()`` (the terminal's text now) and ``press(key)``."""

    def __init__(self, screen: Callable[[], str], press: Callable[[str], None], me: str,
                 seed: int = 1, poll: float = 0.02, quiet: float = 30.0,
                 skip_playback: bool = False, lang: str = "en", ruleset: str = "hkk") -> None:
        self.screen, self._press, self.me = screen, press, me
        self.words = Words.of(lang, ruleset)
        self.skip_playback = skip_playback
        self.rng = random.Random(seed)
        self.poll = poll
        self.quiet = quiet                  # seconds the screen may stay unchanged, waiting
        self.record = Record()
        self._started: float | None = None

    # ------------------------------------------------------------------ keys and waits
    def press(self, key: str) -> str:
        """Press ``key`` and return the screen once it has changed and settled (or, when the
        key changes nothing visible, the screen after ``quiet`` / 10 seconds)."""
        before = self.screen()
        self._press(key)
        self.record.keys += 1
        return self.settle(before, min(self.quiet, 10.0))

    def settle(self, before: str, timeout: float) -> str:
        """Wait until the screen differs from ``before`` and then holds still for two polls
        (a frame drawn in parts is read whole); ``before`` again after ``timeout``."""
        end = time.monotonic() + timeout
        now = self.screen()
        while now == before:
            if time.monotonic() > end:
                return now
            time.sleep(self.poll)
            now = self.screen()
        still = 0
        while still < 2:
            time.sleep(self.poll)
            again = self.screen()
            still = still + 1 if again == now else 0
            now = again
        return now

    def pick(self, options: list[tuple[int, str]]) -> int | None:
        usable = [n for n, label in options if not label.startswith(self.words.never)]
        return self.rng.choice(usable) if usable else None

    # ------------------------------------------------------------------ the game
    def step(self, text: str, max_decisions: int) -> str | None:
        """Answer the screen ``text`` with one key: the screen after it, or None when nothing
        on it is the player's to answer (another seat moves; or the game is over, and
        ``record.result`` says how)."""
        rec = self.record
        if self._started is None:
            self._started = time.monotonic()
        seen = read(text, self.me, self.words)
        rec.last = text
        if seen.kind == "result":
            if not rec.result:
                rec.result = seen.body
                rec.seconds = time.monotonic() - self._started
            return None
        if rec.decisions >= max_decisions:
            raise AssertionError(f"the game was not over after {max_decisions} decisions of "
                                 f"{self.me}; the last screen:\n{text}")
        if seen.kind == "choice":
            rec.dialogs += 1
            n = self.pick(seen.options)
            return self.press("escape" if n is None else str(n))
        if seen.kind == "message":
            rec.messages += 1
            return self.press("enter")
        if seen.kind == "mine":
            rec.decisions += 1
            return self.press("a")
        if seen.kind == "title":
            raise AssertionError(f"the game's screen was left; the screen:\n{text}")
        if self.skip_playback and self.words.skip in seen.prompt:
            return self.press("f")
        return None

    def play(self, max_decisions: int = 2000) -> Record:
        """Answer every decision until the result screen; the :class:`Record` of the game."""
        text = self.screen()
        while True:
            after = self.step(text, max_decisions)
            if self.record.result:
                return self.record
            if after is None:                # the AI moves: wait for the screen to change
                after = self.settle(text, self.quiet)
                if after == text:
                    raise AssertionError(f"nobody moved for {self.quiet} s; the screen:\n{text}")
            text = after


def play_together(players: list[ScreenPlayer], max_decisions: int = 2000,
                  quiet: float = 30.0) -> None:
    """Several players at one game, each at its own screen (a browser page, a terminal): each
    answers what its screen asks, in turn, until every screen shows the result. Fails with the
    screens when none changes for ``quiet`` seconds while nobody can answer."""
    while True:
        acted = False
        for p in players:
            acted = p.step(p.screen(), max_decisions) is not None or acted
        if all(p.record.result for p in players):
            return
        if acted:
            continue
        seen = [p.screen() for p in players]
        end = time.monotonic() + quiet
        while [p.screen() for p in players] == seen:
            if time.monotonic() > end:
                raise AssertionError(f"nobody moved for {quiet} s; the screens:\n" +
                                     "\n\n".join(seen))
            time.sleep(players[0].poll)
