"""The database is created and upgraded by migrations when the app starts; nothing is lost."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import flask_migrate
import pytest
import sqlalchemy as sa

from handfoot_score import MIGRATIONS, create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.engine.seating_plan import SixSeats, draw_evening
from handfoot_score.extensions import db
from handfoot_score.services import club_nights, games
from handfoot_score.services.tallies import read_entered

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
ROUND = {"teams": [{"melded": {"points": 400}, "left": {"points": 20}},
                   {"melded": {"points": 200}, "left": {"points": 100}}]}


def file_app(path: Path, **extra: object):  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "SECRET_KEY": "test",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", **extra})


def test_a_restart_loses_nothing(tmp_path: Path) -> None:
    database = tmp_path / "scores.sqlite"
    with file_app(database).app_context():
        game = games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS}))
        games.record_round(game.id, read_entered(ROUND["teams"]))
        before = games.get_game(game.id)
        db.session.remove()
        db.engine.dispose()
    with file_app(database).app_context():
        after = games.get_game(game.id)
    assert after == before
    assert after.totals == (380, 100)


def test_an_old_database_is_upgraded_with_its_games_kept(tmp_path: Path) -> None:
    database = tmp_path / "old.sqlite"
    old = file_app(database, AUTO_MIGRATE=False)
    with old.app_context():
        flask_migrate.upgrade(directory=MIGRATIONS, revision="0001")
        game_id = _store_game_as_0001_did(db.engine)
        tables = sa.inspect(db.engine).get_table_names()
        db.session.remove()
        db.engine.dispose()
    assert "saved_rules" not in tables
    with file_app(database).app_context():
        inspector = sa.inspect(db.engine)
        assert "saved_rules" in inspector.get_table_names()
        version = db.session.execute(sa.text("select version_num from alembic_version")).scalar()
        assert version == _head()
        kept = games.get_game(game_id)
        assert kept.teams[0].players == ("Ann", "Bob")
        assert kept.join_code is not None and len(kept.join_code) == 6


def _store_game_as_0001_did(engine: sa.Engine) -> str:
    """A game with its teams and players, written with the columns revision 0001 has: the
    models of today know columns an old database lacks."""
    with engine.begin() as connection:
        connection.execute(sa.text(
            "insert into games (id, rules_data, status, first_dealer, version, created_at,"
            " updated_at) values ('old-game', :rules, 'playing', 0, 1, :now, :now)"),
            {"rules": json.dumps(rules_to_dict(PRESETS["classic"])),
             "now": "2026-01-01 00:00:00"})
        for position, team in enumerate(TEAMS):
            team_id = connection.execute(sa.text(
                "insert into teams (game_id, position, name, books_data)"
                " values ('old-game', :position, :name, '{}') returning id"),
                {"position": position, "name": team["name"]}).scalar_one()
            for seat, player in enumerate(team["players"]):
                connection.execute(sa.text(
                    "insert into players (team_id, position, name) values (:team, :seat, :name)"),
                    {"team": team_id, "seat": seat, "name": player})
    return "old-game"


def _revision(name: str) -> ModuleType:
    """A revision file, loaded as a module to call its own functions."""
    path = Path(MIGRATIONS) / "versions" / name
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NIGHTS = [(8, 1, 0, SixSeats.PAIRS), (9, 3, 25, SixSeats.PAIRS), (10, 6, 7, SixSeats.PAIRS),
          (10, 4, 99, SixSeats.THREES), (11, 5, 2**31 - 1, SixSeats.THREES),
          (14, 6, 123456, SixSeats.THREES), (21, 3, 42, SixSeats.PAIRS),
          (48, 6, 2026, SixSeats.THREES)]


@pytest.mark.parametrize(("count", "games_each", "seed", "six_seats"), NIGHTS)
def test_the_draw_frozen_in_revision_0011_is_the_engines(count: int, games_each: int,
                                                         seed: int, six_seats: SixSeats) -> None:
    """Revision 0011 draws the nights stored before it with its own copy of the draw: the
    copy must draw what the engine drew on that day, the tables those nights showed."""
    revision = _revision("0011_club_night_tables_stored.py")
    players = [f"Player {n}" for n in range(count)]
    assert revision.as_data(revision.draw_evening(players, games_each, seed, six_seats.value)) \
        == draw_evening(players, games_each, seed, six_seats).as_data()


def test_nights_stored_before_0011_keep_the_tables_they_showed(tmp_path: Path) -> None:
    """A night and a game started at one of its tables, stored as revision 0010 did: after
    the upgrade the night shows the tables it was drawn with then, and the game at its
    table."""
    database = tmp_path / "nights.sqlite"
    players = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo"]
    old = file_app(database, AUTO_MIGRATE=False)
    with old.app_context():
        flask_migrate.upgrade(directory=MIGRATIONS, revision="0010")
        game_id = _store_game_as_0001_did(db.engine)
        with db.engine.begin() as connection:
            connection.execute(sa.text(
                "insert into leagues (id, name, created_at) values ('club', 'Club', :now)"),
                {"now": "2026-12-01 19:00:00"})
            connection.execute(sa.text(
                "insert into club_nights (id, league_id, players, games_each, seed, six_seats,"
                " rules_id, created_at) values ('thursday', 'club', :players, 4, 8, 'threes',"
                " 'classic', :now)"),
                {"players": json.dumps(players), "now": "2026-12-01 19:00:00"})
            connection.execute(sa.text(
                "insert into club_night_games (night_id, rotation, \"table\", game_id)"
                " values ('thursday', 2, 1, :game)"), {"game": game_id})
        db.session.remove()
        db.engine.dispose()
    with file_app(database).app_context():
        night = club_nights.get_night("club", "thursday")
    assert [[table.plan.teams for table in rotation.tables] for rotation in night.rotations] \
        == [[table.teams for table in rotation.tables]
            for rotation in draw_evening(players, 4, 8, SixSeats.THREES).rotations]
    assert [(rotation.number, table.number, table.game.id) for rotation in night.rotations
            for table in rotation.tables if table.game] == [(2, 1, game_id)]


def test_the_schema_matches_the_models(app) -> None:  # type: ignore[no-untyped-def]
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with app.app_context(), db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
    assert differences == []


def test_the_documented_upgrade_command_works(tmp_path: Path) -> None:
    database = tmp_path / "deploy.sqlite"
    app = file_app(database, AUTO_MIGRATE=False)
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert "games" in sa.inspect(db.engine).get_table_names()


def _head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return ScriptDirectory.from_config(config).get_current_head() or ""
