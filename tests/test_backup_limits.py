"""Export and import agree: whatever a league can hold, its backup restores, through the API
and through the restore page up to the size docs/running/reliability.md promises; what a
league cannot hold is refused where it would be added."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from handfoot_score.engine.limits import MAX_PLAYERS
from handfoot_score.extensions import db
from handfoot_score.services import games, league_backup, leagues
from handfoot_score.services.tallies import read_entered
from handfoot_score.storage.models import League, LeaguePlayer
from tests.test_league_export import stored_league_ids
from tests.test_new_game import filled

MIB = 1024 * 1024


@pytest.fixture
def app(app: Flask) -> Flask:
    """The app with CSRF protection on, as it runs at the table."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app


def start_game(league_id: str, rules: object, teams: list[list[str]]) -> str:
    """A new game of the league, its first round being played."""
    return games.create_game(games.read_setup({
        "rules": rules, "league": league_id, "first_dealer": 0,
        "teams": [{"name": f"Team {i}", "players": players}
                  for i, players in enumerate(teams)]})).id


def restored(client: FlaskClient, league_id: str) -> dict[str, Any]:
    """The league's export imported again through the API (201), exported once more."""
    document = client.get(f"/api/v1/leagues/{league_id}/export").get_json()
    response = client.post("/api/v1/leagues/import", json=document)
    assert response.status_code == 201, response.get_json()
    again: dict[str, Any] = client.get(
        f"/api/v1/leagues/{response.get_json()['id']}/export").get_json()
    assert again == document
    return again


def test_the_import_takes_as_many_rule_sets_as_games_and_the_roster_a_league_holds() -> None:
    # Each game may be played under rules of its own.
    assert league_backup.MAX_RULE_SETS >= league_backup.MAX_GAMES
    assert league_backup.MAX_ROSTER_PLAYERS == leagues.MAX_ROSTER_PLAYERS


def test_a_league_of_many_rule_sets_and_a_full_roster_restores(app: Flask,
                                                                client: FlaskClient) -> None:
    """More than the 100 rule sets the import once stopped at, and 1,000 players."""
    most = league_backup.MAX_ROSTER_PLAYERS
    with app.app_context():
        league_id = leagues.create_league({"name": "Big club"}).id
        for bonus in range(170):
            start_game(league_id, {"base": "classic", "exact_draw_bonus": bonus},
                       [[f"Player {(bonus * MAX_PLAYERS + seat) % most}"]
                        for seat in range(MAX_PLAYERS)])
    document = restored(client, league_id)
    assert len(document["rules"]) == 170
    assert len(document["players"]) == most


def full_league(app: Flask) -> str:
    """A league whose roster holds as many players as a roster may."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Full club"}).id
        start_game(league_id, "classic", [["Ann"], ["Bob"]])
        league = db.session.get(League, league_id)
        assert league is not None
        for number in range(league_backup.MAX_ROSTER_PLAYERS - 2):
            db.session.add(LeaguePlayer(league=league, name=f"P{number}",
                                        name_key=f"p{number}"))
        db.session.commit()
    return league_id


def test_a_full_roster_takes_no_new_name_where_a_game_starts(app: Flask,
                                                             client: FlaskClient) -> None:
    league_id = full_league(app)
    body = {"rules": "classic", "league": league_id, "first_dealer": 0,
            "teams": [{"name": "Us", "players": ["ann"]}, {"name": "Them", "players": ["Zed"]}]}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert (error["team"], error["field"]) == (1, "players")
    assert "1,000" in error["message"]
    page = client.post("/games/new", data=filled(
        client, f"/games/new?league={league_id}", **{"teams-1-players-0": "Zed"}))
    assert page.status_code == 422 and "roster is full" in page.get_data(as_text=True)
    # Names on the roster still play, and the backup of the full league restores.
    body["teams"][1]["players"] = ["P7"]
    assert client.post("/api/v1/games", json=body).status_code == 201
    with app.app_context():
        assert len(leagues.get_league(league_id).players) == league_backup.MAX_ROSTER_PLAYERS
    assert len(restored(client, league_id)["players"]) == league_backup.MAX_ROSTER_PLAYERS


def tap(client: FlaskClient, game_id: str, seen: int) -> Any:
    """A clean book tapped for the first team, the phone having shown ``seen``."""
    return client.post(f"/api/v1/games/{game_id}/books",
                       json={"team": 0, "kind": "clean", "change": 1, "seen": seen})


def clean_books(client: FlaskClient, game_id: str) -> int:
    """The first team's clean books as tapped so far."""
    count: int = client.get(f"/api/v1/games/{game_id}").get_json()["books"][0]["clean"]
    return count


def test_as_many_book_taps_as_the_decks_allow_restore(app: Flask, client: FlaskClient) -> None:
    most = 20 * 54 // 7  # every card of 20 decks in a book of seven: past the 99 once taken
    with app.app_context():
        league_id = leagues.create_league({"name": "Twenty decks"}).id
        game_id = start_game(league_id, {"base": "classic", "decks": 20}, [["Ann"], ["Bob"]])
        for seen in range(most):
            games.tap_book(game_id, 0, "clean", 1, seen=seen)
    document = restored(client, league_id)
    assert document["games"][0]["books"][0] == {"clean": most}


def test_a_book_tapped_past_the_most_the_decks_allow_is_refused(app: Flask,
                                                                client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Five decks"}).id
        game_id = start_game(league_id, "classic", [["Ann"], ["Bob"]])
        most = 5 * 54 // 7
        for seen in range(most):
            games.tap_book(game_id, 0, "clean", 1, seen=seen)
    response = tap(client, game_id, most)
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert (error["team"], error["field"]) == (0, "books.clean")
    assert str(most) in error["message"]
    assert clean_books(client, game_id) == most
    # Taking one back still works, and so does tapping it again.
    assert client.post(f"/api/v1/games/{game_id}/books", json={
        "team": 0, "kind": "clean", "change": -1, "seen": most}).status_code == 200
    assert tap(client, game_id, most - 1).status_code == 200
    # The page refuses it too, and the count stays.
    assert client.post(f"/games/{game_id}/books", data={
        "csrf_token": csrf_token(client), "team": 0, "kind": "clean", "change": 1,
        "seen": most}).status_code == 400
    assert clean_books(client, game_id) == most


@pytest.fixture
def backup(app: Flask) -> bytes:
    """A small league's backup file."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club"}).id
        game_id = start_game(league_id, "classic", [["Ann", "Bob"], ["Cy", "Di"]])
        games.record_round(game_id, read_entered([{"left": {"points": 35}}, {}]))
        return json.dumps(league_backup.export_league(league_id)).encode()


def csrf_token(client: FlaskClient) -> str:
    """The token this client's forms carry, as the restore page gives it."""
    page = client.get("/leagues/import").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    return token.group(1)


def restore_page(client: FlaskClient, document: bytes) -> Any:
    """The restore page's form sent with ``document`` as its file, and its token."""
    # Encoded here, in memory: the test client would spool a big body to a file it leaves open.
    boundary, body = encode_multipart({
        "csrf_token": csrf_token(client), "edit_code": "",
        "document": FileStorage(io.BytesIO(document), "league.json")})
    return client.post("/leagues/import", data=body,
                       content_type=f'multipart/form-data; boundary="{boundary}"')


@pytest.mark.parametrize("size", [int(1.2 * MIB), 15 * MIB])
def test_the_restore_page_takes_a_backup_of_up_to_16_mb(
        app: Flask, client: FlaskClient, backup: bytes, size: int) -> None:
    # Spaces between the document's values keep it the same document, only bigger.
    padded = backup[:-1] + b" " * (size - len(backup)) + backup[-1:]
    response = restore_page(client, padded)
    assert response.status_code == 303, response.status_code
    with app.app_context():
        assert len(stored_league_ids()) == 2
        copy = response.headers["Location"].rsplit("/", 1)[-1]
        assert league_backup.export_league(copy) == json.loads(backup)


def test_the_restore_page_refuses_a_file_over_16_mb(app: Flask, client: FlaskClient,
                                                    backup: bytes) -> None:
    padded = backup[:-1] + b" " * (league_backup.MAX_DOCUMENT_BYTES) + backup[-1:]
    assert restore_page(client, padded).status_code == 413
    with app.app_context():
        assert len(stored_league_ids()) == 1


def test_the_restore_page_takes_a_file_just_under_the_document_limit_as_the_api_does(
        app: Flask, client: FlaskClient, backup: bytes) -> None:
    """The form's own bytes (boundaries, the part's headers, the token) do not count against
    the file: what the API takes, the page takes."""
    most = league_backup.MAX_DOCUMENT_BYTES
    for size in (most - 1, most):
        padded = backup[:-1] + b" " * (size - len(backup)) + backup[-1:]
        assert len(padded) == size
        assert restore_page(client, padded).status_code == 303
        api = client.post("/api/v1/leagues/import", data=padded, content_type="application/json")
        assert api.status_code == 201, api.get_json()
    with app.app_context():
        assert len(stored_league_ids()) == 5
    over = backup[:-1] + b" " * (most + 1 - len(backup)) + backup[-1:]
    assert restore_page(client, over).status_code == 413
    assert client.post("/api/v1/leagues/import", data=over,
                       content_type="application/json").status_code == 413


def test_the_api_takes_a_backup_of_15_mb(app: Flask, client: FlaskClient,
                                         backup: bytes) -> None:
    padded = backup[:-1] + b" " * (15 * MIB) + backup[-1:]
    response = client.post("/api/v1/leagues/import", data=padded,
                           content_type="application/json")
    assert response.status_code == 201


def test_forgetting_the_code_of_a_league_that_does_not_exist_is_a_404(
        app: Flask, client: FlaskClient) -> None:
    response = client.post("/leagues/no-such-league/forget",
                           data={"csrf_token": csrf_token(client)})
    assert response.status_code == 404
    assert "Location" not in response.headers


def test_a_backup_giving_a_key_twice_is_refused_naming_it(app: Flask, client: FlaskClient,
                                                          backup: bytes) -> None:
    """Which of two values was meant cannot be told: the import refuses the file, naming the
    key, rather than keep the last one as JSON readers commonly do."""
    twice = backup.replace(b'"name": "Thursday club"',
                           b'"name": "Thursday club", "name": "Friday club"', 1)
    assert twice != backup
    api = client.post("/api/v1/leagues/import", data=twice, content_type="application/json")
    assert api.status_code == 422
    assert [error["field"] for error in api.get_json()["errors"]] == ["name"]
    assert "twice" in api.get_json()["errors"][0]["message"]
    page = restore_page(client, twice)
    assert page.status_code == 422 and "is given twice" in page.get_data(as_text=True)
    game = client.post("/api/v1/games", data=b'{"rules": "classic", "rules": "pagat", '
                       b'"teams": [{"name": "Us"}, {"name": "Them"}]}',
                       content_type="application/json")
    assert game.status_code == 422
    assert [error["field"] for error in game.get_json()["errors"]] == ["rules"]
    with app.app_context():
        assert len(stored_league_ids()) == 1


@pytest.mark.parametrize(("starts_on", "taken"), [
    ("0001-03-01", False), ("1899-12-31", False), ("1900-01-01", True), ("2026-03-01", True)])
def test_an_imported_season_starts_on_a_day_the_site_takes(
        app: Flask, client: FlaskClient, backup: bytes, starts_on: str, taken: bool) -> None:
    document = json.loads(backup)
    document["seasons"] = [{"name": "Spring", "starts_on": starts_on}]
    response = client.post("/api/v1/leagues/import", json=document)
    if taken:
        assert response.status_code == 201, response.get_json()
        return
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["field"] == "seasons[0].starts_on"
    assert "1900-01-01" in error["message"]
