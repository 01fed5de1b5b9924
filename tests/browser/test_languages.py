"""The app in each of its languages on a phone: every page fits 360 px and passes axe-core
with ``<html lang>`` set to the phone's language, and one round is played start to finish in
German and in Japanese at 390 x 844, photographed at every step.

The rounds are played by what the pages are made of (field names, links, buttons' values),
not by their English words, so the same steps work in any language; what the pages say is
checked against the catalogues (``handfoot_score.languages.i18n``) and the numbers against Babel.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from babel.numbers import format_decimal

from handfoot_score.languages.i18n import LOCALES
from tests.browser.conftest import NARROW, PHONE, put_down
from tests.browser.phone import PageChecks
from tests.browser.test_browser_game import ROUNDS, expected_totals
from tests.browser.test_browser_pages import page_addresses, screenshot_name  # noqa: F401

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

#: The round both languages play, the whole game's first: Us make a clean and a dirty book
#: and go out; Them meld three aces; each team holds the 44 cards dealt to it.
PLAYED = ROUNDS[0]
TEAMS = [("Uns", ["Anna", "Bernd"]), ("Sie", ["Carla", "Dieter"])]


def written(value: int, locale: str) -> str:
    """A score as the pages write it in ``locale``: grouped the local way, a real minus."""
    return format_decimal(value, locale=locale).replace("-", "\u2212")


def press(page: Page, target: Locator) -> None:
    """Tap something that loads a page, and wait for that page."""
    with page.expect_navigation():
        target.tap()


def assert_in(page: Page, locale: str) -> None:
    """The page says it is in ``locale``, and its main heading is in that language."""
    assert page.locator("html").get_attribute("lang") == locale, page.url


def play_one_round(page: Page, checks: PageChecks, locale: str) -> None:
    """From the start page to round 2: set up a game, tap a book, count round 1, save."""
    page.goto("/")
    assert_in(page, locale)
    checks.check("home")
    press(page, page.locator("main a[href='/games/new']").first)
    checks.check("new-game")
    page.locator("select[name=rules_choice]").select_option("italian")
    press(page, page.locator("button[name=action][value=load_rules]"))
    for team, (name, players) in enumerate(TEAMS):
        page.locator(f"input[name=teams-{team}-name]").fill(name)
        for place, player in enumerate(players):
            page.locator(f"input[name=teams-{team}-players-{place}]").fill(player)
    checks.check("new-game-filled")
    press(page, page.locator("button[name=action][value=start]:visible").last)
    assert re.search(r"/games/[^/]+$", page.url), page.url
    assert_in(page, locale)
    checks.check("round-1")

    for kind in PLAYED.books[0]:
        book = page.locator("form.book-form", has=page.locator("input[name=team][value='0']"))\
            .filter(has=page.locator(f"input[name=kind][value={kind}]"))
        book.locator(".book-plus").tap()
        page.wait_for_load_state("networkidle")
    checks.check("round-1-books-tapped")

    press(page, page.locator("a[href$='/rounds/1']").first)
    assert_in(page, locale)
    from playwright.sync_api import expect

    for team, cards in enumerate(PLAYED.cards):
        for part, counts in cards.items():
            for card, count in counts.items():
                field = page.locator(f"input[name=teams-{team}-{part}_{card}]")
                field.tap()
                field.fill("")
                field.press_sequentially(str(count))
                expect(field).to_have_value(str(count))
    page.locator("#went_out-0").check()
    totals = expected_totals([PLAYED])
    for team, total in enumerate(totals):
        preview = page.locator(f"[data-preview-team='{team}'] [data-preview=total_after]")
        expect(preview).to_have_text(written(total, locale))
    checks.check("round-1-counted")
    press(page, page.locator("form.tally button.button-big"))
    assert_in(page, locale)
    status = page.get_by_role("status").first.inner_text()
    # "Round 1 recorded" in the page's language, with the totals written its way.
    assert written(totals[0], locale) in status, status
    assert "recorded" not in status, status
    checks.check("round-2")


@pytest.mark.parametrize("locale", ["de", "ja"])
def test_a_round_played_in(browser: Any, server: str, screenshots: Path, locale: str) -> None:
    context = browser.new_context(base_url=server, locale=locale, **PHONE)
    page = context.new_page()
    checks = PageChecks(page, screenshots, f"lang-{locale}")
    try:
        play_one_round(page, checks, locale)
    finally:
        put_down(context)
    checks.assert_all_passed()


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
def test_every_page_in_each_language_fits_a_phone_and_passes_axe(
        browser: Any, server: str, page_addresses: list[str],  # noqa: F811
        screenshots: Path, locale: str) -> None:
    context = browser.new_context(base_url=server, locale=locale, **NARROW)
    page = context.new_page()
    checks = PageChecks(page, screenshots, f"lang-{locale}-page")
    try:
        for url in page_addresses:
            response = page.goto(url)
            assert response is not None and response.status < 500, url
            assert_in(page, locale)
            checks.check(screenshot_name(url), settle=False)
    finally:
        put_down(context)
    checks.assert_all_passed()


def test_the_language_picked_at_the_foot_of_a_page_stays_without_javascript(
        browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, locale="en-GB", java_script_enabled=False,
                                  **PHONE)
    page = context.new_page()
    try:
        page.goto("/rules")
        assert_in(page, "en")
        page.locator("footer .language-pick summary").tap()
        press(page, page.locator("footer button[name=language][value=gd]"))
        assert page.url.endswith("/rules"), page.url
        assert_in(page, "gd")
        page.goto("/leagues")
        assert_in(page, "gd")
        assert page.locator("footer button[value=gd]").get_attribute("aria-current") == "true"
    finally:
        put_down(context)


def test_japanese_is_drawn_in_a_face_from_the_japanese_font_stack(
        browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, locale="ja", **PHONE)
    page = context.new_page()
    try:
        page.goto("/rules")
        assert_in(page, "ja")
        heading = page.locator("main h1")
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", heading.inner_text()), \
            heading.inner_text()
        cdp = context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "main h1"})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        put_down(context)
    # Debian's fonts-noto-cjk (installed by .ci/run) is "Noto Sans CJK JP" in the stack.
    names = {font["familyName"] for font in fonts}
    assert any("CJK" in name for name in names), fonts
