"""Leagues through the JSON API: create one, play games in it, read standings, back up."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

CODE = "river and stone"


def new_league(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/v1/leagues", json={"name": "Thursday club", **body})
    assert response.status_code == 201, response.json
    return response.json


def finished_game(client: FlaskClient, league_id: str, teams: list[list[str]],
                  totals: list[int], code: str | None = None) -> str:
    headers = {"X-Edit-Code": code} if code else {}
    # Classic keeps five decks whoever plays: pagat's one deck per player could not meld
    # these totals for a game of two.
    response = client.post("/api/v1/games", headers=headers, json={
        "rules": "classic", "league": league_id,
        "teams": [{"players": players} for players in teams]})
    assert response.status_code == 201, response.json
    game_id = response.json["id"]
    for number in range(1, 5):
        tallies = [{"melded": {"points": total}} if number == 1 else {} for total in totals]
        assert client.post(f"/api/v1/games/{game_id}/rounds",
                           json={"teams": tallies}).status_code == 201
    return game_id


def test_create_a_league(client: FlaskClient) -> None:
    response = client.post("/api/v1/leagues", json={"name": "  Thursday   club "})
    assert response.status_code == 201
    assert set(response.json) == {"id", "name"}
    assert response.json["name"] == "Thursday club"
    assert len(response.json["id"]) >= 20  # unguessable, like a game's
    assert response.headers["Location"].endswith(
        f"/api/v1/leagues/{response.json['id']}/standings")


@pytest.mark.parametrize(("body", "field"), [
    ({}, "name"),
    ({"name": ""}, "name"),
    ({"name": "x" * 101}, "name"),
    ({"name": 7}, "name"),
    ({"name": "Club", "edit_code": "short"}, "edit_code"),
    ({"name": "Club", "edit_code": 12345678}, "edit_code"),
    ({"name": "Club", "colour": "red"}, "colour"),
])
def test_a_league_that_cannot_be_is_a_422_naming_the_field(client: FlaskClient,
                                                           body: dict[str, Any],
                                                           field: str) -> None:
    response = client.post("/api/v1/leagues", json=body)
    assert response.status_code == 422
    assert field in [error["field"] for error in response.json["errors"]]


def test_standings_in_the_documented_shape_and_default_order(client: FlaskClient) -> None:
    league = new_league(client)
    finished_game(client, league["id"], [["Ann", "Bob"], ["Cy", "Di"]], [1500, 900])
    finished_game(client, league["id"], [["Ann"], ["Cy"]], [300, 800])
    rated = client.get(f"/api/v1/leagues/{league['id']}/standings")
    assert [row["name"] for row in rated.json["players"]] == ["Bob", "Cy", "Ann", "Di"]
    assert [row["rating"] for row in rated.json["players"]] == sorted(
        (row["rating"] for row in rated.json["players"]), reverse=True)
    response = client.get(f"/api/v1/leagues/{league['id']}/standings?sort=wins")
    assert response.status_code == 200
    body = response.json
    assert body["league"] == {"id": league["id"], "name": "Thursday club"}
    assert [{key: row[key] for key in ("name", "games", "wins", "ties", "losses", "points",
                                       "avg_points")} for row in body["players"]] == [
        {"name": "Ann", "games": 2, "wins": 1, "ties": 0, "losses": 1, "points": 1800,
         "avg_points": 900.0},
        {"name": "Cy", "games": 2, "wins": 1, "ties": 0, "losses": 1, "points": 1700,
         "avg_points": 850.0},
        {"name": "Bob", "games": 1, "wins": 1, "ties": 0, "losses": 0, "points": 1500,
         "avg_points": 1500.0},
        {"name": "Di", "games": 1, "wins": 0, "ties": 0, "losses": 1, "points": 900,
         "avg_points": 900.0},
    ]
    assert [row.pop("rating") > 1000 for row in body["teams"]] == [True, False]
    assert body["teams"] == [
        {"players": ["Ann", "Bob"], "games": 1, "wins": 1, "ties": 0, "losses": 0,
         "points": 1500, "avg_points": 1500.0, "best": 1500, "win_pct": 100.0},
        {"players": ["Cy", "Di"], "games": 1, "wins": 0, "ties": 0, "losses": 1,
         "points": 900, "avg_points": 900.0, "best": 900, "win_pct": 0.0},
    ]


def test_standings_sort_by_any_column(client: FlaskClient) -> None:
    league = new_league(client)
    finished_game(client, league["id"], [["Ann"], ["Bob"]], [1500, 900])
    names = [row["name"] for row in client.get(
        f"/api/v1/leagues/{league['id']}/standings?sort=name").json["players"]]
    assert names == ["Ann", "Bob"]


def test_an_unknown_league_is_a_404(client: FlaskClient) -> None:
    for url in ("/api/v1/leagues/nope/standings", "/api/v1/leagues/nope/export"):
        response = client.get(url)
        assert response.status_code == 404
        assert response.json["errors"][0]["message"] == "There is no league at this address."


def test_a_game_in_an_unknown_league_is_a_422(client: FlaskClient) -> None:
    response = client.post("/api/v1/games", json={
        "rules": "pagat", "league": "nope", "teams": [{"players": ["Ann"]}, {"players": ["Bob"]}]})
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "league"


@pytest.mark.parametrize(("teams", "problem"), [
    ([{"players": ["Ann"]}, {"name": "Nobody"}], (1, "players")),
    ([{"players": ["Ann", "Bob"]}, {"players": [" ann ", "Cy"]}], (1, "players")),
])
def test_a_league_game_seats_each_roster_player_once(client: FlaskClient,
                                                     teams: list[dict[str, Any]],
                                                     problem: tuple[int, str]) -> None:
    league = new_league(client)
    response = client.post("/api/v1/games", json={"rules": "pagat", "league": league["id"],
                                                  "teams": teams})
    assert response.status_code == 422
    assert [(e["team"], e["field"]) for e in response.json["errors"]] == [problem]
    assert client.get(f"/api/v1/leagues/{league['id']}/export").json["players"] == []


def test_export_then_import_gives_the_same_league(client: FlaskClient) -> None:
    league = new_league(client)
    finished_game(client, league["id"], [["Ann", "Bob"], ["Cy", "Di"]], [1500, 900])
    exported = client.get(f"/api/v1/leagues/{league['id']}/export").json
    response = client.post("/api/v1/leagues/import", json=exported)
    assert response.status_code == 201, response.json
    copy = response.json["id"]
    assert copy != league["id"]
    assert client.get(f"/api/v1/leagues/{copy}/export").json == exported
    standings = client.get(f"/api/v1/leagues/{league['id']}/standings").json
    copied = client.get(f"/api/v1/leagues/{copy}/standings").json
    assert [{**row, "id": None} for row in copied["players"]] == \
        [{**row, "id": None} for row in standings["players"]]
    assert copied["teams"] == standings["teams"]


def test_an_import_protected_by_the_header_needs_it_afterwards(client: FlaskClient) -> None:
    league = new_league(client)
    exported = client.get(f"/api/v1/leagues/{league['id']}/export").json
    copy = client.post("/api/v1/leagues/import", json=exported,
                       headers={"X-Edit-Code": CODE}).json["id"]
    body = {"rules": "pagat", "league": copy,
            "teams": [{"players": ["Ann"]}, {"players": ["Bob"]}]}
    assert client.post("/api/v1/games", json=body).status_code == 403
    assert client.post("/api/v1/games", json=body,
                       headers={"X-Edit-Code": CODE}).status_code == 201


def test_a_broken_import_is_a_422_saying_where(client: FlaskClient) -> None:
    response = client.post("/api/v1/leagues/import", json={"format": "something else"})
    assert response.status_code == 422
    fields = {error["field"] for error in response.json["errors"]}
    assert {"version", "name", "games"} <= fields
