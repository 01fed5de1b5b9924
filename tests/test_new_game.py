"""The new-game page: rules from a preset or house rules, teams, dealer, errors kept."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games
from handfoot_score.services import rules as rules_service
from tests.form_data import form_values


def filled(client: FlaskClient, url: str = "/games/new", **changes: str) -> dict[str, str]:
    page = client.get(url)
    assert page.status_code == 200
    values = form_values(page.get_data(as_text=True))
    values.update({"teams-0-name": "Us", "teams-0-players-0": "Ann", "teams-0-players-1": "Bob",
                   "teams-1-name": "Them", "teams-1-players-0": "Cy", "teams-1-players-1": "Di"})
    values.update(changes)
    return values


def game_id_from(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rstrip("/").split("/")[-1]


def test_the_page_offers_every_preset_with_its_numbers(client: FlaskClient) -> None:
    html = client.get("/games/new?rules=pagat").get_data(as_text=True)
    for preset in rules_service.list_presets():
        assert preset.name in html
    values = form_values(html)
    assert values["rules_choice"] == "pagat"
    assert values["house-decks"] == "4"
    assert values["house-red_three-left"] == "300"
    assert values["house-rounds-3-meld_minimum"] == "150"


def test_starting_a_preset_game_stores_the_preset(app: Flask, client: FlaskClient) -> None:
    response = client.post("/games/new", data=filled(client, "/games/new?rules=italian"))
    game_id = game_id_from(response)
    with app.app_context():
        state = games.get_game(game_id)
    assert state.rules == rules_service.get_rules("italian")
    assert [t.name for t in state.teams] == ["Us", "Them"]
    assert state.teams[0].players == ("Ann", "Bob")


def test_a_house_rule_changed_right_there_is_played(app: Flask, client: FlaskClient) -> None:
    data = filled(client, "/games/new?rules=pagat", **{"house-red_three-left": "500"})
    game_id = game_id_from(client.post("/games/new", data=data))
    with app.app_context():
        rules = games.get_game(game_id).rules
    assert rules.red_three.left == 500
    assert rules.id == "pagat-house"
    assert rules.decks == 4


def test_house_rules_saved_as_a_name_can_be_picked_again(app: Flask, client: FlaskClient) -> None:
    data = filled(client, "/games/new?rules=classic",
                  **{"house-rounds-0-going_out_bonus": "200", "save_as": "Thursday club"})
    game_id_from(client.post("/games/new", data=data))
    html = client.get("/games/new").get_data(as_text=True)
    assert "Thursday club" in html
    again = filled(client, "/games/new?rules=thursday-club")
    assert again["house-rounds-0-going_out_bonus"] == "200"
    with app.app_context():
        assert rules_service.get_rules("thursday-club").rounds[0].going_out_bonus == 200
    assert client.get("/rules/thursday-club").status_code == 200


def test_adding_a_team_shows_the_form_again_with_everything_typed(client: FlaskClient) -> None:
    data = filled(client, action="add_team", **{"house-decks": "6"})
    page = client.post("/games/new", data=data)
    assert page.status_code == 200
    values = form_values(page.get_data(as_text=True))
    assert "teams-2-name" in values
    assert values["teams-0-name"] == "Us"
    assert values["house-decks"] == "6"


def test_a_bad_rule_is_named_and_nothing_typed_is_lost(client: FlaskClient) -> None:
    data = filled(client, **{"house-decks": "0"})
    page = client.post("/games/new", data=data)
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert "Decks" in html and "between 1 and 20" in html
    values = form_values(html)
    assert values["teams-1-players-1"] == "Di"
    assert values["house-decks"] == "0"


def test_loading_other_rules_refills_the_house_rules(client: FlaskClient) -> None:
    data = filled(client, "/games/new?rules=classic", rules_choice="pagat", action="load_rules")
    values = form_values(client.post("/games/new", data=data).get_data(as_text=True))
    assert values["house-decks"] == "4"
    assert values["house-hand_size"] == "11"
    assert values["teams-0-name"] == "Us"


def test_first_dealer_is_a_seat_at_the_table(app: Flask, client: FlaskClient) -> None:
    data = filled(client, first_dealer="3")
    game_id = game_id_from(client.post("/games/new", data=data))
    with app.app_context():
        deal = games.get_game(game_id).deal(1)
    assert deal.hands_dealer.player == "Di"
    assert deal.feet_dealer.player == "Cy"
    assert deal.first_player.player == "Ann"


def test_a_game_started_from_a_league_page_joins_the_league(app: Flask,
                                                           client: FlaskClient) -> None:
    from handfoot_score.services import leagues

    with app.app_context():
        league = leagues.create_league({"name": "Thursday club"})
    html = client.get(f"/leagues/{league.id}").get_data(as_text=True)
    assert f"/games/new?league={league.id}" in html
    data = filled(client, f"/games/new?league={league.id}")
    assert data["league"] == league.id
    game_id = game_id_from(client.post("/games/new", data=data))
    with app.app_context():
        assert leagues.league_of_game(game_id).id == league.id
        roster = {p.name for p in leagues.get_league(league.id).players}
    assert roster == {"Ann", "Bob", "Cy", "Di"}
    page = client.get(f"/games/new?league={league.id}").get_data(as_text=True)
    assert 'list="roster"' in page and '<option value="Ann">' in page


def test_a_protected_league_asks_for_its_code_before_a_game_starts(app: Flask,
                                                                  client: FlaskClient) -> None:
    from handfoot_score.services import leagues

    with app.app_context():
        league = leagues.create_league({"name": "Club", "edit_code": "secret passphrase"})
    typed = filled(client, f"/games/new?league={league.id}")
    response = client.post("/games/new", data=typed)
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert f'action="/leagues/{league.id}/unlock"' in page
    assert '<input type="hidden" name="teams-1-players-0" value="Cy">' in page
    with app.app_context():
        assert games.games_in_play() == []
    carried = {**{k: v for k, v in typed.items() if k not in ("csrf_token", "next")},
               "next": "/games/new", "repost": "1", "edit_code": "secret passphrase"}
    unlocked = client.post(f"/leagues/{league.id}/unlock", data=carried)
    assert unlocked.status_code == 307 and unlocked.location == "/games/new"
    started = client.post(unlocked.location, data=carried)
    with app.app_context():
        state = games.get_game(game_id_from(started))
    assert [team.players for team in state.teams] == [("Ann", "Bob"), ("Cy", "Di")]


def test_the_dealer_list_names_teams_as_typed_never_team_and_number(
        client: FlaskClient) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    dealers = re.findall(r"<option[^>]*>([^<]*)</option>",
                         html.split('name="first_dealer"', 1)[1].split("</select>", 1)[0])
    assert dealers == ["Team 1", "Team 2"]
    data = filled(client, action="add_team")
    data.pop("teams-1-players-1")
    data["teams-1-players-0"] = ""
    html = client.post("/games/new", data=data).get_data(as_text=True)
    dealers = re.findall(r"<option[^>]*>([^<]*)</option>",
                         html.split('name="first_dealer"', 1)[1].split("</select>", 1)[0])
    assert dealers == ["Ann (Us)", "Them", "Team 3", "Bob (Us)"]


def test_start_comes_before_the_folded_house_rules(client: FlaskClient) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    start = html.rindex('value="start">Start the game</button>')
    folded = html.index('value="house_rules">Change house rules</button>')
    assert start < folded
    # The footer's language picker folds too; the page's own parts do not.
    main = html[html.index("<main"):html.index("</main>")]
    assert "<details" not in main and 'name="house-decks"' not in html[folded:]


def test_the_house_rules_travel_folded_and_open_when_asked_for(client: FlaskClient) -> None:
    folded = client.get("/games/new?rules=pagat").get_data(as_text=True)
    assert '<input type="hidden" name="house-decks" value="4">' in folded
    assert 'id="house-decks"' not in folded
    data = filled(client, "/games/new?rules=pagat", action="house_rules",
                  **{"house-red_three-left": "500"})
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert "<details class=\"setup-part\" open>" in html
    assert form_values(html)["house-red_three-left"] == "500"
    assert 'id="house-decks" inputmode="numeric" name="house-decks" value="4"' in html


def test_a_special_book_row_is_added_when_asked_for(client: FlaskClient) -> None:
    data = filled(client, rules_round="add_book",
                  **{"house-special_books-0-name": "Book of sevens"})
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert form_values(html)["house-special_books-0-name"] == "Book of sevens"
    assert 'name="house-special_books-1-name"' in html
    assert 'name="house-special_books-2-name"' not in html


def test_the_page_says_how_many_decks_the_game_uses(client: FlaskClient) -> None:
    html = client.get("/games/new?rules=classic").get_data(as_text=True)
    assert '<p class="field-hint" id="decks-in-play">This game uses 5 decks.</p>' in html
    html = client.get("/games/new?rules=pagat").get_data(as_text=True)
    assert ("This game uses 4 decks. Name every team's players to play one deck for each "
            "player.") in html.replace("&#39;", "'")
    six = filled(client, "/games/new?rules=pagat", action="load_rules",
                 **{"teams-0-players-2": "Eve", "teams-1-players-2": "Flo"})
    html = client.post("/games/new", data=six).get_data(as_text=True)
    assert "This game uses 6 decks: one for each player." in html


def test_a_game_of_six_under_pagat_plays_six_decks(app: Flask, client: FlaskClient) -> None:
    data = filled(client, "/games/new?rules=pagat",
                  **{"teams-0-players-2": "Eve", "teams-1-players-2": "Flo"})
    game_id = game_id_from(client.post("/games/new", data=data))
    with app.app_context():
        rules = games.get_game(game_id).rules
    assert (rules.id, rules.decks, rules.deck_per_player) == ("pagat", 6, True)


def test_decks_per_player_is_a_house_rule(app: Flask, client: FlaskClient) -> None:
    data = filled(client, "/games/new?rules=pagat")
    del data["house-deck_per_player"]
    data["house-decks"] = "3"
    game_id = game_id_from(client.post("/games/new", data=data))
    with app.app_context():
        rules = games.get_game(game_id).rules
    assert (rules.id, rules.decks, rules.deck_per_player) == ("pagat-house", 3, False)
