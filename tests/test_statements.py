"""Plain statements run on a driver connection (``statements.driver_transaction``) read and
write exactly what the same statements do in the ORM session, lock the game as a session's
write does, and leave nothing behind when they fail."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from handfoot_score.extensions import db
from handfoot_score.models import Round
from handfoot_score.services import games, tally_parts
from handfoot_score.services.games.reads import locked_rows
from handfoot_score.services.games.records import state_of as state_of_rows
from handfoot_score.services.games.rounds import _ADD_ROUND, add_round
from handfoot_score.services.games.rows import game_rows
from handfoot_score.services.tallies import read_entered, read_entered_tally
from handfoot_score.statements import DriverStatements, driver_transaction
from tests.conftest import uses_database_server
from tests.game_pages import QUIET, record, start_game
from tests.game_rows import stored

#: Two teams' counts of a round, with cards melded and left, books and red threes.
COUNTED_TALLIES = [{"melded": {"jokers": 2, "aces": 4, "eight_to_king": 30},
            "books": {"clean": 1, "dirty": 1}, "red_threes_down": 2},
           {"melded": {"four_to_seven": 12}, "left": {"aces": 3}, "red_threes_left": 1}]


def a_game_with_everything(app: Flask) -> str:
    """A game with two rounds recorded, a book tapped and a team's count saved."""
    game_id = start_game(app, teams=[{"name": "Us", "players": ["Ann", "Bo"]},
                                     {"name": "Them", "players": ["Cy"]}])
    record(app, game_id, *COUNTED_TALLIES)
    record(app, game_id, QUIET, QUIET)
    with app.app_context():
        games.tap_book(game_id, 1, "clean", 1)
        tally_parts.save_part(game_id, 3, 0, read_entered_tally(COUNTED_TALLIES[0], 0), 0)
    return game_id


def test_a_game_reads_the_same_both_ways(app: Flask) -> None:
    game_id = a_game_with_everything(app)
    with app.app_context():
        in_session = game_rows(game_id)
        db.session.remove()
        with driver_transaction() as statements:
            by_driver = game_rows(game_id, statements)
            assert game_rows("no such game", statements) is None
    assert in_session is not None and by_driver == in_session
    assert len(by_driver.rounds) == 2 and by_driver.parts and by_driver.teams[1].books_data
    assert by_driver.updated_at is not None and by_driver.rules.name


def test_a_round_is_stored_the_same_both_ways(app: Flask) -> None:
    by_driver, in_session = start_game(app), start_game(app)
    for game_id in (by_driver, in_session):
        with app.app_context():
            games.tap_book(game_id, 0, "dirty", 1)
            tally_parts.save_part(game_id, 1, 1, read_entered_tally(COUNTED_TALLIES[1], 1), 0)
    tallies = read_entered(COUNTED_TALLIES)
    with app.app_context():
        with driver_transaction() as statements:
            rows = locked_rows(by_driver, statements)
            left_driver = add_round(rows, state_of_rows(rows), tallies, "key", statements)
        rows = locked_rows(in_session)
        left_session = add_round(rows, state_of_rows(rows), tallies, "key")
        db.session.commit()
        for game_id, left in ((by_driver, left_driver), (in_session, left_session)):
            read = game_rows(game_id)
            assert read is not None and left.updated_at is not None
            assert replace(read, updated_at=None) == replace(left, updated_at=None), \
                "the rows as the write says it left them"
            moment = left.updated_at
            if read.updated_at is not None and read.updated_at.tzinfo is None:
                moment = moment.replace(tzinfo=None)  # SQLite keeps no time zone, only UTC
            assert read.updated_at == moment
    driver_rows, session_rows = stored(app, by_driver), stored(app, in_session)
    assert driver_rows.pop("updated_at") != session_rows.pop("updated_at")
    assert driver_rows == session_rows
    assert driver_rows["books"] == [{}, {}] and driver_rows["parts"] == []
    assert driver_rows["rounds"] == [(1, 1, "key")]


def test_a_write_that_fails_leaves_nothing_and_raises_as_sqlalchemy_does(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        version = games.get_game(game_id).version
        db.session.remove()
        with pytest.raises(RuntimeError), driver_transaction() as statements:
            rows = locked_rows(game_id, statements)
            add_round(rows, state_of_rows(rows), read_entered(COUNTED_TALLIES), None, statements)
            raise RuntimeError("the request failed after the round was written")
        assert games.get_game(game_id).version == version
        assert db.session.scalars(select(Round)).all() == []
        values = {"game_id": game_id, "number": 1, "request_key": None,
                  "moment": games.get_game(game_id).updated_at}
        db.session.remove()
        with pytest.raises(IntegrityError), driver_transaction() as statements:
            statements.rows(_ADD_ROUND, values)
            statements.rows(_ADD_ROUND, values)
        assert db.session.scalars(select(Round)).all() == []


@pytest.fixture
def driver_sql(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement a driver transaction runs, its SQL as the driver gets it."""
    sent: list[str] = []

    def noted(method: Any) -> Any:
        def run(self: DriverStatements, statement: Any, *args: Any) -> Any:
            sent.append(statement if isinstance(statement, str) else
                        str(statement.compile(dialect=self.dialect)))
            return method(self, statement, *args)
        return run

    for name in ("rows", "run", "execute_sql"):
        monkeypatch.setattr(DriverStatements, name, noted(getattr(DriverStatements, name)))
    yield sent


def test_recording_a_round_locks_the_game_before_it_reads_it(
        app: Flask, driver_sql: list[str]) -> None:
    game_id = start_game(app)
    record(app, game_id, *COUNTED_TALLIES)
    lock = "FOR UPDATE" if uses_database_server() else "BEGIN IMMEDIATE"
    assert lock in driver_sql[0]
    assert "FROM games" in driver_sql[1] and "INSERT INTO rounds" in driver_sql[3]


def test_the_last_round_is_recorded_in_the_session(app: Flask, driver_sql: list[str]) -> None:
    game_id = start_game(app)
    for _ in range(3):
        record(app, game_id, QUIET, QUIET)
    rounds_by_driver = sum("INSERT INTO rounds" in sql for sql in driver_sql)
    state = record(app, game_id, *COUNTED_TALLIES)
    assert state.finished and len(state.rounds) == 4
    assert rounds_by_driver == 3
    assert sum("INSERT INTO rounds" in sql for sql in driver_sql) == 3
