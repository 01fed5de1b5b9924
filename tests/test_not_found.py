"""Nothing stored under an id: whichever service says so (``services.errors.NotFound``), one
handler on the app answers a page with the 404 page and the JSON API with its error."""

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.game_pages import start_game

NO_SUCH = "no-such-thing"


@pytest.mark.parametrize(("page", "api", "words"), [
    (f"/games/{NO_SUCH}", f"/api/v1/games/{NO_SUCH}", "There is no game at this address."),
    (f"/games/{NO_SUCH}/live", f"/api/v1/games/{NO_SUCH}", "There is no game at this address."),
    (f"/leagues/{NO_SUCH}", f"/api/v1/leagues/{NO_SUCH}/standings",
     "There is no league at this address."),
    (f"/leagues/{NO_SUCH}/board", f"/api/v1/leagues/{NO_SUCH}/ratings",
     "There is no league at this address."),
])
def test_an_unknown_id_is_the_404_page_or_the_json_error(
        client: FlaskClient, page: str, api: str, words: str) -> None:
    shown = client.get(page)
    assert shown.status_code == 404 and shown.mimetype == "text/html"
    answer = client.get(api)
    assert answer.status_code == 404
    assert answer.get_json() == {"errors": [{"team": None, "field": None, "message": words}]}


def test_an_unknown_club_night_of_a_league_is_said_so(client: FlaskClient) -> None:
    league = client.post("/api/v1/leagues", json={"name": "Tuesdays"}).get_json()
    night = f"/leagues/{league['id']}/club-nights/{NO_SUCH}"
    assert client.get(night).status_code == 404
    answer = client.get(f"/api/v1{night}")
    assert answer.status_code == 404
    assert answer.get_json()["errors"][0]["message"] == "There is no club night at this address."


def test_a_game_of_a_round_number_it_never_reached_is_not_found(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    assert client.get(f"/games/{game_id}/rounds/9").status_code == 404
