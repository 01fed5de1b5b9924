"""Every page on a phone: each address the app answers, with real games, a league and
saved house rules in the database, fits 360 px, passes axe-core, and is photographed;
and a mistake on a form is announced, not only shown."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from flask import Flask

from handfoot_score import create_app
from handfoot_score.extensions import db
from tests.browser.phone import PageChecks
from tests.conftest import TEST_CONFIG
from tests.site_map import addresses, make_samples

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.fixture(scope="package")
def page_addresses(server: str, database_url: str) -> list[str]:
    """Every page's address, with ids of what was stored for the walk."""
    app: Flask = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": database_url})
    samples = make_samples(app)
    client = app.test_client()
    # Leave out what is not a page to look at, such as a league's export to download.
    urls = [url for _, url in addresses(app, samples, pages_only=True)
            if client.get(url).mimetype == "text/html"]
    with app.app_context():
        db.engine.dispose()
    return urls


def screenshot_name(url: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", url.lower()).strip("-") or "home"


def test_every_page_fits_a_phone_and_passes_axe(
        narrow_phone: Page, page_addresses: list[str], screenshots: Path) -> None:
    checks = PageChecks(narrow_phone, screenshots, "page")
    for url in page_addresses:
        response = narrow_phone.goto(url)
        assert response is not None and response.status < 500, url
        checks.check(screenshot_name(url), settle=False)
    checks.assert_all_passed()


def test_every_page_without_javascript_fits_a_phone_and_passes_axe(
        phone_without_js: Page, axe_page: Page, page_addresses: list[str], screenshots: Path
) -> None:
    checks = PageChecks(phone_without_js, screenshots, "nojs-page", axe_page)
    for url in page_addresses:
        phone_without_js.goto(url)
        checks.check(screenshot_name(url), settle=False)
    checks.assert_all_passed()


def announced(page: Page) -> str:
    """The error text a screen reader is told about: what has focus inside an error
    summary, or the text of a live region or alert."""
    return page.evaluate("""() => {
      const focused = document.activeElement;
      const summary = focused && focused.closest('[role=alert], [aria-live], .error-summary');
      if (summary) return summary.innerText;
      return [...document.querySelectorAll('[role=alert], [aria-live=assertive]')]
        .map((el) => el.innerText).join(' ');
    }""")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_mistake_on_the_new_game_page_is_announced(
        phone: Page, phone_without_js: Page, axe_page: Page, screenshots: Path,
        javascript: bool) -> None:
    page = phone if javascript else phone_without_js
    checks = PageChecks(page, screenshots, f"{'js' if javascript else 'nojs'}-mistake",
                        None if javascript else axe_page)
    page.goto("/games/new")
    page.get_by_text("Change house rules", exact=True).tap()
    decks = page.get_by_role("textbox", name="Decks of cards", exact=True)
    decks.fill("many")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game", exact=True).last.tap()
    checks.check("new-game-refused")
    assert decks.get_attribute("aria-invalid") == "true"
    assert announced(page).strip(), page.content()
    checks.assert_all_passed()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_tally_that_cannot_be_is_announced(
        phone: Page, phone_without_js: Page, axe_page: Page, screenshots: Path,
        javascript: bool) -> None:
    page = phone if javascript else phone_without_js
    checks = PageChecks(page, screenshots, f"{'js' if javascript else 'nojs'}-mistake",
                        None if javascript else axe_page)
    response = page.request.post("/api/v1/games", data={
        "rules": "classic", "teams": [{"name": "Us"}, {"name": "Them"}]})
    game_id = response.json()["id"]
    page.goto(f"/games/{game_id}/rounds/1")
    team = page.get_by_role("group", name="Us", exact=True)
    team.get_by_role("spinbutton", name="Clean books", exact=True).fill("3")
    page.get_by_label("No one: the stock ran out").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1", exact=True).last.tap()
    checks.check("tally-refused")
    assert "Us" in announced(page), page.content()
    checks.assert_all_passed()
