"""The HKK engine's modules import each other at module level only, and without a cycle.

An import hidden inside a function is how a cycle gets dodged; this test reads the sources with
``ast`` (nothing is imported), so it sees both.
"""

from __future__ import annotations

import ast
from pathlib import Path

import engine.hkk

PACKAGE = "engine.hkk"
ROOT = Path(engine.hkk.__file__).parent
MODULES = {f"{PACKAGE}.{p.stem}": p for p in sorted(ROOT.glob("*.py")) if p.stem != "__init__"}


def _targets(node: ast.Import | ast.ImportFrom, module: str) -> list[str]:
    """The engine.hkk modules an import statement names."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:                                   # relative: from . import x
            parent = module.rsplit(".", node.level)[0]
            base = f"{parent}.{base}" if base else parent
        # "from engine.hkk import actions" names a module; "from engine.hkk.play import x" too
        names = [f"{base}.{alias.name}" for alias in node.names] + [base]
    return sorted({n for n in names if n in MODULES})


def _imports(module: str) -> tuple[set[str], list[tuple[int, str]]]:
    """(module-level engine.hkk imports, function- or class-level ones as (line, module))."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    top: set[str] = set()
    nested: list[tuple[int, str]] = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in _targets(child, module):
                    if inside:
                        nested.append((child.lineno, target))
                    else:
                        top.add(target)
            scope = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                       ast.Lambda))
            walk(child, inside or scope)

    walk(tree, False)
    top.discard(module)
    return top, nested


GRAPH = {m: _imports(m) for m in MODULES}


def test_no_function_level_imports_of_engine_hkk() -> None:
    nested = {m: found for m, (_, found) in GRAPH.items() if found}
    assert not nested, f"import these at module level instead: {nested}"


def test_module_imports_are_acyclic() -> None:
    """No cycle among the imports (the nested ones counted too, should any come back)."""
    edges = {m: top | {target for _, target in nested} for m, (top, nested) in GRAPH.items()}
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            cycle = path[path.index(module):] + [module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        path.append(module)
        for target in sorted(edges[module] - {module}):
            visit(target)
        path.pop()
        done.add(module)

    for module in MODULES:
        visit(module)


def test_the_graph_sees_imports() -> None:
    """Guard against a parser that finds nothing: the ruleset does import the decisions."""
    assert f"{PACKAGE}.decisions" in GRAPH[f"{PACKAGE}.ruleset"][0]
    assert f"{PACKAGE}.actions" in GRAPH[f"{PACKAGE}.decisions"][0]
