"""A game is read whole while another phone writes it: never its row from before a write
and its rounds from after it, nor a page under the ETag of another version than it shows.

A request's reads see one snapshot of the database (``storage/database.py``): on PostgreSQL
a transaction at REPEATABLE READ (at READ COMMITTED each statement sees what was committed
before it began, so a game's row and its rounds, read in two statements, could be of two
states); on SQLite a transaction, which sees one snapshot already. Here a round is committed
between two statements of a read; and, on the served app, one phone records the game's last
round and undoes it, again and again, while others read every page of the game and the
JSON: no answer is a 5xx, and every answer is a state the writer left.
"""

from __future__ import annotations

import json
import re
import threading
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from werkzeug.test import TestResponse

from handfoot_score import create_app
from handfoot_score.extensions import db
from handfoot_score.services.locking import begin_write
from handfoot_score.storage.database import begin_snapshot
from tests.conftest import uses_database_server
from tests.game_pages import QUIET, record, start_game, state_of
from tests.serving import call, serve

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
#: A round as the table counts it, different for each team, so totals tell rounds apart.
ROUND = [{"melded": {"points": 350}}, {"melded": {"points": 120}}]
#: Times the writer records the last round and undoes it.
CYCLES = 40
#: Phones reading while it does, and server threads: one for each, and the writer's.
READERS = 4
SECONDS_PER_REQUEST = 30
#: Where a live page names the version it shows.
LIVE_VERSION = re.compile(rb'data-live-version="(\d+)"')


@pytest.fixture
def shared_app(app: Flask, tmp_path: Path) -> Iterator[Flask]:
    """The test app, on a SQLite file rather than in memory: in memory, SQLite keeps all in
    one connection, so no write could be committed beside a read."""
    if uses_database_server():
        yield app
        return
    on_file = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'scores.sqlite'}"})
    yield on_file
    with on_file.app_context():
        db.session.remove()
        db.engine.dispose()


def round_recorded_at(app: Flask, game_id: str, statement: str) -> None:
    """Commit another phone's round, once, just after the app sends a statement that starts
    with ``statement``: in the middle of a read."""
    with app.app_context():
        engine = db.engine
    waiting = threading.Event()
    waiting.set()

    def meanwhile(connection: object, cursor: object, sent: str, *args: object) -> None:
        if waiting.is_set() and sent.lstrip().startswith(statement):
            waiting.clear()  # the write's own statements go as they are
            record(app, game_id, QUIET, QUIET)

    sa.event.listen(engine, "after_cursor_execute", meanwhile)


def shown(response: TestResponse) -> tuple[int, int | None]:
    """The game's version an answer shows, and its number of rounds where it says it (the
    JSON's rounds, the live poll's count of them)."""
    if not response.is_json:
        version = LIVE_VERSION.search(response.data)
        assert version is not None
        return int(version[1]), None
    rounds = response.json["rounds"]
    return response.json["version"], rounds if isinstance(rounds, int) else len(rounds)


@pytest.mark.parametrize("path", ["/api/v1/games/{}", "/games/{}", "/games/{}/live"])
def test_a_round_recorded_between_a_game_s_row_and_its_rounds_is_not_read_half(
        shared_app: Flask, path: str) -> None:
    game_id = start_game(shared_app)
    for _ in range(3):
        before = record(shared_app, game_id, QUIET, QUIET)
    # The game's rounds are read after its row: the last round is recorded in between.
    round_recorded_at(shared_app, game_id, "SELECT games.id")
    response = shared_app.test_client().get(path.format(game_id))
    assert response.status_code == 200
    version, rounds = shown(response)
    assert version == before.version
    assert rounds in (None, 3)
    assert state_of(shared_app, game_id).finished


def test_a_page_s_etag_names_the_version_it_shows(shared_app: Flask) -> None:
    game_id = start_game(shared_app)
    record(shared_app, game_id, QUIET, QUIET)
    client = shared_app.test_client()
    # A round is recorded just after the page reads the game's version for its ETag.
    round_recorded_at(shared_app, game_id, "SELECT games.version")
    first = client.get(f"/games/{game_id}/scoreboard")
    then = client.get(f"/games/{game_id}/scoreboard")
    assert first.status_code == then.status_code == 200
    # The same ETag for the same version shown, and another for another.
    same_etag = first.headers["ETag"] == then.headers["ETag"]
    assert same_etag == (shown(first) == shown(then)), (shown(first), shown(then))


@pytest.mark.skipif(not uses_database_server(), reason="isolation levels are PostgreSQL's")
def test_a_read_is_one_snapshot_and_a_write_after_it_reads_what_was_committed(
        app: Flask) -> None:
    isolation = sa.text("SHOW transaction_isolation")
    with app.app_context():
        begin_snapshot(db.session())
        assert db.session.scalar(isolation) == "repeatable read"
        begin_write()
        assert db.session.scalar(isolation) == "read committed"
        db.session.rollback()


# ---- the served app, raced ----------------------------------------------------------------


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Answer a redirect as it is: the page the game moved on to is read in its own turn."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


OPENER = urllib.request.build_opener(NoRedirects)


def get(url: str) -> tuple[int, Message, bytes]:
    """A GET: its status, headers and body, whatever the status."""
    try:
        with OPENER.open(url, timeout=SECONDS_PER_REQUEST) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.headers, error.read()


@dataclass
class Reads:
    """What the readers were answered: statuses by page, and the JSON answers."""

    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    games: list[tuple[str | None, dict[str, Any]]] = field(default_factory=list)
    polls: list[dict[str, Any]] = field(default_factory=list)
    #: The version each live page said it shows (``data-live-version``), by page.
    shown: list[tuple[str, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The app served as the README says, with a thread for each phone."""
    with serve(tmp_path, "--host", "127.0.0.1", "--threads", str(READERS + 2)) as (port, _):
        yield f"http://127.0.0.1:{port}"


def test_a_game_read_while_its_last_round_is_recorded_and_undone_is_read_whole(
        server: str) -> None:
    api = f"{server}/api/v1/games"
    status, game = call("POST", api, {"rules": "classic", "teams": TEAMS})
    assert status == 201, game
    game_id = game["id"]
    for number in range(1, len(game["rules"]["rounds"])):
        status, game = call("POST", f"{api}/{game_id}/rounds", {"round": number, "teams": ROUND})
        assert status == 201, game
    last = len(game["rules"]["rounds"])
    #: Each state the writer left, by its version: how many rounds it had.
    written = {game["version"]: len(game["rounds"])}
    pages = [f"/games/{game_id}", f"/games/{game_id}/scoreboard", f"/games/{game_id}/over",
             f"/games/{game_id}/rounds/{last}", f"/games/{game_id}/rounds/{last}?team=1",
             f"/games/{game_id}/sheet", f"/games/{game_id}/notes",
             f"/games/{game_id}/rules", f"/games/{game_id}/live",
             f"/api/v1/games/{game_id}"]
    writing = threading.Event()
    writing.set()
    reads = Reads()
    failures: list[BaseException] = []

    def write() -> None:
        try:
            for _ in range(CYCLES):
                status, state = call("POST", f"{api}/{game_id}/rounds",
                                     {"round": last, "teams": ROUND})
                assert status == 201, state
                written[state["version"]] = len(state["rounds"])
                status, state = call("POST", f"{api}/{game_id}/rounds/{last}/undo",
                                     {"version": state["version"]})
                assert status == 200, state
                written[state["version"]] = len(state["rounds"])
        except BaseException as error:
            failures.append(error)
        finally:
            writing.clear()

    def read(first: int) -> None:
        turn = first
        try:
            while writing.is_set():
                path = pages[turn % len(pages)]
                turn += 1
                status, headers, body = get(server + path)
                page = path.replace(game_id, "<id>")
                shown = LIVE_VERSION.search(body)
                with reads.lock:
                    reads.statuses[page, status] += 1
                    if status == 200 and path.startswith("/api/"):
                        reads.games.append((headers.get("ETag"), json_of(body)))
                    elif status == 200 and path.endswith("/live"):
                        reads.polls.append(json_of(body))
                    elif status == 200 and shown is not None:
                        reads.shown.append((page, int(shown[1])))
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=write)]
    threads += [threading.Thread(target=read, args=(i * 3,)) for i in range(READERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(CYCLES * SECONDS_PER_REQUEST)
    assert not failures, failures

    errors = {key: count for key, count in reads.statuses.items() if key[1] >= 500}
    answered = sum(reads.statuses.values())
    assert not errors, f"{sum(errors.values())} of {answered} reads failed: {errors}"
    # A 404 is a game read half too: a round neither recorded nor being played.
    assert {status for _, status in reads.statuses} <= {200, 302}, reads.statuses
    for etag, state in reads.games:
        assert etag == f'W/"{state["version"]}"'
        assert_whole(state, written, last)
    for pulse in reads.polls:
        assert pulse["rounds"] == written[pulse["version"]], pulse
        assert pulse["current_round"] == (None if pulse["rounds"] == last else last), pulse
    for page, version in reads.shown:
        # A state the writer left; the round screen's, one with the last round to play.
        round_screen = page == "/games/<id>"
        assert written[version] == (last - 1 if round_screen else written[version]), page
    assert {page for page, _ in reads.shown} >= {"/games/<id>", "/games/<id>/scoreboard"}
    # The race was run: the readers saw the game both with its last round and without it.
    assert {len(state["rounds"]) for _, state in reads.games} == {last - 1, last}


def json_of(body: bytes) -> dict[str, Any]:
    """A JSON answer's object."""
    answer = json.loads(body)
    assert isinstance(answer, dict)
    return answer


def assert_whole(state: dict[str, Any], written: dict[int, int], last: int) -> None:
    """``state`` is one the writer left: its rounds are those of its version, and what is
    worked out of them (totals, the round being played, whether it is over) agrees."""
    rounds = len(state["rounds"])
    assert rounds == written[state["version"]], (state["version"], rounds)
    assert state["finished"] == (rounds == last)
    assert state["status"] == ("finished" if rounds == last else "playing")
    assert state["current_round"] == (None if rounds == last else rounds + 1)
    assert state["totals"] == [sum(r["teams"][team]["total"] for r in state["rounds"])
                               for team in range(len(TEAMS))]
