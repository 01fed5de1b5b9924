"""Views for the HTML pages: parse the request, render a template.

The home page lists only the games this device started or joined: a game's address is all it
takes to keep its score, so the server never lists games to strangers. The device remembers
each game page it opened (starting a game, or joining by code or link, lands on one) in its
signed session cookie.
"""

from datetime import UTC, datetime

from flask import Blueprint, Response, render_template, request, session

from handfoot_score.engine.presets import PRESETS
from handfoot_score.services import games
from handfoot_score.services.games import GameNotFound, GameState
from handfoot_score.services.leagues import utc
from handfoot_score.storage.models import GameStatus
from handfoot_score.web.shared.device_rules import rules_of_this_device

bp = Blueprint("home", __name__)

SESSION_GAMES = "my_games"
#: A device remembers this many games at most, the latest opened: the cookie stays small.
MAX_REMEMBERED_GAMES = 15
EPOCH = datetime.fromtimestamp(0, UTC)


@bp.get("/")
def home() -> str:
    """Offer a new game and a join code field, list this device's games in play to resume,
    and say what the scorekeeper does."""
    return render_template("home.html", games=games_of_this_device())


def games_of_this_device() -> list[GameState]:
    """The games in play this device started or joined, the most recently played first."""
    found = []
    for game_id in remembered_games():
        try:
            found.append(games.get_game(game_id))
        except GameNotFound:
            continue
    playing = [game for game in found if game.status == GameStatus.PLAYING]
    return sorted(playing, key=lambda game: utc(game.updated_at or EPOCH), reverse=True)


def remembered_games() -> list[str]:
    """The ids of the games this device opened, oldest first."""
    ids = session.get(SESSION_GAMES)
    return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []


def remember_game(response: Response) -> Response:
    """Remember a game whose page this device opened, for its home page."""
    game_id = (request.view_args or {}).get("game_id")
    if request.method == "GET" and response.status_code == 200 and isinstance(game_id, str):
        known = remembered_games()
        if game_id not in known:
            session[SESSION_GAMES] = [*known, game_id][-MAX_REMEMBERED_GAMES:]
            session.permanent = True
    return response


@bp.get("/rules")
def rules_index() -> str:
    """List the rule presets a game can be played under, and the house rules this device
    saved or opened."""
    return render_template("rules/index.html", presets=list(PRESETS.values()),
                           saved=rules_of_this_device())


@bp.get("/healthz")
def healthz() -> Response:
    """Answer "ok" while the app is up, for a load balancer's or a monitor's health check.

    It reads and writes nothing, so it is the cheapest request the app answers: the
    benchmarks compare every page with it.
    """
    return Response("ok", mimetype="text/plain")
