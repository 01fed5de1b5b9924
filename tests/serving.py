"""Start the app with the production command from the README, on a free local port."""

from __future__ import annotations

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

import pytest

from handfoot_score import PROJECT_ROOT

START_SECONDS = 60
#: As the README says to serve the app: waitress, one process, four threads.
THREADS = 4


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


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a server started for a test: politely, then for good after ten seconds."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
