"""GET /api/v1/rules and /api/v1/rules/<id>, and the ways a request may name its rules."""

import copy
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from handfoot_score.engine.presets import PRESETS
from tests.api_answers import errors_of, fields_of

RULE_KEYS = {
    "id", "name", "decks", "hand_size", "foot_size", "rounds", "meld_minimum_by_score",
    "card_values", "books", "special_books", "red_three", "exact_draw_bonus", "wilds",
    "black_three", "first_meld_bonus",
}


def score_one_team(client: FlaskClient, rules: object, team: dict[str, Any]) -> TestResponse:
    """POST /api/v1/score for round 1 with a single team."""
    return client.post("/api/v1/score", json={"rules": rules, "round": 1, "teams": [team]})


def classic_rules(client: FlaskClient) -> dict[str, Any]:
    """The classic preset exactly as the API hands it out."""
    return client.get("/api/v1/rules/classic").get_json()


def test_index_lists_the_three_presets(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules")
    assert response.status_code == 200
    presets = response.get_json()["presets"]
    assert [p["id"] for p in presets] == ["classic", "pagat", "italian"]
    for preset in presets:
        assert set(preset) == {"id", "name"}
        assert preset["name"] == PRESETS[preset["id"]].name


@pytest.mark.parametrize("rules_id", ["classic", "pagat", "italian"])
def test_each_preset_has_every_contract_key(client: FlaskClient, rules_id: str) -> None:
    response = client.get(f"/api/v1/rules/{rules_id}")
    assert response.status_code == 200
    rules = response.get_json()
    assert RULE_KEYS <= set(rules)
    assert rules["id"] == rules_id
    assert len(rules["rounds"]) == 4
    for game_round in rules["rounds"]:
        assert {"meld_minimum", "going_out_bonus", "going_out_books", "pile_take",
                "exact_draw_cards"} <= set(game_round)
        assert set(game_round["going_out_books"]) == {"clean", "dirty", "wild"}
    assert set(rules["card_values"]) == {
        "joker", "two", "ace", "eight_to_king", "four_to_seven", "black_three", "by_rank"}
    assert rules["card_values"]["by_rank"] == {}
    assert set(rules["books"]) == {"clean", "dirty", "wild", "mixed_wild"}
    assert rules["books"]["mixed_wild"] is None
    assert rules["red_three"]["down_when_not_out"] is None
    assert rules["black_three"] == {"meld_when_going_out": False}
    assert rules["first_meld_bonus"] == 0
    assert {"naturals_per_wild", "max_per_meld", "min_naturals_with_wild",
            "wild_melds"} <= set(rules["wilds"])
    assert rules["meld_minimum_by_score"] is None
    assert rules["special_books"] == []


@pytest.mark.parametrize(
    ("rules_id", "expected"),
    [
        ("classic", {
            "decks": 5, "hand_size": 13, "foot_size": 13,
            "books": {"clean": 500, "dirty": 300, "wild": 1500, "mixed_wild": None},
            "red_three": {"down": 100, "left": 100, "down_when_not_out": None},
            "exact_draw_bonus": 0,
            "wilds": {"naturals_per_wild": 2, "max_per_meld": None,
                      "min_naturals_with_wild": 0, "wild_melds": True},
            "going_out_books": {"clean": 2, "dirty": 2, "wild": 1},
            "pile_take": 7,
        }),
        ("pagat", {
            "decks": 4, "hand_size": 11, "foot_size": 11,
            "books": {"clean": 500, "dirty": 300, "wild": None, "mixed_wild": None},
            "red_three": {"down": 0, "left": 300, "down_when_not_out": None},
            "exact_draw_bonus": 300,
            "wilds": {"naturals_per_wild": 2, "max_per_meld": 2,
                      "min_naturals_with_wild": 0, "wild_melds": False},
            "going_out_books": {"clean": 2, "dirty": 2, "wild": 0},
            "pile_take": 5,
        }),
        ("italian", {
            "decks": 5, "hand_size": 11, "foot_size": 11,
            "books": {"clean": 500, "dirty": 300, "wild": None, "mixed_wild": None},
            "red_three": {"down": 0, "left": 5, "down_when_not_out": None},
            "exact_draw_bonus": 0,
            "wilds": {"naturals_per_wild": 0, "max_per_meld": None,
                      "min_naturals_with_wild": 4, "wild_melds": False},
            "going_out_books": {"clean": 1, "dirty": 1, "wild": 0},
            "pile_take": 7,
        }),
    ],
)
def test_presets_hold_the_numbers_of_rules_md(
    client: FlaskClient, rules_id: str, expected: dict[str, Any]
) -> None:
    rules = client.get(f"/api/v1/rules/{rules_id}").get_json()
    per_round = ("going_out_books", "pile_take")
    for key, value in expected.items():
        if key not in per_round:
            assert rules[key] == value, key
    assert rules["card_values"] == {"joker": 50, "two": 20, "ace": 20, "eight_to_king": 10,
                                    "four_to_seven": 5, "black_three": 5, "by_rank": {}}
    assert [r["meld_minimum"] for r in rules["rounds"]] == [50, 90, 120, 150]
    for game_round in rules["rounds"]:
        assert game_round["going_out_bonus"] == 100
        assert game_round["going_out_books"] == expected["going_out_books"]
        assert game_round["pile_take"] == expected["pile_take"]


@pytest.mark.parametrize("rules_id", ["nope", "CLASSIC", "classic-house", "0", "%C3%A9"])
def test_unknown_preset_is_a_json_404(client: FlaskClient, rules_id: str) -> None:
    [error] = errors_of(client.get(f"/api/v1/rules/{rules_id}"), 404)
    assert error["team"] is None
    assert error["field"] == "rules"


def test_a_nul_in_the_address_is_a_json_404_before_any_lookup(client: FlaskClient) -> None:
    # No database can look up a NUL (PostgreSQL refuses it): the address itself is refused.
    [error] = errors_of(client.get("/api/v1/rules/%00"), 404)
    assert error["team"] is None


def test_a_path_below_a_preset_is_a_json_404(client: FlaskClient) -> None:
    errors_of(client.get("/api/v1/rules/classic/extra"), 404)


def test_the_rules_cannot_be_posted_to(client: FlaskClient) -> None:
    errors_of(client.post("/api/v1/rules", json={}), 405)


@pytest.mark.parametrize("rules", ["nope", {"base": "nope"}, {"base": "nope", "decks": 4}])
def test_a_request_naming_an_unknown_preset_is_a_404(client: FlaskClient, rules: object) -> None:
    assert fields_of(score_one_team(client, rules, {}), 404) == [(None, "rules")]
    response = client.post("/api/v1/meld-check",
                           json={"rules": rules, "round": 1, "melds": [["K", "K", "K"]]})
    assert fields_of(response, 404) == [(None, "rules")]


def test_house_rule_on_a_base_preset_replaces_only_its_keys(client: FlaskClient) -> None:
    # Pagat's summary line: a red three caught in hand costs 500 instead of 300.
    house = {"base": "pagat", "red_three": {"down": 0, "left": 500, "down_when_not_out": None}}
    caught = {"red_threes_left": 1, "melded": {"aces": 3}}
    response = score_one_team(client, house, caught)
    assert response.status_code == 200
    [team] = response.get_json()["teams"]
    # 3 aces = 60; one red three caught = -500; total 60 - 500 = -440.
    assert team["melded_points"] == 60
    assert team["red_three_points"] == -500
    assert team["total"] == -440
    # Everything else is still pagat's: the exact-draw bonus of 300.
    response = score_one_team(client, house, {"exact_draws": 1})
    assert response.get_json()["teams"][0]["bonus_points"] == 300
    # The preset itself is untouched by the house rule.
    response = score_one_team(client, "pagat", caught)
    assert response.get_json()["teams"][0]["red_three_points"] == -300
    assert client.get("/api/v1/rules/pagat").get_json()["red_three"]["left"] == 300


def test_a_base_with_no_changes_is_the_preset(client: FlaskClient) -> None:
    as_object = score_one_team(client, {"base": "italian"}, {"red_threes_left": 2})
    as_id = score_one_team(client, "italian", {"red_threes_left": 2})
    assert as_object.status_code == as_id.status_code == 200
    assert as_object.get_json() == as_id.get_json()
    # Italian: a red three caught costs its card value, 5; two cost 10.
    assert as_id.get_json()["teams"][0]["red_three_points"] == -10


def test_house_rule_per_round_going_out_bonus(client: FlaskClient) -> None:
    rounds = classic_rules(client)["rounds"]
    for number, game_round in enumerate(rounds, start=1):
        game_round["going_out_bonus"] = 100 * number
        game_round["going_out_books"] = {"clean": 0, "dirty": 0, "wild": 0}
    house = {"base": "classic", "rounds": rounds}
    for number in range(1, 5):
        response = client.post("/api/v1/score", json={
            "rules": house, "round": number, "teams": [{"went_out": True}]})
        assert response.status_code == 200
        assert response.get_json()["teams"][0]["going_out_points"] == 100 * number


def test_house_rule_with_more_rounds_accepts_a_later_round(client: FlaskClient) -> None:
    rounds = classic_rules(client)["rounds"]
    rounds.append({**rounds[-1], "meld_minimum": 180})
    house = {"base": "classic", "rounds": rounds}
    response = client.post("/api/v1/score", json={"rules": house, "round": 5, "teams": [{}]})
    assert response.status_code == 200
    assert response.get_json()["teams"][0]["meld_minimum"] == 180
    response = client.post("/api/v1/score", json={"rules": "classic", "round": 5, "teams": [{}]})
    assert fields_of(response) == [(None, "round")]


def test_a_full_rule_set_posted_back_with_one_number_changed(client: FlaskClient) -> None:
    rules = classic_rules(client)
    rules["books"]["clean"] = 600
    team = {"melded": {"aces": 7}, "books": {"clean": 1}}
    response = score_one_team(client, rules, team)
    assert response.status_code == 200
    # 7 aces = 140, one clean book at the changed 600: 740.
    assert response.get_json()["teams"][0]["book_points"] == 600
    assert response.get_json()["teams"][0]["total"] == 740
    unchanged = score_one_team(client, classic_rules(client), team)
    assert unchanged.get_json()["teams"][0]["total"] == 640


def test_a_full_rule_set_with_more_decks_holds_more_cards(client: FlaskClient) -> None:
    rules = classic_rules(client)
    # Five decks hold 10 jokers; six hold 12.
    assert fields_of(score_one_team(client, rules, {"left": {"jokers": 12}})) == [
        (0, "left.jokers")]
    rules["decks"] = 6
    response = score_one_team(client, rules, {"left": {"jokers": 12}})
    assert response.status_code == 200
    assert response.get_json()["teams"][0]["left_points"] == 600


def test_a_full_rule_set_without_the_derived_keys(client: FlaskClient) -> None:
    rules = {key: value for key, value in classic_rules(client).items()
             if key in RULE_KEYS}
    response = score_one_team(client, rules, {"melded": {"aces": 3}})
    assert response.status_code == 200
    assert response.get_json()["teams"][0]["total"] == 60


def test_meld_minimum_that_follows_the_cumulative_score(client: FlaskClient) -> None:
    # The Canasta-style ladder of RULES.md: negative 15, from 0 50, from 1500 90, 3000 120.
    house = {"base": "classic",
             "meld_minimum_by_score": [[None, 15], [0, 50], [1500, 90], [3000, 120]]}
    teams: list[dict[str, int]] = [{"score_before": s} for s in (-200, 0, 1499, 1500, 3000)]
    teams.append({})
    response = client.post("/api/v1/score", json={"rules": house, "round": 3, "teams": teams})
    assert response.status_code == 200
    minimums = [team["meld_minimum"] for team in response.get_json()["teams"]]
    # A team with no score yet counts as 0.
    assert minimums == [15, 50, 50, 90, 120, 50]


def test_special_book_bonus_from_a_house_rule(client: FlaskClient) -> None:
    house = {"base": "classic", "special_books": [
        {"id": "sevens", "name": "Book of sevens", "bonus": 1500, "kind": "four_to_seven",
         "rank": "7"}]}
    response = client.post("/api/v1/score", json={
        "rules": house, "round": 1,
        "teams": [{"melded": {"four_to_seven": 7}, "books": {"sevens": 1}}]})
    assert response.status_code == 200
    # Seven sevens = 35, book of sevens 1500: 1535.
    team = response.get_json()["teams"][0]
    assert (team["melded_points"], team["book_points"], team["total"]) == (35, 1500, 1535)
    # Without the house rule there is no such book.
    response = score_one_team(client, "classic",
                              {"melded": {"four_to_seven": 7}, "books": {"sevens": 1}})
    assert fields_of(response) == [(0, "books.sevens")]


def without(rules: dict[str, Any], key: str) -> dict[str, Any]:
    """A copy of ``rules`` lacking ``key``."""
    return {k: v for k, v in rules.items() if k != key}


def changed(rules: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    """A deep copy of ``rules`` with the value at ``path`` replaced."""
    result = copy.deepcopy(rules)
    target: Any = result
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return result


BAD_FULL_RULES = [
    (("decks",), 0, "rules.decks"),
    (("decks",), 21, "rules.decks"),
    (("decks",), "5", "rules.decks"),
    (("decks",), 5.0, "rules.decks"),
    (("decks",), True, "rules.decks"),
    (("decks",), None, "rules.decks"),
    (("hand_size",), -1, "rules.hand_size"),
    (("rounds", 0, "pile_take"), 0, "rules.rounds.0.pile_take"),
    (("rounds", 2, "meld_minimum"), -50, "rules.rounds.2.meld_minimum"),
    (("rounds", 1, "going_out_books", "clean"), "two", "rules.rounds.1.going_out_books.clean"),
    (("rounds", 0, "surprise"), 1, "rules.rounds.0.surprise"),
    (("rounds",), [], "rules.rounds"),
    (("rounds",), "four", "rules.rounds"),
    (("card_values", "joker"), -50, "rules.card_values.joker"),
    (("card_values", "queen"), 10, "rules.card_values.queen"),
    (("books", "clean"), None, "rules.books.clean"),
    (("red_three", "left"), -100, "rules.red_three.left"),
    (("red_three",), 100, "rules.red_three"),
    (("wilds", "wild_melds"), "yes", "rules.wilds.wild_melds"),
    (("wilds", "naturals_per_wild"), 8, "rules.wilds.naturals_per_wild"),
    (("exact_draw_bonus",), -300, "rules.exact_draw_bonus"),
    (("meld_minimum_by_score",), [[None, 50], [None, 90]],
     "rules.meld_minimum_by_score.1.from_score"),
    (("meld_minimum_by_score",), [[0]], "rules.meld_minimum_by_score.0"),
    (("special_books",), [{"id": "clean", "name": "x", "bonus": 1, "kind": "ace"}],
     "rules.special_books.0.id"),
    (("special_books",), [{"id": "jokers", "name": "x", "bonus": 1, "kind": "joker"}],
     "rules.special_books.0.kind"),
    (("bogus",), 1, "rules.bogus"),
    (("id",), "Not An Id", "rules.id"),
    (("name",), "", "rules.name"),
]


@pytest.mark.parametrize(("path", "value", "field"), BAD_FULL_RULES)
def test_a_bad_full_rule_set_is_a_422_naming_the_key(
    client: FlaskClient, path: tuple[str | int, ...], value: object, field: str
) -> None:
    rules = changed(classic_rules(client), path, value)
    for response in (
        score_one_team(client, rules, {}),
        client.post("/api/v1/meld-check", json={"rules": rules, "round": 1, "melds": []}),
    ):
        errors = errors_of(response, 422)
        assert field in [e["field"] for e in errors]
        assert all(e["team"] is None for e in errors)


@pytest.mark.parametrize(("path", "value", "field"), BAD_FULL_RULES)
def test_a_bad_house_rule_is_a_422_naming_the_key(
    client: FlaskClient, path: tuple[str | int, ...], value: object, field: str
) -> None:
    top = path[0]
    house = {"base": "classic", top: changed(classic_rules(client), path, value)[top]}
    errors = errors_of(score_one_team(client, house, {}), 422)
    assert field in [e["field"] for e in errors]


# Keys added later have defaults, so rule sets stored before them still read.
LATER_KEYS = {"black_three", "first_meld_bonus"}


@pytest.mark.parametrize("key", sorted(RULE_KEYS - {"id", "name", "meld_minimum_by_score",
                                                      "special_books", "exact_draw_bonus"}
                                       - LATER_KEYS))
def test_a_full_rule_set_missing_a_key_names_it(client: FlaskClient, key: str) -> None:
    rules = without(classic_rules(client), key)
    assert (None, f"rules.{key}") in fields_of(score_one_team(client, rules, {}))


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        (5, "rules"),
        (None, "rules"),
        (["classic"], "rules"),
        (True, "rules"),
        ({"base": 5}, "rules.base"),
        ({"base": None}, "rules.base"),
        ({"base": "classic", "decks": 0}, "rules.decks"),
        ({"base": "classic", "bogus": 1}, "rules.bogus"),
        ({"base": "pagat", "red_three": {"down": 0}}, "rules.red_three.left"),
        ({"base": "pagat", "books": {"clean": 500, "dirty": 300, "wild": 1500, "mixed_wild": None}},
         "rules.books.wild"),
        ({"base": "pagat", "rounds": [{"meld_minimum": 50, "going_out_bonus": 100,
                                       "going_out_books": {"clean": 0, "dirty": 0, "wild": 1},
                                       "pile_take": 5}]},
         "rules.rounds.0.going_out_books.wild"),
        ({}, "rules.decks"),
    ],
)
def test_rules_that_cannot_be_are_a_422(client: FlaskClient, rules: object, field: str) -> None:
    errors = errors_of(score_one_team(client, rules, {}), 422)
    assert field in [e["field"] for e in errors]
    assert all(e["team"] is None for e in errors)


# A special book id that is a list or an object is named, not a crash (a set lookup).
@pytest.mark.parametrize("book_id", [["sevens"], {"id": "sevens"}])
def test_a_special_book_id_that_is_not_text_is_a_422(
    client: FlaskClient, book_id: object
) -> None:
    house = {"base": "classic", "special_books": [
        {"id": book_id, "name": "Sevens", "bonus": 1500, "kind": "four_to_seven"}]}
    assert (None, "rules.special_books.0.id") in fields_of(score_one_team(client, house, {}))
