"""Live pages and safe writes: the version phones poll (ETag, 304), the parts of each page
the script refreshes, stale book taps refused, BEGIN IMMEDIATE for writes on SQLite, and a
database kept locked by others answered 503, not 500."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from benchmarks.page_weight import SCRIPT_TARGET, weigh_every_page
from handfoot_score import PROJECT_ROOT, create_app
from handfoot_score.extensions import db
from handfoot_score.services import games, live, locking
from handfoot_score.storage import database
from tests.conftest import uses_database_server
from tests.game_pages import QUIET, page_text, record, start_game, state_of


def test_the_version_is_the_etag_and_an_unchanged_game_answers_304(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    first = client.get(f"/games/{game_id}/live")
    assert first.status_code == 200
    assert first.headers["ETag"] == '"1"'
    assert "no-cache" in first.headers["Cache-Control"]
    assert first.json == {"version": 1, "status": "playing", "current_round": 1, "rounds": 0,
                          "books": [{"clean": 0, "dirty": 0, "wild": 0}] * 2, "counting": []}
    again = client.get(f"/games/{game_id}/live", headers={"If-None-Match": '"1"'})
    assert (again.status_code, again.data) == (304, b"")
    with app.app_context():
        games.tap_book(game_id, 1, "clean", 1)
    changed = client.get(f"/games/{game_id}/live", headers={"If-None-Match": '"1"'})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"2"'
    assert changed.json["books"][1]["clean"] == 1


def test_the_api_game_has_the_same_etag(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.headers["ETag"] == 'W/"1"'
    assert response.json["join_code"] == state_of(app, game_id).join_code
    assert client.get(f"/api/v1/games/{game_id}",
                      headers={"If-None-Match": '"1"'}).status_code == 304


def test_a_poll_that_finds_nothing_new_is_one_read_by_the_primary_key(
        app: Flask, client: FlaskClient, statements: list[str]) -> None:
    # 160 phones poll all evening: each unchanged answer costs the database one statement.
    game_id = start_game(app)
    statements.clear()
    response = client.get(f"/games/{game_id}/live", headers={"If-None-Match": '"1"'})
    assert response.status_code == 304
    [sent] = statements
    assert re.fullmatch(r"SELECT games\.version\s+FROM games\s+WHERE games\.id = \S+", sent)
    with app.app_context(), db.engine.connect() as connection:
        if uses_database_server():
            # Too few rows for the planner to choose an index unless a scan is ruled out.
            connection.exec_driver_sql("SET enable_seqscan = off")
            name = re.search(r"%\((\w+)\)s", sent)
            assert name is not None
            plan = " ".join(row[0] for row in connection.exec_driver_sql(
                f"EXPLAIN {sent}", {name[1]: game_id}))
            assert plan.startswith("Index Scan using pk_games on games"), plan
        else:
            plan = " ".join(row[-1] for row in connection.exec_driver_sql(
                f"EXPLAIN QUERY PLAN {sent}", (game_id,)))
            assert re.fullmatch(r"SEARCH games USING (INDEX sqlite_autoindex_games_1|"
                                r"PRIMARY KEY) \(id=\?\)", plan), plan


def test_the_scripts_poll_is_answered_from_the_version_alone_changed_or_not(
        app: Flask, client: FlaskClient, statements: list[str]) -> None:
    # live.js fetches the page when the version moved, never the summary: a HEAD.
    game_id = start_game(app)
    with app.app_context():
        games.tap_book(game_id, 0, "clean", 1)
    statements.clear()
    changed = client.head(f"/games/{game_id}/live", headers={"If-None-Match": '"1"'})
    assert (changed.status_code, changed.headers["ETag"]) == (200, '"2"')
    assert "no-cache" in changed.headers["Cache-Control"]
    assert len(statements) == 1 and "FROM games" in statements[0]
    assert client.head(f"/games/{game_id}/live",
                       headers={"If-None-Match": '"2"'}).status_code == 304
    assert client.head("/games/nope/live").status_code == 404
    script = (PROJECT_ROOT / "static" / "js" / "live.js").read_text()
    assert 'method: "HEAD"' in script


def test_a_page_read_after_a_poll_begins_a_transaction_of_its_own(
        app: Flask, client: FlaskClient, statements: list[str]) -> None:
    game_id = start_game(app)
    statements.clear()
    changed = client.get(f"/games/{game_id}/live", headers={"If-None-Match": '"0"'})
    assert changed.status_code == 200 and changed.json["version"] == 1
    reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(reads) >= 2
    if not uses_database_server():
        # The game's rows are read together, in one transaction, after the version alone.
        assert statements.index("BEGIN") == 1


def test_an_unknown_game_has_no_version(client: FlaskClient) -> None:
    assert client.get("/games/nope/live").status_code == 404


def test_a_live_read_sees_the_write_it_is_read_in(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        assert live.game_version(game_id) == 1
        game = locking.lock_game(game_id)
        assert game is not None
        game.teams[0].red_threes_down = 1
        db.session.flush()
        # Read in the session, the version is the write's own, and the write is kept.
        assert live.game_version(game_id) == 2
        db.session.commit()
    assert state_of(app, game_id).version == 2


def test_a_pulse_leaves_no_transaction_open(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        assert live.pulse(game_id).version == 1
        assert not db.session().in_transaction()


@pytest.mark.parametrize("path, page", [("", "round-1"), ("/scoreboard", "scoreboard"),
                                        ("/rounds/1", "record-1")])
def test_live_pages_carry_their_version_and_mark_what_may_change(
        app: Flask, client: FlaskClient, path: str, page: str) -> None:
    game_id = start_game(app)
    html = client.get(f"/games/{game_id}{path}").get_data(as_text=True)
    assert f'data-live-url="/games/{game_id}/live"' in html
    assert 'data-live-version="1"' in html and f'data-live-page="{page}"' in html
    assert re.search(r'<script src="/static/js/live\.js\?v=[0-9a-f]{12}" defer></script>', html)
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    regions = re.findall(r'<[a-z]+ [^>]*id="([^"]+)"[^>]*\bdata-live\b', html)
    assert "counting" in regions and len(regions) >= 2


def test_inputs_are_live_only_where_they_cannot_be_overwritten(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    counting = client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True)
    assert counting.count('data-live="keep"') == 3  # who went out, and each team
    record(app, game_id, QUIET, QUIET)
    correcting = client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True)
    # A correction is based on the round's version: a change reloads, or says so.
    assert 'data-live="keep"' not in correcting
    assert 'data-live-page="correct-1-1"' in correcting


def test_the_javascript_a_page_loads_stays_small() -> None:
    # What a phone downloads for one page is what counts; the service worker is not a page's.
    weights, _ = weigh_every_page()
    heaviest = max(weights, key=lambda weight: sum(
        size for address, size in weight.files.items() if ".js" in address))
    scripts = {address: size for address, size in heaviest.files.items() if ".js" in address}
    assert scripts, "no page loads a script: the live updates are gone"
    assert sum(scripts.values()) <= SCRIPT_TARGET, (heaviest.endpoint, scripts)


def test_a_book_tap_on_a_stale_count_is_refused_with_the_count_as_it_is(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    url = f"/api/v1/games/{game_id}/books"
    tap = {"team": 0, "kind": "clean", "change": 1, "seen": 0}
    assert client.post(url, json=tap).json["books"][0]["clean"] == 1
    stale = client.post(url, json=tap)
    assert stale.status_code == 409
    assert stale.json["current"] == {"team": 0, "kind": "clean", "count": 1}
    assert "changed the clean books of Us to 1" in stale.json["errors"][0]["message"]
    assert client.post(url, json={**tap, "seen": 1}).json["books"][0]["clean"] == 2
    assert state_of(app, game_id).version == 3


@pytest.mark.parametrize("body, field", [
    ({"team": 0, "kind": "clean", "change": 2, "seen": 0}, "change"),
    ({"team": 0, "kind": "clean", "change": 1, "seen": "0"}, "seen"),
    ({"team": "0", "kind": "clean", "change": 1, "seen": 0}, "team"),
    ({"team": 0, "kind": ["clean"], "change": 1, "seen": 0}, "kind"),
    ({"team": 0, "kind": "clean", "change": 1}, "seen"),
])
def test_a_book_tap_that_cannot_be_is_422(app: Flask, client: FlaskClient,
                                          body: dict[str, object], field: str) -> None:
    game_id = start_game(app)
    response = client.post(f"/api/v1/games/{game_id}/books", json=body)
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == field


def test_a_stale_tap_on_the_round_screen_shows_the_count_as_it_is(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with app.app_context():
        games.tap_book(game_id, 1, "dirty", 1)
    tap = {"team": "1", "kind": "dirty", "change": "1", "seen": "0"}
    response = client.post(f"/games/{game_id}/books", data=tap, follow_redirects=True)
    assert "Another phone changed the dirty books of Them to 1 meanwhile" in page_text(response)
    assert state_of(app, game_id).books[1].dirty == 1


def test_a_save_sent_by_the_script_is_told_where_to_go(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = start_game(app)
    tap = {"team": "0", "kind": "clean", "change": "1", "seen": "0"}
    response = client.post(f"/games/{game_id}/books", data=tap, headers={"X-Save": "fetch"})
    assert response.status_code == 200
    assert response.headers["X-Location"] == f"/games/{game_id}#team-0"
    stale = client.post(f"/games/{game_id}/books", data=tap, headers={"X-Save": "fetch"})
    # The message flashed for the next page waits for it, not used up by the script.
    assert "Another phone changed" in page_text(client.get(stale.headers["X-Location"]))


def test_a_live_refresh_leaves_a_saved_message_for_the_page_opened_next(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    tap = {"team": "0", "kind": "clean", "change": "1", "seen": "0"}
    stale = client.post(f"/games/{game_id}/books", data={**tap, "seen": "5"},
                        headers={"X-Save": "fetch"})
    # live.js fetches the page again between the save and the navigation it asked for.
    refreshed = client.get(f"/games/{game_id}", headers={"X-Background": "live"})
    assert "Another phone changed" not in page_text(refreshed)
    assert "Another phone changed" in page_text(client.get(stale.headers["X-Location"]))


def test_a_poll_sends_back_no_cookie_that_could_undo_a_save(app: Flask,
                                                            client: FlaskClient) -> None:
    game_id = start_game(app)
    assert client.get(f"/games/{game_id}").status_code == 200  # remembered: a lasting session
    before_save = client.get_cookie("session")
    assert before_save is not None and before_save.expires is not None
    # A poll and a kept copy that left before a save and came back after it: had they sent
    # the cookie they left with, it would replace the one the save wrote.
    for background in (client.get(f"/games/{game_id}/live"),
                       client.get(f"/games/{game_id}", headers={"X-Background": "keep"})):
        assert background.status_code == 200
        assert background.headers.getlist("Set-Cookie") == []


@pytest.mark.skipif(uses_database_server(), reason="BEGIN IMMEDIATE is SQLite's; "
                    "PostgreSQL locks the game's row with SELECT ... FOR UPDATE")
def test_writes_begin_immediate_and_reads_do_not(app: Flask, statements: list[str]) -> None:
    game_id = start_game(app)
    statements.clear()
    with app.app_context():
        games.get_game(game_id)
        db.session.remove()
        assert statements[0] == "BEGIN"
        statements.clear()
        games.tap_book(game_id, 0, "clean", 1)
    assert statements[0] == "BEGIN IMMEDIATE"


@pytest.mark.skipif(not uses_database_server(), reason="SELECT ... FOR UPDATE is "
                    "PostgreSQL's; SQLite takes its lock with BEGIN IMMEDIATE")
def test_writes_lock_the_games_row(app: Flask, statements: list[str]) -> None:
    game_id = start_game(app)
    statements.clear()
    with app.app_context():
        games.tap_book(game_id, 0, "clean", 1)
    assert "FOR UPDATE" in next(s for s in statements if "FROM games" in s)


@pytest.fixture
def file_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Flask, Path]]:
    """An app on a SQLite file whose connections wait only 50 ms for a lock."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 50)
    path = tmp_path / "busy.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    yield app, path
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_database_locked_by_other_writers_answers_busy_not_500(
        file_app: tuple[Flask, Path]) -> None:
    app, path = file_app
    game_id = start_game(app)
    client = app.test_client()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        tap = {"team": 0, "kind": "clean", "change": 1, "seen": 0}
        response = client.post(f"/api/v1/games/{game_id}/books", json=tap)
        assert response.status_code == 503
        assert response.headers["Retry-After"] == "1"
        assert "busy" in response.json["errors"][0]["message"]
        page = client.post(f"/games/{game_id}/books", data={**tap, "change": "1"})
        assert page.status_code == 503 and "try again" in page_text(page)
        counted = client.post(f"/games/{game_id}/rounds/1/record", data={
            "teams-0-melded_eight_to_king": "10", "teams-1-melded_eight_to_king": "5",
            "teams-0-left_eight_to_king": "42", "teams-1-left_eight_to_king": "47",
            "teams-0-part_version": "0", "teams-1-part_version": "0", "went_out": "nobody"})
        assert counted.status_code == 503
        assert 'value="10"' in counted.get_data(as_text=True), "the input is kept"
    finally:
        other.rollback()
        other.close()
    assert client.post(f"/api/v1/games/{game_id}/books", json=tap).status_code == 200
    assert state_of(app, game_id).books[0].clean == 1
