"""Every JSON API answer the test suite receives, checked against the API's description
(``handfoot_score/api/openapi.py``): an answer that drifts from what it promises fails the
test that received it.

Every answer is checked; a request only when the API took it (a 2xx answer). Many tests send
what the description forbids on purpose, to see the API refuse it, and that refusal is an
answer checked like any other; but a request the API took that the description forbids means
one of them is wrong (a null the API reads as "none", a key it knows and the description
leaves out), whichever test sent it."""

from __future__ import annotations

import gzip
import io
from functools import cache

import jsonschema
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.test import TestResponse
from werkzeug.wrappers import Request

from handfoot_score.api.openapi import DESCRIPTION

#: The error body, its references read in the description.
ERRORS = {"$ref": "#/components/schemas/Errors", "components": DESCRIPTION["components"]}

API = "/api/v1/"


class AnsweredRequest(WerkzeugOpenAPIRequest):
    """The request an answer was for, its body as the test sent it (the app read the stream
    the test client wrote it to; the bytes are still there). A query parameter given empty
    (``?season=``) is left out: the API takes it as not given, and openapi-core would refuse
    it unless described with ``allowEmptyValue``, which OpenAPI 3.1 deprecates."""

    def __init__(self, request: Request) -> None:
        super().__init__(request)
        given = [(key, value) for key, value in request.args.items(multi=True) if value]
        self.parameters.query = ImmutableMultiDict(given)

    @property
    def body(self) -> bytes | None:
        sent = self.request.environ.get("wsgi.input")
        if not isinstance(sent, io.BytesIO):
            return None
        return sent.getvalue()


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
        if 200 <= answer.status_code < 300:
            described().validate_request(AnsweredRequest(request))
        described().validate_response(AnsweredRequest(request), ReadAnswer(answer))
    except (PathNotFound, OperationNotFound):
        # No operation there (an address or a method the API has not, or a route only the
        # tests add): an error, its body the API's error body.
        assert answer.status_code >= 400 and answer.mimetype == "application/json", answer
        jsonschema.validate(answer.get_json(), ERRORS)
