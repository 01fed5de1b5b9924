"""``flask --app app serve`` sheds slow connections: one whose request headers are not complete
within a few seconds is closed however it trickles, and one client's connections waiting for
their headers are capped, so 600 of them leave room for everyone else. Loopback only: the
whole of 127.0.0.0/8 is this machine, so 127.0.0.2 and 127.0.0.3 are other clients."""

from __future__ import annotations

import http.client
import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from handfoot_score.serving import connections
from tests.serving import serve

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

#: The issue's attack: more slow connections than the server's connection limit (500).
SLOW_CONNECTIONS = 600
#: The answer a phone must get while they are held.
ANSWER_SECONDS = 2.0
#: How often a slow client sends its next header line: faster than the issue's 5 to 10 s,
#: so the idle rule, which counts from the last byte, could never close one.
TRICKLE_SECONDS = 0.5
ATTACKER, NEIGHBOUR, OTHER = "127.0.0.1", "127.0.0.2", "127.0.0.3"
#: Longer than the header deadline and the sweep that finds it, with room for a busy machine.
LONGEST_SECONDS = 15


#: How a slow client starts, and the line it sends again and again: a header, or a blank line
#: (waitress takes two as an empty request, and drops it).
HEADER_LINES = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Line: still coming\r\n")
BLANK_LINES = (b"", b"\r\n")


def open_slow(port: int, source: str, start: bytes = HEADER_LINES[0]) -> socket.socket:
    """A connection from ``source`` that starts a request and does not finish its headers."""
    slow = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    try:
        slow.sendall(start)
    except OSError:
        pass  # the server closed it already: that is its right
    return slow


def is_closed(connection: socket.socket) -> bool:
    """Whether the server has closed ``connection`` (it never answers a slow one)."""
    readable, _, _ = select.select([connection], [], [], 0)
    if not readable:
        return False
    try:
        return connection.recv(1024) == b""
    except OSError:
        return True


@contextmanager
def trickling(slow: list[socket.socket], line: bytes = HEADER_LINES[1]) -> Iterator[None]:
    """Send each of ``slow`` ``line`` again every ``TRICKLE_SECONDS`` in the block."""
    stop = threading.Event()

    def trickle() -> None:
        while not stop.wait(TRICKLE_SECONDS):
            for connection in slow:
                try:
                    connection.send(line)
                except OSError:
                    pass  # closed by the server
    sender = threading.Thread(target=trickle)
    sender.start()
    try:
        yield
    finally:
        stop.set()
        sender.join()


def timed_get(port: int, source: str) -> tuple[int, float]:
    """GET / from ``source``, as a phone opens the app: its status and the seconds it took."""
    began = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                            source_address=(source, 0))
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - began
    finally:
        connection.close()


def test_six_hundred_slow_connections_do_not_keep_a_phone_from_an_answer(
        tmp_path: Path) -> None:
    with serve(tmp_path, "--host", "127.0.0.1") as (port, _printed):
        assert timed_get(port, NEIGHBOUR)[0] == 200
        slow: list[socket.socket] = []
        try:
            for _ in range(SLOW_CONNECTIONS):
                slow.append(open_slow(port, ATTACKER))
            with trickling(slow):
                time.sleep(2 * TRICKLE_SECONDS)  # the server has taken them all, or stopped
                # A phone at another address, and one behind the attacker's own address.
                neighbour = timed_get(port, NEIGHBOUR)
                behind = timed_get(port, ATTACKER)
                held = sum(not is_closed(connection) for connection in slow)
        finally:
            for connection in slow:
                connection.close()
    assert neighbour[0] == behind[0] == 200
    assert neighbour[1] < ANSWER_SECONDS, f"answered after {neighbour[1]:.1f} s"
    assert behind[1] < ANSWER_SECONDS, f"answered after {behind[1]:.1f} s"
    assert held <= connections.WAITING_PER_CLIENT, f"{held} slow connections held"


@pytest.mark.parametrize(("start", "line"), [HEADER_LINES, BLANK_LINES],
                         ids=["header lines", "blank lines"])
def test_a_connection_trickling_its_headers_is_closed_and_a_kept_alive_one_is_not(
        tmp_path: Path, start: bytes, line: bytes) -> None:
    """However often a slow client sends a line, its connection goes once it has had
    ``HEADER_SECONDS``; a phone's kept-alive connection, quiet between two requests for
    longer than that, stays (the idle rule, 15 s, is its own)."""
    with serve(tmp_path, "--host", "127.0.0.1") as (port, _printed):
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                           source_address=(NEIGHBOUR, 0))
        phone.request("GET", "/healthz")
        phone.getresponse().read()
        kept, answered_at = phone.sock, time.monotonic()
        slow = open_slow(port, OTHER, start)
        opened_at = time.monotonic()
        with trickling([slow], line):
            while not is_closed(slow) and time.monotonic() - opened_at < LONGEST_SECONDS:
                time.sleep(0.1)
            closed_after = time.monotonic() - opened_at
        slow.close()
        assert connections.HEADER_SECONDS - 1 <= closed_after < LONGEST_SECONDS, (
            f"closed after {closed_after:.1f} s")
        time.sleep(max(0.0, connections.HEADER_SECONDS + 1 - (time.monotonic() - answered_at)))
        phone.request("GET", "/healthz")
        again = phone.getresponse()
        assert (again.status, again.read()) == (200, b"ok")
        assert phone.sock is kept, "the same connection answered again"
        phone.close()


def test_one_client_keeps_only_so_many_connections_waiting_and_the_proxy_is_not_capped(
        tmp_path: Path) -> None:
    """Past ``WAITING_PER_CLIENT`` connections waiting for their headers, a client's oldest
    are closed at once; the trusted proxy, which speaks for every phone, is not capped."""
    extra = 5
    with serve(tmp_path, "--host", "127.0.0.1", "--trusted-proxy", NEIGHBOUR) as (port, _):
        client = [open_slow(port, OTHER) for _ in range(connections.WAITING_PER_CLIENT + extra)]
        proxy = [open_slow(port, NEIGHBOUR)
                 for _ in range(connections.WAITING_PER_CLIENT + extra)]
        opened_at = time.monotonic()
        # The oldest are closed as the newest are taken, long before the header deadline.
        while (sum(map(is_closed, client[:extra])) < extra
               and time.monotonic() - opened_at < connections.HEADER_SECONDS - 1):
            time.sleep(0.05)
        closed = [index for index, connection in enumerate(client) if is_closed(connection)]
        proxy_closed = [index for index, connection in enumerate(proxy) if is_closed(connection)]
        for connection in client + proxy:
            connection.close()
    assert closed == list(range(extra))
    assert proxy_closed == []
