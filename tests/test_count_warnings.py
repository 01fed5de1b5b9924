"""The warnings about counts, through the score API and the count page: each names its team
and count, the API takes each team's players for the deal, the page shows each beside a link
to its count and Save asks once "save anyway?", in every language the app speaks."""

from __future__ import annotations

from typing import Any

import pytest
from babel.numbers import format_decimal
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.engine.cards import CardKind
from handfoot_score.engine.warnings import BELOW_DEAL, HALF_OF_KIND
from handfoot_score.languages.i18n import LOCALES
from tests.form_data import form_values
from tests.game_pages import page_text, start_game, state_of
from tests.test_i18n import compiled

#: Classic, round 1: Owls out holding their deal of 52; Foxes 52 with a red three caught.
OWLS = {"name": "Owls", "melded": {"jokers": 3, "twos": 6, "aces": 5, "eight_to_king": 22,
                                   "four_to_seven": 8},
        "left": {"eight_to_king": 5, "four_to_seven": 2, "black_threes": 1},
        "books": {"clean": 2, "dirty": 2, "wild": 1}, "red_threes_down": 2, "went_out": True}
FOXES = {"name": "Foxes", "melded": {"twos": 1, "aces": 3, "eight_to_king": 14, "four_to_seven": 9},
         "left": {"jokers": 1, "aces": 2, "eight_to_king": 12, "four_to_seven": 9},
         "books": {"clean": 1}, "red_threes_left": 1}
#: Foxes' left 4 to 7 forgotten: 43 cards.
SHORT = {**FOXES, "left": {**FOXES["left"], "four_to_seven": 0}}
#: Two counts run together: "6", "9" typed without Next, 69 cards of 4 to 7 on the table and
#: none left.
RUN_TOGETHER = {**FOXES, "melded": {**FOXES["melded"], "four_to_seven": 69}, "left": {
    **FOXES["left"], "four_to_seven": 0}}


def scored(client: FlaskClient, teams: list[dict[str, Any]], **headers: str) -> dict[str, Any]:
    response = client.post("/api/v1/score", json={"rules": "classic", "round": 1,
                                                  "teams": teams}, headers=headers)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def test_an_honest_round_has_no_warning(client: FlaskClient) -> None:
    assert scored(client, [OWLS, FOXES])["warnings"] == []


def test_a_count_missing_is_warned_about_naming_the_team_and_the_deal(
        client: FlaskClient) -> None:
    answer = scored(client, [OWLS, SHORT])
    assert answer["warnings"] == [{"team": 1, "field": "cards", "message": (
        "43 cards counted, but 52 were dealt to this team and no turn loses a card: is a "
        "count missing?")}]
    # Scored all the same, a warning never refuses: Foxes melded 20 + 60 + 140 + 45 = 265,
    # a clean book 500, a red three caught −100, left 50 + 40 + 120 = 210.
    assert answer["teams"][1]["total"] == 265 + 500 - 100 - 210


def test_the_players_named_say_the_deal(client: FlaskClient) -> None:
    three = [{**OWLS, "players": ["Ann", "Bo"]}, {**FOXES, "players": ["Cy", "Di", "Ed"]}]
    [warning] = scored(client, three)["warnings"]
    assert warning["team"] == 1 and "but 78 were dealt" in warning["message"]
    alone = [{**OWLS, "players": []}, {**SHORT, "players": ["Cy"]}]
    assert scored(client, alone)["warnings"] == []


@pytest.mark.parametrize("players", [["Ann", 3], "Ann", ["Ann"] * 4, [""]])
def test_players_that_cannot_be_read_are_refused_on_their_team(client: FlaskClient,
                                                               players: object) -> None:
    response = client.post("/api/v1/score", json={"rules": "classic", "round": 1, "teams": [
        OWLS, {**FOXES, "players": players}]})
    assert response.status_code == 422
    assert [(e["team"], e["field"]) for e in response.get_json()["errors"]] == [(1, "players")]


def test_pagats_decks_follow_the_players_named(client: FlaskClient) -> None:
    # Six players: six decks, 96 cards of 4 to 7; 46 of them are more than half of four
    # decks' 64 but not of six decks'.
    herons = {"melded": {"jokers": 1, "twos": 3, "aces": 12, "eight_to_king": 40,
                         "four_to_seven": 16}, "books": {"clean": 2, "dirty": 2},
              "went_out": True}
    owls = {"melded": {"aces": 3, "eight_to_king": 12, "four_to_seven": 38},
            "left": {"four_to_seven": 8, "eight_to_king": 10}}
    body = {"rules": "pagat", "round": 1, "teams": [herons, owls]}
    four = client.post("/api/v1/score", json=body).get_json()["warnings"]
    assert [(w["team"], w["field"]) for w in four] == [(1, "melded.four_to_seven")]
    six = client.post("/api/v1/score", json={**body, "teams": [
        {**herons, "players": ["Ann", "Bo", "Cy"]},
        {**owls, "players": ["Di", "Ed", "Flo"]}]}).get_json()["warnings"]
    assert six == []


def round_page(client: FlaskClient, game_id: str, *tallies: dict[str, Any]) -> dict[str, str]:
    """The count page's form with these tallies typed in, card by card."""
    values = form_values(client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True))
    for team, tally in enumerate(tallies):
        for part in ("melded", "left"):
            for key, count in tally.get(part, {}).items():
                values[f"teams-{team}-{part}_{key}"] = str(count)
        for kind, count in tally.get("books", {}).items():
            values[f"teams-{team}-books_{kind}"] = str(count)
        for key in ("red_threes_down", "red_threes_left"):
            values[f"teams-{team}-{key}"] = str(tally.get(key, 0))
        if tally.get("went_out"):
            values["went_out"] = str(team)
    return values


TEAMS = [{"name": "Owls", "players": ["Ann", "Bo"]}, {"name": "Foxes", "players": ["Cy", "Di"]}]


def test_the_page_warns_beside_the_count_and_saves_on_the_second_save(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=TEAMS)
    values = round_page(client, game_id, OWLS, RUN_TOGETHER)
    preview = client.post(f"/games/{game_id}/rounds/1/preview", data=values).get_json()
    [warning] = preview["warnings"]
    assert (warning["team"], warning["field"], warning["input"]) == (
        1, "melded.four_to_seven", "teams-1-melded_four_to_seven")
    assert warning["text"].startswith("Foxes — ") and warning["text"].endswith(
        "69 cards of 4 to 7 counted for this team: more than half of the 80 in the game's "
        "decks")
    first = client.post(f"/games/{game_id}/rounds/1/record", data=values)
    assert first.status_code == 200 and state_of(app, game_id).rounds == ()
    page = first.get_data(as_text=True)
    assert "Some counts of Foxes look unlikely (the warnings say which) — save anyway?" in \
        page_text(first)
    assert '<a href="#teams-1-melded_four_to_seven">Foxes — ' in page
    again = form_values(page)
    assert again["warned_ok"] == "1:melded.four_to_seven"
    assert client.post(f"/games/{game_id}/rounds/1/record", data=again).status_code == 303
    [recorded] = state_of(app, game_id).rounds
    assert recorded.tallies[1].melded.count(CardKind.FOUR_TO_SEVEN) == 69


def test_a_slip_is_warned_about_while_the_round_cannot_be_scored_yet(
        app: Flask, client: FlaskClient) -> None:
    """Owls, going out, still a wild book short (its tap to come): the round cannot be
    scored, yet Foxes' counts run together are warned about already, beside Foxes' score. A
    team's warnings come with its score: Owls' count over what the decks hold is refused,
    and nothing in it is warned about as well."""
    game_id = start_game(app, teams=TEAMS)
    short_a_book = {**OWLS, "books": {"clean": 2, "dirty": 2}}
    answer = client.post(f"/games/{game_id}/rounds/1/preview",
                         data=round_page(client, game_id, short_a_book, RUN_TOGETHER))
    assert answer.status_code == 422
    preview = answer.get_json()
    assert [(error["team"], error["field"]) for error in preview["errors"]] == [
        (0, "books.wild")]
    assert [(warning["team"], warning["field"]) for warning in preview["warnings"]] == [
        (1, "melded.four_to_seven")]
    too_many = {**short_a_book, "melded": {**OWLS["melded"], "eight_to_king": 130}}
    preview = client.post(f"/games/{game_id}/rounds/1/preview",
                          data=round_page(client, game_id, too_many, FOXES)).get_json()
    refused = [(error["team"], error["field"]) for error in preview["errors"]]
    assert (0, "melded.eight_to_king") in refused
    assert [(warning["team"], warning["field"]) for warning in preview["warnings"]] == []


def test_another_count_looking_wrong_asks_again(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=TEAMS)
    values = round_page(client, game_id, OWLS, RUN_TOGETHER)
    again = form_values(client.post(f"/games/{game_id}/rounds/1/record",
                                    data=values).get_data(as_text=True))
    again["teams-0-left_eight_to_king"] = "0"  # now Owls hold 47 of their 52
    asked = client.post(f"/games/{game_id}/rounds/1/record", data=again)
    assert asked.status_code == 200 and "Some counts of Owls look unlikely" in page_text(asked)
    assert "Owls: 47 cards counted, but 52 were dealt" in page_text(asked)
    assert client.post(f"/games/{game_id}/rounds/1/record",
                       data=form_values(asked.get_data(as_text=True))).status_code == 303


def test_an_honest_round_saves_on_the_first_save(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=TEAMS)
    values = round_page(client, game_id, OWLS, FOXES)
    assert client.post(f"/games/{game_id}/rounds/1/preview",
                       data=values).get_json()["warnings"] == []
    assert client.post(f"/games/{game_id}/rounds/1/record", data=values).status_code == 303


def test_one_teams_own_page_asks_only_about_its_own_counts(app: Flask,
                                                         client: FlaskClient) -> None:
    game_id = start_game(app, teams=TEAMS)
    values = form_values(client.get(f"/games/{game_id}/rounds/1?team=0").get_data(as_text=True))
    for key, count in OWLS["melded"].items():
        values[f"teams-0-melded_{key}"] = str(count)
    for kind, count in OWLS["books"].items():
        values[f"teams-0-books_{kind}"] = str(count)
    values["went_out"] = "0"
    # The partner's 8 cards left not typed: 44 of 52.
    asked = client.post(f"/games/{game_id}/rounds/1/teams/0", data=values)
    assert asked.status_code == 200
    assert "Owls: 44 cards counted, but 52 were dealt" in page_text(asked)
    saved = client.post(f"/games/{game_id}/rounds/1/teams/0",
                        data=form_values(asked.get_data(as_text=True)))
    assert saved.status_code == 303


TRANSLATED = [locale for locale in LOCALES if locale != "en"]


@pytest.mark.parametrize("locale", TRANSLATED)
def test_each_warning_is_said_in_the_readers_language(client: FlaskClient, locale: str) -> None:
    catalogue = compiled(locale)
    [short] = scored(client, [OWLS, SHORT], **{"Accept-Language": locale})["warnings"]
    words = catalogue.ngettext(BELOW_DEAL.message, str(BELOW_DEAL.plural), 43)
    assert words not in (BELOW_DEAL.message, BELOW_DEAL.plural)
    assert short["message"] == words % {"num": "43", "dealt": "52"}
    [many] = scored(client, [OWLS, RUN_TOGETHER], **{"Accept-Language": locale})["warnings"]
    half = HALF_OF_KIND[CardKind.FOUR_TO_SEVEN]
    words = catalogue.ngettext(half.message, str(half.plural), 69)
    assert words not in (half.message, half.plural)
    assert many["message"] == words % {"num": "69", "supply": "80"}


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_page_asks_and_warns_in_the_readers_language(app: Flask, client: FlaskClient,
                                                         locale: str) -> None:
    game_id = start_game(app, teams=TEAMS)
    values = round_page(client, game_id, OWLS, SHORT)
    asked = client.post(f"/games/{game_id}/rounds/1/record", data=values,
                        headers={"Accept-Language": locale})
    text = page_text(asked)
    catalogue = compiled(locale)
    question = catalogue.gettext(
        "Some counts of %(teams)s look unlikely (the warnings say which) — save anyway? Press "
        "Save again to save, or check them first.")
    assert "look unlikely" not in text
    assert question % {"teams": "Foxes"} in text
    below = catalogue.ngettext(BELOW_DEAL.message, str(BELOW_DEAL.plural), 43) % {
        "num": "43", "dealt": format_decimal(52, locale=locale)}
    assert below[:1].upper() + below[1:] in text


def test_a_team_with_nothing_counted_and_a_count_warned_about_are_asked_at_once(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=TEAMS)
    values = round_page(client, game_id, {**OWLS, "left": {}}, {})
    asked = client.post(f"/games/{game_id}/rounds/1/record", data=values)
    assert "Nothing is counted for Foxes" in page_text(asked)
    assert "Owls: 44 cards counted, but 52 were dealt" in page_text(asked)
    again = form_values(asked.get_data(as_text=True))
    assert (again["empty_ok"], again["warned_ok"]) == ("1", "0:cards")
    assert client.post(f"/games/{game_id}/rounds/1/record", data=again).status_code == 303


def test_a_team_that_has_counted_nothing_yet_is_not_warned_about(app: Flask,
                                                                 client: FlaskClient) -> None:
    """A count page just opened says nothing about cards dealt; a team is warned about once
    it has counted a card (one with nothing is asked about on Save)."""
    game_id = start_game(app, teams=TEAMS)
    opened = client.get(f"/games/{game_id}/rounds/1")
    assert "cards counted, but" not in page_text(opened)
    values = form_values(opened.get_data(as_text=True))
    values["teams-0-melded_eight_to_king"] = "30"
    preview = client.post(f"/games/{game_id}/rounds/1/preview", data=values).get_json()
    assert [(warning["team"], warning["field"]) for warning in preview["warnings"]] == [
        (0, "cards")]
