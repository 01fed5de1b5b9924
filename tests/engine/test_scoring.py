"""Round scores part by part, with every expected number worked out by hand."""

from dataclasses import fields, replace

import pytest

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import InvalidTally, Problem
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT
from handfoot_score.engine.rules import (
    CardValues,
    RedThree,
    Round,
    RuleSet,
    ScoreMinimum,
    SpecialBook,
)
from handfoot_score.engine.scoring import SCORE_PARTS, TeamScore, score_round, score_team
from handfoot_score.engine.tally import CardCounts, Points, TableBooks, Tally

# (melded, book, red three, going out, bonus, left, meld minimum, total)
Parts = tuple[int, int, int, int, int, int, int, int]


def parts(score: TeamScore) -> Parts:
    return (score.melded_points, score.book_points, score.red_three_points,
            score.going_out_points, score.bonus_points, score.left_points, score.meld_minimum,
            score.total)


ROUNDS = [
    pytest.param(
        CLASSIC, 1,
        [
            Tally(melded=CardCounts(jokers=3, twos=8, aces=6, eight_to_king=20, four_to_seven=10),
                  books=TableBooks(clean=2, dirty=2, wild=1), red_threes_down=2, went_out=True,
                  left=CardCounts(aces=1, black_threes=1)),
            Tally(melded=CardCounts(eight_to_king=7, four_to_seven=3),
                  books=TableBooks(clean=1), red_threes_down=1, red_threes_left=2,
                  left=CardCounts(jokers=1, twos=1, four_to_seven=2, black_threes=2)),
        ],
        [
            # 3×50 + 8×20 + 6×20 + 20×10 + 10×5 = 680; 2×500 + 2×300 + 1500 = 3100;
            # 2×100 = 200; left 20 + 5 = 25; 680 + 3100 + 200 + 100 − 25 = 4055
            (680, 3100, 200, 100, 0, 25, 50, 4055),
            # 7×10 + 3×5 = 85; 500; 100 − 2×100 = −100; left 50 + 20 + 2×5 + 2×5 = 90;
            # 85 + 500 − 100 − 90 = 395
            (85, 500, -100, 0, 0, 90, 50, 395),
        ],
        id="classic, round 1, team 1 went out",
    ),
    pytest.param(
        CLASSIC, 3,
        [
            Tally(left=CardCounts(eight_to_king=5), red_threes_left=1),
            Tally(melded=CardCounts(aces=3)),
            Tally(),
        ],
        [
            # nothing on the table; 5×10 left; a red three caught costs 100
            (0, 0, -100, 0, 0, 50, 120, -150),
            (60, 0, 0, 0, 0, 0, 120, 60),
            (0, 0, 0, 0, 0, 0, 120, 0),
        ],
        id="classic, round 3, stock ran out, three teams",
    ),
    pytest.param(
        CLASSIC, 2,
        [Tally(melded=Points(570), left=Points(35), books=TableBooks(clean=1),
               red_threes_down=1)],
        [(570, 500, 100, 0, 0, 35, 90, 1135)],
        id="classic, round 2, points counted in piles",
    ),
    pytest.param(
        CLASSIC, 4,
        [Tally(melded=CardCounts(jokers=3, twos=8, eight_to_king=24),
               books=TableBooks(clean=2, dirty=2, wild=1), went_out=True)],
        # 35 cards for 5 books: 3×50 + 8×20 + 24×10 = 550; 3100; 100; 550 + 3100 + 100 = 3750
        [(550, 3100, 0, 100, 0, 0, 150, 3750)],
        id="classic, round 4, nothing left",
    ),
    pytest.param(
        PAGAT, 2,
        [
            Tally(melded=CardCounts(jokers=1, twos=3, aces=4, eight_to_king=14, four_to_seven=7),
                  books=TableBooks(clean=2, dirty=2), red_threes_down=2, went_out=True,
                  exact_draws=1),
            Tally(melded=CardCounts(aces=3), red_threes_left=2, exact_draws=2,
                  left=CardCounts(twos=1, black_threes=1)),
        ],
        [
            # 50 + 3×20 + 4×20 + 14×10 + 7×5 = 365; 2×500 + 2×300 = 1600; red threes down
            # score 0; one exact grab of 22 cards: 300; 365 + 1600 + 100 + 300 = 2365
            (365, 1600, 0, 100, 300, 0, 90, 2365),
            # 3×20 = 60; 2 red threes caught: −600; 2 exact grabs: 600; left 20 + 5 = 25
            (60, 0, -600, 0, 600, 25, 90, 35),
        ],
        id="pagat, round 2, exact grabs",
    ),
    pytest.param(
        PAGAT, 4,
        [Tally(melded=CardCounts(aces=3), red_threes_left=2,
               left=CardCounts(twos=1, black_threes=1))],
        [(60, 0, -600, 0, 0, 25, 150, -565)],
        id="pagat, round 4, caught with red threes",
    ),
    pytest.param(
        ITALIAN, 1,
        [
            Tally(melded=CardCounts(jokers=1, twos=2, eight_to_king=7, four_to_seven=4),
                  books=TableBooks(clean=1, dirty=1), red_threes_down=1, went_out=True),
            Tally(melded=CardCounts(aces=3), red_threes_left=3,
                  left=CardCounts(four_to_seven=1, black_threes=1)),
        ],
        [
            # 50 + 2×20 + 7×10 + 4×5 = 180; 500 + 300 = 800; red three down: 0
            (180, 800, 0, 100, 0, 0, 50, 1080),
            # 60; 3 red threes caught at 5: −15; left 5 + 5 = 10
            (60, 0, -15, 0, 0, 10, 50, 35),
        ],
        id="italian, round 1, team 1 went out",
    ),
    pytest.param(
        ITALIAN, 3,
        [Tally(melded=Points(85), left=Points(5), books=TableBooks(clean=1, dirty=1),
               red_threes_left=1, went_out=True)],
        # 85 + 800 − 5 + 100 − 5 = 975
        [(85, 800, -5, 100, 0, 5, 120, 975)],
        id="italian, round 3, points counted in piles",
    ),
]


@pytest.mark.parametrize(("rules", "round_number", "tallies", "expected"), ROUNDS)
def test_every_part_of_the_score(rules: RuleSet, round_number: int, tallies: list[Tally],
                                 expected: list[Parts]) -> None:
    result = score_round(rules, round_number, tallies)
    assert result.round == round_number
    assert [parts(team) for team in result.teams] == expected
    assert [parts(score_team(rules, round_number, t)) for t in tallies] == expected


def test_total_is_the_parts_with_the_cards_left_taken_off() -> None:
    score = TeamScore(name="A", melded_points=680, book_points=3100, red_three_points=-100,
                      going_out_points=100, bonus_points=300, left_points=25, meld_minimum=50)
    assert score.total == 680 + 3100 - 100 + 100 + 300 - 25


def test_team_names_are_kept() -> None:
    result = score_round(CLASSIC, 1, [Tally(name="Ann & Bo"), Tally(name=None)])
    assert [team.name for team in result.teams] == ["Ann & Bo", None]


def test_a_round_nobody_went_out_of_is_flagged() -> None:
    def went_out_warnings(tallies: list[Tally]) -> list[Problem]:
        return [w for w in score_round(ITALIAN, 1, tallies).warnings if w.field == "went_out"]

    assert [w.team for w in went_out_warnings([Tally(), Tally()])] == [None]
    out = Tally(melded=CardCounts(eight_to_king=11, twos=3), books=TableBooks(clean=1, dirty=1),
                went_out=True)
    assert went_out_warnings([out, Tally()]) == []


def test_an_impossible_tally_is_not_scored() -> None:
    with pytest.raises(InvalidTally):
        score_round(CLASSIC, 1, [Tally(melded=Points(7))])


# -- house rules ----------------------------------------------------------------------------

# 35 cards for 5 books: 3×50 + 8×20 + 24×10 = 550 melded; 2×500 + 2×300 + 1500 = 3100 in books
FULL_CLASSIC = Tally(melded=CardCounts(jokers=3, twos=8, eight_to_king=24),
                     books=TableBooks(clean=2, dirty=2, wild=1), went_out=True)


@pytest.mark.parametrize(("round_number", "bonus", "total"),
                         [(1, 100, 3750), (2, 200, 3850), (3, 300, 3950), (4, 400, 4050)])
def test_going_out_bonus_that_rises_by_round(round_number: int, bonus: int, total: int) -> None:
    rules = replace(CLASSIC, rounds=tuple(replace(r, going_out_bonus=100 * n)
                                          for n, r in enumerate(CLASSIC.rounds, start=1)))
    team = score_round(rules, round_number, [FULL_CLASSIC]).teams[0]
    assert (team.going_out_points, team.total) == (bonus, total)


@pytest.mark.parametrize(
    ("rules", "round_number", "minimum", "bonus"),
    [
        (replace(CLASSIC, rounds=(*CLASSIC.rounds, Round(180, 500, CLASSIC.rounds[0]
                                                         .going_out_books, 7))), 5, 180, 500),
        (replace(CLASSIC, rounds=(*CLASSIC.rounds, *(Round(m, 100, CLASSIC.rounds[0]
                                                           .going_out_books, 7)
                                                     for m in (180, 210, 250)))), 7, 250, 100),
    ],
    ids=["5 rounds", "7 rounds"],
)
def test_the_last_of_five_or_seven_rounds(rules: RuleSet, round_number: int, minimum: int,
                                          bonus: int) -> None:
    team = score_round(rules, round_number, [FULL_CLASSIC]).teams[0]
    assert (team.meld_minimum, team.going_out_points, team.total) == (
        minimum, bonus, 550 + 3100 + bonus)
    with pytest.raises(InvalidTally):
        score_round(rules, round_number + 1, [FULL_CLASSIC])


@pytest.mark.parametrize(
    ("rules", "tally", "red_three_points", "total"),
    [
        # the pagat summary line's 500: two red threes caught cost 1000
        (replace(PAGAT, red_three=RedThree(down=0, left=500)),
         Tally(melded=CardCounts(aces=3), red_threes_left=2), -1000, 60 - 1000),
        (PAGAT, Tally(melded=CardCounts(aces=3), red_threes_left=2), -600, 60 - 600),
        # 300 down, 500 caught: 2 × 300 − 500
        (replace(CLASSIC, red_three=RedThree(down=300, left=500)),
         Tally(red_threes_down=2, red_threes_left=1), 100, 100),
    ],
)
def test_red_three_bonus_and_penalty(rules: RuleSet, tally: Tally, red_three_points: int,
                                     total: int) -> None:
    team = score_round(rules, 1, [tally]).teams[0]
    assert (team.red_three_points, team.total) == (red_three_points, total)


@pytest.mark.parametrize("left", [CardCounts(black_threes=2, eight_to_king=1), Points(210)])
def test_black_three_penalty_of_100(left: CardCounts | Points) -> None:
    rules = replace(CLASSIC, card_values=CardValues(black_three=100))
    team = score_round(rules, 1, [Tally(left=left)]).teams[0]
    assert (team.left_points, team.total) == (210, -210)


SEVENS = SpecialBook(id="sevens", name="Book of sevens", bonus=1500,
                     kind=CardKind.FOUR_TO_SEVEN, rank=Rank.SEVEN)


@pytest.mark.parametrize(
    ("rules", "tally", "book_points", "total"),
    [
        # 7 sevens (35) + 7 kings (70) on the table; 500 for the kings, 1500 for the sevens
        (replace(CLASSIC, special_books=(SEVENS,)),
         Tally(melded=CardCounts(four_to_seven=7, eight_to_king=7),
               books=TableBooks(clean=1, special=(("sevens", 1),))), 2000, 2105),
        (replace(CLASSIC, special_books=(replace(SEVENS, bonus=1000),)),
         Tally(melded=CardCounts(four_to_seven=7), books=TableBooks(special=(("sevens", 1),))),
         1000, 1035),
        (replace(CLASSIC, special_books=(SEVENS,)),
         Tally(melded=Points(35), books=TableBooks(special=(("sevens", 1),))), 1500, 1535),
        (replace(CLASSIC, special_books=(SpecialBook("black_threes", "Book of black threes",
                                                     2000, CardKind.BLACK_THREE),)),
         Tally(melded=CardCounts(black_threes=7),
               books=TableBooks(special=(("black_threes", 1),))), 2000, 2035),
        # pagat scores red threes laid down at 0, so only the book counts
        (replace(PAGAT, special_books=(SpecialBook("red_threes", "Book of red threes", 1000,
                                                   CardKind.RED_THREE, Rank.THREE),)),
         Tally(red_threes_down=7, books=TableBooks(special=(("red_threes", 1),))), 1000, 1000),
    ],
    ids=["sevens 1500 with a clean book", "sevens 1000", "sevens in points",
         "black threes 2000", "red threes 1000"],
)
def test_special_books(rules: RuleSet, tally: Tally, book_points: int, total: int) -> None:
    team = score_round(rules, 1, [tally]).teams[0]
    assert (team.book_points, team.total) == (book_points, total)


@pytest.mark.parametrize(
    ("steps", "score_before", "minimum"),
    [
        ((ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
          ScoreMinimum(50_000, 150)), None, 50),
        ((ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
          ScoreMinimum(50_000, 150)), 14_995, 50),
        ((ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
          ScoreMinimum(50_000, 150)), 15_000, 90),
        ((ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
          ScoreMinimum(50_000, 150)), 30_000, 120),
        ((ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
          ScoreMinimum(50_000, 150)), 52_000, 150),
        ((ScoreMinimum(None, 15), ScoreMinimum(0, 50), ScoreMinimum(1_500, 90),
          ScoreMinimum(3_000, 120)), -20, 15),
        ((ScoreMinimum(None, 15), ScoreMinimum(0, 50), ScoreMinimum(1_500, 90),
          ScoreMinimum(3_000, 120)), 1_500, 90),
    ],
)
def test_meld_minimum_follows_each_teams_score(steps: tuple[ScoreMinimum, ...],
                                               score_before: int | None, minimum: int) -> None:
    rules = replace(CLASSIC, meld_minimum_by_score=steps)
    result = score_round(rules, 3, [Tally(score_before=score_before),
                                    Tally(score_before=60_000)])
    assert [team.meld_minimum for team in result.teams] == [minimum, steps[-1].minimum]


def test_exact_draw_bonus_as_a_house_rule() -> None:
    rules = replace(CLASSIC, exact_draw_bonus=100, rounds=tuple(
        replace(r, exact_draw_cards=cards)
        for r, cards in zip(CLASSIC.rounds, (22, 26, 30, 34), strict=True)))
    assert rules.round(4).exact_draw_cards == 34
    team = score_round(rules, 4, [Tally(exact_draws=3)]).teams[0]
    assert (team.bonus_points, team.total) == (300, 300)


def test_a_score_s_parts_are_named_once() -> None:
    names = [field.name for field in fields(TeamScore)]
    assert names == ["name", *SCORE_PARTS, "meld_minimum"]
