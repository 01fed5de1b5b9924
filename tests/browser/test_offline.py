"""The installable app: its manifest and icons, and the service worker that keeps the last copy
of each game page this phone opened, so the round screen and the scoreboard still show with
the network gone, marked with when they were fetched; a save offline is never queued."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask.testing import FlaskClient

from tests.browser.conftest import PHONE, put_down
from tests.browser.phone import PageChecks

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

US = {"melded": {"points": 230}, "left": {"points": 85}}
THEM = {"melded": {"points": 105}, "left": {"points": 40}}
MARK = re.compile(r"offline — last updated (\d\d):(\d\d)")


@pytest.fixture
def context(browser: Any, server: str) -> Iterator[BrowserContext]:
    """A phone of its own, so no other test's service worker or copies are in it."""
    context = browser.new_context(base_url=server, **PHONE)
    yield context
    put_down(context)


def game_with_one_round(page: Page) -> str:
    """A classic game of Us and Them with round 1 recorded (Us 145, Them 65): its id."""
    created = page.request.post("/api/v1/games", data={
        "rules": "classic", "teams": [{"name": "Us"}, {"name": "Them"}]})
    assert created.ok
    game_id: str = created.json()["id"]
    recorded = page.request.post(f"/api/v1/games/{game_id}/rounds",
                                 data={"round": 1, "teams": [US, THEM]})
    assert recorded.ok, recorded.text()
    return game_id


def wait_until_kept(page: Page, path: str) -> None:
    """Wait until the service worker holds a copy of ``path``."""
    page.wait_for_function("(path) => caches.match(new URL(path, location.href).href)"
                           ".then((kept) => !!kept)", arg=path, timeout=10_000)


def version(page: Page, game_id: str) -> int:
    """The game's version as the server has it now."""
    answer = page.request.get(f"/api/v1/games/{game_id}")
    assert answer.ok
    number: int = answer.json()["version"]
    return number


def test_the_service_worker_is_served_from_the_root_and_always_revalidated(
        client: FlaskClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.cache_control.no_cache
    assert b'addEventListener("fetch"' in answer.data
    again = client.get("/sw.js", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    page = client.get("/rules").get_data(as_text=True)
    script = r'<script src="/static/js/offline.js\?v=\w+" data-worker="/sw.js" defer>'
    assert re.search(script, page)


def test_the_manifest_names_the_app_and_its_icons(context: BrowserContext) -> None:
    page = context.new_page()
    page.goto("/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href and href.startswith("/static/manifest.webmanifest?v=")
    manifest = page.request.get(href)
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert data["short_name"] and data["name"] and data["theme_color"] and data["background_color"]
    kinds = set()
    for icon in data["icons"]:
        image = page.request.get("/static/" + icon["src"])
        assert image.ok and image.headers["content-type"] == "image/png", icon
        size = int.from_bytes(image.body()[16:20], "big")  # the PNG header's width
        assert icon["sizes"] == f"{size}x{size}"
        kinds.add((size, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= kinds
    schemes = page.locator("meta[name=theme-color]")
    assert [schemes.nth(i).get_attribute("media") for i in range(schemes.count())] == [
        "(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]


def test_offline_the_round_screen_and_scoreboard_still_show_the_game(
        context: BrowserContext, screenshots: Path) -> None:
    page = context.new_page()
    checks = PageChecks(page, screenshots, "service-worker")
    game_id = game_with_one_round(page)
    round_screen, scoreboard = f"/games/{game_id}", f"/games/{game_id}/scoreboard"
    count_page = f"/games/{game_id}/rounds/2"

    page.goto(round_screen)
    registration = page.evaluate(
        "navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
    assert registration.endswith("/sw.js")
    # The first page came before the worker: it is handed over to be kept all the same.
    wait_until_kept(page, round_screen)
    page.goto(scoreboard)
    wait_until_kept(page, scoreboard)
    page.goto(count_page)
    wait_until_kept(page, count_page)
    assert page.locator("#offline-mark").count() == 0, "online, pages are not marked"
    before = version(page, game_id)

    context.set_offline(True)
    for path in (scoreboard, round_screen):
        page.goto(path)
        mark = page.locator("#offline-mark")
        assert mark.is_visible()
        hours, minutes = MARK.fullmatch(mark.inner_text().strip()).groups()  # type: ignore[union-attr]
        now = page.evaluate("[new Date().getHours(), new Date().getMinutes()]")
        # Minutes since the copy was fetched, by the phone's clock (past midnight too).
        assert ((now[0] * 60 + now[1]) - (int(hours) * 60 + int(minutes))) % (24 * 60) <= 2
        text = page.locator("main").inner_text()
        assert "Us" in text and "145" in text and "Them" in text and "65" in text, text
        checks.check("scoreboard" if path == scoreboard else "round-screen")
    page.reload()
    assert page.locator("#offline-mark").is_visible(), "a reload offline shows the copy again"

    # A page this phone never kept says so, and links the game pages it keeps.
    page.goto("/rules")
    assert page.locator("h1").inner_text() == "No connection"
    kept = page.locator("main a")
    assert {kept.nth(i).get_attribute("href").removeprefix(page.url.split("/rules")[0])
            for i in range(kept.count())} == {round_screen, scoreboard, count_page}
    checks.check("no-copy")

    page.goto(count_page)
    notice = page.locator("#offline-notice")
    assert notice.inner_text() == ("No connection — what you type is kept on this phone and "
                                   "will save when the connection returns")
    checks.check("count-page")

    # A save with the network gone fails at once and is not kept to be sent later.
    sent = page.evaluate("""(url) => fetch(url, {method: 'POST', body: new URLSearchParams(
        {team: '0', kind: 'clean', change: '1', seen: '0'})}).then(() => 'sent', () => 'failed')""",
                         f"/games/{game_id}/books")
    assert sent == "failed"
    context.set_offline(False)
    assert notice.count() == 0 or not notice.is_visible(), "the notice goes with the outage"
    page.goto(round_screen)
    assert page.locator("#offline-mark").count() == 0
    assert version(page, game_id) == before, "nothing was sent when the connection came back"
    checks.assert_all_passed()


def test_the_count_page_says_when_the_connection_drops(context: BrowserContext) -> None:
    page = context.new_page()
    game_id = game_with_one_round(page)
    page.goto(f"/games/{game_id}/rounds/2")
    context.set_offline(True)
    notice = page.locator("#offline-notice")
    notice.wait_for()
    assert notice.get_attribute("role") == "status"
    assert "will save when the connection returns" in notice.inner_text()
    context.set_offline(False)
    notice.wait_for(state="detached")
