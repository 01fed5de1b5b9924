"""Turn what each team counted into the round's score, part by part."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .checks import check_tallies
from .errors import Problem
from .rules import RuleSet
from .tally import Tally
from .warnings import tally_warnings

#: A round score's parts, named once: ``TeamScore``'s fields, a stored tally's columns, the
#: JSON API's keys. Every part but ``left_points`` adds to the total.
SCORE_PARTS = ("melded_points", "book_points", "red_three_points", "going_out_points",
               "bonus_points", "left_points")


@dataclass(frozen=True)
class TeamScore:
    """One team's round score, each part apart; ``left_points`` is subtracted.

    ``bonus_points`` holds the exact-draw bonus and the bonus for laying down first.
    """

    name: str | None
    melded_points: int
    book_points: int
    red_three_points: int
    going_out_points: int
    bonus_points: int
    left_points: int
    meld_minimum: int

    @property
    def total(self) -> int:
        """Melded, book, red-three, going-out and bonus points less the cards left."""
        return (self.melded_points + self.book_points + self.red_three_points
                + self.going_out_points + self.bonus_points - self.left_points)


@dataclass(frozen=True)
class RoundScore:
    """Every team's score for one round, with anything worth a second look."""

    round: int
    teams: tuple[TeamScore, ...]
    warnings: tuple[Problem, ...] = ()


def score_team(rules: RuleSet, round_number: int, tally: Tally) -> TeamScore:
    """Score one team's tally without checking it against the other teams."""
    bonuses, books, values = rules.books, tally.books, rules.card_values
    book_points = (books.clean * bonuses.clean + books.dirty * bonuses.dirty
                   + books.wild * (bonuses.wild or 0)
                   + books.mixed_wild * (bonuses.mixed_wild or 0))
    for book_id, count in books.special:
        if (book := rules.special_book(book_id)) is not None:
            book_points += count * book.bonus
    melded_points = tally.melded.face_value(values)
    red_three = rules.red_three
    red_three_points = (tally.red_threes_down * red_three.down_bonus(tally.went_out)
                        - tally.red_threes_left * red_three.left)
    going_out_points = rules.round(round_number).going_out_bonus if tally.went_out else 0
    bonus_points = (tally.exact_draws * rules.exact_draw_bonus
                    + (rules.first_meld_bonus if tally.first_meld else 0))
    left_points = tally.left.face_value(values)
    meld_minimum = rules.meld_minimum(round_number, tally.score_before)
    # By position, in field order (the names say which is which): quicker than by keyword.
    return TeamScore(tally.name, melded_points, book_points, red_three_points,
                     going_out_points, bonus_points, left_points, meld_minimum)


def score_round(rules: RuleSet, round_number: int, tallies: Sequence[Tally],
                players: Sequence[int] | None = None) -> RoundScore:
    """Check every team's tally, then score each; raises InvalidTally if one cannot be.
    ``players`` is each team's number of players (None: two a team), for the warnings."""
    check_tallies(rules, round_number, tallies)
    teams = tuple([score_team(rules, round_number, tally) for tally in tallies])
    return RoundScore(round_number, teams, tuple(tally_warnings(rules, tallies, players)))
