"""The meld checker: size, one rank, no threes, wild-card limits, kind, points, the opening."""

from dataclasses import replace

import pytest

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import UnknownCard
from handfoot_score.engine.melds import check_opening, judge_meld, read_melds
from handfoot_score.engine.presets import CLASSIC, PRESETS
from handfoot_score.engine.rules import (
    BookGrowth,
    CardValues,
    RuleSet,
    ScoreMinimum,
    SpecialBook,
    WildLimits,
)


def meld(text: str) -> tuple[Rank, ...]:
    """Cards written as at the table: ``"K K K 2"``."""
    return read_melds([text.split()])[0]


# (preset, meld, legal, kind, points)
MELDS = [
    ("classic", "K K K", True, "clean", 30),
    ("classic", "A A A", True, "clean", 60),
    ("classic", "4 4 4 4", True, "clean", 20),
    ("classic", "K K K K K K K", True, "clean", 70),
    ("classic", "K K", False, "clean", 20),
    # Seven is the most: a finished book takes no more cards (RULES: "7 is the most").
    ("classic", "K K K K K K K K", False, "clean", 80),
    ("classic", "K K Q", False, "clean", 30),
    ("classic", "4 5 6", False, "clean", 15),
    ("classic", "3 3 3", False, "clean", 15),
    ("classic", "K K 2", True, "dirty", 40),
    ("classic", "K 2 2", False, "dirty", 50),
    ("classic", "7 7 7 JK", True, "dirty", 65),
    ("classic", "K K K K K 2 2", True, "dirty", 90),
    ("classic", "K K K K K JK JK", True, "dirty", 150),
    ("classic", "K K K K 2 2 2", False, "dirty", 100),
    ("classic", "A A A A A A 2", True, "dirty", 140),
    ("classic", "JK JK JK", True, "wild", 150),
    ("classic", "JK 2 2", True, "wild", 90),
    ("classic", "2 2 2 2 2 2 2", True, "wild", 140),
    ("classic", "JK JK", False, "wild", 100),
    ("pagat", "K K K", True, "clean", 30),
    ("pagat", "K K 2", True, "dirty", 40),
    ("pagat", "K K K K K 2 2", True, "dirty", 90),
    ("pagat", "K K K K K K 2", True, "dirty", 80),
    ("pagat", "K K K K 2 2 2", False, "dirty", 100),
    ("pagat", "K 2 2", False, "dirty", 50),
    ("pagat", "JK JK JK", False, "wild", 150),
    ("pagat", "2 2 2 2 2 2 2", False, "wild", 140),
    ("pagat", "3 3 3", False, "clean", 15),
    ("pagat", "8 8 8 8 8 8 8 8", True, "clean", 80),
    ("pagat", "K K K K K K K K 2 2", True, "dirty", 120),
    ("pagat", "K K K K K K K K 2 2 2", False, "dirty", 140),
    ("italian", "K K K", True, "clean", 30),
    ("italian", "K K 2", False, "dirty", 40),
    ("italian", "K K K 2", False, "dirty", 50),
    ("italian", "K K K K 2", True, "dirty", 60),
    ("italian", "K K K K 2 2 2", True, "dirty", 100),
    ("italian", "K K K K K JK 2", True, "dirty", 120),
    ("italian", "JK JK JK", False, "wild", 150),
    ("italian", "3 3 3 3", False, "clean", 20),
    ("italian", "Q Q J", False, "clean", 30),
    ("italian", "K K K K K K K K", False, "clean", 80),
]


@pytest.mark.parametrize(("preset", "text", "legal", "kind", "points"), MELDS)
def test_judge_meld(preset: str, text: str, legal: bool, kind: str, points: int) -> None:
    judged = judge_meld(PRESETS[preset], meld(text))
    assert (judged.valid, judged.kind, judged.points) == (legal, kind, points)
    assert judged.is_book == (len(judged.cards) >= 7)
    assert bool(judged.problems) is not legal


@pytest.mark.parametrize(
    ("preset", "text", "problem"),
    [
        ("classic", "K K", "a meld has 3 to 7 cards, not 2"),
        ("pagat", " ".join(["K"] * 17), "17 cards of rank K, but 4 decks hold only 16"),
        ("classic", "K K Q", "natural cards of one rank only, not K, Q"),
        ("classic", "3 3 3", "threes are never melded"),
        ("classic", "K K K K 2 2 2", "natural cards for 3 wild cards: at least 6, not 4"),
        ("pagat", "K K K K 2 2 2", "wild cards in a meld: at most 2, not 3"),
        ("pagat", "JK JK JK", "these rules allow no meld of wild cards only"),
        ("italian", "K K 2", "natural cards in a meld with wild cards: at least 4, not 2"),
        ("italian", "JK JK JK", "these rules allow no meld of wild cards only"),
    ],
)
def test_each_problem_is_said(preset: str, text: str, problem: str) -> None:
    assert [p.text for p in judge_meld(PRESETS[preset], meld(text)).problems] == [problem]


def test_several_problems_are_said_at_once() -> None:
    assert [p.text for p in judge_meld(CLASSIC, meld("3 3")).problems] == [
        "a meld has 3 to 7 cards, not 2", "threes are never melded"]


@pytest.mark.parametrize(
    ("limits", "text", "legal"),
    [
        (WildLimits(naturals_per_wild=1, max_per_meld=2), "K K K K 2 2 2", False),
        (WildLimits(naturals_per_wild=1, max_per_meld=3), "K K K K 2 2 2", True),
        (WildLimits(naturals_per_wild=1, max_per_meld=None), "K K K 2 2 2", True),
        (WildLimits(max_per_meld=0), "K K K K K K 2", False),
        (WildLimits(wild_melds=True, max_per_meld=3), "JK JK JK", True),
        (WildLimits(wild_melds=True, max_per_meld=3), "JK JK JK JK", False),
    ],
)
def test_house_wild_card_limits(limits: WildLimits, text: str, legal: bool) -> None:
    rules = replace(CLASSIC, wilds=limits, books=replace(CLASSIC.books, wild=None),
                    rounds=tuple(replace(r, going_out_books=replace(r.going_out_books, wild=0,
                                                                    dirty=0))
                                 for r in CLASSIC.rounds))
    assert judge_meld(rules, meld(text)).valid is legal


def test_house_card_values_change_a_melds_points() -> None:
    rules = replace(CLASSIC, card_values=CardValues(four_to_seven=3, joker=100))
    assert judge_meld(rules, meld("7 7 7 JK")).points == 109


@pytest.mark.parametrize("rank", [Rank.THREE, None])
def test_threes_may_be_melded_where_a_book_of_threes_is_a_house_rule(rank: Rank | None) -> None:
    book = SpecialBook(id="black_threes", name="Book of black threes", bonus=2000,
                       kind=CardKind.BLACK_THREE, rank=rank)
    rules = replace(CLASSIC, special_books=(book,))
    judged = judge_meld(rules, meld("3 3 3 3 3 3 3"))
    assert (judged.valid, judged.points, judged.is_book) == (True, 35, True)


@pytest.mark.parametrize(
    ("texts", "cards"),
    [
        ([["K", "k", "T", "10"]], ((Rank.KING, Rank.KING, Rank.TEN, Rank.TEN),)),
        ([["Joker", "jk", "2"], []], ((Rank.JOKER, Rank.JOKER, Rank.TWO), ())),
    ],
)
def test_read_melds(texts: list[list[str]], cards: tuple[tuple[Rank, ...], ...]) -> None:
    assert read_melds(texts) == cards


def test_unknown_cards_are_named_by_meld_and_position() -> None:
    with pytest.raises(UnknownCard) as error:
        read_melds([["K", "K", "K"], ["Q", "X", "Q", "11"]])
    assert [p.field for p in error.value.problems] == ["melds.1.1", "melds.1.3"]
    assert all(p.team is None for p in error.value.problems)


# -- the opening ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("preset", "melds", "points"),
    [
        ("classic", ["A A A"], 60),
        ("classic", ["K K K", "Q Q Q"], 60),
        ("classic", ["JK K K", "9 9 9"], 100),
        ("classic", ["A A A", "JK K K", "9 9 9"], 160),
        ("classic", ["A A A", "K K K K K K"], 120),
        ("classic", ["JK JK JK"], 150),
        ("pagat", ["A A A", "K K 2"], 100),
        ("pagat", ["A A A A A 2 2"], 140),
        ("italian", ["K K K K 2"], 60),
        ("italian", ["A A A A JK 2", "4 4 4"], 165),
    ],
)
@pytest.mark.parametrize(("round_number", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_opening_meets_the_rounds_minimum(preset: str, melds: list[str], points: int,
                                          round_number: int, minimum: int) -> None:
    opening = check_opening(PRESETS[preset], round_number, [meld(m) for m in melds])
    assert (opening.valid, opening.points, opening.meld_minimum) == (True, points, minimum)
    assert opening.meets_minimum is (points >= minimum)


@pytest.mark.parametrize(
    ("preset", "melds"),
    [
        ("classic", ["A A A A A", "K Q J"]),
        ("classic", ["A A A", "K K K K 2 2 2"]),
        ("pagat", ["JK JK JK"]),
        ("italian", ["A A A", "K K 2"]),
        ("italian", []),
    ],
)
def test_an_opening_with_an_illegal_meld_never_meets_the_minimum(preset: str,
                                                                 melds: list[str]) -> None:
    opening = check_opening(PRESETS[preset], 1, [meld(m) for m in melds])
    assert (opening.valid, opening.meets_minimum) == (False, False)


BY_SCORE = (ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
            ScoreMinimum(50_000, 150))
CANASTA = (ScoreMinimum(None, 15), ScoreMinimum(0, 50), ScoreMinimum(1_500, 90),
           ScoreMinimum(3_000, 120))


@pytest.mark.parametrize(
    ("steps", "score_before", "melds", "minimum", "meets"),
    [
        (BY_SCORE, None, ["JK K K", "9 9 9"], 50, True),
        (BY_SCORE, 14_995, ["JK K K", "9 9 9"], 50, True),
        (BY_SCORE, 15_000, ["JK K K", "9 9 9"], 90, True),
        (BY_SCORE, 30_000, ["JK K K", "9 9 9"], 120, False),
        (BY_SCORE, 50_000, ["A A A", "JK K K", "9 9 9"], 150, True),
        (CANASTA, -5, ["4 4 4"], 15, True),
        (CANASTA, 0, ["4 4 4"], 50, False),
        (CANASTA, 1_500, ["A A A", "8 8 8"], 90, True),
        (CANASTA, 3_000, ["A A A", "8 8 8"], 120, False),
    ],
)
@pytest.mark.parametrize("round_number", [1, 4])
def test_opening_minimum_by_score(steps: tuple[ScoreMinimum, ...], score_before: int | None,
                                  melds: list[str], minimum: int, meets: bool,
                                  round_number: int) -> None:
    rules: RuleSet = replace(CLASSIC, meld_minimum_by_score=steps)
    opening = check_opening(rules, round_number, [meld(m) for m in melds], score_before)
    assert (opening.meld_minimum, opening.meets_minimum) == (minimum, meets)


#: Pagat's finished books, its wild cards limited only by two naturals a wild card.
PAGAT_ANY_WILDS = replace(PRESETS["pagat"], wilds=WildLimits(naturals_per_wild=2,
                                                             max_per_meld=None))


@pytest.mark.parametrize(("rules", "text", "legal"), [
    (PRESETS["classic"], "K K K K K K K K", False),
    (PRESETS["classic"], "K K K K K K K", True),
    (PRESETS["italian"], "K K K K K 2 2 K", False),
    (PRESETS["pagat"], "K K K K K K K K K", True),
    (PRESETS["pagat"], "K K K K K K K K K 2 2", True),
    # Nine kings and four twos keep two naturals a wild card, but four twos make no book of
    # seven: a wild card came after the book closed.
    (PAGAT_ANY_WILDS, "K K K K K K K K K 2 2 2 2", False),
    (PAGAT_ANY_WILDS, "K K K K K K K K K K 2 2", True),
    (replace(PAGAT_ANY_WILDS, add_to_finished_book=BookGrowth.ANY),
     "K K K K K K K K K 2 2 2 2", True),
    (replace(PRESETS["classic"], add_to_finished_book=BookGrowth.ANY), "K K K K K K K K", True),
])
def test_a_finished_book_takes_what_the_rules_allow(rules: RuleSet, text: str,
                                                    legal: bool) -> None:
    assert judge_meld(rules, meld(text)).valid is legal


def test_a_book_past_seven_is_refused_naming_the_rule() -> None:
    [problem] = judge_meld(PRESETS["classic"], meld("K K K K K K K K")).problems
    assert problem.field == "cards"
    assert problem.text == ("a finished book takes no more cards under these rules "
                            "(add_to_finished_book): 7 at most, not 8")
    [problem] = judge_meld(PAGAT_ANY_WILDS, meld("K K K K K K K K K 2 2 2 2")).problems
    assert problem.text == ("only natural cards are added to a finished book under these "
                            "rules (add_to_finished_book): a book of 7 cannot hold the wild "
                            "cards counted (4)")


def test_one_wild_card_is_said_as_one() -> None:
    """The number a problem says is the one it counts: "1 wild card", never "1 wild cards"."""
    three_each = replace(PRESETS["classic"], wilds=replace(PRESETS["classic"].wilds,
                                                           naturals_per_wild=3))
    [problem] = judge_meld(three_each, meld("K K 2")).problems
    assert problem.text == "natural cards for 1 wild card: at least 3, not 2"


def test_one_deck_is_said_as_one() -> None:
    one_deck = replace(PRESETS["italian"], decks=1)
    problems = judge_meld(one_deck, meld("K K K K K")).problems
    assert "5 cards of rank K, but 1 deck holds only 4" in [p.text for p in problems]
