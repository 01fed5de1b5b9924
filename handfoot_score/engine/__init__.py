"""The rules engine: cards, rule sets, tallies, scoring and checks.

Pure Python: it imports nothing but the standard library, and nothing of the app.
"""

from .cards import CardKind, Rank, parse_rank
from .checks import check_tallies, tally_problems
from .errors import InvalidRules, InvalidTally, Problem, UnknownCard, UnknownRules
from .going_out import books_lacking
from .limits import (
    MAX_PLAYERS,
    MAX_PLAYERS_PER_TEAM,
    MAX_ROUNDS,
    MAX_TEAMS,
    MIN_PLAYERS,
    MIN_TEAMS,
)
from .presets import PRESETS
from .rules import (
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
from .scoring import RoundScore, TeamScore, score_round, score_team
from .tally import CardCounts, Points, TableBooks, Tally

__all__ = [
    "BookBonuses", "BookCounts", "CardCounts", "CardKind", "CardValues", "InvalidRules",
    "InvalidTally", "MAX_PLAYERS", "MAX_PLAYERS_PER_TEAM", "MAX_ROUNDS", "MAX_TEAMS",
    "MIN_PLAYERS", "MIN_TEAMS", "PRESETS", "Points", "Problem", "Rank", "RedThree", "Round",
    "RoundScore", "RuleSet", "ScoreMinimum", "SpecialBook", "TableBooks", "Tally", "TeamScore",
    "UnknownCard", "UnknownRules", "WildLimits", "books_lacking", "check_tallies",
    "parse_rank", "score_round", "score_team", "tally_problems",
]
