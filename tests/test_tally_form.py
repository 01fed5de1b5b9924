"""The round tally form: to and from the JSON tally shape, modes, what it asks before a
save, errors."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import Problem
from handfoot_score.engine.presets import CLASSIC, PAGAT
from handfoot_score.engine.rules import RuleSet, SpecialBook
from handfoot_score.services.tallies import read_entered
from handfoot_score.web.counting.tally_form import RoundTallyForm

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

NAMES = ("Us", "Them")
SEVENS = SpecialBook("sevens", "Book of sevens", 1500, CardKind.FOUR_TO_SEVEN, Rank.SEVEN)
BLACK_THREES = SpecialBook("black_threes", "Book of black threes", 2000, CardKind.BLACK_THREE)


@pytest.fixture
def context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def posted(app: Flask, rules: RuleSet, data: dict[str, str]) -> RoundTallyForm:
    """The form as the page posts it."""
    with app.test_request_context(method="POST", data=data):
        return RoundTallyForm.for_game(rules, NAMES)


def test_counted_cards_and_points_become_the_json_tally(app: Flask) -> None:
    form = posted(app, CLASSIC, {
        "went_out": "0",
        "teams-0-melded_jokers": "2", "teams-0-melded_aces": " 4 ", "teams-0-left_twos": "",
        "teams-0-books_clean": "1", "teams-0-books_wild": "0", "teams-0-red_threes_down": "1",
        "teams-1-points_mode": "y", "teams-1-points_shown": "1",
        "teams-1-melded_points": "230", "teams-1-left_points": "85",
        "teams-1-melded_jokers": "9", "teams-1-red_threes_left": "1",
    })
    us, them = form.to_teams()
    assert us == {
        "melded": {"jokers": 2, "twos": 0, "aces": 4, "eight_to_king": 0, "four_to_seven": 0},
        "left": {"jokers": 0, "twos": 0, "aces": 0, "eight_to_king": 0, "four_to_seven": 0,
                 "black_threes": 0},
        "books": {"clean": 1, "dirty": 0, "wild": 0},
        "red_threes_down": 1, "red_threes_left": 0, "went_out": True,
    }
    assert them["melded"] == {"points": 230}
    assert them["left"] == {"points": 85}
    assert them["red_threes_left"] == 1
    assert them["went_out"] is False


def test_rules_decide_which_books_and_bonuses_are_asked(app: Flask) -> None:
    us, _ = posted(app, PAGAT, {"teams-0-books_wild": "1", "teams-0-exact_draws": "1"}).to_teams()
    assert us["books"] == {"clean": 0, "dirty": 0}
    assert us["exact_draws"] == 1
    us, _ = posted(app, CLASSIC, {"teams-0-exact_draws": "1"}).to_teams()
    assert "exact_draws" not in us
    assert "wild" in us["books"]


def test_special_books_get_an_input_and_black_threes_can_be_melded(app: Flask) -> None:
    rules = replace(CLASSIC, id="house", special_books=(SEVENS, BLACK_THREES))
    form = posted(app, rules, {"teams-0-books_sevens": "1", "teams-0-melded_black_threes": "7",
                               "teams-0-books_black_threes": "1"})
    us, _ = form.to_teams()
    assert us["books"] == {"clean": 0, "dirty": 0, "wild": 0, "sevens": 1, "black_threes": 1}
    assert us["melded"]["black_threes"] == 7
    assert [f.label.text for f in form.book_fields(0)][-2:] == [
        "Book of sevens", "Book of black threes"]
    assert "black_threes" not in posted(app, CLASSIC, {}).to_teams()[0]["melded"]


def test_text_that_is_no_count_goes_on_as_typed_and_blank_is_zero(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-0-melded_aces": "three", "teams-0-melded_twos": "-2",
                                 "teams-0-melded_jokers": ""})
    melded = form.to_teams()[0]["melded"]
    assert (melded["aces"], melded["twos"], melded["jokers"]) == ("three", -2, 0)
    assert 'value="three"' in form.teams[0].melded_aces()


@pytest.mark.usefixtures("context")
@pytest.mark.parametrize("rules", [CLASSIC, PAGAT,
                                   replace(CLASSIC, id="house", special_books=(SEVENS,))])
def test_from_tallies_then_to_teams_gives_the_tallies_back(rules: RuleSet) -> None:
    books = {"clean": 2, "dirty": 1, **({"wild": 1} if rules.books.wild else {}),
             **{book.id: 1 for book in rules.special_books}}
    counted: dict[str, Any] = {
        "melded": {"jokers": 3, "twos": 5, "aces": 4, "eight_to_king": 20, "four_to_seven": 9},
        "left": {"jokers": 0, "twos": 1, "aces": 0, "eight_to_king": 2, "four_to_seven": 0,
                 "black_threes": 1},
        "books": books, "red_threes_down": 1, "red_threes_left": 0, "went_out": True,
        **({"exact_draws": 1} if rules.exact_draw_bonus else {}),
    }
    pointed: dict[str, Any] = {
        "melded": {"points": 230}, "left": {"points": 85},
        "books": {kind: 0 for kind in books}, "red_threes_down": 0, "red_threes_left": 1,
        "went_out": False, **({"exact_draws": 0} if rules.exact_draw_bonus else {}),
    }
    form = RoundTallyForm.for_game(rules, NAMES)
    form.from_tallies(read_entered([counted, pointed]))
    assert form.to_teams() == [counted, pointed]
    assert form.went_out.data == "0"
    assert [entry.points_shown.data for entry in form.teams] == ["", "1"]


@pytest.mark.usefixtures("context")
def test_from_tallies_fills_what_is_left_out_with_zero() -> None:
    form = RoundTallyForm.for_game(CLASSIC, NAMES)
    form.from_tallies(read_entered([{"books": {"clean": 1, "dirty": 0, "wild": 0}}, {}]))
    us, them = form.to_teams()
    assert us["books"]["clean"] == 1
    assert us["melded"]["aces"] == 0
    assert them["went_out"] is False
    assert form.went_out.data is None, "who went out stays unanswered until someone answers"


@pytest.mark.usefixtures("context")
def test_a_tally_half_in_points_shows_both_halves_in_points() -> None:
    form = RoundTallyForm.for_game(CLASSIC, NAMES)
    form.from_tallies(read_entered([{"melded": {"points": 300},
                                     "left": {"jokers": 1, "black_threes": 2}}, {}]))
    us, _ = form.to_teams()
    assert us["melded"] == {"points": 300}
    assert us["left"] == {"points": 60}


def test_counts_start_empty_and_show_what_was_typed(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-0-melded_aces": "6", "teams-0-melded_twos": "0"})
    assert 'value=""' in form.teams[0].melded_jokers()
    assert 'value="6"' in form.teams[0].melded_aces()
    assert 'value="0"' in form.teams[0].melded_twos(), "a 0 typed stays as typed"
    with app.test_request_context():
        fresh = RoundTallyForm.for_game(CLASSIC, NAMES)
        fresh.from_tallies(read_entered([{"books": {"clean": 2}}, {}]))
        assert 'value=""' in fresh.teams[0].melded_aces()
        assert 'value="2"' in fresh.teams[0].books_clean()


def test_who_went_out_must_be_answered(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-0-melded_aces": "6"})
    assert not form.validate()
    [link] = form.refusals()
    assert link.text == "Who went out: Choose a team, or \u201cNo one: the stock ran out\u201d."
    assert link.target == "went_out-0"
    assert form.went_out.errors == ["Choose a team, or \u201cNo one: the stock ran out\u201d."]
    answered = posted(app, CLASSIC, {"went_out": "nobody"})
    assert answered.validate()
    assert [team["went_out"] for team in answered.to_teams()] == [False, False]


def test_a_team_with_nothing_counted_is_asked_about_once(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-0-melded_aces": "6", "teams-1-books_clean": "1",
                                 "teams-1-red_threes_left": "1"})
    assert form.nothing_counted() == [1], "books and threes alone are no count of the cards"
    assert form.ask_about([1]) == ("Nothing is counted for Them on the table or left in "
                                   "hands and feet \u2014 save anyway? Press Save again to "
                                   "save, or count first.")
    asked = posted(app, CLASSIC, {"empty_ok": form.empty_ok.data, "teams-0-melded_aces": "6"})
    assert asked.nothing_counted() == []
    both = posted(app, CLASSIC, {"teams-1-points_mode": "y", "teams-1-melded_points": "0"})
    assert both.nothing_counted() == [0, 1]
    assert both.ask_about([0, 1]).startswith("Nothing is counted for Us and Them on")
    in_points = posted(app, CLASSIC, {"teams-0-left_twos": "1", "teams-1-points_mode": "y",
                                      "teams-1-left_points": "85"})
    assert in_points.nothing_counted() == []


def test_a_points_switch_flipped_without_javascript_is_noticed(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-1-points_mode": "y"})
    assert form.mode_changed()
    form.show_chosen_modes()
    assert not form.mode_changed()
    assert form.teams[1].points_shown.data == "1"
    assert not posted(app, CLASSIC, {"teams-1-points_mode": "y",
                                     "teams-1-points_shown": "1"}).mode_changed()
    assert posted(app, CLASSIC, {"teams-0-points_shown": "1"}).mode_changed()


def test_a_problem_goes_on_the_input_of_its_team(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-1-books_wild": "1"})
    [link] = form.attach([Problem("books.wild", "these rules allow no wild books", 1)])
    assert link.text == "Them — Wild books: These rules allow no wild books"
    assert link.target == "teams-1-books_wild"
    assert form.teams[1].books_wild.errors == ["These rules allow no wild books"]
    assert not form.teams[0].books_wild.errors


def test_card_problems_say_on_the_table_or_left(app: Flask) -> None:
    form = posted(app, CLASSIC, {"teams-0-points_mode": "y", "teams-0-points_shown": "1"})
    melded, left, points = form.attach([
        Problem("melded.jokers", "too many", 1), Problem("left.black_threes", "too many", 1),
        Problem("melded.points", "cannot be made", 0),
    ])
    assert melded.text == "Them — Jokers on the table: Too many"
    assert left.text == "Them — Black threes left: Too many"
    assert (points.text, points.target) == (
        "Us — Points on the table: Cannot be made", "teams-0-melded_points")


def test_problems_without_an_input_shown_still_reach_the_summary(app: Flask) -> None:
    form = posted(app, PAGAT, {})
    links = form.attach([
        Problem("books.wild", "these rules allow no wild books", 0),
        Problem("melded.black_threes", "black threes are never melded", 1),
        Problem("teams", "must list a tally for each of the 2 teams"),
        Problem("books", "too few cards", 1),
    ])
    assert [(link.text, link.target) for link in links] == [
        ("Us — Books wild: These rules allow no wild books", None),
        ("Them — Melded black threes: Black threes are never melded", None),
        ("Must list a tally for each of the 2 teams", None),
        ("Them — Clean books: Too few cards", "teams-1-books_clean"),
    ]


def test_a_going_out_problem_goes_on_the_going_out_choice(app: Flask) -> None:
    form = posted(app, CLASSIC, {"went_out": "1"})
    [link] = form.attach([Problem("went_out", "only one team goes out", 1)])
    assert link.target == "went_out-0"
    assert form.went_out.errors == ["Them: Only one team goes out"]


def test_team_names_that_say_team_are_not_doubled(app: Flask) -> None:
    with app.test_request_context(method="POST", data={}):
        form = RoundTallyForm.for_game(CLASSIC, ("Team 1", "Team 2"))
    assert form.describe(Problem("books.clean", "x", 1)).text == "Team 2 — Clean books: X"


@pytest.mark.usefixtures("context")
def test_hints_give_each_input_its_worth_under_the_rules() -> None:
    hints = RoundTallyForm.for_game(PAGAT, NAMES).hints()
    assert hints["melded_jokers"] == "50 each"
    assert hints["books_clean"] == "500 each"
    assert hints["red_threes_down"].startswith("No points")
    assert hints["red_threes_left"] == "\N{MINUS SIGN}300 each"
    assert hints["exact_draws"] == "300 each"
    assert RoundTallyForm.for_game(CLASSIC, NAMES).hints()["books_wild"] == "1,500 each"


@pytest.mark.usefixtures("context")
def test_each_count_is_at_most_what_the_decks_hold() -> None:
    most = RoundTallyForm.for_game(CLASSIC, NAMES).most
    decks = CLASSIC.decks
    assert (most["melded_jokers"], most["left_twos"], most["left_eight_to_king"]) == (
        2 * decks, 4 * decks, 24 * decks)
    assert most["red_threes_left"] == most["red_threes_down"] == 2 * decks
    assert most["melded_points"] == CLASSIC.most_points("melded") > 2000
    assert "books_clean" not in most
