"""A 10,000-game league import on a SQLite file, with a table tapping books all through it.

Prints the import's time, the process's peak memory (the document read from its bytes, as
the import page and the API read it, included), the longest write transaction the import
held, and the slowest book tap of the table playing meanwhile.

    python -m benchmarks.league_import [games]
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.extensions import db
from handfoot_score.services import games, league_backup
from handfoot_score.storage.database import WRITE

GAMES = 10_000
CARDS = {"melded": {"jokers": 2, "twos": 3, "aces": 4, "eight_to_king": 14,
                    "four_to_seven": 7},
         "left": {"black_threes": 1, "eight_to_king": 2}, "books": {"clean": 2, "dirty": 1}}
POINTS = {"melded": {"points": 585}, "left": {"points": 35}}
PLAYERS = [f"Player {n}" for n in range(40)]


def league_document(count: int) -> dict[str, Any]:
    """A league of ``count`` games: most finished, every tenth in play with its live state."""
    documents = []
    for n in range(count):
        seats = [PLAYERS[(n + k) % len(PLAYERS)] for k in range(4)]
        playing = n % 10 == 0
        game: dict[str, Any] = {
            "played_at": "2025-03-12T20:00:00+00:00",
            "status": "playing" if playing else "finished", "rules": n % 2,
            "first_dealer": n % 4,
            "teams": [{"name": "Owls", "players": seats[:2]},
                      {"name": "Foxes", "players": seats[2:]}],
            "rounds": [{"teams": [CARDS, POINTS] if n % 3 else [POINTS, {}]}]
            * (2 if playing else 4)}
        if playing:
            game["books"] = [{"clean": 1}, {}]
            game["counts"] = [{"team": 1, "version": 1, "tally": POINTS}]
        documents.append(game)
    return {"format": league_backup.FORMAT, "version": league_backup.VERSION,
            "name": "Benchmark club", "created_at": "2025-01-01T00:00:00+00:00",
            "rules": [rules_to_dict(PRESETS["classic"]), rules_to_dict(PRESETS["pagat"])],
            "players": [{"name": name} for name in PLAYERS], "games": documents}


def main(count: int = GAMES) -> None:
    """Run the import and print its figures."""
    raw = json.dumps(league_document(count)).encode()
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "benchmark",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'scores.sqlite'}"})
    with app.app_context():
        table = games.create_game(games.read_setup({"rules": "classic", "teams": [
            {"name": "Us", "players": ["Ann"]}, {"name": "Them", "players": ["Bob"]}]})).id
        holds = _write_holds(threading.get_ident())
    taps: list[float] = []
    done = threading.Event()

    def play() -> None:
        with app.app_context():
            while not done.is_set():
                started = time.perf_counter()
                games.tap_book(table, 0, "clean", 1)
                taps.append(time.perf_counter() - started)
                time.sleep(0.05)

    player = threading.Thread(target=play)
    player.start()
    started = time.perf_counter()
    try:
        with app.app_context():
            league_backup.import_league(json.loads(raw))
    finally:
        done.set()
        player.join()
    took = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"league import: {count:,} games, {len(raw) / 1e6:.1f} MB document")
    print(f"  time {took:.1f} s, peak memory {peak_mb:.0f} MB (the whole process)")
    print(f"  write transactions of the import: {len(holds)}, longest "
          f"{max(holds) * 1000:.0f} ms, 99th percentile {_percentile(holds, 99):.0f} ms, "
          f"median {_percentile(holds, 50):.0f} ms")
    print(f"  book taps meanwhile: {len(taps)}, slowest {max(taps) * 1000:.0f} ms, "
          f"99th percentile {_percentile(taps, 99):.0f} ms, median {_percentile(taps, 50):.0f} ms")
    print(f"  load average over the last 1, 5, 15 minutes: {os.getloadavg()} "
          f"on {os.cpu_count()} cores")


def _percentile(seconds: list[float], percent: int) -> float:
    """The ``percent``th percentile of durations in seconds, in milliseconds."""
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, len(ordered) * percent // 100)] * 1000


def _write_holds(thread: int) -> list[float]:
    """The lengths of the write transactions ``thread`` holds from now on (SQLite's write
    lock is held from BEGIN IMMEDIATE to COMMIT or ROLLBACK)."""
    holds: list[float] = []
    began: dict[int, float] = {}

    def begin(connection: Any) -> None:
        if threading.get_ident() == thread and connection.get_execution_options().get(WRITE):
            began[id(connection)] = time.perf_counter()

    def end(connection: Any) -> None:
        if id(connection) in began:
            holds.append(time.perf_counter() - began.pop(id(connection)))

    event.listen(db.engine, "begin", begin)
    event.listen(db.engine, "commit", end)
    event.listen(db.engine, "rollback", end)
    return holds


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)
