"""Every refusal the HKK engine can give, read from its code: the Kódex rule it cites, its
catalog key and its message.

A refusal is a call ``refuse(rule, message, key, **params)`` (:func:`engine.hkk.ctx.refuse`)
anywhere under ``engine/hkk``; the core's own refusals (``IllegalAction("", message, key)`` in
``engine/core``, before any rule runs) cite no rule. A rule given as an expression rather than a
literal is looked up in the tables it comes from (:data:`_RULE_TABLES`); one that is not listed
there is reported unresolved, so a new kind of citation is seen by the tests.

    PYTHONPATH=. python -m tests.refusal_table          # the table in Markdown
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _in_order(rules: set[str]) -> tuple[str, ...]:
    return tuple(sorted(rules, key=lambda r: tuple(int(n) for n in r[2:].split("."))))


def _kind_rules() -> tuple[str, ...]:
    from engine.hkk.decisions import KINDS
    return _in_order({k.rule for k in KINDS.values()})


def _card_field_rules() -> tuple[str, ...]:
    from engine.hkk.ruleset import _CARD_FIELD_RULES
    return _in_order({rule for fields in _CARD_FIELD_RULES.values() for _, rule, _ in fields})


_DECISION = "the pending decision's rule"
_FIELD = "the rule of what the action's card field names"

#: (module, function, expression) -> what the expression is, and the rules it can hold.
_RULE_TABLES = {
    ("decisions", "pass_", "self.rule"): (_DECISION, _kind_rules),
    ("decisions", "answer", "kind.rule"): (_DECISION, _kind_rules),
    ("decisions", "_misplaced", "kind.rule"): (_DECISION, _kind_rules),
    ("ruleset", "_naming_refusal", "rule"): (_FIELD, _card_field_rules),
}


@dataclass(frozen=True)
class Site:
    """One refusal in the code."""

    path: str                    # relative to the repository
    line: int
    function: str
    rule_expr: str               # the rule argument as written
    rules: tuple[str, ...]       # the rules it can cite (empty: unresolved, or the core's "")
    key: str
    message: str                 # f-string parts shown as {expression}
    params: tuple[str, ...]      # keyword parameters passed for the catalog's words

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line} ({self.function})"


def _placeholder(node: ast.expr) -> str:
    """A filled-in part of a message, named for a reader: ``{decider}`` for ``kind.decider``."""
    source = ast.unparse(node)
    if source.endswith(".asks"):
        return "{what the decision asks}"
    if isinstance(node, ast.Attribute):
        return "{" + node.attr + "}"
    return "{" + source + "}"


def _text(node: ast.expr) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant)
                       else _placeholder(part.value) for part in node.values)
    return _placeholder(node)


def _rules(node: ast.expr, module: str, function: str) -> tuple[str, ...]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.IfExp):
        return (_rules(node.body, module, function) + _rules(node.orelse, module, function))
    table = _RULE_TABLES.get((module, function, ast.unparse(node)))
    return table[1]() if table is not None else ()


def _rule_label(site: Site) -> str:
    module = Path(site.path).stem
    table = _RULE_TABLES.get((module, site.function, site.rule_expr))
    return table[0] if table is not None else ""


class _Finder(ast.NodeVisitor):
    def __init__(self, path: Path, core: bool):
        self.rel = str(path.relative_to(ROOT))
        self.module = path.stem
        self.core = core
        self.stack: list[str] = []
        self.found: list[Site] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef   # type: ignore[assignment]

    def visit_Call(self, node: ast.Call) -> None:
        name = getattr(node.func, "id", "")
        wanted = "IllegalAction" if self.core else "refuse"
        if name == wanted and len(node.args) >= 3:
            function = self.stack[-1] if self.stack else "<module>"
            rule, message, key = node.args[:3]
            self.found.append(Site(
                self.rel, node.lineno, function, ast.unparse(rule),
                () if self.core else _rules(rule, self.module, function),
                key.value if isinstance(key, ast.Constant) else ast.unparse(key),
                _text(message), tuple(k.arg for k in node.keywords if k.arg)))
        self.generic_visit(node)


def sites(core: bool = False) -> list[Site]:
    """Every ``refuse(...)`` under engine/hkk (``core``: every keyed IllegalAction of
    engine/core), in file and line order."""
    folder = ROOT / "engine" / ("core" if core else "hkk")
    out: list[Site] = []
    for path in sorted(folder.rglob("*.py")):
        finder = _Finder(path, core)
        finder.visit(ast.parse(path.read_text(encoding="utf-8")))
        out += finder.found
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown() -> str:
    """The refusal table in Markdown: citation, key, message, where."""
    rows = ["| Citation | Key | Message | Where |", "|---|---|---|---|"]
    for site in sites():
        rules = ", ".join(site.rules) if site.rules else f"? `{site.rule_expr}`"
        label = _rule_label(site)
        if label:
            rules = f"{label} ({rules})"
        rows.append(f"| {_cell(rules)} | `{site.key}` | {_cell(site.message)} | "
                    f"{site.path.removeprefix('engine/hkk/')}:{site.line} |")
    for site in sites(core=True):
        rows.append(f"| — (before the rules) | `{site.key}` | {_cell(site.message)} | "
                    f"{site.path.removeprefix('engine/')}:{site.line} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(markdown())
