"""Error pages for people, and JSON errors for anything under ``/api/``."""

from html import escape

from flask import jsonify, render_template, request
from flask.globals import request_ctx
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from werkzeug import exceptions
from werkzeug.exceptions import HTTPException

from handfoot_score.languages.i18n import current_locale
from handfoot_score.services.errors import NotFound
from handfoot_score.services.words import lazy_gettext as _l

API_PREFIX = "/api/"

#: What a page says for the errors people meet, in the page's language.
PLAIN_MESSAGES = {
    400: _l("The scorekeeper could not read that request."),
    403: _l("That is not allowed here."),
    404: _l("There is no page at this address."),
    405: _l("This address does not take that kind of request."),
    413: _l("That was more than the scorekeeper can take in at once."),
    429: _l("Too many requests at once. Please wait a moment and try again."),
    500: _l("Something went wrong on our side. Please try again."),
    503: _l("The scorekeeper is busy. Please try again in a moment."),
}


def plain_words(error: HTTPException) -> str:
    """What to say of an error: its own words when the app gave it some, else ours for its
    code in the reader's language, rather than Werkzeug's English."""
    if error.description != type(error).description and error.description:
        return error.description
    return str(PLAIN_MESSAGES.get(error.code or 500, error.description or error.name))


def handle_http_error(error: HTTPException) -> ResponseReturnValue:
    """Render an HTTP error as an HTML page, or as JSON when the path is under ``/api/``."""
    if error.code is None:
        return error
    # Keep headers such as Allow on 405; the body and its type are replaced.
    headers = [(name, value) for name, value in error.get_headers() if name != "Content-Type"]
    if request.path.startswith(API_PREFIX):
        message = plain_words(error)
        body = {"errors": [{"team": None, "field": None, "message": message}]}
        return jsonify(body), error.code, headers
    message = str(PLAIN_MESSAGES.get(error.code, plain_words(error)))
    if request_ctx.url_adapter is None:
        # The Host header could not be read (a label over 63 characters, say), so no
        # address can be built for the page's links: answer with the words alone.
        return bare_page(error, message), error.code, headers
    return render_template("error.html", error=error, message=message), error.code, headers


def not_found(error: NotFound) -> ResponseReturnValue:
    """Nothing stored under the id asked for (a game, a league, a club night), whichever
    view asked: the page-not-found page, or under ``/api/`` the JSON error that names what
    is missing."""
    return handle_http_error(exceptions.NotFound(gettext(error.message)))


def bare_page(error: HTTPException, message: str) -> str:
    """An error page that links nowhere and loads nothing, for requests no link fits."""
    return (f"<!doctype html><html lang=\"{escape(current_locale())}\"><meta charset=\"utf-8\">"
            f"<title>{escape(error.name)}</title><h1>{escape(error.name)}</h1>"
            f"<p>{escape(message)}</p></html>")
