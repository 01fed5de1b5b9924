"""Seasons of a league: starting one (with the edit code where the league has one), the
standings of a season, an earlier one and all time, in the pages, the CSV and the API."""

from __future__ import annotations

import html
from datetime import UTC, date, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import league_versions, leagues, seasons, standings
from handfoot_score.services.edit_codes import EditCodeRequired
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.player_history import player_history
from handfoot_score.services.standings import Standing
from tests.test_standings import play

CODE = "river and stone"


def lines(rows: tuple[Standing, ...]) -> list[tuple[Any, ...]]:
    return [(row.name, row.games, row.wins, row.ties, row.losses, row.points) for row in rows]


@pytest.fixture
def league(app: Flask) -> dict[str, Any]:
    """A league with a game before its first season, two games in Spring, one in Summer."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Club"}).id
        play(league_id, [["Ann"], ["Bob"]], [1000, 500])
        spring = seasons.start_season(league_id, "Spring", date(2026, 3, 1))
        play(league_id, [["Ann"], ["Bob"]], [200, 900])
        play(league_id, [["Ann"], ["Cy"]], [600, 600])
        summer = seasons.start_season(league_id, "  Summer  2026 ", date(2026, 6, 1))
        play(league_id, [["Bob"], ["Cy"]], [300, 100])
        return {"id": league_id, "spring": spring.id, "summer": summer.id}


def test_seasons_split_the_standings(app: Flask, league: dict[str, Any]) -> None:
    with app.app_context():
        now = standings.league_standings(league["id"])
        spring = standings.league_standings(league["id"], season=str(league["spring"]))
        every = standings.league_standings(league["id"], season="all")
    assert now.seasons.season is not None and now.seasons.season.name == "Summer 2026"
    assert lines(now.players) == [("Bob", 1, 1, 0, 0, 300), ("Cy", 1, 0, 0, 1, 100)]
    assert lines(spring.players) == [("Bob", 1, 1, 0, 0, 900), ("Ann", 2, 0, 1, 1, 800),
                                     ("Cy", 1, 0, 1, 0, 600)]
    assert every.seasons.season is None
    assert lines(every.players) == [("Bob", 3, 2, 0, 1, 1700), ("Ann", 3, 1, 1, 1, 1800),
                                    ("Cy", 2, 0, 1, 1, 700)]


def test_a_league_without_seasons_reads_all_time(app: Flask) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Plain"}).id
        play(league_id, [["Ann"], ["Bob"]], [1000, 500])
        table = standings.league_standings(league_id)
        assert table.seasons.seasons == () and table.seasons.season is None
        assert lines(table.players) == [("Ann", 1, 1, 0, 0, 1000), ("Bob", 1, 0, 0, 1, 500)]
        assert lines(standings.league_standings(league_id, season="all").players) == \
            lines(table.players)


@pytest.mark.parametrize("asked", ["12345", "x", "-1", "²", "0" * 40])
def test_an_unknown_season_is_refused_naming_the_field(app: Flask, league: dict[str, Any],
                                                       asked: str) -> None:
    with app.app_context(), pytest.raises(InvalidInput) as refused:
        standings.league_standings(league["id"], season=asked)
    assert [problem.field for problem in refused.value.problems] == ["season"]


def test_a_season_of_another_league_is_not_this_ones(app: Flask, league: dict[str, Any]
                                                     ) -> None:
    with app.app_context():
        other = leagues.create_league({"name": "Other"}).id
        with pytest.raises(InvalidInput):
            standings.league_standings(other, season=str(league["spring"]))


@pytest.mark.parametrize(("name", "starts_on", "field"), [
    ("", date(2026, 7, 1), "name"),
    ("x" * 61, date(2026, 7, 1), "name"),
    ("bad\x00name", date(2026, 7, 1), "name"),
    ("summer 2026", date(2026, 7, 1), "name"),
    ("Autumn", date(2026, 5, 1), "starts_on"),
    ("Autumn", date(1, 1, 1), "starts_on"),
])
def test_a_season_that_cannot_start_says_which_field(
        app: Flask, league: dict[str, Any], name: str, starts_on: date, field: str) -> None:
    with app.app_context():
        with pytest.raises(InvalidInput) as refused:
            seasons.start_season(league["id"], name, starts_on)
        assert [problem.field for problem in refused.value.problems] == [field]
        assert [s.name for s in seasons.league_seasons(league["id"])] == ["Spring",
                                                                           "Summer 2026"]


def test_starting_a_season_needs_the_edit_code(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Guarded", "edit_code": CODE}).id
        with pytest.raises(EditCodeRequired):
            seasons.start_season(league_id, "Spring", date(2026, 3, 1))
    response = client.post(f"/leagues/{league_id}/seasons",
                           data={"name": "Spring", "starts_on": "2026-03-01"})
    # The unlock page, carrying the season's fields to post again once the code is right.
    assert response.status_code == 403
    assert 'name="name" value="Spring"' in response.get_data(as_text=True)
    with app.app_context():
        assert seasons.league_seasons(league_id) == ()
    client.post(f"/leagues/{league_id}/unlock", data={"edit_code": CODE})
    response = client.post(f"/leagues/{league_id}/seasons",
                           data={"name": "Spring", "starts_on": "2026-03-01"})
    assert response.status_code == 303
    with app.app_context():
        assert [s.name for s in seasons.league_seasons(league_id)] == ["Spring"]


def test_the_page_starts_a_season_and_switches_between_seasons(
        app: Flask, client: FlaskClient, league: dict[str, Any]) -> None:
    page = client.get(f"/leagues/{league['id']}").get_data(as_text=True)
    assert 'aria-current="page">Summer 2026</a>' in page
    assert f'href="/leagues/{league["id"]}?season={league["spring"]}"' in page
    assert f'href="/leagues/{league["id"]}?season=all"' in page
    assert ">Ann</a>" not in page  # Ann played no game this season
    spring = client.get(f"/leagues/{league['id']}?season={league['spring']}")
    assert 'aria-current="page">Spring</a>' in spring.get_data(as_text=True)
    assert ">Ann</a>" in spring.get_data(as_text=True)
    assert client.get(f"/leagues/{league['id']}?season=999999").status_code == 404
    refused = client.post(f"/leagues/{league['id']}/seasons",
                          data={"name": "Spring", "starts_on": "2026-07-01"})
    assert refused.status_code == 422
    assert "is the name of a season of this league already" in refused.get_data(as_text=True)
    assert client.post(f"/leagues/{league['id']}/seasons",
                       data={"name": "Autumn", "starts_on": "someday"}).status_code == 422
    started = client.post(f"/leagues/{league['id']}/seasons",
                          data={"name": "Autumn", "starts_on": "2026-09-01"})
    assert started.status_code == 303
    page = client.get(started.location).get_data(as_text=True)
    assert 'aria-current="page">Autumn</a>' in page
    assert "No finished games yet." in page
    today = client.post(f"/leagues/{league['id']}/seasons",
                        data={"name": "Winter", "starts_on": ""})
    assert today.status_code == 303
    with app.app_context():
        assert seasons.league_seasons(league["id"])[-1].starts_on == \
            datetime.now(UTC).date()


def test_the_csv_and_the_api_read_a_season(client: FlaskClient, league: dict[str, Any]
                                           ) -> None:
    base = f"/leagues/{league['id']}"
    assert "Ann" not in client.get(base + "/standings.csv").get_data(as_text=True)
    assert "Ann" in client.get(base + "/standings.csv?season=all").get_data(as_text=True)
    now = client.get(f"/api/v1{base}/standings").json
    assert now["season"]["name"] == "Summer 2026"
    assert [s["starts_on"] for s in now["seasons"]] == ["2026-03-01", "2026-06-01"]
    assert [p["name"] for p in now["players"]] == ["Bob", "Cy"]
    every = client.get(f"/api/v1{base}/standings?season=all").json
    assert every["season"] is None and len(every["players"]) == 3
    spring = client.get(f"/api/v1{base}/standings?season={league['spring']}").json
    assert [p["games"] for p in spring["players"]] == [1, 2, 1]
    for asked in ("nope", "999999", ""):
        refused = client.get(f"/api/v1{base}/standings?season={asked}&x=1")
        if asked:
            assert refused.status_code == 422
            assert refused.json["errors"][0]["field"] == "season"
    assert client.get(f"/api/v1{base}/export?season=nope").status_code == 422


def test_a_new_season_changes_the_standings_version(app: Flask, league: dict[str, Any]
                                                    ) -> None:
    with app.app_context():
        before = league_versions.standings_version(league["id"])
        seasons.start_season(league["id"], "Autumn", date(2026, 9, 1))
        assert league_versions.standings_version(league["id"]) != before


def test_a_players_page_reads_a_season_or_all_time(app: Flask, client: FlaskClient,
                                                   league: dict[str, Any]) -> None:
    with app.app_context():
        bob = next(p.id for p in leagues.get_league(league["id"]).players if p.name == "Bob")
        every = player_history(league["id"], bob)
        spring = player_history(league["id"], bob, str(league["spring"]))
    assert [g.points for g in every.games] == [500, 900, 300]
    assert every.standing is not None and every.standing.games == 3
    assert [g.points for g in spring.games] == [900]
    assert spring.standing is not None and (spring.standing.games, spring.standing.wins) == \
        (1, 1)
    assert (spring.round_points, spring.rounds) == (900, 4)
    # The season's standings link each name to that season's page of the player.
    standings_page = client.get(f"/leagues/{league['id']}?season={league['spring']}")
    link = f"/leagues/{league['id']}/players/{bob}?season={league['spring']}"
    assert f'href="{link}">Bob</a>' in standings_page.get_data(as_text=True)
    page = client.get(link).get_data(as_text=True)
    assert 'aria-current="page">Spring</a>' in page
    assert client.get(f"/leagues/{league['id']}/players/{bob}?season=x").status_code == 404
    sorted_page = client.get(f"/leagues/{league['id']}?season=all").get_data(as_text=True)
    assert '<input type="hidden" name="season" value="all">' in sorted_page


def test_the_report_to_print_reads_a_season_or_all_time(
        client: FlaskClient, league: dict[str, Any]) -> None:
    def report(query: str = "") -> str:
        answer = client.get(f"/leagues/{league['id']}/report{query}")
        assert answer.status_code == 200
        return html.unescape(answer.get_data(as_text=True))

    now = report()
    assert "Games of the season Summer 2026" in now and "1 finished game." in now
    spring = report(f"?season={league['spring']}")
    assert "Games of the season Spring" in spring and "An earlier season." in spring
    assert "2 finished games." in spring
    every = report("?season=all")
    assert "Games of all time" in every and "4 finished games." in every
    assert client.get(f"/leagues/{league['id']}/report?season=spring").status_code == 404
