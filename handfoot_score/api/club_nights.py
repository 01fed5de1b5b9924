"""Club nights in the JSON API: draw tonight's tables for who is present, read a night with
the games started at its tables, and start a table's game."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.services import club_nights
from handfoot_score.services.club_nights import NightView, StartedGame
from handfoot_score.services.errors import require_keys

from .body import json_body
from .leagues import checked_edit_code

bp = Blueprint("club_nights", __name__)


@bp.post("/leagues/<league_id>/club-nights")
def create_night(league_id: str) -> ResponseReturnValue:
    """Draw a night's tables (``{"players": [...], "games_each": 3}``); 201 with every
    rotation's tables and who sits out. ``X-Edit-Code`` for a protected league, checked
    before the body."""
    code = checked_edit_code(league_id)
    night = club_nights.create_night(league_id, club_nights.read_night(json_body()),
                                     edit_code=code)
    headers = {"Location": url_for("api.club_nights.night", league_id=league_id,
                                   night_id=night.id)}
    return jsonify(night_document(night)), 201, headers


@bp.get("/leagues/<league_id>/club-nights/<night_id>")
def night(league_id: str, night_id: str) -> ResponseReturnValue:
    """A night: its tables, the same as when it was drawn, and each table's game if started."""
    return jsonify(night_document(club_nights.get_night(league_id, night_id)))


@bp.post("/leagues/<league_id>/club-nights/<night_id>/rotations/<int:rotation>/tables/"
         "<int:table>/game")
def start_table(league_id: str, night_id: str, rotation: int, table: int
                ) -> ResponseReturnValue:
    """Start a table's game, its players and teams as drawn, in the league: 201 with its id
    and join code; 200 with the same for a table whose game was started already.
    ``X-Edit-Code`` for a protected league. The body is ``{}``: a JSON body is what keeps a
    cross-site form from starting games."""
    code = checked_edit_code(league_id)
    require_keys(json_body(), (), required=())
    started = club_nights.start_table(league_id, night_id, rotation, table, edit_code=code)
    return (jsonify(_game_document(started.game)), 201 if started.new else 200,
            {"Location": url_for("api.games.game", game_id=started.game.id)})


def night_document(night: NightView) -> dict[str, Any]:
    """A night as the API sends it: the players, games each and seed it was drawn from, and
    each rotation's tables (teams, and the game once started) and who sits it out."""
    return {
        "id": night.id, "league": night.league_id, "players": list(night.players),
        "games_each": night.games_each, "seed": night.seed, "rules": night.rules_id,
        "six_seats": night.six_seats.value,
        "rotations": [{
            "tables": [{"teams": [list(team) for team in table.plan.teams],
                        "game": None if table.game is None else _game_document(table.game)}
                       for table in rotation.tables],
            "sitting_out": list(rotation.sitting_out)} for rotation in night.rotations],
    }


def _game_document(game: StartedGame) -> dict[str, Any]:
    """A table's game as the API sends it: its id, its join code while in play, its status."""
    return {"id": game.id, "join_code": game.join_code, "status": game.status}
