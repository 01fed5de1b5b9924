"""Settings from the environment, the instance folder, and SQLite connection pragmas."""

import doctest
import os
import sqlite3
import stat
from pathlib import Path

import flask_migrate
import pytest
from sqlalchemy import Engine, make_url

from handfoot_score import MIGRATIONS, config, create_app
from handfoot_score.config import database_uri, public_url
from handfoot_score.extensions import db
from handfoot_score.storage.database import is_in_memory


@pytest.fixture
def instance(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty environment whose instance folder is a fresh temporary path."""
    folder = tmp_path / "instance"
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("AUTO_MIGRATE", raising=False)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.setenv("HANDFOOT_INSTANCE_PATH", str(folder))
    return folder


def pragma(engine: Engine, name: str) -> object:
    """Return the value of a SQLite pragma on a new connection."""
    with engine.connect() as connection:
        return connection.exec_driver_sql(f"PRAGMA {name}").scalar()


def test_default_database_is_a_sqlite_file_in_the_instance_folder(instance: Path) -> None:
    app = create_app()
    assert app.instance_path == str(instance)
    assert instance.is_dir()
    expected = f"sqlite:///{instance / 'handfoot_score.sqlite'}"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == expected


def test_database_url_is_honoured(instance: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{instance.parent / 'elsewhere.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    assert create_app().config["SQLALCHEMY_DATABASE_URI"] == url


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://kate:pw@db.example/hand", "postgresql://kate:pw@db.example/hand"),
        ("postgresql://kate:pw@db.example/hand", "postgresql://kate:pw@db.example/hand"),
        ("sqlite:////srv/hand.sqlite", "sqlite:////srv/hand.sqlite"),
    ],
)
def test_database_url_scheme(url: str, expected: str) -> None:
    assert database_uri({"DATABASE_URL": url}, "/unused") == expected


def test_passed_config_wins_over_the_environment(
    instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://kate:pw@db.example/hand")
    monkeypatch.setenv("SECRET_KEY", "from-environment")
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "passed"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite://"
    assert app.config["SECRET_KEY"] == "passed"
    assert not instance.exists()


def test_secret_key_from_the_environment_is_not_written(
    instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-environment")
    assert create_app().config["SECRET_KEY"] == "from-environment"
    assert not (instance / "secret_key").exists()


def test_generated_secret_key_survives_a_restart(instance: Path) -> None:
    first = create_app().config["SECRET_KEY"]
    second = create_app().config["SECRET_KEY"]
    key_file = instance / "secret_key"
    assert first == second
    assert len(first) == 64
    assert key_file.read_text() == first
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600


def test_requests_are_limited_to_one_mebibyte(instance: Path) -> None:
    assert create_app().config["MAX_CONTENT_LENGTH"] == 1024 * 1024


def test_sqlite_file_database_pragmas(instance: Path) -> None:
    app = create_app()
    with app.app_context():
        assert pragma(db.engine, "foreign_keys") == 1
        assert pragma(db.engine, "busy_timeout") == 5000
        assert pragma(db.engine, "journal_mode") == "wal"
        db.engine.dispose()


def test_sqlite_in_memory_database_pragmas() -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"})
    with app.app_context():
        assert pragma(db.engine, "foreign_keys") == 1
        assert pragma(db.engine, "busy_timeout") == 5000
        assert pragma(db.engine, "journal_mode") == "memory"


@pytest.mark.parametrize(
    ("url", "in_memory"),
    [
        ("sqlite://", True),
        ("sqlite:///:memory:", True),
        ("sqlite:///file:scores?mode=memory&uri=true", True),
        ("sqlite:////srv/hand.sqlite", False),
        ("sqlite:///hand.sqlite", False),
    ],
)
def test_is_in_memory(url: str, in_memory: bool) -> None:
    assert is_in_memory(make_url(url)) is in_memory


def table_names(database: Path) -> set[str]:
    """The tables in a SQLite file, read without the app."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows}


def test_start_up_creates_the_database(instance: Path) -> None:
    app = create_app()
    assert app.config["AUTO_MIGRATE"] is True
    with app.app_context():
        db.engine.dispose()
    assert {"games", "alembic_version"} <= table_names(instance / "handfoot_score.sqlite")


@pytest.mark.parametrize("word", ["false", "False", "0", "no", "off"])
def test_auto_migrate_false_leaves_the_database_alone(
        instance: Path, monkeypatch: pytest.MonkeyPatch, word: str) -> None:
    monkeypatch.setenv("AUTO_MIGRATE", word)
    app = create_app()
    assert app.config["AUTO_MIGRATE"] is False
    with app.app_context():
        db.engine.dispose()
    assert table_names(instance / "handfoot_score.sqlite") == set()


def test_auto_migrate_false_keeps_an_old_schema_as_it_is(
        instance: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = instance / "handfoot_score.sqlite"
    with create_app().app_context():
        flask_migrate.downgrade(directory=MIGRATIONS, revision="0003")
        db.engine.dispose()
    monkeypatch.setenv("AUTO_MIGRATE", "false")
    with create_app().app_context():
        db.engine.dispose()
    with sqlite3.connect(database) as connection:
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        assert versions == [("0003",)]


def test_auto_migrate_must_say_true_or_false(
        instance: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTO_MIGRATE", "later")
    with pytest.raises(ValueError, match="AUTO_MIGRATE must be true or false, not 'later'"):
        create_app()


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://cards.example.org", "https://cards.example.org"),
        ("https://cards.example.org/", "https://cards.example.org"),
        (" http://192.168.1.20:8000/ ", "http://192.168.1.20:8000"),
        ("", None),
    ],
)
def test_public_url(given: str, expected: str | None) -> None:
    assert public_url({"PUBLIC_URL": given}) == expected


@pytest.mark.parametrize("given", ["cards.example.org", "ftp://cards.example.org",
                                   "https://cards.example.org/hand", "https://", "https://x.org/?a=1"])
def test_public_url_must_be_a_scheme_and_a_host(given: str) -> None:
    with pytest.raises(ValueError, match="PUBLIC_URL must be an address such as"):
        public_url({"PUBLIC_URL": given})


def test_public_url_is_read_from_the_environment(
        instance: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUBLIC_URL", "https://cards.example.org/")
    assert create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
                      ).config["PUBLIC_URL"] == "https://cards.example.org"


def test_config_doctests_pass() -> None:
    assert doctest.testmod(config).failed == 0
