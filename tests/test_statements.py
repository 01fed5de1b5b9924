"""What a round's write sends the database, in the request's session: it locks the game before
it reads it, stores what it reads back, leaves nothing when it fails, and answers a round
stored by another write meanwhile as the app answers a conflict."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, insert, select

from handfoot_score.engine.scoring import SCORE_PARTS
from handfoot_score.engine.tally import Tally
from handfoot_score.extensions import db
from handfoot_score.services import games, tally_parts
from handfoot_score.services.games import rounds, writes
from handfoot_score.services.tallies import read_entered, read_entered_tally
from handfoot_score.storage.models import Round, TallyRecord
from tests.conftest import uses_database_server
from tests.game_pages import QUIET, record, start_game, state_of
from tests.game_rows import stored

#: Two teams' counts of a round, with cards melded and left, books and red threes.
COUNTED_TALLIES = [{"melded": {"jokers": 2, "aces": 4, "eight_to_king": 30},
                    "books": {"clean": 1, "dirty": 1}, "red_threes_down": 2},
                   {"melded": {"four_to_seven": 12}, "left": {"aces": 3}, "red_threes_left": 1}]


def a_game_with_taps_and_a_count(app: Flask) -> str:
    """A game with a book tapped and one team's count of round 1 saved."""
    game_id = start_game(app, teams=[{"name": "Us", "players": ["Ann", "Bo"]},
                                     {"name": "Them", "players": ["Cy"]}])
    with app.app_context():
        games.tap_book(game_id, 0, "dirty", 1)
        tally_parts.save_part(game_id, 1, 1, read_entered_tally(COUNTED_TALLIES[1], 1), 0)
    return game_id


def test_a_round_is_read_back_as_its_write_left_it(app: Flask) -> None:
    game_id = a_game_with_taps_and_a_count(app)
    written = record(app, game_id, *COUNTED_TALLIES)
    read = state_of(app, game_id)
    # SQLite keeps the moment without its time zone (UTC); the rest reads back as written.
    assert replace(read, updated_at=None) == replace(written, updated_at=None)
    assert len(read.rounds) == 1 and read.parts == ()
    assert read.updated_at is not None and written.updated_at is not None
    assert read.updated_at.replace(tzinfo=None) == written.updated_at.replace(tzinfo=None)
    rows = stored(app, game_id)
    assert rows["books"] == [{}, {}] and rows["parts"] == []
    assert rows["rounds"] == [(1, 1, None)]
    (us, them), = rows["tallies"]
    assert us[1] == COUNTED_TALLIES[0] and them[1] == COUNTED_TALLIES[1]
    assert [us[-1], them[-1]] == [score.total for score in read.rounds[0].scores]


def test_a_game_ended_by_its_last_round_reads_back_finished(app: Flask) -> None:
    game_id = start_game(app)
    for _ in range(3):
        record(app, game_id, QUIET, QUIET)
    written = record(app, game_id, *COUNTED_TALLIES)
    assert written.finished and len(written.rounds) == 4
    assert replace(state_of(app, game_id), updated_at=None) == replace(written, updated_at=None)


def test_a_write_that_fails_leaves_nothing(app: Flask, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    game_id = a_game_with_taps_and_a_count(app)
    before = stored(app, game_id)

    def fails(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the request failed after the round was written")

    # The state the write left is read last, once the round is added, the taps cleared and
    # all of it flushed, the game's version moved on.
    monkeypatch.setattr(writes, "state_of", fails)
    with pytest.raises(RuntimeError):
        record(app, game_id, *COUNTED_TALLIES)
    assert stored(app, game_id) == before
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TallyRecord)) == 0


def round_stored_meanwhile(monkeypatch: pytest.MonkeyPatch, key: str | None) -> None:
    """Have another write store the round being recorded, with request key ``key``, after
    this write read the game and before it stores the round."""
    score = rounds._score

    def stored_first(state: games.GameState, number: int,
                     tallies: Sequence[Tally]) -> object:
        db.session.execute(insert(Round).values(game_id=state.id, number=number,
                                                request_key=key))
        return score(state, number, tallies)

    monkeypatch.setattr(rounds, "_score", stored_first)


def test_a_round_stored_meanwhile_is_a_conflict_and_nothing_is_kept(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = start_game(app)
    before = stored(app, game_id)
    round_stored_meanwhile(monkeypatch, "other phone")
    answer = client.post(f"/api/v1/games/{game_id}/rounds",
                         json={"teams": COUNTED_TALLIES, "request_key": "this phone"})
    assert answer.status_code == 409
    assert "recorded from another device" in answer.get_data(as_text=True)
    # The round planted as another write's went with this write's rollback.
    assert stored(app, game_id) == before


def test_a_round_stored_meanwhile_under_the_same_key_is_still_a_conflict(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    round_stored_meanwhile(monkeypatch, "again")
    with app.app_context(), pytest.raises(games.GameConflict):
        games.record_round(game_id, read_entered([QUIET, QUIET]), request_key="again")
    assert len(state_of(app, game_id).rounds) == 1


def test_recording_a_round_locks_the_game_before_it_reads_it(
        app: Flask, statements: list[str]) -> None:
    game_id = start_game(app)
    statements.clear()
    record(app, game_id, *COUNTED_TALLIES)
    sent = [sql for sql in statements if sql.strip() not in ("BEGIN", "SAVEPOINT")]
    first_read = next(i for i, sql in enumerate(sent) if "FROM games" in sql)
    if uses_database_server():
        assert "FOR UPDATE" in sent[first_read], sent
    else:
        assert sent[0] == "BEGIN IMMEDIATE", sent
        assert first_read > 0
    assert first_read < next(i for i, sql in enumerate(sent) if "INSERT INTO rounds" in sql)
    assert "COMMIT" not in " ".join(sent[:first_read])


def test_recording_a_round_is_one_transaction(app: Flask, statements: list[str]) -> None:
    game_id = start_game(app)
    for _ in range(3):
        statements.clear()
        state = record(app, game_id, QUIET, QUIET)
        begun = [sql for sql in statements if sql.strip().upper().startswith("BEGIN")]
        assert len(begun) <= 1, statements
    statements.clear()
    state = record(app, game_id, *COUNTED_TALLIES)
    assert state.finished
    assert len([sql for sql in statements if sql.strip().upper().startswith("BEGIN")]) <= 1
    assert replace(state_of(app, game_id), updated_at=None) == replace(state, updated_at=None)


def test_a_score_s_parts_are_a_stored_tally_s_columns() -> None:
    columns = set(TallyRecord.__table__.c.keys())
    assert set(SCORE_PARTS) <= columns
    assert columns - set(SCORE_PARTS) == {"id", "round_id", "team_position", "data", "total"}
