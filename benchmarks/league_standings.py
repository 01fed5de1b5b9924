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
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import Connection, func, select

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.extensions import db
from handfoot_score.models import (
    FINISHED, Game, League, LeagueGame, LeaguePlayer, LeagueSeat, LeagueTeam, Player, Round,
    TallyRecord, Team,
)
from handfoot_score.services import standings
from handfoot_score.services.leagues import outcome

from .report import Row, median

PLAYERS = 40
ROUNDS = 4
SHAPES = ((2, 2), (3, 2), (3, 1))  # (teams, players per team)
SIZES = (1_000, 10_000, 100_000)
QUICK_SIZES = (100, 1_000)
TARGET_MS = 100
TARGET_SIZE = 10_000
#: Rows gathered before they are written: enough to be quick, few enough to use little memory.
BATCH = 50_000


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
    with db.engine.begin() as connection:
        _fill(connection, league_id, games, random.Random(seed))


def _fill(connection: Connection, league_id: str, games: int, chance: random.Random) -> None:
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    moment = _stored(connection, Game.__table__.c.created_at)
    ids = {model: _last_id(connection, model) for model in (LeaguePlayer, Team, Player, Round)}
    roster = range(ids[LeaguePlayer] + 1, ids[LeaguePlayer] + 1 + PLAYERS)
    rows = _Rows(connection)
    rows.add(League, id=league_id, name=f"Benchmark league of {games}", edit_code_hash=None,
             created_at=moment(start))
    for n in roster:
        rows.add(LeaguePlayer, id=n, league_id=league_id, name=f"Player {n}",
                 name_key=f"player {n}")
    rules = json.dumps(rules_to_dict(PRESETS["classic"]))
    for number in range(games):
        game_id = f"{league_id}-{number:06d}"
        when = moment(start + timedelta(hours=number))
        rows.add(Game, id=game_id, rules_data=rules, status=FINISHED, first_dealer=0,
                 version=ROUNDS + 1, created_at=when, updated_at=when)
        rows.add(LeagueGame, game_id=game_id, league_id=league_id)
        team_count, size = chance.choice(SHAPES)
        seated = chance.sample(roster, team_count * size)
        totals = [0] * team_count
        for round_number in range(1, ROUNDS + 1):
            round_id = ids[Round] = ids[Round] + 1
            rows.add(Round, id=round_id, game_id=game_id, number=round_number, version=1,
                     request_key=None, created_at=when, updated_at=when)
            for position in range(team_count):
                total = 5 * int(chance.random() * 1100) - 500  # -500 to 4995 in fives
                totals[position] += total
                rows.add(TallyRecord, round_id=round_id, team_position=position,
                         data=f'{{"melded": {{"points": {max(total, 0)}}}}}',
                         melded_points=total, book_points=0, red_three_points=0,
                         going_out_points=0, bonus_points=0, left_points=0, total=total)
        for position in range(team_count):
            team_id = ids[Team] = ids[Team] + 1
            members = sorted(seated[position * size:(position + 1) * size])
            result = outcome(totals, position).value
            rows.add(Team, id=team_id, game_id=game_id, position=position,
                     name=f"Team {position + 1}", books_data="{}")
            rows.add(LeagueTeam, team_id=team_id, league_id=league_id,
                     partnership="-".join(map(str, members)), total=totals[position],
                     outcome=result)
            for place, member in enumerate(members):
                player_id = ids[Player] = ids[Player] + 1
                rows.add(Player, id=player_id, team_id=team_id, position=place,
                         name=f"Player {member}")
                rows.add(LeagueSeat, player_id=player_id, team_id=team_id, league_id=league_id,
                         league_player_id=member, total=totals[position], outcome=result)
        rows.write_if_full()
    rows.write()


class _Rows:
    """Rows gathered table by table and written many at a time, parents before children.

    Values go to the database driver as they are: JSON already text, moments already in the
    form SQLAlchemy stores them.
    """

    ORDER = (League, LeaguePlayer, Game, LeagueGame, Team, LeagueTeam, Player, LeagueSeat,
             Round, TallyRecord)

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.rows: dict[Any, list[tuple[Any, ...]]] = {model: [] for model in self.ORDER}
        self.statements: dict[Any, str] = {}
        self.count = 0

    def add(self, model: Any, **values: Any) -> None:
        """Gather one row of ``model``'s table."""
        if model not in self.statements:
            table = model.__table__
            self.statements[model] = (
                f"INSERT INTO {table.name} ({', '.join(values)}) "
                f"VALUES ({', '.join('?' * len(values))})")
        self.rows[model].append(tuple(values.values()))
        self.count += 1

    def write_if_full(self) -> None:
        """Write what is gathered once there is a batch of it."""
        if self.count >= BATCH:
            self.write()

    def write(self) -> None:
        """Write every gathered row."""
        for model, values in self.rows.items():
            if values:
                self.connection.exec_driver_sql(self.statements[model], values)
                values.clear()
        self.count = 0


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
