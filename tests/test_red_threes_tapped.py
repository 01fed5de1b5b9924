"""Red threes laid down are tapped during play, as books are (issue #23): a counter per team
on the round screen, kept with the game, in its API state and its league's backup; the count
page starts from the taps, a team that counted its last round in points starts in points, and
one team's own count says "did not go out" when its books do not allow it."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games, undo
from handfoot_score.services.errors import InvalidInput
from tests.form_data import form_values, page_form
from tests.game_pages import QUIET, record, start_game, state_of, team_panel_text

#: A round 1 of classic going out: 2 clean, 2 dirty and 1 wild book, 2 red threes laid down.
OUT = {"melded": {"jokers": 3, "twos": 8, "eight_to_king": 30},
       "books": {"clean": 2, "dirty": 2, "wild": 1}, "red_threes_down": 2, "went_out": True}
IN_POINTS = {"melded": {"points": 400}, "left": {"points": 50}}


def tap(client: FlaskClient, game_id: str, team: int, change: int,
        seen: int | None = None) -> None:
    """Press a team's red-three button on the round screen: back to the team's panel."""
    data = {"team": team, "change": change, **({} if seen is None else {"seen": seen})}
    response = client.post(f"/games/{game_id}/red-threes", data=data)
    assert response.status_code == 303
    assert response.location == f"/games/{game_id}#team-{team}"


def test_the_round_screen_counts_red_threes_laid_down_per_team(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    assert "Red threes &minus; laid down: 0 + red three" in team_panel_text(client, game_id, 0)
    tap(client, game_id, 0, 1, seen=0)
    tap(client, game_id, 0, 1, seen=1)
    tap(client, game_id, 1, 1)
    tap(client, game_id, 1, -1)
    tap(client, game_id, 1, -1)
    assert "Red threes &minus; laid down: 2 + red three" in team_panel_text(client, game_id, 0)
    assert state_of(app, game_id).red_threes == (2, 0)


def test_a_stale_tap_is_refused_with_the_count_as_it_is(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    tap(client, game_id, 0, 1, seen=0)
    refused = client.post(f"/games/{game_id}/red-threes", data={"team": 0, "change": 1,
                                                                 "seen": 0})
    assert refused.status_code == 303 and refused.location == f"/games/{game_id}"
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Another phone changed the red threes laid down by Us to 1 meanwhile" in page
    assert state_of(app, game_id).red_threes == (1, 0)


def test_no_more_red_threes_than_the_decks_hold(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        most = 2 * games.get_game(game_id).rules.decks
        for seen in range(most):
            games.tap_red_threes(game_id, 1, 1, seen=seen)
        with pytest.raises(InvalidInput):
            games.tap_red_threes(game_id, 1, 1, seen=most)
        assert games.get_game(game_id).red_threes == (0, most)


def test_the_api_taps_them_and_shows_them(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    answer = client.post(f"/api/v1/games/{game_id}/red-threes",
                         json={"team": 1, "change": 1, "seen": 0})
    assert answer.status_code == 200
    assert answer.get_json()["red_threes_down"] == [0, 1]
    stale = client.post(f"/api/v1/games/{game_id}/red-threes",
                        json={"team": 1, "change": 1, "seen": 0})
    assert stale.status_code == 409
    assert stale.get_json()["current"] == {"team": 1, "count": 1}


def test_a_recorded_round_clears_the_taps_and_its_undo_puts_them_back(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        games.tap_red_threes(game_id, 0, 1)
    recorded = record(app, game_id, OUT, QUIET)
    assert recorded.red_threes == (0, 0)
    with app.app_context():
        state, _ = undo.undo_round(game_id, 1, recorded.version)
    assert state.red_threes == (2, 0)


def test_the_count_page_fills_them_in_with_the_books(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with app.app_context():
        games.tap_book(game_id, 0, "clean", 1)
        for _tap in range(3):
            games.tap_red_threes(game_id, 0, 1)
    page = client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True)
    assert form_values(page)["teams-0-red_threes_down"] == "3"
    books = re.search(r'<fieldset class="books"><legend class="visually-hidden">Books</legend>'
                      r'.*?</fieldset>', page.split('id="team-0"')[1], re.S)
    assert books is not None and 'name="teams-0-red_threes_down"' in books.group()
    assert "Filled in from the taps during play" in page


def test_a_team_that_counted_in_points_starts_in_points(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    record(app, game_id, IN_POINTS, QUIET)
    values = page_form(client, f"/games/{game_id}/rounds/2")
    assert values.get("teams-0-points_mode") == "y"
    assert values.get("teams-0-points_shown") == "1"
    assert "teams-1-points_mode" not in values


def test_one_teams_count_asks_who_went_out_whatever_its_books_tapped(
        app: Flask, client: FlaskClient) -> None:
    """Books tapped during play may be fewer than those made: a team's own page takes no
    answer for it (a "No" left as it was cost the team that went out its 100), and a save
    unanswered asks, naming the team, with what was typed kept."""
    game_id = start_game(app)
    with app.app_context():
        for kind in ("clean", "clean", "dirty", "dirty", "wild"):
            games.tap_book(game_id, 0, kind, 1)
        games.tap_book(game_id, 1, "clean", 1)
    for page in ("rounds/1?team=1", "rounds/1?team=0", "rounds/1"):
        assert "went_out" not in page_form(client, f"/games/{game_id}/{page}"), page
    values = page_form(client, f"/games/{game_id}/rounds/1?team=1")
    values["teams-1-melded_points"] = "1234"
    answer = client.post(f"/games/{game_id}/rounds/1/teams/1", data=values)
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "Did Them go out? Choose “Yes, Them went out” or “No”." in page
    assert form_values(page)["teams-1-melded_points"] == "1234"
