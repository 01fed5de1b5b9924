"""Plain statements on a game's rows, run one of two ways with the same SQL.

The services' plain-row reads and writes (a game's rows, recording a round, saving a team's
count) are written against ``Statements``, which runs a SQLAlchemy Core statement with the
values it binds:

- ``session_statements()``: on the connection of the request's ORM session, inside its
  transaction. For a write that also changes objects the ORM loaded (a league's results,
  when a game ends), or that began with ``locking.begin_write``.
- ``first_row()``: one read on a pooled driver connection, outside any transaction: the
  version a kept page or a live poll asks of every request.
- ``driver_transaction()``: a transaction of its own on a pooled driver connection.
  SQLAlchemy still compiles each statement (once) and converts each value by its column's
  type exactly as it would, but none of the session's and the connection's bookkeeping runs:
  that costs more than the statements themselves (0.1 ms a statement, 0.3 ms to begin and
  commit, against 0.01 ms for SQLite to run one). Recording a round, the write a table makes
  most, goes this way.

Errors from the driver are raised as SQLAlchemy's own (``IntegrityError``, a locked
database's ``OperationalError``), so the callers' handling is the same either way.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from sqlalchemy import Dialect, Engine
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Executable
from sqlalchemy.sql.compiler import SQLCompiler

from handfoot_score.extensions import db

Values = Mapping[str, Any]


class Statements(Protocol):
    """Runs statements in one transaction."""

    @property
    def dialect_name(self) -> str:
        """The database's kind: ``sqlite`` or ``postgresql``."""

    def rows(self, statement: Executable, values: Values) -> Sequence[Any]:
        """The rows a SELECT (or a statement RETURNING columns) reads; each row's columns by
        name, as SQLAlchemy's rows give them."""

    def run(self, statement: Executable, values: Values | Sequence[Values]) -> None:
        """Run an INSERT, UPDATE or DELETE, once for each mapping of values if given several."""


class SessionStatements:
    """Statements on the ORM session's connection, in the session's transaction."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.dialect_name = connection.dialect.name

    def rows(self, statement: Executable, values: Values) -> Sequence[Any]:
        return self.connection.execute(statement, dict(values)).all()

    def run(self, statement: Executable, values: Values | Sequence[Values]) -> None:
        if isinstance(values, Mapping):
            self.connection.execute(statement, dict(values))
        else:
            self.connection.execute(statement, [dict(each) for each in values])


def session_statements() -> SessionStatements:
    """Statements in the request's session transaction (begun, if need be, as a read)."""
    return SessionStatements(db.session.connection())


@dataclass(frozen=True)
class _Prepared:
    """A statement compiled for one database, with what converts its values and its rows."""

    sql: str
    compiled: SQLCompiler
    #: The bound values' names in the order the driver takes them; None if it takes names.
    order: tuple[str, ...] | None
    converters: tuple[tuple[str, Callable[[Any], Any]], ...]
    columns: tuple[Callable[[Any], Any] | None, ...]
    #: The rows' class (a named tuple of the columns), None for a statement reading none.
    row: Any

    def bound(self, values: Values) -> Any:
        """The values as the driver takes them: every bound name's (a constant in the
        statement's own), converted by its column's type."""
        bound = self.compiled.construct_params(dict(values))
        for name, convert in self.converters:
            bound[name] = convert(bound[name])
        return bound if self.order is None else tuple(bound[name] for name in self.order)

    def read(self, rows: Sequence[Sequence[Any]]) -> list[Any]:
        """The rows as the statement's columns' types read them."""
        assert self.row is not None
        columns, make = self.columns, self.row._make
        if not any(columns):
            return [make(row) for row in rows]
        return [make(value if convert is None else convert(value)
                     for convert, value in zip(columns, row)) for row in rows]


@lru_cache(maxsize=128)
def _prepared(statement: Executable, dialect: Dialect) -> _Prepared:
    compiled = statement.compile(dialect=dialect)  # type: ignore[attr-defined]
    assert isinstance(compiled, SQLCompiler)
    # One converter a name: a name bound twice (a moment set in two columns) is one value.
    converters = tuple({
        name: convert for bind, name in compiled.bind_names.items()
        if (convert := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
    }.items())
    # The columns a SELECT reads or an INSERT returns, named as SQLAlchemy's rows name them.
    selected = getattr(statement, "exported_columns", None)
    columns = tuple(column.type.dialect_impl(dialect).result_processor(dialect, None)
                    for column in selected or ())
    row = namedtuple("Row", list(selected.keys()), rename=True) if selected else None
    order = tuple(compiled.positiontup or ()) if compiled.positional else None
    return _Prepared(str(compiled), compiled, order, converters, columns, row)


class DriverStatements:
    """Statements on a driver connection, in the transaction ``driver_transaction`` began."""

    def __init__(self, connection: Any, dialect: Dialect) -> None:
        self.connection = connection
        self.dialect = dialect
        self.dialect_name = dialect.name

    def rows(self, statement: Executable, values: Values) -> Sequence[Any]:
        prepared = _prepared(statement, self.dialect)
        bound = prepared.bound(values)
        with self._raised_as_sqlalchemy(prepared.sql, bound):
            cursor = self.connection.cursor()
            try:
                cursor.execute(prepared.sql, bound)
                return prepared.read(cursor.fetchall())
            finally:
                cursor.close()

    def run(self, statement: Executable, values: Values | Sequence[Values]) -> None:
        prepared = _prepared(statement, self.dialect)
        if isinstance(values, Mapping):
            bound, many = prepared.bound(values), False
        else:
            bound, many = [prepared.bound(each) for each in values], True
        with self._raised_as_sqlalchemy(prepared.sql, bound):
            cursor = self.connection.cursor()
            try:
                if many:
                    cursor.executemany(prepared.sql, bound)
                else:
                    cursor.execute(prepared.sql, bound)
            finally:
                cursor.close()

    def execute_sql(self, sql: str) -> None:
        """Run a statement with no values (``BEGIN IMMEDIATE``)."""
        with self._raised_as_sqlalchemy(sql, ()):
            cursor = self.connection.cursor()
            try:
                cursor.execute(sql)
            finally:
                cursor.close()

    def commit(self) -> None:
        """Commit the transaction."""
        with self._raised_as_sqlalchemy("COMMIT", ()):
            self.connection.commit()

    @contextmanager
    def _raised_as_sqlalchemy(self, sql: str, bound: Any) -> Iterator[None]:
        """The driver's errors raised as SQLAlchemy raises them for the same statement."""
        error_class = self.dialect.loaded_dbapi.Error
        try:
            yield
        except error_class as error:
            raise DBAPIError.instance(sql, bound, error, error_class,
                                      dialect=self.dialect) from error


def first_row(statement: Executable, values: Values) -> Any | None:
    """The first row ``statement`` reads, or None: one statement on a driver connection of
    the pool, given back at once, with no transaction begun around it (on SQLite the driver
    reads outside one; elsewhere giving the connection back ends it). For the small reads
    made on every request (a game's version): through the session it would take a BEGIN and
    a ROLLBACK as well, and ten times the time."""
    engine = db.engine
    connection = engine.raw_connection()
    try:
        rows = DriverStatements(connection.driver_connection, engine.dialect).rows(
            statement, values)
    finally:
        connection.close()
    return rows[0] if rows else None


@contextmanager
def driver_transaction(engine: Engine | None = None) -> Iterator[DriverStatements]:
    """A write transaction of its own on a pooled driver connection: on SQLite it begins with
    ``BEGIN IMMEDIATE`` (the write lock, as ``locking.begin_write`` takes it); committed if
    the block ends, rolled back if it raises.

    A transaction the request's session had open is ended first: with SQLite in memory the
    session and the pool share one connection, and on a file a read begun earlier would hold
    an old snapshot of what this write reads."""
    # A request that has not used its session yet (a round saved from its page) has none.
    if db.session.registry.has() and db.session().in_transaction():
        db.session.rollback()
    engine = engine or db.engine
    connection = engine.raw_connection()
    statements = DriverStatements(connection.driver_connection, engine.dialect)
    try:
        if engine.dialect.name == "sqlite":
            statements.execute_sql("BEGIN IMMEDIATE")
        yield statements
        statements.commit()
    except BaseException:
        try:
            connection.rollback()
        except Exception:
            connection.invalidate()  # a connection that cannot roll back is not used again
        raise
    finally:
        connection.close()
