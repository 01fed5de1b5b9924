"""Part 7, ratings that predict: does a league's club rating tell who wins tonight?

A club of 24 players, each with a hidden strength (seeded, normally spread), plays games of
two teams of two, partners drawn at random each game. A team's showing is its players'
strengths added, plus luck; the higher showing wins. Before each game is recorded, the
ratings (``services.ratings``, in process: openskill's Plackett-Luce model as the league
uses it) give the first team's chance to win, and so does a baseline of the players' win
percentages so far. The Brier score (the mean squared gap between a chance and what
happened: 0 is perfect, a coin flip scores 0.25) is taken over the last 150 games.

    .venv/bin/python -m benchmarks.ratings [GAMES]
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

from handfoot_score.services.ratings import PlayedGame, Ratings

from .report import Row

PLAYERS = 24
GAMES = 600
QUICK_GAMES = 300
SCORED = 150
SEED = 24
#: How much luck a game holds beside the strengths (both normally spread, this is its spread).
LUCK = 1.0
COIN_FLIP = 0.25


@dataclass(frozen=True)
class Scores:
    """The Brier scores of the last games: the ratings', the win-percentage baseline's."""

    ratings: float
    win_percentage: float
    games: int


def play_club(games: int = GAMES, seed: int = SEED) -> Scores:
    """Simulate the club and score both forecasts over the last ``SCORED`` games."""
    draw = random.Random(seed)
    strength = [draw.gauss(0, 1) for _ in range(PLAYERS)]
    ratings = Ratings()
    won = [0] * PLAYERS
    played = [0] * PLAYERS
    rated_errors: list[float] = []
    baseline_errors: list[float] = []
    for _ in range(games):
        seats = draw.sample(range(PLAYERS), 4)
        teams = ((seats[0], seats[1]), (seats[2], seats[3]))
        chance = ratings.chances(teams)[0]
        guess = _win_percentage_chance(teams, won, played)
        showing = [sum(strength[p] for p in team) + draw.gauss(0, LUCK) for team in teams]
        first_won = 1.0 if showing[0] > showing[1] else 0.0
        rated_errors.append((chance - first_won) ** 2)
        baseline_errors.append((guess - first_won) ** 2)
        ratings.record(PlayedGame(teams, (1 if first_won else 0, 0 if first_won else 1)))
        for team, result in zip(teams, (first_won, 1 - first_won)):
            for player in team:
                played[player] += 1
                won[player] += int(result)
    last = min(SCORED, games)
    return Scores(sum(rated_errors[-last:]) / last, sum(baseline_errors[-last:]) / last, last)


def _win_percentage_chance(teams: tuple[tuple[int, int], ...], won: list[int],
                           played: list[int]) -> float:
    """The first team's chance from its players' win percentages (one win in two added to
    each, so a new player counts as even): each team's mean, as a share of both."""
    means = [sum((won[p] + 1) / (played[p] + 2) for p in team) / len(team) for team in teams]
    return means[0] / sum(means)


def run(quick: bool) -> list[Row]:
    """Score the ratings' forecasts against a coin flip and the win-percentage baseline."""
    games = QUICK_GAMES if quick else GAMES
    scores = play_club(games)
    part = "7 ratings"
    about = f"last {scores.games} of {games} games, {PLAYERS} players, seed {SEED}"
    return [
        Row(part, f"Brier score of the club ratings' forecasts ({about})",
            f"{scores.ratings:.3f}", f"< {COIN_FLIP} (coin flip)", scores.ratings < COIN_FLIP),
        Row(part, "Brier score of a win-percentage forecast (the same games)",
            f"{scores.win_percentage:.3f}", "> the ratings'",
            scores.win_percentage > scores.ratings),
    ]


if __name__ == "__main__":
    print(play_club(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES))
