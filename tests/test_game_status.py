"""A game's status is an enum whose members are the words stored and sent."""

import json

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.extensions import db
from handfoot_score.storage.models import GameStatus
from tests.game_pages import start_game


def test_the_statuses_are_their_words() -> None:
    assert [GameStatus.PLAYING, GameStatus.FINISHED, GameStatus.ABANDONED] == [
        "playing", "finished", "abandoned"]
    assert list(GameStatus) == [GameStatus.PLAYING, GameStatus.FINISHED, GameStatus.ABANDONED]
    assert json.dumps(GameStatus.FINISHED) == '"finished"'


def test_a_new_game_stores_and_sends_the_word(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with app.app_context():
        stored = db.session.execute(
            sa.text("SELECT status FROM games WHERE id = :id"), {"id": game_id}).scalar_one()
    assert stored == "playing" and type(stored) is str
    assert client.get(f"/api/v1/games/{game_id}").json["status"] == "playing"
