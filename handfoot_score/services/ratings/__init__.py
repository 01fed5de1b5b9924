"""Club ratings: each league rates its players from its finished games, and predicts a game.

The ratings are openskill's Plackett-Luce model, fed the league's finished games in the
order they were played (started, then by id), each ranked by its final totals: the highest
total first, equal totals ranked equal (a tie counts as a tie), so two- and three-team games
of teams of any size rate alike. Nothing is stored: the ratings are worked out again from
the games whenever a game changes, so a corrected round, an undone last round or an import
gives the ratings those games give, and the same games always give the same ratings.

A partnership (the same players on one team) has a rating of its own, from a second rating
run in which each team is rated as one player: what the partners do together, beside what
each does with everyone.

The club rating shown is conservative, ``(mu - 3 sigma) * 40 + 1000`` rounded: a new player
is 1000, and a rating rises as the games both show strength and make it certain.

One job a module: ``model.py`` the maths (openskill, the club rating), ``history.py`` the
games read from the database, ``cache.py`` a league's ratings kept per version of its
finished games, ``predictions.py`` a game not played yet. The JSON API reads a prediction's
body (``api/prediction_teams.py``); the pages round chances to percentages
(``web/shared/win_chances.py``).
"""

from .cache import (
    KEPT_LEAGUES,
    ClubRatings,
    PartnershipRating,
    PlayerRating,
    league_ratings,
)
from .history import league_games
from .model import (
    CAUTION,
    POINTS_PER_SKILL,
    START_RATING,
    START_SKILL,
    PlayedGame,
    Ratings,
    Skill,
    chances_of,
    club_rating,
    rate,
)
from .predictions import Prediction, predict

__all__ = [
    "CAUTION",
    "KEPT_LEAGUES",
    "POINTS_PER_SKILL",
    "START_RATING",
    "START_SKILL",
    "ClubRatings",
    "PartnershipRating",
    "PlayedGame",
    "PlayerRating",
    "Prediction",
    "Ratings",
    "Skill",
    "chances_of",
    "club_rating",
    "league_games",
    "league_ratings",
    "predict",
    "rate",
]
