"""A player's page against a league played by hand: every game with its day, partners,
opponents, both totals and result, and each figure of the player's record."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games, leagues
from handfoot_score.services.leagues import Outcome
from handfoot_score.services.player_history import (
    Opponent,
    PlayerGame,
    Record,
    opponent_records,
    partner_records,
    player_history,
)
from handfoot_score.services.tallies import read_entered
from tests.test_standings import play, tally


@pytest.fixture
def club(app: Flask) -> dict[str, Any]:
    """Ann's evening: a win, a tie and a loss in partnerships, a three-team win alone, and a
    game still being played (which counts in no figure)."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Club"}).id
        play(league_id, [["Ann", "Bob"], ["Cy", "Di"]], [1500, 900])
        play(league_id, [["Ann", "Cy"], ["Bob", "Di"]], [700, 700])
        play(league_id, [["Ann", "Bob"], ["Cy", "Di"]], [200, 1300])
        play(league_id, [["Ann"], ["Di"], ["Eve"]], [800, 300, -150])
        playing = games.create_game(games.read_setup({
            "rules": "classic", "league": league_id, "note": "Grandma's birthday",
            "place": "Kitchen", "played_on": "2026-12-24",
            "teams": [{"players": ["Ann", "Cy"]}, {"players": ["Bob", "Di"]}]}))
        games.record_round(playing.id, read_entered([tally(1500), tally(0)]))
        ann = leagues.get_league(league_id).players[0]
        assert ann.name == "Ann"
        return {"league": league_id, "ann": ann.id}


def test_the_games_as_played(app: Flask, club: dict[str, Any]) -> None:
    with app.app_context():
        history = player_history(club["league"], club["ann"])
    assert [(g.partners, [o.named for o in g.opponents], g.points,
             [o.points for o in g.opponents], g.outcome) for g in history.games] == [
        (("Bob",), ["Cy & Di"], 1500, [900], Outcome.WIN),
        (("Cy",), ["Bob & Di"], 700, [700], Outcome.TIE),
        (("Bob",), ["Cy & Di"], 200, [1300], Outcome.LOSS),
        ((), ["Di", "Eve"], 800, [300, -150], Outcome.WIN),
        (("Cy",), ["Bob & Di"], 1500, [0], None),
    ]
    assert history.games[-1].notes.note == "Grandma's birthday"
    assert history.games[-1].day.isoformat() == "2026-12-24"
    assert history.games[0].day == history.games[0].played_at.date()


def test_the_figures(app: Flask, club: dict[str, Any]) -> None:
    with app.app_context():
        history = player_history(club["league"], club["ann"])
    s = history.standing
    assert s is not None
    assert (s.games, s.wins, s.ties, s.losses) == (4, 2, 1, 1)
    assert (s.points, s.avg_points, s.best, s.win_pct) == (3200, Decimal("800.0"), 1500,
                                                           Decimal("50.0"))
    # Four rounds a finished game: 3,200 points in 16 rounds; the game in play not counted.
    assert (history.round_points, history.rounds) == (3200, 16)
    assert history.round_average == Decimal("200.0")
    assert history.best_partner == Record("Bob", wins=1, losses=1)
    assert history.most_met_opponent == Record("Di", wins=2, ties=1, losses=1)


def test_the_page_shows_them(client: FlaskClient, club: dict[str, Any]) -> None:
    standings = client.get(f"/leagues/{club['league']}").get_data(as_text=True)
    link = f"/leagues/{club['league']}/players/{club['ann']}"
    assert f'href="{link}">Ann</a>' in standings
    page = client.get(link).get_data(as_text=True)
    assert "Best partner" in page and "<strong>Bob</strong> 1 won, 0 tied, 1 lost together" in page
    assert "<strong>Di</strong> 2 won, 1 tied, 1 lost against them" in page
    # Averages in whole points on the page (the service keeps the tenths).
    assert '<dt>Per round</dt><dd class="num">200</dd>' in page
    assert '<dt>Per game</dt><dd class="num">800</dd>' in page
    assert "Grandma&#39;s birthday · Kitchen" in page
    assert 'datetime="2026-12-24"' in page


def test_a_player_without_finished_games(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "New"}).id
        games.create_game(games.read_setup({"rules": "classic", "league": league_id,
                                            "teams": [{"players": ["Ann"]},
                                                      {"players": ["Bob"]}]}))
        history = player_history(league_id, leagues.get_league(league_id).players[0].id)
    assert history.round_average is None
    assert history.best_partner is None and history.most_met_opponent is None


def game(outcome: Outcome | None, partners: tuple[str, ...] = (), *others: str) -> PlayerGame:
    """A game of the player's, with only what the records read."""
    return PlayerGame("g", datetime(2026, 1, 1, tzinfo=UTC), "finished", partners, 0, None,
                      outcome, tuple(Opponent(name, (), 0) for name in others))


def test_records_count_finished_games_only_and_rank_ties_by_games() -> None:
    played = [game(Outcome.WIN, ("Bob",), "Cy"), game(Outcome.WIN, ("Eve",), "Cy"),
              game(Outcome.LOSS, ("Eve",), "Di"), game(Outcome.WIN, ("Eve",), "Di"),
              game(Outcome.WIN, ("Eve",), "Di"), game(None, ("Bob",), "Di")]
    assert partner_records(played) == (Record("Bob", wins=1), Record("Eve", wins=3, losses=1))
    assert opponent_records(played) == (Record("Cy", wins=2), Record("Di", wins=2, losses=1))
