"""Seating, the deal passing left each round, and the winners."""

import doctest

import pytest

from handfoot_score.engine import table
from handfoot_score.engine.table import Seat, deal, seating, winners

FOUR = seating([["Ann", "Bob"], ["Cy", "Di"]])


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(table).failed == 0


@pytest.mark.parametrize(
    ("teams", "players"),
    [
        ([["Ann", "Bob"], ["Cy", "Di"]], ["Ann", "Cy", "Bob", "Di"]),
        ([["A", "B", "C"], ["D", "E", "F"]], ["A", "D", "B", "E", "C", "F"]),
        ([["A", "B"], ["C", "D"], ["E", "F"]], ["A", "C", "E", "B", "D", "F"]),
        ([["A"], ["B"], ["C"]], ["A", "B", "C"]),
        ([], []),
    ],
)
def test_partners_sit_apart(teams: list[list[str]], players: list[str]) -> None:
    assert [seat.player for seat in seating(teams)] == players


def test_partners_sit_opposite_at_a_table_of_four() -> None:
    assert [seat.team for seat in FOUR] == [0, 1, 0, 1]


@pytest.mark.parametrize(
    ("round_number", "hands", "feet", "first"),
    [
        (1, "Ann", "Bob", "Cy"),
        (2, "Cy", "Di", "Bob"),
        (3, "Bob", "Ann", "Di"),
        (4, "Di", "Cy", "Ann"),
        (5, "Ann", "Bob", "Cy"),
    ],
)
def test_the_deal_passes_to_the_left_each_round(round_number: int, hands: str, feet: str,
                                                first: str) -> None:
    this = deal(FOUR, 0, round_number)
    assert this.round == round_number
    assert (this.hands_dealer.player, this.feet_dealer.player, this.first_player.player) == (
        hands, feet, first)
    assert this.hands_dealer.team == this.feet_dealer.team


def test_a_player_on_their_own_deals_hands_and_feet() -> None:
    seats = seating([["A"], ["B"], ["C"]])
    this = deal(seats, 1, 1)
    assert (this.hands_dealer, this.feet_dealer, this.first_player) == (
        Seat(1, "B"), Seat(1, "B"), Seat(2, "C"))


@pytest.mark.parametrize(
    ("totals", "best"),
    [
        ([4055, 395], (0,)),
        ([120, 300, 300], (1, 2)),
        ([-150, -565], (0,)),
        ([0], (0,)),
        ([], ()),
    ],
)
def test_the_highest_total_wins(totals: list[int], best: tuple[int, ...]) -> None:
    assert winners(totals) == best
