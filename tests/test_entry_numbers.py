"""A form's lists (teams, players, rounds, special books) take an entry's number in ASCII
digits only: a posted name numbered "²" or with 5,000 digits is no entry, and the form
answers as it does without it. (WTForms' own reading took "²" for a number and failed on
it, as it did on 5,000 digits: a 500.)"""

from __future__ import annotations

import doctest

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.web.shared import flask_form
from tests.form_data import form_values
from tests.game_pages import start_game

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

NUMBERS = ["²", "١", "9" * 5000]


def answered_alike(client: FlaskClient, url: str, values: dict[str, str], extra: str) -> None:
    """The form posted with a name numbered ``extra`` added answers as it does without it."""
    plain = client.post(url, data=values)
    with_extra = client.post(url, data={**values, extra: "7"})
    assert with_extra.status_code == plain.status_code != 500
    # Where it leads, but for the id or name of what each one made.
    assert with_extra.headers.get("Location", "").rsplit("/", 1)[0] == \
        plain.headers.get("Location", "").rsplit("/", 1)[0]


@pytest.mark.parametrize("number", NUMBERS)
def test_the_count_form_takes_no_such_team(app: Flask, client: FlaskClient,
                                           number: str) -> None:
    game_id = start_game(app)
    url = f"/games/{game_id}/rounds/1"
    values = form_values(client.get(url).get_data(as_text=True))
    values.update({"teams-0-melded_eight_to_king": "10", "teams-1-melded_aces": "4"})
    for command in ("show", "record"):  # shown again, then saved
        answered_alike(client, f"{url}/{command}", values, f"teams-{number}-melded_aces")
    preview = client.post(f"{url}/preview", data={**values, f"teams-{number}-x": "1"})
    assert preview.status_code == 200
    assert client.get(f"/games/{game_id}/scoreboard").status_code == 200


@pytest.mark.parametrize("number", NUMBERS)
def test_the_new_game_form_takes_no_such_team_or_player(client: FlaskClient,
                                                        number: str) -> None:
    values = form_values(client.get("/games/new").get_data(as_text=True))
    values.update({"teams-0-name": "Us", "teams-1-name": "Them",
                   "teams-0-players-0": "Ann", "teams-1-players-0": "Cy"})
    answered_alike(client, "/games/new", values, f"teams-0-players-{number}")
    answered_alike(client, "/games/new", values, f"teams-{number}-name")


@pytest.mark.parametrize("number", NUMBERS)
def test_the_house_rules_form_takes_no_such_round_or_book(client: FlaskClient,
                                                          number: str) -> None:
    values = form_values(client.get("/rules/house?base=pagat").get_data(as_text=True))
    values["rules-name"] = f"Night {len(number)}"
    page = client.post("/rules/house", data={**values, "action": "preview",
                                             f"rules-rounds-{number}-meld_minimum": "5"})
    assert page.status_code != 500
    answered_alike(client, "/rules/house", values, f"rules-special_books-{number}-id")


@pytest.mark.parametrize("number", NUMBERS)
def test_a_refused_form_with_such_a_name_comes_back_as_a_form(client: FlaskClient,
                                                              number: str) -> None:
    values = form_values(client.get("/games/new").get_data(as_text=True))
    values.update({"teams-0-name": "Us", "teams-1-name": "Them", "teams-0-players-0": "Ann",
                   "teams-1-players-0": "Cy", "teams-0-players-1": "x" * 61})
    page = client.post("/games/new", data={**values, f"teams-{number}-name": "Ghosts"})
    assert page.status_code in (200, 422)
    text = page.get_data(as_text=True)
    assert 'name="teams-0-players-1"' in text and "Ghosts" not in text


def test_the_posted_names_policy_examples_hold() -> None:
    failed, tried = doctest.testmod(flask_form)
    assert tried and not failed
