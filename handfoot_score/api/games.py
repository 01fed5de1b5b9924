"""Games in the JSON API, on the same service layer as the pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.services import games, tally_parts, undo
from handfoot_score.services.errors import InvalidInput, require_keys
from handfoot_score.services.games import GameState
from handfoot_score.services.live import polled_version
from handfoot_score.services.scoring import team_score_to_dict
from handfoot_score.services.tallies import read_entered, read_entered_tally, tally_json

from .body import json_body
from .leagues import checked_game_edit_code, edit_code

bp = Blueprint("games", __name__)


@bp.post("/games")
def create_game() -> ResponseReturnValue:
    """Start a game; 201 with its state and its address. A protected league's game needs
    its edit code in X-Edit-Code."""
    state = games.create_game(games.read_setup(json_body()), edit_code=edit_code())
    headers = {"Location": url_for("api.games.game", game_id=state.id)}
    return jsonify(game_to_dict(state)), 201, headers


@bp.get("/games/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    """A game's state: rounds, totals, the round being played and its minimum. Its ETag is
    the game's version: with If-None-Match, 304 while nothing changed, read in one query
    (without it, the game is read at once).

    The ETag is weak (``W/"3"``): the same state gzipped or not is the same version, and
    flask-compress leaves a weak ETag as it is, so the one a phone holds still matches."""
    # Without an ETag to compare there is nothing to ask first: the game is read once.
    version = polled_version(game_id) if request.if_none_match else None
    if version is not None and request.if_none_match.contains_weak(str(version)):
        response = Response(status=304)
    else:
        state = games.get_game(game_id)
        response, version = jsonify(game_to_dict(state)), state.version
    response.set_etag(str(version), weak=True)
    response.cache_control.no_cache = True
    return response


@bp.put("/games/<game_id>/notes")
def change_notes(game_id: str) -> ResponseReturnValue:
    """Write down a game's ``{"note"?, "place"?, "played_on"?}`` in place of what it had
    (a key left out, or null, clears it); 200 with the game. A protected league's game needs
    its edit code in X-Edit-Code, checked before the body."""
    code = checked_game_edit_code(game_id)
    data = require_keys(json_body(), games.NOTE_KEYS, required=())
    notes = games.read_notes(*(data.get(key) for key in games.NOTE_KEYS))
    return jsonify(game_to_dict(games.change_notes(game_id, notes, edit_code=code)))


@bp.post("/games/<game_id>/rounds")
def record_round(game_id: str) -> ResponseReturnValue:
    """Record the next round: ``{"round"?, "teams": [tally, ...], "request_key"?,
    "part_versions"?}``; a repeated request key answers 200 with nothing doubled."""
    data = require_keys(json_body(), ("round", "teams", "request_key", "part_versions"),
                        required=("teams",))
    key = games.read_request_key(data.get("request_key"))
    asked = games.read_round_number(data["round"]) if "round" in data else None
    seen = games.read_count_versions(data["part_versions"]) \
        if "part_versions" in data else None
    state, created = games.record_round(game_id, read_entered(data["teams"]), round_number=asked,
                                        based_on=seen, request_key=key)
    return jsonify(game_to_dict(state)), 201 if created else 200


@bp.put("/games/<game_id>/rounds/<int:number>")
def correct_round(game_id: str, number: int) -> ResponseReturnValue:
    """Correct a recorded round: ``{"teams": [tally, ...], "version"}``; 409 when its version
    is stale. A protected league's game needs its edit code in X-Edit-Code, checked before
    the body."""
    code = checked_game_edit_code(game_id)
    data = require_keys(json_body(), ("teams", "version"), required=("teams", "version"))
    state = games.correct_round(game_id, number, read_entered(data["teams"]),
                                version=games.read_round_version(data["version"]),
                                edit_code=code)
    return jsonify(game_to_dict(state))


@bp.post("/games/<game_id>/rounds/<int:number>/undo")
def undo_round(game_id: str, number: int) -> ResponseReturnValue:
    """Take back the last round recorded: ``{"version"}``, the game's version seen once it was
    recorded. 409 if anything was entered since, or the round is not the last one. A finished
    game of a protected league needs its edit code in X-Edit-Code."""
    data = require_keys(json_body(), ("version",), required=("version",))
    state, _ = undo.undo_round(game_id, number, undo.read_game_version(data["version"]),
                               edit_code=edit_code())
    return jsonify(game_to_dict(state))


@bp.post("/games/<game_id>/books")
def tap_book(game_id: str) -> ResponseReturnValue:
    """Count a book made during play, or take one back: ``{"team", "kind", "change": 1 or
    -1, "seen"}``, ``seen`` being the count the phone showed. 409 with the count as it is
    now if another phone changed it meanwhile."""
    data = require_keys(json_body(), ("team", "kind", "change", "seen"),
                        required=("team", "kind", "change", "seen"))
    state = games.tap_book(game_id, data["team"], data["kind"], data["change"],
                           seen=read_seen(data["seen"]))
    return jsonify(game_to_dict(state))


@bp.post("/games/<game_id>/red-threes")
def tap_red_threes(game_id: str) -> ResponseReturnValue:
    """Count a red three laid down during play, or take one back: ``{"team", "change": 1
    or -1, "seen"}``, as for a book. 409 with the count as it is now if another phone
    changed it meanwhile."""
    data = require_keys(json_body(), ("team", "change", "seen"),
                        required=("team", "change", "seen"))
    state = games.tap_red_threes(game_id, data["team"], data["change"],
                                 seen=read_seen(data["seen"]))
    return jsonify(game_to_dict(state))


def read_seen(seen: object) -> int:
    """The count a tap's phone showed, which the API always compares: ``null`` would tap
    without looking, so two phones tapping the same book made would count it twice. (The
    round screen's form may leave it out; the API may not.)"""
    if type(seen) is not int:
        raise InvalidInput(Problem("seen", N_("must be the count the phone showed")))
    return seen


@bp.put("/games/<game_id>/rounds/<int:number>/parts/<int:team>")
def save_part(game_id: str, number: int, team: int) -> ResponseReturnValue:
    """Save one team's own count of the round being played: ``{"tally", "version"}``,
    ``version`` being that of the team's saved count the phone showed (0 for none). When
    every team's count is in, the round is recorded. 409 with the newer count if another
    phone saved one meanwhile."""
    data = require_keys(json_body(), ("tally", "version"), required=("tally", "version"))
    based_on = tally_parts.read_count_version(data["version"], team)
    state, _ = tally_parts.save_part(game_id, number, team,
                                     read_entered_tally(data["tally"], team), based_on)
    return jsonify(game_to_dict(state))


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
             "tallies": [tally_json(tally) for tally in r.tallies]}
            for r in state.rounds
        ],
        "totals": list(state.totals),
        "current_round": current,
        "meld_minimum": None if current is None else list(state.meld_minimums(current)),
        "books": [b.as_counts() for b in state.books],
        "red_threes_down": list(state.red_threes),
        "finished": state.finished,
        "winners": list(state.winners),
        "join_code": state.join_code,
        "parts": [{"team": p.team, "version": p.version, "tally": tally_json(p.tally)}
                  for p in state.parts],
        **state.notes.as_dict(),
    }
