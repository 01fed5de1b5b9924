"""Static files named by their content and kept a year; text compressed for browsers that
take gzip; the health check the benchmarks compare pages with."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import PROJECT_ROOT
from handfoot_score.serving.static_files import ONE_YEAR, minified_css, static_version

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
OWN_PAGE = {**GZIP, "Sec-Fetch-Site": "same-origin"}
CSS = PROJECT_ROOT / "static" / "css" / "app.css"
#: app.css as browsers get it.
SENT_CSS = minified_css(CSS.read_text(encoding="utf-8")).encode()


def version_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def stylesheet_url(client: FlaskClient) -> str:
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert found
    return found.group(1)


def test_static_addresses_carry_the_hash_of_the_file(client: FlaskClient) -> None:
    assert stylesheet_url(client) == f"/static/css/app.css?v={version_of(CSS)}"


def test_a_file_at_its_current_address_is_kept_a_year(client: FlaskClient) -> None:
    with client.get(stylesheet_url(client)) as response:
        assert response.status_code == 200
        assert response.cache_control.max_age == ONE_YEAR
        assert response.cache_control.public and response.cache_control.immutable
        assert not response.cache_control.no_cache


def test_any_other_address_of_a_file_is_checked_again(client: FlaskClient) -> None:
    for url in ("/static/css/app.css", "/static/css/app.css?v=000000000000"):
        with client.get(url) as response:
            assert response.status_code == 200
            assert response.cache_control.no_cache
            assert response.cache_control.max_age is None
            assert response.headers["ETag"]


def test_the_version_and_the_minified_file_follow_the_content(
        app: Flask, tmp_path: Path) -> None:
    app.static_folder = str(tmp_path)
    client = app.test_client()
    (tmp_path / "a.css").write_text("a { color: red; }")
    with app.test_request_context():
        first = static_version("a.css")
    assert client.get("/static/a.css").get_data() == b"a{color:red}"
    (tmp_path / "a.css").write_text("a { color: blue; } ")
    with app.test_request_context():
        assert first is not None and static_version("a.css") not in (None, first)
        assert static_version("missing.css") is None
        assert static_version("../secret.txt") is None
    assert client.get("/static/a.css").get_data() == b"a{color:blue}"
    assert client.get("/static/../secret.css").status_code == 404


def test_static_files_are_sent_compressed_when_asked(client: FlaskClient) -> None:
    url = stylesheet_url(client)
    with client.get(url, headers=GZIP) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response.vary
        assert gzip.decompress(response.get_data()) == SENT_CSS
        assert response.content_length == len(response.get_data())
        assert "Accept-Ranges" not in response.headers
    with client.get(url, headers={**GZIP, "If-None-Match": response.headers["ETag"]}) as unchanged:
        assert unchanged.status_code == 304


def test_nothing_is_compressed_for_a_browser_that_does_not_ask(client: FlaskClient) -> None:
    with client.get(stylesheet_url(client)) as response:
        assert "Content-Encoding" not in response.headers
        assert response.get_data() == SENT_CSS
        assert "Accept-Encoding" in response.vary


def test_scripts_stylesheets_and_the_manifest_are_sent_minified(client: FlaskClient) -> None:
    css = client.get(stylesheet_url(client)).get_data(as_text=True)
    assert "/*" not in css and "\n" not in css and ":root{color-scheme:light dark;" in css
    script = client.get("/static/js/tally.js").get_data(as_text=True)
    assert "// " not in script and "\n  " not in script and 'querySelector("form.tally' in script
    worker = client.get("/sw.js").get_data(as_text=True)
    assert "// " not in worker and 'addEventListener("fetch"' in worker
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    assert manifest.get_data(as_text=True).startswith('{"name":"Hand and Foot Scorekeeper",')
    with client.get("/static/icons/icon-192.png") as icon:
        assert icon.get_data() == (PROJECT_ROOT / "static" / "icons" / "icon-192.png").read_bytes()


@pytest.mark.parametrize("source, sent", [
    ('a > b , c:hover { margin: 0.5rem -0.5rem 10.5px; }',
     "a>b,c:hover{margin:0.5rem -0.5rem 10.5px}"),
    ("p :focus { width: calc(100% - 2rem) }", "p :focus{width:calc(100% - 2rem)}"),
    ('/* a comment */ q { content: "/* kept */ ; }" }', 'q{content:"/* kept */ ; }"}'),
    ("@media (max-width: 25rem) and (hover: none) { a { b: c } }",
     "@media (max-width:25rem) and (hover:none){a{b:c}}"),
])
def test_minified_css_means_what_the_file_means(source: str, sent: str) -> None:
    assert minified_css(source) == sent


def test_pages_are_compressed_only_for_the_site_itself(client: FlaskClient) -> None:
    own = client.get("/rules", headers=OWN_PAGE)
    assert own.headers["Content-Encoding"] == "gzip"
    assert b"Rules" in gzip.decompress(own.get_data())
    typed = client.get("/rules", headers={**GZIP, "Sec-Fetch-Site": "none"})
    assert typed.headers["Content-Encoding"] == "gzip"
    for headers in ({**GZIP, "Sec-Fetch-Site": "cross-site"}, GZIP, {}):
        other = client.get("/rules", headers=headers)
        assert "Content-Encoding" not in other.headers
        assert b"Rules" in other.get_data()


def test_json_is_compressed_and_small_answers_are_not(client: FlaskClient) -> None:
    rules = client.get("/api/v1/rules/classic", headers=OWN_PAGE)
    assert rules.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(rules.get_data()).startswith(b"{")
    hello = client.get("/healthz", headers=OWN_PAGE)
    assert "Content-Encoding" not in hello.headers


def test_the_health_check_says_ok(app: Flask, client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    assert response.get_data() == b"ok"
