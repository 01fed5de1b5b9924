"""Which tests run on PostgreSQL too. The run on PostgreSQL (the README's test command with
``DATABASE_URL`` set) runs every test but the engine's and those of the modules marked
``pytestmark = pytest.mark.one_database`` (tests/conftest.py). The mark says nothing in the
module can answer differently on another database; a module that checks the database
itself cannot say that, so a module with the mark may not reach for it: no SQLAlchemy, no
``db``, no tables, no rows compared, no statements counted, no asking which database runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from handfoot_score import PROJECT_ROOT
from tests.conftest import ENGINE_TESTS

TESTS = PROJECT_ROOT / "tests"
#: Modules a test of one database may not import, and names it may not import from ours.
DATABASE_MODULES = ("sqlalchemy", "flask_sqlalchemy", "psycopg", "sqlite3", "alembic",
                    "flask_migrate", "handfoot_score.extensions", "handfoot_score.storage",
                    "handfoot_score.services.locking")
DATABASE_NAMES = {"tests.conftest": {"DATABASE_URL", "GIVEN_DATABASE_URL", "MIGRATED",
                                     "empty_tables", "uses_database_server", "uses_a_server",
                                     "worker_database", "end_leftover_connections"},
                  "tests.site_map": {"database_rows"}}
#: Fixtures that look at the database (tests/conftest.py).
DATABASE_FIXTURES = {"statements"}


def is_marked_one_database(tree: ast.Module) -> bool:
    """Whether the module sets ``pytestmark`` to the mark, alone or in a list."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "pytestmark"
                for target in node.targets):
            return "pytest.mark.one_database" in ast.unparse(node.value)
    return False


def database_reaches(tree: ast.Module) -> list[str]:
    """What in a module looks at the database, one line each."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {alias.name}" for alias in node.names
                      if alias.name.startswith(DATABASE_MODULES)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(DATABASE_MODULES) or node.module == "handfoot_score" \
                    and any(alias.name == "extensions" for alias in node.names):
                found.append(f"line {node.lineno}: from {node.module} import ...")
            names = DATABASE_NAMES.get(node.module, set())
            found += [f"line {node.lineno}: {alias.name} from {node.module}"
                      for alias in node.names if alias.name in names]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found += [f"line {node.lineno}: {node.name} takes the {arg.arg} fixture"
                      for arg in node.args.args if arg.arg in DATABASE_FIXTURES]
    return found


def one_database_modules() -> list[Path]:
    """The test modules the run on PostgreSQL leaves out."""
    modules = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if path.is_relative_to(ENGINE_TESTS) or \
                is_marked_one_database(ast.parse(path.read_text(encoding="utf-8"))):
            modules.append(path)
    return modules


def test_the_modules_run_on_one_database_are_found() -> None:
    names = {path.relative_to(TESTS).as_posix() for path in one_database_modules()}
    assert {"engine/test_scoring.py", "test_api_score.py", "test_i18n.py"} <= names
    assert "test_statements.py" not in names and "test_migrations.py" not in names


@pytest.mark.parametrize("path", one_database_modules(), ids=lambda path: path.name)
def test_a_module_run_on_one_database_does_not_look_at_the_database(path: Path) -> None:
    reaches = database_reaches(ast.parse(path.read_text(encoding="utf-8")))
    assert not reaches, (
        f"{path.relative_to(PROJECT_ROOT)} checks the database ({'; '.join(reaches)}), so "
        "its outcome can depend on which database runs it: take off its one_database mark "
        "so that it runs on PostgreSQL too")


@pytest.mark.parametrize("source, marked, reaches", [
    ("import pytest\npytestmark = pytest.mark.one_database\n", True, 0),
    ("pytestmark = [pytest.mark.one_database, pytest.mark.timeout(5)]\n", True, 0),
    ("pytestmark = pytest.mark.skipif(True, reason='x')\n", False, 0),
    ("import sqlalchemy as sa\nfrom handfoot_score.extensions import db\n", False, 2),
    ("from handfoot_score import extensions\nfrom sqlalchemy.orm import Session\n", False, 2),
    ("from tests.conftest import TEST_CONFIG, uses_database_server\n", False, 1),
    ("from tests.site_map import addresses, database_rows\n", False, 1),
    ("def test_it(app, statements):\n    pass\n", False, 1),
    ("from tests.conftest import TEST_CONFIG\nfrom handfoot_score.services import games\n",
     False, 0),
])
def test_the_mark_and_what_looks_at_the_database_are_read(source: str, marked: bool,
                                                          reaches: int) -> None:
    tree = ast.parse(source)
    assert is_marked_one_database(tree) is marked
    assert len(database_reaches(tree)) == reaches
