"""Races through the real server: many requests at once from one client, on either database.

Two waitress processes (the README's command) share one database, and each request of a
burst waits at a barrier so all are sent at the same moment. Games started at once with the
same new player put one name on the roster and none of them fails; a burst of wrong join
codes or edit codes from one address has exactly as many checked as the throttle allows.
"""

from __future__ import annotations

import secrets
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from handfoot_score.services import edit_codes, join_codes
from handfoot_score.storage.models import EditCodeFailure, JoinCodeFailure, LeaguePlayer
from tests.conftest import DATABASE_URL, TEST_CONFIG, empty_tables, uses_database_server
from tests.serving import call, serving

SECONDS_PER_REQUEST = 60
#: More threads than the README's four, so every request of a burst is handled at once.
SERVER_THREADS = 12
#: Starts sent at once with the same new players, and how many such bursts.
STARTS_AT_ONCE, BURSTS = 8, 8
GUESSES_AT_ONCE = 40


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test database server, emptied, if there is one; else a new SQLite file."""
    if uses_database_server():
        from handfoot_score import create_app

        empty_tables(create_app(TEST_CONFIG))
        return DATABASE_URL
    return f"sqlite:///{tmp_path_factory.mktemp('races') / 'scores.sqlite'}"


@pytest.fixture(scope="module")
def servers(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Two server processes on one database."""
    options = [f"--threads={SERVER_THREADS}"]
    with serving(database, tmp_path_factory.mktemp("one"), options) as first, \
            serving(database, tmp_path_factory.mktemp("two"), options) as second:
        yield [first, second]


def at_once(servers: list[str], requests: list[tuple[str, str, object, dict[str, str]]]
            ) -> list[tuple[int, Any]]:
    """Send every request at the same moment, alternating between the servers; the answers
    in the order of the requests."""
    answers: list[tuple[int, Any] | None] = [None] * len(requests)
    ready = threading.Barrier(len(requests))

    def send(index: int) -> None:
        method, path, body, headers = requests[index]
        ready.wait()
        answers[index] = call(method, servers[index % len(servers)] + path, body, headers)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(SECONDS_PER_REQUEST * 2)
    assert all(answer is not None for answer in answers), "a request was never answered"
    return [answer for answer in answers if answer is not None]


def stored(database: str, query: sa.Select[Any]) -> list[Any]:
    """Rows of the database the servers write to."""
    engine = sa.create_engine(database)
    try:
        with engine.connect() as connection:
            return list(connection.execute(query).scalars())
    finally:
        engine.dispose()


def new_league(servers: list[str], **fields: str) -> str:
    status, league = call("POST", f"{servers[0]}/api/v1/leagues", {"name": "Race", **fields})
    assert status == 201, league
    return str(league["id"])


def test_games_started_at_once_with_the_same_new_players_put_each_on_the_roster_once(
        servers: list[str], database: str) -> None:
    league_id = new_league(servers)
    answers = []
    for burst in range(BURSTS):
        body = {"rules": "pagat", "league": league_id,
                "teams": [{"players": [f"Newcomer {burst}"]}, {"players": [f"Guest {burst}"]}]}
        answers += at_once(servers, [("POST", "/api/v1/games", body, {})] * STARTS_AT_ONCE)
    assert Counter(status for status, _ in answers) == {201: BURSTS * STARTS_AT_ONCE}, \
        [answer for answer in answers if answer[0] != 201][:3]
    names = stored(database, sa.select(LeaguePlayer.name)
                   .where(LeaguePlayer.league_id == league_id))
    assert sorted(names) == sorted([f"Newcomer {n}" for n in range(BURSTS)] +
                                   [f"Guest {n}" for n in range(BURSTS)])


def test_wrong_join_codes_sent_at_once_are_checked_only_as_often_as_allowed(
        servers: list[str], database: str) -> None:
    guesses = ["".join(secrets.choice(join_codes.ALPHABET) for _ in range(join_codes.LENGTH))
               for _ in range(GUESSES_AT_ONCE)]
    answers = at_once(servers, [("POST", "/api/v1/join", {"code": guess}, {})
                                for guess in guesses])
    statuses = Counter(status for status, _ in answers)
    assert statuses == {404: join_codes.MAX_FAILURES,
                        429: GUESSES_AT_ONCE - join_codes.MAX_FAILURES}, statuses
    assert len(stored(database, sa.select(JoinCodeFailure.client))) == join_codes.MAX_FAILURES


def test_wrong_edit_codes_sent_at_once_are_checked_only_as_often_as_allowed(
        servers: list[str], database: str) -> None:
    league_id = new_league(servers, edit_code="river and stone")
    body = {"rules": "pagat", "league": league_id,
            "teams": [{"players": ["Ann"]}, {"players": ["Bob"]}]}
    answers = at_once(servers, [("POST", "/api/v1/games", body, {"X-Edit-Code": "wrong guess"})
                                ] * GUESSES_AT_ONCE)
    statuses = Counter(status for status, _ in answers)
    # A guess refused as busy (503) is neither checked nor counted; none should be, though.
    assert statuses[403] == edit_codes.MAX_FAILURES, statuses
    assert set(statuses) <= {403, 429, 503}, statuses
    failures = stored(database, sa.select(EditCodeFailure.client)
                      .where(EditCodeFailure.league_id == league_id))
    assert len(failures) == edit_codes.MAX_FAILURES
