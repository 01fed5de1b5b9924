"""Live pages: the version ``static/js/live.js`` polls to see what other phones entered, and
the answer to a save the script sends.

The poll answers 304 (empty) while the game's version is the ETag the phone sent, reading
only that one number; when it changed, the script fetches the page again and swaps in the
parts marked ``data-live``. Without JavaScript the pages show the same by reload.
"""

from __future__ import annotations

from dataclasses import asdict

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue

from handfoot_score.services import live

bp = Blueprint("live", __name__)


@bp.get("/games/<game_id>/live")
def live_version(game_id: str) -> ResponseReturnValue:
    """The game's version as the ETag, and what the pages show live; 304 while unchanged.

    A HEAD, which is what live.js sends, is answered from the version alone, changed or not:
    the script fetches the page when it changed, never the summary, so reading the game
    for it would be work thrown away by every phone of the table after every save."""
    version = live.polled_version(game_id)
    if request.if_none_match.contains(str(version)):
        return _uncached(Response(status=304), version)
    if request.method == "HEAD":
        return _uncached(Response(status=200), version)
    pulse = live.pulse(game_id)
    return _uncached(jsonify(asdict(pulse)), pulse.version)


def _uncached(response: Response, version: int) -> Response:
    # Every poll asks again: the answer is one number, and a cached one would hide changes.
    response.set_etag(str(version))
    response.cache_control.no_cache = True
    return response


#: The header live.js sends with a save, to be told where to go next rather than sent there.
SCRIPT_SAVE = "X-Save"
_REDIRECTS = (301, 302, 303, 307, 308)


def location_for_scripts(response: Response) -> Response:
    """Answer a save sent by live.js with where to go next (``X-Location``) instead of a
    redirect: the fetch would follow a redirect itself and use up the messages flashed for
    the next page, which the phone then loads without them."""
    if request.headers.get(SCRIPT_SAVE) == "fetch" and response.status_code in _REDIRECTS:
        response.headers["X-Location"] = response.headers.pop("Location")
        response.status_code = 200
    return response
