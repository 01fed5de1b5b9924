"""POST /api/v1/meld-check: each meld's kind, points and problems, and the opening minimum."""

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.api_answers import errors_of

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

MELD_KEYS = {"cards", "kind", "points", "valid", "problems"}


def fields_of(response: TestResponse, status: int = 422) -> list[str | None]:
    """Each error's field, after checking the answer is an error of ``status`` for no team."""
    errors = errors_of(response, status)
    assert all(error["team"] is None for error in errors)
    return [error["field"] for error in errors]


def check(client: FlaskClient, rules: object, round_number: int, melds: object,
          **extra: object) -> TestResponse:
    """POST /api/v1/meld-check."""
    return client.post("/api/v1/meld-check",
                       json={"rules": rules, "round": round_number, "melds": melds, **extra})


def checked(client: FlaskClient, rules: object, round_number: int, melds: list[list[str]],
            **extra: object) -> dict[str, Any]:
    """The answer of a meld check that must succeed, after checking its shape."""
    response = check(client, rules, round_number, melds, **extra)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert {"valid", "points", "meld_minimum", "meets_minimum", "melds"} <= set(body)
    assert len(body["melds"]) == len(melds)
    for meld in body["melds"]:
        assert MELD_KEYS <= set(meld)
        assert meld["valid"] == (meld["problems"] == [])
        assert all(isinstance(problem, str) and problem for problem in meld["problems"])
    assert body["points"] == sum(meld["points"] for meld in body["melds"])
    assert body["valid"] == (bool(melds) and all(meld["valid"] for meld in body["melds"]))
    assert body["meets_minimum"] == (body["valid"] and body["points"] >= body["meld_minimum"])
    return body


def only_meld(client: FlaskClient, rules: object, cards: list[str]) -> dict[str, Any]:
    """The judgement of a single meld in round 1."""
    [meld] = checked(client, rules, 1, [cards])["melds"]
    return meld


@pytest.mark.parametrize(
    ("rules_id", "cards", "kind", "points", "valid"),
    [
        # K K K = 30, joker 50: one wild on three naturals is fine everywhere but italian.
        ("classic", ["K", "K", "K", "JK"], "dirty", 80, True),
        ("pagat", ["K", "K", "K", "JK"], "dirty", 80, True),
        ("italian", ["K", "K", "K", "JK"], "dirty", 80, False),
        # Italian: a wild card needs four naturals; then any number of wilds: 40 + 20 = 60.
        ("italian", ["K", "K", "K", "K", "2"], "dirty", 60, True),
        ("italian", ["K", "K", "K", "K", "2", "2", "2"], "dirty", 100, True),
        # Classic and pagat: two naturals per wild, so 4 naturals carry at most 2 wilds.
        ("classic", ["K", "K", "K", "K", "2", "2", "2"], "dirty", 100, False),
        ("classic", ["K", "K", "K", "K", "K", "2", "2"], "dirty", 90, True),
        ("pagat", ["K", "K", "K", "K", "K", "2", "2"], "dirty", 90, True),
        # Pagat: at most two wilds, whatever the naturals (8 naturals would be too many cards,
        # so six naturals and three wilds in a meld of nine makes two problems).
        ("pagat", ["A", "A", "A", "A", "A", "A", "2", "2", "2"], "dirty", 180, False),
        # Wild cards only: a wild meld in classic, never in pagat or italian. 50 + 20 + 20.
        ("classic", ["JK", "2", "2"], "wild", 90, True),
        ("pagat", ["JK", "2", "2"], "wild", 90, False),
        ("italian", ["JK", "2", "2"], "wild", 90, False),
        # Clean melds and books: 7 aces = 140; 4-5-6-7 are 5 each, 8 to King 10.
        ("classic", ["A"] * 7, "clean", 140, True),
        ("pagat", ["7", "7", "7"], "clean", 15, True),
        ("italian", ["8", "8", "8", "8"], "clean", 40, True),
        ("classic", ["JK"] * 7, "wild", 350, True),
    ],
)
def test_kind_points_and_validity_of_one_meld(
    client: FlaskClient, rules_id: str, cards: list[str], kind: str, points: int, valid: bool
) -> None:
    meld = only_meld(client, rules_id, cards)
    assert (meld["kind"], meld["points"], meld["valid"]) == (kind, points, valid)
    assert meld["cards"] == cards
    assert meld.get("book", len(cards) >= 7) == (len(cards) >= 7)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (["K", "K"], "3 to 7 cards"),
        (["K"] * 21, "5 decks hold only 20"),
        ([], "3 to 7 cards"),
        (["K", "K", "Q"], "one rank"),
        (["3", "3", "3"], "threes"),
        (["3", "3", "3", "2"], "threes"),
    ],
)
def test_a_meld_that_breaks_the_rules_says_why(
    client: FlaskClient, cards: list[str], words: str
) -> None:
    meld = only_meld(client, "classic", cards)
    assert meld["valid"] is False
    assert any(words in problem for problem in meld["problems"])


def test_pagat_names_its_limit_of_two_wilds(client: FlaskClient) -> None:
    meld = only_meld(client, "pagat", ["A"] * 6 + ["2", "2", "JK"])
    assert any("wild cards in a meld: at most 2," in problem for problem in meld["problems"])


MELDS_BY_PRESET = {
    # 3 aces = 60; K K K 2 = 30 + 20 = 50; together 110.
    "classic": ([["A", "A", "A"], ["K", "K", "K", "2"]], 110),
    "pagat": ([["A", "A", "A"], ["K", "K", "K", "2"]], 110),
    # Italian wants four naturals beside a wild: 60 + 40 + 20 = 120.
    "italian": ([["A", "A", "A"], ["K", "K", "K", "K", "2"]], 120),
}


@pytest.mark.parametrize(
    ("rules_id", "round_number", "minimum", "meets"),
    [
        ("classic", 1, 50, True), ("classic", 2, 90, True),
        ("classic", 3, 120, False), ("classic", 4, 150, False),
        ("pagat", 1, 50, True), ("pagat", 2, 90, True),
        ("pagat", 3, 120, False), ("pagat", 4, 150, False),
        # 120 meets a minimum of exactly 120.
        ("italian", 1, 50, True), ("italian", 2, 90, True),
        ("italian", 3, 120, True), ("italian", 4, 150, False),
    ],
)
def test_meets_minimum_by_round(
    client: FlaskClient, rules_id: str, round_number: int, minimum: int, meets: bool
) -> None:
    melds, points = MELDS_BY_PRESET[rules_id]
    body = checked(client, rules_id, round_number, melds)
    assert body["valid"] is True
    assert (body["points"], body["meld_minimum"], body["meets_minimum"]) == (
        points, minimum, meets)


def test_an_illegal_meld_never_meets_the_minimum(client: FlaskClient) -> None:
    # 3 aces = 60 and K Q J = 30: 90 points, but K Q J is no meld.
    body = checked(client, "classic", 1, [["A", "A", "A"], ["K", "Q", "J"]])
    assert (body["points"], body["valid"], body["meets_minimum"]) == (90, False, False)
    assert [meld["valid"] for meld in body["melds"]] == [True, False]


def test_no_melds_is_no_opening(client: FlaskClient) -> None:
    body = checked(client, "classic", 1, [])
    assert (body["points"], body["valid"], body["meets_minimum"]) == (0, False, False)


def test_a_house_minimum_by_round(client: FlaskClient) -> None:
    rounds = client.get("/api/v1/rules/classic").get_json()["rounds"]
    for game_round, minimum in zip(rounds, (90, 120, 150, 180)):
        game_round["meld_minimum"] = minimum
    house = {"base": "classic", "rounds": rounds}
    melds, _ = MELDS_BY_PRESET["classic"]
    # 110 points: enough for 90 in round 1, short of 120 in round 2.
    assert checked(client, house, 1, melds)["meets_minimum"] is True
    body = checked(client, house, 2, melds)
    assert (body["meld_minimum"], body["meets_minimum"]) == (120, False)


@pytest.mark.parametrize(
    ("score_before", "minimum"),
    [(None, 50), (-5, 15), (0, 50), (14_999, 50), (15_000, 90), (30_000, 120),
     (49_999, 120), (50_000, 150), (10**12, 150)],
)
def test_a_minimum_that_follows_the_cumulative_score(
    client: FlaskClient, score_before: int | None, minimum: int
) -> None:
    house = {"base": "classic", "meld_minimum_by_score": [
        [None, 15], [0, 50], [15_000, 90], [30_000, 120], [50_000, 150]]}
    extra = {} if score_before is None else {"score_before": score_before}
    melds, points = MELDS_BY_PRESET["classic"]
    # The round no longer matters: round 4 asks the same as round 1.
    for round_number in (1, 4):
        body = checked(client, house, round_number, melds, **extra)
        assert body["meld_minimum"] == minimum
        assert body["meets_minimum"] is (points >= minimum)


def test_a_house_rule_allowing_wild_melds_in_pagat(client: FlaskClient) -> None:
    house = {"base": "pagat", "wilds": {"naturals_per_wild": 2, "max_per_meld": 3,
                                        "min_naturals_with_wild": 0, "wild_melds": True}}
    assert only_meld(client, house, ["JK", "2", "2"])["valid"] is True
    assert only_meld(client, "pagat", ["JK", "2", "2"])["valid"] is False


def test_a_full_rule_set_with_new_card_values(client: FlaskClient) -> None:
    rules = client.get("/api/v1/rules/italian").get_json()
    rules["card_values"]["eight_to_king"] = 15
    # 4 kings at 15 = 60, a two 20: 80.
    assert only_meld(client, rules, ["K", "K", "K", "K", "2"])["points"] == 80
    assert only_meld(client, "italian", ["K", "K", "K", "K", "2"])["points"] == 60


@pytest.mark.parametrize(
    ("spelled", "rank"),
    [
        ("t", "10"), ("T", "10"), ("10", "10"),
        ("jk", "JK"), ("JK", "JK"), ("Jk", "JK"), ("joker", "JK"), ("JOKER", "JK"),
        ("Joker", "JK"), ("jOkEr", "JK"),
        ("a", "A"), ("k", "K"), ("q", "Q"), ("j", "J"), ("9", "9"), ("4", "4"), ("2", "2"),
    ],
)
def test_card_spellings(client: FlaskClient, spelled: str, rank: str) -> None:
    meld = only_meld(client, "classic", [spelled, spelled, spelled])
    assert meld["cards"] == [rank, rank, rank]


def test_mixed_spellings_of_one_rank_make_one_meld(client: FlaskClient) -> None:
    meld = only_meld(client, "classic", ["t", "T", "10", "joker"])
    # Three tens = 30, a joker 50.
    assert (meld["cards"], meld["kind"], meld["points"], meld["valid"]) == (
        ["10", "10", "10", "JK"], "dirty", 80, True)
    meld = only_meld(client, "classic", ["q", "Q", "q", "jk", "2"])
    assert meld["valid"] is False  # 3 naturals cannot carry 2 wilds at 2 naturals per wild


@pytest.mark.parametrize(
    ("melds", "fields"),
    [
        ([["K", "K", "K"], ["Q", "X", "Q"]], ["melds.1.1"]),
        ([["1", "K", "K"], ["K", "11", "ten"]], ["melds.0.0", "melds.1.1", "melds.1.2"]),
        ([["", "K", "K"]], ["melds.0.0"]),
        ([["K", "K", "JKR"]], ["melds.0.2"]),
        ([["A", "A", "0"]], ["melds.0.2"]),
        ([["A", "A", "1"]], ["melds.0.2"]),
        ([["A", "A", "11"]], ["melds.0.2"]),
        ([["A", "A", "AA"]], ["melds.0.2"]),
        ([["A", "A", "♠A"]], ["melds.0.2"]),
        ([[], ["A", "A", "Z"]], ["melds.1.2"]),
    ],
)
def test_an_unknown_card_is_a_422_naming_its_place(
    client: FlaskClient, melds: list[list[str]], fields: list[str]
) -> None:
    assert fields_of(check(client, "classic", 1, melds)) == fields


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"rules": "classic", "round": 1}, ["melds"]),
        ({"round": 1, "melds": []}, ["rules"]),
        ({"rules": "classic", "melds": []}, ["round"]),
        ({"rules": "classic", "round": 1, "melds": [], "meld": []}, ["meld"]),
        ({"rules": "classic", "round": 1, "melds": [], "teams": []}, ["teams"]),
        ({"rules": "classic", "round": 0, "melds": []}, ["round"]),
        ({"rules": "pagat", "round": 5, "melds": []}, ["round"]),
        ({"rules": "classic", "round": "2", "melds": []}, ["round"]),
        ({"rules": "classic", "round": False, "melds": []}, ["round"]),
        ({"rules": "classic", "round": 1, "melds": "K K K"}, ["melds"]),
        ({"rules": "classic", "round": 1, "melds": ["K", "K", "K"]}, ["melds"]),
        ({"rules": "classic", "round": 1, "melds": [["K", "K", 10]]}, ["melds"]),
        ({"rules": "classic", "round": 1, "melds": [["K", "K", None]]}, ["melds"]),
        ({"rules": "classic", "round": 1, "melds": None}, ["melds"]),
        ({"rules": "classic", "round": 1, "melds": {"0": ["K", "K", "K"]}}, ["melds"]),
        ({"rules": "classic", "round": 1, "melds": [], "score_before": "100"}, ["score_before"]),
        ({"rules": "classic", "round": 1, "melds": [], "score_before": 1.5}, ["score_before"]),
        ({"rules": "classic", "round": 1, "melds": [], "score_before": True}, ["score_before"]),
        ({"rules": {"base": "classic", "decks": 0}, "round": 1, "melds": []}, ["rules.decks"]),
        ({"rules": 7, "round": 1, "melds": []}, ["rules"]),
    ],
)
def test_a_body_missing_or_misnaming_a_key(
    client: FlaskClient, body: dict[str, Any], fields: list[str]
) -> None:
    response = client.post("/api/v1/meld-check", json=body)
    assert fields_of(response) == fields


def test_meld_check_is_post_only(client: FlaskClient) -> None:
    assert fields_of(client.get("/api/v1/meld-check"), 405) == [None]
