"""House rules other scorekeepers play: each scored by hand, and each refusal named."""

from dataclasses import replace

import pytest

from handfoot_score.engine.cards import CardKind, Rank, parse_rank_group
from handfoot_score.engine.errors import InvalidRules, InvalidTally
from handfoot_score.engine.going_out import books_lacking
from handfoot_score.engine.melds import judge_meld, read_melds
from handfoot_score.engine.presets import CLASSIC, PAGAT
from handfoot_score.engine.rules import (
    MAX_SPECIAL_BOOKS,
    BlackThree,
    BookBonuses,
    BookCounts,
    BookGrowth,
    CardValues,
    RedThree,
    RuleSet,
    SpecialBook,
)
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.scoring import TeamScore, score_round
from handfoot_score.engine.tally import CardCounts, Points, RankCounts, TableBooks, Tally

SEVENS = SpecialBook(id="sevens", name="Book of sevens", bonus=1000,
                     kind=CardKind.FOUR_TO_SEVEN, rank=Rank.SEVEN)
#: The documented shape {id, name, bonus}: no kind, so its cards are naturals of no kind.
NINES = SpecialBook(id="nines", name="Book of nines", bonus=600)

#: Classic, with every house rule of this file: red threes 100 when out and 50 otherwise,
#: black threes melded when going out, mixed wild books 1000, 8s and 9s worth 5, a book
#: of sevens needed to go out, 100 for laying down first.
HOUSE = replace(
    CLASSIC, id="house13", name="Every house rule",
    rounds=tuple(replace(r, going_out_books=BookCounts(clean=1, dirty=1,
                                                       special=(("sevens", 1),)))
                 for r in CLASSIC.rounds),
    red_three=RedThree(down=100, left=100, down_when_not_out=50),
    black_three=BlackThree(meld_when_going_out=True),
    books=BookBonuses(clean=500, dirty=300, wild=1500, mixed_wild=1000),
    card_values=CardValues(by_rank=((Rank.NINE, 5), (Rank.EIGHT, 5))),
    special_books=(SEVENS, NINES),
    first_meld_bonus=100,
)


def ranks(counts: dict[str, int]) -> RankCounts:
    """Cards counted by rank as a tally writes them: {"JK": 2, "8-9": 4}."""
    return RankCounts.of((parse_rank_group(key), count) for key, count in counts.items())


def parts(score: TeamScore) -> tuple[int, ...]:
    return (score.melded_points, score.book_points, score.red_three_points,
            score.going_out_points, score.bonus_points, score.left_points, score.total)


def fields(error: pytest.ExceptionInfo[InvalidTally] | pytest.ExceptionInfo[InvalidRules]
           ) -> list[tuple[int | None, str]]:
    return [(p.team, p.field) for p in error.value.problems]


US = Tally(
    # A×7 clean; 7×7 the book of sevens; 9×5 + JK×2 dirty; JK + 2×6 mixed wild; 3 black threes
    melded=ranks({"JK": 3, "2": 6, "A": 7, "7": 7, "9": 5, "3": 3}),
    books=TableBooks(clean=1, dirty=1, mixed_wild=1, special=(("sevens", 1),)),
    red_threes_down=2, went_out=True, first_meld=True,
)
THEM = Tally(
    melded=ranks({"K": 7, "8-9": 6, "4-6": 3, "JK": 1, "2": 1}),
    books=TableBooks(clean=1), red_threes_down=3, red_threes_left=1,
    left=ranks({"Q": 2, "8": 1, "3": 1, "JK": 1}),
)


def test_a_round_under_every_house_rule() -> None:
    us, them = score_round(HOUSE, 1, [US, THEM]).teams
    # Us: 3×50 + 6×20 + 7×20 + 7×5 + 5×5 (nines at 5) + 3×5 (black threes) = 485;
    # 500 clean + 300 dirty + 1000 mixed wild + 1000 sevens = 2800; 2 red threes × 100 = 200;
    # going out 100; first meld 100; nothing left: 485 + 2800 + 200 + 100 + 100 = 3685
    assert parts(us) == (485, 2800, 200, 100, 100, 0, 3685)
    # Them: 7×10 + 6×5 (8s and 9s) + 3×5 + 50 + 20 = 185; 500; 3 red threes × 50 (not out)
    # − 1 × 100 = 50; left 2×10 + 5 + 5 + 50 = 80: 185 + 500 + 50 − 80 = 655
    assert parts(them) == (185, 500, 50, 0, 0, 80, 655)


def test_a_red_three_is_worth_the_same_in_or_out_without_the_house_rule() -> None:
    out = Tally(melded=CardCounts(aces=3), red_threes_down=2, went_out=True,
                books=TableBooks())
    rules = replace(CLASSIC, rounds=tuple(replace(r, going_out_books=BookCounts())
                                          for r in CLASSIC.rounds))
    us, them = score_round(rules, 1, [out, Tally(red_threes_down=2)]).teams
    assert (us.red_three_points, them.red_three_points) == (200, 200)  # 2 × 100 each
    house = replace(rules, red_three=RedThree(down=100, left=100, down_when_not_out=50))
    us, them = score_round(house, 1, [out, Tally(red_threes_down=2)]).teams
    assert (us.red_three_points, them.red_three_points) == (200, 100)  # 2 × 100, 2 × 50


def test_when_nobody_goes_out_every_red_three_is_worth_the_lower_bonus() -> None:
    house = replace(CLASSIC, red_three=RedThree(down=100, left=300, down_when_not_out=50))
    [team] = score_round(house, 2, [Tally(red_threes_down=3, red_threes_left=1)]).teams
    assert team.red_three_points == 3 * 50 - 300


def test_black_threes_melded_only_by_the_team_going_out() -> None:
    them = replace(THEM, melded=ranks({"K": 7, "8-9": 6, "4-6": 3, "JK": 1, "2": 1, "3": 3}))
    with pytest.raises(InvalidTally, match="only by the team that goes out") as error:
        score_round(HOUSE, 1, [US, them])
    assert fields(error) == [(1, "melded.black_threes")]


def test_black_threes_are_never_melded_without_the_house_rule() -> None:
    rules = replace(HOUSE, black_three=BlackThree())
    with pytest.raises(InvalidTally, match="never melded") as error:
        score_round(rules, 1, [US, THEM])
    assert fields(error) == [(0, "melded.black_threes")]


def test_black_threes_melded_count_their_card_value_in_kind_counts_too() -> None:
    rules = replace(CLASSIC, black_three=BlackThree(meld_when_going_out=True),
                    rounds=tuple(replace(r, going_out_books=BookCounts(clean=1))
                                 for r in CLASSIC.rounds))
    out = Tally(melded=CardCounts(aces=7, black_threes=4), books=TableBooks(clean=1),
                went_out=True, left=CardCounts(black_threes=1))
    [team] = score_round(rules, 1, [out]).teams
    # 7×20 + 4×5 = 160 on the table; the black three left still costs its 5
    assert (team.melded_points, team.left_points, team.total) == (160, 5, 160 + 500 + 100 - 5)


def test_mixed_wild_books_have_their_own_value_only_where_the_rules_give_one() -> None:
    tally = Tally(melded=CardCounts(jokers=8, twos=6), books=TableBooks(wild=1, mixed_wild=1))
    [team] = score_round(HOUSE, 2, [tally]).teams
    assert team.book_points == 1500 + 1000
    with pytest.raises(InvalidTally, match="count it under books.wild") as error:
        score_round(CLASSIC, 2, [tally])
    assert fields(error) == [(0, "books.mixed_wild")]
    with pytest.raises(InvalidTally, match="no wild books") as error:
        score_round(PAGAT, 2, [tally])
    assert fields(error) == [(0, "books.wild"), (0, "books.mixed_wild")]


def test_a_mixed_wild_book_holds_a_joker_and_a_two() -> None:
    tally = Tally(melded=CardCounts(twos=14), books=TableBooks(wild=1, mixed_wild=1))
    with pytest.raises(InvalidTally, match="one joker and one two") as error:
        score_round(HOUSE, 2, [tally])
    assert fields(error) == [(0, "books.mixed_wild")]


def test_a_mixed_wild_book_is_a_wild_book_to_go_out() -> None:
    rules = replace(HOUSE, rounds=tuple(replace(r, going_out_books=BookCounts(wild=1))
                                        for r in HOUSE.rounds))
    assert books_lacking(rules, 1, TableBooks(mixed_wild=1)) == {}
    assert books_lacking(rules, 1, TableBooks()) == {"wild": 1}


def test_card_values_by_rank_count_rank_by_rank() -> None:
    # The issue's own example: 2×50 + 20 + 3×20 + 7×10 + 4×5 (nines at 5) = 270
    melded = ranks({"JK": 2, "2": 1, "A": 3, "K": 7, "9": 4})
    assert melded.face_value(HOUSE.card_values) == 270
    # With the usual values the nines are 10 each: 270 + 4×5 = 290
    assert melded.face_value(CLASSIC.card_values) == 290
    assert (melded.jokers, melded.twos, melded.aces, melded.eight_to_king) == (2, 1, 3, 11)


def test_a_tally_may_count_by_rank_under_any_rules() -> None:
    tally = Tally(melded=ranks({"K": 3, "5": 2}), left=ranks({"3": 1, "A": 1}))
    [team] = score_round(CLASSIC, 1, [tally]).teams
    assert (team.melded_points, team.left_points) == (3 * 10 + 2 * 5, 5 + 20)


def test_a_kind_the_ranks_split_is_refused_counted_as_one_kind() -> None:
    tally = Tally(melded=CardCounts(eight_to_king=7), books=TableBooks(clean=1))
    with pytest.raises(InvalidTally, match=r"by rank in melded.by_rank, as 10-K \(10 each\), "
                                           r"8-9 \(5 each\)") as error:
        score_round(HOUSE, 1, [tally])
    assert fields(error) == [(0, "melded.eight_to_king")]


def test_kinds_the_ranks_do_not_split_are_still_counted_by_kind() -> None:
    tally = Tally(melded=CardCounts(aces=3, four_to_seven=4), left=CardCounts(jokers=1))
    [team] = score_round(HOUSE, 1, [tally]).teams
    assert (team.melded_points, team.left_points) == (3 * 20 + 4 * 5, 50)


def test_a_run_of_ranks_of_different_values_is_refused() -> None:
    tally = Tally(left=ranks({"8-10": 3}))
    with pytest.raises(InvalidTally, match="8-10 are not all worth the same") as error:
        score_round(HOUSE, 1, [tally])
    assert fields(error) == [(0, "left.by_rank.8-10")]


def test_the_groups_of_equal_value_a_rule_set_makes() -> None:
    values = HOUSE.card_values
    groups = [(g.ranks, g.value) for g in values.groups_of(CardKind.EIGHT_TO_KING)]
    assert groups == [((Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN), 10),
                      ((Rank.NINE, Rank.EIGHT), 5)]
    assert values.splits(CardKind.EIGHT_TO_KING) and not values.splits(CardKind.ACE)
    # Every rank of a kind at one new value: the kind is not split, it just changes value.
    sevens_high = CardValues(by_rank=tuple((r, 10) for r in (Rank.SEVEN, Rank.SIX, Rank.FIVE,
                                                             Rank.FOUR)))
    assert not sevens_high.splits(CardKind.FOUR_TO_SEVEN)
    assert CardCounts(four_to_seven=3).face_value(sevens_high) == 30


def test_points_counted_in_piles_follow_the_rank_values() -> None:
    # With 8s and 9s at 5, a 4-card meld of eights makes 20 points: fine.
    [team] = score_round(HOUSE, 1, [Tally(melded=Points(20))]).teams
    assert team.melded_points == 20


def test_special_books_may_be_required_to_go_out() -> None:
    without_sevens = replace(US, books=TableBooks(clean=1, dirty=1, mixed_wild=1),
                             melded=ranks({"JK": 3, "2": 6, "A": 7, "7": 3, "9": 5, "3": 3}))
    with pytest.raises(InvalidTally, match="needs 1 more Book of sevens book") as error:
        score_round(HOUSE, 1, [without_sevens, THEM])
    assert fields(error) == [(0, "books.sevens")]
    assert books_lacking(HOUSE, 1, TableBooks(clean=1)) == {"dirty": 1, "sevens": 1}


def test_a_round_may_only_require_special_books_the_rules_have() -> None:
    rounds = (replace(CLASSIC.rounds[0], going_out_books=BookCounts(special=(("nines", 1),))),)
    with pytest.raises(InvalidRules) as error:
        replace(CLASSIC, rounds=rounds)
    assert fields(error) == [(None, "rounds.0.going_out_books.nines")]


def test_the_first_team_to_lay_down_gets_the_bonus() -> None:
    us, them = score_round(HOUSE, 1, [US, THEM]).teams
    assert (us.bonus_points, them.bonus_points) == (100, 0)


def test_only_one_team_lays_down_first() -> None:
    with pytest.raises(InvalidTally, match="team 1 did") as error:
        score_round(HOUSE, 1, [US, replace(THEM, first_meld=True)])
    assert fields(error) == [(1, "first_meld")]


def test_no_first_meld_without_a_bonus_for_it() -> None:
    with pytest.raises(InvalidTally, match="no bonus for laying down first") as error:
        score_round(CLASSIC, 1, [Tally(melded=CardCounts(aces=3), first_meld=True)])
    assert fields(error) == [(0, "first_meld")]


@pytest.mark.parametrize(("text", "book"), [("K K K K K K K K", True),
                                            ("K K K K K K K K K 2", True),
                                            ("K K K K K K", False)])
def test_books_of_more_than_seven_cards(text: str, book: bool) -> None:
    [cards] = read_melds([text.split()])
    judged = judge_meld(replace(CLASSIC, add_to_finished_book=BookGrowth.ANY), cards)
    assert (judged.valid, judged.is_book) == (True, book)


def test_a_book_of_more_than_seven_cards_scores_the_same_bonus() -> None:
    # 9 kings in one clean book: 90 points on the table, one 500 bonus
    [team] = score_round(PAGAT, 1, [Tally(melded=CardCounts(eight_to_king=9),
                                            books=TableBooks(clean=1))]).teams
    assert (team.melded_points, team.book_points) == (90, 500)


def test_a_special_book_of_no_kind_is_a_book_of_naturals() -> None:
    rules = replace(CLASSIC, special_books=(NINES,))
    [team] = score_round(rules, 1, [Tally(melded=CardCounts(eight_to_king=7),
                                          books=TableBooks(special=(("nines", 1),)))]).teams
    assert (team.melded_points, team.book_points) == (70, 600)
    with pytest.raises(InvalidTally, match="natural cards .* at least 7,") as error:
        score_round(rules, 1, [Tally(melded=CardCounts(twos=7),
                                     books=TableBooks(special=(("nines", 1),)))])
    assert fields(error) == [(0, "books")]


def test_the_documented_special_book_shape_reads() -> None:
    data = rules_to_dict(CLASSIC) | {"special_books": [
        {"id": "nines", "name": "Book of nines", "bonus": 600}]}
    assert rules_from_dict(data).special_books == (NINES,)
    ranked = rules_to_dict(CLASSIC) | {"special_books": [
        {"id": "sevens", "name": "Book of sevens", "bonus": 1000, "rank": "7"}]}
    assert rules_from_dict(ranked).special_books == (SEVENS,)


def test_every_house_rule_round_trips_through_json() -> None:
    data = rules_to_dict(HOUSE)
    assert data["red_three"]["down_when_not_out"] == 50
    assert data["black_three"] == {"meld_when_going_out": True}
    assert data["books"]["mixed_wild"] == 1000
    assert data["card_values"]["by_rank"] == {"9": 5, "8": 5}
    assert data["rounds"][0]["going_out_books"] == {"clean": 1, "dirty": 1, "wild": 0,
                                                     "sevens": 1}
    assert data["first_meld_bonus"] == 100
    assert rules_from_dict(data) == HOUSE


def test_a_rule_set_stored_before_these_keys_reads_with_their_defaults() -> None:
    old = rules_to_dict(CLASSIC)
    for key in ("black_three", "first_meld_bonus"):
        del old[key]
    del old["card_values"]["by_rank"], old["books"]["mixed_wild"]
    del old["red_three"]["down_when_not_out"]
    assert rules_from_dict(old) == CLASSIC


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["books"].update(wild=None, mixed_wild=1000), "books.mixed_wild"),
        (lambda d: d["books"].update(mixed_wild=-1), "books.mixed_wild"),
        (lambda d: d["red_three"].update(down_when_not_out=-5), "red_three.down_when_not_out"),
        (lambda d: d["black_three"].update(meld_when_going_out="yes"),
         "black_three.meld_when_going_out"),
        (lambda d: d["card_values"]["by_rank"].update({"3": 5}), "card_values.by_rank.3"),
        (lambda d: d["card_values"]["by_rank"].update({"JK": 5}), "card_values.by_rank.JK"),
        (lambda d: d["card_values"]["by_rank"].update({"9": 20_000}), "card_values.by_rank.9"),
        (lambda d: d.update(first_meld_bonus=-100), "first_meld_bonus"),
        (lambda d: d["rounds"][1]["going_out_books"].update(eights=1),
         "rounds.1.going_out_books.eights"),
        (lambda d: d["special_books"].append({"id": "mixed_wild", "name": "x", "bonus": 1}),
         "special_books.0.id"),
    ],
)
def test_each_bad_new_key_is_named(change: object, field: str) -> None:
    data = rules_to_dict(CLASSIC)
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidRules) as error:
        rules_from_dict(data)
    assert field in [p.field for p in error.value.problems]


def test_a_rule_set_holds_at_most_twenty_special_books() -> None:
    books = tuple(SpecialBook(id=f"book_{n}", name=f"Book {n}", bonus=100)
                  for n in range(MAX_SPECIAL_BOOKS + 1))
    assert len(replace(CLASSIC, special_books=books[:MAX_SPECIAL_BOOKS]).special_books) == 20
    with pytest.raises(InvalidRules, match="at most 20 special books, not 21") as error:
        replace(CLASSIC, special_books=books)
    assert fields(error) == [(None, "special_books")]


def test_a_tally_naming_every_special_book_scores_each_once() -> None:
    books = tuple(SpecialBook(id=f"book_{n}", name=f"Book {n}", bonus=100 + n)
                  for n in range(MAX_SPECIAL_BOOKS))
    rules: RuleSet = replace(CLASSIC, decks=20, special_books=books)
    tally = Tally(melded=CardCounts(eight_to_king=7 * MAX_SPECIAL_BOOKS),
                  books=TableBooks(special=tuple((b.id, 1) for b in books)))
    [team] = score_round(rules, 1, [tally]).teams
    assert team.book_points == sum(100 + n for n in range(MAX_SPECIAL_BOOKS))  # 2190


def test_where_mixed_wild_books_count_apart_a_wild_book_is_of_one_kind() -> None:
    # 1 joker + 6 twos is a mixed wild book, not a wild book of one kind
    tally = Tally(melded=CardCounts(jokers=1, twos=6), books=TableBooks(wild=1))
    with pytest.raises(InvalidTally, match="7 jokers or 7 twos") as error:
        score_round(HOUSE, 2, [tally])
    assert fields(error) == [(0, "books.wild")]
    [team] = score_round(CLASSIC, 2, [tally]).teams  # without the rule it is a wild book
    assert team.book_points == 1500
