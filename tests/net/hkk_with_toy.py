"""``hkk`` with the test-only Toy Grid ruleset and its UI registered (for real-process tests):
``python tests/net/hkk_with_toy.py connect SOCKET --as alice``."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.core import registry  # noqa: E402
from hkk_tui.cli import main  # noqa: E402
from hkk_tui.rulesets import register_ui  # noqa: E402
from tests import toy_ruleset  # noqa: E402
from tests.tui.toy_ui import ToyUI  # noqa: E402

if __name__ == "__main__":
    registry.names()
    registry.register(toy_ruleset.PLUGIN)
    register_ui(ToyUI())
    sys.exit(main(sys.argv[1:]))
