"""The app's own sentences about refusals, undo, saves and locks, in Hungarian or English.

Ruleset-independent: a refusal (:class:`~engine.core.game.IllegalAction`) is told from its key in
the ruleset's catalog (then the app's), with the rule it cites; the engine's own sentence is the
fallback for a key no catalog knows yet.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from engine.core.game import IllegalAction
from hkk_tui.i18n import t, tr


def describe_illegal(exc: IllegalAction, lang: str, ns: str = "") -> str:
    """The engine's refusal in ``lang``, with the rule's number; the engine's own English sentence
    is the fallback for a key the catalogs do not know yet (``ns``: the ruleset's namespace)."""
    key = f"illegal.{exc.key}" if exc.key else ""
    text = tr(ns, key, lang, **exc.params) if key else "⟨⟩"
    if text.startswith("⟨"):
        text = exc.message
    return f"{text} ({exc.rule})" if exc.rule else text


# ---------------------------------------------------------------------- saves and undo in words
def describe_undo_refused(exc: Any, lang: str) -> str:
    """An :class:`~engine.core.game.UndoRefused` in ``lang`` (its key names the reason: nothing,
    hidden, chance, final, not_yours, no_redo, redo_damaged; the ruleset's rule is added); the engine's sentence is the fallback."""
    key = f"undo.{exc.key}" if getattr(exc, "key", "") else ""
    text = t(key, lang) if key else "⟨⟩"
    if text.startswith("⟨"):
        return t("undo.refused", lang, reason=str(exc))
    rule = getattr(exc, "rule", "")
    return f"{text[:-1]} ({rule})." if rule and text.endswith(".") else text


def describe_write_error(exc: Any, lang: str, what: str = "move") -> str:
    """A :class:`~engine.core.store.SaveWriteError` in ``lang``: the disk is full (or the write
    failed), so the move (``what``: move, undo, ai) was not made and what to do next."""
    key = "disk_full" if getattr(exc, "key", "") == "disk_full" else "write_failed"
    os_error = getattr(exc, "os_error", None)
    detail = (os_error.strerror or str(os_error)) if os_error is not None else str(exc)
    return t(f"save.{key}_{what}", lang, error=detail)


def describe_holder(holder: Any, lang: str) -> str:
    """Who holds a save open (a :class:`~engine.core.store.LockHolder`, or None) as a phrase:
    "hkk process 4711 on box since 2026-11-23 20:31"."""
    if holder is None or not holder.pid:
        return t("locked.someone", lang)
    since = holder.since
    try:
        since = _dt.datetime.fromisoformat(since).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        pass
    host = holder.host or t("locked.this_machine", lang)
    if since:
        return t("locked.holder_since", lang, pid=holder.pid, host=host, since=since)
    return t("locked.holder", lang, pid=holder.pid, host=host)


#: Stable words of the engine's damage sentences (engine.core.store, engine.core.sessions) and
#: the catalog reason each one stands for.
_DAMAGE_WORDS = (("disagrees with the rules", "rules"), ("is damaged at entry", "rules"),
                 ("half-written", "torn"), ("checksum", "checksum"), ("cannot use", "unreadable"))


def damage_reason(problem: str, lang: str) -> str:
    """Why part of a save was left out, in ``lang``, from the engine's sentence."""
    key = next((k for word, k in _DAMAGE_WORDS if word in problem), "other")
    return t(f"damage.{key}", lang)


def describe_recovery(problem: str, name: str, kept: int, backup: Any, lang: str) -> str:
    """What loading a save repaired: which entry was damaged and why, how many entries were
    kept, where the original is (``problem`` is the engine's sentence, ``kept`` the entries
    left, ``backup`` the copy of the original or None)."""
    backup_name = getattr(backup, "name", "") or "?"
    if "upgraded" in problem and "damaged" not in backup_name:
        return t("save.upgraded", lang, name=name, backup=backup_name)
    return t("save.recovered", lang, name=name, entry=kept + 1, n=kept,
             why=damage_reason(problem, lang), backup=backup_name)


def describe_replay_note(note: str, name: str, shown: int, lang: str) -> str:
    """Why a replay opened read-only ends early (``note`` from ``open_read_only``)."""
    return t("replay.cut", lang, name=name, entry=shown + 1, n=shown,
             why=damage_reason(note, lang))
