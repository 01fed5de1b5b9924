"""Part 6, a league restore beside a table playing: four restores of one big backup sent at
once to the server (the README's serve command on loopback), while a table records rounds
and taps books on it.

The backup is a season of 10,000 games (quick: 100), as a club would keep it
(``league_import.league_document``, 9 MB). Four clients send it together; one restore runs,
the other three are refused (503) before their files are read. Meanwhile one phone of a
table taps a book and records a round in turn, a write every tenth of a second, starting a
new game when one ends. Reported: the server process's peak memory (its high-water mark of
resident memory, from /proc), how long the refused restores took to be answered, how long
the restore took, and the longest any of the table's writes waited.

Run on SQLite (a file in a temporary folder), and on PostgreSQL too when ``DATABASE_URL``
names one (it then holds the restored leagues afterwards). Targets, from issue 27: the
server under 300 MB, the extra restores refused within a second, no write of the table
waiting more than a second, and no error.
"""

from __future__ import annotations

import http.client
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .attack import serving
from .league_import import league_document
from .report import Row

RESTORES = 4
#: How long the table waits between two of its writes, in seconds.
TABLE_PAUSE = 0.1
MEMORY_TARGET_MB = 300
REFUSED_TARGET_S = 1.0
TABLE_TARGET_S = 1.0
TEAMS = [{"name": "Owls", "players": ["Ann", "Bob"]},
         {"name": "Foxes", "players": ["Cy", "Di"]}]
#: A classic round as issue 23 measures it: Owls go out, Foxes do not.
ROUND = [{"melded": {"jokers": 3, "twos": 6, "aces": 5, "eight_to_king": 25,
                     "four_to_seven": 8},
          "left": {"aces": 1, "eight_to_king": 1},
          "books": {"clean": 3, "dirty": 2, "wild": 1}, "red_threes_down": 3, "went_out": True},
         {"melded": {"jokers": 1, "twos": 3, "aces": 4, "eight_to_king": 16,
                     "four_to_seven": 9},
          "left": {"jokers": 1, "twos": 1, "aces": 2, "eight_to_king": 6, "four_to_seven": 5,
                   "black_threes": 2},
          "books": {"clean": 1, "dirty": 1}, "red_threes_down": 1}]


@dataclass
class Table:
    """One phone of a table playing on: what its writes answered and how long each took."""

    port: int
    waits: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def play(self, stop: threading.Event) -> None:
        """Tap a book and record a round in turn until ``stop``; a new game when one ends."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        game, taps, rounds = self._new_game(connection), 0, 0
        while not stop.is_set():
            status, _ = self._write(connection, f"/api/v1/games/{game}/books",
                                    {"team": 0, "kind": "clean", "change": 1, "seen": taps})
            taps += status == 200
            time.sleep(TABLE_PAUSE)
            self._write(connection, f"/api/v1/games/{game}/rounds", {"teams": ROUND})
            taps, rounds = 0, rounds + 1
            if rounds == 4:
                game, rounds = self._new_game(connection), 0
            time.sleep(TABLE_PAUSE)
        connection.close()

    def _new_game(self, connection: http.client.HTTPConnection) -> str:
        status, answer = self._write(connection, "/api/v1/games",
                                     {"rules": "classic", "teams": TEAMS})
        if status != 201:
            raise RuntimeError(f"a new game answered {status}: {answer}")
        return str(answer["id"])

    def _write(self, connection: http.client.HTTPConnection, path: str, body: Any
               ) -> tuple[int, Any]:
        began = time.perf_counter()
        try:
            connection.request("POST", path, body=json.dumps(body),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            answer = json.loads(response.read() or b"null")
        except OSError as error:  # no answer within the connection's timeout: a write lost
            self.waits.append(time.perf_counter() - began)
            self.errors.append(f"{path}: {error!r}")
            connection.close()
            return 0, None
        self.waits.append(time.perf_counter() - began)
        if response.status >= 400:
            self.errors.append(f"{path} {response.status}: {answer}")
        return response.status, answer


@dataclass(frozen=True)
class Restore:
    """What one of the restores sent at once got back, and when."""

    status: int
    seconds: float


def restore(port: int, body: bytes, start: threading.Barrier, into: list[Restore]) -> None:
    """Send the backup once ``start`` lets every restore go; note the answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1800)
    start.wait()
    began = time.perf_counter()
    connection.request("POST", "/api/v1/leagues/import", body=body,
                       headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    into.append(Restore(response.status, time.perf_counter() - began))
    connection.close()


def peak_memory_mb(pid: int) -> float:
    """The process's high-water mark of resident memory (Linux), in MB."""
    return _memory_mb(pid, "VmHWM")


def resident_memory_mb(pid: int) -> float:
    """The process's resident memory now (Linux), in MB."""
    return _memory_mb(pid, "VmRSS")


def _memory_mb(pid: int, field: str) -> float:
    """A memory figure of ``/proc/<pid>/status``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} in /proc: the memory is read on Linux only")


def measure(database_url: str | None, games: int) -> list[Row]:
    """The restores and the table on one database; its rows."""
    label = "PostgreSQL" if database_url else "SQLite"
    body = json.dumps(league_document(games)).encode()
    restores: list[Restore] = []
    with tempfile.TemporaryDirectory() as folder, \
            serving(database_url, Path(folder)) as server:
        table = Table(server.port)
        stop = threading.Event()
        player = threading.Thread(target=table.play, args=(stop,))
        player.start()
        time.sleep(1)  # the table is playing before the restores come
        start = threading.Barrier(RESTORES)
        senders = [threading.Thread(target=restore, args=(server.port, body, start, restores))
                   for _ in range(RESTORES)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        stop.set()
        player.join()
        peak = peak_memory_mb(server.pid)
    restored = [each for each in restores if each.status == 201]
    refused = [each for each in restores if each.status == 503]
    slowest_refusal = max((each.seconds for each in refused), default=0.0)
    longest_wait = max(table.waits, default=0.0)
    restore_seconds = max((each.seconds for each in restored), default=0.0)
    part = "6 restore"
    size = f"{games:,} games, {len(body) / 1e6:.1f} MB"
    return [
        Row(part, f"{label}: {RESTORES} restores of {size} at once: answers "
                  f"({len(restored)} restored in {restore_seconds:.0f} s, "
                  f"{len(refused)} refused)",
            ", ".join(str(each.status) for each in sorted(restores, key=lambda r: r.seconds)),
            "one 201, the rest 503", len(restored) == 1 and len(refused) == RESTORES - 1),
        Row(part, f"{label}: the server's peak memory (resident, the whole process)",
            f"{peak:.0f} MB", f"<= {MEMORY_TARGET_MB} MB", peak <= MEMORY_TARGET_MB),
        Row(part, f"{label}: the slowest refusal of a restore sent while one ran",
            f"{slowest_refusal * 1000:.0f} ms", f"<= {REFUSED_TARGET_S * 1000:.0f} ms",
            bool(refused) and slowest_refusal <= REFUSED_TARGET_S),
        Row(part, f"{label}: the table's longest write meanwhile ({len(table.waits)} writes, "
                  f"{len(table.errors)} refused)",
            f"{longest_wait * 1000:.0f} ms", f"<= {TABLE_TARGET_S * 1000:.0f} ms, none refused",
            longest_wait <= TABLE_TARGET_S and not table.errors),
    ]


def run(quick: bool) -> list[Row]:
    """Part 6 on SQLite, and on PostgreSQL when DATABASE_URL names one."""
    games = 100 if quick else 10_000
    rows = measure(None, games)
    if os.environ.get("DATABASE_URL"):
        rows += measure(os.environ["DATABASE_URL"], games)
    return rows
