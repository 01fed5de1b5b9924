"""The round screen's extras in a real phone's browser: the Undo of the round just recorded
survives a reload and goes with the next book tap, each team's own count is a tap away, a
team's checklist follows the count it saved, a correction says what changed, and the screen
is kept on (the Screen Wake Lock API) where the browser has it, with nothing broken where
it has not."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import PHONE, put_down
from tests.browser.phone import PageChecks

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: Stands in for the browser's wake lock: each request is counted, and the lock it gives
#: can be let go as the browser does when the page is hidden.
WAKE_LOCK_STUB = """
window.wakeRequests = [];
const wakeLock = { request(type) {
  window.wakeRequests.push(type);
  const lock = new EventTarget();
  lock.release = () => { lock.dispatchEvent(new Event("release")); return Promise.resolve(); };
  window.wakeLocks = [...(window.wakeLocks || []), lock];
  return Promise.resolve(lock);
} };
Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => wakeLock });
"""
#: A browser without the Screen Wake Lock API.
NO_WAKE_LOCK = """
delete Navigator.prototype.wakeLock;
Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => undefined });
"""


def new_game(page: Page) -> str:
    response = page.request.post("/api/v1/games", data={
        "rules": "classic", "teams": [{"name": "Owls"}, {"name": "Foxes"}]})
    assert response.ok
    game_id: str = response.json()["id"]
    return game_id


def record_round_on_the_page(page: Page, game_id: str) -> None:
    """Count round 1 on the count page, nobody out: each team (one player, dealt 26 cards)
    has a joker, six twos and twelve cards from 8 to King on the table and twelve more from 8
    to King left, 50 + 6 × 20 + 12 × 10 − 12 × 10 = +170."""
    page.goto(f"/games/{game_id}/rounds/1")
    for team in ("Owls", "Foxes"):
        box = page.get_by_role("group", name=team, exact=True)
        table = box.get_by_role("group", name="On the table")
        table.get_by_label("Jokers").fill("1")
        table.get_by_label("Twos").fill("6")
        table.get_by_label("8 to King").fill("12")
        box.get_by_role("group", name="Left in hands and feet").get_by_label(
            "8 to King").fill("12")
    page.get_by_role("radio", name="No one: the stock ran out").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    page.wait_for_url(f"**/games/{game_id}")


def test_undo_stays_after_a_reload_and_goes_with_a_book_tap(phone: Page,
                                                            screenshots: Path) -> None:
    from playwright.sync_api import expect

    checks = PageChecks(phone, screenshots, "round-extras-undo")
    game_id = new_game(phone)
    record_round_on_the_page(phone, game_id)
    offer = phone.locator("#undo-offer")
    expect(offer).to_contain_text("Round 1 recorded — Owls +170, Foxes +170 · Undo")
    phone.reload()
    expect(offer).to_contain_text("Round 1 recorded — Owls +170, Foxes +170 · Undo")
    checks.check("undo-after-reload", settle=False)
    with phone.expect_navigation():
        phone.get_by_role("button", name="+ clean for Foxes").tap()
    expect(phone.get_by_role("button", name="Undo")).to_have_count(0)
    phone.reload()
    expect(phone.get_by_role("button", name="Undo")).to_have_count(0)
    checks.assert_all_passed()


def test_undo_after_a_reload_takes_the_round_back(phone: Page, screenshots: Path) -> None:
    from playwright.sync_api import expect

    game_id = new_game(phone)
    record_round_on_the_page(phone, game_id)
    phone.reload()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Undo").tap()
    phone.wait_for_url(f"**/games/{game_id}/rounds/1")
    expect(phone.get_by_role("status").filter(has_text="taken back")).to_contain_text(
        "Round 1 was taken back")
    assert phone.request.get(f"/api/v1/games/{game_id}").json()["rounds"] == []


def test_a_correction_says_what_changed(phone: Page, screenshots: Path) -> None:
    from playwright.sync_api import expect

    checks = PageChecks(phone, screenshots, "round-extras-correction")
    game_id = new_game(phone)
    # Each team (one player) holds the 26 cards dealt to it: 10 on the table, 16 left.
    quiet = {"melded": {"eight_to_king": 10}, "left": {"four_to_seven": 16}}
    assert phone.request.post(f"/api/v1/games/{game_id}/rounds",
                              data={"round": 1, "teams": [quiet, quiet]}).ok
    phone.goto(f"/games/{game_id}/rounds/1")
    phone.get_by_role("group", name="Owls", exact=True).get_by_role(
        "group", name="On the table").get_by_label("8 to King").fill("14")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Save the correction").click()
    phone.wait_for_url(f"**/games/{game_id}/scoreboard")
    expect(phone.get_by_role("status").filter(has_text="corrected")).to_have_text(
        "Round 1 corrected: Owls +40")
    checks.check("correction-message", settle=False)
    checks.assert_all_passed()


def test_count_our_team_leads_to_the_teams_count_and_the_checklist_follows_it(
        phone: Page, screenshots: Path) -> None:
    from playwright.sync_api import expect

    checks = PageChecks(phone, screenshots, "round-extras-our-team")
    game_id = new_game(phone)
    phone.goto(f"/games/{game_id}")
    owls_panel = phone.locator("#team-0")
    for count in range(1, 4):
        phone.get_by_role("button", name="+ clean for Owls").tap()
        # Each tap is saved before the next is made, as a player sees the count go up.
        expect(owls_panel.locator(".book-count").first).to_contain_text(str(count))
        phone.wait_for_load_state("load")
    expect(owls_panel.locator(".checklist")).to_contain_text("Clean books: 3 of 2")
    checks.check("round-screen-count-buttons", settle=False)
    with phone.expect_navigation():
        phone.get_by_role("link", name="Count only Owls").tap()
    assert phone.url.endswith(f"/games/{game_id}/rounds/1?team=0")
    owls = phone.get_by_role("group", name="Owls", exact=True)
    expect(phone.get_by_role("group", name="Foxes", exact=True)).to_have_count(0)
    owls.get_by_role("group", name="On the table").get_by_label("8 to King").fill("14")
    # Owls (one player) hold the 26 cards dealt to them: 14 on the table, 12 left.
    owls.get_by_role("group", name="Left in hands and feet").get_by_label("8 to King").fill("12")
    clean = owls.get_by_label("Clean books")
    assert clean.input_value() == "3"
    clean.fill("2")
    phone.get_by_role("radio", name="No", exact=True).check()
    with phone.expect_navigation():
        phone.get_by_role("button", name=re.compile(r"^Save .*Owls")).click()
    phone.wait_for_url(f"**/games/{game_id}")
    expect(owls_panel.locator(".checklist")).to_contain_text("Clean books: 2 of 2")
    expect(phone.locator("#counting")).to_contain_text("Owls: count saved")
    checks.check("checklist-after-saved-count", settle=False)
    checks.assert_all_passed()


def _phone_running(browser: Any, server: str, script: str) -> Iterator[Page]:
    """A phone's tab that runs ``script`` before each page's own."""
    context = browser.new_context(base_url=server, **PHONE)
    context.add_init_script(script)
    yield context.new_page()
    put_down(context)


@pytest.fixture
def stubbed_wake_lock(browser: Any, server: str) -> Iterator[Page]:
    yield from _phone_running(browser, server, WAKE_LOCK_STUB)


@pytest.fixture
def without_wake_lock(browser: Any, server: str) -> Iterator[Page]:
    yield from _phone_running(browser, server, NO_WAKE_LOCK)


def test_the_screen_is_kept_on_and_asked_again_when_the_page_shows(
        stubbed_wake_lock: Page) -> None:
    page = stubbed_wake_lock
    game_id = new_game(page)
    for address in (f"/games/{game_id}", f"/games/{game_id}/rounds/1"):
        page.goto(address)
        page.wait_for_function("window.wakeRequests.length === 1")
        # Hidden, the browser lets the lock go; shown again, the page asks once more.
        page.evaluate("window.wakeLocks[0].release()")
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function("window.wakeRequests.length === 2")
        assert page.evaluate("window.wakeRequests") == ["screen", "screen"]
        # While the lock is held, showing the page again asks for none.
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_timeout(100)
        assert page.evaluate("window.wakeRequests.length") == 2


def test_nothing_breaks_without_a_wake_lock(without_wake_lock: Page,
                                            screenshots: Path) -> None:
    from playwright.sync_api import expect

    page = without_wake_lock
    checks = PageChecks(page, screenshots, "round-extras-no-wake-lock")
    game_id = new_game(page)
    assert page.evaluate("navigator.wakeLock") is None
    page.goto(f"/games/{game_id}")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    with page.expect_navigation():
        page.get_by_role("button", name="+ clean for Owls").tap()
    expect(page.locator("#team-0 .checklist")).to_contain_text("Clean books: 1 of 2")
    checks.check("round-screen-no-wake-lock")
    checks.assert_all_passed()
