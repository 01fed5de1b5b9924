"""Who sits where, who deals and who plays first, round by round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A place at the table: the team and the player sitting there."""

    team: int
    player: str


@dataclass(frozen=True)
class Deal:
    """Who deals the hands, who deals the feet, and who plays first in a round."""

    round: int
    hands_dealer: Seat
    feet_dealer: Seat
    first_player: Seat


def seating(team_players: Sequence[Sequence[str]]) -> tuple[Seat, ...]:
    """Seat partners apart, teams taking turns round the table (partners sit opposite).

    >>> [s.player for s in seating([["Ann", "Bob"], ["Cy", "Di"]])]
    ['Ann', 'Cy', 'Bob', 'Di']
    """
    seats: list[Seat] = []
    for place in range(max((len(players) for players in team_players), default=0)):
        for team, players in enumerate(team_players):
            if place < len(players):
                seats.append(Seat(team, players[place]))
    return tuple(seats)


def player_count(team_players: Sequence[Sequence[str]]) -> int | None:
    """How many play, where every team names its players; else None: a team known by its
    name alone may be one player or a partnership.

    >>> player_count([["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"]]), player_count([["Ann"], []])
    (6, None)
    """
    if not all(team_players):
        return None
    return sum(len(players) for players in team_players)


def deal(seats: Sequence[Seat], first_dealer: int, round_number: int) -> Deal:
    """The deal of a round: it passes to the left each round and play starts left of the dealer.

    One partner of the dealing team deals the hands, the next partner round the table the feet
    (a player on their own deals both).

    >>> d = deal(seating([["Ann", "Bob"], ["Cy", "Di"]]), 0, 2)
    >>> d.hands_dealer.player, d.feet_dealer.player, d.first_player.player
    ('Cy', 'Di', 'Bob')
    """
    count = len(seats)
    at = (first_dealer + round_number - 1) % count
    dealer = seats[at]
    partners = [seats[(at + step) % count] for step in range(1, count)
                if seats[(at + step) % count].team == dealer.team]
    return Deal(
        round=round_number,
        hands_dealer=dealer,
        feet_dealer=partners[0] if partners else dealer,
        first_player=seats[(at + 1) % count],
    )


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The teams with the highest total: one winner, or several in a tie.

    >>> winners([120, 300, 300])
    (1, 2)
    """
    if not totals:
        return ()
    best = max(totals)
    return tuple(team for team, total in enumerate(totals) if total == best)
