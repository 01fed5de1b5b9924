"""``flask --app app serve``: the real command in a subprocess, listening on every interface,
printing the addresses other phones open, and refusing bodies over its limit."""

from __future__ import annotations

import doctest
import http.client
import ipaddress
import json
import re
import socket
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from handfoot_score.serving import cli, forwarded, network
from tests.conftest import uses_database_server
from tests.serving import serve


def own_addresses_from_the_kernel() -> set[str] | None:
    """This machine's IPv4 and IPv6 addresses as Linux lists them, loopback and link-local
    left out; None where ``/proc`` does not list them."""
    trie, inet6 = Path("/proc/net/fib_trie"), Path("/proc/net/if_inet6")
    if not (trie.exists() and inet6.exists()):
        return None
    found = set(re.findall(r"\|-- (\S+)\n\s+/32 host LOCAL", trie.read_text()))
    for line in inet6.read_text().splitlines():
        digits = line.split()[0]
        found.add(str(ipaddress.IPv6Address(int(digits, 16))))
    return {a for a in found if network.reachable(ipaddress.ip_address(a))}


def listening_sockets(port: int) -> set[str]:
    """The local addresses of the sockets listening on ``port`` (Linux ``/proc``)."""
    found = set()
    for name, width in (("tcp", 8), ("tcp6", 32)):
        for line in Path(f"/proc/net/{name}").read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port and len(address) == width:
                found.add(address)
    return found


def get(url: str) -> tuple[int, str]:
    """The status and body of a GET."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def test_serve_listens_on_every_interface_and_prints_the_network_addresses(tmp_path: Path) -> None:
    with serve(tmp_path) as (port, printed):
        links = re.findall(r"^  (http://\S+/)$", printed, re.M)
        hosts = {link.removeprefix("http://").rsplit(":", 1)[0].strip("[]") for link in links}
        expected = own_addresses_from_the_kernel()
        if expected is not None:
            assert hosts == expected, printed
        if links:
            assert "Other phones cannot reach this server" not in printed
        else:
            # A machine with loopback only: nothing to print, and the command says so.
            assert "Other phones cannot reach this server" in printed
        for host in hosts:
            assert not ipaddress.ip_address(host).is_loopback
        # Each printed address is this machine's, and the server answers on it, as it does
        # on loopback: it listens on every interface, not on 127.0.0.1 alone.
        for link in [*links, f"http://127.0.0.1:{port}/"]:
            assert get(link + "healthz") == (200, "ok"), link
        if Path("/proc/net/tcp").exists():
            assert "00000000" in listening_sockets(port)  # 0.0.0.0, every IPv4 interface
        assert f"On this computer: http://127.0.0.1:{port}/" in printed
        if links:
            assert f"Scan to open {links[0]}" in printed
            assert "▀" in printed.split(f"Scan to open {links[0]}")[1], "a QR code in half blocks"
    if not uses_database_server():
        with sqlite3.connect(tmp_path / "served.sqlite") as connection:
            tables = {name for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "alembic_version"} <= tables, "serve creates the database as start-up does"


def test_serve_on_one_address_behind_a_proxy_with_a_public_url_and_a_body_limit(
        tmp_path: Path) -> None:
    public = {"PUBLIC_URL": "https://cards.example.org"}
    with serve(tmp_path, "--host", "127.0.0.1", "--max-request-body-size", "1000",
               "--trusted-proxy", "127.0.0.1", environ=public) as (port, printed):
        assert "Phones open the app at https://cards.example.org/ (PUBLIC_URL)." in printed
        assert "Scan to open https://cards.example.org/" in printed
        assert "Other phones cannot reach this server" in printed
        if Path("/proc/net/tcp").exists():
            assert listening_sockets(port) == {"0100007F"}  # 127.0.0.1 only
        body = b'{"rules": "classic", "round": 1, "teams": []}'
        small = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/score", data=body,
                                       headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(small, timeout=10)
        answer.value.close()
        assert answer.value.code == 422, "a small body reaches the app"
        large = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/score",
                                       data=body + b" " * 2000,
                                       headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(large, timeout=10)
        answer.value.close()
        assert answer.value.code == 413, "waitress refuses a body over the limit"
        # The proxy says the phone came over HTTPS: the session cookie is Secure.
        for scheme, secure in (("http", False), ("https", True)):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/games/new",
                                             headers={"X-Forwarded-Proto": scheme})
            with urllib.request.urlopen(request, timeout=10) as response:
                cookies = "\n".join(response.headers.get_all("Set-Cookie") or [])
            assert ("; Secure" in cookies) is secure, cookies


@pytest.mark.parametrize(
    ("host", "links"),
    [("127.0.0.1", []), ("localhost", []), ("192.168.1.20", ["http://192.168.1.20:8000/"]),
     ("fd00::2", ["http://[fd00::2]:8000/"]), ("cards.local", ["http://cards.local:8000/"])],
)
def test_addresses_to_open_on_one_host(host: str, links: list[str]) -> None:
    assert cli.addresses_to_open(host, 8000) == links


@pytest.mark.parametrize(
    ("host", "links"),
    [(None, ["http://192.168.1.20:8000/", "http://[fd00::2]:8000/"]),
     ("*", ["http://192.168.1.20:8000/", "http://[fd00::2]:8000/"]),
     ("0.0.0.0", ["http://192.168.1.20:8000/"]), ("::", ["http://[fd00::2]:8000/"])],
)
def test_addresses_to_open_on_every_interface(
        monkeypatch: pytest.MonkeyPatch, host: str | None, links: list[str]) -> None:
    monkeypatch.setattr(cli, "network_addresses", lambda: [
        ipaddress.ip_address("192.168.1.20"), ipaddress.ip_address("fd00::2")])
    assert cli.addresses_to_open(host, 8000) == links


def test_network_addresses_leave_out_loopback_and_link_local() -> None:
    for address in network.network_addresses():
        assert not address.is_loopback and not address.is_link_local


@pytest.mark.parametrize("module", [cli, forwarded, network])
def test_doctests_pass(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


IDLE_CONNECTIONS = 200


def test_two_hundred_connections_that_send_nothing_do_not_keep_a_phone_from_saving(
        tmp_path: Path) -> None:
    """A club night keeps many phones connected, and a careless or hostile client may open
    connections and say nothing: the server still answers a phone's save at once."""
    with serve(tmp_path, "--host", "127.0.0.1") as (port, _printed):
        idle = []
        try:
            for _ in range(IDLE_CONNECTIONS):
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            time.sleep(0.5)  # the server has accepted them all, or stopped accepting
            began = time.monotonic()
            game = post_json(port, "/api/v1/games", {"rules": "classic", "teams": [
                {"name": "Us", "players": ["Ann"]}, {"name": "Them", "players": ["Bob"]}]})
            saved = post_json(port, f"/api/v1/games/{game['id']}/rounds", {"teams": [
                {"melded": {"points": 300}, "went_out": False}, {"melded": {"points": 120}}]})
            took = time.monotonic() - began
        finally:
            for connection in idle:
                connection.close()
    assert saved["rounds"][0]["number"] == 1
    assert took < 5, f"the save waited {took:.1f} s behind the idle connections"


def post_json(port: int, path: str, body: object) -> dict[str, Any]:
    """POST ``body`` as JSON; the decoded answer (which must be a success)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def test_serve_takes_a_backup_of_the_largest_size_on_the_restore_page(tmp_path: Path) -> None:
    """The restore page's form wraps a file of up to 16 MiB in bytes of its own: waitress
    lets the whole form through to the app, and refuses a body larger than both."""
    from handfoot_score.services.league_backup.document import FORM_BYTES, MAX_DOCUMENT_BYTES

    boundary = "handfoot-boundary"
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="document"; '
            f'filename="league.json"\r\nContent-Type: application/json\r\n\r\n').encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    kind = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    with serve(tmp_path, "--host", "127.0.0.1") as (port, _printed):
        largest = urllib.request.Request(f"http://127.0.0.1:{port}/leagues/import",
                                         data=head + b" " * MAX_DOCUMENT_BYTES + tail,
                                         headers=kind)
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(largest, timeout=60)
        answer.value.close()
        # The app read the whole form, and found no CSRF token in it.
        assert answer.value.code == 400
        # One byte more than the file and its form may be: waitress answers 413 on the
        # headers alone, before a byte of the body is sent.
        too_large = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        too_large.putrequest("POST", "/leagues/import")
        too_large.putheader("Content-Type", kind["Content-Type"])
        too_large.putheader("Content-Length", str(MAX_DOCUMENT_BYTES + FORM_BYTES + 1))
        too_large.endheaders()
        assert too_large.getresponse().status == 413
        too_large.close()
