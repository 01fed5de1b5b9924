"""Views for the HTML pages: parse the request, render a template."""

from flask import render_template

from handfoot_score.engine.presets import PRESETS
from handfoot_score.web import bp



@bp.get("/")
def home() -> str:
    """Say what the scorekeeper does and point to the rules."""
    return render_template("home.html")


@bp.get("/rules")
def rules_index() -> str:
    """List the rule presets a game can be played under."""
    return render_template("rules/index.html", presets=list(PRESETS.values()))
