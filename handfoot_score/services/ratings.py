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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import bindparam, select

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import MAX_PLAYERS_PER_TEAM, MAX_TEAMS, MIN_TEAMS
from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, LeagueTeam, Team

from .errors import InvalidInput, require_keys
from .league_versions import finished_version
from .leagues import (
    MAX_PLAYER_NAME,
    LeagueNotFound,
    get_league,
    league_of_game,
    name_key,
)
from .typed_in import read_names

#: The club rating of a new player, and the points one unit of openskill's skill is worth.
START_RATING = 1000
POINTS_PER_SKILL = 40
#: How many standard deviations the club rating takes off a player's mean skill.
CAUTION = 3
#: Leagues whose ratings this process keeps worked out, the latest asked for.
KEPT_LEAGUES = 32


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


@dataclass(frozen=True)
class PlayerRating:
    """A roster player's rating, for the standings and the API, and what it was after each
    of their finished games, oldest first (the last is ``skill``)."""

    player_id: int
    name: str
    skill: Skill
    history: tuple[Skill, ...] = ()


@dataclass(frozen=True)
class PartnershipRating:
    """A partnership's rating: its players' roster ids and names, in name order."""

    player_ids: tuple[int, ...]
    players: tuple[str, ...]
    skill: Skill


@dataclass(frozen=True)
class ClubRatings:
    """A league's ratings: its rated players and partnerships, highest rating first."""

    players: tuple[PlayerRating, ...]
    teams: tuple[PartnershipRating, ...]

    def of_player(self, player_id: int) -> Skill:
        """A player's skill, at the start for a player with no finished game."""
        row = self._rows.get(player_id)
        return START_SKILL if row is None else row.skill

    def history_of(self, player_id: int) -> tuple[Skill, ...]:
        """A player's skill after each of their finished games, oldest first."""
        row = self._rows.get(player_id)
        return () if row is None else row.history

    def of_partnership(self, player_ids: Iterable[int]) -> Skill | None:
        """A partnership's skill, or None before its first finished game."""
        return self._partnerships.get(tuple(sorted(player_ids)))

    @cached_property
    def _rows(self) -> dict[int, PlayerRating]:
        return {row.player_id: row for row in self.players}

    @cached_property
    def _partnerships(self) -> dict[tuple[int, ...], Skill]:
        return {tuple(sorted(row.player_ids)): row.skill for row in self.teams}


@dataclass(frozen=True)
class Prediction:
    """One team's chance to win a game not played yet."""

    players: tuple[str, ...]
    win_probability: float


def league_ratings(league_id: str) -> ClubRatings:
    """The ratings a league's finished games give; raises LeagueNotFound."""
    version = finished_version(league_id)
    if version is None:
        raise LeagueNotFound(league_id)
    return _worked_out(league_id, version)


def league_games(league_id: str) -> list[PlayedGame]:
    """A league's finished games in the order they were played, players by roster id."""
    games: dict[str, tuple[list[tuple[int, ...]], list[int]]] = {}
    for row in db.session.execute(_FINISHED_TEAMS, {"league_id": league_id}):
        teams, totals = games.setdefault(row.game_id, ([], []))
        teams.append(tuple(int(i) for i in row.partnership.split("-")))
        totals.append(int(row.total))
    return [PlayedGame(tuple(teams), tuple(totals)) for teams, totals in games.values()]


#: Every finished team of a league, game by game in the order played: one query, built once.
_FINISHED_TEAMS = (
    select(Game.id.label("game_id"), LeagueTeam.partnership, LeagueTeam.total)
    .join(Team, Team.id == LeagueTeam.team_id)
    .join(Game, Game.id == Team.game_id)
    .where(LeagueTeam.league_id == bindparam("league_id"), LeagueTeam.outcome.is_not(None))
    .order_by(Game.created_at, Game.id, Team.position))


@lru_cache(maxsize=KEPT_LEAGUES)
def _worked_out(league_id: str, version: tuple[int, int]) -> ClubRatings:
    """The league's ratings as of ``version`` (``finished_version``): a league's games rated
    once per change, however often its pages are read. The answer is a frozen value."""
    names = {player.id: player.name for player in get_league(league_id).players}
    ratings = rate(league_games(league_id))
    players = [PlayerRating(key, names[key], skill, ratings.history(key))
               for key, skill in ratings.players().items()]
    teams = []
    for unit, skill in ratings.partnerships().items():
        members = sorted((names[key], key) for key in unit)
        teams.append(PartnershipRating(tuple(i for _, i in members),
                                       tuple(name for name, _ in members), skill))
    return ClubRatings(
        players=tuple(sorted(players, key=lambda r: (-r.skill.rating, r.name.casefold()))),
        teams=tuple(sorted(teams, key=lambda r: (-r.skill.rating, r.players))))


def read_teams(body: object) -> tuple[tuple[str, ...], ...]:
    """The teams of a prediction from ``{"teams": [["Ann", "Bob"], ["Cy", "Di"]]}``, names
    tidied; raises InvalidInput naming the field (and the team) that cannot be."""
    data = require_keys(body, ("teams",), required=("teams",))["teams"]
    if not isinstance(data, list) or not MIN_TEAMS <= len(data) <= MAX_TEAMS:
        raise InvalidInput(Problem("teams", N_("must list %(least)s to %(most)s teams"),
                                   values={"least": MIN_TEAMS, "most": MAX_TEAMS}))
    problems: list[Problem] = []
    teams: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for index, team in enumerate(data):
        names = read_names(team, MAX_PLAYER_NAME, MAX_PLAYERS_PER_TEAM, "teams", index)
        if isinstance(names, Problem):
            problems.append(names)
            names = ()
        elif not names:
            problems.append(Problem("teams", N_("must name at least one player of the league"),
                                    index))
        tidy = names
        for name in tidy:
            if name_key(name) in seen:
                problems.append(Problem("teams", N_("%(name)s cannot sit at the table twice"),
                                        index, {"name": name}))
            seen.add(name_key(name))
        teams.append(tidy)
    if problems:
        raise InvalidInput(problems)
    return tuple(teams)


def predict(league_id: str, teams: Sequence[Sequence[str]]) -> tuple[Prediction, ...]:
    """Each team's chance to win, its players matched to the roster as a new game matches
    them (a name not on it is a new player, at the start); raises LeagueNotFound."""
    roster = {name_key(player.name): player for player in get_league(league_id).players}
    club = league_ratings(league_id)
    seated = [[(name, roster.get(name_key(name))) for name in team] for team in teams]
    chances = chances_of([[START_SKILL if player is None else club.of_player(player.id)
                           for _, player in team] for team in seated])
    return tuple(Prediction(tuple(name if player is None else player.name
                                  for name, player in team), chance)
                 for team, chance in zip(seated, chances))


def chances_of(teams: Sequence[Sequence[Skill]]) -> tuple[float, ...]:
    """Each team's chance to win from its players' skills (openskill's ``predict_win``)."""
    model = PlackettLuce()
    return tuple(model.predict_win([[model.rating(mu=skill.mu, sigma=skill.sigma)
                                     for skill in team] for team in teams]))


def percentages(chances: Sequence[float]) -> tuple[int, ...]:
    """Chances as whole percentages that add up to 100 (the largest remainders rounded up).

    >>> percentages([0.62, 0.38]), percentages([1 / 3, 1 / 3, 1 / 3])
    ((62, 38), (34, 33, 33))
    """
    exact = [chance * 100 for chance in chances]
    whole = [int(share) for share in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], i))
    for index in by_remainder[:100 - sum(whole)]:
        whole[index] += 1
    return tuple(whole)


@dataclass(frozen=True)
class TeamChance:
    """A team's chance to win as a page shows it: its name and a whole percentage."""

    team: str
    percent: int


def table_chances(league_id: str | None, teams: Sequence[tuple[str, Sequence[str]]]
                  ) -> tuple[TeamChance, ...]:
    """Each team's chance to win, from its name and its players' names, the percentages
    adding up to 100; none outside a league, or while a team has no player named."""
    if not league_id or len(teams) < MIN_TEAMS or not all(players for _, players in teams):
        return ()
    try:
        predictions = predict(league_id, [players for _, players in teams])
    except LeagueNotFound:
        return ()
    shares = percentages([team.win_probability for team in predictions])
    return tuple(TeamChance(name, share) for (name, _), share in zip(teams, shares))


def game_chances(game_id: str, teams: Sequence[tuple[str, Sequence[str]]]
                 ) -> tuple[TeamChance, ...]:
    """The chances of a league game's teams as the league's finished games rate them now
    (before its own end, what they were when it started, unless other games ended since);
    none for a game outside a league."""
    league = league_of_game(game_id)
    return () if league is None else table_chances(league.id, teams)
