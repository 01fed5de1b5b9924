"""Pages kept as rendered (handfoot_score/web/kept_pages.py): the round screen, the
scoreboard, the game over page and a league's standings are rendered once per version of
what they show, and never show anything older, nor one device's token or messages to
another."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from ipaddress import ip_address
from typing import Any

import pytest
from flask import Flask, template_rendered
from flask.testing import FlaskClient

from handfoot_score import network
from handfoot_score.kept import KeptAnswer
from handfoot_score.services import games, leagues
from handfoot_score.web.kept_pages import TOKEN_PLACEHOLDER
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


def test_the_round_screen_is_rendered_once_while_the_game_is_unchanged(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with rendered(app) as names:
        first = page(client, f"/games/{game_id}")
        again = page(client, f"/games/{game_id}")
    assert names.count("games/round.html") == 1
    assert without_tokens(again) == without_tokens(first)


def test_a_write_shows_at_once_on_the_kept_round_screen(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    assert "Round 1 of 4" in page(client, f"/games/{game_id}")
    record(app, game_id, QUIET, QUIET)
    assert "Round 2 of 4" in page(client, f"/games/{game_id}")
    with app.app_context():
        games.tap_book(game_id, 1, "clean", 1)
    tapped = page(client, f"/games/{game_id}")
    assert 'name="seen" value="1"' in tapped
    assert "Round 2 of 4 is being played." in page(client, f"/games/{game_id}/scoreboard")
    record(app, game_id, QUIET, QUIET)
    assert "Round 3 of 4 is being played." in page(client, f"/games/{game_id}/scoreboard")


def test_each_language_and_theme_has_its_own_kept_page(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    english = page(client, f"/games/{game_id}")
    german = page(client, f"/games/{game_id}", **{"Accept-Language": "de"})
    client.set_cookie("theme", "dark")
    dark = page(client, f"/games/{game_id}")
    assert '<html lang="en"' in english and 'data-theme' not in english
    assert '<html lang="de"' in german and "Runde 1 von 4" in german
    assert '<html lang="en" data-theme="dark"' in dark


def test_every_device_gets_its_own_token_on_a_kept_page_and_its_taps_count(
        app: Flask) -> None:
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
    assert all(TOKEN_PLACEHOLDER not in token for token in tokens)
    assert state_of(app, game_id).books[0].as_counts()["clean"] == 2


def test_a_kept_page_gzipped_is_the_same_page_with_its_own_token(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    client = app.test_client()
    plain = page(client, f"/games/{game_id}")
    for _ in range(2):
        response = client.get(f"/games/{game_id}", headers=PHONE)
        assert response.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response.headers["Vary"]
        unzipped = gzip.decompress(response.get_data()).decode()
        assert without_tokens(unzipped) == without_tokens(plain)
    other = app.test_client().get(f"/games/{game_id}", headers=PHONE)
    shown = gzip.decompress(other.get_data()).decode()
    assert without_tokens(shown) == without_tokens(plain)
    assert TOKEN.findall(shown) != TOKEN.findall(plain)


def test_a_message_after_a_save_shows_once_on_the_kept_page(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    page(client, f"/games/{game_id}")  # kept before the save
    record(app, game_id, QUIET, QUIET)
    stale = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": "1"})
    assert stale.status_code == 303
    with rendered(app) as names:
        shown = page(client, f"/games/{game_id}")
        again = page(client, f"/games/{game_id}")
    assert "flash-error" in shown
    assert "flash-error" not in again
    assert names.count("games/round.html") == 1
    assert names.count("_flashes.html") == 1


def test_a_message_for_one_device_never_shows_on_another(app: Flask) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    one, other = app.test_client(), app.test_client()
    one.post(f"/games/{game_id}/rounds/1/undo", data={"version": "1"})
    assert "flash-error" not in page(other, f"/games/{game_id}")
    assert "flash-error" in page(one, f"/games/{game_id}")


def test_an_unknown_game_is_404_on_every_kept_page(client: FlaskClient) -> None:
    for url in ("/games/nope", "/games/nope/scoreboard", "/games/nope/over", "/leagues/nope"):
        assert client.get(url).status_code == 404, url


def test_a_finished_game_is_sent_on_and_its_result_kept(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    for _ in range(3):
        record(app, game_id, QUIET, QUIET)
    assert client.get(f"/games/{game_id}/over").status_code == 302
    record(app, game_id, QUIET, QUIET)
    assert client.get(f"/games/{game_id}").status_code == 302
    with rendered(app) as names:
        over = [page(client, f"/games/{game_id}/over") for _ in range(2)]
    assert names.count("games/over.html") == 1
    assert without_tokens(over[0]) == without_tokens(over[1])


def league_game(app: Flask, league_id: str, rounds: int) -> str:
    game_id = start_game(app, league=league_id)
    for _ in range(rounds):
        record(app, game_id, QUIET, {})
    return game_id


def test_the_standings_follow_every_game_of_the_league(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club"}).id
    assert "No finished games yet." in page(client, f"/leagues/{league_id}")
    game_id = league_game(app, league_id, 3)
    assert "No finished games yet." in page(client, f"/leagues/{league_id}")
    record(app, game_id, QUIET, {})
    with rendered(app) as names:
        finished = page(client, f"/leagues/{league_id}")
        page(client, f"/leagues/{league_id}")
    assert "No finished games yet." not in finished and "Ann" in finished
    assert names.count("leagues/show.html") == 1
    sorted_page = page(client, f"/leagues/{league_id}?sort=name&order=asc")
    assert sorted_page != finished


@pytest.mark.parametrize("kept", [0, 2])
def test_a_store_of_any_size_answers_the_same(app: Flask, kept: int) -> None:
    app.extensions["kept"].size = kept
    client = app.test_client()
    ids = [start_game(app) for _ in range(3)]
    for _ in range(2):
        for game_id in ids:
            assert f'data-live-url="/games/{game_id}/live"' in page(client, f"/games/{game_id}")
    assert len(app.extensions["kept"]) == kept


def test_a_games_json_is_kept_by_its_version_and_follows_every_write(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    first = client.get(f"/api/v1/games/{game_id}")
    assert first.json is not None and first.json["current_round"] == 1
    assert first.headers["ETag"] == f'"{first.json["version"]}"'
    record(app, game_id, QUIET, QUIET)
    for _ in range(2):
        later = client.get(f"/api/v1/games/{game_id}", headers=PHONE)
        assert later.headers["Content-Encoding"] == "gzip"
        body = json.loads(gzip.decompress(later.get_data()))
        assert body["current_round"] == 2 and later.headers["ETag"] == f'"{body["version"]}"'
    assert client.get(f"/api/v1/games/{game_id}").json == body
    assert client.get("/api/v1/games/nope").status_code == 404


def test_the_kept_scoreboard_follows_the_computers_network_address(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = start_game(app)
    for address in ("192.168.1.20", "10.0.0.7"):
        monkeypatch.setattr(network, "network_addresses", lambda a=address: [ip_address(a)])
        shown = client.get(f"/games/{game_id}/scoreboard", base_url="http://127.0.0.1:8000")
        assert f'href="http://{address}:8000/join"' in shown.get_data(as_text=True)


@pytest.mark.parametrize("flash", ["", "<p>Saved</p>", "Round 2 recorded " * 40])
def test_pieces_compressed_around_their_fillings_join_into_the_page(app: Flask,
                                                                   flash: str) -> None:
    placeholders = re.compile("(TOKEN|FLASH)")
    page = ("<html><p>" + "Us Them 1,250 " * 30 + "FLASH<form>TOKEN</form>"
            + "<form>TOKEN</form> Us Them 1,250 " * 20 + "TOKEN</html>")
    kept = KeptAnswer.of(page, placeholders, {"TOKEN": 12})
    for token in ("Us Them 1,25", "abcdefghijkl"):
        with app.test_request_context(headers=PHONE):
            answer = kept.answer({"TOKEN": token, "FLASH": flash}, "text/html")
        assert answer.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(answer.get_data()).decode() == \
            page.replace("TOKEN", token).replace("FLASH", flash)
    with app.test_request_context(headers=PHONE):  # a token of another length: sent whole
        answer = kept.answer({"TOKEN": "short", "FLASH": flash}, "text/html")
    assert "Content-Encoding" not in answer.headers
    assert answer.get_data(as_text=True) == page.replace("TOKEN", "short").replace("FLASH", flash)
