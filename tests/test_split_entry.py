"""Each team counts its own cards on its own phone: saved counts, the round recorded when the
last one is in, stale saves refused with the other phone's count, and the tally page's
one-team mode."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.scoring import score_round
from handfoot_score.engine.tally import Points
from handfoot_score.services.tallies import read_tallies
from tests.form_data import form_values
from tests.game_pages import as_stored, page_text, start_game, state_of

US_OUT = {"melded": {"jokers": 1, "twos": 3, "aces": 4, "eight_to_king": 26, "four_to_seven": 3},
          "books": {"clean": 2, "dirty": 2, "wild": 0}, "went_out": False}
THEM = {"melded": {"points": 230}, "left": {"points": 85}, "red_threes_left": 1}


def part_url(game_id: str, number: int, team: int) -> str:
    return f"/api/v1/games/{game_id}/rounds/{number}/parts/{team}"


def save(client: FlaskClient, game_id: str, team: int, tally: dict[str, Any],
         version: int = 0, number: int = 1) -> Any:
    return client.put(part_url(game_id, number, team), json={"tally": tally, "version": version})


def test_the_round_is_recorded_when_the_last_teams_count_is_in(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    first = save(client, game_id, 1, THEM)
    assert first.status_code == 200, first.json
    assert first.json["rounds"] == [] and first.json["version"] == 2
    assert first.json["parts"] == [{"team": 1, "version": 1, "tally": THEM}]
    state = state_of(app, game_id)
    assert [(c.name, c.saved) for c in state.counting] == [("Us", False), ("Them", True)]
    last = save(client, game_id, 0, US_OUT)
    assert last.status_code == 200, last.json
    game = last.json
    assert game["parts"] == [] and game["current_round"] == 2 and game["version"] == 3
    engine = score_round(PRESETS["classic"], 1, read_tallies([US_OUT, THEM]))
    assert game["totals"] == [team.total for team in engine.teams]
    assert game["rounds"][0]["tallies"] == [as_stored(US_OUT), as_stored(THEM)]


def test_a_save_on_a_stale_version_is_refused_with_the_other_phones_count(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    assert save(client, game_id, 1, THEM).status_code == 200
    mine = {**THEM, "melded": {"points": 300}}
    stale = save(client, game_id, 1, mine)
    assert stale.status_code == 409
    assert stale.json["current"] == {"team": 1, "version": 1, "tally": THEM}
    assert "The count for Them was saved on another phone" in stale.json["errors"][0]["message"]
    reapplied = save(client, game_id, 1, mine, version=1)
    assert reapplied.json["parts"] == [{"team": 1, "version": 2, "tally": mine}]


def test_a_count_that_cannot_be_names_its_team_and_saves_nothing(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "pagat")
    response = save(client, game_id, 1, {**THEM, "books": {"wild": 1}})
    assert response.status_code == 422
    assert {"team": 1, "field": "books.wild"} in [
        {"team": e["team"], "field": e["field"]} for e in response.json["errors"]]
    assert state_of(app, game_id).parts == ()


def test_two_teams_going_out_refuses_the_last_count_and_records_nothing(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "italian")
    out = {"melded": {"jokers": 1, "twos": 1, "aces": 3, "eight_to_king": 12},
           "books": {"clean": 1, "dirty": 1}, "went_out": True}
    assert save(client, game_id, 0, out).status_code == 200
    both = save(client, game_id, 1, out)
    assert both.status_code == 422
    assert both.json["errors"][0]["field"] == "went_out"
    state = state_of(app, game_id)
    assert state.rounds == () and [p.team for p in state.parts] == [0]


@pytest.mark.parametrize("number, team, body, status", [
    (2, 0, {"tally": THEM, "version": 0}, 409),
    (1, 2, {"tally": THEM, "version": 0}, 422),
    (1, 0, {"tally": THEM, "version": "0"}, 422),
    (1, 0, {"tally": [], "version": 0}, 422),
    (1, 0, {"tally": THEM}, 422),
])
def test_counts_for_no_such_round_or_team_are_refused(
        app: Flask, client: FlaskClient, number: int, team: int, body: dict[str, Any],
        status: int) -> None:
    game_id = start_game(app)
    response = client.put(part_url(game_id, number, team), json=body)
    assert response.status_code == status, response.json


def test_a_count_for_a_round_recorded_meanwhile_shows_the_round(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    client.post(f"/api/v1/games/{game_id}/rounds", json={"teams": [US_OUT, THEM]})
    late = save(client, game_id, 0, US_OUT)
    assert late.status_code == 409
    assert late.json["current"]["teams"] == [as_stored(US_OUT), as_stored(THEM)]


def test_a_whole_round_based_on_old_counts_is_refused(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    save(client, game_id, 1, THEM)
    rounds = f"/api/v1/games/{game_id}/rounds"
    stale = client.post(rounds, json={"teams": [US_OUT, {}], "part_versions": [0, 0]})
    assert stale.status_code == 409
    assert stale.json["current"] == {"parts": [{"team": 1, "version": 1,
                                                "tally": as_stored(THEM)}]}
    seen = client.post(rounds, json={"teams": [US_OUT, {}], "part_versions": [0, 1]})
    assert seen.status_code == 201
    assert seen.json["parts"] == []
    assert seen.json["rounds"][0]["tallies"] == [as_stored(US_OUT), {}]


def test_one_team_on_its_own_phone_sees_only_its_inputs(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = start_game(app)
    page = client.get(f"/games/{game_id}/rounds/1?team=1").get_data(as_text=True)
    values = form_values(page)
    assert "teams-1-melded_aces" in values and "teams-0-melded_aces" not in values
    assert values["teams-0-part_version"] == "0" and values["teams-1-part_version"] == "0"
    assert "Did Them go out?" in page
    assert f'action="/games/{game_id}/rounds/1/teams/1"' in page


@pytest.mark.parametrize("team", ["2", "x", "-1"])
def test_no_such_team_is_not_found(app: Flask, client: FlaskClient, team: str) -> None:
    game_id = start_game(app)
    assert client.get(f"/games/{game_id}/rounds/1?team={team}").status_code == 404


def test_counting_team_by_team_through_the_pages(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    them = form_values(client.get(f"/games/{game_id}/rounds/1?team=1").get_data(as_text=True))
    them.update({"teams-1-points_mode": "y", "teams-1-points_shown": "1",
                 "teams-1-melded_points": "230", "teams-1-left_points": "85",
                 "teams-1-red_threes_left": "1", "went_out": "nobody"})
    saved = client.post(f"/games/{game_id}/rounds/1/teams/1", data=them, follow_redirects=True)
    assert saved.request.path == f"/games/{game_id}"
    text = page_text(saved)
    assert "Count saved for Them. Still counting: Us." in text
    assert "Us: still counting" in text and "Them: count saved" in text

    # The whole-round page shows Them's count as saved, based on its version.
    whole = client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True)
    assert form_values(whole)["teams-1-melded_points"] == "230"
    assert form_values(whole)["teams-1-part_version"] == "1"
    assert "This is the count saved for Them" in whole

    us = form_values(client.get(f"/games/{game_id}/rounds/1?team=0").get_data(as_text=True))
    # 52 cards, as dealt to a team of two: 30 of 8 to King on the table, 22 cards left.
    us.update({"teams-0-melded_eight_to_king": "30", "teams-0-left_eight_to_king": "18",
               "teams-0-left_four_to_seven": "4", "went_out": "nobody"})
    done = client.post(f"/games/{game_id}/rounds/1/teams/0", data=us, follow_redirects=True)
    # The last count in records the round: the table lands on round 2, told what it scored.
    assert done.request.path == f"/games/{game_id}"
    assert "Round 1 recorded — Us +100, Them +45 · Undo" in page_text(done)
    state = state_of(app, game_id)
    assert len(state.rounds) == 1 and state.parts == ()
    assert state.rounds[0].tallies[1].melded == Points(230)


def test_a_stale_count_on_the_page_shows_theirs_and_saving_again_puts_mine(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    mine = form_values(client.get(f"/games/{game_id}/rounds/1?team=1").get_data(as_text=True))
    save(client, game_id, 1, THEM)
    mine["teams-1-melded_aces"] = "4"
    mine["teams-1-left_eight_to_king"] = "48"
    mine["went_out"] = "nobody"
    refused = client.post(f"/games/{game_id}/rounds/1/teams/1", data=mine)
    assert refused.status_code == 409
    page = refused.get_data(as_text=True)
    text = page_text(refused)
    assert "The count for Them was saved on another phone meanwhile" in text
    assert "Them on the other phone: on the table 230 points; left 85 points; " \
           "1 red three caught." in text
    kept = form_values(page)
    assert kept["teams-1-melded_aces"] == "4" and kept["teams-1-part_version"] == "1"
    assert client.post(f"/games/{game_id}/rounds/1/teams/1", data=kept).status_code == 303
    saved = state_of(app, game_id).part(1)
    assert saved is not None and saved.tally.melded.aces == 4


def test_a_whole_round_saved_over_a_newer_count_is_refused_on_the_page(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    values = form_values(client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True))
    save(client, game_id, 1, THEM)
    values["teams-0-melded_aces"] = values["teams-1-melded_aces"] = "3"
    values["teams-0-left_eight_to_king"] = values["teams-1-left_eight_to_king"] = "49"
    values["went_out"] = "nobody"
    refused = client.post(f"/games/{game_id}/rounds/1/record", data=values)
    assert refused.status_code == 409
    assert "Them saved their count on another phone meanwhile" in page_text(refused)
    kept = form_values(refused.get_data(as_text=True))
    assert kept["teams-1-part_version"] == "1"
    assert client.post(f"/games/{game_id}/rounds/1/record", data=kept).status_code == 303
    assert len(state_of(app, game_id).rounds) == 1
