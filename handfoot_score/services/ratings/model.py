"""The ratings' maths: openskill's Plackett-Luce model fed finished games, one at a time in
the order played, each ranked by its final totals (equal totals share a place); a player's
rating and, rated apart, each partnership's; and the club rating a page shows for them.
No database here: the games come as values (``history.py`` reads them)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from handfoot_score.engine.limits import MIN_TEAMS

#: The club rating of a new player, and the points one unit of openskill's skill is worth.
START_RATING = 1000
POINTS_PER_SKILL = 40
#: How many standard deviations the club rating takes off a player's mean skill.
CAUTION = 3


def club_rating(mu: float, sigma: float) -> int:
    """The rating a page shows for openskill's ``mu`` and ``sigma``.

    >>> club_rating(25.0, 25 / 3)
    1000
    >>> club_rating(30.0, 5.0)
    1600
    """
    return round((mu - CAUTION * sigma) * POINTS_PER_SKILL + START_RATING)


@dataclass(frozen=True)
class Skill:
    """What the ratings believe of a player (or a partnership): openskill's mean and
    uncertainty, and the finished games it rests on."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def rating(self) -> int:
        """The club rating: conservative, on the friendly scale."""
        return club_rating(self.mu, self.sigma)

    @property
    def ceiling(self) -> int:
        """The other end of what the ratings believe, as far above the mean as the club
        rating is below it: the two together draw the uncertainty.

        >>> Skill(30.0, 5.0).ceiling
        2800
        """
        return club_rating(self.mu + 2 * CAUTION * self.sigma, self.sigma)


#: What the ratings believe of a player before their first game: openskill's defaults.
START_SKILL = Skill(PlackettLuce().mu, PlackettLuce().sigma)


@dataclass(frozen=True)
class PlayedGame:
    """A finished game as the ratings see it: each team's players (any keys that tell
    players apart) and each team's final total, in the same order."""

    teams: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.teams) != len(self.totals) or len(self.teams) < MIN_TEAMS:
            raise ValueError("a played game needs two or more teams, each with a total")
        if not all(self.teams):
            raise ValueError("every team of a played game needs a player")

    @property
    def ranks(self) -> list[int]:
        """Each team's place, 1 for the highest total; equal totals share a place.

        >>> PlayedGame(((1,), (2,), (3,)), (500, 900, 500)).ranks
        [2, 1, 2]
        """
        return [1 + sum(other > total for other in self.totals) for total in self.totals]


class Ratings:
    """Ratings being worked out, one game at a time in the order played: the players' and,
    keyed by their sorted players, the partnerships'."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self._players: dict[int, PlackettLuceRating] = {}
        self._units: dict[tuple[int, ...], PlackettLuceRating] = {}
        self._unit_games: dict[tuple[int, ...], int] = {}
        self._histories: dict[int, list[Skill]] = {}

    def record(self, game: PlayedGame) -> None:
        """Rate one more finished game."""
        ranks: list[float] = [float(rank) for rank in game.ranks]
        teams = [[self._player(key) for key in team] for team in game.teams]
        for team, rated in zip(game.teams, self.model.rate(teams, ranks=ranks)):
            for key, rating in zip(team, rated):
                self._players[key] = rating
                history = self._histories.setdefault(key, [])
                history.append(Skill(rating.mu, rating.sigma, len(history) + 1))
        units = [_unit(team) for team in game.teams]
        rated_units = self.model.rate([[self._unit(unit)] for unit in units], ranks=ranks)
        for unit, (rating,) in zip(units, rated_units):
            self._units[unit] = rating
            self._unit_games[unit] = self._unit_games.get(unit, 0) + 1

    def player(self, key: int) -> Skill:
        """A player's skill; a player with no game yet is at the start."""
        rating = self._player(key)
        return Skill(rating.mu, rating.sigma, len(self._histories.get(key, ())))

    def players(self) -> dict[int, Skill]:
        """Every rated player's skill."""
        return {key: self.player(key) for key in self._players}

    def history(self, key: int) -> tuple[Skill, ...]:
        """A player's skill after each of their games, oldest first."""
        return tuple(self._histories.get(key, ()))

    def partnerships(self) -> dict[tuple[int, ...], Skill]:
        """Every partnership's skill (two or more players on one team), by sorted players."""
        return {unit: Skill(rating.mu, rating.sigma, self._unit_games[unit])
                for unit, rating in self._units.items() if len(unit) > 1}

    def chances(self, teams: Sequence[Sequence[int]]) -> tuple[float, ...]:
        """Each team's chance to win, from its players' ratings (openskill's
        ``predict_win``); they add up to 1."""
        return chances_of([[self.player(key) for key in team] for team in teams])

    def _player(self, key: int) -> PlackettLuceRating:
        return self._players.get(key) or self.model.rating()

    def _unit(self, unit: tuple[int, ...]) -> PlackettLuceRating:
        return self._units.get(unit) or self.model.rating()


def _unit(team: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(team))


def rate(games: Iterable[PlayedGame]) -> Ratings:
    """The ratings these games give, rated in the order given."""
    ratings = Ratings()
    for game in games:
        ratings.record(game)
    return ratings


def chances_of(teams: Sequence[Sequence[Skill]]) -> tuple[float, ...]:
    """Each team's chance to win from its players' skills (openskill's ``predict_win``)."""
    model = PlackettLuce()
    return tuple(model.predict_win([[model.rating(mu=skill.mu, sigma=skill.sigma)
                                     for skill in team] for team in teams]))
