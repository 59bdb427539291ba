"""Settings are replaced all at once: a failed write leaves the previous settings file as it was,
leaves no temporary file behind, and raises an error that says what happened."""

from __future__ import annotations

import errno
import os

import pytest

from hkk_tui.screens import settings_store as S
from hkk_tui.screens.settings_store import (
    Settings, SettingsWriteError, load_settings, save_settings,
)


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.toml"
    save_settings(Settings(lang="en", first_turn_draw=False, colour="16", ai_pace=0.3), path)
    assert load_settings(path) == Settings(lang="en", first_turn_draw=False, colour="16",
                                           ai_pace=0.3)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_settings_are_fsynced_before_they_replace_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.toml"
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(S.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(S.os, "replace",
                        lambda a, b: (events.append("replace"), real_replace(a, b))[1])
    save_settings(Settings(lang="en"), path)
    assert events == ["fsync", "replace", "fsync"]      # file, rename, then the folder


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_a_failed_write_keeps_the_old_settings_and_leaves_no_temp_file(tmp_path, monkeypatch,
                                                                       failing):
    path = tmp_path / "settings.toml"
    save_settings(Settings(lang="en", ai_pace=1.5), path)
    before = path.read_bytes()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, f):
                self.f = f

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

            def write(self, data):
                disk_full()

        monkeypatch.setattr(S.os, "fdopen", lambda fd, mode: Full(real_fdopen(fd, mode)))
    else:
        monkeypatch.setattr(S.os, failing, disk_full)

    with pytest.raises(SettingsWriteError) as info:
        save_settings(Settings(lang="hu", ai_pace=0.0), path)

    assert path.read_bytes() == before
    assert load_settings(path) == Settings(lang="en", ai_pace=1.5)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
    message = str(info.value)
    assert str(path) in message and "No space left on device" in message
    assert "previous settings were kept" in message
    assert isinstance(info.value, OSError)             # callers catching OSError still do
