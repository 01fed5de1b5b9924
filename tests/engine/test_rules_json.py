"""Rule sets to JSON-ready data and back, naming every bad key."""

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import InvalidRules
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT, PRESETS
from handfoot_score.engine.rules import (
    BookCounts,
    RedThree,
    Round,
    RuleSet,
    ScoreMinimum,
    SpecialBook,
)
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict

HOUSE = replace(
    CLASSIC,
    id="kitchen-table",
    name="Kitchen table",
    rounds=tuple(
        Round(meld_minimum=m, going_out_bonus=100 * n, going_out_books=BookCounts(n, n, 0),
              pile_take=7 if n < 3 else 5, exact_draw_cards=18 + 4 * n)
        for n, m in enumerate((50, 90, 120, 150, 180), start=1)
    ),
    meld_minimum_by_score=(ScoreMinimum(None, 15), ScoreMinimum(0, 50),
                           ScoreMinimum(1_500, 90), ScoreMinimum(3_000, 120)),
    special_books=(
        SpecialBook("sevens", "Book of sevens", 1500, CardKind.FOUR_TO_SEVEN, Rank.SEVEN),
        SpecialBook("black_threes", "Book of black threes", 2000, CardKind.BLACK_THREE),
    ),
    red_three=RedThree(down=300, left=500),
    exact_draw_bonus=100,
    notes=("A book of sevens is worth 1500.",),
)


@pytest.mark.parametrize("rules", [CLASSIC, PAGAT, ITALIAN, HOUSE], ids=lambda r: r.id)
def test_round_trip(rules: RuleSet) -> None:
    assert rules_from_dict(rules_to_dict(rules)) == rules


@pytest.mark.parametrize("rules", [CLASSIC, PAGAT, ITALIAN, HOUSE], ids=lambda r: r.id)
def test_round_trip_through_json_text(rules: RuleSet) -> None:
    assert rules_from_dict(json.loads(json.dumps(rules_to_dict(rules)))) == rules


@pytest.mark.parametrize(
    ("preset", "key", "value"),
    [
        ("classic", "decks", 5),
        ("pagat", "decks", 4),
        ("italian", "decks", 5),
        ("classic", "books", {"clean": 500, "dirty": 300, "wild": 1500, "mixed_wild": None}),
        ("pagat", "books", {"clean": 500, "dirty": 300, "wild": None, "mixed_wild": None}),
        ("italian", "books", {"clean": 500, "dirty": 300, "wild": None, "mixed_wild": None}),
        ("classic", "red_three", {"down": 100, "left": 100, "down_when_not_out": None}),
        ("pagat", "red_three", {"down": 0, "left": 300, "down_when_not_out": None}),
        ("italian", "red_three", {"down": 0, "left": 5, "down_when_not_out": None}),
        ("classic", "dirty_book_min_naturals", 5),
        ("pagat", "dirty_book_min_naturals", 5),
        ("italian", "dirty_book_min_naturals", 4),
        ("pagat", "wilds", {"naturals_per_wild": 2, "max_per_meld": 2,
                            "min_naturals_with_wild": 0, "wild_melds": False}),
        ("pagat", "exact_draw_bonus", 300),
        ("italian", "pile_needs_opened", True),
        ("classic", "meld_minimum_by_score", None),
        ("classic", "card_values", {"joker": 50, "two": 20, "ace": 20, "eight_to_king": 10,
                                    "four_to_seven": 5, "black_three": 5, "by_rank": {}}),
        ("classic", "black_three", {"meld_when_going_out": False}),
        ("classic", "first_meld_bonus", 0),
        ("classic", "add_to_finished_book", "none"),
        ("pagat", "add_to_finished_book", "naturals"),
        ("italian", "add_to_finished_book", "none"),
        ("classic", "deck_per_player", False),
        ("pagat", "deck_per_player", True),
    ],
)
def test_to_dict_shape(preset: str, key: str, value: object) -> None:
    assert rules_to_dict(PRESETS[preset])[key] == value


def test_to_dict_rounds_and_score_steps() -> None:
    data = rules_to_dict(HOUSE)
    assert data["rounds"][0] == {
        "meld_minimum": 50, "going_out_bonus": 100,
        "going_out_books": {"clean": 1, "dirty": 1, "wild": 0},
        "pile_take": 7, "exact_draw_cards": 22,
    }
    assert data["meld_minimum_by_score"] == [[None, 15], [0, 50], [1500, 90], [3000, 120]]
    assert data["special_books"][1] == {"id": "black_threes", "name": "Book of black threes",
                                        "bonus": 2000, "kind": "black_three", "rank": None}
    assert data["special_books"][0]["rank"] == "7"


def test_to_dict_is_plain_json() -> None:
    for rules in (CLASSIC, PAGAT, ITALIAN, HOUSE):
        data = rules_to_dict(rules)
        assert json.loads(json.dumps(data)) == data


def test_keys_given_replace_the_base() -> None:
    rules = rules_from_dict({"red_three": {"down": 0, "left": 500}}, base=PAGAT)
    assert rules == replace(PAGAT, red_three=RedThree(down=0, left=500))


def test_canasta_minimums_from_json() -> None:
    rules = rules_from_dict(
        {"meld_minimum_by_score": [[None, 15], [0, 50], [1500, 90], [3000, 120]]}, base=CLASSIC)
    assert [rules.meld_minimum(1, s) for s in (-5, 0, 1_500, 3_000)] == [15, 50, 90, 120]


def test_sevens_book_from_json() -> None:
    rules = rules_from_dict({"special_books": [
        {"id": "sevens", "name": "Book of sevens", "bonus": 1500, "kind": "four_to_seven",
         "rank": "7"}]}, base=CLASSIC)
    assert rules.special_books == (
        SpecialBook("sevens", "Book of sevens", 1500, CardKind.FOUR_TO_SEVEN, Rank.SEVEN),)


def test_without_a_base_id_and_name_default() -> None:
    data = rules_to_dict(CLASSIC)
    for key in ("id", "name", "meld_minimum_by_score", "special_books", "exact_draw_bonus",
                "pile_needs_opened", "notes", "dirty_book_min_naturals"):
        del data[key]
    rules = rules_from_dict(data)
    assert (rules.id, rules.name) == ("custom", "House rules")
    assert replace(rules, id="classic", name=CLASSIC.name, notes=CLASSIC.notes) == CLASSIC


def test_the_derived_key_is_read_back_and_ignored() -> None:
    data = rules_to_dict(ITALIAN)
    data["dirty_book_min_naturals"] = 1
    assert rules_from_dict(data).dirty_book_min_naturals == 4


def _problems(data: object, base: RuleSet | None = None) -> set[str]:
    with pytest.raises(InvalidRules) as error:
        rules_from_dict(data, base=base)
    assert all(problem.team is None for problem in error.value.problems)
    return {problem.field for problem in error.value.problems}


def _classic(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(rules_to_dict(CLASSIC))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "fields"),
    [
        pytest.param(lambda d: d.update(deck=5), {"deck"}, id="top level"),
        pytest.param(lambda d: d["card_values"].update(jocker=50), {"card_values.jocker"},
                     id="card value"),
        pytest.param(lambda d: d["rounds"][0].update(bonus=100), {"rounds.0.bonus"},
                     id="round"),
        pytest.param(lambda d: d["rounds"][2]["going_out_books"].update(red=1),
                     {"rounds.2.going_out_books.red"}, id="going-out books"),
        pytest.param(lambda d: d["wilds"].update(per_meld=2), {"wilds.per_meld"}, id="wilds"),
        pytest.param(lambda d: d["books"].update(black=300), {"books.black"}, id="books"),
        pytest.param(lambda d: d["red_three"].update(up=1), {"red_three.up"}, id="red three"),
    ],
)
def test_unknown_key_is_named(change: Any, fields: set[str]) -> None:
    assert _problems(_classic(change)) == fields


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param(lambda d: d.pop("decks"), "decks", id="decks"),
        pytest.param(lambda d: d.pop("hand_size"), "hand_size", id="hand size"),
        pytest.param(lambda d: d.pop("rounds"), "rounds", id="rounds"),
        pytest.param(lambda d: d.pop("card_values"), "card_values", id="card values"),
        pytest.param(lambda d: d.pop("wilds"), "wilds", id="wilds"),
        pytest.param(lambda d: d["card_values"].pop("ace"), "card_values.ace", id="ace"),
        pytest.param(lambda d: d["books"].pop("wild"), "books.wild", id="wild book"),
        pytest.param(lambda d: d["red_three"].pop("left"), "red_three.left", id="red three"),
        pytest.param(lambda d: d["wilds"].pop("wild_melds"), "wilds.wild_melds",
                     id="wild melds"),
        pytest.param(lambda d: d["rounds"][1].pop("pile_take"), "rounds.1.pile_take",
                     id="pile take"),
        pytest.param(lambda d: d["rounds"][3]["going_out_books"].pop("dirty"),
                     "rounds.3.going_out_books.dirty", id="books to go out"),
    ],
)
def test_missing_key_is_named(change: Any, field: str) -> None:
    assert field in _problems(_classic(change))


@pytest.mark.parametrize(
    ("change", "fields"),
    [
        pytest.param(lambda d: d.update(decks="5"), {"decks"}, id="decks as text"),
        pytest.param(lambda d: d.update(decks=5.0), {"decks"}, id="decks as float"),
        pytest.param(lambda d: d.update(decks=True), {"decks"}, id="decks as flag"),
        pytest.param(lambda d: d.update(name=5), {"name"}, id="name"),
        pytest.param(lambda d: d.update(id=["classic"]), {"id"}, id="id"),
        pytest.param(lambda d: d.update(rounds={}), {"rounds"}, id="rounds"),
        pytest.param(lambda d: d["rounds"].__setitem__(0, 50), {"rounds.0"}, id="round"),
        pytest.param(lambda d: d["rounds"][1].update(going_out_bonus="100"),
                     {"rounds.1.going_out_bonus"}, id="going-out bonus"),
        pytest.param(lambda d: d["rounds"][0].update(exact_draw_cards="22"),
                     {"rounds.0.exact_draw_cards"}, id="exact draw cards"),
        pytest.param(lambda d: d["rounds"][0].update(going_out_books=[2, 2, 1]),
                     {"rounds.0.going_out_books"}, id="going-out books"),
        pytest.param(lambda d: d.update(card_values=[50, 20]), {"card_values"},
                     id="card values"),
        pytest.param(lambda d: d["card_values"].update(joker=None), {"card_values.joker"},
                     id="null joker"),
        pytest.param(lambda d: d["books"].update(wild="1500"), {"books.wild"}, id="wild book"),
        pytest.param(lambda d: d["wilds"].update(max_per_meld="2"), {"wilds.max_per_meld"},
                     id="wilds per meld"),
        pytest.param(lambda d: d["wilds"].update(wild_melds="yes"), {"wilds.wild_melds"},
                     id="wild melds"),
        pytest.param(lambda d: d.update(pile_needs_opened=0), {"pile_needs_opened"},
                     id="pile needs opened"),
        pytest.param(lambda d: d.update(meld_minimum_by_score=[[0]]),
                     {"meld_minimum_by_score.0"}, id="score step"),
        pytest.param(lambda d: d.update(meld_minimum_by_score=[[0, "50"]]),
                     {"meld_minimum_by_score.0.minimum"}, id="score step minimum"),
        pytest.param(lambda d: d.update(meld_minimum_by_score=15),
                     {"meld_minimum_by_score"}, id="score steps"),
        pytest.param(lambda d: d.update(special_books=[{"id": "sevens", "name": "Sevens",
                                                        "bonus": 1500, "kind": "seven"}]),
                     {"special_books.0.kind"}, id="special kind"),
        pytest.param(lambda d: d.update(special_books=[{"id": "sevens", "name": "Sevens",
                                                        "bonus": 1500, "kind": "four_to_seven",
                                                        "rank": "X"}]),
                     {"special_books.0.rank"}, id="special rank"),
        pytest.param(lambda d: d.update(special_books=[{"id": "sevens", "name": "Sevens",
                                                        "bonus": "1500",
                                                        "kind": "four_to_seven"}]),
                     {"special_books.0.bonus"}, id="special bonus"),
        pytest.param(lambda d: d.update(notes="be nice"), {"notes"}, id="notes"),
    ],
)
def test_wrong_type_is_named(change: Any, fields: set[str]) -> None:
    assert _problems(_classic(change)) == fields


@pytest.mark.parametrize("data", [None, [], "classic", 5])
def test_not_an_object_is_refused(data: object) -> None:
    assert _problems(data) == {"rules"}


@pytest.mark.parametrize(
    ("data", "base", "fields"),
    [
        ({"decks": 0}, CLASSIC, {"decks"}),
        ({"books": {"clean": 500, "dirty": 300, "wild": 1500}}, PAGAT, {"books.wild"}),
        ({"rounds": []}, ITALIAN, {"rounds"}),
        ({"red_three": {"down": 0, "left": -500}}, PAGAT, {"red_three.left"}),
        ({"meld_minimum_by_score": [[0, 50], [None, 15]]}, CLASSIC,
         {"meld_minimum_by_score.1.from_score"}),
        ({"special_books": [{"id": "clean", "name": "Clean", "bonus": 1,
                             "kind": "ace"}]}, CLASSIC, {"special_books.0.id"}),
    ],
)
def test_rules_that_cannot_be_played_are_named(data: dict[str, Any], base: RuleSet,
                                               fields: set[str]) -> None:
    assert _problems(data, base=base) == fields


@pytest.mark.parametrize(("rules_id", "growth", "per_player"), [
    ("classic", "none", False), ("pagat", "naturals", True), ("italian", "none", False),
    ("pagat-house", "naturals", True), ("thursday-club", "any", False),
])
def test_rules_stored_before_the_finished_book_and_deck_keys_take_their_preset(
        rules_id: str, growth: str, per_player: bool) -> None:
    base = PRESETS[rules_id.removesuffix("-house")] if rules_id != "thursday-club" else CLASSIC
    older = {**rules_to_dict(base), "id": rules_id}
    del older["add_to_finished_book"], older["deck_per_player"]
    rules = rules_from_dict(older)
    assert (rules.add_to_finished_book, rules.deck_per_player) == (growth, per_player)


def test_finished_book_and_deck_keys_are_read_and_checked() -> None:
    rules = rules_from_dict({**rules_to_dict(CLASSIC), "add_to_finished_book": "naturals",
                             "deck_per_player": True})
    assert (rules.add_to_finished_book, rules.deck_per_player) == ("naturals", True)
    assert _problems(_classic(lambda d: d.update(add_to_finished_book="sometimes"))) == {
        "add_to_finished_book"}
    assert _problems(_classic(lambda d: d.update(add_to_finished_book=None))) == {
        "add_to_finished_book"}
    assert _problems(_classic(lambda d: d.update(deck_per_player="yes"))) == {"deck_per_player"}
