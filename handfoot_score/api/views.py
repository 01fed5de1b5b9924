"""Thin API views: read the body, call the service, answer JSON."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.services import rules as rules_service
from handfoot_score.services import scoring

from .body import json_body
from .openapi import DESCRIPTION

bp = Blueprint("views", __name__)


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    """This API's OpenAPI 3.1 description (``api/openapi.py``)."""
    return jsonify(DESCRIPTION)


@bp.get("/rules")
def rules_index() -> ResponseReturnValue:
    """The presets a request may name."""
    presets = [{"id": r.id, "name": r.name} for r in rules_service.list_presets()]
    return jsonify({"presets": presets})


@bp.get("/rules/<rules_id>")
def rules_detail(rules_id: str) -> ResponseReturnValue:
    """One rule set, in full."""
    return jsonify(rules_to_dict(rules_service.get_rules(rules_id)))


@bp.post("/score")
def score() -> ResponseReturnValue:
    """Score one round from each team's tally."""
    return jsonify(scoring.score_request(json_body()))


@bp.post("/meld-check")
def meld_check() -> ResponseReturnValue:
    """Judge melds and whether they meet the round's opening minimum."""
    return jsonify(scoring.meld_check_request(json_body()))
