"""The JSON API's OpenAPI 3.1 description: it validates, it is served, and it describes every
route under /api/v1 and no other, so a route added without it fails here. (Every answer the
suite receives is checked against it: tests/openapi_check.py.)"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openapi_spec_validator import validate

from handfoot_score.api.openapi import DESCRIPTION

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

#: The methods Flask answers on its own for every route.
AUTOMATIC = {"HEAD", "OPTIONS"}


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


def test_every_operation_says_its_errors_in_the_apis_one_shape() -> None:
    for path, operations in DESCRIPTION["paths"].items():
        for method, operation in operations.items():
            errors = {code: answer for code, answer in operation["responses"].items()
                      if code >= "400"}
            assert {"400", "405", "429", "503"} <= errors.keys(), (path, method)
            for code, answer in errors.items():
                assert answer == {"$ref": f"#/components/responses/Error{code}"}
    for shared in DESCRIPTION["components"]["responses"].values():
        assert shared["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Errors"}
