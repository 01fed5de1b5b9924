"""The engine's quick paths give the answers of the long ones they stand in for.

Scoring a round is kept fast by a few shortcuts: what follows from the card values is
looked up by value, the fewest points of a dirty book start from the dirty-book minimum,
and a tally's shape is checked a part at a time. Each is checked here against the plain
way of working it out.
"""

import random
from dataclasses import replace
from itertools import product
from typing import Any

import pytest

from handfoot_score.engine.cards import BOOK_SIZE, NATURAL_RANKS, CardKind, Rank
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT
from handfoot_score.engine.rules import CardValues, WildLimits, _points_reachable
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.scoring import score_round
from handfoot_score.engine.tally import CardCounts, Points, RankCounts, TableBooks, Tally
from handfoot_score.engine.tally_shape import shape_problems, well_shaped

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database


def test_the_naturals_a_dirty_book_may_hold_run_from_the_minimum_to_six() -> None:
    """The fewest points of a dirty book are found over ``range(minimum, 7)``: right only
    if every count of naturals above one the limits allow is allowed too."""
    for per_wild, most, least, wild_melds in product(
            range(BOOK_SIZE + 1), (None, *range(BOOK_SIZE + 1)), range(BOOK_SIZE + 1),
            (False, True)):
        limits = WildLimits(per_wild, most, least, wild_melds)
        allowed = [n for n in range(1, BOOK_SIZE) if limits.allows(n, BOOK_SIZE - n)]
        if allowed:
            assert allowed == list(range(allowed[0], BOOK_SIZE))


def test_the_fewest_book_points_are_the_least_over_every_allowed_book() -> None:
    for rules in (CLASSIC, PAGAT, ITALIAN,
                  replace(CLASSIC, card_values=CardValues(two=3, by_rank=((Rank.NINE, 2),)))):
        values = rules.card_values
        natural = min(values.rank_value(rank) for rank in NATURAL_RANKS)
        wild = min(values.of(CardKind.JOKER), values.of(CardKind.TWO))
        dirty = min((n * natural + (BOOK_SIZE - n) * wild for n in range(1, BOOK_SIZE)
                     if rules.wilds.allows(n, BOOK_SIZE - n)), default=0)
        assert rules.book_card_points("dirty") == dirty
        assert rules.book_card_points("clean") == BOOK_SIZE * natural


def test_equal_rule_sets_read_anew_share_what_follows_from_their_values() -> None:
    first = rules_from_dict(rules_to_dict(CLASSIC))
    again = rules_from_dict(rules_to_dict(CLASSIC))
    assert first is not again and first.card_values is not again.card_values
    mask = first.melded_points_reachable
    hits = _points_reachable.cache_info().hits
    assert again.melded_points_reachable == mask
    assert _points_reachable.cache_info().hits == hits + 1
    assert again.left_points_reachable == first.left_points_reachable


def test_a_rule_set_read_anew_scores_a_round_the_same() -> None:
    tallies = [
        Tally(melded=CardCounts(jokers=2, twos=3, aces=4, eight_to_king=14, four_to_seven=7),
              books=TableBooks(clean=2, dirty=1), red_threes_down=1),
        Tally(melded=Points(235), left=Points(85), books=TableBooks(clean=1)),
    ]
    for rules in (CLASSIC, PAGAT, ITALIAN):
        fresh = rules_from_dict(rules_to_dict(rules))
        assert score_round(fresh, 1, tallies) == score_round(rules, 1, tallies)


ODD = (0, 1, 7, -1, -20, 1.0, "2", True, False, None, 2 ** 70)


def _odd_tally(chance: random.Random) -> Tally:
    """A tally whose numbers may be anything a careless form could send."""
    def pick(options: tuple[Any, ...]) -> Any:
        return chance.choice(options)

    def number() -> Any:
        return pick(ODD)

    def cards() -> Any:
        kind = chance.randrange(3)
        if kind == 0:
            return Points(number())
        if kind == 1:
            return RankCounts.of([((Rank.NINE, Rank.EIGHT), number()), ((Rank.ACE,), number())])
        return CardCounts(*(number() for _ in range(6)))

    special = (("sevens", number()),) if chance.random() < .3 else ()
    return Tally(
        melded=cards(), left=cards(),
        books=TableBooks(number(), number(), number(), special, number()),
        red_threes_down=number(), red_threes_left=number(),
        went_out=pick((True, False, 1, None)), exact_draws=number(),
        score_before=pick((None, 5, 2.5, "1")), first_meld=pick((True, False, 0)),
    )


def test_the_quick_shape_check_says_yes_just_when_no_field_is_wrong() -> None:
    chance = random.Random(5)
    for _ in range(3_000):
        tally = _odd_tally(chance)
        assert well_shaped(tally) is not bool(shape_problems(0, tally)), tally
    whole = Tally(melded=CardCounts(1, 2, 3, 4, 5, 0), left=Points(35),
                  books=TableBooks(1, 1, 0, (("sevens", 1),), 0), exact_draws=6)
    assert well_shaped(whole) and not shape_problems(0, whole)
    assert not well_shaped(replace(whole, exact_draws=7))
