"""The database is created and upgraded by migrations when the app starts; nothing is lost."""

from __future__ import annotations

import json
from pathlib import Path

import flask_migrate
import sqlalchemy as sa

from handfoot_score import MIGRATIONS, create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.extensions import db
from handfoot_score.services import games
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
