"""The app served by its production server, and Debian's Chromium held like a phone.

Without Chromium or Playwright these tests skip, saying how to get them; under CI
(``CI=true``) they fail instead, so a CI machine without a browser cannot pass unseen.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serving import serving

CHROMIUM = os.environ.get("HANDFOOT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: A phone held upright (iPhone 12 to 15), and the narrowest phone still sold.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1}
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}
HOW_TO_ENABLE = ("to run the browser tests: pip install -r requirements-browser.txt and "
                 "install Debian's chromium (apt-get install chromium), or set "
                 "HANDFOOT_CHROMIUM to a Chromium binary")


def missing(reason: str) -> None:
    """Skip the test, or fail it under CI, where the browser tests must run."""
    message = f"{reason}; {HOW_TO_ENABLE}"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def put_down(context: Any) -> None:
    """Close a browser context (a phone put down), cut off from the server first: a page
    kept live (static/js/live.js) reloads when another phone's save changed it, and a
    context closed under that reload once hung the suite, and a page sent to about:blank
    meanwhile once waited 30 s for its load. With every request refused, no poll can
    reload a page while it closes."""
    context.route("**/*", lambda route: route.abort())
    context.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium, started once for all the browser tests."""
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
        missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="package")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The database the server uses: the test database server if there is one (emptied
    first), else a new SQLite file, as the app makes it in its instance folder."""
    from tests.conftest import DATABASE_URL, TEST_CONFIG, empty_tables, uses_database_server

    if uses_database_server():
        from handfoot_score import create_app

        empty_tables(create_app(TEST_CONFIG))
        return DATABASE_URL
    folder = tmp_path_factory.mktemp("instance")
    return f"sqlite:///{folder / 'handfoot_score.sqlite'}"


@pytest.fixture(scope="package")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under its production command from the README: its address."""
    with serving(database_url, tmp_path_factory.mktemp("server-instance")) as address:
        yield address


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    """A new tab on a phone (390 x 844, touch) with JavaScript on, at the server."""
    context = browser.new_context(base_url=server, **PHONE)
    yield context.new_page()
    put_down(context)


@pytest.fixture
def phone_without_js(browser: Any, server: str) -> Iterator[Any]:
    """The same phone with JavaScript turned off."""
    context = browser.new_context(base_url=server, java_script_enabled=False, **PHONE)
    yield context.new_page()
    put_down(context)


@pytest.fixture
def axe_page(browser: Any, server: str) -> Iterator[Any]:
    """A tab with JavaScript on but none of the site's scripts, for axe-core to check
    pages shown with JavaScript off."""
    context = browser.new_context(base_url=server, **PHONE)
    context.route("**/*.js", lambda route: route.abort())
    yield context.new_page()
    put_down(context)


@pytest.fixture
def narrow_phone(browser: Any, server: str) -> Iterator[Any]:
    """The narrowest phone the pages are made for: 360 px wide."""
    context = browser.new_context(base_url=server, **NARROW)
    yield context.new_page()
    put_down(context)


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """This database's screenshot folder (sqlite/ or postgresql/), which CI keeps as an
    artifact. The run empties it once at its start (tests/conftest.py): every worker adds
    to it, each picture named after its test, so none overwrites another's."""
    from sqlalchemy import make_url

    from tests.conftest import DATABASE_URL, SCREENSHOTS

    folder = SCREENSHOTS / make_url(DATABASE_URL).get_backend_name()
    folder.mkdir(parents=True, exist_ok=True)
    return folder
