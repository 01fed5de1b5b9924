"""The link another phone opens for a page of this game: the join page shows it as a QR
code, and every page may show it (a template global)."""

from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for

from handfoot_score.serving import network


def join_link(endpoint: str, **values: Any) -> str | None:
    """The link another phone opens for ``endpoint`` (``values`` as ``url_for`` takes them);
    None if this computer has none to give.

    ``PUBLIC_URL`` names the site when set. Otherwise the link is on the address this
    request came to, except that a loopback address (``127.0.0.1``, ``localhost``), which
    would open the other phone itself, becomes this computer's first network address.
    """
    path = url_for(endpoint, **values)
    public: str | None = current_app.config.get("PUBLIC_URL")
    if public:
        return public + path
    host, port = split_host(request.host)
    if network.is_loopback(host):
        addresses = network.network_addresses()
        if not addresses:
            return None
        host = network.host_for_url(addresses[0])
    return f"{request.scheme}://{host}{port}{path}"


def split_host(host: str) -> tuple[str, str]:
    """A Host header's name and its ``:port`` part (empty when there is none).

    >>> split_host("127.0.0.1:8000"), split_host("[::1]:80"), split_host("cards.example.org")
    (('127.0.0.1', ':8000'), ('[::1]', ':80'), ('cards.example.org', ''))
    """
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest
    name, colon, port = host.rpartition(":")
    return (name, colon + port) if colon else (host, "")
