"""Games through the JSON API: a whole game per preset, corrections, double submits."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.scoring import score_round
from handfoot_score.services.tallies import read_tallies

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def going_out_tally(rules_id: str) -> dict[str, Any]:
    """A tally that holds exactly the books the preset asks for to go out."""
    books = PRESETS[rules_id].rounds[0].going_out_books
    naturals = 7 * books.clean + 5 * books.dirty
    return {
        "melded": {"jokers": 2 * books.wild + 1, "twos": 5 * books.wild + books.dirty,
                   "aces": 4, "eight_to_king": naturals, "four_to_seven": 3},
        "left": {"black_threes": 1},
        "books": {"clean": books.clean, "dirty": books.dirty, "wild": books.wild},
        "red_threes_down": 1,
        "went_out": True,
    }


def caught_tally() -> dict[str, Any]:
    """A team caught with cards: counted in points, a red three in hand."""
    return {"melded": {"points": 230}, "left": {"points": 85}, "red_threes_left": 1}


def new_game(client: FlaskClient, rules: object = "classic") -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"rules": rules, "teams": TEAMS})
    assert response.status_code == 201, response.json
    return response.json


@pytest.mark.parametrize("rules_id", sorted(PRESETS))
def test_a_whole_game_through_the_api_totals_as_the_engine(client: FlaskClient,
                                                           rules_id: str) -> None:
    game = new_game(client, rules_id)
    rules = PRESETS[rules_id]
    expected = [0, 0]
    for number in range(1, 5):
        teams = [going_out_tally(rules_id), caught_tally()] if number % 2 else \
            [caught_tally(), going_out_tally(rules_id)]
        response = client.post(f"/api/v1/games/{game['id']}/rounds",
                               json={"round": number, "teams": teams})
        assert response.status_code == 201, response.json
        engine = score_round(rules, number, read_tallies(teams))
        expected = [t + s.total for t, s in zip(expected, engine.teams)]
        assert response.json["totals"] == expected
        assert response.json["rounds"][-1]["teams"][0]["total"] == engine.teams[0].total
    state = client.get(f"/api/v1/games/{game['id']}").json
    assert state["finished"] is True
    assert state["current_round"] is None
    assert state["winners"] == [expected.index(max(expected))] if expected[0] != expected[1] \
        else [0, 1]
    assert [r["number"] for r in state["rounds"]] == [1, 2, 3, 4]


def test_new_game_state_shape(client: FlaskClient) -> None:
    game = new_game(client, {"base": "pagat", "red_three": {"down": 0, "left": 500}})
    assert set(game) >= {"id", "rules", "teams", "rounds", "totals", "current_round",
                         "meld_minimum", "finished", "winners"}
    assert game["rules"]["red_three"] == {"down": 0, "left": 500, "down_when_not_out": None}
    assert game["teams"] == TEAMS
    assert game["current_round"] == 1
    assert game["meld_minimum"] == [50, 50]
    assert game["totals"] == [0, 0]
    assert len(game["id"]) >= 20  # unguessable: a capability link


def test_round_out_of_order_is_409(client: FlaskClient) -> None:
    game = new_game(client)
    teams = [going_out_tally("classic"), caught_tally()]
    response = client.post(f"/api/v1/games/{game['id']}/rounds", json={"round": 2, "teams": teams})
    assert response.status_code == 409
    assert response.json["errors"][0]["field"] == "round"


def test_a_finished_game_takes_no_more_rounds(client: FlaskClient) -> None:
    game = new_game(client)
    teams = [going_out_tally("classic"), caught_tally()]
    for _ in range(4):
        client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": teams})
    response = client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": teams})
    assert response.status_code == 409


def test_double_submit_with_one_request_key_records_one_round(client: FlaskClient) -> None:
    game = new_game(client)
    body = {"teams": [going_out_tally("classic"), caught_tally()], "request_key": "tap-1"}
    first = client.post(f"/api/v1/games/{game['id']}/rounds", json=body)
    again = client.post(f"/api/v1/games/{game['id']}/rounds", json=body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert len(again.json["rounds"]) == 1
    assert again.json["totals"] == first.json["totals"]


def test_reopening_round_one_after_round_three_changes_totals_and_nothing_else(
        client: FlaskClient) -> None:
    game = new_game(client)
    out, caught = going_out_tally("classic"), caught_tally()
    for _ in range(3):
        client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": [out, caught]})
    before = client.get(f"/api/v1/games/{game['id']}").json
    changed = {**caught, "melded": {"points": 430}}
    response = client.put(f"/api/v1/games/{game['id']}/rounds/1",
                          json={"teams": [out, changed], "version": 1})
    assert response.status_code == 200, response.json
    after = response.json
    assert after["totals"] == [before["totals"][0], before["totals"][1] + 200]
    assert after["rounds"][1:] == before["rounds"][1:]
    assert after["rounds"][0]["version"] == 2
    assert after["rounds"][0]["teams"][0] == before["rounds"][0]["teams"][0]
    assert after["current_round"] == 4


def test_a_stale_correction_is_409(client: FlaskClient) -> None:
    game = new_game(client)
    teams = [going_out_tally("classic"), caught_tally()]
    client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": teams})
    assert client.put(f"/api/v1/games/{game['id']}/rounds/1",
                      json={"teams": teams, "version": 1}).status_code == 200
    stale = client.put(f"/api/v1/games/{game['id']}/rounds/1", json={"teams": teams, "version": 1})
    assert stale.status_code == 409
    assert stale.json["errors"][0]["field"] == "version"


def test_an_impossible_round_names_team_and_field(client: FlaskClient) -> None:
    game = new_game(client, "pagat")
    teams = [going_out_tally("pagat"), {**caught_tally(), "books": {"wild": 1}}]
    response = client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": teams})
    assert response.status_code == 422
    assert {"team": 1, "field": "books.wild"} in [
        {"team": e["team"], "field": e["field"]} for e in response.json["errors"]]
    assert client.get(f"/api/v1/games/{game['id']}").json["rounds"] == []


@pytest.mark.parametrize("body, field", [
    ({"rules": "classic", "teams": [{"name": "Solo"}]}, "teams"),
    ({"rules": "classic", "teams": TEAMS, "first_dealer": 9}, "first_dealer"),
    ({"rules": "classic", "teams": TEAMS, "colour": "red"}, "colour"),
    ({"teams": TEAMS}, "rules"),
    ({"rules": {"base": "classic", "decks": 0}, "teams": TEAMS}, "rules.decks"),
])
def test_bad_new_games_are_422_naming_the_field(client: FlaskClient, body: dict[str, Any],
                                                field: str) -> None:
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert field in [e["field"] for e in response.json["errors"]]


def test_unknown_games_are_404(client: FlaskClient) -> None:
    assert client.get("/api/v1/games/no-such-game").status_code == 404
    assert client.post("/api/v1/games/no-such-game/rounds",
                       json={"teams": []}).status_code == 404
    assert client.put("/api/v1/games/no-such-game/rounds/1",
                      json={"teams": [], "version": 1}).status_code == 404


def test_score_based_minimums_follow_each_team_total(client: FlaskClient) -> None:
    rules = {"base": "classic", "meld_minimum_by_score": [[None, 50], [1000, 90], [3000, 120]]}
    game = new_game(client, rules)
    teams = [going_out_tally("classic"), caught_tally()]
    state = client.post(f"/api/v1/games/{game['id']}/rounds", json={"teams": teams}).json
    assert state["totals"][0] >= 3000 and state["totals"][1] < 1000
    assert state["meld_minimum"] == [120, 50]


SIX = [{"name": "Us", "players": ["Ann", "Bob", "Cy"]},
       {"name": "Them", "players": ["Di", "Ed", "Flo"]}]


@pytest.mark.parametrize(("rules_id", "decks"), [("pagat", 6), ("classic", 5)])
def test_a_game_of_six_plays_the_decks_its_rules_give_six(client: FlaskClient, rules_id: str,
                                                          decks: int) -> None:
    response = client.post("/api/v1/games", json={"rules": rules_id, "teams": SIX})
    assert response.status_code == 201, response.json
    assert response.json["rules"]["decks"] == decks
    # Two thousand five hundred melded by a team of three: more than four decks hold.
    team = {"melded": {"points": 2_500}, "left": {"points": 0},
            "books": {"clean": 2, "dirty": 2}}
    answer = client.post(f"/api/v1/games/{response.json['id']}/rounds",
                         json={"round": 1, "teams": [team, caught_tally()]})
    assert answer.status_code == 201, answer.json


def test_teams_known_by_name_alone_keep_the_rules_own_decks(client: FlaskClient) -> None:
    # A team with no players named may be one player or a partnership: no count to follow.
    teams = [{"name": "Us"}, {"name": "Them", "players": ["Cy", "Di", "Ed"]}]
    response = client.post("/api/v1/games", json={"rules": "pagat", "teams": teams})
    assert response.status_code == 201, response.json
    assert response.json["rules"]["decks"] == 4
