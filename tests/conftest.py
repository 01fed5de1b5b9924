"""Fixtures shared by the app tests: an app with an empty database, and its clients.

The database is SQLite in memory, new for each test. The migrations run once, for the first
test's database; every later test's database starts as a copy of that one (SQLite's own
serialize and deserialize), which is much quicker than migrating again. With
``TEST_DATABASE_URL`` (or ``DATABASE_URL``) naming a database server, every test uses that
database instead: migrations bring it up to date when the first app starts, and each later
test begins with its tables emptied.

The suite runs on every core (pytest-xdist, ``-n auto`` in pyproject.toml). Each worker is a
process of its own, so SQLite in memory needs nothing more; on a database server each worker
gets a database of its own, the given one's name with the worker's id after it
(``handfoot_gw0``), made when the worker starts if it is not there yet.
"""

import os
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy.pool import NullPool
from werkzeug.test import TestResponse

from handfoot_score import PROJECT_ROOT, create_app
from handfoot_score.extensions import db
from handfoot_score.storage.database import is_in_memory
from tests.openapi_check import check_answer

#: The database the run was given, before each worker takes its own.
GIVEN_DATABASE_URL = (os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL")
                      or "sqlite://")
#: Where the browser tests keep a picture of every page (tests/browser/conftest.py).
SCREENSHOTS = PROJECT_ROOT / "test-artifacts" / "screenshots"


def worker_database(given: str, worker: str) -> str:
    """The database of one pytest-xdist worker on the given database's server, made if it
    is not there yet: the given name with the worker's id after it."""
    url = sa.make_url(given)
    name = f"{url.database}_{worker}"
    # CREATE DATABASE cannot run in a transaction; this engine is only for making it.
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with admin.connect() as connection:
            found = connection.execute(
                sa.text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name})
            if found.first() is None:
                quoted = connection.dialect.identifier_preparer.quote(name)
                connection.exec_driver_sql(f"CREATE DATABASE {quoted}")
    finally:
        admin.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


def uses_a_server(url: str) -> bool:
    """Whether a database URL names a database server rather than SQLite."""
    return sa.make_url(url).get_backend_name() != "sqlite"


WORKER = os.environ.get("PYTEST_XDIST_WORKER")
if WORKER and uses_a_server(GIVEN_DATABASE_URL):
    DATABASE_URL = worker_database(GIVEN_DATABASE_URL, WORKER)
else:
    DATABASE_URL = GIVEN_DATABASE_URL

TEST_CONFIG = {
    "TESTING": True,
    "SQLALCHEMY_DATABASE_URI": DATABASE_URL,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
}


def uses_database_server() -> bool:
    """Whether the tests run on a database server rather than SQLite."""
    return uses_a_server(DATABASE_URL)


#: The rules engine's tests: the engine imports no database (tests/engine/test_purity.py).
ENGINE_TESTS = PROJECT_ROOT / "tests" / "engine"


def runs_on_one_database(item: pytest.Item) -> bool:
    """Whether a test's outcome cannot depend on the database: the engine's tests, and the
    modules marked ``pytestmark = pytest.mark.one_database``."""
    return item.path.is_relative_to(ENGINE_TESTS) or \
        item.get_closest_marker("one_database") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a database server, run only the tests whose outcome the database can change: every
    test but those ``runs_on_one_database`` says are the same on any database, which the
    run on SQLite has run. A module is run on both unless it is marked, so a new module
    costs the second pass time, never its coverage."""
    if not uses_database_server():
        return
    once = [item for item in items if runs_on_one_database(item)]
    if once:
        config.hook.pytest_deselected(items=once)
        items[:] = [item for item in items if not runs_on_one_database(item)]


def pytest_configure(config: pytest.Config) -> None:
    """Empty this database's screenshot folder once per run, before any worker starts, so
    it holds this run's pictures only and no worker deletes another's."""
    if not hasattr(config, "workerinput"):
        backend = sa.make_url(GIVEN_DATABASE_URL).get_backend_name()
        shutil.rmtree(SCREENSHOTS / backend, ignore_errors=True)


if uses_database_server():
    # Tests make apps of their own too; without a pool, none of them leaves a connection
    # open for the garbage collector to find.
    TEST_CONFIG["SQLALCHEMY_ENGINE_OPTIONS"] = {"poolclass": NullPool}


#: How long emptying a database server's tables waits for a connection an earlier test left
#: in a transaction (a server it started, still stopping; a thread not yet ended) before it
#: ends that connection: TRUNCATE waits for every other transaction on its tables, and
#: without a limit one such leftover holds the whole run.
LEFTOVER_WAIT = "10s"


def empty_tables(app: Flask) -> None:
    """Delete every row of the app's tables (not Alembic's), restarting their ids."""
    tables = db.metadata.sorted_tables
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            with db.engine.begin() as connection:
                for table in reversed(tables):
                    connection.execute(table.delete())
            return
        quote = db.engine.dialect.identifier_preparer.format_table
        truncate = f"TRUNCATE {', '.join(quote(t) for t in tables)} RESTART IDENTITY CASCADE"
        try:
            _truncate_waiting_at_most(truncate)
        except sa.exc.OperationalError:
            end_leftover_connections()
            _truncate_waiting_at_most(truncate)


def _truncate_waiting_at_most(truncate: str) -> None:
    with db.engine.begin() as connection:
        connection.exec_driver_sql(f"SET LOCAL lock_timeout = '{LEFTOVER_WAIT}'")
        connection.exec_driver_sql(truncate)


def end_leftover_connections() -> None:
    """End every other connection to this test database, saying on stderr what each was
    doing, so the test that left it can be found."""
    with db.engine.connect() as connection:
        leftovers = connection.execute(sa.text(
            "SELECT pid, state, left(query, 200) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()")).all()
        for pid, state, query in leftovers:
            print(f"\nended a connection an earlier test left open ({state}): {query}",
                  file=sys.stderr)
            connection.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})


class MigratedOnce:
    """The database the migrations made for the first test, for every later test to start
    from: an in-memory SQLite database's bytes, or a database server's tables."""

    def __init__(self) -> None:
        self.migrated = False
        self.sqlite_bytes: bytes | None = None

    def new_app(self) -> Flask:
        """An app on an empty, migrated database."""
        if not self.migrated:
            app = create_app(TEST_CONFIG)
            self.migrated = True
            if self.in_memory():
                with app.app_context(), self.sqlite() as connection:
                    self.sqlite_bytes = connection.serialize()
            else:
                empty_tables(app)
            return app
        app = create_app({**TEST_CONFIG, "AUTO_MIGRATE": False})
        if self.in_memory():
            assert self.sqlite_bytes is not None
            with app.app_context(), self.sqlite() as connection:
                connection.deserialize(self.sqlite_bytes)
        else:
            empty_tables(app)
        return app

    @staticmethod
    def in_memory() -> bool:
        return is_in_memory(sa.make_url(DATABASE_URL))

    @staticmethod
    @contextmanager
    def sqlite() -> Iterator[sqlite3.Connection]:
        """The one connection an in-memory SQLite database lives in (its pool keeps one)."""
        pooled = db.engine.raw_connection()
        try:
            assert isinstance(pooled.driver_connection, sqlite3.Connection)
            yield pooled.driver_connection
        finally:
            pooled.close()


MIGRATED = MigratedOnce()

#: The cost the tests hash edit codes at: scrypt still, salted and checked by werkzeug's
#: ``check_password_hash`` as the app checks every code, with N = 2**10 rather than
#: werkzeug's 2**15. At werkzeug's cost each hash and each check of a code takes about 0.1 s
#: of a core, and the suite makes and checks thousands (every protected league, every code
#: the fuzz tests send), a third of its time; the cost is no part of what any test checks.
TEST_HASH_METHOD = "scrypt:1024:8:1"


@pytest.fixture(scope="session", autouse=True)
def quicker_edit_code_hashes() -> Iterator[None]:
    """Edit codes hashed at ``TEST_HASH_METHOD`` in this process (servers that tests start
    in processes of their own hash at the app's cost)."""
    from werkzeug.security import generate_password_hash

    from handfoot_score.services import edit_codes

    assert edit_codes.generate_password_hash is generate_password_hash, \
        "the app no longer hashes edit codes with werkzeug's generate_password_hash"

    def quicker(password: str) -> str:
        return generate_password_hash(password, method=TEST_HASH_METHOD)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(edit_codes, "generate_password_hash", quicker)
        yield


@pytest.fixture
def app() -> Iterator[Flask]:
    """An app configured for tests, with an empty database."""
    app = MIGRATED.new_app()
    app.test_client_class = WholeAnswers
    yield app
    # Give a server's connections back now rather than whenever the garbage collector runs.
    with app.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()


class WholeAnswers(FlaskClient):
    """The test client reading every answer whole and closing it, as a server does: a
    streamed answer (a league's report, export, standings file) holds its process's
    heavy-read slot until it is closed. A test that reads a stream piece by piece asks for
    it with ``buffered=False``."""

    def open(self, *args: Any, buffered: bool = True, **kwargs: Any) -> TestResponse:
        answer = super().open(*args, buffered=buffered, **kwargs)
        # Every JSON API answer as the API's description says (tests/openapi_check.py); a
        # stream read piece by piece is the test's to read.
        if buffered:
            check_answer(answer)
        return answer


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's command-line commands."""
    return app.test_cli_runner()


@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement the app's engine sends, as it sends it."""
    sent: list[str] = []
    with app.app_context():
        engine = db.engine

    def note(connection: object, cursor: object, statement: str, *args: object) -> None:
        sent.append(statement)

    sa.event.listen(engine, "before_cursor_execute", note)
    yield sent
    sa.event.remove(engine, "before_cursor_execute", note)
