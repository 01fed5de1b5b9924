"""The read model of a game: everything a page or the API shows of it, as frozen values.

Totals, minimums and winners are asked of the game's score sheet (``engine.scoresheet``),
the one place they are worked out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property

from handfoot_score.engine.going_out import books_lacking
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.scoresheet import Scoresheet
from handfoot_score.engine.scoring import TeamScore
from handfoot_score.engine.table import Deal, Seat, deal, seating
from handfoot_score.engine.tally import TableBooks, Tally
from handfoot_score.storage.models import GameStatus

from ..words import gettext
from .errors import GameConflict


@dataclass(frozen=True)
class TeamView:
    """A team as the table sees it."""

    position: int
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class RoundView:
    """A recorded round: each team's tally and score."""

    number: int
    version: int
    tallies: tuple[Tally, ...]
    scores: tuple[TeamScore, ...]


@dataclass(frozen=True)
class PartView:
    """One team's count of the round being played, saved from its own phone."""

    team: int
    version: int
    tally: Tally

    @property
    def books(self) -> TableBooks:
        """The books the count says the team made (what the round screen goes by once
        saved)."""
        return self.tally.books


@dataclass(frozen=True)
class TeamCount:
    """Whether a team has saved its own count of the round being played."""

    team: int
    name: str
    saved: bool


@dataclass(frozen=True)
class GameNotes:
    """What the table wrote down about a game: a short note, where and on which day it was
    played; None where it wrote nothing."""

    note: str | None = None
    place: str | None = None
    played_on: date | None = None

    def __bool__(self) -> bool:
        return any(value is not None for value in (self.note, self.place, self.played_on))

    def as_dict(self) -> dict[str, str | None]:
        """The notes as the JSON API and a league's export write them, the day as
        ``YYYY-MM-DD``.

        >>> GameNotes(place="Oak Street", played_on=date(2026, 12, 24)).as_dict()
        {'note': None, 'place': 'Oak Street', 'played_on': '2026-12-24'}
        """
        return {"note": self.note, "place": self.place,
                "played_on": None if self.played_on is None else self.played_on.isoformat()}


@dataclass(frozen=True)
class GameState:
    """Everything a page or the API shows of a game; totals and the deal are derived."""

    id: str
    rules: RuleSet
    status: str
    version: int
    first_dealer: int
    teams: tuple[TeamView, ...]
    rounds: tuple[RoundView, ...]
    books: tuple[TableBooks, ...]
    #: The red threes each team laid down this round, as tapped during play.
    red_threes: tuple[int, ...]
    updated_at: datetime | None = None
    join_code: str | None = None
    #: The counts saved team by team for the round being played, by team position.
    parts: tuple[PartView, ...] = ()
    notes: GameNotes = GameNotes()

    @property
    def finished(self) -> bool:
        """All rounds are recorded."""
        return self.status == GameStatus.FINISHED

    @property
    def current_round(self) -> int | None:
        """The round being played, or None once the game is over."""
        if self.status != GameStatus.PLAYING:
            return None
        return len(self.rounds) + 1

    @cached_property
    def scoresheet(self) -> Scoresheet:
        """Each team's total of every round recorded."""
        return Scoresheet.of(self.rules, len(self.teams),
                             ([score.total for score in r.scores] for r in self.rounds))

    @property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each team's total after each round."""
        return self.scoresheet.running_totals

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's total so far."""
        return self.scoresheet.totals

    def totals_before(self, round_number: int) -> tuple[int, ...]:
        """Each team's total before ``round_number`` was played."""
        return self.scoresheet.totals_before(max(round_number, 1))

    @property
    def winners(self) -> tuple[int, ...]:
        """Team positions with the highest total, once the game is over."""
        return self.scoresheet.winners if self.finished else ()

    def meld_minimums(self, round_number: int) -> tuple[int, ...]:
        """Each team's opening-meld minimum in a round (they differ where it follows the score)."""
        return self.scoresheet.meld_minimums(max(round_number, 1))

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        """Who sits where, partners apart."""
        return seating([team.players or (team.name,) for team in self.teams])

    def deal(self, round_number: int) -> Deal:
        """Who deals hands and feet and who plays first in a round."""
        return deal(self.seats, self.first_dealer, round_number)

    def books_made(self, team: int) -> TableBooks:
        """The books a team made in the round being played: as its saved count says once it
        saved one (later taps no longer count), else as tapped during play."""
        part = self.part(team)
        return self.books[team] if part is None else part.books

    def books_lacking(self, team: int) -> dict[str, int]:
        """The books a team still needs to go out in the current round."""
        if self.current_round is None:
            return {}
        return books_lacking(self.rules, self.current_round, self.books_made(team))

    def part(self, team: int) -> PartView | None:
        """The count a team saved for the round being played, if it saved one."""
        return next((part for part in self.parts if part.team == team), None)

    @property
    def counting(self) -> tuple[TeamCount, ...]:
        """Which teams have saved their own count of the round being played; none once the
        game is over, or while no team has saved one (everyone counts on one phone then)."""
        if self.current_round is None or not self.parts:
            return ()
        return tuple(TeamCount(team.position, team.name, self.part(team.position) is not None)
                     for team in self.teams)

    def part_versions(self) -> tuple[int, ...]:
        """Each team's saved count's version, 0 where it saved none yet."""
        return tuple(part.version if (part := self.part(team.position)) else 0
                     for team in self.teams)

    def round(self, number: int) -> RoundView:
        """A recorded round; raises GameConflict if it is not recorded."""
        if not 1 <= number <= len(self.rounds):
            raise GameConflict(gettext("Round %(number)s has not been recorded.", number=number),
                               "round")
        return self.rounds[number - 1]
