"""User settings (language, first-turn draw, colour mode, AI pace, the Hard AI's think time) in a
small TOML file.

The file lives under the platformdirs config directory, or ``$HKK_DATA_DIR`` when set (tests).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from engine.core.store import replace_file
from hkk_tui.ai_levels import HARD_DEFAULT_S, valid_think

COLOUR_MODES = ("auto", "16", "mono")
PACES = (0.0, 0.3, 0.6, 1.5)


@dataclass
class Settings:
    lang: str = "hu"
    first_turn_draw: bool = True
    colour: str = "auto"
    ai_pace: float = 0.6     # seconds each opponent move stays on screen (0: no playback)
    think_s: float = 1.0     # the Hard AI's think time, seconds a move (0.1-10)

    def header_options(self) -> dict[str, object]:
        return {"first_turn_draw": self.first_turn_draw}


def settings_path() -> Path:
    base = os.environ.get("HKK_DATA_DIR")
    folder = Path(base) if base else Path(platformdirs.user_config_dir("hkk"))
    return folder / "settings.toml"


def load_settings(path: Path | None = None) -> Settings:
    p = path or settings_path()
    s = Settings()
    try:
        with open(p, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return s
    for f_ in fields(Settings):
        if f_.name in data and isinstance(data[f_.name], type(getattr(s, f_.name))):
            setattr(s, f_.name, data[f_.name])
        elif f_.name in ("ai_pace", "think_s") and isinstance(data.get(f_.name), int) \
                and not isinstance(data.get(f_.name), bool):
            setattr(s, f_.name, float(data[f_.name]))
    if s.lang not in ("hu", "en"):
        s.lang = "hu"
    if s.colour not in COLOUR_MODES:
        s.colour = "auto"
    if valid_think(s.think_s) is None:      # out of 0.1-10 s (a hand-edited file): the default
        s.think_s = HARD_DEFAULT_S
    return s


def save_settings(s: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically; raises :class:`SettingsWriteError` (an ``OSError``
    whose message says what failed) with the previous settings file left as it was."""
    p = path or settings_path()
    lines = []
    for k, v in asdict(s).items():
        if isinstance(v, bool):
            lines.append(f"{k} = {'true' if v else 'false'}")
        elif isinstance(v, (int, float)):
            lines.append(f"{k} = {v}")
        else:
            lines.append(f'{k} = "{v}"')
    try:
        replace_file(p, ("\n".join(lines) + "\n").encode("utf-8"))
    except OSError as exc:
        raise SettingsWriteError(p, exc) from exc
    return p


class SettingsWriteError(OSError):
    """The settings could not be written; the file on disk still holds the previous ones."""

    def __init__(self, path: Path, cause: OSError) -> None:
        why = cause.strerror or str(cause)
        super().__init__(cause.errno, f"The settings could not be saved to {path} ({why}); "
                                      f"the previous settings were kept.")
        self.path = path
        self.cause = cause

    def __str__(self) -> str:
        return str(self.strerror)
