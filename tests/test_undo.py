"""Undo: the round just recorded is taken back while nothing newer has been entered, through
the service, the JSON API and the page, never over another phone's later write."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games, leagues, standings, undo
from handfoot_score.services.games import GameConflict
from handfoot_score.services.tallies import read_entered
from tests.api_answers import errors_of
from tests.form_data import form_values
from tests.game_pages import (
    QUIET,
    page_text,
    record,
    save_round,
    start_game,
    state_of,
    tally,
)

US_OUT = {"melded": {"eight_to_king": 14, "twos": 1}, "books": {"clean": 1, "dirty": 1},
          "went_out": True}


def test_undo_takes_back_the_last_round_and_puts_its_books_back(app: Flask) -> None:
    game_id = start_game(app, "italian")
    record(app, game_id, QUIET, QUIET)
    recorded = record(app, game_id, US_OUT, QUIET)
    with app.app_context():
        state, undone = undo.undo_round(game_id, 2, recorded.version)
    assert len(state.rounds) == 1 and state.current_round == 2
    assert state.version == recorded.version + 1
    assert undone == (tally(US_OUT), tally(QUIET))
    assert state.books[0].as_counts()["clean"] == 1 and state.books[0].as_counts()["dirty"] == 1
    assert list(state.totals) == [s.total for s in recorded.rounds[0].scores]


def test_undo_never_takes_back_what_another_phone_entered_since(app: Flask) -> None:
    game_id = start_game(app, "italian")
    recorded = record(app, game_id, QUIET, QUIET)
    with app.app_context():
        games.tap_book(game_id, 1, "clean", 1)
        with pytest.raises(GameConflict) as refused:
            undo.undo_round(game_id, 1, recorded.version)
    assert "something was entered on another phone since it was recorded" in \
        refused.value.message
    assert len(state_of(app, game_id).rounds) == 1


@pytest.mark.parametrize("number", [1, 3])
def test_only_the_last_round_can_be_taken_back(app: Flask, number: int) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    recorded = record(app, game_id, QUIET, QUIET)
    with app.app_context(), pytest.raises(GameConflict) as refused:
        undo.undo_round(game_id, number, recorded.version)
    assert refused.value.message.startswith(f"Round {number} cannot be taken back")


def test_undoing_the_last_round_of_a_league_game_takes_it_out_of_the_standings(
        app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Thursday"}).id
        game = games.create_game(games.read_setup({"rules": "pagat", "league": league, "teams": [
            {"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]}))
        for _ in range(4):
            finished, _ = games.record_round(game.id, read_entered([QUIET, {}]))
        assert finished.finished
        assert [row.games for row in standings.league_standings(league).teams] == [1, 1]
        state, _ = undo.undo_round(game.id, 4, finished.version)
        assert state.status == "playing" and state.current_round == 4
        assert [row.games for row in standings.league_standings(league).teams] == []


def api_game(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"rules": "classic", "teams": [
        {"name": "Owls"}, {"name": "Foxes"}]})
    assert response.status_code == 201
    game: dict[str, Any] = response.json
    return game


def test_the_api_takes_back_a_round_on_the_version_it_was_based_on(client: FlaskClient) -> None:
    game = api_game(client)
    recorded = client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": [QUIET, QUIET]})
    version = recorded.json["version"]
    undone = client.post(f"/api/v1/games/{game['id']}/rounds/1/undo", json={"version": version})
    assert undone.status_code == 200
    assert undone.json["rounds"] == [] and undone.json["current_round"] == 1
    assert undone.json["version"] == version + 1
    again = client.post(f"/api/v1/games/{game['id']}/rounds/1/undo", json={"version": version})
    [error] = errors_of(again, 409)
    assert error["field"] == "round"


def test_the_api_refuses_a_stale_undo_with_the_version_now(client: FlaskClient) -> None:
    game = api_game(client)
    recorded = client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": [QUIET, QUIET]})
    client.post(f"/api/v1/games/{game['id']}/books",
                json={"team": 0, "kind": "clean", "change": 1, "seen": 0})
    stale = client.post(f"/api/v1/games/{game['id']}/rounds/1/undo",
                        json={"version": recorded.json["version"]})
    assert stale.status_code == 409
    assert stale.json["current"] == {"version": recorded.json["version"] + 1}
    assert stale.json["errors"][0]["field"] == "version"
    [error] = errors_of(client.post(f"/api/v1/games/{game['id']}/rounds/1/undo", json={}), 422)
    assert error["field"] == "version"




def test_the_page_lands_on_the_next_round_with_what_each_team_scored_and_undo(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=[{"name": "Owls"}, {"name": "Foxes"}])
    landed = save_round(client, game_id, 1)
    assert landed.request.path == f"/games/{game_id}"
    assert "Round 1 recorded — Owls +100, Foxes \u221245 · Undo" in page_text(landed)
    form = form_values(landed.get_data(as_text=True))
    assert form["version"] == str(state_of(app, game_id).version)
    taken = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": form["version"]},
                        follow_redirects=True)
    assert taken.request.path == f"/games/{game_id}/rounds/1"
    assert "Round 1 was taken back" in page_text(taken)
    again = form_values(taken.get_data(as_text=True))
    assert (again["teams-0-melded_eight_to_king"], again["teams-1-left_points"]) == ("30", "45")
    assert again["went_out"] == "nobody"
    assert state_of(app, game_id).rounds == ()


def test_a_stale_undo_on_the_page_says_why_and_takes_nothing_back(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    landed = save_round(client, game_id, 1)
    version = form_values(landed.get_data(as_text=True))["version"]
    with app.app_context():
        games.tap_book(game_id, 0, "clean", 1)
    refused = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": version},
                          follow_redirects=True)
    assert refused.request.path == f"/games/{game_id}"
    assert "Round 1 was not taken back: something was entered on another phone" in \
        page_text(refused)
    assert len(state_of(app, game_id).rounds) == 1


@pytest.mark.parametrize("version", ["9" * 5000, "\u00b2", "0" * 400, "x", ""])
def test_an_undo_with_a_version_that_is_no_number_takes_nothing_back(
        app: Flask, client: FlaskClient, version: str) -> None:
    game_id = start_game(app)
    save_round(client, game_id, 1)
    refused = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": version},
                          follow_redirects=True)
    assert refused.status_code == 200
    assert refused.request.path == f"/games/{game_id}"
    assert "Undo: the page was too old" in page_text(refused)
    assert len(state_of(app, game_id).rounds) == 1


def test_after_the_last_round_the_table_lands_on_the_result(app: Flask,
                                                            client: FlaskClient) -> None:
    game_id = start_game(app)
    for _ in range(3):
        record(app, game_id, QUIET, QUIET)
    landed = save_round(client, game_id, 4)
    assert landed.request.path == f"/games/{game_id}/over"
    assert "Round 4 recorded — Us +100, Them \u221245 · Undo" in page_text(landed)
