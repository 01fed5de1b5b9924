"""The application factory: the Flask app with its database, blueprints and commands."""

import os
from collections.abc import Mapping
from typing import Any

import flask_migrate
from flask import Flask, request
from werkzeug.exceptions import HTTPException

import handfoot_score.storage.models  # noqa: F401  (the tables migrations know)
from handfoot_score import MIGRATIONS, PROJECT_ROOT, api
from handfoot_score.config import instance_path, settings
from handfoot_score.extensions import csrf, db, migrate
from handfoot_score.languages.i18n import init_i18n
from handfoot_score.services.errors import NotFound
from handfoot_score.serving.cli import register_commands
from handfoot_score.serving.errors import handle_http_error, not_found
from handfoot_score.serving.security import (
    register_body_limits,
    register_compression,
    register_converters,
    register_security,
)
from handfoot_score.serving.static_files import register_static_files
from handfoot_score.storage.database import (
    begin_snapshot,
    begin_sqlite_transactions,
    enable_sqlite_pragmas,
)
from handfoot_score.web import register_web
from handfoot_score.web.club_nights import board
from handfoot_score.web.club_nights import routes as club_nights
from handfoot_score.web.counting import routes as counting
from handfoot_score.web.games_setup import routes as games_setup
from handfoot_score.web.home import routes as home
from handfoot_score.web.home import theme
from handfoot_score.web.joining import routes as joining
from handfoot_score.web.leagues import access as league_access
from handfoot_score.web.leagues import routes as leagues
from handfoot_score.web.meld_calculator import routes as meld_calculator
from handfoot_score.web.play import game_notes, live, results
from handfoot_score.web.play import routes as play
from handfoot_score.web.printouts import routes as printouts
from handfoot_score.web.rules import routes as rules


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the app; ``config`` overrides every setting read from the environment."""
    app = Flask(
        __name__,
        instance_path=instance_path(os.environ),
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    # A doubled slash gets a 404 (JSON under /api/), not an HTML redirect.
    app.url_map.merge_slashes = False
    configure(app, config or {})
    register_body_limits(app)  # before CSRF protection reads any form
    register_extensions(app)
    upgrade_database(app)
    register_converters(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_security(app)
    register_static_files(app)
    register_compression(app)
    register_commands(app)
    return app


def configure(app: Flask, config: Mapping[str, Any]) -> None:
    """Load settings from the environment, then ``config`` on top."""
    app.config.from_mapping(settings(app.instance_path, os.environ, config))


def register_extensions(app: Flask) -> None:
    """Bind the database, CSRF protection and migrations to the app."""
    db.init_app(app)
    with app.app_context():
        for engine in db.engines.values():
            enable_sqlite_pragmas(engine)
            begin_sqlite_transactions(engine)
    app.before_request(read_from_one_snapshot)
    csrf.init_app(app)
    init_i18n(app)
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)


def read_from_one_snapshot() -> None:
    """Begin a request that only reads (GET, HEAD) as one snapshot of the database
    (``begin_snapshot``): a page or the JSON shows one state of a game, never half of a write
    committed while it was read. A static file reads nothing."""
    if request.method in ("GET", "HEAD") and request.endpoint != "static":
        begin_snapshot(db.session())


def upgrade_database(app: Flask) -> None:
    """Create or upgrade the database to the newest schema, so nobody runs a separate step.

    Deployments that upgrade with ``flask --app app db upgrade`` set AUTO_MIGRATE to false.
    """
    if app.config.get("AUTO_MIGRATE", True):
        with app.app_context():
            flask_migrate.upgrade(directory=MIGRATIONS)


def register_blueprints(app: Flask) -> None:
    """Register the HTML pages, a blueprint per module, what they share, and the JSON API."""
    app.register_blueprint(home.bp)
    app.register_blueprint(theme.bp)
    app.register_blueprint(games_setup.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(results.bp)
    app.register_blueprint(game_notes.bp)
    app.register_blueprint(counting.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(meld_calculator.bp)
    app.register_blueprint(leagues.bp)
    app.register_blueprint(league_access.bp)
    app.register_blueprint(club_nights.bp)
    app.register_blueprint(joining.bp)
    app.register_blueprint(board.bp)
    app.register_blueprint(printouts.bp)
    register_web(app)
    # The API takes only application/json bodies, which a cross-site form cannot send,
    # so it carries no CSRF token. (Flask-WTF exempts a request by its innermost blueprint.)
    for part in api.PARTS:
        csrf.exempt(part)
    app.register_blueprint(api.bp)


def register_errorhandlers(app: Flask) -> None:
    """Answer HTTP errors, and a request for something not stored, with a plain page, or with
    JSON under ``/api/``."""
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(NotFound, not_found)
