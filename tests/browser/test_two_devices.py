"""Two phones at one table, each its own browser: one joins by the game's code, and what
either enters shows on the other within 3 seconds, without a reload; input being typed is
never overwritten; and a save that cannot reach the server keeps what was typed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import PHONE, put_down
from tests.browser.phone import PageChecks

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: How soon what one phone entered must show on the other.
SECONDS = 3


@pytest.fixture
def tablet(browser: Any, server: str) -> Iterator[Page]:
    """The tablet in the middle of the table, with JavaScript on."""
    context = browser.new_context(base_url=server, **PHONE)
    yield context.new_page()
    put_down(context)


def new_game(page: Page) -> dict[str, Any]:
    response = page.request.post("/api/v1/games", data={
        "rules": "classic", "teams": [{"name": "Us"}, {"name": "Them"}]})
    assert response.ok
    game: dict[str, Any] = response.json()
    return game


def shows_within(page: Page, selector: str, text: str, since: float) -> float:
    """Wait until ``selector`` holds ``text``; the seconds it took from ``since``."""
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_contain_text(text, timeout=SECONDS * 1000)
    return time.monotonic() - since


def test_what_one_phone_enters_shows_on_the_other_within_3_seconds(
        tablet: Page, phone: Page, screenshots: Path) -> None:
    checks = PageChecks(phone, screenshots, "two-devices")
    game = new_game(tablet)
    tablet.goto(f"/games/{game['id']}")
    load_count = tablet.evaluate("performance.getEntriesByType('navigation').length")
    tablet.evaluate("window.stayed = true")

    phone.goto("/join")
    phone.get_by_label("Join code").fill(" " + game["join_code"].lower()[:3] + " "
                                         + game["join_code"].lower()[3:])
    with phone.expect_navigation():
        phone.get_by_role("button", name="Open the game").tap()
    assert phone.url.endswith(f"/games/{game['id']}")

    with phone.expect_navigation():
        phone.get_by_role("button", name="+ clean for Us").tap()
    tapped = time.monotonic()
    took = shows_within(tablet, "#team-0 .book-count >> nth=0", "made: 1", tapped)
    assert took < SECONDS

    with phone.expect_navigation():
        phone.get_by_role("link", name="Count the round").tap()
    with phone.expect_navigation():
        phone.get_by_text("Each team on its own phone?").tap()
        phone.get_by_role("link", name="Count only Them").tap()
    checks.check("count-only-them")
    team = phone.get_by_role("group", name="Them", exact=True)
    team.get_by_label("Count in points instead").check()
    team.get_by_label("Points on the table").fill("230")
    phone.get_by_role("radio", name="No", exact=True).check()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Save the count for Them").last.tap()
    saved = time.monotonic()
    checks.check("them-saved")
    assert shows_within(tablet, "#counting", "Them: count saved", saved) < SECONDS
    # Swapped in place: the tablet's page was never reloaded.
    assert tablet.evaluate("window.stayed") is True
    assert tablet.evaluate("performance.getEntriesByType('navigation').length") == load_count
    checks.assert_all_passed()


def test_the_tally_page_takes_in_other_counts_but_never_overwrites_typing(
        tablet: Page, phone: Page) -> None:
    game = new_game(tablet)
    tablet.goto(f"/games/{game['id']}/rounds/1")
    us = tablet.get_by_role("group", name="Us", exact=True)
    us.get_by_role("spinbutton", name="Aces", exact=True).first.fill("4")

    for team, points in ((1, 230), (0, 300)):
        response = phone.request.put(f"/api/v1/games/{game['id']}/rounds/1/parts/{team}",
                                     data={"tally": {"melded": {"points": points}},
                                           "version": 0})
        assert response.ok, response.text()
        if team == 1:
            sent = time.monotonic()
            # Them's count was not touched here: it comes in as the other phone saved it.
            them = tablet.locator("#team-1 [name='teams-1-melded_points']")
            from playwright.sync_api import expect

            expect(them).to_have_value("230", timeout=SECONDS * 1000)
            assert time.monotonic() - sent < SECONDS
    # Us was being typed in here: it stays as typed, and the page says what changed.
    shows_within(tablet, "#live-notice", "recorded on another phone", time.monotonic())
    assert us.get_by_role("spinbutton", name="Aces", exact=True).first.input_value() == "4"


def test_a_save_that_cannot_reach_the_server_keeps_the_input(
        tablet: Page, screenshots: Path) -> None:
    checks = PageChecks(tablet, screenshots, "offline")
    game = new_game(tablet)
    tablet.goto(f"/games/{game['id']}/rounds/1")
    them = tablet.get_by_role("group", name="Them", exact=True)
    them.get_by_role("spinbutton", name="Aces", exact=True).first.fill("4")
    us = tablet.get_by_role("group", name="Us", exact=True)
    us.get_by_role("spinbutton", name="Aces", exact=True).first.fill("3")
    # Each team (one player) holds at least the 26 cards dealt to it.
    for team in (them, us):
        team.get_by_role("group", name="Left in hands and feet").get_by_label(
            "8 to King").fill("23")
    tablet.get_by_label("No one: the stock ran out").check()
    save = tablet.get_by_role("button", name="Save round 1", exact=True).last

    tablet.route("**/rounds/1/record", lambda route: route.abort("internetdisconnected")
                 if route.request.method == "POST" else route.continue_())
    save.tap()
    alert = tablet.get_by_role("alert")
    from playwright.sync_api import expect

    expect(alert).to_contain_text("Not saved")
    checks.check("save-failed")
    assert them.get_by_role("spinbutton", name="Aces", exact=True).first.input_value() == "4"

    tablet.unroute("**/rounds/1/record")
    with tablet.expect_navigation():
        save.tap()
    # Saved: the table lands on the next round's screen.
    assert tablet.url.endswith(f"/games/{game['id']}")
    stored = tablet.request.get(f"/api/v1/games/{game['id']}").json()
    assert len(stored["rounds"]) == 1
    assert stored["rounds"][0]["tallies"][1]["melded"]["aces"] == 4
    checks.assert_all_passed()
