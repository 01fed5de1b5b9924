"""Reading what a phone sends with a round, besides the tallies (``tallies.read_entered``):
the one reader of each field, for the JSON API and the count page alike, so the commands in
``rounds`` take typed values and every mistake is named as it always was.
"""

from __future__ import annotations

from handfoot_score.engine.errors import N_, Problem

from ..errors import InvalidInput
from ..typed_in import text_problem, untypable

#: The longest request key: a phone makes one for each round it sends (32 hex digits).
MAX_REQUEST_KEY = 64


def read_request_key(value: object) -> str | None:
    """The request key a round is sent with, if any: text of 1 to 64 characters without
    control characters; raises InvalidInput naming ``request_key``."""
    if value is not None and (not isinstance(value, str)
                              or not 1 <= len(value) <= MAX_REQUEST_KEY
                              or untypable(value) is not None):
        raise InvalidInput(text_problem("request_key", MAX_REQUEST_KEY))
    return value


def read_round_number(value: object) -> int:
    """The round a request names; raises InvalidInput naming ``round``."""
    if type(value) is not int:
        raise InvalidInput(Problem("round", N_("must be a round number")))
    return value


def read_count_versions(value: object) -> tuple[int, ...]:
    """The count version of each team's saved count the sender saw (0 for none), in team
    order. What is no list of whole numbers lists none: the game then refuses it, saying how
    many it must list."""
    if not isinstance(value, list) or any(type(version) is not int for version in value):
        return ()
    return tuple(value)


def read_round_version(value: object) -> int:
    """The round version a correction was based on. What is no whole number is 0, a version
    no round ever had: the correction is refused as stale, with the round as stored now."""
    return value if type(value) is int else 0
