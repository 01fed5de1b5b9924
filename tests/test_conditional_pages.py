"""Pages phones reopen and poll (handfoot_score/web/shared/conditional_pages.py): the round screen,
the scoreboard, the game over page and a league's standings answer 304 while what they show
is unchanged, and never show anything older, nor one device's token or messages to another."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from ipaddress import ip_address
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, session, template_rendered
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from handfoot_score import PROJECT_ROOT, create_app
from handfoot_score.extensions import db
from handfoot_score.services import games, leagues
from handfoot_score.serving import network
from handfoot_score.web.shared import conditional_pages
from handfoot_score.web.shared.conditional_pages import page_etag, release_digest
from tests.game_pages import QUIET, TOKEN, record, start_game, state_of, without_tokens
from tests.test_csrf import forms_on

#: What a phone's browser sends with a page it asks for: it takes gzip.
PHONE = {"Accept-Encoding": "gzip", "Sec-Fetch-Site": "same-origin"}


@contextmanager
def rendered(app: Flask) -> Iterator[list[str]]:
    """The names of the templates rendered meanwhile."""
    names: list[str] = []

    def note(sender: Flask, template: Any, context: dict[str, Any], **extra: Any) -> None:
        names.append(template.name)

    template_rendered.connect(note, app)
    try:
        yield names
    finally:
        template_rendered.disconnect(note, app)


def page(client: FlaskClient, url: str, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return response.get_data(as_text=True)


def again(client: FlaskClient, url: str, first: TestResponse, **headers: str) -> TestResponse:
    """The page asked for again as a browser does, with the ETag of its copy."""
    return client.get(url, headers={"If-None-Match": first.headers["ETag"], **headers})


def test_an_unchanged_page_answers_304_and_is_not_rendered(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    for url in (f"/games/{game_id}", f"/games/{game_id}/scoreboard"):
        first = client.get(url)
        assert first.status_code == 200
        assert first.cache_control.no_cache and first.cache_control.private
        assert first.get_etag()[0]
        with rendered(app) as names:
            unchanged = again(client, url, first)
        assert (unchanged.status_code, unchanged.data) == (304, b"")
        assert unchanged.headers["ETag"] == first.headers["ETag"]
        assert unchanged.cache_control.no_cache
        assert names == []


def test_a_write_from_another_device_answers_200_with_it(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    url = f"/games/{game_id}"
    first = client.get(url)
    assert "Round 1 of 4" in first.get_data(as_text=True)
    record(app, game_id, QUIET, QUIET)
    after_round = again(client, url, first)
    assert after_round.status_code == 200 and "Round 2 of 4" in after_round.get_data(as_text=True)
    assert again(client, url, after_round).status_code == 304
    other = app.test_client()
    tap = next(form for form in forms_on(page(other, url), url) if form.action.endswith("/books"))
    assert other.post(tap.action, data=tap.data(("change", "1"), token=True)).status_code == 303
    tapped = again(client, url, after_round)
    assert tapped.status_code == 200 and 'name="seen" value="1"' in tapped.get_data(as_text=True)
    scoreboard = f"/games/{game_id}/scoreboard"
    before = client.get(scoreboard)
    assert "Round 2 of 4 is being played." in before.get_data(as_text=True)
    record(app, game_id, QUIET, QUIET)
    later = again(client, scoreboard, before)
    assert later.status_code == 200
    assert "Round 3 of 4 is being played." in later.get_data(as_text=True)


def test_another_language_or_theme_answers_200_in_it(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    url = f"/games/{game_id}"
    english = client.get(url)
    german = again(client, url, english, **{"Accept-Language": "de"})
    assert german.status_code == 200
    assert '<html lang="de"' in german.get_data(as_text=True)
    assert "Runde 1 von 4" in german.get_data(as_text=True)
    assert again(client, url, german, **{"Accept-Language": "de"}).status_code == 304
    client.set_cookie("theme", "dark")
    dark = again(client, url, english)
    assert dark.status_code == 200
    assert '<html lang="en" data-theme="dark"' in dark.get_data(as_text=True)
    assert 'data-theme' not in english.get_data(as_text=True)
    assert again(client, url, dark).status_code == 304


def test_a_page_with_a_message_is_sent_whole_and_the_next_one_without(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    url = f"/games/{game_id}"
    first = client.get(url)
    record(app, game_id, QUIET, QUIET)
    second = client.get(url)
    stale = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": "1"})
    assert stale.status_code == 303
    shown = again(client, url, second)
    assert shown.status_code == 200 and "flash-error" in shown.get_data(as_text=True)
    assert "ETag" not in shown.headers
    # The browser keeps the copy with the message, but that has no ETag: it asks anew.
    fresh = client.get(url)
    assert fresh.status_code == 200 and "flash-error" not in fresh.get_data(as_text=True)
    assert again(client, url, fresh).status_code == 304
    assert again(client, url, first).status_code == 200


def test_a_message_for_one_device_never_shows_on_another(app: Flask) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    one, other = app.test_client(), app.test_client()
    one.post(f"/games/{game_id}/rounds/1/undo", data={"version": "1"})
    assert "flash-error" not in page(other, f"/games/{game_id}")
    assert "flash-error" in page(one, f"/games/{game_id}")


def test_a_background_fetch_leaves_the_message_for_the_page_opened_next(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    client.post(f"/games/{game_id}/rounds/1/undo", data={"version": "1"})
    assert "flash-error" not in page(client, f"/games/{game_id}", **{"X-Background": "live"})
    assert "flash-error" in page(client, f"/games/{game_id}")


def assert_a_book_tap_from(shown: str, client: FlaskClient, app: Flask, game_id: str) -> None:
    """The first book tap form of a round screen ``shown`` to ``client`` saves its tap."""
    url = f"/games/{game_id}"
    tap = next(form for form in forms_on(shown, url) if form.action.endswith("/books"))
    assert client.post(tap.action, data=tap.data(("change", "1"), token=True)).status_code == 303
    assert state_of(app, game_id).books[0].as_counts()["clean"] == 1


def test_the_token_of_a_copy_kept_through_304s_still_works(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    game_id = start_game(app)
    url = f"/games/{game_id}"
    client = app.test_client()
    copy = client.get(url)  # gives the session its CSRF secret, and its ETag names it
    for _ in range(2):
        assert again(client, url, copy).status_code == 304
    assert_a_book_tap_from(copy.get_data(as_text=True), client, app, game_id)


def test_a_browser_with_another_session_gets_tokens_of_its_own(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    game_id = start_game(app)
    url = f"/games/{game_id}"
    one = app.test_client()
    one.get(url)
    copy = one.get(url)
    other = app.test_client()  # no cookie: another phone, or this one's cookie lost
    other.get("/rules")
    fresh = again(other, url, copy)
    assert fresh.status_code == 200
    assert TOKEN.findall(fresh.get_data(as_text=True)) != TOKEN.findall(copy.get_data(as_text=True))
    assert_a_book_tap_from(fresh.get_data(as_text=True), other, app, game_id)


def test_every_device_gets_its_own_token_and_its_taps_count(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    game_id = start_game(app)
    tokens = []
    for _ in range(2):
        client = app.test_client()
        shown = page(client, f"/games/{game_id}")
        token = TOKEN.search(shown)
        assert token is not None
        tokens.append(token.group(1))
        tap = next(form for form in forms_on(shown, f"/games/{game_id}")
                   if form.action.endswith("/books"))
        response = client.post(tap.action, data=tap.data(("change", "1"), token=True))
        assert response.status_code == 303
    assert tokens[0] != tokens[1]
    assert state_of(app, game_id).books[0].as_counts()["clean"] == 2


def test_a_page_gzipped_is_the_same_page_and_answers_304_alike(app: Flask) -> None:
    game_id = start_game(app)
    client = app.test_client()
    plain = client.get(f"/games/{game_id}")
    zipped = client.get(f"/games/{game_id}", headers=PHONE)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert without_tokens(gzip.decompress(zipped.get_data()).decode()) == \
        without_tokens(plain.get_data(as_text=True))
    assert zipped.headers["ETag"] == plain.headers["ETag"]
    assert again(client, f"/games/{game_id}", zipped, **PHONE).status_code == 304


def test_an_unknown_game_or_league_is_404_on_every_page(client: FlaskClient) -> None:
    for url in ("/games/nope", "/games/nope/scoreboard", "/games/nope/over", "/leagues/nope"):
        assert client.get(url).status_code == 404, url


def test_a_finished_game_is_sent_on_and_its_result_answers_304(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    for _ in range(3):
        record(app, game_id, QUIET, QUIET)
    assert client.get(f"/games/{game_id}/over").status_code == 302
    record(app, game_id, QUIET, QUIET)
    assert client.get(f"/games/{game_id}").status_code == 302
    over = client.get(f"/games/{game_id}/over")
    assert over.status_code == 200
    assert again(client, f"/games/{game_id}/over", over).status_code == 304


def league_game(app: Flask, league_id: str, rounds: int) -> str:
    game_id = start_game(app, league=league_id)
    for _ in range(rounds):
        record(app, game_id, QUIET, {})
    return game_id


def test_the_standings_follow_every_game_of_the_league(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club"}).id
    url = f"/leagues/{league_id}"
    empty = client.get(url)
    assert "No finished games yet." in empty.get_data(as_text=True)
    game_id = league_game(app, league_id, 3)
    assert again(client, url, empty).status_code in (200, 304)
    record(app, game_id, QUIET, {})
    finished = again(client, url, empty)
    assert finished.status_code == 200
    shown = finished.get_data(as_text=True)
    assert "No finished games yet." not in shown and "Ann" in shown
    assert again(client, url, finished).status_code == 304
    assert page(client, f"{url}?sort=name&order=asc") != shown


def test_a_games_json_answers_304_by_its_version_and_follows_every_write(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    first = client.get(f"/api/v1/games/{game_id}")
    assert first.json is not None and first.json["current_round"] == 1
    assert first.headers["ETag"] == f'W/"{first.json["version"]}"'
    assert again(client, f"/api/v1/games/{game_id}", first).status_code == 304
    record(app, game_id, QUIET, QUIET)
    later = again(client, f"/api/v1/games/{game_id}", first, **PHONE)
    assert later.headers["Content-Encoding"] == "gzip"
    body = json.loads(gzip.decompress(later.get_data()))
    assert body["current_round"] == 2
    assert client.get(f"/api/v1/games/{game_id}").json == body
    assert client.get("/api/v1/games/nope").status_code == 404
    with app.app_context():
        games.tap_book(game_id, 0, "clean", 1)
    assert again(client, f"/api/v1/games/{game_id}", later).status_code == 200


def test_the_scoreboard_follows_the_computers_network_address(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = start_game(app)
    url = f"/games/{game_id}/scoreboard"
    headers: dict[str, str] = {}
    for address in ("192.168.1.20", "10.0.0.7"):
        monkeypatch.setattr(network, "network_addresses", lambda a=address: [ip_address(a)])
        shown = client.get(url, base_url="http://127.0.0.1:8000", headers=headers)
        headers = {"If-None-Match": shown.headers["ETag"]}
        assert shown.status_code == 200
        assert f'href="http://{address}:8000/join"' in shown.get_data(as_text=True)


def etag_in(app: Flask, shows: tuple[Any, ...], secret: str) -> str:
    """The ETag ``app`` gives a page showing ``shows`` to a session with CSRF secret ``secret``."""
    with app.test_request_context("/"):
        session[app.config["WTF_CSRF_FIELD_NAME"]] = secret
        return page_etag(shows)


def test_two_apps_of_one_release_give_a_page_the_same_etag(app: Flask) -> None:
    other = create_app({**app.config, "AUTO_MIGRATE": False})
    shows = ("game", 1, 3)
    assert etag_in(app, shows, "s") == etag_in(other, shows, "s")
    assert etag_in(app, shows, "s") != etag_in(other, shows, "t")
    with other.app_context():
        db.engine.dispose()


def test_every_process_of_one_release_names_it_alike() -> None:
    """A server started anew (or a second one) answers the copies the first sent with 304."""
    named = subprocess.run(
        [sys.executable, "-c",
         "from handfoot_score.web.shared.conditional_pages import RELEASE; print(RELEASE)"],
        cwd=PROJECT_ROOT, capture_output=True, text=True, check=True, timeout=120)
    assert named.stdout.strip() == conditional_pages.RELEASE == release_digest(PROJECT_ROOT)


@pytest.mark.parametrize("changed", ["templates/games/round.html", "static/css/app.css",
                                     "translations/de/LC_MESSAGES/messages.mo",
                                     "handfoot_score/web/play/routes.py"])
def test_a_changed_template_catalogue_static_file_or_source_is_another_release(
        tmp_path: Path, changed: str) -> None:
    for folder in ("templates", "static", "translations", "handfoot_score"):
        shutil.copytree(PROJECT_ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    assert release_digest(tmp_path) == release_digest(PROJECT_ROOT)
    with open(tmp_path / changed, "ab") as file:
        file.write(b"\n")
    assert release_digest(tmp_path) != release_digest(PROJECT_ROOT)


def test_a_copy_rendered_by_another_release_is_sent_anew(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"/games/{start_game(app)}"
    first = client.get(url)
    assert again(client, url, first).status_code == 304
    monkeypatch.setattr(conditional_pages, "RELEASE", "another")
    assert again(client, url, first).status_code == 200
