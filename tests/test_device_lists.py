"""Nothing listed to strangers: the home page lists the games this device started or joined,
and /leagues the leagues it created, unlocked or opened; a game's or a league's link stays
all it takes to open it."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.extensions import db
from handfoot_score.services import leagues
from handfoot_score.storage.models import LeagueImport
from handfoot_score.web.home.routes import MAX_REMEMBERED_GAMES
from tests.form_data import form_values
from tests.game_pages import QUIET, page_text, record, start_game, state_of

CODE = "river and stone"


def home_links(client: FlaskClient) -> str:
    return client.get("/").get_data(as_text=True)


# The home page: issue 15's defect 9 and issue 10's point 9.


def test_a_stranger_sees_no_game_on_the_home_page(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    page = home_links(client)
    assert f"/games/{game_id}" not in page
    assert "Resume" not in page
    # The link is the capability it always was.
    assert client.get(f"/games/{game_id}").status_code == 200
    assert f'href="/games/{game_id}"' in home_links(client)


def test_a_game_started_on_the_page_is_listed_on_this_device_only(
        app: Flask, client: FlaskClient) -> None:
    page = client.get("/games/new?rules=pagat")
    values = form_values(page.get_data(as_text=True))
    values.update({"teams-0-name": "Owls", "teams-0-players-0": "Ann",
                   "teams-1-name": "Foxes", "teams-1-players-0": "Cy"})
    started = client.post("/games/new", data=values, follow_redirects=True)
    assert started.status_code == 200
    game_id = started.request.path.rsplit("/", 1)[1]
    assert f'href="/games/{game_id}"' in home_links(client)
    assert f"/games/{game_id}" not in home_links(app.test_client())


def test_a_game_joined_by_code_is_listed(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    code = state_of(app, game_id).join_code
    joined = client.post("/join", data={"code": code}, follow_redirects=True)
    assert joined.status_code == 200
    assert f'href="/games/{game_id}"' in home_links(client)


def test_the_home_page_lists_games_in_play_only_newest_first(app: Flask,
                                                             client: FlaskClient) -> None:
    first, second, over = start_game(app), start_game(app), start_game(app, "italian")
    for game_id in (first, second, over):
        client.get(f"/games/{game_id}")
    record(app, first, QUIET, QUIET)  # played last: listed first
    for _ in range(4):
        record(app, over, QUIET, QUIET)
    page = home_links(client)
    assert f'href="/games/{over}"' not in page
    assert page.index(f'href="/games/{first}"') < page.index(f'href="/games/{second}"')


def test_a_device_remembers_its_latest_games_only(app: Flask, client: FlaskClient) -> None:
    opened = [start_game(app) for _ in range(MAX_REMEMBERED_GAMES + 1)]
    for game_id in opened:
        client.get(f"/games/{game_id}")
    page = home_links(client)
    assert f'href="/games/{opened[0]}"' not in page
    assert all(f'href="/games/{game_id}"' in page for game_id in opened[1:])


def test_the_home_page_joins_with_a_code(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<form class="join-form" method="post" action="/join"' in page
    assert '<label class="field-label" for="code">' in page


def test_an_unknown_game_is_not_remembered(client: FlaskClient) -> None:
    assert client.get("/games/no-such-game").status_code == 404
    with client.session_transaction() as session:
        assert "my_games" not in session


# /leagues: issue 15's defect 8, "league ids are listed on /leagues to anyone".


@pytest.fixture
def league(app: Flask) -> str:
    with app.app_context():
        return leagues.create_league({"name": "Thursday club", "edit_code": CODE}).id


def test_a_stranger_sees_no_league(client: FlaskClient, league: str) -> None:
    page = page_text(client.get("/leagues"))
    assert "Thursday club" not in page
    assert "No leagues on this device yet" in page


def test_a_league_started_here_is_listed_here_only(app: Flask, client: FlaskClient) -> None:
    response = client.post("/leagues", data={"name": "Friday club"})
    league_id = response.location.rsplit("/", 1)[1]
    page = client.get("/leagues").get_data(as_text=True)
    assert f'href="/leagues/{league_id}"' in page and "Friday club" in page
    assert "Friday club" not in page_text(app.test_client().get("/leagues"))


def test_a_league_opened_or_unlocked_is_listed(app: Flask, client: FlaskClient,
                                               league: str) -> None:
    client.get(f"/leagues/{league}")
    assert "Thursday club" in page_text(client.get("/leagues"))
    other = app.test_client()
    other.post(f"/leagues/{league}/unlock", data={"edit_code": CODE})
    assert "Thursday club" in page_text(other.get("/leagues"))


@pytest.mark.parametrize("typed", [
    "http://cards.example.org/leagues/{id}", " https://x.example/leagues/{id}/players/1?a=b ",
    "{id}", "/leagues/{id}#top",
])
def test_a_league_opens_by_its_link_or_id(client: FlaskClient, league: str, typed: str) -> None:
    response = client.get("/leagues/open", query_string={"link": typed.format(id=league)})
    assert response.status_code == 303
    assert response.location == f"/leagues/{league}"
    client.get(response.location)
    assert "Thursday club" in page_text(client.get("/leagues"))


@pytest.mark.parametrize("typed, message", [
    ("", "Paste the league's link, or type its id."),
    ("http://cards.example.org/leagues/nope", "No league has this link"),
    ("not a link at all", "No league has this link"),
    ("x" * 500, "No league has this link"),
])
def test_a_link_to_no_league_says_so_and_keeps_what_was_typed(
        client: FlaskClient, league: str, typed: str, message: str) -> None:
    response = client.get("/leagues/open", query_string={"link": typed})
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert message in page_text(response)
    assert 'role="alert"' in page and 'aria-invalid="true"' in page
    assert f'value="{typed}"' in page
    assert "Thursday club" not in page_text(response)


def test_a_league_being_imported_is_shown_nowhere(app: Flask, client: FlaskClient,
                                                  league: str) -> None:
    client.get(f"/leagues/{league}")
    with app.app_context():
        db.session.add(LeagueImport(slot=1, league_id=league))
        db.session.commit()
    assert client.get(f"/leagues/{league}").status_code == 404
    assert "Thursday club" not in page_text(client.get("/leagues"))
