"""What a phone polls to see what other phones entered: the game's version, read cheaply
while nothing changed, and a short summary when it did.

Every write raises ``Game.version`` in the database, so this works with any number of server
processes and on PostgreSQL alike. Each read runs in the request's session, whose transaction
ends with the request: a page left open on a phone holds nothing in the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, select

from handfoot_score.extensions import db
from handfoot_score.storage.database import SINGLE_READ
from handfoot_score.storage.models import Game

from . import games
from .games import GameNotFound, TeamCount


@dataclass(frozen=True)
class Pulse:
    """A game's version with what the pages show live: books tapped, counts saved."""

    version: int
    status: str
    current_round: int | None
    rounds: int
    books: tuple[dict[str, int], ...]
    counting: tuple[TeamCount, ...]


#: Built once: the statement that reads a game's version (every page of a game asks first).
_VERSION = select(Game.__table__.c.version).where(Game.__table__.c.id == bindparam("game_id"))


def game_version(game_id: str) -> int:
    """The game's version (GameNotFound if there is no such game): one small query, the
    cheapest way to know whether what a kept page shows is still the game.

    Read in the request's transaction (begun for it if need be), so a page read after it
    is read from the same snapshot: its ETag names the version it shows, even if a write
    was committed meanwhile."""
    version: int | None = db.session.scalar(_VERSION, {"game_id": game_id})
    if version is None:
        raise GameNotFound(game_id)
    return version


def polled_version(game_id: str) -> int:
    """The game's version as a phone's poll asks for it, many times a second; GameNotFound
    if there is no such game.

    Asked outside a transaction, it is one statement by the primary key and nothing more:
    no transaction begun for it on SQLite, and the connection given back at once, so what is
    read after it (the game, when it changed) is read in a transaction of its own, and
    answered with the version that transaction read. Inside one (a write, or a read begun
    as one snapshot), it is read there, and sees what that transaction sees."""
    session = db.session()
    if session.in_transaction():
        return game_version(game_id)
    session.connection(execution_options={SINGLE_READ: True})
    try:
        return game_version(game_id)
    finally:
        session.rollback()


def pulse(game_id: str) -> Pulse:
    """The game's version and live summary; raises GameNotFound."""
    try:
        state = games.get_game(game_id)
    finally:
        db.session.close()
    return Pulse(
        version=state.version,
        status=state.status,
        current_round=state.current_round,
        rounds=len(state.rounds),
        books=tuple(books.as_counts() for books in state.books),
        counting=state.counting,
    )
