"""Safety headers on every response, the session cookie's flags, the size limit, and no
inline script or style in any template (the Content-Security-Policy would block it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import PROJECT_ROOT
from handfoot_score.config import MAX_CONTENT_LENGTH
from tests.site_map import addresses, database_rows, make_samples

EXPECTED_HEADERS = {
    "Content-Security-Policy":
        "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
TEMPLATES = sorted((PROJECT_ROOT / "templates").rglob("*.html"))


@pytest.fixture
def app(app: Flask) -> Flask:
    """The app with CSRF protection on, as it runs at the table."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app


@pytest.mark.parametrize("path", [
    "/", "/games/new", "/rules", "/static/css/app.css", "/no-such-page",
    "/api/v1/rules", "/api/v1/no-such-thing",
])
def test_every_kind_of_response_carries_the_safety_headers(client: FlaskClient, path: str) -> None:
    with client.get(path) as response:
        for name, value in EXPECTED_HEADERS.items():
            assert response.headers.get(name) == value, (path, name)


def test_errors_and_refusals_carry_them_too(client: FlaskClient) -> None:
    for response in (client.post("/games/new", data={}),  # no CSRF token: 400
                     client.delete("/rules"),  # 405
                     client.post("/api/v1/score", data="{", content_type="application/json")):
        assert response.status_code >= 400
        assert response.headers["Content-Security-Policy"] == \
            EXPECTED_HEADERS["Content-Security-Policy"]


def session_cookie(client: FlaskClient, path: str, base_url: str = "http://localhost") -> str:
    """The Set-Cookie line of the session cookie a page sets."""
    response = client.get(path, base_url=base_url)
    assert response.status_code == 200
    lines = [line for line in response.headers.getlist("Set-Cookie")
             if line.startswith("session=")]
    assert lines, f"{path} set no session cookie"
    return lines[0]


def flags(cookie: str) -> set[str]:
    """A Set-Cookie line's attributes, in lower case: ``{"httponly", "samesite=lax"}``."""
    return {part.strip().lower() for part in cookie.split(";")[1:]}


def test_the_session_cookie_is_http_only_and_same_site_lax(client: FlaskClient) -> None:
    cookie = flags(session_cookie(client, "/games/new"))
    assert "httponly" in cookie
    assert "samesite=lax" in cookie
    assert "secure" not in cookie  # plain HTTP on a home network must still keep a session


def test_the_session_cookie_is_secure_over_https(client: FlaskClient) -> None:
    cookie = flags(session_cookie(client, "/games/new", base_url="https://localhost"))
    assert {"secure", "httponly", "samesite=lax"} <= cookie


def test_csrf_tokens_do_not_expire(app: Flask) -> None:
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


@pytest.mark.parametrize(("path", "content_type"), [
    ("/games/new", "application/x-www-form-urlencoded"),
    ("/api/v1/score", "application/json"),
])
def test_a_body_over_the_limit_is_refused(client: FlaskClient, path: str, content_type: str
                                          ) -> None:
    body = b"x" * (MAX_CONTENT_LENGTH + 1)
    response = client.post(path, data=body, content_type=content_type)
    assert response.status_code == 413
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_api_takes_no_form_posts(app: Flask, client: FlaskClient) -> None:
    """The API carries no CSRF token on purpose: a cross-site form can only send form
    encodings, and the API refuses every body that is not JSON."""
    samples = make_samples(app)
    before = database_rows(app)
    tried = []
    for method in ("POST", "PUT", "PATCH", "DELETE"):
        for rule, url in addresses(app, samples, method):
            if not rule.endpoint.startswith("api."):
                continue
            response = client.open(url, method=method, data={"rules": "classic", "name": "x"})
            assert response.status_code == 415, (method, url, response.status_code)
            assert response.is_json
            tried.append(rule.endpoint)
    assert database_rows(app) == before
    assert "api.games.create_game" in tried and "api.games.correct_round" in tried


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_no_template_has_inline_script_or_style(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    assert not re.search(r"<script\b(?![^>]*\bsrc=)", text), "inline <script>: use static/js"
    assert not re.search(r"<style\b", text), "<style> element: use static/css"
    assert not re.search(r"\sstyle=", text), "style= attribute: use a class in static/css"
    assert not re.search(r"\son[a-z]+=", text), "on...= handler: use static/js"
    assert "javascript:" not in text
