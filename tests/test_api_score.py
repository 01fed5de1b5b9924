"""POST /api/v1/score: a round's totals from each team's tally, and every tally refused."""

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.api_answers import errors_of, fields_of

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

SCORE_KEYS = {"name", "melded_points", "book_points", "red_three_points", "going_out_points",
              "bonus_points", "left_points", "total", "meld_minimum"}


def score(client: FlaskClient, rules: object, round_number: int,
          teams: list[dict[str, Any]]) -> TestResponse:
    """POST /api/v1/score."""
    return client.post("/api/v1/score",
                       json={"rules": rules, "round": round_number, "teams": teams})


def scored(client: FlaskClient, rules: object, round_number: int,
           teams: list[dict[str, Any]]) -> dict[str, Any]:
    """The answer of a score request that must succeed, after checking its shape."""
    response = score(client, rules, round_number, teams)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert set(body) == {"round", "teams", "warnings"}
    assert body["round"] == round_number
    assert len(body["teams"]) == len(teams)
    for team in body["teams"]:
        assert set(team) == SCORE_KEYS
        assert team["left_points"] >= 0
        assert team["total"] == (team["melded_points"] + team["book_points"]
                                 + team["red_three_points"] + team["going_out_points"]
                                 + team["bonus_points"] - team["left_points"])
    return body


def parts(team: dict[str, Any]) -> tuple[int, ...]:
    """melded, book, red three, going out, bonus, left, total: one team's breakdown."""
    return (team["melded_points"], team["book_points"], team["red_three_points"],
            team["going_out_points"], team["bonus_points"], team["left_points"], team["total"])


def test_classic_round_one(client: FlaskClient) -> None:
    us = {
        "name": "Us",
        "melded": {"jokers": 4, "twos": 6, "aces": 8, "eight_to_king": 20, "four_to_seven": 14},
        "books": {"clean": 2, "dirty": 2, "wild": 1},
        "red_threes_down": 2,
        "went_out": True,
    }
    them = {
        "name": "Them",
        "melded": {"twos": 1, "aces": 4, "eight_to_king": 22, "four_to_seven": 9},
        "left": {"jokers": 1, "eight_to_king": 8, "four_to_seven": 5, "black_threes": 2},
        "books": {"clean": 1},
        "red_threes_down": 1,
        "red_threes_left": 1,
    }
    body = scored(client, "classic", 1, [us, them])
    first, second = body["teams"]
    # Us, 52 cards on the table: melded 4*50 + 6*20 + 8*20 + 20*10 + 14*5
    # = 200+120+160+200+70 = 750; books 2*500 + 2*300 + 1*1500 = 3100; red threes 2*100 = 200;
    # out 100; total 750 + 3100 + 200 + 100 = 4150.
    assert first["name"] == "Us"
    assert parts(first) == (750, 3100, 200, 100, 0, 0, 4150)
    # Them, 36 cards on the table, 16 left and a red three caught: melded
    # 20 + 4*20 + 22*10 + 9*5 = 365; book 500; red threes 100 - 100 = 0;
    # left 50 + 8*10 + 5*5 + 2*5 = 165; total 365 + 500 + 0 - 165 = 700.
    assert second["name"] == "Them"
    assert parts(second) == (365, 500, 0, 0, 0, 165, 700)
    assert first["meld_minimum"] == second["meld_minimum"] == 50
    assert body["warnings"] == []


def test_pagat_round_two_with_points_and_exact_draw(client: FlaskClient) -> None:
    out = {
        "melded": {"jokers": 2, "twos": 2, "aces": 6, "eight_to_king": 14, "four_to_seven": 10},
        "books": {"clean": 2, "dirty": 2},
        "red_threes_down": 1,
        "exact_draws": 1,
        "went_out": True,
    }
    piles = {"melded": {"points": 235}, "left": {"points": 85}, "red_threes_left": 1}
    body = scored(client, "pagat", 2, [out, piles])
    first, second = body["teams"]
    # Out: melded 2*50 + 2*20 + 6*20 + 14*10 + 10*5 = 100+40+120+140+50 = 450;
    # books 2*500 + 2*300 = 1600; a red three down is worth 0 in pagat; out 100;
    # exact draw 300; total 450 + 1600 + 100 + 300 = 2450.
    assert parts(first) == (450, 1600, 0, 100, 300, 0, 2450)
    # Piles: 235 melded; one red three caught -300; 85 left; total 235 - 300 - 85 = -150.
    assert parts(second) == (235, 0, -300, 0, 0, 85, -150)
    assert first["name"] is None
    assert first["meld_minimum"] == second["meld_minimum"] == 90


def test_italian_round_four_with_three_teams(client: FlaskClient) -> None:
    out = {
        "melded": {"twos": 3, "aces": 4, "eight_to_king": 7},
        "books": {"clean": 1, "dirty": 1},
        "red_threes_down": 1,
        "went_out": True,
    }
    caught = {
        "melded": {"eight_to_king": 3},
        "left": {"aces": 1, "four_to_seven": 3, "black_threes": 1},
        "red_threes_left": 2,
    }
    body = scored(client, "italian", 4, [out, caught, {}])
    first, second, third = body["teams"]
    # Out: melded 3*20 + 4*20 + 7*10 = 60+80+70 = 210 (11 naturals: 7 clean + 4 in the
    # dirty book, italian's fewest); books 500 + 300 = 800; red three down 0; out 100;
    # total 210 + 800 + 100 = 1110.
    assert parts(first) == (210, 800, 0, 100, 0, 0, 1110)
    # Caught: melded 3*10 = 30; left 20 + 3*5 + 5 = 40; two red threes at 5 each -10;
    # total 30 - 10 - 40 = -20.
    assert parts(second) == (30, 0, -10, 0, 0, 40, -20)
    # An empty tally: every missing key is 0.
    assert parts(third) == (0, 0, 0, 0, 0, 0, 0)
    assert {team["meld_minimum"] for team in body["teams"]} == {150}


@pytest.mark.parametrize(("round_number", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
@pytest.mark.parametrize("rules_id", ["classic", "pagat", "italian"])
def test_meld_minimum_follows_the_round(
    client: FlaskClient, rules_id: str, round_number: int, minimum: int
) -> None:
    body = scored(client, rules_id, round_number, [{}])
    assert body["teams"][0]["meld_minimum"] == minimum


def test_warning_when_nobody_went_out(client: FlaskClient) -> None:
    body = scored(client, "classic", 1, [{"melded": {"aces": 3}}, {"left": {"aces": 3}}])
    [warning] = [each for each in body["warnings"] if each["field"] == "went_out"]
    assert warning["team"] is None and "went out" in warning["message"]
    assert [team["going_out_points"] for team in body["teams"]] == [0, 0]
    # Both teams count the cards left: 3 aces = 60 either way.
    assert [team["total"] for team in body["teams"]] == [60, -60]


@pytest.mark.parametrize(
    ("tally", "melded", "left"),
    [
        ({"melded": {"points": 0}}, 0, 0),
        ({"melded": {"points": 5}}, 5, 0),
        ({"melded": {"points": 1235}, "left": {"points": 45}}, 1235, 45),
        ({"left": {"points": 5}}, 0, 5),
        # Points on the table and cards counted left, or the other way round.
        ({"melded": {"points": 100}, "left": {"jokers": 1}}, 100, 50),
        ({"melded": {"aces": 1}, "left": {"points": 15}}, 20, 15),
        # A clean book holds at least 7 * 5 = 35 points of cards.
        ({"melded": {"points": 35}, "books": {"clean": 1}}, 35, 0),
    ],
)
def test_points_mode_tallies(
    client: FlaskClient, tally: dict[str, Any], melded: int, left: int
) -> None:
    [team] = scored(client, "classic", 1, [tally])["teams"]
    assert (team["melded_points"], team["left_points"]) == (melded, left)


@pytest.mark.parametrize(
    ("tally", "field"),
    [
        ({"melded": {"points": 7}}, "melded.points"),
        ({"melded": {"points": 3}}, "melded.points"),
        ({"melded": {"points": -5}}, "melded.points"),
        ({"melded": {"points": 5.0}}, "melded.points"),
        ({"melded": {"points": "5"}}, "melded.points"),
        ({"melded": {"points": None}}, "melded.points"),
        ({"melded": {"points": 5}, "left": {"points": 7}}, "left.points"),
        ({"left": {"points": -10}}, "left.points"),
        ({"melded": {"points": 5, "aces": 1}}, "melded.aces"),
        ({"melded": {"points": 30}, "books": {"clean": 1}}, "melded.points"),
        # More than five decks of cards can hold: 10 jokers + 20 twos + ... is far below.
        ({"melded": {"points": 1_000_000}}, "melded.points"),
    ],
)
def test_points_mode_refuses_what_no_cards_make(
    client: FlaskClient, tally: dict[str, Any], field: str
) -> None:
    assert fields_of(score(client, "classic", 1, [{}, tally])) == [(1, field)]


@pytest.mark.parametrize(
    "tally",
    [
        {"left": {"points": 7}},
        {"melded": {"aces": 3}, "left": {"points": 7}},
        {"left": {"points": 10_000_000}},
    ],
)
def test_left_points_no_cards_make_are_refused_beside_counted_melds(
    client: FlaskClient, tally: dict[str, Any]
) -> None:
    assert fields_of(score(client, "classic", 1, [{}, tally])) == [(1, "left.points")]


@pytest.mark.parametrize(
    ("tally", "field"),
    [
        ({"meldd": {"aces": 3}}, "meldd"),
        ({"went out": True}, "went out"),
        ({"melded": {"kings": 3}}, "melded.kings"),
        ({"melded": {"aces": 3, "red_threes": 1}}, "melded.red_threes"),
        ({"left": {"red_threes": 1}}, "left.red_threes"),
        ({"left": {"points": 5, "aces": 1}}, "left.aces"),
        ({"books": {"sevens": 1}}, "books.sevens"),
        ({"books": {"two words": 1}}, "books.two words"),
    ],
)
def test_unknown_tally_key_is_named_with_its_team(
    client: FlaskClient, tally: dict[str, Any], field: str
) -> None:
    assert fields_of(score(client, "classic", 1, [{}, tally])) == [(1, field)]


@pytest.mark.parametrize(
    ("tally", "field"),
    [
        ({"melded": {"aces": -1}}, "melded.aces"),
        ({"melded": {"aces": 1.5}}, "melded.aces"),
        ({"melded": {"aces": 2.0}}, "melded.aces"),
        ({"melded": {"aces": True}}, "melded.aces"),
        ({"melded": {"aces": "3"}}, "melded.aces"),
        ({"melded": {"aces": None}}, "melded.aces"),
        ({"melded": {"aces": 10**30}}, "melded.aces"),
        ({"left": {"black_threes": -2}}, "left.black_threes"),
        ({"melded": [3, 0, 0]}, "melded"),
        ({"left": 60}, "left"),
        ({"books": [1, 1]}, "books"),
        ({"books": {"clean": -1}}, "books.clean"),
        ({"books": {"wild": "one"}}, "books.wild"),
        ({"red_threes_down": -1}, "red_threes_down"),
        ({"red_threes_left": 1.0}, "red_threes_left"),
        ({"went_out": "yes"}, "went_out"),
        ({"went_out": 1}, "went_out"),
        ({"went_out": None}, "went_out"),
        ({"exact_draws": 1}, "exact_draws"),
        ({"name": 5}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"score_before": "0"}, "score_before"),
        ({"score_before": 1.5}, "score_before"),
        ("team", "team"),
        (None, "team"),
        ([], "team"),
    ],
)
def test_a_count_of_the_wrong_kind_is_named_with_its_team(
    client: FlaskClient, tally: object, field: str
) -> None:
    response = client.post("/api/v1/score",
                           json={"rules": "classic", "round": 1, "teams": [{}, tally]})
    assert fields_of(response) == [(1, field)]


def test_every_problem_of_every_team_is_listed(client: FlaskClient) -> None:
    teams = [{"melded": {"aces": -1}, "went_out": "yes"}, {}, {"left": {"twos": "2"}}]
    assert sorted(fields_of(score(client, "classic", 1, teams)), key=str) == sorted(
        [(0, "melded.aces"), (0, "went_out"), (2, "left.twos")], key=str)


def test_names_up_to_a_hundred_characters_are_echoed(client: FlaskClient) -> None:
    names = ["Kate & Bob", "x" * 100, "Ólafur / 王"]
    body = scored(client, "classic", 1, [{"name": name} for name in names])
    assert [team["name"] for team in body["teams"]] == names


def test_two_teams_going_out_is_refused_on_the_second(client: FlaskClient) -> None:
    # 14 cards for 2 books: a clean book of 7 eight-to-kings, a dirty one of 4 aces and 3 twos
    out = {"melded": {"twos": 3, "aces": 4, "eight_to_king": 7},
           "books": {"clean": 1, "dirty": 1}, "went_out": True}
    assert [w for w in scored(client, "italian", 1, [out, {}])["warnings"]
            if w["field"] == "went_out"] == []
    assert fields_of(score(client, "italian", 1, [out, {"went_out": True}])) == [
        (1, "went_out")]
    assert fields_of(score(client, "italian", 1, [out, {}, {"went_out": True},
                                                  {"went_out": True}])) == [
        (2, "went_out"), (3, "went_out")]


@pytest.mark.parametrize(
    ("rules_id", "round_number", "missing"),
    [
        ("classic", 1, ["books.clean", "books.dirty", "books.wild"]),
        ("pagat", 3, ["books.clean", "books.dirty"]),
        ("italian", 4, ["books.clean", "books.dirty"]),
    ],
)
def test_going_out_without_the_books_is_refused(
    client: FlaskClient, rules_id: str, round_number: int, missing: list[str]
) -> None:
    response = score(client, rules_id, round_number, [{}, {"went_out": True}])
    assert fields_of(response) == [(1, field) for field in missing]


def test_going_out_one_book_short_names_that_book(client: FlaskClient) -> None:
    # Classic needs 2 clean + 2 dirty + 1 wild; this team has one dirty book too few.
    # Its 4 books hold 28 cards: 19 aces, 8 jokers and a two.
    short = {"melded": {"jokers": 8, "twos": 1, "aces": 19},
             "books": {"clean": 2, "dirty": 1, "wild": 1}, "went_out": True}
    [error] = errors_of(score(client, "classic", 1, [short]), 422)
    assert (error["team"], error["field"]) == (0, "books.dirty")
    assert error["message"] == "going out in round 1 needs 1 more dirty book (2 in all)"


def test_the_books_going_out_lacks_are_counted_in_the_message(client: FlaskClient) -> None:
    """The number the message says is the one it counts: "1 more ... book", never "1 more
    are missing"."""
    messages = [error["message"] for error in errors_of(
        score(client, "classic", 1, [{"melded": {"aces": 7}, "books": {"clean": 1},
                                      "went_out": True}]), 422)]
    assert messages == ["going out in round 1 needs 1 more clean book (2 in all)",
                        "going out in round 1 needs 2 more dirty books (2 in all)",
                        "going out in round 1 needs 1 more wild book (1 in all)"]


@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        # Pagat's four decks hold 8 jokers: 5 left by the first team, 4 melded by the second.
        ([{"left": {"jokers": 5}}, {"melded": {"jokers": 4}}], (1, "melded.jokers")),
        ([{"melded": {"jokers": 4}}, {"left": {"jokers": 4}}, {"left": {"jokers": 1}}],
         (2, "left.jokers")),
        # ... 8 red threes, laid down or caught.
        ([{"red_threes_left": 5}, {"red_threes_down": 4}], (1, "red_threes_down")),
        # ... 16 aces, 96 cards 8 to King, 64 cards 4 to 7, 8 black threes, 16 twos.
        ([{"melded": {"aces": 17}}], (0, "melded.aces")),
        ([{"left": {"eight_to_king": 50}}, {"left": {"eight_to_king": 47}}],
         (1, "left.eight_to_king")),
        ([{"left": {"four_to_seven": 65}}], (0, "left.four_to_seven")),
        ([{"left": {"black_threes": 4}}, {"left": {"black_threes": 5}}],
         (1, "left.black_threes")),
        ([{"left": {"twos": 9}}, {"left": {"twos": 8}}], (1, "left.twos")),
    ],
)
def test_more_cards_than_the_decks_hold_across_teams(
    client: FlaskClient, teams: list[dict[str, Any]], expected: tuple[int, str]
) -> None:
    assert fields_of(score(client, "pagat", 1, teams)) == [expected]


def test_exactly_the_whole_supply_is_accepted(client: FlaskClient) -> None:
    # Pagat: 8 jokers, 16 twos, 16 aces, 8 black threes, 8 red threes in all.
    teams = [
        {"left": {"jokers": 3, "twos": 10, "aces": 6, "black_threes": 8}, "red_threes_left": 8},
        {"left": {"jokers": 5, "twos": 6, "aces": 10}},
    ]
    body = scored(client, "pagat", 1, teams)
    # 3*50 + 10*20 + 6*20 + 8*5 = 150+200+120+40 = 510 left; 8 red threes caught -2400.
    assert parts(body["teams"][0]) == (0, 0, -2400, 0, 0, 510, -2910)
    # 5*50 + 6*20 + 10*20 = 250+120+200 = 570 left.
    assert parts(body["teams"][1]) == (0, 0, 0, 0, 0, 570, -570)


@pytest.mark.parametrize(
    ("rules_id", "tally", "field"),
    [
        ("pagat", {"melded": {"jokers": 7}, "books": {"wild": 1}}, "books.wild"),
        ("italian", {"melded": {"jokers": 7}, "books": {"wild": 1}}, "books.wild"),
        ("classic", {"melded": {"jokers": 6}, "books": {"wild": 1}}, "books.wild"),
        ("classic", {"melded": {"aces": 6}, "books": {"clean": 1}}, "books.clean"),
        # A dirty book needs a wild card ...
        ("classic", {"melded": {"aces": 7}, "books": {"dirty": 1}}, "books.dirty"),
        # ... and, in italian, 4 naturals; classic and pagat need 5.
        ("classic", {"melded": {"twos": 3, "aces": 4}, "books": {"dirty": 1}}, "books.dirty"),
        ("classic", {"melded": {"aces": 3}, "melded_points": 60}, "melded_points"),
        ("classic", {"melded": {"black_threes": 1}}, "melded.black_threes"),
        ("classic", {"exact_draws": 1}, "exact_draws"),
        ("pagat", {"exact_draws": 7}, "exact_draws"),
    ],
)
def test_a_tally_the_rules_make_impossible(
    client: FlaskClient, rules_id: str, tally: dict[str, Any], field: str
) -> None:
    assert fields_of(score(client, rules_id, 1, [tally])) == [(0, field)]


def test_italian_dirty_book_with_four_naturals(client: FlaskClient) -> None:
    [team] = scored(client, "italian", 1,
                    [{"melded": {"twos": 3, "aces": 4}, "books": {"dirty": 1}}])["teams"]
    # 3*20 + 4*20 = 140 on the table, dirty book 300: 440.
    assert parts(team) == (140, 300, 0, 0, 0, 0, 440)


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"round": 1, "teams": [{}]}, ["rules"]),
        ({"rules": "classic", "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": 1}, ["teams"]),
        ({}, ["rules", "round", "teams"]),
        ({"rules": "classic", "round": 1, "teams": [{}], "melds": []}, ["melds"]),
        ({"rules": "classic", "round": 0, "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": 5, "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": "1", "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": 1.0, "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": True, "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": None, "teams": [{}]}, ["round"]),
        ({"rules": "classic", "round": 1, "teams": []}, ["teams"]),
        ({"rules": "classic", "round": 1, "teams": [{}] * 7}, ["teams"]),
        ({"rules": "classic", "round": 1, "teams": {"0": {}}}, ["teams"]),
        ({"rules": "classic", "round": 1, "teams": None}, ["teams"]),
    ],
)
def test_a_body_missing_or_misnaming_a_key(
    client: FlaskClient, body: dict[str, Any], fields: list[str]
) -> None:
    response = client.post("/api/v1/score", json=body)
    assert fields_of(response) == [(None, field) for field in fields]


@pytest.mark.parametrize("body", ["[]", "null", '"classic"', "5", '[{"rules": "classic"}]'])
@pytest.mark.parametrize("path", ["/api/v1/score", "/api/v1/meld-check"])
def test_a_body_that_is_not_an_object_is_a_422(client: FlaskClient, path: str, body: str) -> None:
    response = client.post(path, data=body, content_type="application/json")
    assert fields_of(response) == [(None, "body")]


@pytest.mark.parametrize(
    ("data", "content_type", "status"),
    [
        ("{", "application/json", 400),
        ('{"rules": "classic",}', "application/json", 400),
        ("", "application/json", 400),
        (b"\xff\xfe{}", "application/json", 400),
        ("[" * 100_000, "application/json", 400),
        ('{"rules": "classic", "round": 1, "teams": [{}]}', "text/plain", 415),
        ('{"rules": "classic", "round": 1, "teams": [{}]}', "application/x-www-form-urlencoded",
         415),
        ('{"rules": "classic", "round": 1, "teams": [{}]}', "application/jsonp", 415),
        ('{"rules": "classic", "round": 1, "teams": [{}]}', None, 415),
    ],
)
@pytest.mark.parametrize("path", ["/api/v1/score", "/api/v1/meld-check"])
def test_a_body_that_is_not_json(
    client: FlaskClient, path: str, data: str | bytes, content_type: str | None, status: int
) -> None:
    response = client.post(path, data=data, content_type=content_type)
    assert fields_of(response, status) == [(None, None)]


def test_a_form_post_is_a_415(client: FlaskClient) -> None:
    response = client.post("/api/v1/score", data={"rules": "classic"})
    assert fields_of(response, 415) == [(None, None)]


def test_json_with_a_charset_parameter_is_json(client: FlaskClient) -> None:
    response = client.post("/api/v1/score",
                           data='{"rules": "classic", "round": 1, "teams": [{}]}',
                           content_type="application/json; charset=utf-8")
    assert response.status_code == 200


def test_score_is_post_only(client: FlaskClient) -> None:
    response = client.get("/api/v1/score")
    assert fields_of(response, 405) == [(None, None)]
    assert set(response.headers["Allow"].split(", ")) == {"OPTIONS", "POST"}


# Bonuses are bounded, so no total grows past the 4300 digits Python turns into text.
@pytest.mark.parametrize(
    ("changes", "team"),
    [
        ({"red_three": {"down": int("9" * 4300), "left": 100}}, {"red_threes_down": 2}),
        ({"red_three": {"down": 100, "left": int("9" * 4300)}}, {"red_threes_left": 2}),
        ({"exact_draw_bonus": int("9" * 4300)}, {"exact_draws": 2}),
    ],
)
def test_an_absurd_bonus_is_refused_not_a_crash(
    client: FlaskClient, changes: dict[str, Any], team: dict[str, Any]
) -> None:
    response = score(client, {"base": "classic", **changes}, 1, [team])
    assert response.status_code == 422


# House rules other scorekeepers play (issue 13), each round worked out by hand.

HOUSE_13 = {
    "base": "classic",
    "red_three": {"down": 100, "left": 100, "down_when_not_out": 50},
    "black_three": {"meld_when_going_out": True},
    "books": {"clean": 500, "dirty": 300, "wild": 1500, "mixed_wild": 1000},
    "card_values": {"joker": 50, "two": 20, "ace": 20, "eight_to_king": 10,
                    "four_to_seven": 5, "black_three": 5, "by_rank": {"9": 5, "8": 5}},
    "special_books": [{"id": "sevens", "name": "Book of sevens", "bonus": 1000,
                       "kind": "four_to_seven", "rank": "7"},
                      {"id": "nines", "name": "Book of nines", "bonus": 600}],
    "rounds": [{"meld_minimum": m, "going_out_bonus": 100, "pile_take": 7,
                "going_out_books": {"clean": 1, "dirty": 1, "wild": 0, "sevens": 1}}
               for m in (50, 90, 120, 150)],
    "first_meld_bonus": 100,
}
US_13 = {"name": "Us", "went_out": True, "first_meld": True, "red_threes_down": 2,
         "melded": {"by_rank": {"JK": 3, "2": 6, "A": 7, "7": 7, "9": 5, "3": 3}},
         "books": {"clean": 1, "dirty": 1, "mixed_wild": 1, "sevens": 1}}
THEM_13 = {"name": "Them", "red_threes_down": 3, "red_threes_left": 1,
           "melded": {"by_rank": {"K": 7, "8-9": 6, "4-6": 3, "JK": 1, "2": 1}},
           "left": {"by_rank": {"Q": 2, "8": 1, "3": 1, "JK": 1}}, "books": {"clean": 1}}


def test_a_round_under_every_house_rule_of_issue_13(client: FlaskClient) -> None:
    us, them = scored(client, HOUSE_13, 1, [US_13, THEM_13])["teams"]
    # Us: 3×50 + 6×20 + 7×20 + 7×5 + 5×5 (nines at 5) + 3×5 (black threes melded) = 485;
    # 500 + 300 + 1000 mixed wild + 1000 sevens = 2800; 2 red threes × 100 = 200; out 100;
    # first meld 100: 485 + 2800 + 200 + 100 + 100 = 3685
    assert parts(us) == (485, 2800, 200, 100, 100, 0, 3685)
    # Them: 7×10 + 6×5 + 3×5 + 50 + 20 = 185; 500; 3 × 50 (not out) − 100 = 50;
    # left 2×10 + 5 + 5 + 50 = 80: 185 + 500 + 50 − 80 = 655
    assert parts(them) == (185, 500, 50, 0, 0, 80, 655)


def test_a_book_of_no_kind_and_a_book_past_seven_cards(client: FlaskClient) -> None:
    team = {"melded": {"eight_to_king": 9}, "books": {"nines": 1}}
    rules = {"base": "classic", "special_books": [{"id": "nines", "name": "Nines",
                                                   "bonus": 600}]}
    [only] = scored(client, rules, 1, [team])["teams"]
    assert (only["melded_points"], only["book_points"]) == (90, 600)  # 9 × 10; one bonus


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda t: t[1]["melded"]["by_rank"].update({"3": 2}), (1, "melded.black_threes")),
        (lambda t: t[1].update(first_meld=True), (1, "first_meld")),
        (lambda t: t[1].update(melded={"eight_to_king": 7}), (1, "melded.eight_to_king")),
        (lambda t: t[1]["left"]["by_rank"].update({"8-10": 1}), (1, "left.by_rank.8-10")),
        (lambda t: t[1]["left"]["by_rank"].update({"4-9": 1}), (1, "left.by_rank.4-9")),
        (lambda t: t[1]["left"]["by_rank"].update({"X": 1}), (1, "left.by_rank.X")),
        (lambda t: t[0]["books"].pop("sevens"), (0, "books.sevens")),
        (lambda t: t[0]["books"].update(mixed_wild=0, wild=1), (0, "books.wild")),
        (lambda t: t[0].update(first_meld="yes"), (0, "first_meld")),
    ],
)
def test_each_house_rule_refusal_names_team_and_field(
        client: FlaskClient, change: Any, field: tuple[int, str]) -> None:
    import copy
    teams = copy.deepcopy([US_13, THEM_13])
    change(teams)
    assert field in fields_of(score(client, HOUSE_13, 1, teams))


@pytest.mark.parametrize(
    ("rules", "team", "field"),
    [
        ("classic", {"books": {"mixed_wild": 1}, "melded": {"jokers": 1, "twos": 6}},
         (0, "books.mixed_wild")),
        ("classic", {"first_meld": True}, (0, "first_meld")),
        ("classic", {"melded": {"black_threes": 3}, "went_out": True}, (0, "melded.black_threes")),
    ],
)
def test_house_rule_tally_keys_are_refused_where_the_rules_lack_them(
        client: FlaskClient, rules: str, team: dict[str, Any], field: tuple[int, str]) -> None:
    assert field in fields_of(score(client, rules, 1, [team]))


def test_twenty_one_special_books_are_refused(client: FlaskClient) -> None:
    books = [{"id": f"b{n}", "name": f"Book {n}", "bonus": 100} for n in range(21)]
    response = score(client, {"base": "classic", "special_books": books}, 1, [{}])
    assert (None, "rules.special_books") in fields_of(response)
