"""Start the app with the production command from the README, on a free local port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from handfoot_score import PROJECT_ROOT, create_app
from tests.conftest import DATABASE_URL, TEST_CONFIG, empty_tables, uses_database_server

START_SECONDS = 60
#: As the README says to serve the app: waitress, one process, four threads.
THREADS = 4
#: What ``flask --app app serve`` prints last, once it listens.
READY = "Stop with Ctrl+C."


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_serving(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    process.kill()
    process.wait()
    output = log.read_text(errors="replace")
    pytest.fail(f"the server did not start at {url}:\n{output}", pytrace=False)


@contextmanager
def serving(database_url: str, instance: Path, options: Sequence[str] = (),
            environ: Mapping[str, str] | None = None) -> Iterator[str]:
    """Run ``waitress-serve`` on the app until the block ends; yield its address."""
    port = free_port()
    env = {**(environ or os.environ), "DATABASE_URL": database_url,
           "HANDFOOT_INSTANCE_PATH": str(instance)}
    env.pop("SECRET_KEY", None)
    command = [sys.executable, "-m", "waitress", f"--listen=127.0.0.1:{port}",
               f"--threads={THREADS}", *options, "app:app"]
    # A file, not a pipe: waitress logs a line per queued request under load, and a pipe
    # nobody reads would fill and stop the server.
    instance.mkdir(parents=True, exist_ok=True)
    log = instance / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env,
                                   stdout=output, stderr=subprocess.STDOUT)
    address = f"http://127.0.0.1:{port}"
    try:
        _wait_until_serving(address + "/", process, log)
        yield address
    finally:
        stop(process)


@contextmanager
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """Two ``serving`` processes on one database until the block ends; yield their addresses.

    The database is the test database server, emptied, if there is one, else a new SQLite
    file."""
    if uses_database_server():
        empty_tables(create_app(TEST_CONFIG))
        url = DATABASE_URL
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('shared') / 'scores.sqlite'}"
    with serving(url, tmp_path_factory.mktemp("one")) as first, \
            serving(url, tmp_path_factory.mktemp("two")) as second:
        yield first, second


@contextmanager
def serve(tmp_path: Path, *options: str,
          environ: Mapping[str, str] = {}) -> Iterator[tuple[int, str]]:
    """Run ``flask --app app serve`` until the block ends; yield its port and what it printed.

    It serves the test database (else a SQLite file in ``tmp_path``) with its instance folder
    in ``tmp_path``: servers started on one ``tmp_path`` share both, the secret key with it."""
    port = free_port()
    database = (DATABASE_URL if uses_database_server()
                else f"sqlite:///{tmp_path / 'served.sqlite'}")
    env = {**os.environ, "DATABASE_URL": database,
           "HANDFOOT_INSTANCE_PATH": str(tmp_path / "instance"),
           "PYTHONIOENCODING": "utf-8", **environ}
    if "PUBLIC_URL" not in environ:
        env.pop("PUBLIC_URL", None)
    log = tmp_path / f"serve-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port), *options],
            cwd=PROJECT_ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while READY not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"serve did not start:\n{log.read_text(errors='replace')}",
                            pytrace=False)
            time.sleep(0.1)
        yield port, log.read_text(encoding="utf-8")
    finally:
        stop(process)


def call(method: str, url: str, body: object = None,
         headers: dict[str, str] | None = None, timeout: float = 60) -> tuple[int, Any]:
    """Send a JSON request; the status and the answer (JSON, or the text of a 5xx page)."""
    request = urllib.request.Request(
        url, data=None if body is None else json.dumps(body).encode(), method=method,
        headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            text = error.read().decode(errors="replace")
        return error.code, json.loads(text) if text.startswith("{") else text


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a server started for a test: politely, then for good after ten seconds."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
