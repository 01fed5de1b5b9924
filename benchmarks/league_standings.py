"""Part 3, league growth: how long a league's standings take as the league grows.

Leagues of 1,000, 10,000 and 100,000 finished games share one temporary SQLite file, as
leagues share a server. Each game draws from a roster of 40 players: two teams of two,
three teams of two, or three players on their own; four rounds, every team a tally each
round, and the results the games service keeps when a league game finishes. The rows go in
with SQLAlchemy Core inserts, many at a time, not through the API.

    .venv/bin/python -m benchmarks.league_standings [GAMES ...]

prints the standings time for a league of each size on its own.
"""

from __future__ import annotations

import json
import math
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import Connection, func, select

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.extensions import db
from handfoot_score.services import standings
from handfoot_score.services.leagues import outcome
from handfoot_score.storage.models import (
    Game,
    GameStatus,
    League,
    LeagueGame,
    LeaguePlayer,
    LeagueSeat,
    LeagueTeam,
    Player,
    Round,
    TallyRecord,
    Team,
)

from .report import Row, median

PLAYERS = 40
ROUNDS = 4
SHAPES = ((2, 2), (3, 2), (3, 1))  # (teams, players per team)
SIZES = (1_000, 10_000, 100_000)
QUICK_SIZES = (100, 1_000)
TARGET_MS = 100
TARGET_SIZE = 10_000
FILL_CACHE_KIB = 256 * 1024
#: Tallies gathered before rows are written: enough to be quick, few enough to use little memory.
BATCH = 20_000


@dataclass(frozen=True)
class Timing:
    """A league's size and how long its standings took (medians), and how long filling took."""

    games: int
    wall: float
    cpu: float
    filled: float
    players: int
    partnerships: int


def sample_app(folder: str) -> Flask:
    """The app on a new SQLite file in ``folder``, its schema made by the migrations."""
    path = Path(folder) / "league.sqlite"
    return create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                       "SECRET_KEY": "benchmark"})


def fill(league_id: str, games: int, seed: int = 4) -> None:
    """Store a league of ``games`` finished games with random teams and totals, in the app's
    database (inside an app context), beside whatever is there already."""
    with db.engine.connect() as connection:
        # A big page cache while the indexes grow, and no waiting for the disk: this file is
        # thrown away. Set on the driver's connection, outside any transaction, and undone
        # before the connection goes back to the pool.
        driver = connection.connection.dbapi_connection
        assert driver is not None
        driver.execute(f"PRAGMA cache_size=-{FILL_CACHE_KIB}")
        driver.execute("PRAGMA synchronous=OFF")
        with connection.begin():
            _fill(connection, league_id, games, random.Random(seed))
        driver.execute("PRAGMA synchronous=FULL")
        driver.execute("PRAGMA cache_size=-2000")


#: The columns filled in each table, in the order the rows below give them.
COLUMNS = {
    League: ("id", "name", "edit_code_hash", "created_at"),
    LeaguePlayer: ("id", "league_id", "name", "name_key"),
    Game: ("id", "rules_data", "status", "first_dealer", "version", "created_at", "updated_at"),
    LeagueGame: ("game_id", "league_id"),
    Team: ("id", "game_id", "position", "name", "books_data"),
    LeagueTeam: ("team_id", "league_id", "partnership", "total", "outcome"),
    Player: ("id", "team_id", "position", "name"),
    LeagueSeat: ("player_id", "team_id", "league_id", "league_player_id", "total", "outcome"),
    Round: ("id", "game_id", "number", "version", "request_key", "created_at", "updated_at"),
    TallyRecord: ("round_id", "team_position", "data", "melded_points", "book_points",
                  "red_three_points", "going_out_points", "bonus_points", "left_points",
                  "total"),
}


def _fill(connection: Connection, league_id: str, games: int, chance: random.Random) -> None:
    start = datetime(2025, 1, 1, tzinfo=UTC)
    moment = _stored(connection, Game.__table__.c.created_at)
    first = {model: _last_id(connection, model) + 1
             for model in (LeaguePlayer, Team, Player, Round)}
    roster = range(first[LeaguePlayer], first[LeaguePlayer] + PLAYERS)
    names = {n: f"Player {n}" for n in roster}
    rows: dict[Any, list[tuple[Any, ...]]] = {model: [] for model in COLUMNS}
    rows[League].append((league_id, f"Benchmark league of {games}", None, moment(start)))
    rows[LeaguePlayer] += [(n, league_id, names[n], names[n].lower()) for n in roster]
    rules = json.dumps(rules_to_dict(PRESETS["classic"]))
    team_id, player_id, round_id = first[Team], first[Player], first[Round]
    for number in range(games):
        game_id = f"{league_id}-{number:06d}"
        when = moment(start + timedelta(hours=number))
        rows[Game].append((game_id, rules, GameStatus.FINISHED, 0, ROUNDS + 1, when, when))
        rows[LeagueGame].append((game_id, league_id))
        team_count, size = chance.choice(SHAPES)
        seated = chance.sample(roster, team_count * size)
        totals = [0] * team_count
        for round_number in range(1, ROUNDS + 1):
            rows[Round].append((round_id, game_id, round_number, 1, None, when, when))
            for position in range(team_count):
                total = 5 * int(chance.random() * 1100) - 500  # -500 to 4995 in fives
                totals[position] += total
                rows[TallyRecord].append((
                    round_id, position, f'{{"melded": {{"points": {max(total, 0)}}}}}',
                    total, 0, 0, 0, 0, 0, total))
            round_id += 1
        for position in range(team_count):
            members = sorted(seated[position * size:(position + 1) * size])
            total, result = totals[position], outcome(totals, position).value
            rows[Team].append((team_id, game_id, position, TEAM_NAMES[position], "{}"))
            rows[LeagueTeam].append((team_id, league_id, "-".join(map(str, members)), total,
                                     result))
            for place, member in enumerate(members):
                rows[Player].append((player_id, team_id, place, names[member]))
                rows[LeagueSeat].append((player_id, team_id, league_id, member, total, result))
                player_id += 1
            team_id += 1
        if len(rows[TallyRecord]) >= BATCH:
            _write(connection, rows)
    _write(connection, rows)


TEAM_NAMES = ("Team 1", "Team 2", "Team 3")


def _write(connection: Connection, rows: dict[Any, list[tuple[Any, ...]]]) -> None:
    """Insert the gathered rows, parents before children, as the driver takes them (JSON
    already text, moments already as SQLAlchemy stores them); then gather anew."""
    for model, values in rows.items():
        if values:
            columns = COLUMNS[model]
            connection.exec_driver_sql(
                f"INSERT INTO {model.__table__.name} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' * len(columns))})", values)
            values.clear()


def _stored(connection: Connection, column: Any) -> Any:
    """How the database stores a moment in this column (a function of the moment)."""
    dialect = connection.dialect
    return column.type.dialect_impl(dialect).bind_processor(dialect) or (lambda value: value)


def _last_id(connection: Connection, model: Any) -> int:
    return int(connection.execute(select(func.coalesce(func.max(model.id), 0))).scalar_one())


def time_standings(league_id: str, runs: int) -> tuple[float, float]:
    """The median wall time and CPU time of ``runs`` standings computations, after a warm-up.

    CPU time is this process's own: on a busy machine it says more than the wall clock.
    """
    standings.league_standings(league_id)
    wall, cpu = [], []
    for _ in range(runs):
        db.session.expire_all()
        began, began_cpu = time.perf_counter(), time.process_time()
        standings.league_standings(league_id)
        wall.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
    db.session.remove()
    return median(wall), median(cpu)


def measure(sizes: Sequence[int], runs: int) -> Iterator[Timing]:
    """Fill a league of each size into one database and time its standings."""
    with tempfile.TemporaryDirectory() as folder:
        app = sample_app(folder)
        with app.app_context():
            for size in sizes:
                league_id = f"league-{size}"
                began = time.perf_counter()
                fill(league_id, size)
                filled = time.perf_counter() - began
                wall, cpu = time_standings(league_id, runs)
                table = standings.league_standings(league_id)
                db.session.remove()
                yield Timing(size, wall, cpu, filled, len(table.players), len(table.teams))
            db.engine.dispose()


def growth(smaller: Timing, larger: Timing) -> float:
    """How much longer the standings take for each tenfold growth of the league."""
    return (larger.wall / smaller.wall) ** (1 / math.log10(larger.games / smaller.games))


def run(quick: bool) -> list[Row]:
    """Time the standings of each league size; the figures with their targets."""
    runs = 3 if quick else 7
    timings = list(measure(QUICK_SIZES if quick else SIZES, runs))
    rows = []
    for timing in timings:
        target = timing.games == TARGET_SIZE
        rows.append(Row(
            "3 league growth",
            f"standings of {timing.games:,} games ({timing.players} players, "
            f"{timing.partnerships} partnerships; CPU {timing.cpu * 1000:.1f} ms; "
            f"filled in {timing.filled:.1f} s; {runs} runs)",
            f"{timing.wall * 1000:.1f} ms", f"<= {TARGET_MS} ms" if target else "",
            timing.wall * 1000 <= TARGET_MS if target else None))
    for smaller, larger in zip(timings, timings[1:]):
        factor = growth(smaller, larger)
        rows.append(Row("3 league growth",
                        f"growth per 10x games, {smaller.games:,} to {larger.games:,}",
                        f"{factor:.2f}x", "<= 10x (linear)", factor <= 10))
    return rows


def main(sizes: list[int]) -> None:
    """Print the median standings time for a league of each size."""
    for timing in measure(sizes, runs=7):
        print(f"{timing.games:>7,} games: standings in {timing.wall * 1000:6.1f} ms wall, "
              f"{timing.cpu * 1000:6.1f} ms CPU (medians of 7; {timing.players} players, "
              f"{timing.partnerships} partnerships; filled in {timing.filled:.1f} s)")


if __name__ == "__main__":
    main([int(n) for n in sys.argv[1:]] or list(SIZES[:2]))
