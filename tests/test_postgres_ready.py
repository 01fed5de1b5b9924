"""PostgreSQL: the migrations build the schema from nothing, keep a game across an upgrade,
and undo cleanly, on a database of their own. The rest of the suite checks the app on
PostgreSQL when it runs with DATABASE_URL set (see docs/code/tests.md)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import flask_migrate
import pytest
import sqlalchemy as sa
from flask import Flask
from sqlalchemy.pool import NullPool

from handfoot_score import MIGRATIONS, PROJECT_ROOT, create_app
from handfoot_score.extensions import db
from handfoot_score.services import games
from tests.conftest import DATABASE_URL, MIGRATED, uses_database_server
from tests.test_migrations import _store_game_as_0001_did as store_game_as_0001_did

pytestmark = pytest.mark.skipif(
    not uses_database_server(),
    reason="PostgreSQL only: set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL "
           "database, e.g. DATABASE_URL=$(.ci/start-postgres /tmp/handfoot-pg) as root",
)

@pytest.fixture
def fresh_url() -> Iterator[str]:
    """A new, empty database on the same server, dropped afterwards."""
    server = sa.make_url(DATABASE_URL)
    name = f"handfoot_migrations_{secrets.token_hex(4)}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    yield server.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.dispose()


def app_on(url: str, **extra: object):  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url,
                       "SQLALCHEMY_ENGINE_OPTIONS": {"poolclass": NullPool}, **extra})


def test_the_migrations_upgrade_a_first_schema_with_its_games(fresh_url: str) -> None:
    old = app_on(fresh_url, AUTO_MIGRATE=False)
    with old.app_context():
        flask_migrate.upgrade(directory=MIGRATIONS, revision="0001")
        game_id = store_game_as_0001_did(db.engine)
        db.session.remove()
    with app_on(fresh_url).app_context():
        assert games.get_game(game_id).teams[1].players == ("Cy", "Di")
        version = db.session.execute(sa.text("SELECT version_num FROM alembic_version"))
        assert version.scalar() == _head()


def test_the_migrations_go_down_to_nothing_and_up_again(fresh_url: str) -> None:
    app = app_on(fresh_url)
    with app.app_context():
        flask_migrate.downgrade(directory=MIGRATIONS, revision="base")
        assert sa.inspect(db.engine).get_table_names() == ["alembic_version"]
        flask_migrate.upgrade(directory=MIGRATIONS)
        tables = set(sa.inspect(db.engine).get_table_names())
    assert tables == {table.name for table in db.metadata.sorted_tables} | {"alembic_version"}


#: Server processes started at the same moment on a new database, as a club's two might be.
PROCESSES_AT_ONCE = 3
#: A process that has loaded the app's code, waits for a line, then starts the app.
START_WHEN_TOLD = "import sys, handfoot_score; sys.stdin.readline(); handfoot_score.create_app()"


def test_processes_started_together_on_a_new_database_each_start_with_it_built_once(
        fresh_url: str, tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": fresh_url, "HANDFOOT_INSTANCE_PATH": str(tmp_path)}
    starting = [subprocess.Popen([sys.executable, "-c", START_WHEN_TOLD], cwd=PROJECT_ROOT,
                                 env=env, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
                for _ in range(PROCESSES_AT_ONCE)]
    for process in starting:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        process.stdin.flush()
    told = [process.communicate(timeout=120)[1] for process in starting]
    failures = [said.decode(errors="replace")[-2000:]
                for process, said in zip(starting, told) if process.returncode != 0]
    assert not failures, "\n\n".join(failures)
    with app_on(fresh_url, AUTO_MIGRATE=False).app_context():
        version = db.session.execute(sa.text("SELECT version_num FROM alembic_version"))
        assert version.scalars().all() == [_head()]


def test_the_suite_runs_on_postgresql(app) -> None:  # type: ignore[no-untyped-def]
    with app.app_context():
        assert db.engine.dialect.name == "postgresql"
        assert db.session.execute(sa.text("SHOW server_encoding")).scalar() == "UTF8"


def _head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return ScriptDirectory.from_config(config).get_current_head() or ""


def test_a_transaction_an_earlier_test_left_open_does_not_hold_the_next_test(
        app: Flask, capfd: pytest.CaptureFixture[str]) -> None:
    """A connection left inside a transaction on a table (as a server a test started may
    leave it while it stops) is ended after the wait, and the next test's tables are emptied:
    before, TRUNCATE waited for it without end and held CI until its time ran out."""
    leftover = sa.create_engine(DATABASE_URL, poolclass=NullPool).connect()
    leftover.exec_driver_sql("SELECT count(*) FROM games")  # holds its lock until rollback
    try:
        next_app = MIGRATED.new_app()
        with next_app.app_context():
            assert db.session.execute(sa.text("SELECT count(*) FROM games")).scalar() == 0
            db.session.remove()
        assert "ended a connection an earlier test left open (idle in transaction): " \
               "SELECT count(*) FROM games" in capfd.readouterr().err
        with pytest.raises(sa.exc.OperationalError):
            leftover.exec_driver_sql("SELECT 1")
    finally:
        leftover.invalidate()
        leftover.close()
