"""Card kinds, ranks, the supply of one deck, and the reachable-points knapsack."""

import doctest
from itertools import product

import pytest

from handfoot_score.engine import cards
from handfoot_score.engine.cards import (
    BOOK_SIZE,
    DECK_SUPPLY,
    NATURAL_KINDS,
    SMALLEST_MELD,
    WILD_KINDS,
    CardKind,
    Rank,
    parse_rank,
    reachable_points,
)


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(cards).failed == 0


@pytest.mark.parametrize(
    ("kind", "per_deck"),
    [
        (CardKind.JOKER, 2),
        (CardKind.TWO, 4),
        (CardKind.ACE, 4),
        (CardKind.EIGHT_TO_KING, 24),
        (CardKind.FOUR_TO_SEVEN, 16),
        (CardKind.BLACK_THREE, 2),
        (CardKind.RED_THREE, 2),
    ],
)
def test_one_deck_holds(kind: CardKind, per_deck: int) -> None:
    assert DECK_SUPPLY[kind] == per_deck


def test_one_deck_holds_54_cards_of_seven_kinds() -> None:
    assert set(DECK_SUPPLY) == set(CardKind)
    assert sum(DECK_SUPPLY.values()) == 54


def test_a_book_is_seven_cards_and_a_meld_at_least_three() -> None:
    assert (SMALLEST_MELD, BOOK_SIZE) == (3, 7)


@pytest.mark.parametrize(
    ("kind", "wild", "natural"),
    [
        (CardKind.JOKER, True, False),
        (CardKind.TWO, True, False),
        (CardKind.ACE, False, True),
        (CardKind.EIGHT_TO_KING, False, True),
        (CardKind.FOUR_TO_SEVEN, False, True),
        (CardKind.BLACK_THREE, False, False),
        (CardKind.RED_THREE, False, False),
    ],
)
def test_kinds_are_wild_natural_or_threes(kind: CardKind, wild: bool, natural: bool) -> None:
    assert (kind.is_wild, kind.is_natural) == (wild, natural)
    assert (kind in WILD_KINDS, kind in NATURAL_KINDS) == (wild, natural)


@pytest.mark.parametrize(
    ("rank", "kind", "wild"),
    [
        (Rank.ACE, CardKind.ACE, False),
        (Rank.KING, CardKind.EIGHT_TO_KING, False),
        (Rank.QUEEN, CardKind.EIGHT_TO_KING, False),
        (Rank.JACK, CardKind.EIGHT_TO_KING, False),
        (Rank.TEN, CardKind.EIGHT_TO_KING, False),
        (Rank.NINE, CardKind.EIGHT_TO_KING, False),
        (Rank.EIGHT, CardKind.EIGHT_TO_KING, False),
        (Rank.SEVEN, CardKind.FOUR_TO_SEVEN, False),
        (Rank.SIX, CardKind.FOUR_TO_SEVEN, False),
        (Rank.FIVE, CardKind.FOUR_TO_SEVEN, False),
        (Rank.FOUR, CardKind.FOUR_TO_SEVEN, False),
        (Rank.THREE, CardKind.BLACK_THREE, False),
        (Rank.TWO, CardKind.TWO, True),
        (Rank.JOKER, CardKind.JOKER, True),
    ],
)
def test_each_rank_has_a_tally_kind(rank: Rank, kind: CardKind, wild: bool) -> None:
    assert rank.kind is kind
    assert rank.is_wild is wild


def test_every_rank_is_in_the_table_above() -> None:
    assert len(Rank) == 14


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("A", Rank.ACE),
        ("a", Rank.ACE),
        (" k ", Rank.KING),
        ("q", Rank.QUEEN),
        ("J", Rank.JACK),
        ("10", Rank.TEN),
        ("T", Rank.TEN),
        ("t", Rank.TEN),
        ("9", Rank.NINE),
        ("4", Rank.FOUR),
        ("3", Rank.THREE),
        ("2", Rank.TWO),
        ("JK", Rank.JOKER),
        ("jk", Rank.JOKER),
        ("Joker", Rank.JOKER),
        ("JOKER", Rank.JOKER),
    ],
)
def test_parse_rank_reads_table_spellings(text: str, rank: Rank) -> None:
    assert parse_rank(text) is rank


@pytest.mark.parametrize("text", ["", "1", "11", "X", "KK", "Jo", "ace", "0"])
def test_parse_rank_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError):
        parse_rank(text)


def _totals(mask: int) -> set[int]:
    return {n for n in range(mask.bit_length()) if mask >> n & 1}


@pytest.mark.parametrize(
    ("cards_by_value", "totals"),
    [
        ((), {0}),
        (((5, 0),), {0}),
        (((5, 2), (10, 1)), {0, 5, 10, 15, 20}),
        (((50, 1), (20, 2)), {0, 20, 40, 50, 70, 90}),
        (((3, 3), (5, 1)), {0, 3, 5, 6, 8, 9, 11, 14}),
        (((0, 4),), {0}),
    ],
)
def test_reachable_points_lists_every_total(cards_by_value: tuple[tuple[int, int], ...],
                                            totals: set[int]) -> None:
    assert _totals(reachable_points(cards_by_value)) == totals


@pytest.mark.parametrize("counts", [(7, 0, 3), (1, 9, 2), (13, 4, 0), (0, 0, 0), (6, 6, 6)])
def test_reachable_points_matches_counting_every_pick(counts: tuple[int, int, int]) -> None:
    values = (5, 10, 20)
    expected = {
        sum(v * n for v, n in zip(values, picks, strict=True))
        for picks in product(*(range(c + 1) for c in counts))
    }
    mask = reachable_points(tuple(zip(values, counts, strict=True)))
    assert _totals(mask) == expected
