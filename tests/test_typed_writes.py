"""The edges read what a phone sends once, with one reader per shape, and the game commands
take typed values: each mistake is still named as it was, and a tally is stored as what it
counts."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.tally import CardCounts, Points, Tally
from handfoot_score.extensions import db
from handfoot_score.services import games, leagues
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.games import GameSetup, TeamSetup
from handfoot_score.services.tallies import read_entered, read_tallies, tally_json
from handfoot_score.storage.models import SavedRules
from tests.game_pages import QUIET, start_game, state_of

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
#: A tally as a client may send it, zeros and defaults spelled out.
AS_SENT = {"went_out": False, "left": {}, "melded": {"points": 120}, "red_threes_down": 0}


def errors(response: Any, status: int) -> list[dict[str, Any]]:
    assert response.status_code == status, response.json
    return list(response.json["errors"])


def test_a_tally_is_stored_and_shown_back_as_what_it_counts(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    recorded = client.post(f"/api/v1/games/{game_id}/rounds", json={"teams": [AS_SENT, {}]})
    assert recorded.status_code == 201
    # The defaults spelled out are left out; what was counted, and how, stays.
    assert recorded.json["rounds"][0]["tallies"] == [{"melded": {"points": 120}}, {}]
    [entered, empty] = read_entered([AS_SENT, {}])
    assert entered == Tally(melded=Points(120), left=CardCounts()) == read_tallies([AS_SENT])[0]
    assert empty == Tally() and tally_json(empty) == {}
    assert state_of(app, game_id).rounds[0].tallies == (entered, empty)


@pytest.mark.parametrize("teams", ["two", None, {"0": QUIET}, 2])
def test_tallies_that_are_no_list_are_asked_for_one_a_team(
        app: Flask, client: FlaskClient, teams: object) -> None:
    game_id = start_game(app)
    [error] = errors(client.post(f"/api/v1/games/{game_id}/rounds", json={"teams": teams}), 422)
    assert error == {"team": None, "field": "teams",
                     "message": "must list a tally for each of the 2 teams"}


@pytest.mark.parametrize("seen", ["0,0", [0], [0, "1"], [0, None], {"0": 0}])
def test_count_versions_that_cannot_be_read_are_asked_for_one_a_team(
        app: Flask, client: FlaskClient, seen: object) -> None:
    game_id = start_game(app)
    body = {"teams": [QUIET, QUIET], "part_versions": seen}
    [error] = errors(client.post(f"/api/v1/games/{game_id}/rounds", json=body), 422)
    assert error == {"team": None, "field": "part_versions",
                     "message": "must list a version for each of the 2 teams"}


@pytest.mark.parametrize("body, field", [
    ({"teams": [QUIET, QUIET], "round": "1"}, "round"),
    ({"teams": [QUIET, QUIET], "round": None}, "round"),
    ({"teams": [QUIET, QUIET], "request_key": ""}, "request_key"),
    ({"teams": [QUIET, QUIET], "request_key": 7}, "request_key"),
    ({"teams": [QUIET, {"melded": {"jokers": -1}}]}, "melded.jokers"),
])
def test_each_field_of_a_round_is_named_as_before(
        app: Flask, client: FlaskClient, body: dict[str, Any], field: str) -> None:
    game_id = start_game(app)
    [error] = errors(client.post(f"/api/v1/games/{game_id}/rounds", json=body), 422)
    assert error["field"] == field
    assert state_of(app, game_id).rounds == ()


@pytest.mark.parametrize("version", ["1", None, 1.5, [1]])
def test_a_correction_on_a_version_that_is_no_number_shows_the_round_as_stored(
        app: Flask, client: FlaskClient, version: object) -> None:
    game_id = start_game(app)
    client.post(f"/api/v1/games/{game_id}/rounds", json={"teams": [QUIET, QUIET]})
    stale = client.put(f"/api/v1/games/{game_id}/rounds/1",
                       json={"teams": [QUIET, {}], "version": version})
    assert stale.status_code == 409
    assert stale.json["current"] == {"round": 1, "version": 1, "teams": [QUIET, QUIET]}


@pytest.mark.parametrize("body, field, team", [
    ({"tally": QUIET, "version": -1}, "version", 1),
    ({"tally": QUIET, "version": "0"}, "version", 1),
    ({"tally": [QUIET], "version": 0}, "tally", 1),
    ({"tally": {"melded": {"twos": "3"}}, "version": 0}, "melded.twos", 1),
])
def test_each_field_of_a_teams_count_is_named_with_its_team(
        app: Flask, client: FlaskClient, body: dict[str, Any], field: str, team: int) -> None:
    game_id = start_game(app)
    [error] = errors(client.put(f"/api/v1/games/{game_id}/rounds/1/parts/1", json=body), 422)
    assert (error["field"], error["team"]) == (field, team)


def test_a_set_up_reads_every_team_and_the_first_dealer(app: Flask) -> None:
    with app.app_context():
        setup = games.read_setup({"rules": "classic", "teams": [
            {"name": "  Us  ", "players": ["Ann", " Bob"]}, {}], "first_dealer": 2})
    assert setup == GameSetup(PRESETS["classic"], (TeamSetup("Us", ("Ann", "Bob")),
                                                   TeamSetup("Team 2", ())), first_dealer=2)


@pytest.mark.parametrize("body, field", [
    ({"rules": "classic", "teams": TEAMS, "first_dealer": 4}, "first_dealer"),
    ({"rules": "classic", "teams": TEAMS, "first_dealer": True}, "first_dealer"),
    ({"rules": "classic", "teams": TEAMS, "league": 7}, "league"),
    ({"rules": "classic", "teams": [TEAMS[0]]}, "teams"),
    ({"rules": "classic", "teams": TEAMS, "colour": "red"}, "colour"),
])
def test_a_set_up_that_cannot_be_names_its_field(app: Flask, body: dict[str, Any],
                                                 field: str) -> None:
    with app.app_context(), pytest.raises(InvalidInput) as refused:
        games.read_setup(body)
    assert [problem.field for problem in refused.value.problems] == [field]


def test_a_set_up_has_a_seat_for_its_first_dealer() -> None:
    with pytest.raises(InvalidInput) as refused:
        GameSetup(PRESETS["classic"], (TeamSetup("Us"), TeamSetup("Them")), first_dealer=2)
    assert refused.value.problems[0].text == "must be a seat number from 0 to 1"


def test_a_league_game_refused_at_the_table_saves_no_rules(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Club"}).id
        twice = games.read_setup({"rules": "pagat", "league": league, "teams": [
            {"players": ["Ann"]}, {"players": ["ann"]}]})
        with pytest.raises(InvalidInput) as refused:
            games.create_game(twice, save_rules_as="Ours")
        assert refused.value.problems[0].field == "players"
        assert db.session.scalars(sa.select(SavedRules)).all() == []
