"""Games in the JSON API, on the same service layer as the pages."""

from __future__ import annotations

from typing import Any

from flask import jsonify, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.services import games
from handfoot_score.services.games import GameState
from handfoot_score.services.scoring import team_score_to_dict

from . import bp
from .body import json_body


@bp.post("/games")
def create_game() -> ResponseReturnValue:
    """Start a game; 201 with its state and its address."""
    state = games.create_game(json_body())
    headers = {"Location": url_for("api.game", game_id=state.id)}
    return jsonify(game_to_dict(state)), 201, headers


@bp.get("/games/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    """A game's state: rounds, totals, the round being played and its minimum."""
    return jsonify(game_to_dict(games.get_game(game_id)))


@bp.post("/games/<game_id>/rounds")
def record_round(game_id: str) -> ResponseReturnValue:
    """Record the next round; a repeated request key answers 200 with nothing doubled."""
    state, created = games.record_round(game_id, json_body())
    return jsonify(game_to_dict(state)), 201 if created else 200


@bp.put("/games/<game_id>/rounds/<int:number>")
def correct_round(game_id: str, number: int) -> ResponseReturnValue:
    """Correct a recorded round; 409 when its version is stale."""
    return jsonify(game_to_dict(games.correct_round(game_id, number, json_body())))


def game_to_dict(state: GameState) -> dict[str, Any]:
    """A game in the shape of the JSON API."""
    current = state.current_round
    return {
        "id": state.id,
        "rules": rules_to_dict(state.rules),
        "status": state.status,
        "version": state.version,
        "teams": [{"name": t.name, "players": list(t.players)} for t in state.teams],
        "rounds": [
            {"number": r.number, "version": r.version,
             "teams": [team_score_to_dict(score) for score in r.scores],
             "tallies": list(r.tallies)}
            for r in state.rounds
        ],
        "totals": list(state.totals),
        "current_round": current,
        "meld_minimum": None if current is None else list(state.meld_minimums(current)),
        "books": [b.as_counts() for b in state.books],
        "finished": state.finished,
        "winners": list(state.winners),
    }
