"""A game not played yet, predicted: each team's chance to win, its players matched to the
league's roster."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..leagues import get_league, name_key
from .cache import league_ratings
from .model import START_SKILL, chances_of


@dataclass(frozen=True)
class Prediction:
    """One team's chance to win a game not played yet."""

    players: tuple[str, ...]
    win_probability: float


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
