"""Club ratings and predictions: the league's games rated as openskill rates them by hand."""

from __future__ import annotations

import copy
import doctest
import html
from collections.abc import Sequence
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openskill.models import PlackettLuce, PlackettLuceRating

from handfoot_score.services import games, league_backup, leagues, ratings, standings
from handfoot_score.services.ratings import ClubRatings, PlayedGame, club_rating
from handfoot_score.services.tallies import read_entered
from handfoot_score.web.shared import win_chances
from tests.test_new_game import filled
from tests.test_standings import play, tally


def by_hand(games_played: Sequence[tuple[Sequence[Sequence[str]], Sequence[int]]]
            ) -> tuple[dict[str, PlackettLuceRating], dict[tuple[str, ...], PlackettLuceRating]]:
    """What openskill gives for these games, called directly: each player, and each team
    rated as one player; ranks from the totals, the highest first, equal totals equal."""
    model = PlackettLuce()
    players: dict[str, PlackettLuceRating] = {}
    units: dict[tuple[str, ...], PlackettLuceRating] = {}
    for teams, totals in games_played:
        ranks = [float(sorted(totals, reverse=True).index(total) + 1) for total in totals]
        rated = model.rate([[players.get(name, model.rating()) for name in team]
                            for team in teams], ranks=ranks)
        for team, new in zip(teams, rated):
            players.update(zip(team, new))
        keys = [tuple(sorted(team)) for team in teams]
        rated_units = model.rate([[units.get(key, model.rating())] for key in keys],
                                 ranks=ranks)
        units.update((key, new[0]) for key, new in zip(keys, rated_units))
    return players, units


def assert_same(club: ClubRatings, games_played: Any) -> None:
    players, units = by_hand(games_played)
    assert {row.name: (row.skill.mu, row.skill.sigma) for row in club.players} == {
        name: (rating.mu, rating.sigma) for name, rating in players.items()}
    assert {row.players: (row.skill.mu, row.skill.sigma) for row in club.teams} == {
        key: (rating.mu, rating.sigma) for key, rating in units.items() if len(key) > 1}


def figures(club: ClubRatings) -> tuple[Any, ...]:
    """Every rating of a league, by name (roster ids differ from league to league)."""
    return (tuple((row.name, row.skill) for row in club.players),
            tuple((row.players, row.skill) for row in club.teams))


def test_the_module_examples() -> None:
    assert doctest.testmod(ratings).failed == 0


TWO_TEAMS_AND_THREE = [
    ([["Ann", "Bob"], ["Cy", "Di"]], [1500, 900]),
    ([["Ann", "Cy"], ["Bob", "Di"]], [700, 1300]),
    ([["Ann"], ["Bob"], ["Cy", "Di"]], [500, 500, 1000]),  # three teams, two tied
    ([["Cy", "Di"], ["Ann", "Bob"]], [800, 800]),  # a tie for the win
    ([["Ann", "Bob"], ["Cy", "Di"]], [1000, 400]),
]


def league_of_five(name: str) -> str:
    """A new league that has played TWO_TEAMS_AND_THREE, in order; its id."""
    league = leagues.create_league({"name": name}).id
    for teams, totals in TWO_TEAMS_AND_THREE:
        play(league, teams, totals)
    return league


def test_ratings_are_openskills_for_the_same_games_played_by_hand(app: Flask) -> None:
    with app.app_context():
        league = league_of_five("By hand")
        club = ratings.league_ratings(league)
    assert_same(club, TWO_TEAMS_AND_THREE)
    ann = next(row for row in club.players if row.name == "Ann")
    assert ann.skill.games == 5
    assert ann.skill.rating == club_rating(ann.skill.mu, ann.skill.sigma)
    assert [row.skill.rating for row in club.players] == sorted(
        (row.skill.rating for row in club.players), reverse=True)
    assert {row.players for row in club.teams} == {
        ("Ann", "Bob"), ("Cy", "Di"), ("Ann", "Cy"), ("Bob", "Di")}


def test_ties_count_as_ties() -> None:
    tied = ratings.rate([PlayedGame(((1,), (2,)), (900, 900))])
    assert tied.player(1) == tied.player(2)
    assert tied.player(1).sigma < PlackettLuce().sigma
    three = ratings.rate([PlayedGame(((1,), (2,), (3,)), (500, 900, 500))])
    assert three.player(1) == three.player(3)
    assert three.player(2).mu > three.player(1).mu


def test_the_same_games_always_give_the_same_ratings(app: Flask) -> None:
    with app.app_context():
        first, second = league_of_five("One"), league_of_five("Two")
        assert figures(ratings.league_ratings(first)) == figures(ratings.league_ratings(second))


def test_a_correction_that_flips_the_winner_rates_the_games_again(app: Flask) -> None:
    games_played: list[Any] = [([["Ann"], ["Bob"]], [1500, 0]),
                               ([["Ann"], ["Bob"]], [1000, 500])]
    with app.app_context():
        league = leagues.create_league({"name": "Corrected"}).id
        first = play(league, *games_played[0])
        play(league, *games_played[1])
        before = ratings.league_ratings(league)
        assert [row.name for row in standings.league_standings(league).players] == [
            "Ann", "Bob"]
        games.correct_round(first, 1, read_entered([tally(0), tally(1500)]), version=1)
        after = ratings.league_ratings(league)
        table = standings.league_standings(league)
    assert after != before
    assert_same(after, [([["Ann"], ["Bob"]], [0, 1500]), games_played[1]])
    # One win each, and Bob's win came first: later games weigh as much, so Ann leads less.
    assert [row.rating for row in table.players] == [
        row.skill.rating for row in after.players]


def test_an_import_that_changes_a_result_rates_its_games(app: Flask) -> None:
    with app.app_context():
        league = league_of_five("Exported")
        exported = league_backup.export_league(league)
        same = league_backup.import_league(copy.deepcopy(exported))
        assert figures(ratings.league_ratings(same)) == figures(ratings.league_ratings(league))
        changed = copy.deepcopy(exported)
        first_round = changed["games"][0]["rounds"][0]["teams"]
        first_round.reverse()  # Cy and Di now won the first game, 1,500 to 900
        flipped = league_backup.import_league(changed)
        club = ratings.league_ratings(flipped)
    assert_same(club, [([["Ann", "Bob"], ["Cy", "Di"]], [900, 1500]),
                       *TWO_TEAMS_AND_THREE[1:]])


def test_a_league_with_no_finished_game_rates_nobody(app: Flask,
                                                     client: FlaskClient) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "New"}).id
        play(league, [["Ann"], ["Bob"]], [1500, 0], rounds=2)
    assert client.get(f"/api/v1/leagues/{league}/ratings").json == {"players": [], "teams": []}
    response = client.post(f"/api/v1/leagues/{league}/predictions",
                           json={"teams": [["Ann"], ["Bob"]]})
    assert [team["win_probability"] for team in response.json["teams"]] == [0.5, 0.5]


def test_the_ratings_api(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league = league_of_five("Club")
        club = ratings.league_ratings(league)
    body = client.get(f"/api/v1/leagues/{league}/ratings").json
    assert body["players"][0] == {
        "name": club.players[0].name, "rating": club.players[0].skill.rating,
        "mu": club.players[0].skill.mu, "sigma": club.players[0].skill.sigma, "games": 5}
    assert [row["name"] for row in body["players"]] == [row.name for row in club.players]
    assert {tuple(row["players"]) for row in body["teams"]} == {
        row.players for row in club.teams}
    assert set(body["teams"][0]) == {"players", "rating", "mu", "sigma", "games"}
    assert client.get("/api/v1/leagues/nosuchleague/ratings").status_code == 404


def test_predictions_add_up_to_one_and_match_names_as_the_roster_does(
        app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league = league_of_five("Club")
        club = ratings.league_ratings(league)
    response = client.post(f"/api/v1/leagues/{league}/predictions",
                           json={"teams": [[" ann ", "BOB"], ["Cy", "Di"]]})
    assert response.status_code == 200
    teams = response.json["teams"]
    assert [team["players"] for team in teams] == [["Ann", "Bob"], ["Cy", "Di"]]
    assert sum(team["win_probability"] for team in teams) == pytest.approx(1)
    model = PlackettLuce()

    def rated(name: str) -> PlackettLuceRating:
        skill = next(row.skill for row in club.players if row.name == name)
        return model.rating(mu=skill.mu, sigma=skill.sigma)

    assert [team["win_probability"] for team in teams] == pytest.approx(model.predict_win(
        [[rated("Ann"), rated("Bob")], [rated("Cy"), rated("Di")]]))
    three = client.post(f"/api/v1/leagues/{league}/predictions",
                        json={"teams": [["Ann"], ["Bob"], ["Zoe", "Cy"]]}).json["teams"]
    assert sum(team["win_probability"] for team in three) == pytest.approx(1)
    assert three[2]["players"] == ["Zoe", "Cy"]  # a new name: a new player at the start
    assert client.post("/api/v1/leagues/nosuchleague/predictions",
                       json={"teams": [["Ann"], ["Bob"]]}).status_code == 404


@pytest.mark.parametrize(("body", "field", "team"), [
    ([["Ann"], ["Bob"]], "body", None),
    ({}, "teams", None),
    ({"teams": [["Ann"], ["Bob"]], "rounds": 4}, "rounds", None),
    ({"teams": "Ann and Bob"}, "teams", None),
    ({"teams": [["Ann", "Bob"]]}, "teams", None),
    ({"teams": [["A"], ["B"], ["C"], ["D"], ["E"], ["F"], ["G"]]}, "teams", None),
    ({"teams": [["Ann"], []]}, "teams", 1),
    ({"teams": [["Ann"], "Bob"]}, "teams", 1),
    ({"teams": [["Ann"], [7]]}, "teams", 1),
    ({"teams": [[""], ["Bob"]]}, "teams", 0),
    ({"teams": [["Ann"], ["B", "C", "D", "E"]]}, "teams", 1),
    ({"teams": [["Ann"], ["x" * 61]]}, "teams", 1),
    ({"teams": [["Ann", "Bob"], [" ANN"]]}, "teams", 1),
])
def test_a_prediction_that_cannot_be_is_a_422_naming_the_field(
        app: Flask, client: FlaskClient, body: Any, field: str, team: int | None) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Club"}).id
    response = client.post(f"/api/v1/leagues/{league}/predictions", json=body)
    assert response.status_code == 422, response.json
    assert (team, field) in [(error["team"], error["field"])
                             for error in response.json["errors"]]


def test_the_new_game_page_and_the_round_screen_show_each_teams_chance(
        app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league = league_of_five("Club")
        chances = win_chances.percentages([team.win_probability for team in ratings.predict(
            league, [["Ann", "Bob"], ["Cy", "Di"]])])
    assert sum(chances) == 100 and chances[0] > 50
    expected = f"Owls {chances[0]}% · Foxes {chances[1]}%"
    page = client.get(f"/games/new?league={league}").get_data(as_text=True)
    assert 'value="chances"' in page and "Chance to win:" not in page
    data = filled(client, f"/games/new?league={league}", **{
        "teams-0-name": "Owls", "teams-1-name": "Foxes", "action": "chances"})
    shown = client.post("/games/new", data=data)
    assert shown.status_code == 200
    assert f"Chance to win: {expected}" in html.unescape(shown.get_data(as_text=True))
    started = client.post("/games/new", data={**data, "action": "start"})
    assert started.status_code == 303
    screen = client.get(started.headers["Location"]).get_data(as_text=True)
    assert f"Chance to win at the start: {expected}" in html.unescape(screen)
    alone = client.get("/games/new").get_data(as_text=True)
    assert 'value="chances"' not in alone


def test_a_players_history_is_their_rating_after_each_of_their_games(app: Flask) -> None:
    with app.app_context():
        league = league_of_five("History")
        club = ratings.league_ratings(league)
        ann = next(row for row in club.players if row.name == "Ann")
        assert club.history_of(ann.player_id) == ann.history
        assert club.history_of(10_000) == ()
    after = [by_hand(TWO_TEAMS_AND_THREE[:played])[0]["Ann"]
             for played in range(1, len(TWO_TEAMS_AND_THREE) + 1)]
    assert [(skill.mu, skill.sigma, skill.games) for skill in ann.history] == [
        (rating.mu, rating.sigma, games) for games, rating in enumerate(after, start=1)]
    assert ann.history[-1] == ann.skill
    assert all(skill.ceiling > skill.rating for skill in ann.history)
    widths = [skill.ceiling - skill.rating for skill in ann.history]
    assert widths == sorted(widths, reverse=True)  # surer with every game


@pytest.mark.parametrize(("language", "written"), [
    ("en", "62%"), ("de", "62\N{NO-BREAK SPACE}%"), ("ja", "62%")])
def test_a_chance_is_written_as_the_language_writes_a_percentage(
        app: Flask, language: str, written: str) -> None:
    from handfoot_score.web.shared.formats import percent

    with app.test_request_context(headers={"Accept-Language": language}):
        assert percent(62) == written


def test_a_players_page_draws_their_rating_over_their_games(
        app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league = league_of_five("Charted")
        club = ratings.league_ratings(league)
        ann = next(row for row in club.players if row.name == "Ann")
    page = html.unescape(client.get(f"/leagues/{league}/players/{ann.player_id}")
                         .get_data(as_text=True))
    assert "Club rating over time" in page
    assert 'aria-label="Club rating of Ann after each finished game, oldest first"' in page
    assert (f"5 finished games: the club rating went from {ann.history[0].rating:,} to "
            f"{ann.skill.rating:,};") in page
    assert page.count('class="chart-band"') == 1
