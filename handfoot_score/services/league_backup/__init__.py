"""A league as one JSON document, and back: its rules, roster, games, rounds and every tally
as entered, and for a game in play its live state: each team's book taps and the counts
teams saved of the round being played.

Importing checks the document's league, rules and roster first, then reads and stores its
games in chunks of ``CHUNK_GAMES``, each chunk in a transaction of its own, so a big import
holds the write lock for a moment at a time and keeps only one chunk's games in memory. One
import runs at a time (``league_imports`` marks it: a second gets ImportUnderWay, 503); the
league it builds is incomplete, so shown nowhere, until its last chunk is stored. A running
import also holds a lock that dies with its process (``holding_the_import_slot``), so a mark
left by a process killed halfway is known for what it is at once, and the next import
deletes what it left. A second import is refused before its document is read
(``one_restore_at_a_time``: a look at that slot, and within one server process a lock taken
without waiting), so imports sent at once never hold more than one document in memory, and
between its chunks an import pauses as long as the chunk held the database, so the tables
playing meanwhile get their turn. A game that cannot be imported stops the storing, the rest
is read for its problems (up to MAX_PROBLEMS), and everything stored of the league is
deleted again: a broken document changes nothing. Every round is scored again with the
engine (a document cannot plant a score). Exporting the imported league gives back the same
document.

``document`` holds the format and its limits, ``reading`` reads a document, ``restoring``
rebuilds one game of it, ``exporting`` writes one a chunk of games at a time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from itertools import islice

from sqlalchemy import delete, select, text
from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import Problem
from handfoot_score.extensions import db
from handfoot_score.storage.models import (
    Game,
    League,
    LeagueGame,
    LeagueImport,
    LeaguePlayer,
    Season,
    SeasonGame,
)

from .. import leagues
from ..locking import begin_write, write_transaction
from ..typed_in import unstorable_strings
from .document import (
    FORMAT,
    MAX_DOCUMENT_BYTES,
    MAX_GAMES,
    MAX_PROBLEMS,
    MAX_ROSTER_PLAYERS,
    MAX_RULE_SETS,
    VERSION,
    ImportUnderWay,
    InvalidBackup,
)
from .exporting import LeagueExport, export_league, league_export
from .reading import DocumentReader, TooManyProblems

__all__ = [
    "CHUNK_GAMES", "FORMAT", "IMPORT_SLOT", "MAX_DOCUMENT_BYTES", "MAX_GAMES", "MAX_ROSTER_PLAYERS",
    "MAX_PROBLEMS", "MAX_RULE_SETS", "VERSION", "ImportUnderWay", "InvalidBackup",
    "LeagueExport", "export_league", "holding_the_import_slot", "import_league",
    "league_export", "one_restore_at_a_time",
]

#: Held while this server process reads and stores a league document.
_RESTORING = threading.Lock()
#: The shortest pause between two chunks of an import.
SHORTEST_PAUSE_SECONDS = 0.005

#: Games stored per transaction: a chunk is written in a tenth of a second or so, so a game's
#: own write never waits long for an import.
CHUNK_GAMES = 10
IMPORT_SLOT = 1
#: The key of the PostgreSQL advisory lock a running import holds, on a connection of its own:
#: the server lets it go the moment that connection dies, with its process.
IMPORT_LOCK = int.from_bytes(b"hfimport")
#: The same on SQLite, which one process serves: held by the thread importing in it.
_IMPORTING = threading.Lock()


@contextmanager
def one_restore_at_a_time() -> Iterator[None]:
    """Hold this server process's one restore while the block reads and imports a document;
    raises ImportUnderWay at once, before anything is read, while another runs here or in
    another process (its slot in ``league_imports`` is taken, and its process alive). Two
    processes that both find the slot free read their documents, and the second is refused
    when it claims it."""
    if not _RESTORING.acquire(blocking=False):
        raise ImportUnderWay()
    try:
        taken = db.session.get(LeagueImport, IMPORT_SLOT) is not None
        db.session.rollback()  # a read: the import begins its own transactions
        if taken:
            with holding_the_import_slot():
                pass  # free: its import died with its process, and the next claim clears it
        yield
    finally:
        _RESTORING.release()


@contextmanager
def holding_the_import_slot() -> Iterator[None]:
    """Hold, while the block runs, the lock every running import holds, which dies with its
    process: on PostgreSQL an advisory lock on a connection of its own (several processes
    share the database, and the server frees the lock when the connection dies); on SQLite,
    which one process serves, a lock of this process. Raises ImportUnderWay while a live
    import holds it."""
    if db.engine.dialect.name != "postgresql":
        if not _IMPORTING.acquire(blocking=False):
            raise ImportUnderWay()
        try:
            yield
        finally:
            _IMPORTING.release()
        return
    with db.engine.connect() as connection:
        if not connection.scalar(text("SELECT pg_try_advisory_lock(:key)"),
                                 {"key": IMPORT_LOCK}):
            raise ImportUnderWay()
        connection.commit()  # the lock is the session's: it outlives this transaction
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": IMPORT_LOCK})
            connection.commit()


def import_league(document: object, *, edit_code: str | None = None) -> str:
    """Rebuild a league from its export, protected by ``edit_code`` if given; returns its id.

    Raises InvalidBackup listing what is wrong (up to MAX_PROBLEMS), having stored nothing,
    or ImportUnderWay while another import runs.
    """
    # A key or string no database stores (a lone surrogate, NUL) is refused before reading:
    # the reader's problems may quote a key, and such a key cannot even be written on a page.
    unstorable = [Problem(path, message)
                  for path, message in islice(unstorable_strings(document), MAX_PROBLEMS)]
    if unstorable:
        raise InvalidBackup(unstorable)
    reader = DocumentReader()
    try:
        league = reader.league(document, edit_code)
        if league is None or reader.problems:
            for _ in reader.games(CHUNK_GAMES):  # only to list their problems too
                pass
    except TooManyProblems:
        league = None
    if league is None or reader.problems:
        raise InvalidBackup(reader.problems[:MAX_PROBLEMS])
    with holding_the_import_slot():
        league_id = _claim_import(league)
        try:
            for chunk in reader.games(CHUNK_GAMES):
                if not reader.problems:
                    began = time.perf_counter()
                    _store_chunk(league_id, chunk)
                    # The tables' writes waiting for the database (SQLite's writer waits and
                    # tries again) and for the interpreter get their turn before the next one.
                    time.sleep(max(SHORTEST_PAUSE_SECONDS, time.perf_counter() - began))
        except TooManyProblems:
            pass
        except BaseException:
            _discard(league_id)
            raise
        if reader.problems:
            _discard(league_id)
            raise InvalidBackup(reader.problems[:MAX_PROBLEMS])
        _finish_import(league_id)
    return league_id


@write_transaction
def _claim_import(league: League) -> str:
    """Store the league and its roster, marked as being imported (the import slot held,
    ``holding_the_import_slot``); raises ImportUnderWay."""
    begin_write()
    running = db.session.get(LeagueImport, IMPORT_SLOT)
    if running is not None:
        # Every live import holds the lock we hold: this one died with its process.
        abandoned = running.league_id
        db.session.rollback()
        _discard(abandoned)
        begin_write()
    db.session.add(league)
    try:
        db.session.flush()
        db.session.add(LeagueImport(slot=IMPORT_SLOT, league_id=league.id))
        db.session.commit()
    except IntegrityError:
        # Another import took the slot between our look and our write (PostgreSQL).
        db.session.rollback()
        raise ImportUnderWay() from None
    return league.id


@write_transaction
def _store_chunk(league_id: str, chunk: Sequence[tuple[Game, int | None]]) -> None:
    """Store a chunk of read games in the league being imported, each in its season, in one
    short transaction."""
    begin_write()
    league = db.session.get(League, league_id)
    running = db.session.get(LeagueImport, IMPORT_SLOT)
    if league is None or running is None or running.league_id != league_id:
        raise ImportUnderWay()  # taken over, its process thought dead: this import is over
    season_ids = [each.id for each in league.seasons]
    for game, season in chunk:
        leagues.seat_players(league, game)
        if season is not None:
            db.session.add(SeasonGame(game=game, season_id=season_ids[season]))
    running.touched_at = datetime.now(UTC)
    db.session.commit()


@write_transaction
def _finish_import(league_id: str) -> None:
    """Mark the league complete: from now on it is shown like any other."""
    begin_write()
    db.session.execute(delete(LeagueImport).where(LeagueImport.league_id == league_id))
    db.session.commit()


def _discard(league_id: str) -> None:
    """Delete everything stored of an unfinished import, a chunk of games at a time."""
    while _discard_chunk(league_id):
        pass


@write_transaction
def _discard_chunk(league_id: str) -> bool:
    """Delete some of the league's games, or, once none is left, the league; True while
    there is more to do."""
    begin_write()
    game_ids = db.session.scalars(select(LeagueGame.game_id).where(
        LeagueGame.league_id == league_id).limit(CHUNK_GAMES * 4)).all()
    if game_ids:
        # Teams, players, rounds, tallies and league records go with them (ON DELETE CASCADE).
        db.session.execute(delete(Game).where(Game.id.in_(game_ids)))
    else:
        db.session.execute(delete(LeagueImport).where(LeagueImport.league_id == league_id))
        db.session.execute(delete(LeaguePlayer).where(LeaguePlayer.league_id == league_id))
        db.session.execute(delete(Season).where(Season.league_id == league_id))
        db.session.execute(delete(League).where(League.id == league_id))
    db.session.commit()
    return bool(game_ids)

