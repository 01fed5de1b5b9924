"""Tally checks: each impossible tally is refused, naming the team (0-based) and the field."""

from dataclasses import replace

import pytest

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.checks import check_tallies, tally_problems
from handfoot_score.engine.errors import InvalidTally
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT, PRESETS
from handfoot_score.engine.rules import CardValues, RuleSet, SpecialBook, WildLimits
from handfoot_score.engine.tally import CardCounts, Points, TableBooks, Tally

ALL = ["classic", "pagat", "italian"]
FIELD_OF = {
    CardKind.JOKER: "jokers",
    CardKind.TWO: "twos",
    CardKind.ACE: "aces",
    CardKind.EIGHT_TO_KING: "eight_to_king",
    CardKind.FOUR_TO_SEVEN: "four_to_seven",
    CardKind.BLACK_THREE: "black_threes",
}
SEVENS = SpecialBook(id="sevens", name="Book of sevens", bonus=1500,
                     kind=CardKind.FOUR_TO_SEVEN, rank=Rank.SEVEN)
BLACK_THREES = SpecialBook(id="black_threes", name="Book of black threes", bonus=2000,
                           kind=CardKind.BLACK_THREE)

Found = set[tuple[int | None, str]]


def found(rules: RuleSet, tallies: list[Tally], round_number: int = 1) -> Found:
    """The (team, field) of every problem, after checking check_tallies agrees."""
    problems = tally_problems(rules, round_number, tallies)
    if problems:
        with pytest.raises(InvalidTally) as error:
            check_tallies(rules, round_number, tallies)
        assert list(error.value.problems) == problems
    else:
        check_tallies(rules, round_number, tallies)
    return {(problem.team, problem.field) for problem in problems}


def cards(naturals: int = 0, wilds: int = 0, **more: int) -> CardCounts:
    """Naturals as 8 to King, wilds as twos then jokers (the twos of four decks run out at 16)."""
    twos = min(wilds, 16)
    return CardCounts(eight_to_king=naturals, twos=twos, jokers=wilds - twos, **more)


def with_books(rules: RuleSet, clean: int = 0, dirty: int = 0, wild: int = 0,
               as_points: bool = False, **tally: object) -> Tally:
    """A tally holding just enough cards on the table for these books.

    ``as_points`` gives them as points, which take nothing from the supply the other
    teams' counted cards share.
    """
    books = TableBooks(clean, dirty, wild)
    if as_points:
        least = sum(rules.book_card_points(kind) * n for kind, n in books.as_counts().items())
        return Tally(melded=Points(least), books=books, **tally)  # type: ignore[arg-type]
    fewest = rules.dirty_book_min_naturals or 0
    # every book holds 7 cards: a dirty book its fewest naturals, the rest wild cards
    melded = cards(7 * clean + fewest * dirty, (7 - fewest) * dirty + 7 * wild)
    return Tally(melded=melded, books=books, **tally)  # type: ignore[arg-type]


# -- every count is a whole number, 0 or more -----------------------------------------------

NOT_WHOLE = [
    (Tally(melded=CardCounts(jokers=-1)), "melded.jokers"),
    (Tally(melded=CardCounts(twos=1.5)), "melded.twos"),  # type: ignore[arg-type]
    (Tally(melded=CardCounts(aces="3")), "melded.aces"),  # type: ignore[arg-type]
    (Tally(melded=CardCounts(eight_to_king=-10)), "melded.eight_to_king"),
    (Tally(melded=CardCounts(four_to_seven=True)), "melded.four_to_seven"),
    (Tally(melded=CardCounts(black_threes=-1)), "melded.black_threes"),
    (Tally(left=CardCounts(jokers=-1)), "left.jokers"),
    (Tally(left=CardCounts(twos=None)), "left.twos"),  # type: ignore[arg-type]
    (Tally(left=CardCounts(aces=-2)), "left.aces"),
    (Tally(left=CardCounts(eight_to_king=0.5)), "left.eight_to_king"),  # type: ignore[arg-type]
    (Tally(left=CardCounts(four_to_seven=-5)), "left.four_to_seven"),
    (Tally(left=CardCounts(black_threes=-1)), "left.black_threes"),
    (Tally(melded=Points(-5)), "melded.points"),
    (Tally(melded=Points(35.0)), "melded.points"),  # type: ignore[arg-type]
    (Tally(left=Points(-5)), "left.points"),
    (Tally(books=TableBooks(clean=-1)), "books.clean"),
    (Tally(books=TableBooks(dirty=1.0)), "books.dirty"),  # type: ignore[arg-type]
    (Tally(books=TableBooks(wild=-1)), "books.wild"),
    (Tally(books=TableBooks(special=(("sevens", -1),))), "books.sevens"),
    (Tally(red_threes_down=-1), "red_threes_down"),
    (Tally(red_threes_left="2"), "red_threes_left"),  # type: ignore[arg-type]
    (Tally(exact_draws=-1), "exact_draws"),
    (Tally(exact_draws=7), "exact_draws"),
    (Tally(went_out=1), "went_out"),  # type: ignore[arg-type]
    (Tally(went_out="yes"), "went_out"),  # type: ignore[arg-type]
    (Tally(score_before=1.5), "score_before"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize(("tally", "field"), NOT_WHOLE)
def test_every_count_is_a_whole_number(preset: str, tally: Tally, field: str) -> None:
    assert found(PRESETS[preset], [Tally(), tally]) == {(1, field)}


# -- the supply of the decks in play ------------------------------------------------------

@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("kind", [k for k in CardKind if k.is_wild or k.is_natural])
def test_table_and_hands_of_all_teams_share_the_supply(preset: str, kind: CardKind) -> None:
    rules = PRESETS[preset]
    supply, name = rules.supply(kind), FIELD_OF[kind]
    first = Tally(melded=CardCounts(**{name: supply - 1}))
    assert found(rules, [first, Tally(left=CardCounts(**{name: 1}))]) == set()
    assert found(rules, [first, Tally(left=CardCounts(**{name: 2}))]) == {(1, f"left.{name}")}
    assert found(rules, [first, Tally(melded=CardCounts(**{name: 2}))]) == {
        (1, f"melded.{name}")}
    alone = Tally(melded=CardCounts(**{name: supply}), left=CardCounts(**{name: 1}))
    assert found(rules, [alone]) == {(0, f"left.{name}")}


@pytest.mark.parametrize("preset", ALL)
def test_black_threes_left_in_hands_share_the_supply(preset: str) -> None:
    rules = PRESETS[preset]
    supply = rules.supply(CardKind.BLACK_THREE)
    first = Tally(left=CardCounts(black_threes=supply - 1))
    assert found(rules, [first, Tally(left=CardCounts(black_threes=1))]) == set()
    assert found(rules, [first, Tally(), Tally(left=CardCounts(black_threes=2))]) == {
        (2, "left.black_threes")}


@pytest.mark.parametrize("preset", ALL)
def test_red_threes_down_and_left_share_the_supply(preset: str) -> None:
    rules = PRESETS[preset]
    supply = rules.supply(CardKind.RED_THREE)
    assert found(rules, [Tally(red_threes_down=supply - 1), Tally(red_threes_left=1)]) == set()
    assert found(rules, [Tally(red_threes_down=supply - 1), Tally(red_threes_left=2)]) == {
        (1, "red_threes_left")}
    assert found(rules, [Tally(red_threes_left=supply), Tally(red_threes_down=1)]) == {
        (1, "red_threes_down")}
    assert found(rules, [Tally(red_threes_down=supply, red_threes_left=1)]) == {
        (0, "red_threes_left")}


@pytest.mark.parametrize(("preset", "red_threes"), [("classic", 10), ("pagat", 8),
                                                     ("italian", 10)])
def test_red_three_supply_by_preset(preset: str, red_threes: int) -> None:
    rules = PRESETS[preset]
    assert found(rules, [Tally(red_threes_down=red_threes)]) == set()
    assert found(rules, [Tally(red_threes_down=red_threes + 1)]) == {(0, "red_threes_down")}


# -- naturals and wild cards under the books --------------------------------------------------

@pytest.mark.parametrize(
    ("preset", "books", "naturals", "wilds", "problems"),
    [
        # naturals >= 7 x clean + fewest x dirty (fewest: classic 5, pagat 5, italian 4)
        ("classic", (2, 2, 0), 24, 4, set()),
        ("classic", (2, 2, 0), 23, 2, {(0, "books.clean")}),
        ("classic", (1, 0, 0), 7, 0, set()),
        ("classic", (1, 0, 0), 6, 0, {(0, "books.clean")}),
        ("classic", (0, 1, 0), 5, 2, set()),
        ("classic", (0, 1, 0), 4, 3, {(0, "books.dirty")}),
        ("pagat", (2, 2, 0), 24, 4, set()),
        ("pagat", (2, 2, 0), 23, 2, {(0, "books.clean")}),
        ("pagat", (0, 3, 0), 15, 6, set()),
        ("pagat", (0, 3, 0), 14, 3, {(0, "books.dirty")}),
        ("italian", (1, 1, 0), 11, 3, set()),
        ("italian", (1, 1, 0), 10, 1, {(0, "books.clean")}),
        ("italian", (0, 1, 0), 4, 3, set()),
        ("italian", (0, 1, 0), 3, 3, {(0, "books.dirty")}),
        ("italian", (0, 2, 0), 8, 6, set()),
        ("italian", (0, 2, 0), 7, 2, {(0, "books.dirty")}),
        # wilds >= dirty + 7 x wild
        ("classic", (2, 2, 1), 24, 11, set()),
        ("classic", (2, 2, 1), 24, 8, {(0, "books.wild")}),
        ("classic", (0, 0, 1), 0, 7, set()),
        ("classic", (0, 0, 1), 0, 6, {(0, "books.wild")}),
        ("classic", (0, 0, 2), 0, 14, set()),
        ("classic", (0, 0, 2), 0, 13, {(0, "books.wild")}),
        ("classic", (0, 3, 0), 15, 6, set()),
        ("classic", (0, 3, 0), 15, 2, {(0, "books.dirty")}),
        ("pagat", (0, 2, 0), 10, 4, set()),
        ("pagat", (0, 2, 0), 10, 1, {(0, "books.dirty")}),
        ("italian", (0, 2, 0), 8, 1, {(0, "books.dirty")}),
        # every book holds 7 cards: 6 naturals and 0 wilds make no clean book, 5 + 1 no dirty
        ("classic", (0, 1, 0), 5, 1, {(0, "books.dirty")}),
        ("pagat", (2, 2, 0), 24, 2, {(0, "books.dirty")}),
        ("italian", (0, 1, 0), 4, 1, {(0, "books.dirty")}),
        # both short
        ("classic", (0, 1, 1), 4, 7, {(0, "books.dirty"), (0, "books.wild")}),
    ],
)
def test_books_need_their_cards_on_the_table(preset: str, books: tuple[int, int, int],
                                            naturals: int, wilds: int, problems: Found) -> None:
    tally = Tally(melded=cards(naturals, wilds), books=TableBooks(*books))
    assert found(PRESETS[preset], [tally]) == problems


def test_naturals_of_every_kind_count_toward_books() -> None:
    melded = CardCounts(aces=5, eight_to_king=5, four_to_seven=4, twos=2)
    assert found(CLASSIC, [Tally(melded=melded, books=TableBooks(clean=2))]) == set()
    assert found(CLASSIC, [Tally(melded=melded, books=TableBooks(clean=2, dirty=1))]) == {
        (0, "books.clean")}


@pytest.mark.parametrize(("preset", "allowed"), [("classic", True), ("pagat", False),
                                                 ("italian", False)])
@pytest.mark.parametrize("melded", [CardCounts(jokers=3, twos=4), Points(350)])
def test_wild_books_only_where_the_rules_allow_them(preset: str, allowed: bool,
                                                   melded: CardCounts | Points) -> None:
    tally = Tally(melded=melded, books=TableBooks(wild=1))
    assert found(PRESETS[preset], [tally]) == (set() if allowed else {(0, "books.wild")})


def test_dirty_books_only_where_the_wild_limits_allow_them() -> None:
    no_wilds = replace(CLASSIC, wilds=WildLimits(max_per_meld=0), books=replace(
        CLASSIC.books, wild=None), rounds=tuple(replace(r, going_out_books=replace(
            r.going_out_books, dirty=0, wild=0)) for r in CLASSIC.rounds))
    tally = Tally(melded=cards(7, 1), books=TableBooks(dirty=1))
    assert found(no_wilds, [tally]) == {(0, "books.dirty")}


def test_black_threes_are_never_melded() -> None:
    assert found(CLASSIC, [Tally(melded=CardCounts(black_threes=1))]) == {
        (0, "melded.black_threes")}


# -- going out ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("preset", "books", "missing"),
    [
        ("classic", (2, 2, 1), set()),
        ("classic", (3, 3, 2), set()),
        ("classic", (2, 2, 0), {"books.wild"}),
        ("classic", (1, 2, 1), {"books.clean"}),
        ("classic", (2, 1, 1), {"books.dirty"}),
        ("classic", (0, 0, 0), {"books.clean", "books.dirty", "books.wild"}),
        ("pagat", (2, 2, 0), set()),
        ("pagat", (2, 1, 0), {"books.dirty"}),
        ("pagat", (1, 2, 0), {"books.clean"}),
        ("pagat", (0, 0, 0), {"books.clean", "books.dirty"}),
        ("italian", (1, 1, 0), set()),
        ("italian", (2, 3, 0), set()),
        ("italian", (1, 0, 0), {"books.dirty"}),
        ("italian", (0, 1, 0), {"books.clean"}),
        ("italian", (0, 0, 0), {"books.clean", "books.dirty"}),
    ],
)
@pytest.mark.parametrize("round_number", [1, 4])
def test_the_team_that_went_out_holds_the_books(preset: str, books: tuple[int, int, int],
                                               missing: set[str], round_number: int) -> None:
    rules = PRESETS[preset]
    out = with_books(rules, *books, went_out=True)
    stayed = with_books(rules, *books, as_points=True)
    assert found(rules, [stayed, out], round_number) == {(1, field) for field in missing}
    assert found(rules, [stayed, replace(out, went_out=False)], round_number) == set()
    points_out = with_books(rules, *books, as_points=True, went_out=True)
    assert found(rules, [points_out], round_number) == {(0, field) for field in missing}


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize(
    ("went_out", "problems"),
    [
        ((False, False, False), set()),
        ((True, False, False), set()),
        ((False, False, True), set()),
        ((True, True, False), {(1, "went_out")}),
        ((True, False, True), {(2, "went_out")}),
        ((False, True, True), {(2, "went_out")}),
        ((True, True, True), {(1, "went_out"), (2, "went_out")}),
    ],
)
def test_at_most_one_team_goes_out(preset: str, went_out: tuple[bool, ...],
                                   problems: Found) -> None:
    rules = PRESETS[preset]
    need = rules.round(1).going_out_books
    tallies = [with_books(rules, need.clean, need.dirty, need.wild, as_points=True, went_out=out)
               for out in went_out]
    assert found(rules, tallies) == problems


# -- points given as plain numbers ------------------------------------------------------

FOUR_TO_SEVEN_AT_3 = replace(CLASSIC, card_values=CardValues(four_to_seven=3))
BLACK_THREE_AT_100 = replace(CLASSIC, card_values=CardValues(black_three=100))


@pytest.mark.parametrize(
    ("rules", "melded", "left", "problems"),
    [
        (CLASSIC, Points(35), Points(35), set()),
        (CLASSIC, Points(0), Points(0), set()),
        (CLASSIC, Points(7), Points(35), {(0, "melded.points")}),
        (CLASSIC, Points(35), Points(7), {(0, "left.points")}),
        (CLASSIC, Points(7), Points(3), {(0, "melded.points"), (0, "left.points")}),
        (PAGAT, Points(7), Points(35), {(0, "melded.points")}),
        (PAGAT, Points(35), Points(7), {(0, "left.points")}),
        (ITALIAN, Points(7), Points(35), {(0, "melded.points")}),
        (ITALIAN, Points(35), Points(7), {(0, "left.points")}),
        (CLASSIC, CardCounts(aces=3), Points(7), {(0, "left.points")}),
        (CLASSIC, CardCounts(aces=3), Points(35), set()),
        (CLASSIC, Points(7), CardCounts(aces=3), {(0, "melded.points")}),
        # the whole classic supply on one table is 2,900 points; 2,950 with black threes left
        (CLASSIC, Points(2_900), Points(2_950), set()),
        (CLASSIC, Points(2_905), Points(0), {(0, "melded.points")}),
        (CLASSIC, Points(0), Points(2_955), {(0, "left.points")}),
        # four decks: 2,320 on the table
        (PAGAT, Points(2_320), Points(0), set()),
        (PAGAT, Points(2_325), Points(0), {(0, "melded.points")}),
        # with 4 to 7 worth 3, 3 points are one card; 5 is a black three, never melded
        (FOUR_TO_SEVEN_AT_3, Points(3), Points(3), set()),
        (FOUR_TO_SEVEN_AT_3, Points(5), Points(5), {(0, "melded.points")}),
        (FOUR_TO_SEVEN_AT_3, Points(4), Points(4), {(0, "melded.points"), (0, "left.points")}),
        (BLACK_THREE_AT_100, Points(0), Points(1_000), set()),
    ],
)
def test_points_must_be_reachable_from_the_card_values(
        rules: RuleSet, melded: CardCounts | Points, left: CardCounts | Points,
        problems: Found) -> None:
    assert found(rules, [Tally(melded=melded, left=left)]) == problems


def test_unreachable_points_are_named_on_the_right_team() -> None:
    tallies = [Tally(melded=Points(35)), Tally(melded=Points(35)), Tally(left=Points(12))]
    assert found(CLASSIC, tallies) == {(2, "left.points")}


@pytest.mark.parametrize(
    ("rules", "books", "least"),
    [
        # a clean book holds at least 7 x 5; a dirty one 6 x 5 + 20; a wild one 7 x 20
        (CLASSIC, TableBooks(clean=1), 35),
        (CLASSIC, TableBooks(dirty=1), 50),
        (CLASSIC, TableBooks(wild=1), 140),
        (CLASSIC, TableBooks(clean=2, dirty=2, wild=1), 310),
        (PAGAT, TableBooks(clean=2, dirty=2), 170),
        (PAGAT, TableBooks(dirty=1), 50),
        (ITALIAN, TableBooks(clean=1, dirty=1), 85),
        (ITALIAN, TableBooks(dirty=3), 150),
        (replace(CLASSIC, special_books=(SEVENS,)), TableBooks(special=(("sevens", 1),)), 35),
        (FOUR_TO_SEVEN_AT_3, TableBooks(clean=1), 21),
    ],
)
def test_points_cover_the_books_counted(rules: RuleSet, books: TableBooks, least: int) -> None:
    assert found(rules, [Tally(melded=Points(least), books=books)]) == set()
    short = least - 5 if least % 5 == 0 else least - 3
    assert found(rules, [Tally(melded=Points(short), books=books)]) == {(0, "melded.points")}


# -- what the rules do not have ------------------------------------------------------------

def test_special_books_the_rules_lack_are_refused() -> None:
    tally = Tally(melded=CardCounts(four_to_seven=7), books=TableBooks(special=(("sevens", 1),)))
    assert found(CLASSIC, [tally]) == {(0, "books.sevens")}
    assert found(replace(CLASSIC, special_books=(SEVENS,)), [tally]) == set()


@pytest.mark.parametrize(("preset", "allowed"), [("classic", False), ("pagat", True),
                                                 ("italian", False)])
def test_exact_draws_only_where_the_rules_pay_for_them(preset: str, allowed: bool) -> None:
    found_now = found(PRESETS[preset], [Tally(), Tally(exact_draws=2)])
    assert found_now == (set() if allowed else {(1, "exact_draws")})


@pytest.mark.parametrize(
    ("rules", "book", "melded", "problems"),
    [
        (replace(CLASSIC, special_books=(SEVENS,)), "sevens", CardCounts(four_to_seven=7), set()),
        (replace(CLASSIC, special_books=(SEVENS,)), "sevens",
         CardCounts(four_to_seven=6, aces=1), {(0, "books.sevens")}),
        (replace(CLASSIC, special_books=(SEVENS,)), "sevens", CardCounts(four_to_seven=6),
         {(0, "books"), (0, "books.sevens")}),
        (replace(CLASSIC, special_books=(BLACK_THREES,)), "black_threes",
         CardCounts(black_threes=7), set()),
        (replace(CLASSIC, special_books=(BLACK_THREES,)), "black_threes",
         CardCounts(black_threes=6), {(0, "books.black_threes")}),
    ],
)
def test_special_books_need_seven_of_their_cards(rules: RuleSet, book: str, melded: CardCounts,
                                                problems: Found) -> None:
    tally = Tally(melded=melded, books=TableBooks(special=((book, 1),)))
    assert found(rules, [tally]) == problems


def test_a_special_natural_book_counts_toward_the_naturals() -> None:
    rules = replace(CLASSIC, special_books=(SEVENS,))
    books = TableBooks(clean=1, special=(("sevens", 1),))
    enough = CardCounts(four_to_seven=7, eight_to_king=7)
    short = CardCounts(four_to_seven=7, eight_to_king=6)
    assert found(rules, [Tally(melded=enough, books=books)]) == set()
    assert found(rules, [Tally(melded=short, books=books)]) == {(0, "books.clean")}


def test_melded_black_threes_share_the_supply() -> None:
    rules = replace(CLASSIC, special_books=(BLACK_THREES,))
    tally = Tally(melded=CardCounts(black_threes=7), left=CardCounts(black_threes=4),
                  books=TableBooks(special=(("black_threes", 1),)))
    assert found(rules, [tally]) == {(0, "left.black_threes")}


@pytest.mark.parametrize("round_number", [0, 5, -1])
def test_a_round_the_rules_lack_is_refused(round_number: int) -> None:
    assert found(CLASSIC, [Tally()], round_number) == {(None, "round")}


def test_a_fifth_round_is_fine_where_the_rules_have_one() -> None:
    five = replace(CLASSIC, rounds=(*CLASSIC.rounds, CLASSIC.rounds[-1]))
    assert found(five, [Tally()], 5) == set()


@pytest.mark.parametrize("teams", [0, 7])
def test_one_to_six_teams(teams: int) -> None:
    assert found(CLASSIC, [Tally()] * teams) == {(None, "teams")}


def test_every_team_is_named_at_once() -> None:
    tallies = [Tally(melded=CardCounts(jokers=7), books=TableBooks(wild=1)),
               Tally(melded=Points(35)),
               Tally(red_threes_left=9)]
    assert found(PAGAT, tallies) == {(0, "books.wild"), (2, "red_threes_left")}


def test_invalid_tally_names_teams_counting_from_one_in_its_message() -> None:
    with pytest.raises(ValueError, match=r"^team 2 went_out: only one team goes out"):
        check_tallies(ITALIAN, 1, [with_books(ITALIAN, 1, 1, went_out=True),
                                   with_books(ITALIAN, 1, 1, went_out=True)])
    with pytest.raises(InvalidTally) as error:
        check_tallies(CLASSIC, 1, [Tally(), Tally(left=Points(7))])
    assert error.value.problems[0].as_dict() == {
        "team": 1, "field": "left.points",
        "message": "7 cannot be made from the cards' values (with the usual values: "
                   "a multiple of 5)"}


def test_every_book_holds_seven_cards_in_card_count_mode_too() -> None:
    """One dirty book of 5 naturals and 1 wild is six cards: impossible, as in points mode."""
    six = Tally(melded=CardCounts(aces=5, twos=1), books=TableBooks(dirty=1))
    with pytest.raises(InvalidTally) as caught:
        check_tallies(CLASSIC, 1, [six])
    assert [(p.team, p.field) for p in caught.value.problems] == [(0, "books.dirty")]
    check_tallies(CLASSIC, 1, [Tally(melded=CardCounts(aces=5, twos=2), books=TableBooks(dirty=1))])


def test_points_beyond_the_decks_say_the_most_they_allow() -> None:
    # Four decks hold 2,320 points of melding cards with the usual values.
    [problem] = tally_problems(PAGAT, 1, [Tally(melded=Points(2_500)), Tally()])
    assert (problem.team, problem.field) == (0, "melded.points")
    assert problem.text == "at most 2320 points can be melded from 4 decks"
    [problem] = tally_problems(PAGAT, 1, [Tally(), Tally(left=Points(9_000))])
    assert (problem.team, problem.field) == (1, "left.points")
    assert problem.text == "at most 2360 points can be left in hands and feet from 4 decks"
    # A sum the values cannot make, below the most, is still said so.
    [problem] = tally_problems(PAGAT, 1, [Tally(melded=Points(2_307)), Tally()])
    assert problem.text == ("2307 cannot be made from the cards' values (with the usual "
                            "values: a multiple of 5)")
    assert tally_problems(PAGAT.for_players(6), 1, [Tally(melded=Points(2_500)), Tally()]) == []
