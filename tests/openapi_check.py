"""Every JSON API answer the test suite receives, checked against the API's description
(``handfoot_score/api/openapi.py``): an answer that drifts from what it promises fails the
test that received it. The answers are checked, not the requests: many tests send what the
description forbids on purpose, to see the API refuse it."""

from __future__ import annotations

import gzip
from functools import cache

import jsonschema
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from werkzeug.test import TestResponse

from handfoot_score.api.openapi import DESCRIPTION

#: The error body, its references read in the description.
ERRORS = {"$ref": "#/components/schemas/Errors", "components": DESCRIPTION["components"]}

API = "/api/v1/"


class AnsweredRequest(WerkzeugOpenAPIRequest):
    """The request an answer was for, without its body: the body was read by the app, and
    only the answer is checked."""

    @property
    def body(self) -> bytes | None:
        return None


class ReadAnswer(WerkzeugOpenAPIResponse):
    """An answer's body as the client reads it: gzipped ones unpacked."""

    @property
    def data(self) -> bytes:
        packed = self.response.get_data()
        gzipped = self.response.headers.get("Content-Encoding") == "gzip"
        return gzip.decompress(packed) if gzipped else packed


@cache
def described() -> OpenAPI:
    return OpenAPI.from_dict(DESCRIPTION)


def check_answer(answer: TestResponse) -> None:
    """Raise if an answer under ``/api/v1`` is not as the description says (its status, its
    type, the headers it promises, its body)."""
    request = answer.request
    if not request.path.startswith(API):
        return
    try:
        described().validate_response(AnsweredRequest(request), ReadAnswer(answer))
    except (PathNotFound, OperationNotFound):
        # No operation there (an address or a method the API has not, or a route only the
        # tests add): an error, its body the API's error body.
        assert answer.status_code >= 400 and answer.mimetype == "application/json", answer
        jsonschema.validate(answer.get_json(), ERRORS)
