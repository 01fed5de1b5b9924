"""The first check of a tally: every number in it whole and in range, before the rules
are asked anything (``checks`` asks them)."""

from __future__ import annotations

from .errors import N_, Problem
from .limits import MAX_PLAYERS
from .tally import COUNT_FIELDS, MELDED_FIELDS, CardCounts, Cards, Points, RankCounts, Tally

#: Each player at the table grabs exactly the right stack at most once a round.
MAX_EXACT_DRAWS = MAX_PLAYERS


def _whole(value: object) -> bool:
    return type(value) is int and value >= 0


def shape_problems(team: int, tally: Tally) -> list[Problem]:
    """Every number of this team's tally that is not whole or not in range, by field."""
    problems: list[Problem] = []

    def need(ok: bool, field: str, message: str, **values: object) -> None:
        if not ok:
            problems.append(Problem(field, message, team, values))

    for part, fields in (("melded", MELDED_FIELDS), ("left", None)):
        cards = getattr(tally, part)
        if isinstance(cards, Points):
            need(_whole(cards.points), f"{part}.points", N_("must be a whole number, 0 or more"))
            continue
        if isinstance(cards, RankCounts):
            for name, count in cards.as_words().items():
                need(_whole(count), f"{part}.by_rank.{name}",
                     N_("must be a whole number, 0 or more"))
            continue
        for name, _ in COUNT_FIELDS:
            if fields is None or name in fields or name == "black_threes":
                need(_whole(getattr(cards, name)), f"{part}.{name}",
                     N_("must be a whole number, 0 or more"))
    for name, count in tally.books.as_counts().items():
        need(_whole(count), f"books.{name}", N_("must be a whole number, 0 or more"))
    need(_whole(tally.red_threes_down), "red_threes_down", N_("must be a whole number, 0 or more"))
    need(_whole(tally.red_threes_left), "red_threes_left", N_("must be a whole number, 0 or more"))
    need(_whole(tally.exact_draws) and tally.exact_draws <= MAX_EXACT_DRAWS, "exact_draws",
         N_("must be a whole number from 0 to %(most)s"), most=MAX_EXACT_DRAWS)
    need(type(tally.went_out) is bool, "went_out", N_("must be true or false"))
    need(type(tally.first_meld) is bool, "first_meld", N_("must be true or false"))
    need(tally.score_before is None or type(tally.score_before) is int, "score_before",
         N_("must be a whole number"))
    return problems


def well_shaped(tally: Tally) -> bool:
    """A quick yes for the usual tally, every number whole and in range; no means look
    closer with ``shape_problems``, which names each field.

    Whole numbers are all 0 or more just when their bitwise or is (a negative number makes
    it negative): one question for all of them, quicker than one for each.
    """
    books = tally.books
    if not (type(books.clean) is type(books.dirty) is type(books.wild)
            is type(books.mixed_wild) is type(tally.red_threes_down)
            is type(tally.red_threes_left) is type(tally.exact_draws) is int
            and books.clean | books.dirty | books.wild | books.mixed_wild
            | tally.red_threes_down | tally.red_threes_left >= 0
            and 0 <= tally.exact_draws <= MAX_EXACT_DRAWS
            and type(tally.went_out) is type(tally.first_meld) is bool
            and (tally.score_before is None or type(tally.score_before) is int)
            and _whole_counts(tally.melded) and _whole_counts(tally.left)):
        return False
    for _, count in books.special:
        if type(count) is not int or count < 0:
            return False
    return True


def _whole_counts(cards: Cards) -> bool:
    """Whether every count of these cards is a whole number, 0 or more (as ``well_shaped``
    asks it)."""
    if type(cards) is CardCounts:
        return (type(cards.jokers) is type(cards.twos) is type(cards.aces)
                is type(cards.eight_to_king) is type(cards.four_to_seven)
                is type(cards.black_threes) is int
                and cards.jokers | cards.twos | cards.aces | cards.eight_to_king
                | cards.four_to_seven | cards.black_threes >= 0)
    if type(cards) is Points:
        return type(cards.points) is int and cards.points >= 0
    if type(cards) is RankCounts:
        for _, count in cards.ranks:
            if type(count) is not int or count < 0:
                return False
        return True
    return False
