"""Old import path, kept for ``hkk watch`` (hkk_tui/cli.py): HKK's event words moved to
:mod:`hkk_tui.rulesets.hkk.describe`, the app's own sentences to :mod:`hkk_tui.words`.
Remove once cli.py imports them from there."""

from __future__ import annotations

from hkk_tui.rulesets.hkk.describe import (  # noqa: F401
    Namer, describe_action, describe_event, event_line, is_bookkeeping, target_words,
)
from hkk_tui.words import (  # noqa: F401
    damage_reason, describe_holder, describe_illegal, describe_recovery, describe_replay_note,
    describe_undo_refused, describe_write_error,
)
