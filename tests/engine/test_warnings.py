"""The engine's warnings: each check on honest rounds (no warning) and on slipped ones (the
warning, on its team and count, in its words)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks.slips import tables
from handfoot_score.engine.errors import Problem
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.scoring import score_round
from handfoot_score.engine.tally import CardCounts, Points, TableBooks, Tally
from handfoot_score.engine.warnings import most_wilds_carried, tally_warnings

#: Classic, a team of two holding exactly its deal of 52: 2 clean and 2 dirty books and a
#: wild book on the table, 8 cards left in the partner's hand.
OUT = Tally(melded=CardCounts(jokers=3, twos=6, aces=5, eight_to_king=22, four_to_seven=8),
            left=CardCounts(eight_to_king=5, four_to_seven=2, black_threes=1),
            books=TableBooks(clean=2, dirty=2, wild=1), red_threes_down=2, went_out=True)
CAUGHT = Tally(melded=CardCounts(twos=1, aces=3, eight_to_king=14, four_to_seven=9),
               left=CardCounts(jokers=1, aces=2, eight_to_king=12, four_to_seven=9),
               books=TableBooks(clean=1), red_threes_left=1)


def warned(rules: RuleSet, *tallies: Tally, players: list[int] | None = None
           ) -> list[tuple[int | None, str, str]]:
    """The warnings about counts (who went out aside): team, field and English words."""
    return [(w.team, w.field, w.text) for w in tally_warnings(rules, tallies, players)
            if w.field != "went_out"]


def test_the_rounds_dealt_card_by_card_are_never_warned_about() -> None:
    dealt = list(tables(15))
    assert len(dealt) == 15 * 7
    for table in dealt:
        assert tally_warnings(table.rules, table.tallies, table.players) == [], table


def test_an_honest_round_holding_its_deal_is_not_warned_about() -> None:
    assert warned(CLASSIC, OUT, CAUGHT) == []
    assert score_round(CLASSIC, 1, [OUT, CAUGHT]).warnings == ()


@pytest.mark.parametrize(("rules", "players", "dealt"), [
    (CLASSIC, None, 52), (CLASSIC, [3, 3], 78), (PAGAT, [2, 2], 44), (ITALIAN, [1, 2], 44)])
def test_fewer_cards_than_dealt_are_warned_about(rules: RuleSet, players: list[int] | None,
                                                 dealt: int) -> None:
    # A left count of 9 cards forgotten: 42 cards and a red three caught, 43 as the issue's
    # Herons.
    short = replace(CAUGHT, left=replace(CAUGHT.left, four_to_seven=0))
    assert warned(rules, OUT, short, players=players)[-1:] == [
        (1, "cards", f"43 cards counted, but {dealt} were dealt to this team and no turn "
                     "loses a card: is a count missing?")]
    whole = replace(CAUGHT, left=replace(CAUGHT.left, four_to_seven=dealt - 43))
    assert (1, "cards") not in [(team, field) for team, field, _ in
                                warned(rules, OUT, whole, players=players)]


def test_red_threes_caught_count_with_the_cards_and_those_laid_down_do_not() -> None:
    # 51 cards and a red three caught hold the deal; 51 and three laid down do not.
    assert warned(CLASSIC, OUT, CAUGHT) == []
    laid = replace(CAUGHT, red_threes_left=0, red_threes_down=3)
    assert warned(CLASSIC, OUT, laid) == [
        (1, "cards", "51 cards counted, but 52 were dealt to this team and no turn loses a "
                     "card: is a count missing?")]


def test_a_count_in_points_has_no_card_count_to_warn_about() -> None:
    in_points = Tally(melded=Points(40), left=Points(5))
    assert warned(CLASSIC, OUT, in_points) == []
    half = replace(CAUGHT, left=Points(5))
    assert warned(CLASSIC, OUT, half) == []


def test_more_than_half_the_decks_of_a_kind_of_several_ranks_is_warned_about() -> None:
    # "7", "5" typed without Next: 75 cards of 4 to 7, the next count empty.
    slipped = replace(CAUGHT, melded=replace(CAUGHT.melded, four_to_seven=75),
                      left=replace(CAUGHT.left, four_to_seven=0))
    assert warned(CLASSIC, OUT, slipped) == [
        (1, "melded.four_to_seven", "75 cards of 4 to 7 counted for this team: more than "
                                    "half of the 80 in the game's decks")]
    at_half = replace(CAUGHT, melded=replace(CAUGHT.melded, four_to_seven=31))
    assert warned(CLASSIC, OUT, at_half) == []  # 31 + 9 left: 40, half of 80
    many = replace(CAUGHT, left=replace(CAUGHT.left, eight_to_king=47))
    assert warned(CLASSIC, OUT, many) == [
        (1, "left.eight_to_king", "61 cards of 8 to King counted for this team: more than half "
                                  "of the 120 in the game's decks")]


def test_a_single_rank_is_not_held_to_half_the_decks() -> None:
    # Two books of aces are 14 of a classic game's 20, and honest.
    aces = Tally(melded=CardCounts(aces=14, eight_to_king=28, four_to_seven=10, twos=2),
                 books=TableBooks(clean=2, dirty=1), went_out=False)
    assert warned(CLASSIC, OUT, aces) == []


def test_more_than_half_of_all_the_cards_for_one_team_is_warned_about() -> None:
    hoard = Tally(melded=CardCounts(jokers=5, twos=15, aces=20, eight_to_king=56,
                                    four_to_seven=40),
                  books=TableBooks(clean=4, dirty=4))
    assert warned(CLASSIC, replace(OUT, melded=Points(1000), left=Points(0)), hoard) == [
        (1, "cards", "136 cards counted for this team: more than half of the 270 cards in "
                     "the game's decks")]


def test_more_wild_cards_than_the_naturals_carry_are_warned_about() -> None:
    # Pagat: at most 2 wild cards a meld, naturals at least twice the wild cards: 10 naturals
    # carry 5. The aces' count typed in the twos' box gives 8 twos and no ace.
    honest = Tally(melded=CardCounts(twos=3, aces=0, eight_to_king=10),
                   left=CardCounts(eight_to_king=20, four_to_seven=11, aces=8))
    assert warned(PAGAT, honest, CAUGHT) == []
    slipped = replace(honest, melded=replace(honest.melded, twos=8))
    assert warned(PAGAT, slipped, CAUGHT) == [
        (0, "melded.twos", "wild cards on the table (jokers, twos): 8, but the 10 natural "
                           "cards counted there carry at most 5 under these rules: is a count "
                           "in the wrong box?")]


@pytest.mark.parametrize(("rules", "naturals", "most"), [
    (PAGAT, 10, 5), (PAGAT, 4, 2), (ITALIAN, 8, 6), (ITALIAN, 3, 0), (CLASSIC, 7, 3)])
def test_the_most_wild_cards_naturals_carry_follow_the_limits(rules: RuleSet, naturals: int,
                                                               most: int) -> None:
    assert most_wilds_carried(rules.wilds, naturals) == most


def test_where_wild_melds_are_allowed_a_wild_book_and_an_unfinished_one_are_carried() -> None:
    # Classic: a wild book of 7 and a meld of 6 wild cards beside the 10 that 20 naturals
    # carry; one more is one too many.
    wilds = Tally(melded=CardCounts(jokers=10, twos=13, eight_to_king=20),
                  left=CardCounts(four_to_seven=9), books=TableBooks(clean=1, dirty=1, wild=1),
                  went_out=True)
    assert warned(CLASSIC, wilds, CAUGHT) == []
    assert [field for _, field, _ in warned(
        CLASSIC, replace(wilds, melded=replace(wilds.melded, twos=14)), CAUGHT)] == ["melded.twos"]


def test_each_warning_is_an_error_shaped_object() -> None:
    short = replace(CAUGHT, left=CardCounts())
    [nobody, deal] = tally_warnings(CLASSIC, [replace(OUT, went_out=False), short])
    assert nobody.as_dict() == {"team": None, "field": "went_out", "message": (
        "No team went out. That is right if the stock ran out; otherwise mark the team that "
        "went out.")}
    assert isinstance(deal, Problem) and deal.as_dict()["team"] == 1
