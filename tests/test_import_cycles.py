"""No module of the project imports itself back, through any chain: counting the imports made for the type
checker only and those made inside functions, which a cycle of the top-level ones would merely hide."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).parents[1] / "src"
PACKAGE = SRC / "dominohall"


def module_name(path: Path) -> str:
    """The dotted name of a module file (a package's ``__init__.py`` is the package)."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(name: str, path: Path) -> set[str]:
    """The project's modules that module ``name`` imports, anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names)
    return {module for module in found if module in MODULES and module != name}


def cycles() -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan's algorithm), each sorted."""
    graph = {name: imported(name, path) for name, path in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return groups


def test_the_reader_finds_a_known_import() -> None:
    assert "dominohall.tables.fairness" in imported("dominohall.tables.state", MODULES["dominohall.tables.state"])


def test_no_module_imports_itself_back() -> None:
    assert cycles() == []
