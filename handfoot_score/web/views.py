"""Views for the HTML pages: parse the request, render a template."""

from flask import Response, render_template

from handfoot_score.engine.presets import PRESETS
from handfoot_score.services.games import games_in_play
from handfoot_score.web import bp


@bp.get("/")
def home() -> str:
    """Offer a new game, list the games in play to resume, and say what the scorekeeper does."""
    return render_template("home.html", games=games_in_play())


@bp.get("/rules")
def rules_index() -> str:
    """List the rule presets a game can be played under."""
    return render_template("rules/index.html", presets=list(PRESETS.values()))


@bp.get("/healthz")
def healthz() -> Response:
    """Answer "ok" while the app is up, for a load balancer's or a monitor's health check.

    It reads and writes nothing, so it is the cheapest request the app answers: the
    benchmarks compare every page with it.
    """
    return Response("ok", mimetype="text/plain")
