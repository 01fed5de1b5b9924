"""Joining a game from another phone: join codes, the /join page, and the QR code of the
game's link, read back by a real QR decoder."""

from __future__ import annotations

import doctest
import ipaddress
import re
from pathlib import Path

import flask_migrate
import pytest
import sqlalchemy as sa
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import MIGRATIONS, create_app
from handfoot_score.extensions import db
from handfoot_score.services import games, join_codes
from handfoot_score.serving import network
from handfoot_score.web.joining.routes import qr_code
from handfoot_score.web.shared import join_links
from tests.game_pages import QUIET, page_text, record, start_game, state_of

#: Pixels per module when the QR code is drawn for the decoder.
SCALE = 4


def qr_modules(svg: str) -> list[list[bool]]:
    """The dark modules of a QR code drawn as segno's SVG path (one ``h`` run per stretch
    of dark modules), row by row, quiet zone included."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))  # type: ignore[union-attr]
    path = re.search(r'<path class="join-qr-dark"[^>]*\bd="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    dark = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            for column in range(int(x), int(x + float(first))):
                dark[int(y)][column] = True
            x += float(first)
    return dark


def decode(modules: list[list[bool]]) -> list[str]:
    """What a phone's scanner (ZXing) reads in these modules, drawn black on white."""
    size = len(modules) * SCALE
    pixels = bytearray()
    for row in modules:
        line = b"".join((b"\x00" if dark else b"\xff") * SCALE for dark in row)
        pixels += line * SCALE
    image = memoryview(bytes(pixels)).cast("B", (size, size))
    return [found.text for found in zxingcpp.read_barcodes(image)
            if found.format == zxingcpp.BarcodeFormat.QRCode]


def test_every_game_gets_a_code_of_six_unambiguous_characters(app: Flask) -> None:
    codes = {state_of(app, start_game(app)).join_code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert code is not None and len(code) == 6
        assert not set(code) & set("0O1IL"), code
        assert set(code) <= set(join_codes.ALPHABET)


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {first} {rest} ", "{first}-{rest}"])
def test_the_code_opens_the_game_in_any_case_and_spacing(
        app: Flask, client: FlaskClient, typed: str) -> None:
    game_id = start_game(app)
    code = state_of(app, game_id).join_code or ""
    text = typed.format(code=code, lower=code.lower(), first=code[:3], rest=code[3:])
    response = client.post("/join", data={"code": text})
    assert response.status_code == 303
    assert response.location == f"/games/{game_id}"


@pytest.mark.parametrize("typed", ["", "ABC", "OOOOOO", "222222"])
def test_a_code_no_game_has_says_so_and_keeps_what_was_typed(
        app: Flask, client: FlaskClient, typed: str) -> None:
    start_game(app)
    response = client.post("/join", data={"code": typed})
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert 'role="alert"' in page and 'aria-invalid="true"' in page
    assert f'value="{typed}"' in page


def test_the_join_form_asks_for_the_code(client: FlaskClient) -> None:
    response = client.get("/join")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert '<form class="join-form" method="post" action="/join"' in page
    assert '<label class="field-label" for="code">Join code</label>' in page


def test_round_screen_and_scoreboard_show_the_code_and_link_the_qr_code(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    code = state_of(app, game_id).join_code
    for path in (f"/games/{game_id}", f"/games/{game_id}/scoreboard"):
        response = client.get(path)
        text = page_text(response)
        # The round screen links the join page by the code; the scoreboard shows it whole.
        assert "Join on another phone" in text and code in text
        assert f'href="/games/{game_id}/join"' in response.get_data(as_text=True)
        # The QR code itself is drawn on its own page only: these pages stay light.
        assert "<svg" not in response.get_data(as_text=True)
    assert f"Join code: {code}" in page_text(client.get(f"/games/{game_id}/scoreboard"))


def test_the_qr_code_reads_as_the_games_link(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    response = client.get(f"/games/{game_id}/join", base_url="http://192.168.1.20:8000")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    link = f"http://192.168.1.20:8000/games/{game_id}"
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)  # type: ignore[union-attr]
    assert 'style="' not in svg, "the Content-Security-Policy allows no inline style"
    modules = qr_modules(svg)
    assert decode(modules) == [link]
    # A full QR code (21 modules a side at least, with its quiet zone), never a Micro QR
    # code, which many phones cannot read.
    assert len(modules) >= 21 + 2 * 4
    assert f"Join code: {state_of(app, game_id).join_code}" in page_text(response)
    assert f'href="{link}"' in page


@pytest.mark.parametrize("link", ["http://127.0.0.1:5000/games/x",
                                  "https://scores.example.org/games/" + "A" * 22])
def test_qr_codes_decode_for_short_and_long_links(link: str) -> None:
    assert decode(qr_modules(str(qr_code(link)))) == [link]


@pytest.mark.parametrize("ending", ["finished", "stopped"])
def test_a_game_that_ended_no_longer_opens_by_its_code(app: Flask, client: FlaskClient,
                                                       ending: str) -> None:
    game_id = start_game(app, "italian")
    code = state_of(app, game_id).join_code
    assert client.post("/join", data={"code": code}).location == f"/games/{game_id}"
    if ending == "finished":
        for _ in range(4):
            record(app, game_id, QUIET, QUIET)
    else:
        with app.app_context():
            games.abandon_game(game_id)
    response = client.post("/join", data={"code": code})
    assert response.status_code == 404
    assert "No game in play has the code" in page_text(response)
    # The game's link is the capability it always was.
    assert client.get(f"/games/{game_id}/join").status_code == 200


def test_unknown_games_have_no_join_page(client: FlaskClient) -> None:
    assert client.get("/games/nope/join").status_code == 404


def test_games_stored_before_join_codes_get_one_and_keep_their_teams(tmp_path: Path) -> None:
    database = tmp_path / "before.sqlite"
    settings = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI":
                f"sqlite:///{database}"}
    app = create_app(settings)
    with app.app_context():
        first = games.create_game(games.read_setup(
            {"rules": "classic", "teams": [{"name": "A"}, {"name": "B"}]}))
        second = games.create_game(games.read_setup(
            {"rules": "pagat", "teams": [{"name": "C"}, {"name": "D"}]}))
        flask_migrate.downgrade(directory=MIGRATIONS, revision="0003")
        assert "join_code" not in {c["name"] for c in sa.inspect(db.engine).get_columns("games")}
        db.session.remove()
        flask_migrate.upgrade(directory=MIGRATIONS)
        db.session.remove()
    with create_app(settings).app_context():
        codes = {games.get_game(g.id).join_code for g in (first, second)}
        teams = db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("teams")))
    assert None not in codes and len(codes) == 2
    assert teams == 4


LOOPBACK_HOSTS = ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000",
                  "http://127.0.1.1"]


def no_loopback_link(page: str) -> None:
    """Fail if the page links to, or names, a loopback address."""
    for loopback in ("127.0.", "localhost", "[::1]"):
        assert loopback not in page, f"the page shows {loopback}"


@pytest.mark.parametrize("base_url", LOOPBACK_HOSTS)
def test_a_join_page_opened_on_loopback_links_to_the_network_address(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, base_url: str) -> None:
    addresses = [ipaddress.ip_address("192.168.1.20"), ipaddress.ip_address("fd00::2")]
    monkeypatch.setattr(network, "network_addresses", lambda: addresses)
    game_id = start_game(app)
    port = ":8000" if base_url.endswith(":8000") else ""
    link = f"http://192.168.1.20{port}/games/{game_id}"
    response = client.get(f"/games/{game_id}/join", base_url=base_url)
    page = response.get_data(as_text=True)
    no_loopback_link(page)
    assert f'href="{link}"' in page
    assert f'href="http://192.168.1.20{port}/join"' in page
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)  # type: ignore[union-attr]
    assert decode(qr_modules(svg)) == [link]
    for path in (f"/games/{game_id}", f"/games/{game_id}/scoreboard"):
        no_loopback_link(client.get(path, base_url=base_url).get_data(as_text=True))
    # The scoreboard's join panel names the join form's address.
    page = client.get(f"/games/{game_id}/scoreboard", base_url=base_url).get_data(as_text=True)
    assert f'href="http://192.168.1.20{port}/join"' in page


def test_a_join_page_on_a_machine_without_a_network_address_says_so(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "network_addresses", lambda: [])
    game_id = start_game(app)
    response = client.get(f"/games/{game_id}/join", base_url="http://127.0.0.1:8000")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    no_loopback_link(page)
    assert "<svg" not in page
    text = page_text(response)
    assert "Other phones cannot reach this game yet" in text
    assert f"Join code: {state_of(app, game_id).join_code}" in text
    panel = page_text(client.get(f"/games/{game_id}/scoreboard", base_url="http://localhost:8000"))
    assert "Other phones cannot reach this computer yet" in panel


@pytest.mark.parametrize("base_url", [*LOOPBACK_HOSTS, "http://192.168.1.20:8000"])
def test_public_url_names_every_join_link(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, base_url: str) -> None:
    monkeypatch.setattr(network, "network_addresses", lambda: [])
    app.config["PUBLIC_URL"] = "https://cards.example.org"
    game_id = start_game(app)
    link = f"https://cards.example.org/games/{game_id}"
    response = client.get(f"/games/{game_id}/join", base_url=base_url)
    page = response.get_data(as_text=True)
    no_loopback_link(page)
    assert "192.168.1.20" not in page
    assert f'href="{link}"' in page and 'href="https://cards.example.org/join"' in page
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)  # type: ignore[union-attr]
    assert decode(qr_modules(svg)) == [link]
    panel = client.get(f"/games/{game_id}/scoreboard", base_url=base_url).get_data(as_text=True)
    assert 'href="https://cards.example.org/join"' in panel


def test_join_links_doctests_pass() -> None:
    failed, tried = doctest.testmod(join_links)
    assert tried and not failed
