"""What the tables hold of a game, read row by row, for the tests of how rounds are stored."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import select

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, Round, TallyPart, TallyRecord, Team


def stored(app: Flask, game_id: str) -> dict[str, Any]:
    """What the tables hold of a game, row by row."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        rounds = db.session.scalars(select(Round).where(Round.game_id == game_id)
                                    .order_by(Round.number)).all()
        return {
            "status": game.status, "version": game.version, "updated_at": game.updated_at,
            "books": [team.books_data for team in db.session.scalars(
                select(Team).where(Team.game_id == game_id).order_by(Team.position))],
            "rounds": [(r.number, r.version, r.request_key) for r in rounds],
            "tallies": [[(t.team_position, t.data, t.melded_points, t.book_points,
                          t.red_three_points, t.going_out_points, t.bonus_points,
                          t.left_points, t.total)
                         for t in db.session.scalars(select(TallyRecord).where(
                             TallyRecord.round_id == r.id).order_by(TallyRecord.team_position))]
                        for r in rounds],
            "parts": db.session.scalars(select(TallyPart.round_number).where(
                TallyPart.game_id == game_id)).all(),
        }
