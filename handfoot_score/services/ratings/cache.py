"""A league's ratings, worked out once per change of its finished games: ``league_ratings``
keeps the latest leagues asked for, by the version of their finished games, so the pages and
the API read the same frozen value until a finished game changes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..league_versions import finished_version
from ..leagues import LeagueNotFound, get_league
from .history import league_games
from .model import START_SKILL, Skill, rate

#: Leagues whose ratings this process keeps worked out, the latest asked for.
KEPT_LEAGUES = 32


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


def league_ratings(league_id: str) -> ClubRatings:
    """The ratings a league's finished games give; raises LeagueNotFound."""
    version = finished_version(league_id)
    if version is None:
        raise LeagueNotFound(league_id)
    return _worked_out(league_id, version)


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
