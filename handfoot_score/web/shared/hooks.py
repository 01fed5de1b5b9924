"""What every page does after its view, registered in one place: the pages only, never the
JSON API. The hooks themselves are their features' (``web/__init__.py`` names them)."""

from collections.abc import Callable
from functools import wraps

from flask import Flask, Response, request

Hook = Callable[[Response], Response]


def register_hooks(app: Flask, *hooks: Hook) -> None:
    """Run each of ``hooks`` after every page's view, the last named first (as the app runs
    its hooks, last registered first)."""
    for hook in hooks:
        app.after_request(pages_only(hook))


def pages_only(hook: Hook) -> Hook:
    """``hook`` for the responses of the pages' blueprints; every other response (a static
    file, an unknown address, the JSON API) passes as it is."""
    @wraps(hook)
    def on_pages(response: Response) -> Response:
        page = request.blueprint is not None and "api" not in request.blueprints
        return hook(response) if page else response
    return on_pages
