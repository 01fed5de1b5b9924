"""How the app's transactions begin. SQLite connection settings: enforce foreign keys, wait
on locks, use write-ahead logging, and begin write transactions with BEGIN IMMEDIATE. On
every database, a transaction that reads sees one snapshot (``begin_snapshot``)."""

from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session

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


#: Marks a connection whose transaction will write: on SQLite it begins with BEGIN IMMEDIATE.
WRITE = "handfoot_write"
#: Marks a connection that sends one SELECT and ends: on SQLite it begins no transaction,
#: the statement is one on its own (a live poll's version, asked many times a second).
SINGLE_READ = "handfoot_single_read"


def begin_sqlite_transactions(engine: Engine) -> None:
    """Let SQLAlchemy, not the driver, begin every SQLite transaction: ``BEGIN`` for reads and
    ``BEGIN IMMEDIATE`` for a connection given the ``WRITE`` execution option, which takes the
    write lock before anything is read, so two writers can never both read and then write;
    none for a connection given ``SINGLE_READ``, whose one statement needs none.

    This is SQLAlchemy's recipe for pysqlite ("Serializable isolation / Savepoints /
    Transactional DDL"); other engines are left alone.
    """
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def leave_begin_to_us(dbapi_connection: Any, connection_record: Any) -> None:
        # The driver's own BEGIN comes only before the first write: too late to lock.
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        options = connection.get_execution_options()
        if options.get(SINGLE_READ, False):
            return
        connection.exec_driver_sql("BEGIN IMMEDIATE" if options.get(WRITE, False) else "BEGIN")


def begin_snapshot(session: Session) -> None:
    """Begin the session's transaction as one snapshot of the database, so that what it reads
    in several statements (a game's row, then its rounds) is never half of a write committed
    in between. A session already in a transaction is left as it is.

    On PostgreSQL the transaction is begun now, at REPEATABLE READ: at READ COMMITTED, the
    default, each statement sees what was committed before it began. SQLite needs nothing:
    its transaction, begun at the first read (``BEGIN``, above), reads one snapshot until
    it ends (in write-ahead logging; in memory, writers wait for it), and a poll's one
    statement (``SINGLE_READ``) still begins none.

    Only reads begin so: a write begins its own transaction, at READ COMMITTED
    (``services/locking.py``), since it waits for a lock and must then read what the writer
    before it committed, where REPEATABLE READ would refuse it.
    """
    if session.get_bind().dialect.name == "postgresql" and not session.in_transaction():
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
