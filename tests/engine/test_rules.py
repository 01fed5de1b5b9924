"""Rule sets: card values, wild-card limits, minimums, and refusing rules that cannot be played."""

import doctest
from collections.abc import Callable
from dataclasses import FrozenInstanceError, replace
from types import ModuleType

import pytest

from handfoot_score.engine import card_values
from handfoot_score.engine import rules as rules_module
from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import InvalidRules
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT
from handfoot_score.engine.rules import (
    BookBonuses,
    BookCounts,
    CardValues,
    RedThree,
    Round,
    RuleSet,
    ScoreMinimum,
    SpecialBook,
    WildLimits,
)

SEVENS = SpecialBook(id="sevens", name="Book of sevens", bonus=1500,
                     kind=CardKind.FOUR_TO_SEVEN, rank=Rank.SEVEN)
BY_SCORE = (ScoreMinimum(None, 50), ScoreMinimum(15_000, 90), ScoreMinimum(30_000, 120),
            ScoreMinimum(50_000, 150))
CANASTA = (ScoreMinimum(None, 15), ScoreMinimum(0, 50), ScoreMinimum(1_500, 90),
           ScoreMinimum(3_000, 120))


@pytest.mark.parametrize("module", [rules_module, card_values], ids=lambda m: m.__name__)
def test_docstring_examples_hold(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_rule_sets_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        CLASSIC.decks = 6  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        (CardKind.JOKER, 50),
        (CardKind.TWO, 20),
        (CardKind.ACE, 20),
        (CardKind.EIGHT_TO_KING, 10),
        (CardKind.FOUR_TO_SEVEN, 5),
        (CardKind.BLACK_THREE, 5),
        (CardKind.RED_THREE, 0),
    ],
)
def test_card_value_of_each_kind(kind: CardKind, points: int) -> None:
    assert CardValues().of(kind) == points


def test_a_house_card_value_replaces_the_usual_one() -> None:
    values = CardValues(four_to_seven=3, black_three=100)
    assert (values.of(CardKind.FOUR_TO_SEVEN), values.of(CardKind.BLACK_THREE)) == (3, 100)


@pytest.mark.parametrize(
    ("limits", "naturals", "wilds", "allowed"),
    [
        (WildLimits(), 3, 0, True),
        (WildLimits(), 0, 0, True),
        (WildLimits(), 2, 1, True),
        (WildLimits(), 5, 2, True),
        (WildLimits(), 4, 3, False),
        (WildLimits(), 0, 3, False),
        (WildLimits(wild_melds=True), 0, 7, True),
        (WildLimits(wild_melds=True, max_per_meld=3), 0, 4, False),
        (WildLimits(naturals_per_wild=1, max_per_meld=2), 4, 3, False),
        (WildLimits(naturals_per_wild=1, max_per_meld=3), 4, 3, True),
        (WildLimits(naturals_per_wild=0, min_naturals_with_wild=4), 3, 1, False),
        (WildLimits(naturals_per_wild=0, min_naturals_with_wild=4), 4, 3, True),
        (WildLimits(max_per_meld=0), 6, 1, False),
    ],
)
def test_wild_limits(limits: WildLimits, naturals: int, wilds: int, allowed: bool) -> None:
    assert limits.allows(naturals, wilds) is allowed


@pytest.mark.parametrize(
    ("limits", "fewest"),
    [
        (WildLimits(), 5),
        (WildLimits(max_per_meld=2), 5),
        (WildLimits(naturals_per_wild=0, min_naturals_with_wild=4), 4),
        (WildLimits(naturals_per_wild=1), 4),
        (WildLimits(naturals_per_wild=0), 1),
        (WildLimits(max_per_meld=1), 6),
        (WildLimits(max_per_meld=0), None),
        (WildLimits(naturals_per_wild=7), None),
    ],
)
def test_fewest_naturals_in_a_dirty_book(limits: WildLimits, fewest: int | None) -> None:
    rules = replace(PAGAT, wilds=limits, rounds=_rounds(4, going_out_books=BookCounts(clean=1)))
    assert rules.dirty_book_min_naturals == fewest


def _rounds(count: int, **changes: object) -> tuple[Round, ...]:
    """``count`` rounds like the classic ones (the last repeated), with ``changes``."""
    base = [CLASSIC.rounds[min(i, 3)] for i in range(count)]
    return tuple(replace(r, **changes) for r in base)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [0, 5, -1])
def test_a_round_outside_the_game_is_refused(number: int) -> None:
    with pytest.raises(ValueError, match="between 1 and 4"):
        CLASSIC.round(number)


@pytest.mark.parametrize(
    ("steps", "score", "minimum"),
    [
        (BY_SCORE, None, 50),
        (BY_SCORE, -500, 50),
        (BY_SCORE, 0, 50),
        (BY_SCORE, 14_995, 50),
        (BY_SCORE, 15_000, 90),
        (BY_SCORE, 29_995, 90),
        (BY_SCORE, 30_000, 120),
        (BY_SCORE, 49_995, 120),
        (BY_SCORE, 50_000, 150),
        (BY_SCORE, 120_000, 150),
        (CANASTA, -5, 15),
        (CANASTA, -2_000, 15),
        (CANASTA, None, 50),
        (CANASTA, 0, 50),
        (CANASTA, 1_495, 50),
        (CANASTA, 1_500, 90),
        (CANASTA, 2_995, 90),
        (CANASTA, 3_000, 120),
        (CANASTA, 10_000, 120),
    ],
)
@pytest.mark.parametrize("number", [1, 4])
def test_opening_minimum_follows_the_cumulative_score(
        steps: tuple[ScoreMinimum, ...], score: int | None, minimum: int, number: int) -> None:
    rules = replace(CLASSIC, meld_minimum_by_score=steps)
    assert rules.meld_minimum(number, score_before=score) == minimum


@pytest.mark.parametrize(
    ("minimums", "number", "minimum"),
    [
        ((50, 90, 120, 150, 180), 5, 180),
        ((60, 90, 120, 150), 1, 60),
        ((90, 120, 150, 180), 4, 180),
        ((50, 90, 120, 150, 150, 200, 250), 7, 250),
        ((50, 90, 120, 150, 150, 200, 250), 6, 200),
    ],
)
def test_any_number_of_rounds_with_their_own_minimum(
        minimums: tuple[int, ...], number: int, minimum: int) -> None:
    rounds = tuple(replace(CLASSIC.rounds[0], meld_minimum=m) for m in minimums)
    rules = replace(CLASSIC, rounds=rounds)
    assert len(rules.rounds) == len(minimums)
    assert rules.meld_minimum(number) == minimum


@pytest.mark.parametrize(
    ("rules", "kind", "least"),
    [
        (CLASSIC, "clean", 35),
        (CLASSIC, "dirty", 50),
        (CLASSIC, "wild", 140),
        (PAGAT, "clean", 35),
        (PAGAT, "dirty", 50),
        (ITALIAN, "clean", 35),
        (ITALIAN, "dirty", 50),
        (replace(CLASSIC, special_books=(SEVENS,)), "sevens", 35),
        (CLASSIC, "no_such_book", 0),
        (replace(CLASSIC, card_values=CardValues(four_to_seven=3)), "clean", 21),
        (replace(CLASSIC, card_values=CardValues(two=5, joker=5)), "wild", 35),
    ],
)
def test_fewest_card_points_a_book_can_hold(rules: RuleSet, kind: str, least: int) -> None:
    assert rules.book_card_points(kind) == least


def test_special_books_are_found_by_id() -> None:
    rules = replace(CLASSIC, special_books=(SEVENS,))
    assert rules.special_book("sevens") is SEVENS
    assert rules.special_book("black_threes") is None


def _reachable(mask: int, points: int) -> bool:
    return bool(mask >> points & 1)


@pytest.mark.parametrize(
    ("rules", "points", "melded", "left"),
    [
        (CLASSIC, 0, True, True),
        (CLASSIC, 5, True, True),
        (CLASSIC, 7, False, False),
        (CLASSIC, 35, True, True),
        (CLASSIC, 2_900, True, True),
        (CLASSIC, 2_905, False, True),
        (CLASSIC, 2_950, False, True),
        (CLASSIC, 2_955, False, False),
        (PAGAT, 2_320, True, True),
        (PAGAT, 2_325, False, True),
        (replace(CLASSIC, card_values=CardValues(four_to_seven=3)), 3, True, True),
        (replace(CLASSIC, card_values=CardValues(four_to_seven=3)), 5, False, True),
        (replace(CLASSIC, card_values=CardValues(four_to_seven=3)), 4, False, False),
    ],
)
def test_points_the_cards_can_add_up_to(rules: RuleSet, points: int, melded: bool,
                                        left: bool) -> None:
    assert _reachable(rules.melded_points_reachable, points) is melded
    assert _reachable(rules.left_points_reachable, points) is left


def test_a_black_three_book_lets_black_threes_count_on_the_table() -> None:
    book = SpecialBook(id="black_threes", name="Black threes", bonus=2000,
                       kind=CardKind.BLACK_THREE)
    values = CardValues(four_to_seven=3)
    without = replace(CLASSIC, card_values=values)
    with_book = replace(without, special_books=(book,))
    assert not _reachable(without.melded_points_reachable, 5)
    assert _reachable(with_book.melded_points_reachable, 5)


def _fields(error: pytest.ExceptionInfo[InvalidRules]) -> set[str]:
    assert all(problem.team is None for problem in error.value.problems)
    return {problem.field for problem in error.value.problems}


def _special(**changes: object) -> SpecialBook:
    return replace(SEVENS, **changes)  # type: ignore[arg-type]


INVALID_RULES: list[tuple[str, Callable[[], RuleSet], set[str]]] = [
    ("no decks", lambda: replace(CLASSIC, decks=0), {"decks"}),
    ("too many decks", lambda: replace(CLASSIC, decks=21), {"decks"}),
    ("decks as text", lambda: replace(CLASSIC, decks="5"), {"decks"}),
    ("decks as a flag", lambda: replace(CLASSIC, decks=True), {"decks"}),
    ("empty hand", lambda: replace(CLASSIC, hand_size=0), {"hand_size"}),
    ("huge foot", lambda: replace(CLASSIC, foot_size=51), {"foot_size"}),
    ("negative joker", lambda: replace(CLASSIC, card_values=CardValues(joker=-50)),
     {"card_values.joker"}),
    ("huge black three", lambda: replace(CLASSIC, card_values=CardValues(black_three=10_001)),
     {"card_values.black_three"}),
    ("negative clean book", lambda: replace(CLASSIC, books=BookBonuses(-500, 300, 1500)),
     {"books.clean"}),
    ("negative dirty book", lambda: replace(CLASSIC, books=BookBonuses(500, -1, 1500)),
     {"books.dirty"}),
    ("negative wild book", lambda: replace(CLASSIC, books=BookBonuses(500, 300, -1500)),
     {"books.wild"}),
    ("negative red three down", lambda: replace(CLASSIC, red_three=RedThree(-100, 100)),
     {"red_three.down"}),
    ("negative red three left", lambda: replace(CLASSIC, red_three=RedThree(100, -1)),
     {"red_three.left"}),
    ("negative exact-draw bonus", lambda: replace(PAGAT, exact_draw_bonus=-300),
     {"exact_draw_bonus"}),
    ("naturals per wild over 7",
     lambda: replace(PAGAT, wilds=WildLimits(naturals_per_wild=8, max_per_meld=2)),
     {"wilds.naturals_per_wild"}),
    ("negative wilds per meld", lambda: replace(PAGAT, wilds=WildLimits(max_per_meld=-1)),
     {"wilds.max_per_meld"}),
    ("eight naturals with a wild",
     lambda: replace(ITALIAN, wilds=WildLimits(naturals_per_wild=0, min_naturals_with_wild=8)),
     {"wilds.min_naturals_with_wild"}),
    ("wild melds not a flag", lambda: replace(PAGAT, wilds=WildLimits(max_per_meld=2,
                                                                      wild_melds=1)),
     {"wilds.wild_melds"}),
    ("pile rule not a flag", lambda: replace(ITALIAN, pile_needs_opened=1),
     {"pile_needs_opened"}),
    ("upper-case id", lambda: replace(CLASSIC, id="Classic Rules"), {"id"}),
    ("empty id", lambda: replace(CLASSIC, id=""), {"id"}),
    ("blank name", lambda: replace(CLASSIC, name="   "), {"name"}),
    ("long name", lambda: replace(CLASSIC, name="x" * 101), {"name"}),
    ("wild book without wild melds", lambda: replace(PAGAT, books=BookBonuses(wild=1500)),
     {"books.wild"}),
    ("wild book over the wilds per meld",
     lambda: replace(CLASSIC, wilds=WildLimits(max_per_meld=2, wild_melds=True)),
     {"books.wild"}),
    ("zero rounds", lambda: replace(CLASSIC, rounds=()), {"rounds"}),
    ("21 rounds", lambda: replace(CLASSIC, rounds=_rounds(21)), {"rounds"}),
    ("negative going-out bonus",
     lambda: replace(CLASSIC, rounds=(replace(CLASSIC.rounds[0], going_out_bonus=-100),
                                      *CLASSIC.rounds[1:])),
     {"rounds.0.going_out_bonus"}),
    ("negative minimum",
     lambda: replace(CLASSIC, rounds=(*CLASSIC.rounds[:2],
                                      replace(CLASSIC.rounds[2], meld_minimum=-1),
                                      CLASSIC.rounds[3])),
     {"rounds.2.meld_minimum"}),
    ("nothing taken from the pile",
     lambda: replace(CLASSIC, rounds=(*CLASSIC.rounds[:3], replace(CLASSIC.rounds[3],
                                                                   pile_take=0))),
     {"rounds.3.pile_take"}),
    ("exact draw of no cards",
     lambda: replace(PAGAT, rounds=(PAGAT.rounds[0], replace(PAGAT.rounds[1],
                                                             exact_draw_cards=0),
                                    *PAGAT.rounds[2:])),
     {"rounds.1.exact_draw_cards"}),
    ("negative books to go out",
     lambda: replace(CLASSIC, rounds=(replace(CLASSIC.rounds[0],
                                              going_out_books=BookCounts(-1, 2, 1)),
                                      *CLASSIC.rounds[1:])),
     {"rounds.0.going_out_books.clean"}),
    ("wild book required without wild books",
     lambda: replace(PAGAT, rounds=_rounds(4, going_out_books=BookCounts(2, 2, 1))),
     {f"rounds.{i}.going_out_books.wild" for i in range(4)}),
    ("dirty book required where none can be made",
     lambda: replace(PAGAT, wilds=WildLimits(max_per_meld=0)),
     {f"rounds.{i}.going_out_books.dirty" for i in range(4)}),
    ("no score steps", lambda: replace(CLASSIC, meld_minimum_by_score=()),
     {"meld_minimum_by_score"}),
    ("score steps going down",
     lambda: replace(CLASSIC, meld_minimum_by_score=(ScoreMinimum(0, 50),
                                                     ScoreMinimum(0, 90))),
     {"meld_minimum_by_score.1.from_score"}),
    ("null score step after the first",
     lambda: replace(CLASSIC, meld_minimum_by_score=(ScoreMinimum(0, 50),
                                                     ScoreMinimum(None, 90))),
     {"meld_minimum_by_score.1.from_score"}),
    ("negative score-step minimum",
     lambda: replace(CLASSIC, meld_minimum_by_score=(ScoreMinimum(None, -15),)),
     {"meld_minimum_by_score.0.minimum"}),
    ("special book called clean",
     lambda: replace(CLASSIC, special_books=(_special(id="clean"),)),
     {"special_books.0.id"}),
    ("special book id in capitals",
     lambda: replace(CLASSIC, special_books=(_special(id="Sevens"),)),
     {"special_books.0.id"}),
    ("special book id twice",
     lambda: replace(CLASSIC, special_books=(SEVENS, _special(bonus=1000))),
     {"special_books.1.id"}),
    ("special book without a name",
     lambda: replace(CLASSIC, special_books=(_special(name=""),)),
     {"special_books.0.name"}),
    ("negative special bonus",
     lambda: replace(CLASSIC, special_books=(_special(bonus=-1500),)),
     {"special_books.0.bonus"}),
    ("special book of wild cards",
     lambda: replace(CLASSIC, special_books=(_special(kind=CardKind.TWO, rank=None),)),
     {"special_books.0.kind"}),
    ("special book rank of another kind",
     lambda: replace(CLASSIC, special_books=(_special(rank=Rank.KING),)),
     {"special_books.0.rank"}),
]


@pytest.mark.parametrize(("build", "fields"), [pytest.param(b, f, id=i)
                                                for i, b, f in INVALID_RULES])
def test_rules_that_cannot_be_played_are_refused(build: Callable[[], RuleSet],
                                                 fields: set[str]) -> None:
    with pytest.raises(InvalidRules) as error:
        build()
    assert _fields(error) == fields


def test_every_problem_is_named_at_once() -> None:
    with pytest.raises(InvalidRules) as error:
        replace(CLASSIC, decks=0, books=BookBonuses(-1, 300, 1500), red_three=RedThree(-1, -1))
    assert _fields(error) == {"decks", "books.clean", "red_three.down", "red_three.left"}


def test_invalid_rules_is_a_value_error_that_names_the_field() -> None:
    with pytest.raises(ValueError, match=r"^decks: must be between 1 and 20, not 0$"):
        replace(CLASSIC, decks=0)


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: replace(CLASSIC, rounds=_rounds(5)), id="5 rounds"),
        pytest.param(lambda: replace(CLASSIC, rounds=_rounds(7)), id="7 rounds"),
        pytest.param(lambda: replace(CLASSIC, rounds=_rounds(20)), id="20 rounds"),
        pytest.param(lambda: replace(CLASSIC, decks=20), id="20 decks"),
        pytest.param(lambda: replace(ITALIAN, decks=6), id="italian on 6 decks"),
        pytest.param(lambda: replace(CLASSIC, books=BookBonuses(500, 300, 0)),
                     id="free wild books"),
        pytest.param(lambda: replace(PAGAT, red_three=RedThree(0, 500)), id="pagat red three 500"),
        pytest.param(lambda: replace(CLASSIC, red_three=RedThree(300, 500)),
                     id="red three 300/500"),
        pytest.param(lambda: replace(CLASSIC, card_values=CardValues(black_three=300)),
                     id="black three 300"),
        pytest.param(lambda: replace(CLASSIC, meld_minimum_by_score=CANASTA), id="canasta"),
        pytest.param(lambda: replace(CLASSIC, special_books=(SEVENS,)), id="sevens book"),
        pytest.param(lambda: replace(CLASSIC, special_books=(SpecialBook(
            "red_threes", "Red threes", 1000, CardKind.RED_THREE, Rank.THREE),)),
            id="red three book"),
        pytest.param(lambda: replace(CLASSIC, wilds=WildLimits(max_per_meld=3, wild_melds=True),
                                     books=BookBonuses(wild=None),
                                     rounds=_rounds(4, going_out_books=BookCounts(2, 2))),
                     id="at most 3 wilds, no wild books"),
    ],
)
def test_house_rules_that_can_be_played_are_accepted(build: Callable[[], RuleSet]) -> None:
    assert isinstance(build(), RuleSet)
