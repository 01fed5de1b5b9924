"""CSRF protection as it runs at the table: every form the pages offer is refused without
its token and changes nothing, works with it, and its token still works hours later."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.site_map import addresses, database_rows, make_samples

HOURS = 3600
#: Routes that take a POST but store nothing, so they need no token (the tally's live
#: preview and its "show the score", see handfoot_score/web/counting/routes.py).
STORE_NOTHING = {"counting.tally_preview", "counting.show_count"}


@dataclass
class Form:
    """A POST form as a browser would send it when one of its buttons is pressed."""

    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)

    def data(self, button: tuple[str, str] | None, token: bool) -> dict[str, list[str]]:
        """The body: fields, the pressed button's name and value, the token or not."""
        body: dict[str, list[str]] = {}
        for name, value in self.fields + ([button] if button and button[0] else []):
            if name != "csrf_token" or token:
                body.setdefault(name, []).append(value)
        return body


class _FormReader(HTMLParser):
    def __init__(self, page_url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page_url = page_url
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            if a.get("method", "get").lower() == "post":
                self._form = Form(urljoin(self.page_url, a.get("action") or self.page_url))
            return
        if self._form is None or "disabled" in a:
            return
        name, kind = a.get("name", ""), a.get("type", "text").lower()
        if tag == "button" and kind == "submit" or tag == "input" and kind == "submit":
            self._form.buttons.append((name, a.get("value", "")))
        elif tag == "input" and name and kind not in ("button", "reset", "image"):
            if kind not in ("checkbox", "radio") or "checked" in a:
                self._form.fields.append((name, a.get("value", "on" if kind != "text" else "")))
        elif tag == "select" and name:
            self._select, self._options = name, []
        elif tag == "option" and self._select:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea" and name:
            self._form.fields.append((name, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None
        elif tag == "select" and self._select and self._form is not None:
            chosen = [value for value, selected in self._options if selected] or \
                [value for value, _ in self._options[:1]]
            self._form.fields += [(self._select, value) for value in chosen]
            self._select = None


def forms_on(page: str, url: str) -> list[Form]:
    """The POST forms on a page."""
    reader = _FormReader(url)
    reader.feed(page)
    return reader.forms


def post_forms(client: FlaskClient, start: list[str]) -> list[Form]:
    """Every POST form on the pages reachable by links from ``start``, once each."""
    queue, seen, found = list(start), set(start), {}
    while queue:
        url = queue.pop(0)
        response = client.get(url)
        if response.mimetype != "text/html":
            continue
        page = response.get_data(as_text=True)
        for form in forms_on(page, url):
            found.setdefault((urlsplit(form.action).path, tuple(form.buttons)), form)
        for href in re.findall(r"""<a\b[^>]*\bhref="([^"#]*)""", page):
            target = urljoin(url, unescape(href))
            if urlsplit(target).netloc or target.startswith(("/static/", "/api/")):
                continue
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return list(found.values())


@pytest.fixture
def app(app: Flask) -> Flask:
    """The app with CSRF protection on, as it runs at the table."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app


def test_every_form_without_its_token_is_refused_and_changes_nothing(
        app: Flask, client: FlaskClient) -> None:
    samples = make_samples(app)
    forms = post_forms(client, [url for _, url in addresses(app, samples, pages_only=True)])
    before = database_rows(app)
    for form in forms:
        # The default button, and one button of each name (a stepper stands for all).
        presses = [None, *{button[0]: button for button in form.buttons if button[0]}.values()]
        for button in presses:
            response = client.post(form.action, data=form.data(button, token=False))
            stepped = button is not None and button[0] == "step"
            if not stepped:
                assert response.status_code == 400, (form.action, button, response.status_code)
            assert database_rows(app) == before, (form.action, button)
    posted = {urlsplit(form.action).path for form in forms}
    for rule, url in addresses(app, samples, "POST", pages_only=True):
        if rule.endpoint in STORE_NOTHING:
            continue
        assert url in posted or client.post(url).status_code == 400, url
    assert database_rows(app) == before


def test_every_form_with_its_token_gets_past_the_check(app: Flask, client: FlaskClient) -> None:
    samples = make_samples(app)
    forms = post_forms(client, [url for _, url in addresses(app, samples, pages_only=True)])
    assert len(forms) >= 5
    for form in forms:
        response = client.post(form.action, data=form.data(None, token=True))
        refused = response.status_code == 400 and b"CSRF" in response.data
        assert not refused, (form.action, response.status_code)


def tap_form(client: FlaskClient, game_id: str, base_url: str = "http://localhost") -> Form:
    page = client.get(f"/games/{game_id}", base_url=base_url).get_data(as_text=True)
    return next(f for f in forms_on(page, f"/games/{game_id}") if f.action.endswith("/books"))


def books_of(app: Flask, game_id: str) -> int:
    from handfoot_score.services import games

    with app.app_context():
        return sum(games.get_game(game_id).books[0].as_counts().values())


def test_a_token_still_works_hours_into_a_game(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = make_samples(app)["game_id"][0]
    form = tap_form(client, game_id)
    before = books_of(app, game_id)
    later = time.time() + 5 * HOURS
    monkeypatch.setattr(time, "time", lambda: later)
    response = client.post(form.action, data=form.data(("change", "1"), token=True))
    assert response.status_code in (302, 303)
    assert books_of(app, game_id) == before + 1


def test_over_https_a_form_needs_our_own_referrer(app: Flask, client: FlaskClient) -> None:
    """Flask-WTF checks over HTTPS that a form came from this site's pages. Our
    Referrer-Policy, same-origin, is what lets the browser tell it so."""
    https = "https://localhost"
    game_id = make_samples(app)["game_id"][0]
    page = client.get(f"/games/{game_id}", base_url=https)
    assert page.headers["Referrer-Policy"] == "same-origin"
    form = tap_form(client, game_id, base_url=https)
    body = form.data(("change", "1"), token=True)
    without = client.post(form.action, data=body, base_url=https)
    assert without.status_code == 400
    elsewhere = client.post(form.action, data=body, base_url=https,
                            headers={"Referer": "https://elsewhere.example/"})
    assert elsewhere.status_code == 400
    ours = client.post(form.action, data=body, base_url=https,
                       headers={"Referer": f"{https}/games/{game_id}"})
    assert ours.status_code in (302, 303)


def test_the_json_api_takes_no_token(app: Flask, client: FlaskClient) -> None:
    response = client.post("/api/v1/games", json={
        "rules": "classic", "teams": [{"name": "Us"}, {"name": "Them"}]})
    assert response.status_code == 201


def test_the_theme_and_language_form_needs_its_token_like_every_form(
        app: Flask, client: FlaskClient) -> None:
    make_samples(app)
    before = database_rows(app)
    for choice in ({"language": "de"}, {"theme": "dark"}):
        forged = client.post("/theme", data={**choice, "next": "/"})
        cookies = " ".join(forged.headers.getlist("Set-Cookie"))
        assert forged.status_code == 400 and "lang=" not in cookies and "theme=" not in cookies
    page = client.get("/rules").get_data(as_text=True)
    assert 'data-theme' not in page and '<html lang="en"' in page
    [form] = [form for form in forms_on(page, "/rules")
              if urlsplit(form.action).path == "/theme"]
    answer = client.post("/theme", data=form.data(("language", "de"), token=True))
    assert answer.status_code == 303 and "lang=de" in answer.headers["Set-Cookie"]
    answer = client.post("/theme", data=form.data(("theme", "dark"), token=True))
    assert answer.status_code == 303 and "theme=dark" in answer.headers["Set-Cookie"]
    assert 'data-theme="dark"' in client.get("/rules").get_data(as_text=True)
    assert database_rows(app) == before
