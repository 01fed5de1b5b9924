"""What is stored: games with their rules snapshot, teams, players, rounds and tallies.

Models hold data only; transactions begin and end in the service layer.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from handfoot_score.extensions import db

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"
#: Moments are stored with their time zone, so SQLite and PostgreSQL agree.
Moment = DateTime(timezone=True)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def new_game_id() -> str:
    """An unguessable id: whoever has the game's link can keep its score."""
    return secrets.token_urlsafe(16)


class SavedRules(db.Model):  # type: ignore[name-defined,misc]
    """A house-rule set a table saved to play again."""

    __tablename__ = "saved_rules"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)


class Game(db.Model):  # type: ignore[name-defined,misc]
    """One game, played under the exact rules stored with it."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    rules_data: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), default=PLAYING, index=True)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(Moment, default=_now)
    updated_at: Mapped[datetime] = mapped_column(Moment, default=_now, onupdate=_now)

    teams: Mapped[list[Team]] = relationship(
        back_populates="game", order_by="Team.position", cascade="all, delete-orphan")
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan")


class Team(db.Model):  # type: ignore[name-defined,misc]
    """A partnership (or one player on their own) in a game, with the books tapped so far."""

    __tablename__ = "teams"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))
    books_data: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)

    game: Mapped[Game] = relationship(back_populates="teams")
    players: Mapped[list[Player]] = relationship(
        back_populates="team", order_by="Player.position", cascade="all, delete-orphan")


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A player at the table."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("team_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))

    team: Mapped[Team] = relationship(back_populates="players")


class Round(db.Model):  # type: ignore[name-defined,misc]
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


class TallyRecord(db.Model):  # type: ignore[name-defined,misc]
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
