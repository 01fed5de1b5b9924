"""Who the throttles count as one client: an IPv4 address, or an IPv6 /64 (a single machine
is commonly handed a whole /64, so counting its addresses one by one would let it guess
without end)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import edit_codes, join_codes, leagues
from handfoot_score.services.throttles import client_address
from tests.game_pages import start_game, state_of
from tests.serving import call, serve

CODE = "river and stone"
#: Two addresses of one /64, and one of the /64 next to it.
ONE_NETWORK = ("2001:db8:1:2::5", "2001:db8:1:2:ffff:ffff:ffff:9")
NEXT_NETWORK = "2001:db8:1:3::5"


def address_of(app: Flask, remote_addr: str) -> str | None:
    with app.test_request_context(environ_base={"REMOTE_ADDR": remote_addr}):
        return client_address()


@pytest.mark.parametrize(("remote_addr", "client"), [
    ("203.0.113.9", "203.0.113.9"),
    ("::ffff:203.0.113.9", "203.0.113.9"),
    ("2001:db8:1:2::5", "2001:db8:1:2::/64"),
    ("2001:DB8:1:2:ffff:ffff:ffff:9", "2001:db8:1:2::/64"),
    ("fe80::1%eth0", "fe80::/64"),
    ("::1", "::/64"),
    ("not an address", "not an address"),
])
def test_a_client_is_an_ipv4_address_or_an_ipv6_network(app: Flask, remote_addr: str,
                                                        client: str) -> None:
    assert address_of(app, remote_addr) == client


def test_addresses_of_one_ipv6_network_are_one_client(app: Flask) -> None:
    first, second = (address_of(app, address) for address in ONE_NETWORK)
    assert first == second
    assert address_of(app, NEXT_NETWORK) != first
    assert address_of(app, "203.0.113.9") != address_of(app, "203.0.113.10")


def from_address(address: str) -> dict[str, object]:
    return {"environ_base": {"REMOTE_ADDR": address}}


def test_join_codes_from_one_ipv6_network_share_a_throttle(app: Flask,
                                                           client: FlaskClient) -> None:
    code = state_of(app, start_game(app)).join_code
    with app.app_context():
        guesses = [join_codes.new_join_code() for _ in range(join_codes.MAX_FAILURES)]
    for number, guess in enumerate(guesses):
        # Each guess from another address of the same /64.
        missed = client.post("/api/v1/join", json={"code": guess},
                             **from_address(f"2001:db8:1:2::{number + 1:x}"))
        assert missed.status_code == 404
    assert client.post("/api/v1/join", json={"code": code},
                       **from_address(ONE_NETWORK[1])).status_code == 429
    assert client.post("/api/v1/join", json={"code": code},
                       **from_address(NEXT_NETWORK)).status_code == 200


def test_edit_codes_from_one_ipv6_network_share_a_throttle(app: Flask,
                                                           client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Guarded", "edit_code": CODE}).id
    for number in range(edit_codes.MAX_FAILURES):
        response = client.post(f"/leagues/{league_id}/unlock", data={"edit_code": "wrong"},
                               **from_address(f"2001:db8:1:2::{number + 1:x}"))
        assert response.status_code == 403
    assert client.post(f"/leagues/{league_id}/unlock", data={"edit_code": CODE},
                       **from_address(ONE_NETWORK[1])).status_code == 429
    assert client.post(f"/leagues/{league_id}/unlock", data={"edit_code": CODE},
                       **from_address(NEXT_NETWORK)).status_code == 303


#: Phones at IPv4 addresses, as a proxy on an IPv6 socket sees them: IPv4-mapped.
MAPPED_PHONES = ("::ffff:203.0.113.9", "::ffff:203.0.113.10", "::ffff:198.51.100.7")


def wrong_codes(code: str, count: int) -> list[str]:
    """``count`` well-formed join codes that are not ``code``."""
    others = [letter for letter in join_codes.ALPHABET if letter != code[0]]
    return [others[number] + code[1:] for number in range(count)]


def test_ipv4_mapped_phones_behind_the_trusted_proxy_each_have_their_own_throttle(
        tmp_path: Path) -> None:
    """Behind ``--trusted-proxy`` each phone's address comes in ``X-Forwarded-For``: an
    IPv4-mapped one is that IPv4 address, not one IPv6 network shared by all of them."""
    guesser, neighbour, other = MAPPED_PHONES
    with serve(tmp_path, "--host", "127.0.0.1", "--trusted-proxy", "127.0.0.1") as (port, _):
        url = f"http://127.0.0.1:{port}/api/v1"
        status, game = call("POST", f"{url}/games", {"rules": "classic", "teams": [
            {"name": "Us", "players": ["Ann"]}, {"name": "Them", "players": ["Bob"]}]})
        assert status == 201, game

        def join(code: str, phone: str) -> int:
            return call("POST", f"{url}/join", {"code": code},
                        headers={"X-Forwarded-For": phone})[0]

        for guess in wrong_codes(game["join_code"], join_codes.MAX_FAILURES):
            assert join(guess, guesser) == 404
        assert join(game["join_code"], guesser) == 429
        # The same phone, as an IPv4 proxy would name it: one client.
        assert join(game["join_code"], guesser.removeprefix("::ffff:")) == 429
        assert join(game["join_code"], neighbour) == 200
        assert join(game["join_code"], other) == 200
