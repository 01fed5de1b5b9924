"""The league pages: the list and a new league, standings, a player's page, downloads and
restoring a league from its file."""

from __future__ import annotations

import doctest
import html
import io
import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import encode_multipart

from handfoot_score.extensions import db
from handfoot_score.services import games, league_backup, leagues
from handfoot_score.services.tallies import read_entered
from handfoot_score.storage.models import League
from handfoot_score.web.leagues import routes as league_pages

CODE = "river and stone"


def stored_league_ids() -> list[str]:
    """Every league stored, whoever made it (inside an app context)."""
    return list(db.session.scalars(sa.select(League.id)))


def finish(league_id: str, teams: list[list[str]], totals: list[int]) -> str:
    # Classic keeps five decks whoever plays: pagat's one deck per player could not meld
    # these totals for a game of two.
    game = games.create_game(games.read_setup({"rules": "classic", "league": league_id,
                                               "teams": [{"players": players}
                                                         for players in teams]}))
    for number in range(1, 5):
        games.record_round(game.id, read_entered([
            {"melded": {"points": total}} if number == 1 else {} for total in totals]))
    return game.id


@pytest.fixture
def league(app: Flask) -> str:
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club"}).id
        finish(league_id, [["Ann", "Bob"], ["Cy", "Di"]], [1500, 900])
        finish(league_id, [["Ann", "Cy"], ["Bob", "Di"]], [700, 700])
        finish(league_id, [["Ann"], ["Di"]], [200, 1300])
        return league_id


def text(response: Any) -> str:
    return response.get_data(as_text=True)


def test_the_nav_links_to_the_leagues(client: FlaskClient) -> None:
    assert 'href="/leagues"' in text(client.get("/"))


def test_start_a_league(client: FlaskClient) -> None:
    response = client.post("/leagues", data={"name": "Thursday club", "edit_code": ""})
    assert response.status_code == 303
    page = client.get(response.location)
    assert "<h1>Thursday club</h1>" in text(page)
    assert "Thursday club" in text(client.get("/leagues"))


def test_starting_a_league_with_a_code_unlocks_this_device(app: Flask,
                                                          client: FlaskClient) -> None:
    response = client.post("/leagues", data={"name": "Guarded", "edit_code": CODE})
    league_id = response.location.rsplit("/", 1)[1]
    with client.session_transaction() as session:
        key = session["league_keys"][league_id]
    with app.app_context():
        assert leagues.get_league(league_id).protected
        games.create_game(games.read_setup({"rules": "classic", "league": league_id,
                                            "teams": [{"players": ["Ann"]}, {"players": ["Bob"]}]}),
                          edit_code=key)


@pytest.mark.parametrize(("data", "message"), [
    ({"name": ""}, "Give the league a name."),
    ({"name": "Club", "edit_code": "short"}, "An edit code needs 8 or more characters"),
])
def test_a_league_that_cannot_be_shows_why(app: Flask, client: FlaskClient,
                                           data: dict[str, str], message: str) -> None:
    response = client.post("/leagues", data=data)
    assert response.status_code == 422
    assert message in text(response)
    with app.app_context():
        assert stored_league_ids() == []


def test_the_standings_page_shows_both_tables_with_sort_links(client: FlaskClient,
                                                              league: str) -> None:
    page = text(client.get(f"/leagues/{league}"))
    assert "<caption>Players</caption>" in page and "<caption>Partnerships</caption>" in page
    assert f'href="/leagues/{league}?sort=points&amp;order=desc"' in page
    assert 'aria-sort="descending"' in page  # the club rating, the default order
    rows = re.findall(r'<th scope="row">(.*?)</th>', page)
    names = [re.sub(r"<[^>]+>", "", row) for row in rows]
    assert names[:4] == ["Bob", "Di", "Ann", "Cy"]
    assert "Ann &amp; Bob" in names


def test_sorting_by_a_column_link(client: FlaskClient, league: str) -> None:
    page = text(client.get(f"/leagues/{league}?sort=name&order=desc"))
    names = [re.sub(r"<[^>]+>", "", row)
             for row in re.findall(r'<th scope="row">(.*?)</th>', page)]
    assert names[:4] == ["Di", "Cy", "Bob", "Ann"]
    assert f'href="/leagues/{league}?sort=name&amp;order=asc"' in page


def test_a_phone_sees_six_columns_of_each_table(client: FlaskClient, league: str) -> None:
    page = text(client.get(f"/leagues/{league}"))
    heads = re.findall(r'<th scope="col" class="([^"]*)"', page)
    assert len(heads) == 20
    # name, rating, W, T, L, Pts, twice
    assert sum(1 for css in heads if "wide" not in css) == 12


def played_cards(page: str) -> list[str]:
    """The text of each game on a player's page, newest first."""
    games = page[page.index('<ol class="played-games"'):]
    games = games[:games.index("</ol>")]
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", card)).split())
            for card in games.split('<li class="played">')[1:]]


def test_a_players_page_lists_games_and_draws_a_chart(client: FlaskClient, league: str
                                                      ) -> None:
    page = text(client.get(f"/leagues/{league}/players/1"))
    assert "<h1>Ann</h1>" in page
    cards = played_cards(page)
    assert [re.sub(r"^\d+ \w+ \d+ ", "", card) for card in cards] == [
        "Lost Score: 200 \u2013 1,300 Alone Against Di",
        "Tied Score: 700 \u2013 700 With Cy Against Bob & Di",
        "Won Score: 1,500 \u2013 900 With Bob Against Cy & Di",
    ]
    assert len(re.findall(r'href="/games/[^"/]+"', page)) == 3  # each game's own page
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert "<polyline" in svg and svg.count("<circle") == 3
    assert not re.search(r'(href|src)="(https?:)?//', page.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""))


def test_a_game_of_three_teams_lists_each_team_across_with_its_points(
        app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Three"}).id
        finish(league_id, [["Ann"], ["Eve"], ["Cy", "Di"]], [1200, 0, 300])
    (card,) = played_cards(text(client.get(f"/leagues/{league_id}/players/1")))
    assert re.sub(r"^\d+ \w+ \d+ ", "", card) == (
        "Won Score: 1,200 Alone Against Eve 0 Cy & Di 300")


@pytest.mark.parametrize("url", ["/leagues/nope", "/leagues/nope/players/1",
                                 "/leagues/nope/export", "/leagues/nope/standings.csv",
                                 "/leagues/nope/unlock"])
def test_an_unknown_league_is_a_404(client: FlaskClient, url: str) -> None:
    assert client.get(url).status_code == 404


def test_a_player_of_another_league_is_a_404(app: Flask, client: FlaskClient,
                                            league: str) -> None:
    with app.app_context():
        other = leagues.create_league({"name": "Other"}).id
    assert client.get(f"/leagues/{other}/players/1").status_code == 404


def test_the_export_downloads_the_document(app: Flask, client: FlaskClient, league: str
                                          ) -> None:
    response = client.get(f"/leagues/{league}/export")
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == 'attachment; filename="thursday-club.json"'
    document = json.loads(response.data)  # sent as it is read, in the request's own context
    with app.app_context():
        assert document == league_backup.export_league(league)


def test_the_standings_download_as_csv(client: FlaskClient, league: str) -> None:
    response = client.get(f"/leagues/{league}/standings.csv")
    assert response.mimetype == "text/csv"
    assert "thursday-club-standings.csv" in response.headers["Content-Disposition"]
    assert text(response).splitlines()[1] == "player,Di,3,1,1,1,2900,966.7,1300,33.3"


def upload(client: FlaskClient, content: bytes, **data: str) -> Any:
    return client.post("/leagues/import", data={
        "document": (io.BytesIO(content), "league.json"), **data},
        content_type="multipart/form-data")


def test_restore_a_league_from_its_file(app: Flask, client: FlaskClient, league: str) -> None:
    exported = client.get(f"/leagues/{league}/export").data
    response = upload(client, exported, edit_code=CODE)
    assert response.status_code == 303
    copy = response.location.rsplit("/", 1)[1]
    assert copy != league
    assert "The league is restored." in text(client.get(response.location))
    assert json.loads(client.get(f"/leagues/{copy}/export").data) == json.loads(exported)
    with client.session_transaction() as session:
        assert copy in session["league_keys"]


def test_a_restored_copy_is_told_from_the_league_it_came_from(
        app: Flask, client: FlaskClient, league: str) -> None:
    """Both on this device's list: the copy says when it was restored, on the list and on
    its page; the league it came from says nothing of the sort; the file stays the same."""
    client.get(f"/leagues/{league}")  # opened here, so listed
    upload(client, client.get(f"/leagues/{league}/export").data)
    with app.app_context():
        (copy,) = set(stored_league_ids()) - {league}
    items = re.findall(r"<li>(.*?)</li>", text(client.get("/leagues")), re.S)
    listed = {re.search(r'href="/leagues/([^"]+)"', item)[1]: " ".join(  # type: ignore[index]
        re.sub(r"<[^>]+>", " ", item).split()) for item in items if "league-link" in item}
    today = datetime.now(UTC)
    today_said = f"{today.day} {today:%b %Y}"
    assert listed[league] == "Thursday club 4 players"
    assert listed[copy] == f"Thursday club 4 players \u00b7 restored {today_said}"
    assert f"Restored from its file on {today_said}." in re.sub(
        r"<[^>]+>", "", text(client.get(f"/leagues/{copy}")))
    assert "Restored from" not in text(client.get(f"/leagues/{league}"))
    assert json.loads(client.get(f"/leagues/{copy}/export").data) == json.loads(
        client.get(f"/leagues/{league}/export").data)


def test_a_broken_file_changes_nothing_and_lists_what_is_wrong(
        app: Flask, client: FlaskClient, league: str) -> None:
    document = json.loads(client.get(f"/leagues/{league}/export").data)
    document["games"][0]["rounds"][0]["teams"][0]["melded"] = {"points": "lots"}
    document["name"] = ""
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 422
    page = text(response)
    assert "<code>name</code>" in page
    assert "<code>games[0].rounds[0].melded.points</code> (team 1)" in page
    with app.app_context():
        assert len(stored_league_ids()) == 1


@pytest.mark.parametrize("content", [b"not json", b"\xff\xfe", b"[" * 100_000])
def test_a_file_that_is_not_json_says_so(client: FlaskClient, content: bytes) -> None:
    response = upload(client, content)
    assert response.status_code == 422
    assert "is not a JSON file" in text(response)


def test_restoring_without_a_file_asks_for_one(client: FlaskClient) -> None:
    response = client.post("/leagues/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose the file the league was exported to." in text(response)


def test_every_league_form_carries_a_csrf_token(app: Flask, client: FlaskClient,
                                                league: str) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    for url in ("/leagues", "/leagues/import"):
        assert 'name="csrf_token"' in text(client.get(url))
    assert client.post("/leagues", data={"name": "No token"}).status_code == 400
    with app.app_context():
        assert len(stored_league_ids()) == 1


def test_a_file_over_the_usual_request_limit_is_still_read(client: FlaskClient,
                                                          league: str) -> None:
    """A season's file may be larger than a form: the import page takes up to 16 MB."""
    document = json.loads(client.get(f"/leagues/{league}/export").data)
    document["name"] = "x" * (2 * 1024 * 1024)
    # Encoded in memory: the test client would spool a body this size to a file it never
    # closes.
    boundary, body = encode_multipart(MultiDict({"document": FileStorage(
        io.BytesIO(json.dumps(document).encode()), "league.json")}))
    response = client.post("/leagues/import", data=body,
                           content_type=f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 422
    assert "<code>name</code>" in text(response)


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(league_pages).failed == 0
