"""Part 9, heavy reads beside a table playing: four reports, then four exports, of one big
league asked for at once on the server (the README's serve command on loopback, four
threads), while a table records rounds and taps books on another game.

The league is the season of 10,000 games part 6 restores (quick: 100), restored here through
the API. Four clients then ask for its report to print (``/leagues/<id>/report``) together,
each reading the whole answer; then four ask for its export (``/api/v1/leagues/<id>/export``).
Meanwhile one phone of a table writes every tenth of a second (part 6's ``Table``; a write
not answered within a minute counts as refused, and stops the table).
Reported for each burst: the answers (each a 200, or a 503 with Retry-After), the slowest
of each, how much the server's resident memory grew above what it was just before the burst
(sampled every 20 ms), what it was a few seconds after, and the longest any of the table's
writes waited while the burst ran.

Run on SQLite (a file in a temporary folder), and on PostgreSQL too when ``DATABASE_URL``
names one (it then keeps the restored league). Targets, from issue 36: the server grows by
150 MB at most, every read answers (200 or a prompt 503), no write of the table waits more
than a second, and the memory comes back afterwards.
"""

from __future__ import annotations

import http.client
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .attack import serving
from .league_import import league_document
from .report import Row
from .restore import Table, resident_memory_mb

READERS = 4
GROWTH_TARGET_MB = 150
#: A refused read is prompt when answered within this many seconds.
REFUSED_TARGET_S = 1.0
TABLE_TARGET_S = 1.0
#: How long after a burst its memory is read again.
SETTLE_SECONDS = 3
#: The heavy reads measured: what each is called, and its address for a league id.
READS = (("reports", "/leagues/{}/report"), ("exports", "/api/v1/leagues/{}/export"))


@dataclass(frozen=True)
class Answer:
    """What one of the reads sent at once got back: its status, whether a 503 said when
    to try again, its size and how long it took to the last byte."""

    status: int
    retry_after: bool
    size: int
    seconds: float


@dataclass(frozen=True)
class Burst:
    """A burst of reads and what the server and the table did meanwhile."""

    answers: tuple[Answer, ...]
    before_mb: float
    peak_mb: float
    after_mb: float
    writes: int
    longest_write: float


def read(port: int, path: str, start: threading.Barrier, into: list[Answer]) -> None:
    """Ask for ``path`` once ``start`` lets every reader go; note the answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start.wait()
    began = time.perf_counter()
    connection.request("GET", path, headers={"Accept-Encoding": "identity"})
    response = connection.getresponse()
    size = len(response.read())
    into.append(Answer(response.status, response.getheader("Retry-After") is not None, size,
                       time.perf_counter() - began))
    connection.close()


def burst(pid: int, port: int, path: str, table: Table) -> Burst:
    """``READERS`` reads of ``path`` at once, the server's memory sampled meanwhile."""
    before = resident_memory_mb(pid)
    writes_before = len(table.waits)
    answers: list[Answer] = []
    start = threading.Barrier(READERS)
    readers = [threading.Thread(target=read, args=(port, path, start, answers))
               for _ in range(READERS)]
    for reader in readers:
        reader.start()
    peak = before
    while any(reader.is_alive() for reader in readers):
        peak = max(peak, resident_memory_mb(pid))
        time.sleep(0.02)
    for reader in readers:
        reader.join()
    time.sleep(SETTLE_SECONDS)  # the write under way as the burst ended is counted too
    writes = table.waits[writes_before:]
    return Burst(tuple(answers), before, peak, resident_memory_mb(pid), len(writes),
                 max(writes, default=0.0))


def restore_league(port: int, body: bytes) -> str:
    """Restore the league through the API; its id."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1800)
    connection.request("POST", "/api/v1/leagues/import", body=body,
                       headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    if response.status != 201:
        raise RuntimeError(f"the league's restore answered {response.status}: {answer}")
    return str(answer["id"])


def rows_of(label: str, kind: str, games: int, result: Burst, table: Table) -> list[Row]:
    """The rows of one burst."""
    part = "9 heavy reads"
    served = [each for each in result.answers if each.status == 200]
    refused = [each for each in result.answers if each.status == 503]
    answered = len(served) + len(refused) == READERS and all(e.retry_after for e in refused)
    slowest = max((each.seconds for each in served), default=0.0)
    slowest_refusal = max((each.seconds for each in refused), default=0.0)
    growth = result.peak_mb - result.before_mb
    kept = result.after_mb - result.before_mb
    size = max((each.size for each in served), default=0) / 1e6
    return [
        Row(part, f"{label}: {READERS} {kind} of {games:,} games at once: answers "
                  f"({len(served)} sent, {size:.1f} MB each, slowest {slowest:.1f} s; "
                  f"{len(refused)} refused, slowest in {slowest_refusal * 1000:.0f} ms)",
            ", ".join(str(each.status) for each in sorted(result.answers,
                                                          key=lambda a: a.seconds)),
            f"200, or 503 with Retry-After in <= {REFUSED_TARGET_S * 1000:.0f} ms",
            answered and bool(served) and slowest_refusal <= REFUSED_TARGET_S),
        Row(part, f"{label}: the server's memory growth meanwhile (resident, from "
                  f"{result.before_mb:.0f} MB)",
            f"{growth:.0f} MB", f"<= {GROWTH_TARGET_MB} MB", growth <= GROWTH_TARGET_MB),
        Row(part, f"{label}: the server's memory {SETTLE_SECONDS} s after, above before",
            f"{kept:.0f} MB", f"<= {GROWTH_TARGET_MB} MB", kept <= GROWTH_TARGET_MB),
        Row(part, f"{label}: the table's longest write meanwhile ({result.writes} writes; "
                  f"{len(table.errors)} refused in all)",
            f"{result.longest_write * 1000:.0f} ms",
            f"<= {TABLE_TARGET_S * 1000:.0f} ms, none refused",
            0 < result.writes and result.longest_write <= TABLE_TARGET_S
            and not table.errors),
    ]


def measure(database_url: str | None, games: int) -> list[Row]:
    """The bursts beside the table on one database; their rows."""
    label = "PostgreSQL" if database_url else "SQLite"
    body = json.dumps(league_document(games)).encode()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder, \
            serving(database_url, Path(folder)) as server:
        league = restore_league(server.port, body)
        del body
        table = Table(server.port)
        stop = threading.Event()
        player = threading.Thread(target=table.play, args=(stop,))
        player.start()
        try:
            time.sleep(1)  # the table is playing before the reads come
            for kind, address in READS:
                result = burst(server.pid, server.port, address.format(league), table)
                rows += rows_of(label, kind, games, result, table)
        finally:
            stop.set()
            player.join()
    return rows


def run(quick: bool) -> list[Row]:
    """Part 9 on SQLite, and on PostgreSQL when DATABASE_URL names one."""
    games = 100 if quick else 10_000
    rows = measure(None, games)
    if os.environ.get("DATABASE_URL"):
        rows += measure(os.environ["DATABASE_URL"], games)
    return rows
