"""SQLite connection settings: enforce foreign keys, wait on locks, use write-ahead logging."""

from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import URL

BUSY_TIMEOUT_MS = 5000


def is_in_memory(url: URL) -> bool:
    """Return whether a SQLite URL names an in-memory database."""
    return url.database in (None, "", ":memory:") or url.query.get("mode") == "memory"


def enable_sqlite_pragmas(engine: Engine) -> None:
    """Set the pragmas on every new connection of a SQLite engine; leave other engines alone."""
    if engine.dialect.name != "sqlite":
        return
    # An in-memory database cannot use WAL; asking would only be ignored.
    use_wal = not is_in_memory(engine.url)

    @event.listens_for(engine, "connect")
    def set_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        if use_wal:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()
