"""What a team counts: cards kind by kind or as points, and its books."""

import pytest

from handfoot_score.engine.cards import CardKind
from handfoot_score.engine.rules import CardValues
from handfoot_score.engine.tally import (
    LEFT_FIELDS,
    MELDED_FIELDS,
    CardCounts,
    Points,
    TableBooks,
    Tally,
    face_value,
)

CARDS = CardCounts(jokers=1, twos=2, aces=3, eight_to_king=4, four_to_seven=5, black_threes=6)


def test_melded_cards_are_never_threes_and_left_cards_may_be_black_threes() -> None:
    assert MELDED_FIELDS == ("jokers", "twos", "aces", "eight_to_king", "four_to_seven")
    assert LEFT_FIELDS == (*MELDED_FIELDS, "black_threes")


@pytest.mark.parametrize(
    ("kind", "count"),
    [
        (CardKind.JOKER, 1),
        (CardKind.TWO, 2),
        (CardKind.ACE, 3),
        (CardKind.EIGHT_TO_KING, 4),
        (CardKind.FOUR_TO_SEVEN, 5),
        (CardKind.BLACK_THREE, 6),
    ],
)
def test_count_of_each_kind(kind: CardKind, count: int) -> None:
    assert CARDS.count(kind) == count


def test_naturals_and_wilds() -> None:
    assert (CARDS.naturals, CARDS.wilds) == (3 + 4 + 5, 1 + 2)


@pytest.mark.parametrize(
    ("cards", "values", "points"),
    [
        # 1×50 + 2×20 + 3×20 + 4×10 + 5×5 + 6×5
        (CARDS, CardValues(), 245),
        # 1×50 + 2×20 + 3×20 + 4×10 + 5×3 + 6×100
        (CARDS, CardValues(four_to_seven=3, black_three=100), 805),
        (CardCounts(), CardValues(), 0),
        (Points(245), CardValues(), 245),
        (Points(245), CardValues(four_to_seven=3), 245),
    ],
)
def test_face_value(cards: CardCounts | Points, values: CardValues, points: int) -> None:
    assert face_value(cards, values) == points


def test_books_list_special_books_by_id() -> None:
    books = TableBooks(clean=2, dirty=1, wild=0, special=(("sevens", 1), ("black_threes", 2)))
    assert books.special_count("black_threes") == 2
    assert books.special_count("red_threes") == 0
    assert books.as_counts() == {"clean": 2, "dirty": 1, "wild": 0, "sevens": 1,
                                 "black_threes": 2}


def test_an_empty_tally_counts_nothing() -> None:
    tally = Tally()
    assert tally.melded == CardCounts() and tally.left == CardCounts()
    assert tally.books == TableBooks()
    assert (tally.red_threes_down, tally.red_threes_left, tally.went_out,
            tally.exact_draws, tally.score_before) == (0, 0, False, 0, None)
