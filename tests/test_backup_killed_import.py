"""An import whose process is killed halfway leaves its slot marked, and the next import
takes it at once (deleting what the dead one stored), not minutes later; while the importing
process lives, its slot is held (PostgreSQL, which several processes may share)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from handfoot_score import PROJECT_ROOT, create_app
from handfoot_score.extensions import db
from handfoot_score.services import games, league_backup, leagues
from handfoot_score.services.tallies import read_entered
from handfoot_score.storage.models import Game, League, LeagueImport
from tests.conftest import TEST_CONFIG, uses_database_server

#: An import in a process of its own: one game stored at a time, then a long pause, so it is
#: killed with its slot taken and part of its league stored.
IMPORTING = """
import json, os, sys
from handfoot_score import create_app
from handfoot_score.services import league_backup
app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ["DATABASE_URL"], "SECRET_KEY": "t"})
league_backup.CHUNK_GAMES = 1
league_backup.SHORTEST_PAUSE_SECONDS = 600
with app.app_context():
    league_backup.import_league(json.load(sys.stdin))
"""
#: How long the killed process's database session may take to end (PostgreSQL ends it once
#: it reads the closed socket, a moment after the kill).
GONE_SECONDS = 20


@pytest.fixture
def shared_app(app: Flask, tmp_path: Path) -> Flask:
    """An app whose database another process can open: the test database on a database
    server, else an SQLite file."""
    if uses_database_server():
        return app
    return create_app({**TEST_CONFIG,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'club.sqlite'}"})


def league_document(app: Flask) -> dict[str, Any]:
    """The export of a league of three played games."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club"}).id
        for _ in range(3):
            game_id = games.create_game(games.read_setup({
                "rules": "classic", "league": league_id,
                "teams": [{"name": "Us", "players": ["Ann"]},
                          {"name": "Them", "players": ["Bob"]}]})).id
            games.record_round(game_id, read_entered([{"left": {"points": 35}}, {}]))
        return league_backup.export_league(league_id)


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0)


def test_an_import_killed_halfway_gives_way_to_the_next_at_once(shared_app: Flask) -> None:
    document = league_document(shared_app)
    with shared_app.app_context():
        url = db.engine.url.render_as_string(hide_password=False)
    importing = subprocess.Popen(
        [sys.executable, "-c", IMPORTING], cwd=PROJECT_ROOT, stdin=subprocess.PIPE,
        env={**os.environ, "DATABASE_URL": url})
    assert importing.stdin is not None
    importing.stdin.write(json.dumps(document).encode())
    importing.stdin.close()
    client = shared_app.test_client()
    try:
        deadline = time.monotonic() + 60
        while count(shared_app, LeagueImport) == 0 or count(shared_app, Game) < 4:
            assert importing.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        if uses_database_server():
            # Alive in another process, its import is known to run.
            busy = client.post("/api/v1/leagues/import", json=document)
            assert busy.status_code == 503, busy.get_json()
    finally:
        importing.send_signal(signal.SIGKILL)
        importing.wait()
    assert count(shared_app, LeagueImport) == 1 and count(shared_app, League) == 2

    deadline = time.monotonic() + GONE_SECONDS
    response = client.post("/api/v1/leagues/import", json=document)
    while response.status_code == 503 and time.monotonic() < deadline:
        time.sleep(0.2)
        response = client.post("/api/v1/leagues/import", json=document)
    assert response.status_code == 201, response.get_json()
    assert count(shared_app, LeagueImport) == 0
    assert count(shared_app, League) == 2  # the league and its restored copy; none left over
    assert count(shared_app, Game) == 6
