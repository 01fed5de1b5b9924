"""No address changes anything when it is only looked at: every GET route, and every link
the pages offer, leaves the database exactly as it was."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urljoin, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.site_map import addresses, database_rows, make_samples

LINK = re.compile(r"""<a\b[^>]*\bhref="([^"#]*)""")
MOST_PAGES = 200


def test_every_get_route_changes_nothing(app: Flask, client: FlaskClient) -> None:
    samples = make_samples(app)
    before = database_rows(app)
    visited = []
    for rule, url in addresses(app, samples):
        with client.get(url) as response:
            assert response.status_code < 500, (url, response.status_code)
        assert database_rows(app) == before, f"GET {url} ({rule.endpoint}) changed the database"
        visited.append(rule.endpoint)
    assert "counting.tally" in visited and "home.home" in visited


def test_every_link_on_the_pages_changes_nothing(app: Flask, client: FlaskClient) -> None:
    samples = make_samples(app)
    before = database_rows(app)
    queue = [url for _, url in addresses(app, samples, pages_only=True)]
    seen = set(queue)
    while queue:
        url = queue.pop(0)
        response = client.get(url)
        assert response.status_code < 500, (url, response.status_code)
        assert database_rows(app) == before, f"GET {url} changed the database"
        if response.mimetype != "text/html":
            continue
        for href in LINK.findall(response.get_data(as_text=True)):
            target = urljoin(url, unescape(href))
            parts = urlsplit(target)
            if parts.netloc or parts.path.startswith(("/static/", "/api/")) or target in seen:
                continue
            seen.add(target)
            queue.append(target)
        assert len(seen) < MOST_PAGES, "the pages link to ever more addresses"
    assert any("?" in url for url in seen), "no link with a query string was followed"
