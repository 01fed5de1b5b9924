"""The games, rounds and league the request benchmarks ask for, stored through the services
as a table would store them, in an SQLite file like a real server's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import create_app
from handfoot_score.services import games, leagues
from handfoot_score.services.tallies import read_entered

from .html import form_values

SECRET_KEY = "benchmark"
TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
#: A round as a team counts it: two books down, cards left, nobody out; 52 cards, as dealt.
TALLY: dict[str, Any] = {
    "melded": {"jokers": 2, "twos": 3, "aces": 4, "eight_to_king": 22, "four_to_seven": 14},
    "left": {"aces": 1, "eight_to_king": 3, "four_to_seven": 2, "black_threes": 1},
    "books": {"clean": 1, "dirty": 1}, "red_threes_down": 1,
}
#: The same on the tally form, field by field.
TALLY_FORM = {
    "melded_jokers": "2", "melded_twos": "3", "melded_aces": "4",
    "melded_eight_to_king": "22", "melded_four_to_seven": "14",
    "left_aces": "1", "left_eight_to_king": "3", "left_four_to_seven": "2",
    "left_black_threes": "1", "books_clean": "1", "books_dirty": "1", "red_threes_down": "1",
}
#: Headers a phone's browser sends with a request inside the app.
BROWSER = {"Accept-Encoding": "gzip, deflate, br", "Sec-Fetch-Site": "same-origin"}


@dataclass(frozen=True)
class Sample:
    """The ids of what the benchmarks visit."""

    round_screen: str
    scoreboard: str
    league: str


def sample_app(folder: str) -> Flask:
    """The app on a new SQLite file in ``folder``, its schema made by the migrations."""
    return create_app(sample_config(folder))


def sample_config(folder: str) -> dict[str, Any]:
    """Settings for an app on an SQLite file in ``folder``, as a server would run it."""
    return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'benchmark.sqlite'}",
            "SECRET_KEY": SECRET_KEY}


def store_sample(app: Flask, league_games: int) -> Sample:
    """A game in round 3 with books tapped, and a league of ``league_games`` games played to
    the end by eight players in twos."""
    with app.app_context():
        playing = new_game(rounds_played=2)
        games.tap_book(playing, 0, "clean", 1)
        games.tap_book(playing, 1, "dirty", 1)
        league = leagues.create_league({"name": "Thursday club"}).id
        names = [f"Player {n}" for n in range(1, 9)]
        for number in range(league_games):
            seats = names[number % 4:] + names[:number % 4]
            teams = [{"name": "North", "players": seats[0:2]},
                     {"name": "South", "players": seats[2:4]}]
            game = games.create_game(games.read_setup({"rules": "classic", "teams": teams,
                                                    "league": league})).id
            for _ in range(4):
                games.record_round(game, read_entered([TALLY, TALLY]))
    return Sample(round_screen=playing, scoreboard=playing, league=league)


def new_game(rounds_played: int = 0) -> str:
    """A classic game of two partnerships with its first rounds recorded (in an app context)."""
    game = games.create_game(games.read_setup({"rules": "classic", "teams": TEAMS})).id
    for _ in range(rounds_played):
        games.record_round(game, read_entered([TALLY, TALLY]))
    return game


def filled_tally_form(client: FlaskClient, game_id: str, number: int) -> dict[str, str]:
    """The tally form of a round as a phone sends it: fetched, then filled in for each team."""
    page = client.get(f"/games/{game_id}/rounds/{number}")
    if page.status_code != 200:
        raise RuntimeError(f"the tally form of round {number} answered {page.status_code}")
    values = form_values(page.get_data(as_text=True))
    for team in range(len(TEAMS)):
        values.update({f"teams-{team}-{name}": value for name, value in TALLY_FORM.items()})
    values["went_out"] = "nobody"  # the page saves nothing until who went out is answered
    return values
