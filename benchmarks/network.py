"""Part 4, over the network: the production server on loopback, eight clients at once.

waitress serves the app as the README says (one process, four threads) on 127.0.0.1, on an
SQLite file holding a game in its third round. Eight client threads, each with one kept-alive
connection and a phone's headers, ask for one address as fast as answers come, for a fixed
time; then for the next. Requests per second, and the median and 99th percentile latency.

The round screen must keep at least a quarter of hello's throughput: a guard rail, not a
goal (a table's phones ask for it a few times a minute; eight clients asking as fast as
answers come is far past any club night). Unlike hello, each round screen reads the game
from the database and renders it, and a client that keeps no cookie is given a session (a
new CSRF token, signed) with every one.
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from handfoot_score import PROJECT_ROOT
from handfoot_score.extensions import db

from .report import Row, median
from .sample import BROWSER, SECRET_KEY, sample_app, store_sample

CLIENTS = 8
THREADS = 4
TARGET_RATIO = 0.25
START_SECONDS = 60


@dataclass(frozen=True)
class Load:
    """What the clients saw of one address in one run."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(database_url: str, instance: str) -> Iterator[int]:
    """Run waitress on the app as the README says, on loopback; yield its port."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": SECRET_KEY,
           "HANDFOOT_INSTANCE_PATH": instance}
    command = [sys.executable, "-m", "waitress", f"--listen=127.0.0.1:{port}",
               f"--threads={THREADS}", "app:app"]
    # waitress logs a line for every request it has to queue: into a pipe nobody reads,
    # those lines would soon fill it and stop the server.
    log_path = Path(instance) / "waitress.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env, stdout=log,
                                   stderr=subprocess.STDOUT)
    try:
        _wait_until_serving(port, process, log_path)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_serving(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            time.sleep(0.2)
    process.kill()
    process.wait()
    output = log.read_text(errors="replace")
    raise RuntimeError(f"waitress did not start on port {port}:\n{output}")


def load(port: int, path: str, seconds: float) -> Load:
    """``CLIENTS`` threads asking for ``path`` over kept-alive connections for ``seconds``."""
    latencies: list[list[float]] = [[] for _ in range(CLIENTS)]
    errors = [0] * CLIENTS
    start = threading.Barrier(CLIENTS + 1)
    stop = threading.Event()

    def client(number: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        start.wait()
        while not stop.is_set():
            began = time.perf_counter()
            try:
                connection.request("GET", path, headers=BROWSER)
                response = connection.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                connection.close()
                ok = False
            latencies[number].append(time.perf_counter() - began)
            errors[number] += not ok
        connection.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    every = sorted(t for each in latencies for t in each)
    return Load(requests_per_second=len(every) / elapsed, p50_ms=every[len(every) // 2] * 1000,
                p99_ms=every[min(len(every) - 1, int(len(every) * 0.99))] * 1000,
                errors=sum(errors))


def run(quick: bool) -> list[Row]:
    """Load the health check and the round screen in turn; their throughput and latency."""
    seconds, runs = (0.5, 1) if quick else (4.0, 3)
    with tempfile.TemporaryDirectory() as folder:
        app = sample_app(folder)
        sample = store_sample(app, league_games=0)
        database_url = app.config["SQLALCHEMY_DATABASE_URI"]
        with app.app_context():
            db.engine.dispose()
        paths = {"hello (health check)": "/healthz",
                 "round screen": f"/games/{sample.round_screen}"}
        results: dict[str, list[Load]] = {name: [] for name in paths}
        with serving(database_url, folder) as port:
            for path in paths.values():
                load(port, path, min(seconds, 1.0))  # warm up
            for _ in range(runs):
                for name, path in paths.items():
                    results[name].append(load(port, path, seconds))
    rows = []
    for name, loads in results.items():
        errors = sum(each.errors for each in loads)
        rows.append(Row(
            "4 network", f"{name}: requests per second, {CLIENTS} clients, waitress "
                         f"{THREADS} threads ({runs} runs of {seconds:g} s; p50 "
                         f"{median([each.p50_ms for each in loads]):.1f} ms, p99 "
                         f"{median([each.p99_ms for each in loads]):.1f} ms; {errors} errors)",
            f"{median([each.requests_per_second for each in loads]):,.0f}/s",
            "no errors", errors == 0))
    hello, page = results.values()
    ratio = median([p.requests_per_second / h.requests_per_second for h, p in zip(hello, page)])
    rows.append(Row("4 network", "round screen throughput as a share of hello's", f"{ratio:.2f}x",
                    f">= {TARGET_RATIO}x", ratio >= TARGET_RATIO))
    return rows
