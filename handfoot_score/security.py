"""What every response tells the browser about safety, and the session cookie's flags.

Cookie and CSRF settings themselves are in ``config.py``; this module adds the headers
and marks the session cookie Secure whenever the page came over HTTPS.
"""

from flask import Flask, Response, has_request_context, request
from flask.sessions import SecureCookieSessionInterface

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


def register_security(app: Flask) -> None:
    """Add the safety headers to every response and mark the cookie Secure over HTTPS."""
    app.session_interface = HttpsSessionInterface()
    app.after_request(add_security_headers)


def add_security_headers(response: Response) -> Response:
    """Set each safety header the view has not set itself."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response
