"""Write transactions: one writer per game at a time, and a busy database answered, not crashed.

Every write runs in the request's session. A write to a game begins with ``lock_game``: on
SQLite its transaction begins with ``BEGIN IMMEDIATE`` (see ``storage/database.py``), on PostgreSQL
the game's row is locked with ``SELECT ... FOR UPDATE``; either way a second writer waits
for the first and then reads what the first one wrote, so neither can overwrite the other
unseen. A new game of a league locks the league's row the same way (``lock_league_row``)
before it reads the roster, which it may add players to. A write that still finds the
database locked after the driver's wait is tried again a few times, then refused with
``DatabaseBusy``: the pages and the API answer 503, "busy, try again", never 500.

A throttle's check of one client's misses, and the miss it records, are one such write too,
serialized per client by ``lock_client``, so a burst of guesses sent at once is counted one
by one and never lets through more than the throttle allows.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from sqlalchemy import String, bindparam, func, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.base import ExecutableOption

from handfoot_score.extensions import db
from handfoot_score.storage.database import WRITE
from handfoot_score.storage.models import Game, League

from .words import gettext

ATTEMPTS = 4
PAUSE_SECONDS = 0.05
#: PostgreSQL's codes for "try the transaction again": serialization failure, deadlock,
#: lock not available.
_RETRY_CODES = {"40001", "40P01", "55P03"}

P = ParamSpec("P")
T = TypeVar("T")


class DatabaseBusy(Exception):
    """The database stayed locked by other writers; nothing was saved (503)."""

    #: How long to wait before asking again, in seconds (the Retry-After of the 503).
    retry_after = 1

    def __init__(self, message: str | None = None) -> None:
        self.message = message or gettext("The scorekeeper is busy just now and saved "
                                          "nothing: please try again.")
        super().__init__(self.message)


def write_transaction(write: Callable[P, T]) -> Callable[P, T]:
    """Run a service function as one write transaction: rolled back on any error (so no lock
    outlives it), tried again while the database is locked, and refused with DatabaseBusy
    after ``ATTEMPTS`` tries."""

    @functools.wraps(write)
    def tried(*args: P.args, **kwargs: P.kwargs) -> T:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return write(*args, **kwargs)
            except DBAPIError as error:
                db.session.rollback()
                if not is_busy(error):
                    raise
                if attempt == ATTEMPTS:
                    raise DatabaseBusy() from error
                time.sleep(PAUSE_SECONDS * attempt)
            except BaseException:
                db.session.rollback()
                raise
        raise AssertionError("unreachable")

    return tried


def begin_write() -> None:
    """Begin this request's write transaction (on SQLite: take the write lock now).

    A read transaction the request had open is ended first: on SQLite a transaction that
    began as a read cannot take the write lock without failing at once when another writer
    got there first; on PostgreSQL it read one snapshot (``REPEATABLE READ``:
    ``storage/database.py``), while a write, which waits for a lock, must then see what the
    writer before it committed, so its transaction is the connection's default, ``READ
    COMMITTED``. Nothing is pending then: every write begins here.
    """
    session = db.session()
    if session.in_transaction():
        session.rollback()
    session.connection(execution_options={WRITE: True})


#: Built once: the statement that locks a league's row for a change to its roster. ``NO KEY
#: UPDATE``, not ``UPDATE``: rows that merely refer to the league (a finished game's results)
#: are still written meanwhile.
_LOCK_LEAGUE = (select(League.__table__.c.id)
                .where(League.__table__.c.id == bindparam("league_id"))
                .with_for_update(key_share=True))


def lock_league_row(league_id: str) -> None:
    """Lock the league's row in this request's write transaction (begun with ``begin_write``)
    until it ends, so a second writer of the league's roster waits for the first and then
    reads the players it added (on SQLite the transaction's write lock is the lock)."""
    if db.session.get_bind().dialect.name != "sqlite":
        db.session.execute(_LOCK_LEAGUE, {"league_id": league_id})


def lock_game(game_id: object, options: Sequence[ExecutableOption] = ()) -> Game | None:
    """Begin this request's write transaction and lock the game's row; the game, read after
    the lock, so it is what the writer before committed; None if there is no such game.

    On SQLite the transaction's write lock (``BEGIN IMMEDIATE``) is the lock; elsewhere the
    row is locked with ``SELECT ... FOR UPDATE`` (no row, no lock: there is no game to
    write). ``options`` load what the write reads along with the game (its rounds, say),
    once the lock is held: read in the statement that waited for the lock, joined rows would
    be those from before the other writer committed (PostgreSQL re-reads only the locked row).
    """
    begin_write()
    if not isinstance(game_id, str):
        return None
    if db.session.get_bind().dialect.name != "sqlite":
        db.session.execute(select(Game.id).where(Game.id == game_id).with_for_update())
    return reloaded(game_id, options)


#: Built once: the statement that takes PostgreSQL's lock on one key until the transaction
#: ends (a key is hashed to the lock's 64-bit number; two keys sharing one only wait longer).
_LOCK_KEY = select(func.pg_advisory_xact_lock(
    func.hashtextextended(bindparam("key", type_=String), 0)))


def lock_client(throttle: str, client: str | None) -> None:
    """Hold one client's count of misses at ``throttle`` until this write transaction ends,
    so a second check from the same client waits, then counts the miss this one records.

    Call it in a write transaction (``begin_write``) before counting. SQLite's write lock
    (``BEGIN IMMEDIATE``) already lets one writer at a time through; on PostgreSQL two
    transactions would count the same misses at once, so the client is locked by an advisory
    lock on its key (clients of other throttles, and other clients, do not wait).
    """
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(_LOCK_KEY, {"key": f"{throttle} {client}"})


def reloaded(game_id: str, options: Sequence[ExecutableOption] = ()) -> Game | None:
    """The game loaded through the ORM as this transaction sees it now, whatever the session
    held of it before, with what ``options`` load along with it; None if there is no such
    game."""
    query = (select(Game).where(Game.id == game_id).options(*options)
             .execution_options(populate_existing=True))
    return db.session.scalars(query).unique().one_or_none()


def is_busy(error: DBAPIError) -> bool:
    """Whether the database refused because other writers held it, so trying again helps."""
    original = error.orig
    code = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    if code in _RETRY_CODES:
        return True
    text = str(original).lower()
    return "database is locked" in text or "database table is locked" in text
