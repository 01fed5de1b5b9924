"""Reading a JSON request body: 415 when it is not JSON's type, 400 when it is not JSON."""

from __future__ import annotations

import json

from flask import request
from werkzeug.exceptions import BadRequest, UnsupportedMediaType


def json_body() -> object:
    """The decoded JSON body of the request."""
    if request.mimetype != "application/json":
        raise UnsupportedMediaType("Send the body as application/json.")
    try:
        return json.loads(request.get_data(cache=True).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest("The body is not valid JSON.") from None
