"""Leagues in the JSON API: create one, read its standings, back it up and restore it; and
the one door to a game that is not its link, its join code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.services import (
    join_codes,
    league_backup,
    leagues,
    new_edit_codes,
    ratings,
    standings,
)
from handfoot_score.services.errors import InvalidInput, require_keys
from handfoot_score.services.heavy_reads import HeavyRead
from handfoot_score.services.ratings import Skill
from handfoot_score.services.seasons import SeasonView
from handfoot_score.services.standings import Standing
from handfoot_score.serving.streaming import streamed

from .body import json_body
from .prediction_teams import read_teams

bp = Blueprint("leagues", __name__)

EDIT_CODE_HEADER = "X-Edit-Code"
#: How ``jsonify`` writes an answer (outside debug mode), for an answer written in pieces.
ANSWER_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def edit_code() -> str | None:
    """The edit code the request carries in its X-Edit-Code header, if any."""
    return request.headers.get(EDIT_CODE_HEADER)


def checked_edit_code(league_id: str) -> str:
    """The request's X-Edit-Code checked against the league before its body is read, and the
    key that stands for it from then on: 404 for no such league, 403 (or 429) without the
    code of a protected league, whatever the body holds."""
    return leagues.unlock(league_id, edit_code())


def checked_game_edit_code(game_id: str) -> str | None:
    """The request's X-Edit-Code checked against the league of a game before its body is
    read (``checked_edit_code``); for a game in no league, the header as it came."""
    league = leagues.league_of_game(game_id)
    return edit_code() if league is None else checked_edit_code(league.id)


@bp.post("/leagues")
def create_league() -> ResponseReturnValue:
    """Start a league; 201 with its id and name."""
    league = leagues.create_league(json_body())
    headers = {"Location": url_for("api.leagues.league_standings", league_id=league.id)}
    return jsonify({"id": league.id, "name": league.name}), 201, headers


@bp.get("/leagues/<league_id>/standings")
def league_standings(league_id: str) -> ResponseReturnValue:
    """Standings per player and per partnership, in the default order, or sorted by
    ``?sort=`` a column and ``&order=`` asc or desc; of the season being played, or of
    ``?season=`` a season's id, or ``all`` for all time. Lists the league's seasons."""
    table = standings.league_standings(league_id, sort=request.args.get("sort"),
                                       order=request.args.get("order"),
                                       season=request.args.get("season"))
    return jsonify({
        "league": {"id": table.league.id, "name": table.league.name},
        "season": None if table.seasons.season is None else _season(table.seasons.season),
        "seasons": [_season(season) for season in table.seasons.seasons],
        "players": [{"id": row.player_ids[0], "name": row.name, **_figures(row)}
                    for row in table.players],
        "teams": [{"players": list(row.players), **_figures(row)} for row in table.teams],
    })


@bp.get("/leagues/<league_id>/ratings")
def league_ratings(league_id: str) -> ResponseReturnValue:
    """Every rated player's and partnership's club rating, highest first, with openskill's
    mean and uncertainty behind it."""
    club = ratings.league_ratings(league_id)
    return jsonify({
        "players": [{"name": row.name, **_skill(row.skill)} for row in club.players],
        "teams": [{"players": list(row.players), **_skill(row.skill)} for row in club.teams],
    })


@bp.post("/leagues/<league_id>/predictions")
def predictions(league_id: str) -> ResponseReturnValue:
    """Each team's chance to win a game not played yet (``{"teams": [["Ann"], ["Bob"]]}``)."""
    chances = ratings.predict(league_id, read_teams(json_body()))
    return jsonify({"teams": [{"players": list(team.players),
                               "win_probability": team.win_probability} for team in chances]})


@bp.get("/leagues/<league_id>/export")
def export_league(league_id: str) -> ResponseReturnValue:
    """The whole league as one JSON document, to keep or to import again; with ``?season=``
    a season's id, only that season and its games. Sent a game at a time while it is read;
    a heavy read, so 503 while others take every slot."""
    with HeavyRead() as read:
        export = league_backup.league_export(league_id, request.args.get("season"))
        return streamed(read, _exported(export), "application/json")


def _exported(export: league_backup.LeagueExport) -> Iterator[str]:
    """The export as ``jsonify`` writes an answer: keys sorted, no spaces, a last newline."""
    yield from export.pieces(ANSWER_JSON)
    yield "\n"


@bp.post("/leagues/import")
def import_league() -> ResponseReturnValue:
    """Rebuild a league from an export; 201 with the new id. ``X-Edit-Code`` protects it.
    While another restore runs, 503 at once, the body unread."""
    with league_backup.one_restore_at_a_time():
        league_id = league_backup.import_league(json_body(), edit_code=edit_code())
    headers = {"Location": url_for("api.leagues.league_standings", league_id=league_id)}
    return jsonify({"id": league_id}), 201, headers


@bp.post("/join")
def join() -> ResponseReturnValue:
    """The game in play a join code opens (``{"code"}``): 200 with its id and Location, else
    404; 429 with Retry-After while this address has typed too many codes that open nothing.
    A POST, as a miss is recorded."""
    code = require_keys(json_body(), ("code",), required=("code",))["code"]
    if not isinstance(code, str):
        raise InvalidInput(Problem("code", N_("must be the join code as text")))
    game_id = join_codes.game_with_code(code)
    if game_id is None:
        message = _("No game in play has this join code.")
        return jsonify({"errors": [{"team": None, "field": "code", "message": message}]}), 404
    return (jsonify({"game": game_id}), 200,
            {"Location": url_for("api.games.game", game_id=game_id)})


@bp.errorhandler(join_codes.TooManyJoinCodes)
def too_many_join_codes(error: join_codes.TooManyJoinCodes) -> ResponseReturnValue:
    """Too many join codes from this address opened nothing lately: 429, and when to retry."""
    body = {"errors": [{"team": None, "field": "code", "message": error.message}]}
    return jsonify(body), 429, {"Retry-After": str(error.retry_after)}


@bp.errorhandler(new_edit_codes.TooManyNewCodes)
def too_many_new_codes(error: new_edit_codes.TooManyNewCodes) -> ResponseReturnValue:
    """Too many leagues with an edit code from this address lately: 429, and when to retry."""
    body = {"errors": [{"team": None, "field": "edit_code", "message": error.message}]}
    return jsonify(body), 429, {"Retry-After": str(error.retry_after)}


def _skill(skill: Skill) -> dict[str, Any]:
    return {"rating": skill.rating, "mu": skill.mu, "sigma": skill.sigma, "games": skill.games}


def _season(season: SeasonView) -> dict[str, Any]:
    return {"id": season.id, "name": season.name, "starts_on": season.starts_on.isoformat()}


def _figures(row: Standing) -> dict[str, Any]:
    return {"rating": row.rating, "games": row.games, "wins": row.wins, "ties": row.ties,
            "losses": row.losses, "points": row.points, "avg_points": float(row.avg_points),
            "best": row.best, "win_pct": float(row.win_pct)}
