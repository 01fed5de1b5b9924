"""The phone's own address behind a trusted proxy, whole: waitress cuts some in two.

Waitress reads each ``X-Forwarded-For`` address with a dot in it as IPv4, maybe with a port,
and splits it at its last colon. An IPv4 phone as a proxy listening on IPv6 names it,
``::ffff:203.0.113.9``, so arrives as the address ``::ffff`` and the port ``203.0.113.9``:
every such phone one client to the throttles (``::/64``), and one guesser would lock them
all out. A port is digits; where waitress's is not, ``address_made_whole`` joins the halves.
"""

from __future__ import annotations

from collections.abc import Iterable
from ipaddress import ip_address
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment


def address_made_whole(app: WSGIApplication) -> WSGIApplication:
    """``app``, called with the client's address whole where waitress cut it in two."""

    def application(environ: WSGIEnvironment,
                    start_response: StartResponse) -> Iterable[bytes]:
        repair(environ)
        return app(environ, start_response)

    return application


def repair(environ: WSGIEnvironment) -> None:
    """Join ``REMOTE_ADDR`` and a ``REMOTE_PORT`` that is no port back into one address.

    >>> cut = {"REMOTE_ADDR": "::ffff", "REMOTE_HOST": "::ffff", "REMOTE_PORT": "203.0.113.9"}
    >>> repair(cut); cut
    {'REMOTE_ADDR': '::ffff:203.0.113.9', 'REMOTE_HOST': '::ffff:203.0.113.9'}
    >>> whole = {"REMOTE_ADDR": "203.0.113.9", "REMOTE_PORT": "51234"}
    >>> repair(whole); whole
    {'REMOTE_ADDR': '203.0.113.9', 'REMOTE_PORT': '51234'}
    """
    port = str(environ.get("REMOTE_PORT", ""))
    if not port or port.isdigit():
        return
    joined = f"{environ.get('REMOTE_ADDR', '')}:{port}"
    try:
        ip_address(joined)
    except ValueError:
        return
    environ["REMOTE_ADDR"] = environ["REMOTE_HOST"] = joined
    del environ["REMOTE_PORT"]
