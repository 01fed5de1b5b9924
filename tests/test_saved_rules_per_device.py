"""Saved house rules belong to the device that saved them: its new-game page and /rules list
them, a stranger's do not, each device lists its latest few only, and a set's own link still
opens it anywhere. A league's games offer the sets they were played under."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.engine.presets import PRESETS
from handfoot_score.services import games, leagues
from tests.form_data import form_values
from tests.game_pages import QUIET, record
from tests.test_new_game import filled, game_id_from

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def save_on_page(client: FlaskClient, name: str) -> str:
    """Save pagat with one change under ``name`` on the house-rules page; its id."""
    values = form_values(client.get("/rules/house?base=pagat").get_data(as_text=True))
    values.update({"rules-name": name, "rules-red_three-left": "500"})
    saved = client.post("/rules/house", data=values)
    assert saved.status_code == 303
    return saved.headers["Location"].rsplit("/", 1)[1]


def offered(client: FlaskClient, url: str = "/games/new") -> list[str]:
    """The rule sets the new-game page offers, by id."""
    page = client.get(url)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    select = html[html.index('id="rules_choice" name="rules_choice">'):]
    select = select[:select.index("</select>")]
    return re.findall(r'<option (?:selected )?value="([^"]*)"', select)


def listed(client: FlaskClient) -> str:
    return client.get("/rules").get_data(as_text=True)


def test_a_set_saved_on_one_device_is_listed_there_only(app: Flask) -> None:
    mine, stranger = app.test_client(), app.test_client()
    rules_id = save_on_page(mine, "Secret Tuesday")
    assert rules_id not in offered(stranger)
    assert "Secret Tuesday" not in client_pages(stranger)
    assert "secret-tuesday" not in client_pages(stranger)
    assert rules_id in offered(mine)
    assert "Secret Tuesday" in listed(mine)
    assert f'href="/rules/{rules_id}"' in listed(mine)


def test_rules_lists_this_devices_sets_each_linked_to_its_card(app: Flask) -> None:
    """/rules has a place for house rules on every device: empty, it says how to make some;
    once one is saved, it is listed there, by its name, linking to its rules card."""
    client = app.test_client()
    empty = listed(client)
    assert '<h2 id="house-rules">House rules</h2>' in empty
    assert "No house rules on this device yet." in empty
    assert 'href="/rules/house">Make house rules</a>' in empty
    rules_id = save_on_page(client, "Friday fives")
    page = listed(client)
    house = page[page.index('id="house-rules"'):]
    assert f'<a class="preset-name" href="/rules/{rules_id}">Friday fives</a>' in house
    assert "No house rules on this device yet." not in page
    assert "Friday fives" in client.get(f"/rules/{rules_id}").get_data(as_text=True)


def client_pages(client: FlaskClient) -> str:
    """Everything a device's pages that list rules show, and the API's list of rules."""
    return "".join(client.get(url).get_data(as_text=True)
                   for url in ("/games/new", "/rules", "/api/v1/rules", "/rules/house",
                               "/meld-calculator", "/"))


def test_a_set_saved_with_a_new_game_is_listed_on_that_device_only(app: Flask) -> None:
    mine, stranger = app.test_client(), app.test_client()
    data = filled(mine, "/games/new?rules=classic",
                  **{"house-rounds-0-going_out_bonus": "200", "save_as": "Thursday club"})
    game_id_from(mine.post("/games/new", data=data))
    assert "thursday-club" in offered(mine) and "Thursday club" in listed(mine)
    assert "thursday-club" not in offered(stranger)
    assert "Thursday club" not in client_pages(stranger)


def test_a_device_lists_its_latest_sets_only(app: Flask, client: FlaskClient) -> None:
    from handfoot_score.web.shared.device_rules import MAX_LISTED_RULES

    saved = [save_on_page(client, f"Night {n}") for n in range(MAX_LISTED_RULES + 2)]
    shown = offered(client)
    assert saved[0] not in shown and saved[1] not in shown
    assert all(rules_id in shown for rules_id in saved[2:])
    assert len(shown) == len(PRESETS) + MAX_LISTED_RULES
    assert "Night 0<" not in listed(client) and f"Night {MAX_LISTED_RULES + 1}<" in listed(client)
    # Nothing stored is lost: the set's link opens it still.
    assert client.get(f"/rules/{saved[0]}").status_code == 200


def test_a_sets_link_opens_it_on_any_device_and_lists_it_there(app: Flask) -> None:
    mine, friend = app.test_client(), app.test_client()
    rules_id = save_on_page(mine, "Secret Tuesday")
    start = friend.get(f"/games/new?rules={rules_id}")
    assert form_values(start.get_data(as_text=True))["rules_choice"] == rules_id
    game_id = game_id_from(friend.post("/games/new",
                                       data=filled(friend, f"/games/new?rules={rules_id}")))
    with app.app_context():
        assert games.get_game(game_id).rules.red_three.left == 500
    assert friend.get(f"/rules/{rules_id}").status_code == 200
    assert rules_id in offered(friend) and "Secret Tuesday" in listed(friend)
    assert friend.get(f"/api/v1/rules/{rules_id}").json["name"] == "Secret Tuesday"


def test_a_leagues_games_offer_the_sets_they_were_played_under(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Thursday league"}).id
        other = leagues.create_league({"name": "Other league"}).id
        played = games.create_game(games.read_setup(
            {"rules": "pagat", "teams": TEAMS, "league": league}), save_rules_as="Club rules")
        # Unsaved house rules are the game's alone, and a set saved outside stays there.
        games.create_game(games.read_setup(
            {"rules": {"base": "classic", "decks": 5}, "teams": TEAMS, "league": league}))
        games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS}),
                          save_rules_as="Elsewhere")
    record(app, played.id, QUIET, QUIET)
    member = app.test_client()
    assert "club-rules" in offered(member, f"/games/new?league={league}")
    assert "elsewhere" not in offered(member, f"/games/new?league={league}")
    assert "classic-house" not in offered(member, f"/games/new?league={league}")
    assert "club-rules" not in offered(member, f"/games/new?league={other}")
    assert "club-rules" not in offered(member) and "Club rules" not in listed(member)
    data = filled(member, f"/games/new?league={league}", rules_choice="club-rules",
                  action="load_rules")
    assert member.post("/games/new", data=data).status_code == 200
    started = filled(member, f"/games/new?league={league}&rules=club-rules")
    game_id = game_id_from(member.post("/games/new", data=started))
    with app.app_context():
        assert games.get_game(game_id).rules.name == "Club rules"

