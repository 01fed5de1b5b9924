"""Reading a JSON request body: 415 when it is not JSON's type, 400 when it is not JSON, 422
naming the field when a key or string holds what no database can store (NUL, a lone UTF-16
surrogate), and 422 naming the key when an object gives one twice (every body: which value was
meant cannot be told, and a proxy reading the same bytes may keep the other)."""

from __future__ import annotations

from itertools import islice

from flask import request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from handfoot_score.engine.errors import MOST_PROBLEMS, Problem
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.typed_in import read_json, unstorable_strings


def json_body() -> object:
    """The decoded JSON body of the request; raises InvalidInput for unstorable text or a key
    given twice."""
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(_("Send the body as application/json."))
    try:
        body = read_json(request.get_data(cache=True).decode("utf-8"))
    except InvalidInput:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest(_("The body is not valid JSON.")) from None
    problems = [_problem(field, message)
                for field, message in islice(unstorable_strings(body), MOST_PROBLEMS)]
    if problems:
        raise InvalidInput(problems)
    return body


def _problem(path: str, message: str) -> Problem:
    """A problem at ``path``, naming the team when the path is inside ``teams.N``.

    >>> _problem("teams.1.players.0", "x").field, _problem("teams.1.players.0", "x").team
    ('players.0', 1)
    """
    top, _, rest = path.partition(".")
    team, _, field = rest.partition(".")
    if top == "teams" and team.isascii() and team.isdigit() and field:
        return Problem(field, message, int(team))
    return Problem(path, message)
