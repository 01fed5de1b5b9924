"""What is stored: games with their rules snapshot, teams, players, rounds and tallies;
leagues with their roster.

Models hold data only; transactions begin and end in the service layer.
"""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from handfoot_score.extensions import Base


class GameStatus(StrEnum):
    """Where a game is: being played, played to its last round, or stopped before it.

    A status is its word, as stored and sent: ``GameStatus.PLAYING == "playing"``.
    """

    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


#: Moments are stored with their time zone, so SQLite and PostgreSQL agree.
Moment = DateTime(timezone=True)
#: Room for any IPv6 address in text, with a zone.
CLIENT_LENGTH = 64
#: The longest note on a game, the longest place name, and the longest season name.
NOTE_LENGTH = 200
PLACE_LENGTH = 100
SEASON_NAME_LENGTH = 60


def _now() -> datetime:
    return datetime.now(UTC)


def new_game_id() -> str:
    """An unguessable id: whoever has the game's link can keep its score."""
    return secrets.token_urlsafe(16)


class SavedRules(Base):
    """A house-rule set a table saved to play again."""

    __tablename__ = "saved_rules"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class Game(Base):
    """One game, played under the exact rules stored with it."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    rules_data: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), default=GameStatus.PLAYING, index=True)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)
    updated_at: Mapped[datetime] = mapped_column(Moment, default=_now, onupdate=_now)
    #: Six characters another phone types at /join to open this game (a unique index, not a
    #: constraint, so adding it left SQLite's ``games`` table without a rebuild).
    join_code: Mapped[str | None] = mapped_column(String(6), unique=True, index=True)
    #: What the table wrote down about the game, if anything: a short note ("Grandma's
    #: birthday"), where it was played and on which day (the day it was started unless said).
    note: Mapped[str | None] = mapped_column(String(NOTE_LENGTH))
    place: Mapped[str | None] = mapped_column(String(PLACE_LENGTH))
    played_on: Mapped[date | None] = mapped_column(Date)

    teams: Mapped[list[Team]] = relationship(
        back_populates="game", order_by="Team.position", cascade="all, delete-orphan")
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan")
    parts: Mapped[list[TallyPart]] = relationship(
        back_populates="game", order_by="TallyPart.team_position", cascade="all, delete-orphan")


class Team(Base):
    """A partnership (or one player on their own) in a game, with the books and red threes
    laid down tapped so far."""

    __tablename__ = "teams"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))
    books_data: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    #: The red threes the team laid down this round, tapped during play as books are.
    red_threes_down: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    game: Mapped[Game] = relationship(back_populates="teams")
    players: Mapped[list[Player]] = relationship(
        back_populates="team", order_by="Player.position", cascade="all, delete-orphan")


class Player(Base):
    """A player at the table."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("team_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))

    team: Mapped[Team] = relationship(back_populates="players")


class Round(Base):
    """A recorded round; ``version`` goes up with each correction."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        UniqueConstraint("game_id", "request_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=1)
    request_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)
    updated_at: Mapped[datetime] = mapped_column(Moment, default=_now, onupdate=_now)

    game: Mapped[Game] = relationship(back_populates="rounds")
    tallies: Mapped[list[TallyRecord]] = relationship(
        back_populates="round", order_by="TallyRecord.team_position",
        cascade="all, delete-orphan")


class TallyRecord(Base):
    """One team's tally as entered, with the score it earned (kept for standings)."""

    __tablename__ = "tallies"
    __table_args__ = (UniqueConstraint("round_id", "team_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    team_position: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    melded_points: Mapped[int] = mapped_column(Integer)
    book_points: Mapped[int] = mapped_column(Integer)
    red_three_points: Mapped[int] = mapped_column(Integer)
    going_out_points: Mapped[int] = mapped_column(Integer)
    bonus_points: Mapped[int] = mapped_column(Integer)
    left_points: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)

    round: Mapped[Round] = relationship(back_populates="tallies")


class League(Base):
    """A season of games kept together, with its roster and, if it has one, its edit code."""

    __tablename__ = "leagues"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(100))
    #: Werkzeug's salted hash of the edit code; None for a league anyone may change.
    edit_code_hash: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)
    #: When this league was restored from an exported file; None for one started here. A
    #: restored copy keeps its name and its file stays the same: this is what tells it from
    #: the league it was exported from in a list.
    restored_at: Mapped[datetime | None] = mapped_column(Moment)

    players: Mapped[list[LeaguePlayer]] = relationship(
        back_populates="league", order_by="LeaguePlayer.id", cascade="all, delete-orphan")
    seasons: Mapped[list[Season]] = relationship(
        back_populates="league", order_by="Season.id", cascade="all, delete-orphan")


class LeaguePlayer(Base):
    """A name on a league's roster; ``name_key`` makes "ann " and "Ann" the same player."""

    __tablename__ = "league_players"
    __table_args__ = (UniqueConstraint("league_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[str] = mapped_column(
        ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    name_key: Mapped[str] = mapped_column(String(60))

    league: Mapped[League] = relationship(back_populates="players")


# A game's place in a league lives in tables of their own: adding leagues changed no existing
# table, so older databases upgrade by adding tables only, and SQLite never has to rebuild
# ``games`` (a rebuild with foreign keys on would cascade-delete every team and round).


class LeagueGame(Base):
    """A game played in a league."""

    __tablename__ = "league_games"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id"), index=True)

    game: Mapped[Game] = relationship()
    league: Mapped[League] = relationship()


class LeagueTeam(Base):
    """A team of a league game: which partnership it is and, once the game is finished, its
    final total and outcome, kept so standings are one aggregate query."""

    __tablename__ = "league_teams"
    __table_args__ = (Index(None, "league_id", "partnership", "outcome", "total"),)

    team_id: Mapped[int] = mapped_column(
        ForeignKey("teams.id", ondelete="CASCADE"), primary_key=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id"))
    #: The team's roster ids in order, joined by "-": the same players, the same partnership.
    partnership: Mapped[str] = mapped_column(String(100))
    total: Mapped[int | None] = mapped_column(Integer)
    outcome: Mapped[str | None] = mapped_column(String(4))

    team: Mapped[Team] = relationship()
    seats: Mapped[list[LeagueSeat]] = relationship(
        back_populates="league_team", cascade="all, delete-orphan")


class LeagueSeat(Base):
    """A seat at a league game's table, taken by a player of the roster; it repeats its team's
    result so a player's standings read this table alone."""

    __tablename__ = "league_seats"
    __table_args__ = (Index(None, "league_id", "league_player_id", "outcome", "total"),)

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    team_id: Mapped[int] = mapped_column(
        ForeignKey("league_teams.team_id", ondelete="CASCADE"), index=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id"))
    league_player_id: Mapped[int] = mapped_column(ForeignKey("league_players.id"), index=True)
    total: Mapped[int | None] = mapped_column(Integer)
    outcome: Mapped[str | None] = mapped_column(String(4))

    player: Mapped[Player] = relationship()
    league_team: Mapped[LeagueTeam] = relationship(back_populates="seats")
    league_player: Mapped[LeaguePlayer] = relationship()


class Season(Base):
    """A season of a league: named and dated when someone started it; the league's games
    started from then on, until the next season starts, are played in it."""

    __tablename__ = "seasons"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[str] = mapped_column(
        ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(SEASON_NAME_LENGTH))
    starts_on: Mapped[date] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)

    league: Mapped[League] = relationship(back_populates="seasons")


class SeasonGame(Base):
    """A league game's season: a table of its own, as a game's league is; a game started
    before its league's first season is in none."""

    __tablename__ = "season_games"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    season_id: Mapped[int] = mapped_column(
        ForeignKey("seasons.id", ondelete="CASCADE"), index=True)

    game: Mapped[Game] = relationship()


class EditCodeFailure(Base):
    """A wrong edit code given for a league: kept in the database so every server process
    counts the same attempts."""

    __tablename__ = "edit_code_failures"
    __table_args__ = (Index(None, "league_id", "client", "failed_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    #: The address the code came from: a guesser locks out only itself. None for wrong codes
    #: recorded before addresses were, and for checks made outside a request.
    client: Mapped[str | None] = mapped_column(String(CLIENT_LENGTH))
    failed_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class JoinCodeFailure(Base):
    """A join code typed that opened no game in play, kept per address so a guesser is slowed
    down whichever server process answers."""

    __tablename__ = "join_code_failures"
    __table_args__ = (Index(None, "client", "failed_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client: Mapped[str | None] = mapped_column(String(CLIENT_LENGTH))
    failed_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class EditCodeHashed(Base):
    """An edit code hashed for a new league, kept per address: hashing costs the server a
    fraction of a second, so each address may have only so many hashed in a while."""

    __tablename__ = "edit_codes_hashed"
    __table_args__ = (Index(None, "client", "hashed_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client: Mapped[str | None] = mapped_column(String(CLIENT_LENGTH))
    hashed_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class LeagueImport(Base):
    """The one league import running now: its single possible row (``slot`` is always 1) makes
    a second import wait, and the league it names is incomplete, so shown nowhere, until the
    import's last chunk is stored and the row deleted."""

    __tablename__ = "league_imports"

    slot: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    #: When the import last stored a chunk. Whether it died with its process is told by the
    #: lock a running import holds (``league_backup.holding_the_import_slot``), not by this.
    touched_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class TallyPart(Base):
    """One team's count of the round being played, saved from its own phone before the round
    is recorded; ``version`` goes up with each save, so a stale save is refused."""

    __tablename__ = "tally_parts"
    __table_args__ = (UniqueConstraint("game_id", "round_number", "team_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    round_number: Mapped[int] = mapped_column(Integer)
    team_position: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(Moment, default=_now, onupdate=_now)

    game: Mapped[Game] = relationship(back_populates="parts")


class ClubNight(Base):
    """A club's evening in a league: who is present, how many games each plays, and its
    tables as drawn when the night was made (``engine.seating_plan``), shown as stored: a
    draw made again from the seed could differ on another version of Python."""

    __tablename__ = "club_nights"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    league_id: Mapped[str] = mapped_column(
        ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    #: The names present, as the roster spells them, in the order they were given.
    players: Mapped[list[str]] = mapped_column(JSON)
    games_each: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    #: How a table of six plays: "pairs" (three teams of two) or "threes" (two teams of three).
    six_seats: Mapped[str] = mapped_column(String(8))
    #: The rules every table's game is started with: a preset's or a saved set's id.
    rules_id: Mapped[str] = mapped_column(String(64))
    #: Every rotation's tables and who sits it out, as ``Evening.as_data`` keeps them.
    rotations: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class ClubNightGame(Base):
    """The game started at one table of one rotation of a club night."""

    __tablename__ = "club_night_games"

    night_id: Mapped[str] = mapped_column(
        ForeignKey("club_nights.id", ondelete="CASCADE"), primary_key=True)
    rotation: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    table: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), unique=True)

    game: Mapped[Game] = relationship()
