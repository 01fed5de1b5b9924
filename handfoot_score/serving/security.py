"""What every response tells the browser about safety, the session cookie's flags, and
which responses may be compressed.

Cookie and CSRF settings themselves are in ``config.py``; this module adds the headers,
marks the session cookie Secure whenever the page came over HTTPS, and has flask-compress
gzip a page only for the site's own requests (``compress_for_own_site``).
"""

import os
import re
from itertools import chain

from flask import Flask, Response, has_request_context, jsonify, request
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound, UnprocessableEntity
from werkzeug.routing import IntegerConverter, Map

from handfoot_score.extensions import compress
from handfoot_score.services.league_backup import MAX_DOCUMENT_BYTES
from handfoot_score.services.league_backup.document import FORM_BYTES
from handfoot_score.services.typed_in import STORED_INT_MAX, unstorable
from handfoot_score.serving.errors import API_PREFIX

#: Scripts, styles, images and fetches come from this site only, so no inline script or
#: ``style=`` attribute runs; no other site may frame a page (against clickjacking a book
#: tap), and forms and ``<base>`` cannot point elsewhere.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # frame-ancestors' forerunner, for browsers that do not read it.
    "X-Frame-Options": "DENY",
    # Our own pages' requests carry their full address as Referer, which Flask-WTF's CSRF
    # check demands of every form sent over HTTPS; requests to other sites carry none, so
    # a game's address, which is all it takes to change its score, never leaves the site.
    "Referrer-Policy": "same-origin",
}


class HttpsSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, its cookie marked Secure when the request is HTTPS.

    ``SESSION_COOKIE_SECURE`` still forces the flag for every request.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        """Whether the browser may send the session cookie back over HTTPS only."""
        forced = super().get_cookie_secure(app)
        return forced or (has_request_context() and request.is_secure)


#: The endpoints that take a league's backup, the one body allowed past MAX_CONTENT_LENGTH,
#: and how big a body each takes: the document itself, or the restore page's form holding it.
BACKUP_ENDPOINTS = {"api.leagues.import_league": MAX_DOCUMENT_BYTES,
                    "leagues.import_league": MAX_DOCUMENT_BYTES + FORM_BYTES}


def register_body_limits(app: Flask) -> None:
    """Let a league's backup be as big as its import takes. Registered before CSRF protection,
    which reads a form's fields before its view runs: a limit set in the view comes too late."""
    app.before_request(allow_backup_bodies)


def allow_backup_bodies() -> None:
    """Raise this request's body limit to what its endpoint takes if it takes a league's backup
    (the page's form checks its file against MAX_DOCUMENT_BYTES itself)."""
    if request.endpoint in BACKUP_ENDPOINTS:
        request.max_content_length = BACKUP_ENDPOINTS[request.endpoint]


def register_security(app: Flask) -> None:
    """Add the safety headers to every response, mark the cookie Secure over HTTPS, answer
    only the hosts in ``TRUSTED_HOSTS`` when it is set, and refuse unstorable input."""
    app.session_interface = HttpsSessionInterface()
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(os.environ.get("TRUSTED_HOSTS", ""))
    app.before_request(refuse_unstorable_input)
    app.after_request(add_security_headers)


#: Sec-Fetch-Site values of requests made by this site's own pages, or typed by the user.
OWN_SITE = frozenset(("same-origin", "none"))
#: What flask-compress gzips: text of at least 512 bytes (smaller gains too little), sent
#: whole (a streamed answer passes as it is), gzip only (what every browser takes).
COMPRESSION = {
    "COMPRESS_REGISTER": False,
    "COMPRESS_ALGORITHM": ["gzip"],
    "COMPRESS_LEVEL": 6,
    "COMPRESS_MIN_SIZE": 512,
    "COMPRESS_STREAMS": False,
}


def register_compression(app: Flask) -> None:
    """Gzip text responses for browsers that take it, where that gives nothing away."""
    for key, value in COMPRESSION.items():
        app.config.setdefault(key, value)
    compress.init_app(app)
    app.after_request(compress_for_own_site)


def compress_for_own_site(response: Response) -> Response:
    """Gzip the response, if the browser takes it, when it is a static file (nothing secret
    in it) or the request is the site's own (``Sec-Fetch-Site`` ``same-origin`` or ``none``).

    A page holding a secret (a CSRF token), compressed in answer to another site's request,
    would let that site learn the secret from the answer's size, guess by guess (the BREACH
    attack); a browser marks every request with where it comes from."""
    if request.endpoint in ("static", "service_worker") or \
            request.headers.get("Sec-Fetch-Site") in OWN_SITE:
        return compress.after_request(response)
    return response


def trusted_hosts(setting: str) -> list[str] | None:
    """The host names ``TRUSTED_HOSTS`` lists, separated by commas; None (any host) if none.

    >>> trusted_hosts("cards.example.org, .example.net"), trusted_hosts(" ")
    (['cards.example.org', '.example.net'], None)
    """
    hosts = [host.strip() for host in setting.split(",") if host.strip()]
    return hosts or None


class StoredIdConverter(IntegerConverter):
    """``<int:...>`` in an address: ASCII digits up to what an integer column stores, so
    ``10²⁰`` or 3,000,000,000 is a 404 on every database, never an error deep in a query."""

    regex = r"[0-9]{1,20}"

    def __init__(self, map: Map, fixed_digits: int = 0, min: int | None = None,
                 max: int | None = STORED_INT_MAX, signed: bool = False) -> None:
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


def register_converters(app: Flask) -> None:
    """Read ids in addresses by the stored-number policy (before any route is added)."""
    app.url_map.converters["int"] = StoredIdConverter


def refuse_unstorable_input() -> ResponseReturnValue | None:
    """Refuse a NUL or a lone surrogate in the address (404), or in a query or form field
    (422 naming the field): no database could store or even look them up."""
    if any(isinstance(value, str) and unstorable(value)
           for value in (request.view_args or {}).values()):
        raise NotFound()
    sources = [request.args]
    # Typed forms only: a file upload is read by its own view, under that view's size cap.
    if request.mimetype == "application/x-www-form-urlencoded":
        sources.append(request.form)
    for source in sources:
        # Looked for in all the fields at once, and field by field only if found.
        if unstorable("".join(chain.from_iterable((key, *values)
                                                  for key, values in source.lists()))) is None:
            continue
        for key, values in source.lists():
            problem = unstorable(key) or next(filter(None, map(unstorable, values)), None)
            if problem is not None:
                field = "a field's name" if unstorable(key) else key
                return _unprocessable(field, problem)
    return None


class UntypableInput(UnprocessableEntity):
    """A page's field held a character no one types: 422, in words a player reads."""

    @property
    def name(self) -> str:
        """The page's heading."""
        return "Something typed cannot be kept"


def _unprocessable(field: str, problem: str) -> ResponseReturnValue:
    if request.path.startswith(API_PREFIX):
        team = _TEAM_FIELD.fullmatch(field)
        body = {"errors": [{"team": int(team[1]) if team else None,
                            "field": team[2] if team else field, "message": problem}]}
        return jsonify(body), 422
    raise UntypableInput(f"{field_words(field)} {problem}. Nothing was saved: go back and "
                         "type it again.")


_TEAM_FIELD = re.compile(r"teams-([0-9]{1,2})-(.+)")


def field_words(field: str) -> str:
    """A form field's name as a player reads it, naming the team.

    >>> field_words("teams-0-name"), field_words("code")
    ("Team 1's name", 'The code')
    """
    team = _TEAM_FIELD.fullmatch(field)
    words = (team[2] if team else field).replace("-", " ").replace("_", " ")
    return f"Team {int(team[1]) + 1}'s {words}" if team else f"The {words}"


def add_security_headers(response: Response) -> Response:
    """Set each safety header the view has not set itself."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response
