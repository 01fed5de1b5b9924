"""What every page does after its view, registered in one place: the pages only, never the
JSON API."""

from collections.abc import Callable
from functools import wraps

from flask import Flask, Response, request

from handfoot_score.web.home.routes import remember_game
from handfoot_score.web.play.live import location_for_scripts

Hook = Callable[[Response], Response]


def register_hooks(app: Flask) -> None:
    """Remember the games this device opens, and answer live.js's saves with where to go."""
    # The app runs its hooks last registered first: a save's redirect becomes an answer
    # before a game is remembered, as when both were the one blueprint's.
    for hook in (remember_game, location_for_scripts):
        app.after_request(pages_only(hook))


def pages_only(hook: Hook) -> Hook:
    """``hook`` for the responses of the pages' blueprints; every other response (a static
    file, an unknown address, the JSON API) passes as it is."""
    @wraps(hook)
    def on_pages(response: Response) -> Response:
        page = request.blueprint is not None and "api" not in request.blueprints
        return hook(response) if page else response
    return on_pages
