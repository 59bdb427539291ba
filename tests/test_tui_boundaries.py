"""The front end's seams (ARCHITECTURE "Rulesets are plugins", STYLE "The client renders views
only"): the generic shell in ``hkk_tui/`` never imports a ruleset's engine package (only
``hkk_tui/rulesets/<name>/`` imports ``engine.<name>``), and nothing in it reads a game's full
state except the replay and the debugger's explicit omniscient view."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUI = ROOT / "hkk_tui"

#: Modules of the command line, owned by the CLI work (issue 10 item 3); they still import HKK
#: directly and move to the registry there. Nothing else may.
NOT_YET: set[str] = set()

#: Headless commands (sim, bench, record, watch) run whole bot games in-process and ask the
#: ruleset for the result and summary of the true state; they show no seat anything.
HEADLESS = {"hkk_tui/cli.py", "hkk_tui/bench.py"}

#: The one place the app holds a full state: the replay (its panes show ``ruleset.view`` of it
#: for the chosen viewer, its debugger inspects it omnisciently, on purpose).
OMNISCIENT_READERS = {"hkk_tui/screens/replay.py"}


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out += [(node.lineno, node.module)]
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


def _engine_rulesets() -> set[str]:
    return {p.name for p in (ROOT / "engine").iterdir()
            if p.is_dir() and p.name not in ("core", "ai", "net", "__pycache__")}


#: a UI folder bears its ruleset's registry name; the engine package of M.A.G.U.S. (``mk``) is
#: ``engine/magus``
ENGINE_PACKAGE = {"mk": "magus"}


def test_only_a_rulesets_own_ui_imports_its_engine_package():
    rulesets = _engine_rulesets()
    assert "hkk" in rulesets
    uis = {p.name for p in (TUI / "rulesets").iterdir() if p.is_dir() and p.name != "__pycache__"}
    bad = []
    for p in sorted(TUI.rglob("*.py")):
        rel = _rel(p)
        if rel in NOT_YET:
            continue
        parts = p.relative_to(TUI).parts
        own = parts[1] if parts[0] == "rulesets" and len(parts) > 2 else None
        own_engine = ENGINE_PACKAGE.get(own, own) if own else None
        for line, name in _imports(ast.parse(p.read_text(), rel)):
            bits = name.split(".")
            if len(bits) >= 2 and bits[0] == "engine" and bits[1] in rulesets and \
                    bits[1] != own_engine:
                bad.append(f"{rel}:{line} imports {name}")
            if len(bits) >= 3 and bits[:2] == ["hkk_tui", "rulesets"] and bits[2] in uis and \
                    own is None:
                bad.append(f"{rel}:{line} imports a ruleset's UI ({name}); use get_ui(name)")
    assert not bad, "\n".join(bad)


def test_the_generic_shell_reads_no_full_state():
    """``game.state`` (and the ``.state`` of a Game) is read only by the engine calls of the
    session (``ruleset.view``, ``result``, ``legal_actions``) and by the replay."""
    pattern = re.compile(r"\bgame\.state\b|\bstate\.(cards|players|line|tasks|triggers|combat)\b")
    allowed_session = re.compile(
        r"ruleset\.(view|result)\(self\.game\.state")
    bad = []
    for p in sorted(TUI.rglob("*.py")):
        rel = _rel(p)
        if rel in NOT_YET or rel in OMNISCIENT_READERS or rel in HEADLESS:
            continue
        for n, line in enumerate(p.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if pattern.search(code) and not allowed_session.search(code):
                bad.append(f"{rel}:{n}: {line.strip()}")
    assert not bad, "the client renders views only:\n" + "\n".join(bad)


def test_the_replay_reads_state_only_for_its_views_and_the_inspector():
    text = (TUI / "screens" / "replay.py").read_text()
    reads = [line.strip() for line in text.splitlines()
             if re.search(r"\br\.state\b|replay\.state\b", line.split("#", 1)[0])]
    allowed = ("ruleset.view(r.state", "summary(r.state", "inspect(self.replay.state")
    assert reads and all(any(a in line for a in allowed) for line in reads), reads


def test_the_core_and_the_generic_bots_import_no_ruleset():
    """engine/core and engine/ai work for every ruleset through the registry and the protocol:
    none of their modules imports a ruleset's package (ARCHITECTURE "Rulesets are plugins")."""
    rulesets = _engine_rulesets()
    bad = []
    for folder in ("core", "ai"):
        for p in sorted((ROOT / "engine" / folder).rglob("*.py")):
            for line, name in _imports(ast.parse(p.read_text(), _rel(p))):
                bits = name.split(".")
                if len(bits) >= 2 and bits[0] == "engine" and bits[1] in rulesets:
                    bad.append(f"{_rel(p)}:{line} imports {name}")
    assert not bad, "\n".join(bad)
