"""The pages by module: each page module is a blueprint of its own, registered by name, every
page's endpoint is named by its blueprint, and what every page shares (error handlers,
filters, after-request hooks) is registered once per app and on the pages only, never on the
JSON API."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import create_app
from handfoot_score.web.home.routes import SESSION_GAMES
from tests.conftest import TEST_CONFIG
from tests.game_pages import start_game

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

PAGE_BLUEPRINTS = {"home", "theme", "games_setup", "play", "live", "results", "counting",
                   "rules", "meld_calculator", "leagues", "league_access", "joining", "board",
                   "printouts", "game_notes", "club_nights"}


def test_every_page_is_named_by_its_blueprint(app: Flask) -> None:
    blueprints = {rule.endpoint.partition(".")[0] for rule in app.url_map.iter_rules()
                  if "." in rule.endpoint}
    assert blueprints == PAGE_BLUEPRINTS | {"api"}
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert {"home.home", "play.game", "counting.tally", "rules.house_rules",
            "leagues.league", "joining.join", "results.scoreboard",
            "api.games.game"} <= endpoints


def test_a_second_app_gets_the_same_pages_and_hooks_not_twice_as_many(app: Flask) -> None:
    other = create_app(TEST_CONFIG)
    assert sorted(map(str, other.url_map.iter_rules())) == sorted(
        map(str, app.url_map.iter_rules()))
    assert len(other.after_request_funcs[None]) == len(app.after_request_funcs[None])
    assert other.error_handler_spec[None].keys() == app.error_handler_spec[None].keys()


def test_a_game_page_is_remembered_and_its_json_is_not(app: Flask) -> None:
    game_id = start_game(app)
    api = app.test_client()
    assert api.get(f"/api/v1/games/{game_id}").status_code == 200
    with api.session_transaction() as session:
        assert SESSION_GAMES not in session
    page = app.test_client()
    assert page.get(f"/games/{game_id}").status_code == 200
    with page.session_transaction() as session:
        assert session[SESSION_GAMES] == [game_id]


def test_unknown_rules_are_a_page_on_the_site_and_json_under_the_api(
        client: FlaskClient) -> None:
    page = client.get("/rules/no-such-rules")
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert "There are no rules called \u201cno-such-rules\u201d." in page.get_data(as_text=True)
    answer = client.get("/api/v1/rules/no-such-rules")
    assert answer.status_code == 404 and answer.is_json


def test_the_filters_are_the_templates_own(app: Flask) -> None:
    filters = app.jinja_env.filters
    assert {"points", "signed_points", "deduction", "time_ago", "tenths"} <= filters.keys()
    assert "join_link" in app.jinja_env.globals
    with app.test_request_context("/"):
        assert app.jinja_env.from_string("{{ -1250 | points }}").render() == "\u22121,250"
