"""No import circle in the package: a lower layer never reaches up into one that imports it.

Every ``import`` in ``handfoot_score/**/*.py`` is read from the syntax tree (relative imports
resolved, imports inside functions counted too, since they run as surely as the others),
and importing ``a.b.c`` counts as importing the package ``a.b`` as well, as Python does
(unless the importer lies in ``a.b`` itself). Two kinds of import never run with the
module and are left out: those under ``if TYPE_CHECKING:`` (for mypy only) and those in a
module's ``__getattr__`` (PEP 562: the package root loads ``create_app`` only when it is
asked for, so the engine needs no Flask)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from handfoot_score import PROJECT_ROOT

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

PACKAGE = "handfoot_score"

def module_names() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found = {}
    for path in (PROJECT_ROOT / PACKAGE).rglob("*.py"):
        parts = list(path.relative_to(PROJECT_ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def running(tree: ast.Module) -> ast.Module:
    """The module without what never runs when it is imported: ``if TYPE_CHECKING:`` blocks
    and the module's own ``__getattr__``."""
    tree.body = [node for node in tree.body if not (
        isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        or isinstance(node, ast.FunctionDef) and node.name == "__getattr__")]
    return tree


def imported_by(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports, with the packages each one lies in."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(running(ast.parse(path.read_text(encoding="utf-8")))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")[:len(here.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from package import name`` imports the submodule ``name`` when there is one.
            targets.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules
                           else base for alias in node.names)
    # The packages on the way in are loaded first, except those ``name`` itself lies in:
    # a package that gathers its own modules (``engine/__init__.py``) is no circle.
    passed = {".".join(target.split(".")[:end]) for target in targets
              for end in range(1, target.count(".") + 1)}
    inside = {".".join(name.split(".")[:end]) for end in range(1, name.count(".") + 1)}
    return (targets | passed - inside) & modules.keys() - {name}


def circles() -> list[list[str]]:
    """Each group of modules that import one another, round and round (Tarjan's strongly
    connected components of the import graph, leaving out lone modules)."""
    modules = module_names()
    graph = {name: imported_by(name, path, modules) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for target in sorted(graph[name]):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == name:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return groups


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = circles()
    assert not found, "\n".join(" <-> ".join(group) for group in found)


def test_the_walk_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    low = tmp_path / "low.py"
    low.write_text("def thing():\n    from .high import other\n")
    modules = {"handfoot_score.low": low, "handfoot_score.high": tmp_path / "high.py"}
    assert imported_by("handfoot_score.low", low, modules) == {"handfoot_score.high"}
