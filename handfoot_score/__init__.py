"""Hand and Foot scorekeeper: the application factory."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException

from handfoot_score.api import bp as api_bp
from handfoot_score.config import instance_path, settings
from handfoot_score.database import enable_sqlite_pragmas
from handfoot_score.errors import handle_http_error
from handfoot_score.extensions import csrf, db, migrate
from handfoot_score.web import bp as web_bp

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the app; ``config`` overrides every setting read from the environment."""
    app = Flask(
        __name__,
        instance_path=instance_path(os.environ),
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    configure(app, config or {})
    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
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
    csrf.init_app(app)
    migrate.init_app(app, db, render_as_batch=True)


def register_blueprints(app: Flask) -> None:
    """Register the HTML pages and the JSON API."""
    app.register_blueprint(web_bp)
    # The API takes only application/json bodies, which a cross-site form cannot send,
    # so it carries no CSRF token.
    csrf.exempt(api_bp)
    app.register_blueprint(api_bp)


def register_errorhandlers(app: Flask) -> None:
    """Answer HTTP errors with a plain page, or with JSON under ``/api/``."""
    app.register_error_handler(HTTPException, handle_http_error)
