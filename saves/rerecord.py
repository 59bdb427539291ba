"""Re-record shipped games under today's rules version, checking that nothing but the event
shape changed.

    PYTHONPATH=. python -m saves.rerecord saves/hkk/games/*.hkk

For each save: its recorded actions are submitted again, in order, under a copy of its header
that names today's rules version (same seed, decks, options, pinned cards; sealed anew). The
save is replaced only if every entry's action was accepted, the result is the same, the state
after every entry equals the state the old record rebuilds to, and the readable events are
the same once the bookkeeping events a rules version folds away are set aside. Otherwise it
says why and leaves the file alone (exit status 1).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import msgspec

from engine.core import registry
from engine.core import store as S
from engine.core.game import Game, IllegalAction
from engine.core.log import sealed

_ENC = msgspec.msgpack.Encoder()


def readable(ruleset_name: str, events: tuple) -> list:
    """The events a reader sees (as the log and the debugger unfold them), with the
    bookkeeping a rules version may fold set aside and the folded fields cleared, so that an
    old and a new record of the same game compare equal."""
    if ruleset_name != "hkk":
        return [e for e in events if type(e).__name__ != "Advanced"]
    from engine.hkk import events as E

    out = []
    for e in E.unfold(events):
        if isinstance(e, (E.Advanced, E.CardsPlayedCounted, E.AbilityUsed)):
            continue
        if isinstance(e, (E.LinePushed, E.GuardMoved, E.AttackWithdrawn)) and e.used:
            e = msgspec.structs.replace(e, used="")
        if isinstance(e, E.LinePushed) and e.counted:
            e = msgspec.structs.replace(e, counted=False)
        if isinstance(e, E.TurnBegan) and e.quiet_rounds >= 0:
            e = msgspec.structs.replace(e, quiet_rounds=-1)
        out.append(e)
    return out


def rerecord(path: Path) -> str:
    """Re-record one save in place; returns "" or why it was left alone."""
    loaded = S.load(path)
    if loaded.damaged:
        return f"damaged: {loaded.problem}"
    old_header = loaded.header
    plugin = registry.get(old_header.ruleset)
    today = plugin.ruleset_for(old_header)
    target = today.version
    if target == old_header.ruleset_version:
        return "already recorded under today's rules"
    header = sealed(msgspec.structs.replace(old_header, ruleset_version=target))
    folder = Path(tempfile.mkdtemp(prefix="rerecord-"))
    tmp = folder / path.name
    writer = S.SaveWriter.create(tmp, header, fsync=False)
    try:
        game = Game.new(today, header, writer=writer)
        old_state = today.initial_state(old_header)
        problem = ""
        for n, entry in enumerate(loaded.entries):
            if n:
                try:
                    game.submit(entry.player, entry.action)
                except IllegalAction as exc:
                    problem = f"entry {n}: refused by today's rules ({exc})"
                    break
            for ev in entry.events:
                today.apply(old_state, ev)
            new = game.entries[n]
            if new.action != entry.action or new.player != entry.player:
                problem = f"entry {n}: another action"
            elif readable(header.ruleset, new.events) != readable(header.ruleset,
                                                                    entry.events):
                problem = f"entry {n}: other readable events"
            elif _ENC.encode(old_state) != _ENC.encode(game.state):
                problem = f"entry {n}: another state"
            if problem:
                break
        if not problem and len(game.entries) != len(loaded.entries):
            problem = "another number of entries"
    finally:
        writer.close()
    if not problem:
        shutil.copyfile(tmp, path)
    shutil.rmtree(folder)
    return problem


def main(argv: list[str]) -> int:
    failed = 0
    for name in argv:
        why = rerecord(Path(name))
        print(f"{name}: {why or 're-recorded'}")
        failed += bool(why) and why != "already recorded under today's rules"
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
