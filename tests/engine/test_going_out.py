"""Which required books a team still lacks to go out, preset by preset and round by round."""

from dataclasses import replace

import pytest

from handfoot_score.engine.checks import tally_problems
from handfoot_score.engine.going_out import books_lacking
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT, PRESETS
from handfoot_score.engine.rules import BookCounts, RuleSet
from handfoot_score.engine.tally import Points, TableBooks, Tally


@pytest.mark.parametrize(
    ("preset", "books", "lacking"),
    [
        ("classic", TableBooks(), {"clean": 2, "dirty": 2, "wild": 1}),
        ("classic", TableBooks(2, 2, 1), {}),
        ("classic", TableBooks(5, 0, 3), {"dirty": 2}),
        ("classic", TableBooks(1, 2, 0), {"clean": 1, "wild": 1}),
        ("pagat", TableBooks(), {"clean": 2, "dirty": 2}),
        ("pagat", TableBooks(2, 2), {}),
        ("pagat", TableBooks(3, 1), {"dirty": 1}),
        ("italian", TableBooks(), {"clean": 1, "dirty": 1}),
        ("italian", TableBooks(1, 1), {}),
        ("italian", TableBooks(0, 4), {"clean": 1}),
    ],
)
@pytest.mark.parametrize("round_number", [1, 2, 3, 4])
def test_books_lacking_under_each_preset(preset: str, books: TableBooks,
                                         lacking: dict[str, int], round_number: int) -> None:
    assert books_lacking(PRESETS[preset], round_number, books) == lacking


def test_special_books_do_not_stand_in_for_required_books() -> None:
    books = TableBooks(1, 1, special=(("sevens", 3),))
    assert books_lacking(PAGAT, 1, books) == {"clean": 1, "dirty": 1}


def _rising(rules: RuleSet, wild: bool) -> RuleSet:
    """1 clean + 1 dirty (+ 1 wild) in round 1, 2 + 2 in round 2, and so on."""
    return replace(rules, rounds=tuple(
        replace(r, going_out_books=BookCounts(n, n, n if wild else 0))
        for n, r in enumerate(rules.rounds, start=1)))


@pytest.mark.parametrize(
    ("rules", "round_number", "books", "lacking"),
    [
        (_rising(PAGAT, wild=False), 1, TableBooks(1, 1), {}),
        (_rising(PAGAT, wild=False), 2, TableBooks(1, 1), {"clean": 1, "dirty": 1}),
        (_rising(PAGAT, wild=False), 2, TableBooks(2, 2), {}),
        (_rising(PAGAT, wild=False), 3, TableBooks(2, 3), {"clean": 1}),
        (_rising(PAGAT, wild=False), 4, TableBooks(4, 4), {}),
        (_rising(ITALIAN, wild=False), 4, TableBooks(1, 1), {"clean": 3, "dirty": 3}),
        (_rising(CLASSIC, wild=True), 1, TableBooks(1, 1, 1), {}),
        (_rising(CLASSIC, wild=True), 1, TableBooks(1, 1, 0), {"wild": 1}),
        (_rising(CLASSIC, wild=True), 2, TableBooks(2, 2, 1), {"wild": 1}),
        (_rising(CLASSIC, wild=True), 3, TableBooks(3, 3, 3), {}),
        (_rising(CLASSIC, wild=True), 4, TableBooks(4, 3, 4), {"dirty": 1}),
    ],
)
def test_books_to_go_out_that_change_by_round(rules: RuleSet, round_number: int,
                                              books: TableBooks,
                                              lacking: dict[str, int]) -> None:
    assert books_lacking(rules, round_number, books) == lacking


@pytest.mark.parametrize(
    ("round_number", "books", "missing"),
    [
        (1, TableBooks(1, 1, 1), set()),
        (2, TableBooks(1, 1, 1), {"books.clean", "books.dirty", "books.wild"}),
        (2, TableBooks(2, 2, 2), set()),
        (4, TableBooks(4, 4, 3), {"books.wild"}),
    ],
)
def test_the_tally_check_follows_the_books_of_the_round(round_number: int, books: TableBooks,
                                                       missing: set[str]) -> None:
    rules = _rising(CLASSIC, wild=True)
    tally = Tally(melded=Points(2_000), books=books, went_out=True)
    problems = tally_problems(rules, round_number, [Tally(), tally])
    assert {(p.team, p.field) for p in problems} == {(1, field) for field in missing}


@pytest.mark.parametrize("round_number", [0, 5])
def test_a_round_outside_the_game_is_refused(round_number: int) -> None:
    with pytest.raises(ValueError):
        books_lacking(CLASSIC, round_number, TableBooks())
