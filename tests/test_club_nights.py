"""Club nights: tonight's tables drawn through the API and the pages, each table's game started
in one tap, drawing again, and the edit code of a protected league."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import PROJECT_ROOT
from handfoot_score.extensions import db
from handfoot_score.services import club_nights, games, leagues
from handfoot_score.storage.models import ClubNight, Game, LeagueGame
from tests.serving import call, two_servers

CODE = "river and stone"
TONIGHT = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy"]


def new_league(client: FlaskClient, **body: Any) -> str:
    response = client.post("/api/v1/leagues", json={"name": "Thursday club", **body})
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def draw(client: FlaskClient, league_id: str, code: str | None = None,
         **body: Any) -> Any:
    headers = {"X-Edit-Code": code} if code else {}
    return client.post(f"/api/v1/leagues/{league_id}/club-nights", headers=headers,
                       json={"players": TONIGHT, "games_each": 3, **body})


def text(response: Any) -> str:
    return response.get_data(as_text=True)


def stored(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0)


def test_a_night_answers_every_rotations_tables_and_who_sits_out(client: FlaskClient) -> None:
    league_id = new_league(client)
    response = draw(client, league_id)
    assert response.status_code == 201, response.json
    night = response.json
    assert response.headers["Location"].endswith(
        f"/api/v1/leagues/{league_id}/club-nights/{night['id']}")
    assert len(night["rotations"]) == 3
    for rotation in night["rotations"]:
        assert [len(table["teams"]) for table in rotation["tables"]] == [2, 2]
        seated = [name for table in rotation["tables"] for team in table["teams"]
                  for name in team]
        assert sorted(seated + rotation["sitting_out"]) == sorted(TONIGHT)
        assert len(rotation["sitting_out"]) == 1
        assert all(table["game"] is None for table in rotation["tables"])
    assert client.get(response.headers["Location"]).json == night


def test_the_same_seed_draws_the_same_night(client: FlaskClient) -> None:
    league_id = new_league(client)
    first = draw(client, league_id, seed=12345).json
    second = draw(client, league_id, seed=12345).json
    assert first["id"] != second["id"]
    assert first["rotations"] == second["rotations"]
    assert draw(client, league_id, seed=54321).json["rotations"] != first["rotations"]


def test_ten_players_sit_at_a_table_of_six_as_the_night_asks(client: FlaskClient) -> None:
    league_id = new_league(client)
    players = [*TONIGHT, "Jo"]
    pairs = draw(client, league_id, players=players).json
    threes = draw(client, league_id, players=players, six_seats="threes").json
    for rotation in pairs["rotations"]:
        assert sorted(len(table["teams"]) for table in rotation["tables"]) == [2, 3]
        assert rotation["sitting_out"] == []
    for rotation in threes["rotations"]:
        assert sorted(len(team) for table in rotation["tables"]
                      for team in table["teams"]) == [2, 2, 3, 3]


def test_names_on_the_roster_take_its_spelling(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client)
    with app.app_context():
        games.create_game(games.read_setup({"rules": "classic", "league": league_id, "teams": [
            {"players": ["Ann Lee"]}, {"players": ["Bob"]}]}))
    players = ["  ann   LEE ", *TONIGHT[1:]]
    night = draw(client, league_id, players=players).json
    assert night["players"][0] == "Ann Lee"


@pytest.mark.parametrize(("body", "field"), [
    ({"players": ["Ann", "Bob", "Cy"]}, "players"),
    ({"players": TONIGHT[:7]}, "players"),
    ({"players": [f"P{n}" for n in range(49)]}, "players"),
    ({"players": [*TONIGHT[:8], " ann "]}, "players"),
    ({"players": [*TONIGHT[:8], ""]}, "players"),
    ({"players": "Ann, Bob"}, "players"),
    ({"games_each": 7}, "games_each"),
    ({"games_each": 0}, "games_each"),
    ({"games_each": "3"}, "games_each"),
    ({"games_each": True}, "games_each"),
    ({"six_seats": "fours"}, "six_seats"),
    ({"seed": -1}, "seed"),
    ({"rules": 5}, "rules"),
    ({"colour": "red"}, "colour"),
])
def test_a_night_that_cannot_be_is_a_422_naming_the_field(
        app: Flask, client: FlaskClient, body: dict[str, Any], field: str) -> None:
    league_id = new_league(client)
    response = draw(client, league_id, **body)
    assert response.status_code == 422, response.json
    assert field in [error["field"] for error in response.json["errors"]]
    assert stored(app, ClubNight) == 0


def test_a_name_twice_says_which(client: FlaskClient) -> None:
    league_id = new_league(client)
    response = draw(client, league_id, players=[*TONIGHT[:8], " ann "])
    assert [error["message"] for error in response.json["errors"]] == ["ann is listed twice"]


def test_a_protected_league_needs_its_edit_code(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client, edit_code=CODE)
    assert draw(client, league_id).status_code == 403
    assert draw(client, league_id, code="not the code").status_code == 403
    assert stored(app, ClubNight) == 0
    assert draw(client, league_id, code=CODE).status_code == 201


def test_unknown_leagues_and_nights_are_404s(client: FlaskClient) -> None:
    league_id = new_league(client)
    other = new_league(client)
    night_id = draw(client, league_id).json["id"]
    assert draw(client, "nope").status_code == 404
    assert client.get(f"/api/v1/leagues/{league_id}/club-nights/nope").status_code == 404
    assert client.get(f"/api/v1/leagues/{other}/club-nights/{night_id}").status_code == 404
    assert client.get(f"/leagues/{other}/club-nights/{night_id}").status_code == 404


def test_the_league_page_links_to_tonights_tables(client: FlaskClient) -> None:
    league_id = new_league(client)
    page = text(client.get(f"/leagues/{league_id}"))
    assert f'href="/leagues/{league_id}/club-nights/new"' in page


def test_pick_who_is_here_and_draw_on_the_page(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client)
    with app.app_context():
        games.create_game(games.read_setup({"rules": "classic", "league": league_id, "teams": [
            {"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]}))
    form = client.get(f"/leagues/{league_id}/club-nights/new")
    assert form.status_code == 200
    assert text(form).count('type="checkbox"') == 4
    response = client.post(f"/leagues/{league_id}/club-nights/new", data={
        "present": ["Ann", "Bob", "Cy", "Di"], "new_names": "Eve\n\n Flo \nGus\nHal\nIvy\n",
        "games_each": "2", "rules": "classic", "six_seats": "pairs"})
    assert response.status_code == 303
    page = text(client.get(response.location))
    assert page.count('class="table-line"') == 4  # two tables in each of two rotations
    assert page.count("Sitting out:") == 2
    assert page.count("Start this table") == 4
    assert "style=" not in page


def test_too_few_on_the_page_says_how_many(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client)
    response = client.post(f"/leagues/{league_id}/club-nights/new", data={
        "new_names": "Ann\nBob\nCy", "games_each": "3", "rules": "classic",
        "six_seats": "pairs"})
    assert response.status_code == 422
    assert "must list 8 to 48 players" in text(response)
    assert stored(app, ClubNight) == 0


def night_id_of(client: FlaskClient, league_id: str, code: str | None = None) -> str:
    return str(draw(client, league_id, code=code, seed=7).json["id"])


def test_a_table_starts_its_game_in_one_tap(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client)
    night_id = night_id_of(client, league_id)
    table = client.get(f"/api/v1/leagues/{league_id}/club-nights/{night_id}").json[
        "rotations"][1]["tables"][0]
    start = f"/leagues/{league_id}/club-nights/{night_id}/rotations/2/tables/1/start"
    response = client.post(start)
    assert response.status_code == 303
    game_id = response.location.rsplit("/", 1)[1]
    with app.app_context():
        state = games.get_game(game_id)
        assert [list(team.players) for team in state.teams] == table["teams"]
        assert [team.name for team in state.teams] == [" & ".join(t) for t in table["teams"]]
        assert db.session.get(LeagueGame, game_id).league_id == league_id
        assert {p.name for p in leagues.get_league(league_id).players} == \
            {name for team in table["teams"] for name in team}
    assert state.join_code in text(client.get(response.location))
    plan = text(client.get(f"/leagues/{league_id}/club-nights/{night_id}"))
    assert state.join_code in plan
    assert plan.count("Start this table") == 5
    again = client.post(start)
    assert again.location == response.location
    assert stored(app, Game) == 1
    shown = client.get(f"/api/v1/leagues/{league_id}/club-nights/{night_id}").json
    assert shown["rotations"][1]["tables"][0]["game"] == {
        "id": game_id, "join_code": state.join_code, "status": "playing"}


@pytest.mark.parametrize("path", ["rotations/4/tables/1", "rotations/0/tables/1",
                                  "rotations/1/tables/3"])
def test_a_table_the_night_does_not_have_is_a_404(app: Flask, client: FlaskClient,
                                                  path: str) -> None:
    league_id = new_league(client)
    night_id = night_id_of(client, league_id)
    assert client.post(f"/leagues/{league_id}/club-nights/{night_id}/{path}/start"
                       ).status_code == 404
    assert stored(app, Game) == 0


def test_draw_again_draws_the_same_players_anew(client: FlaskClient) -> None:
    league_id = new_league(client)
    night_id = night_id_of(client, league_id)
    response = client.post(f"/leagues/{league_id}/club-nights/{night_id}/draw-again")
    assert response.status_code == 303
    new_id = response.location.rsplit("/", 1)[1]
    assert new_id != night_id
    old = client.get(f"/api/v1/leagues/{league_id}/club-nights/{night_id}").json
    new = client.get(f"/api/v1/leagues/{league_id}/club-nights/{new_id}").json
    assert (new["players"], new["games_each"]) == (old["players"], old["games_each"])
    assert new["seed"] != old["seed"]


def test_a_protected_leagues_tables_start_only_with_its_code(app: Flask,
                                                            client: FlaskClient) -> None:
    league_id = new_league(client, edit_code=CODE)
    night_id = night_id_of(client, league_id, code=CODE)
    start = f"/leagues/{league_id}/club-nights/{night_id}/rotations/1/tables/1/start"
    asked = client.post(start)
    assert asked.status_code == 403
    assert "edit code" in text(asked)
    assert client.post(f"/leagues/{league_id}/club-nights/{night_id}/draw-again"
                       ).status_code == 403
    assert (stored(app, Game), stored(app, ClubNight)) == (0, 1)
    client.post(f"/leagues/{league_id}/unlock", data={"edit_code": CODE})
    assert client.post(start).status_code == 303
    assert stored(app, Game) == 1


def test_the_plan_prints_without_navigation_or_buttons(client: FlaskClient) -> None:
    league_id = new_league(client)
    night_id = night_id_of(client, league_id)
    page = text(client.get(f"/leagues/{league_id}/club-nights/{night_id}"))
    assert "/static/css/club_night.css" in page
    css = (PROJECT_ROOT / "static" / "css" / "club_night.css").read_text()
    printed = css[css.index("@media print"):]
    hidden = re.search(r"([^{}]*)\{\s*display: none;", printed)
    assert hidden is not None
    for part in (".site-header", ".site-foot", ".night-actions", ".table-start"):
        assert part in hidden.group(1)


def test_the_api_starts_a_tables_game_once(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client, edit_code=CODE)
    night_id = night_id_of(client, league_id, code=CODE)
    start = f"/api/v1/leagues/{league_id}/club-nights/{night_id}/rotations/1/tables/2/game"
    assert client.post(start, json={}).status_code == 403
    assert client.post(start, json={"rules": "classic"}, headers={"X-Edit-Code": CODE}
                       ).status_code == 422
    response = client.post(start, json={}, headers={"X-Edit-Code": CODE})
    assert response.status_code == 201
    assert response.json["status"] == "playing" and len(response.json["join_code"]) == 6
    game = client.get(response.headers["Location"]).json
    table = client.get(f"/api/v1/leagues/{league_id}/club-nights/{night_id}").json[
        "rotations"][0]["tables"][1]
    assert [team["players"] for team in game["teams"]] == table["teams"]
    assert table["game"] == response.json
    again = client.post(start, json={}, headers={"X-Edit-Code": CODE})
    assert (again.status_code, again.json) == (200, response.json)
    assert client.post(start.replace("tables/2", "tables/3"), json={},
                       headers={"X-Edit-Code": CODE}).status_code == 404
    assert stored(app, Game) == 1


def test_two_phones_tapping_one_table_at_once_start_one_game(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """Two server processes on one database, eight taps at once: one game, every tap led
    to it."""
    with two_servers(tmp_path_factory) as (first, second):
        league_id = call("POST", f"{first}/api/v1/leagues", {"name": "Club"})[1]["id"]
        night_id = call("POST", f"{first}/api/v1/leagues/{league_id}/club-nights",
                        {"players": TONIGHT, "games_each": 1})[1]["id"]
        path = f"/api/v1/leagues/{league_id}/club-nights/{night_id}/rotations/1/tables/1/game"
        answers: list[tuple[int, dict[str, Any]]] = []
        taps = [threading.Thread(target=lambda server=server: answers.append(
            call("POST", server + path, {}))) for server in [first, second] * 4]
        for tap in taps:
            tap.start()
        for tap in taps:
            tap.join()
    assert sorted(status for status, _ in answers) == [200] * 7 + [201]
    assert len({body["id"] for _, body in answers}) == 1


def test_a_tables_game_is_played_in_the_season_being_played(app: Flask) -> None:
    from datetime import date

    from handfoot_score.services import seasons
    from handfoot_score.storage.models import SeasonGame

    with app.app_context():
        league_id = leagues.create_league({"name": "Seasoned"}).id
        winter = seasons.start_season(league_id, "Winter", date(2026, 12, 1))
        night = club_nights.create_night(league_id, club_nights.night_setup(
            ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"], 1))
        game_id = club_nights.start_table(league_id, night.id, 1, 1).game.id
        joined = db.session.get(SeasonGame, game_id)
        assert joined is not None and joined.season_id == winter.id


#: The night docs/table/leagues.md shows (``TONIGHT``, three games each, seed 25), as it was
#: drawn and stored: a draw that changes is a draw that would reseat nights already stored, so it is
#: pinned here, the stored column itself.
SEED_25 = [
    {"tables": [{"teams": [["Bob", "Di"], ["Gus", "Ivy"]]},
                {"teams": [["Ann", "Hal"], ["Flo", "Cy"]]}], "sitting_out": ["Eve"]},
    {"tables": [{"teams": [["Di", "Ivy"], ["Cy", "Eve"]]},
                {"teams": [["Ann", "Gus"], ["Flo", "Hal"]]}], "sitting_out": ["Bob"]},
    {"tables": [{"teams": [["Eve", "Gus"], ["Ivy", "Ann"]]},
                {"teams": [["Hal", "Bob"], ["Di", "Cy"]]}], "sitting_out": ["Flo"]},
]


def test_a_night_is_stored_with_its_tables_as_drawn(app: Flask, client: FlaskClient) -> None:
    league_id = new_league(client)
    night = draw(client, league_id, seed=25).json
    with app.app_context():
        assert db.session.get(ClubNight, night["id"]).rotations == SEED_25
    assert [{"tables": [{"teams": table["teams"]} for table in rotation["tables"]],
             "sitting_out": rotation["sitting_out"]} for rotation in night["rotations"]] == \
        SEED_25


def test_a_night_is_shown_as_stored_and_never_drawn_again(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables edited in the database are what the API, the page, the board and a table's
    start show: nothing reads a night by drawing it."""
    league_id = new_league(client)
    night_id = draw(client, league_id, seed=25).json["id"]
    edited = [{"tables": [{"teams": [["Ivy", "Hal"], ["Gus", "Flo"]]},
                          {"teams": [["Eve", "Di"], ["Cy", "Bob"]]}], "sitting_out": ["Ann"]},
              *SEED_25[1:]]
    with app.app_context():
        db.session.get(ClubNight, night_id).rotations = edited
        db.session.commit()

    def no_draw(*args: object, **kwargs: object) -> None:
        raise AssertionError("a night was drawn again to be read")

    monkeypatch.setattr(club_nights, "draw_evening", no_draw)
    shown = client.get(f"/api/v1/leagues/{league_id}/club-nights/{night_id}").json
    assert shown["rotations"][0]["tables"][0]["teams"] == [["Ivy", "Hal"], ["Gus", "Flo"]]
    assert shown["rotations"][0]["sitting_out"] == ["Ann"]
    page = text(client.get(f"/leagues/{league_id}/club-nights/{night_id}"))
    assert "Ivy &amp; Hal" in page and "Sitting out: Ann" in page
    assert "Ivy &amp; Hal" in text(client.get(f"/leagues/{league_id}/board"))
    started = client.post(f"/api/v1/leagues/{league_id}/club-nights/{night_id}/rotations/1/"
                          "tables/2/game", json={})
    game = client.get(started.headers["Location"]).json
    assert [team["players"] for team in game["teams"]] == [["Eve", "Di"], ["Cy", "Bob"]]


def test_draw_again_leaves_the_night_drawn_before_as_it_was(app: Flask,
                                                            client: FlaskClient) -> None:
    league_id = new_league(client)
    night_id = draw(client, league_id, seed=25).json["id"]
    client.post(f"/leagues/{league_id}/club-nights/{night_id}/rotations/1/tables/1/start")
    client.post(f"/leagues/{league_id}/club-nights/{night_id}/draw-again")
    with app.app_context():
        assert db.session.get(ClubNight, night_id).rotations == SEED_25
    kept = client.get(f"/api/v1/leagues/{league_id}/club-nights/{night_id}").json
    assert kept["rotations"][0]["tables"][0]["game"] is not None
