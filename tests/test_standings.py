"""Standings of leagues whose every game is known: each figure of each line is checked."""

from __future__ import annotations

import doctest
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import pytest
from flask import Flask

from handfoot_score.services import games, leagues, standings
from handfoot_score.services.leagues import Outcome
from handfoot_score.services.player_history import player_history
from handfoot_score.services.standings import Standing
from handfoot_score.services.tallies import read_entered

#: Four rounds, and five decks whoever plays (pagat's deck per player could not meld these
#: totals for a game of two).
RULES = "classic"
ROUNDS = 4


def tally(total: int) -> dict[str, Any]:
    """A round tally worth exactly ``total`` (a multiple of 5, at most 1,500 either way)."""
    if total >= 0:
        return {"melded": {"points": total}}
    return {"left": {"points": -total}}


def play(league_id: str, teams: Sequence[Sequence[str]], totals: Sequence[int],
         rounds: int = ROUNDS) -> str:
    """A league game of these teams, ``rounds`` rounds played, ending on ``totals`` (all
    points scored in round one)."""
    game = games.create_game(games.read_setup({"rules": RULES, "league": league_id,
                                               "teams": [{"players": list(team)}
                                                         for team in teams]}))
    for number in range(1, rounds + 1):
        scored = [tally(total) if number == 1 else {} for total in totals]
        games.record_round(game.id, read_entered(scored))
    return game.id


def line(row: Standing) -> tuple[Any, ...]:
    """A standings line as the figures a person reads."""
    return (row.name, row.games, row.wins, row.ties, row.losses, row.points,
            str(row.avg_points), row.best, str(row.win_pct))


@pytest.fixture
def partners(app: Flask) -> str:
    """Two teams of two: a win each way, a tie, and games that must not count."""
    with app.app_context():
        league = leagues.create_league({"name": "Partners"}).id
        play(league, [["Ann", "Bob"], ["Cy", "Di"]], [1500, 900])
        play(league, [["Ann", "Cy"], ["Bob", "Di"]], [700, 700])
        play(league, [["Ann", "Bob"], ["Cy", "Di"]], [200, 1300])
        play(league, [["Ann", "Bob"], ["Cy", "Di"]], [1500, 0], rounds=2)  # still playing
        stopped = play(league, [["Ann", "Bob"], ["Cy", "Di"]], [1500, 0], rounds=1)
        games.abandon_game(stopped)
        return league


@pytest.fixture
def mixed(app: Flask) -> str:
    """Three partnerships, then players on their own, with ties and negative totals."""
    with app.app_context():
        league = leagues.create_league({"name": "Mixed"}).id
        play(league, [["A", "B"], ["C", "D"], ["E", "F"]], [1000, 1000, 400])
        play(league, [["A"], ["C"], ["E"]], [300, 800, -150])
        play(league, [["B"], ["D"]], [1000, 1000])
        return league


def test_two_partnerships_every_figure(app: Flask, partners: str) -> None:
    with app.app_context():
        table = standings.league_standings(partners)
    assert [line(row) for row in table.players] == [
        ("Cy", 3, 1, 1, 1, 2900, "966.7", 1300, "33.3"),
        ("Di", 3, 1, 1, 1, 2900, "966.7", 1300, "33.3"),
        ("Ann", 3, 1, 1, 1, 2400, "800.0", 1500, "33.3"),
        ("Bob", 3, 1, 1, 1, 2400, "800.0", 1500, "33.3"),
    ]
    assert [line(row) for row in table.teams] == [
        ("Cy & Di", 2, 1, 0, 1, 2200, "1100.0", 1300, "50.0"),
        ("Ann & Bob", 2, 1, 0, 1, 1700, "850.0", 1500, "50.0"),
        ("Ann & Cy", 1, 0, 1, 0, 700, "700.0", 700, "0.0"),
        ("Bob & Di", 1, 0, 1, 0, 700, "700.0", 700, "0.0"),
    ]


def test_three_teams_and_players_on_their_own_every_figure(app: Flask, mixed: str) -> None:
    with app.app_context():
        table = standings.league_standings(mixed, sort="wins")
    assert [line(row) for row in table.players] == [
        ("C", 2, 1, 1, 0, 1800, "900.0", 1000, "50.0"),
        ("B", 2, 0, 2, 0, 2000, "1000.0", 1000, "0.0"),
        ("D", 2, 0, 2, 0, 2000, "1000.0", 1000, "0.0"),
        ("A", 2, 0, 1, 1, 1300, "650.0", 1000, "0.0"),
        ("F", 1, 0, 0, 1, 400, "400.0", 400, "0.0"),
        ("E", 2, 0, 0, 2, 250, "125.0", 400, "0.0"),
    ]
    # Players on their own make no partnership: their games count for them alone.
    assert [line(row) for row in table.teams] == [
        ("A & B", 1, 0, 1, 0, 1000, "1000.0", 1000, "0.0"),
        ("C & D", 1, 0, 1, 0, 1000, "1000.0", 1000, "0.0"),
        ("E & F", 1, 0, 0, 1, 400, "400.0", 400, "0.0"),
    ]


def test_unfinished_games_count_for_nothing(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Nothing yet"}).id
        play(league, [["Ann"], ["Bob"]], [1500, 0], rounds=3)
        stopped = play(league, [["Ann"], ["Bob"]], [1500, 0], rounds=1)
        games.abandon_game(stopped)
        table = standings.league_standings(league)
    assert table.players == () and table.teams == ()


def test_names_match_whatever_their_case_and_spacing(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Spelling"}).id
        play(league, [["Ann Lee", "Bob"], ["Cy", "Di"]], [1500, 0])
        play(league, [["  ann   LEE ", "BOB"], ["cy", "di "]], [0, 1500])
        table = standings.league_standings(league, sort="wins")
        roster = [player.name for player in leagues.get_league(league).players]
    assert roster == ["Ann Lee", "Bob", "Cy", "Di"]
    assert [(row.name, row.games, row.wins) for row in table.teams] == [
        ("Ann Lee & Bob", 2, 1), ("Cy & Di", 2, 1)]


def test_a_corrected_round_of_a_finished_game_changes_the_standings(app: Flask,
                                                                   partners: str) -> None:
    with app.app_context():
        last = [game for game in player_history(partners, 1).games
                if game.outcome is not None][-1]
        games.correct_round(last.game_id, 1, read_entered([tally(1400), tally(1300)]),
                            version=1)
        table = standings.league_standings(partners)
    ann = next(row for row in table.players if row.name == "Ann")
    assert (ann.wins, ann.ties, ann.losses, ann.points) == (2, 1, 0, 3600)


@pytest.mark.parametrize(("sort", "order", "names"), [
    ("name", None, ["Ann", "Bob", "Cy", "Di"]),
    ("name", "desc", ["Di", "Cy", "Bob", "Ann"]),
    ("points", None, ["Cy", "Di", "Ann", "Bob"]),
    ("points", "asc", ["Ann", "Bob", "Cy", "Di"]),
    ("best", None, ["Ann", "Bob", "Cy", "Di"]),
    ("avg_points", "asc", ["Ann", "Bob", "Cy", "Di"]),
    ("losses", None, ["Cy", "Di", "Ann", "Bob"]),
    ("no-such-column", "sideways", ["Cy", "Di", "Ann", "Bob"]),
])
def test_any_column_sorts_and_equal_rows_keep_the_default_order(
        app: Flask, partners: str, sort: str, order: str | None, names: list[str]) -> None:
    with app.app_context():
        table = standings.league_standings(partners, sort=sort, order=order)
    assert [row.name for row in table.players] == names


@pytest.mark.parametrize(("points", "games", "average"), [
    (1001, 20, "50.1"), (-1001, 20, "-50.1"), (2900, 3, "966.7"), (0, 1, "0.0"),
])
def test_the_average_has_one_decimal_and_halves_go_away_from_zero(
        points: int, games: int, average: str) -> None:
    row = Standing(players=("Ann",), player_ids=(1,), games=games, wins=0, ties=0,
                   losses=games, points=points, best=0)
    assert row.avg_points == Decimal(average)


@pytest.mark.parametrize(("totals", "outcomes"), [
    ([900, 300], ["win", "loss"]),
    ([900, 900], ["tie", "tie"]),
    ([900, 900, 300], ["tie", "tie", "loss"]),
    ([-50, -20, -90], ["loss", "win", "loss"]),
])
def test_the_strictly_highest_total_wins(totals: list[int], outcomes: list[str]) -> None:
    assert [leagues.outcome(totals, team) for team in range(len(totals))] == \
        [Outcome(name) for name in outcomes]


def test_a_players_history_lists_every_game_oldest_first(app: Flask, partners: str) -> None:
    with app.app_context():
        history = player_history(partners, 1)
    assert history.name == "Ann"
    assert [(game.partners, game.points, game.best_other, game.outcome, game.status)
            for game in history.games] == [
        (("Bob",), 1500, 900, Outcome.WIN, "finished"),
        (("Cy",), 700, 700, Outcome.TIE, "finished"),
        (("Bob",), 200, 1300, Outcome.LOSS, "finished"),
        (("Bob",), 1500, None, None, "playing"),
        (("Bob",), 1500, None, None, "abandoned"),
    ]
    assert [game.points for game in history.results] == [1500, 700, 200]
    assert history.standing is not None and line(history.standing) == \
        ("Ann", 3, 1, 1, 1, 2400, "800.0", 1500, "33.3")


def test_a_players_history_names_the_other_teams_with_their_points(app: Flask) -> None:
    """Who sat across the table and what they scored, in seat order, every game."""
    with app.app_context():
        league = leagues.create_league({"name": "Across"}).id
        play(league, [["Cy", "Di"], ["Ann", "Bob"]], [900, 1500])
        play(league, [["Ann"], ["Eve"], ["Cy", "Di"]], [100, -250, 300])
        history = player_history(league, 3)  # Ann: on the roster third
    assert history.name == "Ann"
    assert [[(o.named, o.points) for o in game.opponents] for game in history.games] == [
        [("Cy & Di", 900)],
        [("Eve", -250), ("Cy & Di", 300)],
    ]


def test_standings_as_csv(app: Flask, mixed: str) -> None:
    with app.app_context():
        text = "".join(standings.standings_csv(mixed))
    rows = text.splitlines()
    assert rows[0] == "kind,name,games,wins,ties,losses,points,avg_points,best_game,win_pct"
    assert rows[1] == "player,C,2,1,1,0,1800,900.0,1000,50.0"
    assert rows[-1] == "partnership,E & F,1,0,0,1,400,400.0,400,0.0"
    assert len(rows) == 1 + 6 + 3


def test_a_name_a_spreadsheet_would_run_is_written_as_text(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Formulas"}).id
        play(league, [["=HYPERLINK(1)"], ["Bob"]], [1500, 0])
        text = "".join(standings.standings_csv(league))
    assert "player,'=HYPERLINK(1),1,1,0,0" in text


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(leagues).failed == 0
