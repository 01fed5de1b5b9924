"""The JSON API's OpenAPI 3.1 description: it validates, it is served, and it describes every
route under /api/v1 and no other, so a route added without it fails here. Every answer the
suite receives is checked against it (tests/openapi_check.py); the last tests here show that
check refusing answers that drifted, so a check that quietly passes everything fails too."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask, jsonify
from flask.testing import FlaskClient
from flask.typing import ResponseReturnValue
from openapi_core.exceptions import OpenAPIError
from openapi_spec_validator import validate

from handfoot_score.api.openapi import DESCRIPTION

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

#: The methods Flask answers on its own for every route.
AUTOMATIC = {"HEAD", "OPTIONS"}
#: The operations a throttle may refuse with 429: those that check a league's edit code, the
#: join code's door, and those that hash a new league's edit code.
THROTTLED = {"create_game", "change_notes", "correct_round", "undo_round", "create_night",
             "start_table", "join", "create_league", "import_league"}


def test_the_description_is_valid_openapi_3_1() -> None:
    assert DESCRIPTION["openapi"].startswith("3.1")
    validate(DESCRIPTION)


def test_it_is_served(client: FlaskClient) -> None:
    answer = client.get("/api/v1/openapi.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.get_json() == DESCRIPTION


def routes(app: Flask) -> set[tuple[str, str]]:
    """(path as OpenAPI writes it, method) of every route under /api/v1."""
    return {(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method.lower())
            for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1/")
            for method in (rule.methods or set()) - AUTOMATIC}


def test_every_route_under_api_v1_is_described_and_nothing_else(app: Flask) -> None:
    described = {(path, method) for path, operations in DESCRIPTION["paths"].items()
                 for method in operations}
    assert routes(app) == described
    assert len(described) == 24


def operations() -> list[tuple[str, dict[str, object]]]:
    return [(operation["operationId"], operation)
            for each in DESCRIPTION["paths"].values() for operation in each.values()]


def test_every_operation_says_its_errors_in_the_apis_one_shape() -> None:
    for name, operation in operations():
        responses = operation["responses"]
        assert isinstance(responses, dict)
        errors = {code: answer for code, answer in responses.items() if int(code) >= 400}
        assert {"400", "405", "503"} <= errors.keys(), name
        assert ("429" in errors) == (name in THROTTLED), name
        for code, answer in errors.items():
            assert answer == {"$ref": f"#/components/responses/Error{code}"}, (name, code)
    for name, shared in DESCRIPTION["components"]["responses"].items():
        assert shared["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Errors"}, name
        if name in ("Error429", "Error503"):
            assert shared["headers"]["Retry-After"]["required"] is True, name


def test_each_operation_is_named_once() -> None:
    names = [name for name, _ in operations()]
    assert len(set(names)) == len(names)


# The check itself: an answer that drifts from the description fails the test that got it.
# Each replaces a view with one whose answer has drifted in one way.

def _extra_key() -> ResponseReturnValue:
    return jsonify({"presets": [], "more": True})


def _id_as_a_number() -> ResponseReturnValue:
    return jsonify({"presets": [{"id": 1, "name": "Classic"}]})


def _undescribed_status() -> ResponseReturnValue:
    return jsonify({"presets": []}), 202


def _error_in_another_shape() -> ResponseReturnValue:
    return jsonify({"error": "no presets today"}), 503, {"Retry-After": "1"}


def _retry_after_missing() -> ResponseReturnValue:
    return jsonify({"errors": [{"team": None, "field": None, "message": "busy"}]}), 503


DRIFTS = [_extra_key, _id_as_a_number, _undescribed_status, _error_in_another_shape,
          _retry_after_missing]


@pytest.mark.parametrize("drifted", DRIFTS, ids=lambda view: view.__name__.strip("_"))
def test_an_answer_that_drifts_fails_the_test_that_got_it(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        drifted: Callable[[], ResponseReturnValue]) -> None:
    monkeypatch.setitem(app.view_functions, "api.views.rules_index", drifted)
    with pytest.raises(OpenAPIError):
        client.get("/api/v1/rules")


def test_a_new_game_without_its_location_fails_the_check(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    started = app.view_functions["api.games.create_game"]

    def without_location() -> ResponseReturnValue:
        answer = app.make_response(started())
        del answer.headers["Location"]
        return answer

    body = {"rules": "classic", "teams": [{"name": "Us"}, {"name": "Them"}]}
    assert client.post("/api/v1/games", json=body).status_code == 201
    monkeypatch.setitem(app.view_functions, "api.games.create_game", without_location)
    with pytest.raises(OpenAPIError):
        client.post("/api/v1/games", json=body)


def test_the_answer_as_described_passes(client: FlaskClient) -> None:
    answer = client.get("/api/v1/rules")
    assert answer.status_code == 200
    assert {"id": "classic", "name": "Classic (five decks, wild books)"} in \
        answer.get_json()["presets"]
