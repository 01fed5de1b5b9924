"""A body of the wrong shape is refused with a 4xx naming the field, never a 500; and a
protected league asks for its edit code before it reads the body, so a body is no way to
learn anything of a league without its code."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

CODE = "river and stone"
TONIGHT = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy"]
NIGHT = {"players": TONIGHT, "games_each": 2}
#: Values of every JSON type, none of them one a field takes (a rule set's id is any text).
WRONG_TYPES: list[Any] = [[], {}, ["pairs"], {"pairs": 1}, None, True, -1, 1.5, "2"]


def new_league(client: FlaskClient, code: str | None = None) -> str:
    response = client.post("/api/v1/leagues", json={"name": "Thursday club", "edit_code": code})
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def fields_named(response: Any) -> set[str]:
    return {error["field"] for error in response.json["errors"]}


@pytest.mark.parametrize("field", ["players", "games_each", "rules", "six_seats", "seed"])
@pytest.mark.parametrize("value", WRONG_TYPES)
def test_a_club_night_field_of_the_wrong_type_is_named(client: FlaskClient, field: str,
                                                      value: Any) -> None:
    league_id = new_league(client)
    response = client.post(f"/api/v1/leagues/{league_id}/club-nights",
                           json={**NIGHT, field: value})
    if field == "seed" and value is None:  # null asks for a new seed
        assert response.status_code == 201
        return
    if field == "rules" and value == "2":  # text, but no rule set's id
        assert response.status_code == 404
        return
    assert response.status_code == 422, response.json
    assert fields_named(response) == {field}


def test_six_seats_as_a_list_or_an_object_in_a_league_that_is_not_there(
        client: FlaskClient) -> None:
    for six_seats in ([], {}):
        response = client.post("/api/v1/leagues/no-such-league/club-nights",
                               json={**NIGHT, "six_seats": six_seats})
        assert response.status_code == 404, response.json


def test_a_protected_leagues_club_night_asks_for_the_code_before_reading_the_body(
        client: FlaskClient) -> None:
    league_id = new_league(client, CODE)
    address = f"/api/v1/leagues/{league_id}/club-nights"
    for body in ({**NIGHT, "six_seats": []}, {"players": "everyone"}, [], {}):
        assert client.post(address, json=body).status_code == 403
        wrong = client.post(address, json=body, headers={"X-Edit-Code": "not the code"},
                            environ_base={"REMOTE_ADDR": "198.51.100.7"})
        assert wrong.status_code == 403
        right = client.post(address, json=body, headers={"X-Edit-Code": CODE})
        assert right.status_code == 422, right.json
    drawn = client.post(address, json=NIGHT, headers={"X-Edit-Code": CODE})
    assert drawn.status_code == 201
    table = f"{address}/{drawn.json['id']}/rotations/1/tables/1/game"
    assert client.post(table, json={"surprise": 1}).status_code == 403
    assert client.post(table, json={"surprise": 1},
                       headers={"X-Edit-Code": CODE}).status_code == 422
    assert client.post(table, json={}, headers={"X-Edit-Code": CODE}).status_code == 201


def test_a_protected_leagues_game_asks_for_the_code_before_reading_a_correction(
        client: FlaskClient) -> None:
    league_id = new_league(client, CODE)
    game = client.post("/api/v1/games", headers={"X-Edit-Code": CODE}, json={
        "rules": "classic", "league": league_id,
        "teams": [{"name": "Us", "players": ["Ann"]}, {"name": "Them", "players": ["Bob"]}]})
    assert game.status_code == 201, game.json
    game_id = game.json["id"]
    for address, body in ((f"/api/v1/games/{game_id}/rounds/1", {"teams": "all of them"}),
                          (f"/api/v1/games/{game_id}/notes", {"played_on": ["2026-12-04"]})):
        assert client.put(address, json=body).status_code == 403
        right = client.put(address, json=body, headers={"X-Edit-Code": CODE})
        assert right.status_code == 422, right.json
    notes = client.put(f"/api/v1/games/{game_id}/notes", json={"place": "The back room"},
                       headers={"X-Edit-Code": CODE})
    assert notes.status_code == 200 and notes.json["place"] == "The back room"


def test_a_club_night_form_of_a_locked_league_asks_for_the_code_first(
        client: FlaskClient) -> None:
    league_id = new_league(client, CODE)
    form = {"present": ["Nobody on the roster"], "games_each": "99", "six_seats": "fours"}
    asked = client.post(f"/leagues/{league_id}/club-nights/new", data=form)
    assert asked.status_code == 403
    page = asked.get_data(as_text=True)
    assert 'name="edit_code"' in page and 'value="fours"' in page
    season = client.post(f"/leagues/{league_id}/seasons", data={"name": ""})
    assert season.status_code == 403 and 'name="edit_code"' in season.get_data(as_text=True)
