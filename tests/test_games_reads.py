"""Reading a game: four queries of plain rows however many rounds it has (the games in play,
loaded through the ORM: two), its rules read once per snapshot,
and a write that waits for the lock reads what the write before it committed."""

from __future__ import annotations

import pytest
from flask import Flask

from handfoot_score.extensions import db
from handfoot_score.services import games
from handfoot_score.services import rules as rules_service
from handfoot_score.services.tallies import read_entered

TEAMS = [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]
ROUND = {"teams": [{"melded": {"points": 400}}, {"melded": {"points": 200}}]}


def selects(statements: list[str]) -> list[str]:
    """The SELECTs among the statements sent (a transaction's BEGIN reads nothing)."""
    return [s for s in statements if s.lstrip().upper().startswith("SELECT")]


@pytest.mark.parametrize("rounds", [0, 1, 3])
def test_a_game_is_read_in_four_queries(app: Flask, statements: list[str], rounds: int) -> None:
    with app.app_context():
        game_id = games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS})).id
        for _ in range(rounds):
            games.record_round(game_id, read_entered(ROUND["teams"]))
        games.tap_book(game_id, 0, "clean", 1)
        db.session.remove()
    statements.clear()
    with app.app_context():
        state = games.get_game(game_id)
    assert len(selects(statements)) <= 4, statements
    assert len(state.rounds) == rounds
    assert state.totals == (400 * rounds, 200 * rounds)
    assert state.teams[1].players == ("Cy", "Di")
    assert state.books[0].clean == 1


def test_games_in_play_are_read_in_two_queries(app: Flask, statements: list[str]) -> None:
    with app.app_context():
        for _ in range(3):
            game_id = games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS})).id
            games.record_round(game_id, read_entered(ROUND["teams"]))
        db.session.remove()
    statements.clear()
    with app.app_context():
        found = games.games_in_play()
    assert len(found) == 3
    assert len(selects(statements)) <= 2, statements


def test_a_rule_set_is_read_once_per_stored_snapshot(app: Flask) -> None:
    with app.app_context():
        first = games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS})).id
        second = games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS})).id
        assert games.get_game(first).rules is games.get_game(second).rules
        assert games.get_game(first).rules == rules_service.get_rules("pagat")
