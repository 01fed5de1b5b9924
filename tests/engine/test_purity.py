"""The rules engine imports nothing but the standard library, and nothing of the app."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "handfoot_score" / "engine"
SOURCES = sorted(ENGINE.glob("*.py"))
MODULES = sorted(path.stem for path in SOURCES if path.stem != "__init__")


def _imports(path: Path) -> list[tuple[int, str]]:
    """(relative level, module) of every import statement in one file."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


def test_the_checks_below_see_every_engine_module() -> None:
    assert {"cards", "checks", "errors", "going_out", "melds", "presets", "rules", "rules_json",
            "scoring", "tally"} <= set(MODULES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_absolute_imports_are_standard_library(path: Path) -> None:
    outside = [name for level, name in _imports(path)
               if level == 0 and name.split(".")[0] not in sys.stdlib_module_names]
    assert outside == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_relative_imports_stay_inside_the_engine(path: Path) -> None:
    leaving = [(level, name) for level, name in _imports(path)
               if level > 1 or (level == 1 and name.split(".")[0] not in MODULES)]
    assert leaving == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_import_by_name_at_run_time(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not ({"__import__", "import_module"} & (names | attributes))


# Loads handfoot_score/engine as a top-level package named "engine", so that
# handfoot_score/__init__.py (which imports Flask) never runs, with site-packages
# off the path (-S): an import of anything outside the standard library would fail.
LOAD_ALONE = """
import importlib, importlib.util, json, sys
path = sys.argv[1]
spec = importlib.util.spec_from_file_location(
    "engine", path + "/__init__.py", submodule_search_locations=[path])
engine = importlib.util.module_from_spec(spec)
sys.modules["engine"] = engine
spec.loader.exec_module(engine)
for name in sys.argv[2:]:
    importlib.import_module("engine." + name)
print(json.dumps(sorted(sys.modules)))
"""


def test_the_engine_loads_with_only_the_standard_library() -> None:
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", LOAD_ALONE, str(ENGINE), *MODULES],
        capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    loaded = {name.split(".")[0] for name in json.loads(result.stdout)}
    assert "engine" in loaded
    assert loaded - set(sys.stdlib_module_names) - {"__main__", "engine"} == set()
    assert not loaded & {"flask", "werkzeug", "jinja2", "sqlalchemy", "flask_sqlalchemy",
                         "flask_wtf", "flask_migrate", "alembic", "handfoot_score"}


def test_the_engine_package_exports_what_it_lists() -> None:
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         LOAD_ALONE.replace("print(json.dumps(sorted(sys.modules)))",
                            "print(json.dumps(sorted(n for n in engine.__all__ "
                            "if not hasattr(engine, n))))"),
         str(ENGINE)],
        capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []


# The command issue #12 names: importing the engine through its package loads neither
# Flask nor the database (the package's ``__init__`` loads the app only when asked).
IMPORT_THROUGH_PACKAGE = "import sys, handfoot_score.engine; assert 'flask' not in sys.modules"
HEAVY = ("flask", "werkzeug", "jinja2", "sqlalchemy", "flask_sqlalchemy", "flask_wtf",
         "flask_migrate", "alembic")


def test_importing_the_engine_through_the_package_loads_no_framework() -> None:
    listing = "; import json; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_THROUGH_PACKAGE + listing],
        capture_output=True, text=True, check=False, timeout=60,
        cwd=ENGINE.parents[1])
    assert result.returncode == 0, result.stderr
    loaded = {name.split(".")[0] for name in json.loads(result.stdout)}
    assert "handfoot_score" in loaded
    assert not loaded & set(HEAVY)
    assert {"handfoot_score.application", "handfoot_score.web", "handfoot_score.services",
            "handfoot_score.api"}.isdisjoint(json.loads(result.stdout))


def test_the_issue_command_passes_as_written() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_THROUGH_PACKAGE],
        capture_output=True, text=True, check=False, timeout=60, cwd=ENGINE.parents[1])
    assert result.returncode == 0, result.stderr
