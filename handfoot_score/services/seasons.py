"""Seasons of a league: starting one, and which season a read of the league asks for.

A league without seasons has all its games in "all time", as before. Once someone with the
edit code starts a season, every game the league starts goes into it until the next one
starts; games started before the first season are in none, and count only all time. Reads
of a league with seasons show the season being played unless they ask for another season
(``?season=<id>``) or for all time (``?season=all``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import bindparam, func, select

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.extensions import db
from handfoot_score.storage.models import SEASON_NAME_LENGTH, Game, League, Season, SeasonGame

from .errors import InvalidInput
from .leagues import league_for_change, name_key
from .locking import begin_write, write_transaction
from .typed_in import FIRST_DAY, LAST_DAY, read_name, whole_number

#: What ``?season=`` says to read every game of the league, whatever its season.
ALL_TIME = "all"


@dataclass(frozen=True)
class SeasonView:
    """A season of a league, as the pages and the API show it."""

    id: int
    name: str
    starts_on: date


@dataclass(frozen=True)
class SeasonChoice:
    """Which games a read of a league takes: one season's, or all (``season`` None), and
    the league's seasons, oldest first, to choose another."""

    season: SeasonView | None
    seasons: tuple[SeasonView, ...]

    @property
    def current(self) -> SeasonView | None:
        """The season being played: the one started last, if any."""
        return self.seasons[-1] if self.seasons else None

    @property
    def season_id(self) -> int | None:
        """The id of the season whose games are read; None for all time."""
        return None if self.season is None else self.season.id


_SEASONS = (select(Season.id, Season.name, Season.starts_on)
            .where(Season.league_id == bindparam("league_id")).order_by(Season.id))


def league_seasons(league_id: str) -> tuple[SeasonView, ...]:
    """A league's seasons, oldest first (none for a league that never started one)."""
    return tuple(SeasonView(row.id, row.name, row.starts_on)
                 for row in db.session.execute(_SEASONS, {"league_id": league_id}))


def choose_season(league_id: str, asked: object) -> SeasonChoice:
    """The games a read asks for with ``?season=``: None or "" for the season being played
    (all time in a league without seasons), "all" for all time, or a season's id. Raises
    InvalidInput naming ``season`` for anything else, or a season of another league."""
    seasons = league_seasons(league_id)
    if asked is None or asked == "":
        return SeasonChoice(seasons[-1] if seasons else None, seasons)
    if asked == ALL_TIME:
        return SeasonChoice(None, seasons)
    wanted = whole_number(asked)
    found = next((season for season in seasons if season.id == wanted), None)
    if found is None:
        raise InvalidInput(Problem("season", N_("must be %(all)s or the id of one of the "
                                                "league's seasons"), values={"all": ALL_TIME}))
    return SeasonChoice(found, seasons)


@write_transaction
def start_season(league_id: str, name: object, starts_on: date, *,
                 edit_code: str | None = None) -> SeasonView:
    """Start a new season of the league, named ``name`` and starting on ``starts_on``: the
    league's next games are played in it. Needs the league's edit code, if it has one.

    Raises InvalidInput naming ``name`` (no typable text of 1 to SEASON_NAME_LENGTH
    characters, or a season of the league has it already) or ``starts_on`` (before the
    season being played started), InvalidInput naming ``league`` for no such league, or
    EditCodeRequired.
    """
    begin_write()
    league = league_for_change(league_id, edit_code)
    seasons = league_seasons(league.id)
    problems = []
    tidy = read_name(name, SEASON_NAME_LENGTH, "name")
    if isinstance(tidy, Problem):
        problems.append(tidy)
    elif any(name_key(season.name) == name_key(tidy) for season in seasons):
        problems.append(Problem("name", N_("is the name of a season of this league already")))
    if not FIRST_DAY <= starts_on <= LAST_DAY:
        problems.append(Problem("starts_on", N_("must be a day from %(first)s to %(last)s"),
                                values={"first": FIRST_DAY.isoformat(),
                                        "last": LAST_DAY.isoformat()}))
    elif seasons and starts_on < seasons[-1].starts_on:
        problems.append(Problem("starts_on", N_("must not be before %(day)s, when the season "
                                                "being played started"),
                                values={"day": seasons[-1].starts_on.isoformat()}))
    if problems or tidy is None:
        raise InvalidInput(problems)
    season = Season(league_id=league.id, name=tidy, starts_on=starts_on)
    db.session.add(season)
    db.session.commit()
    return SeasonView(season.id, season.name, season.starts_on)


def join_current_season(league: League, game: Game) -> None:
    """Put a new league game in the season being played, if the league has one (not
    committed)."""
    current = db.session.scalar(select(func.max(Season.id)).where(Season.league_id == league.id))
    if current is not None:
        db.session.add(SeasonGame(game=game, season_id=current))
