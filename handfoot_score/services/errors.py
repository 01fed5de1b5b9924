"""Mistakes in a request that are not about rules or tallies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from handfoot_score.engine.errors import MOST_PROBLEMS, N_, EngineError, Problem


class NotFound(LookupError):
    """Nothing is stored under the id a request names: a game, a league or one of its players,
    a club night. One handler on the app answers every kind with 404 (the page, or the JSON
    API's error), in ``message``'s words, so no view checks for it."""

    #: What the JSON API says, marked for the catalogues; each kind names itself.
    message = N_("There is no page at this address.")


class InvalidInput(EngineError):
    """A request field that is missing or of the wrong kind (not a rule set or tally)."""


def require_keys(body: object, allowed: Sequence[str], required: Sequence[str]
                 ) -> Mapping[str, Any]:
    """The request body as an object with only ``allowed`` keys and every ``required`` one."""
    if not isinstance(body, Mapping):
        raise InvalidInput(Problem("body", N_("must be a JSON object")))
    problems = [Problem(str(key), N_("is not a key of this request (a typo?)"))
                for key in islice((key for key in body if key not in allowed), MOST_PROBLEMS)]
    problems += [Problem(key, N_("is missing")) for key in required if key not in body]
    if problems:
        raise InvalidInput(problems)
    return body
