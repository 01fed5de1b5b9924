"""Leagues: creating one, its roster, its games' seats and the results kept for standings.

A league with an edit code refuses to create, correct or stop its games without the code
(see ``edit_codes``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from sqlalchemy import bindparam, select

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.table import winners
from handfoot_score.extensions import db
from handfoot_score.storage.models import (
    Game,
    GameStatus,
    League,
    LeagueGame,
    LeagueImport,
    LeaguePlayer,
    LeagueSeat,
    LeagueTeam,
    Player,
)

from .edit_codes import edit_code_problem, hash_edit_code, require_edit_code, unlock_key
from .errors import InvalidInput, NotFound, require_keys
from .locking import begin_write, lock_league_row, write_transaction
from .new_edit_codes import count_hashing
from .scoring import scoresheet_of
from .typed_in import STORED_INT_MAX, read_name, tidy_name

MAX_LEAGUE_NAME = 100
MAX_PLAYER_NAME = 60
#: A club's players over many seasons; what its backup restores in a moment.
MAX_ROSTER_PLAYERS = 1_000


class Outcome(StrEnum):
    """How a finished game ended for one team."""

    WIN = "win"
    TIE = "tie"
    LOSS = "loss"


class LeagueNotFound(NotFound):
    """No league has this id (or no player of the league has this id)."""

    message = N_("There is no league at this address.")


@dataclass(frozen=True)
class RosterPlayer:
    """A name on a league's roster."""

    id: int
    name: str


@dataclass(frozen=True)
class LeagueView:
    """A league as the pages and the API show it."""

    id: str
    name: str
    protected: bool
    created_at: datetime
    players: tuple[RosterPlayer, ...]
    #: When the league was restored from its file here; None for one started here.
    restored_at: datetime | None = None


@write_transaction
def create_league(body: object) -> LeagueView:
    """Start a league: ``{"name", "edit_code"?}``; the code is kept only as a salted hash,
    hashed only while this address has not hashed too many lately (``new_edit_codes``)."""
    data = require_keys(body, ("name", "edit_code"), required=("name",))
    league = new_league(data["name"], data.get("edit_code"))
    begin_write()
    db.session.add(league)
    db.session.commit()
    return _view(league)


def new_league(name: object, edit_code: object) -> League:
    """A league not stored yet, made or restored; raises InvalidInput naming each field that
    cannot be, or TooManyNewCodes where this address hashed too many codes lately."""
    name, code = league_fields(name, edit_code)
    if code is not None:
        count_hashing()
    return _league(name, code)


def league_fields(name: object, edit_code: object) -> tuple[str, str | None]:
    """A new league's name, tidied, and its edit code if it has one; raises InvalidInput
    naming each field that cannot be."""
    problems = []
    tidy = read_name(name, MAX_LEAGUE_NAME, "name")
    if isinstance(tidy, Problem):
        problems.append(tidy)
    code_problem = edit_code_problem(edit_code)
    if code_problem is not None:
        problems.append(code_problem)
    if problems or isinstance(tidy, Problem):
        raise InvalidInput(problems)
    return tidy, edit_code if isinstance(edit_code, str) else None


def _league(name: str, edit_code: str | None) -> League:
    """A league of these checked fields, its code kept only as a salted hash."""
    return League(name=name,
                  edit_code_hash=None if edit_code is None else hash_edit_code(edit_code))


def player_name(value: object, limit: int = MAX_PLAYER_NAME) -> str | None:
    """A name with its spaces tidied, or None if it is not typable text of 1 to ``limit``
    characters (case-folded too: the roster keys names by their folded spelling)."""
    return tidy_name(value, limit)


def name_key(name: str) -> str:
    """What makes two names the same player: case and spacing do not count.

    >>> name_key("  ann   LEE ") == name_key("Ann Lee")
    True
    """
    return " ".join(name.split()).casefold()


def get_league(league_id: str) -> LeagueView:
    """The league with this id and its roster, in one query; raises LeagueNotFound."""
    rows = db.session.execute(_LEAGUE_AND_ROSTER, {"league_id": league_id}).all() \
        if isinstance(league_id, str) else []
    if not rows:
        raise LeagueNotFound(league_id)
    league = rows[0]
    return LeagueView(
        id=league.id, name=league.name, protected=league.edit_code_hash is not None,
        created_at=utc(league.created_at),
        players=tuple(RosterPlayer(row.player_id, row.player_name) for row in rows
                      if row.player_id is not None),
        restored_at=None if league.restored_at is None else utc(league.restored_at))


def league_record(league_id: str) -> League:
    """The stored league, for the other services; raises LeagueNotFound, also for a league
    whose import is not finished."""
    league = db.session.scalars(_COMPLETE_LEAGUE, {"league_id": league_id}).one_or_none() \
        if isinstance(league_id, str) else None
    if league is None:
        raise LeagueNotFound(league_id)
    return league


#: A league by its id, unless it is still being imported: one query, built once.
_COMPLETE_LEAGUE = select(League).where(
    League.id == bindparam("league_id"),
    League.id.not_in(select(LeagueImport.league_id)))
#: The same league as plain rows, one a name on its roster (one row with no name for an
#: empty roster): what a page shows of it, without building the stored objects.
_LEAGUE_AND_ROSTER = (
    select(League.id, League.name, League.edit_code_hash, League.created_at, League.restored_at,
           LeaguePlayer.id.label("player_id"), LeaguePlayer.name.label("player_name"))
    .outerjoin(LeaguePlayer, LeaguePlayer.league_id == League.id)
    .where(League.id == bindparam("league_id"),
           League.id.not_in(select(LeagueImport.league_id)))
    .order_by(LeaguePlayer.id))


def leagues_with_ids(ids: Collection[str]) -> list[LeagueView]:
    """The stored leagues among ``ids`` (a device's own list), the newest first; a league
    still being imported is not one yet."""
    leagues = db.session.scalars(
        select(League).where(League.id.in_(list(ids)), League.id.not_in(
            select(LeagueImport.league_id))).order_by(League.created_at.desc()))
    return [_view(league) for league in leagues]


def roster_player(league_id: str, player_id: int) -> RosterPlayer:
    """One player on a league's roster; raises LeagueNotFound."""
    player = db.session.get(LeaguePlayer, player_id) if 0 <= player_id <= STORED_INT_MAX else None
    if player is None or player.league_id != league_id:
        raise LeagueNotFound(f"{league_id}/{player_id}")
    return RosterPlayer(player.id, player.name)


@write_transaction
def unlock(league_id: str, edit_code: str | None) -> str:
    """Check a league's edit code; returns the key a device keeps in its session instead,
    which stands for the code from then on. Raises EditCodeRequired or TooManyAttempts, or
    DatabaseBusy before checking the code if its wrong guess could not be recorded."""
    begin_write()
    league = league_record(league_id)
    require_edit_code(league, edit_code)
    return unlock_key(league)


def league_for_change(league_id: object, edit_code: str | None) -> League:
    """The league a new game joins, once its edit code is checked, locked until the game is
    stored: a game started at the same moment with the same new player waits, then finds the
    player on the roster instead of adding it twice. Raises InvalidInput if ``league_id``
    names no league."""
    league = db.session.get(League, league_id) if isinstance(league_id, str) else None
    if league is None:
        raise InvalidInput(Problem("league", N_("is not the id of a league")))
    require_edit_code(league, edit_code)
    lock_league_row(league.id)
    return league


def league_of_game(game_id: str) -> League | None:
    """The league a game was played in, if any."""
    return db.session.scalar(
        select(League).join(LeagueGame, LeagueGame.league_id == League.id)
        .where(LeagueGame.game_id == game_id))


#: Built once: the id of a game's league, the one thing the round screen needs of it.
_LEAGUE_ID_OF_GAME = select(LeagueGame.__table__.c.league_id).where(
    LeagueGame.__table__.c.game_id == bindparam("game_id"))


def league_id_of_game(game_id: str) -> str | None:
    """The id of the league a game is played in, if any: one row of one table, not the
    league loaded (a game in no league, most of them, needs no more)."""
    league_id: str | None = db.session.scalar(_LEAGUE_ID_OF_GAME, {"game_id": game_id})
    return league_id


def check_seats(game: Game) -> None:
    """Raise InvalidInput unless every team of a league game names a player and nobody sits
    at the table twice (names match whatever their case and spacing)."""
    seen: set[str] = set()
    problems: list[Problem] = []
    for team in game.teams:
        if not team.players:
            problems.append(Problem("players", N_("must name at least one player of the league"),
                                    team.position))
        for player in team.players:
            key = name_key(player.name)
            if key in seen:
                problems.append(Problem(
                    "players", N_("%(name)s cannot sit at the table twice"), team.position,
                    {"name": player.name}))
            seen.add(key)
    if problems:
        raise InvalidInput(problems)


def seat_players(league: League, game: Game) -> None:
    """Put a new game in a league: each player is found on the roster by name (case and
    spacing aside) or joins it, and takes the roster's spelling of the name.

    Adds the game's league records to the session without committing; a finished game (from
    a backup) gets its results at once. Raises InvalidInput as ``check_seats`` does, or
    naming the first team that brings a new name to a roster of MAX_ROSTER_PLAYERS.
    """
    check_seats(game)
    roster = {member.name_key: member for member in league.players}
    joining = [team.position for team in game.teams for player in team.players
               if name_key(player.name) not in roster]
    if len(roster) + len(joining) > MAX_ROSTER_PLAYERS:
        raise InvalidInput(Problem(
            "players", N_("the league's roster is full at %(most)s players: pick names on it"),
            joining[0], {"most": MAX_ROSTER_PLAYERS}))
    seated: list[list[tuple[Player, LeaguePlayer]]] = []
    for team in game.teams:
        seated.append([])
        for player in team.players:
            key = name_key(player.name)
            if key not in roster:
                roster[key] = LeaguePlayer(league=league, name=player.name, name_key=key)
                db.session.add(roster[key])
            player.name = roster[key].name
            seated[-1].append((player, roster[key]))
    if any(member.id is None for member in roster.values()):
        db.session.flush()  # a partnership is named by its players' roster ids
    db.session.add(LeagueGame(game=game, league=league))
    entries = [
        LeagueTeam(team=team, league_id=league.id,
                   partnership="-".join(str(i) for i in sorted(m.id for _, m in seats)),
                   seats=[LeagueSeat(player=player, league_id=league.id, league_player=member)
                          for player, member in seats])
        for team, seats in zip(game.teams, seated)
    ]
    db.session.add_all(entries)
    if game.status == GameStatus.FINISHED:
        _store_results(game, entries)


def record_results(game: Game) -> None:
    """Keep a finished league game's final totals and outcomes for the standings (when its
    last round is recorded, or a round of it corrected); not committed."""
    if game.status != GameStatus.FINISHED:
        return
    # The new round is not flushed yet: a clash with a round recorded meanwhile must surface
    # at the caller's commit, where it is handled, not here.
    with db.session.no_autoflush:
        entries = db.session.scalars(select(LeagueTeam).where(
            LeagueTeam.team_id.in_([team.id for team in game.teams]))).all()
        _store_results(game, entries)


def outcome(totals: Sequence[int], position: int) -> Outcome:
    """How a game ended for one team: the strictly highest total wins, a shared highest total
    ties, and everyone else loses.

    >>> outcome([900, 300], 0), outcome([900, 900, 300], 1), outcome([900, 900, 300], 2)
    (<Outcome.WIN: 'win'>, <Outcome.TIE: 'tie'>, <Outcome.LOSS: 'loss'>)
    """
    top = winners(totals)
    if position not in top:
        return Outcome.LOSS
    return Outcome.WIN if len(top) == 1 else Outcome.TIE


def _store_results(game: Game, entries: Sequence[LeagueTeam]) -> None:
    totals = scoresheet_of(game).totals
    for entry in entries:
        position = entry.team.position
        entry.total = totals[position]
        entry.outcome = outcome(totals, position).value
        for seat in entry.seats:
            seat.total, seat.outcome = entry.total, entry.outcome


def utc(moment: datetime) -> datetime:
    """A stored moment with its zone (SQLite hands moments back without it; they are UTC)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _view(league: League) -> LeagueView:
    return LeagueView(
        id=league.id, name=league.name, protected=league.edit_code_hash is not None,
        created_at=utc(league.created_at),
        players=tuple(RosterPlayer(p.id, p.name) for p in league.players),
        restored_at=None if league.restored_at is None else utc(league.restored_at))
