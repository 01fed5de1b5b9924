"""Issue 15's defects, one test each: a busy database answers 503, text no database can
store is refused naming the field, numbers are ASCII digits within what a column holds, two
saves under one name both succeed, and a malformed Host gets a 400 with the usual headers."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.extensions import db
from handfoot_score.services import rules as rules_service
from handfoot_score.services.games import ROUND_TOTAL_MAX
from handfoot_score.serving.security import HEADERS
from handfoot_score.storage import database
from handfoot_score.storage.models import SavedRules
from tests.api_answers import errors_of, fields_of
from tests.conftest import DATABASE_URL, TEST_CONFIG, uses_database_server
from tests.form_data import form_values
from tests.game_pages import page_text, start_game

SQLITE_ONLY = pytest.mark.skipif(uses_database_server(), reason="SQLite's write lock is what "
                                 "a second writer waits on here; PostgreSQL locks rows")


def two_teams(**first: Any) -> list[dict[str, Any]]:
    """Two teams, the first with ``first`` changed."""
    return [{"name": "Us", "players": ["Ann"], **first}, {"name": "Them", "players": ["Cy"]}]


# 1. A busy SQLite database answers 503 with Retry-After for every write, not only games.


@pytest.fixture
def busy_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Flask, Path]]:
    """An app on a SQLite file whose connections wait only 50 ms for the write lock."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 50)
    path = tmp_path / "busy.sqlite"
    app = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    yield app, path
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@SQLITE_ONLY
def test_house_rules_and_leagues_answer_busy_while_others_hold_the_database(
        busy_app: tuple[Flask, Path]) -> None:
    app, path = busy_app
    client = app.test_client()
    values = form_values(client.get("/rules/house?base=pagat").get_data(as_text=True))
    values["rules-name"] = "Busy night"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        answer = client.post("/api/v1/leagues", json={"name": "Thursday"})
        assert errors_of(answer, 503) and answer.headers["Retry-After"] == "1"
        page = client.post("/leagues", data={"name": "Thursday", "edit_code": ""})
        assert page.status_code == 503 and "try again" in page_text(page)
        saved = client.post("/rules/house", data=values)
        assert saved.status_code == 503 and saved.headers["Retry-After"] == "1"
    finally:
        other.rollback()
        other.close()
    assert client.post("/api/v1/leagues", json={"name": "Thursday"}).status_code == 201
    assert client.post("/rules/house", data=values).status_code == 303


# 3. Lone surrogates and NUL in names, codes and request keys: 422 naming the field.


@pytest.mark.parametrize("bad", ["x\ud800", "x\x00", "x\x07"])
def test_names_and_request_keys_refuse_what_no_one_types(client: FlaskClient, bad: str
                                                          ) -> None:
    assert fields_of(client.post("/api/v1/leagues", json={"name": bad})) == [(None, "name")]
    fields = fields_of(client.post("/api/v1/games",
                                   json={"rules": "classic", "teams": two_teams(name=bad)}))
    assert fields == [(0, "name")]
    player = client.post("/api/v1/games",
                         json={"rules": "classic", "teams": two_teams(players=["Ann", bad])})
    assert fields_of(player)[0][0] == 0
    game_id = client.post("/api/v1/games", json={"rules": "classic", "teams": two_teams()}
                          ).get_json()["id"]
    key = client.post(f"/api/v1/games/{game_id}/rounds",
                      json={"request_key": bad, "teams": [{}, {}]})
    assert fields_of(key) == [(None, "request_key")]


def test_a_key_no_database_can_store_is_refused_without_echoing_it(client: FlaskClient
                                                                    ) -> None:
    answer = client.post("/api/v1/games", json={"rules": "classic", "x\ud800": 1,
                                                "teams": two_teams()})
    [error] = errors_of(answer, 422)
    assert error["field"] == "body" and "\ud800" not in answer.get_data(as_text=True)


def test_a_nul_typed_into_a_form_is_refused_naming_the_field(client: FlaskClient) -> None:
    values = form_values(client.get("/games/new").get_data(as_text=True))
    values.update({"teams-0-name": "Us\x00", "teams-1-name": "Them"})
    page = client.post("/games/new", data=values)
    assert page.status_code == 422 and "Team 1's name must not hold the NUL" in page_text(page)
    assert client.get("/join?code=AB%00CD").status_code == 422


# 4. What SQLite took and PostgreSQL refused: refused alike on both.


def test_a_name_too_long_once_case_folded_is_refused(client: FlaskClient) -> None:
    league_id = client.post("/api/v1/leagues", json={"name": "L"}).get_json()["id"]
    answer = client.post("/api/v1/games", json={
        "rules": "classic", "league": league_id, "teams": two_teams(players=["ß" * 60])})
    assert fields_of(answer) == [(0, "players")]
    assert fields_of(client.post("/api/v1/leagues", json={"name": "ß" * 60})) \
        == [(None, "name")]


def test_a_round_total_past_what_the_database_holds_is_refused(client: FlaskClient) -> None:
    rules = {"base": "classic", "decks": 20, "books": {"clean": 1_000_000, "dirty": 300,
                                                       "wild": 1500},
             "red_three": {"down": 1_000_000, "left": 100}}
    game_id = client.post("/api/v1/games", json={"rules": rules, "teams": two_teams()}
                          ).get_json()["id"]
    huge = {"melded": {"aces": 80, "eight_to_king": 480, "four_to_seven": 260},
            "books": {"clean": 110}, "red_threes_down": 40}
    answer = client.post(f"/api/v1/games/{game_id}/rounds", json={"teams": [huge, {}]})
    [error] = errors_of(answer, 422)
    assert (error["team"], error["field"]) == (0, "teams")
    assert f"{ROUND_TOTAL_MAX:,}" in error["message"]


def test_an_id_past_what_the_database_holds_is_not_found(client: FlaskClient) -> None:
    league_id = client.post("/api/v1/leagues", json={"name": "L"}).get_json()["id"]
    assert client.get(f"/leagues/{league_id}/players/3000000000").status_code == 404
    game_id = client.post("/api/v1/games", json={"rules": "classic", "teams": two_teams()}
                          ).get_json()["id"]
    assert client.get(f"/games/{game_id}/rounds/3000000000").status_code == 404
    corrected = client.put(f"/api/v1/games/{game_id}/rounds/3000000000", json={})
    assert errors_of(corrected, 404)


# 5. Digits that are not ASCII digits, or too many of them.


@pytest.mark.parametrize("team", ["²", "9" * 5000, "0" * 400 + "1"])
def test_a_team_in_the_address_must_be_ascii_digits(client: FlaskClient, team: str) -> None:
    game_id = start_game(client.application)
    assert client.get(f"/games/{game_id}/rounds/1?team={team}").status_code == 404


@pytest.mark.parametrize("version", ["²", "9" * 5000])
def test_versions_typed_into_the_count_form_must_be_ascii_digits(
        client: FlaskClient, version: str) -> None:
    game_id = start_game(client.application)
    values = form_values(client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True))
    values.update({"version": version})
    assert client.post(f"/games/{game_id}/rounds/1/record", data=values).status_code < 500
    values.update({"version": "", "teams-0-part_version": version})
    assert client.post(f"/games/{game_id}/rounds/1/record", data=values).status_code < 500
    assert client.post(f"/games/{game_id}/rounds/1/teams/0", data=values).status_code < 500


@pytest.mark.parametrize("team", ["1" + "0" * 400, "²", "9" * 5000])
def test_the_book_form_reads_its_team_as_ascii_digits(client: FlaskClient, team: str) -> None:
    game_id = start_game(client.application)
    tap = client.post(f"/games/{game_id}/books", data={"team": team, "kind": "clean",
                                                       "change": "1", "seen": team})
    assert tap.status_code == 400


@pytest.mark.parametrize("player", ["10²⁰", "²", "9" * 5000])
def test_a_player_id_in_the_address_must_be_ascii_digits(client: FlaskClient, player: str
                                                         ) -> None:
    league_id = client.post("/api/v1/leagues", json={"name": "L"}).get_json()["id"]
    assert client.get(f"/leagues/{league_id}/players/{player}").status_code == 404


# 6. Two house-rule saves under one name at the same moment.


@pytest.fixture
def shared_app(tmp_path: Path) -> Iterator[Flask]:
    """An app whose database several threads can share: the test server, or a SQLite file."""
    uri = DATABASE_URL if uses_database_server() else f"sqlite:///{tmp_path / 'race.sqlite'}"
    app = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": uri})
    with app.app_context():
        db.session.execute(sa.delete(SavedRules))
        db.session.commit()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_save_under_a_name_another_save_is_taking_gets_the_next_id(shared_app: Flask
                                                                      ) -> None:
    rules = PRESETS["pagat"]
    with shared_app.app_context():
        engine = db.engine
    # On SQLite the other save holds the write lock (BEGIN IMMEDIATE), as every write does.
    holder = engine.connect().execution_options(**{database.WRITE: True})
    holder.begin()
    # The other save has written its row but not committed: ours reads the ids before it.
    holder.execute(sa.insert(SavedRules).values(id="race-night", name="Race night", data={}))
    saved: list[str] = []
    failures: list[BaseException] = []

    def save() -> None:
        try:
            with shared_app.app_context():
                saved.append(rules_service.save_rules("Race night", rules).id)
        except BaseException as error:  # noqa: BLE001 (reported by the assert below)
            failures.append(error)

    writer = threading.Thread(target=save)
    writer.start()
    writer.join(0.5)  # ours now waits on the other's row (PostgreSQL) or lock (SQLite)
    holder.commit()
    holder.close()
    writer.join(10)
    assert not failures, failures
    assert saved == ["race-night-2"]


# 7. A malformed Host: 400 from the app, with the usual headers; TRUSTED_HOSTS from the
# environment.


@pytest.mark.parametrize("host", ["a" * 64 + ".example.org", "a..b", ".", "x" * 300])
def test_a_malformed_host_is_a_400_with_the_usual_headers(client: FlaskClient, host: str
                                                          ) -> None:
    for path in ("/", "/leagues", "/api/v1/rules"):
        response = client.get(path, headers={"Host": host})
        assert response.status_code == 400
        for name, value in HEADERS.items():
            assert response.headers[name] == value


def test_trusted_hosts_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUSTED_HOSTS", "cards.example.org, .example.net")
    app = create_app(TEST_CONFIG)
    client = app.test_client()
    assert client.get("/", headers={"Host": "cards.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "table.example.net"}).status_code == 200
    refused = client.get("/", headers={"Host": "evil.example.com"})
    assert refused.status_code == 400 and refused.headers["X-Frame-Options"] == "DENY"
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


# 10. Request bodies are capped.


def test_a_body_over_the_cap_is_refused_before_it_is_read(client: FlaskClient) -> None:
    big = b'{"name": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    answer = client.post("/api/v1/leagues", data=big, content_type="application/json")
    assert errors_of(answer, 413)
    page = client.post("/leagues", data={"name": "x" * (2 * 1024 * 1024)})
    assert page.status_code == 413


def test_the_policy_modules_examples_hold() -> None:
    import doctest

    from handfoot_score.api import body
    from handfoot_score.services import typed_in
    from handfoot_score.serving import security

    for module in (typed_in, security, body):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__
