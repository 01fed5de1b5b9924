"""Fixtures shared by the app tests: an app with an in-memory database, and its clients."""

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from handfoot_score import create_app

TEST_CONFIG = {
    "TESTING": True,
    "SQLALCHEMY_DATABASE_URI": "sqlite://",
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
}


@pytest.fixture
def app() -> Flask:
    """An app configured for tests, with an empty in-memory database."""
    return create_app(TEST_CONFIG)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's command-line commands."""
    return app.test_cli_runner()
