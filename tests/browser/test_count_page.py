"""The count page cannot record half a round by accident, and says what is wrong in a
player's words: on a phone (390 x 844) and a tablet upright (820 x 1180) and on its side
(1180 x 820), light and dark, with axe-core finding nothing; and on a phone without
JavaScript."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import put_down
from tests.browser.phone import PageChecks

if TYPE_CHECKING:
    from playwright.sync_api import Page

SCREENS = {"phone": (390, 844), "tablet": (820, 1180), "landscape": (1180, 820)}
RULES = "italian"  # one clean and one dirty book to go out


@pytest.fixture(params=[(screen, scheme) for screen in SCREENS for scheme in ("light", "dark")],
                ids=lambda held: f"{held[0]}-{held[1]}")
def held(request: pytest.FixtureRequest, browser: Any, server: str
         ) -> Iterator[tuple[Page, str]]:
    """A tab at one size and colour scheme, with JavaScript on; and its name."""
    screen, scheme = request.param
    width, height = SCREENS[screen]
    context = browser.new_context(base_url=server, viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=screen == "phone",
                                  color_scheme=scheme)
    yield context.new_page(), f"{screen}-{scheme}"
    put_down(context)


def new_game(page: Page) -> str:
    answer = page.request.post("/api/v1/games", data={
        "rules": RULES, "teams": [{"name": "Owls"}, {"name": "Foxes"}]})
    game_id: str = answer.json()["id"]
    return game_id


def covered_inputs(page: Page) -> list[str]:
    """Inputs that a score preview (or anything fixed or sticky) lies over."""
    found: list[str] = page.evaluate("""() => {
      const boxes = [...document.querySelectorAll('.tally-preview, .tally-warnings')]
        .map((el) => el.getBoundingClientRect());
      const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom &&
        b.top < a.bottom;
      return [...document.querySelectorAll('.counts input')]
        .filter((input) => input.getClientRects().length)
        .filter((input) => boxes.some((box) => over(box, input.getBoundingClientRect())))
        .map((input) => input.name);
    }""")
    return found


def test_the_count_page_saves_only_a_whole_answered_round(held: tuple[Page, str],
                                                          screenshots: Path) -> None:
    from playwright.sync_api import expect

    page, name = held
    checks = PageChecks(page, screenshots, f"count-{name}")
    game_id = new_game(page)
    page.goto(f"/games/{game_id}/rounds/1")
    radios = page.get_by_role("group", name="Who went out?").get_by_role("radio")
    assert radios.count() == 3
    assert not any(radios.nth(i).is_checked() for i in range(3)), "nothing is pre-chosen"
    checks.check("empty")

    # Count fields start empty, so 6 typed is 6; Enter goes on, and saves nothing.
    owls = page.get_by_role("group", name="Owls", exact=True)
    jokers = owls.get_by_role("group", name="On the table").get_by_label("Jokers")
    jokers.fill("")
    jokers.press_sequentially("1")
    assert jokers.input_value() == "1"
    jokers.press("Enter")
    twos = owls.get_by_role("group", name="On the table").get_by_label("Twos")
    expect(twos).to_be_focused()
    assert page.url.endswith(f"/games/{game_id}/rounds/1")
    twos.press_sequentially("6")
    twos.press("Enter")
    expect(page.locator("[data-preview-team='0'] [data-preview=total]")).to_have_text("170")
    assert covered_inputs(page) == []

    # A reload loses nothing typed: it is kept on the phone, by game, round and version.
    page.reload()
    assert (jokers.input_value(), twos.input_value()) == ("1", "6")
    assert page.evaluate("(key) => localStorage.getItem(key)", f"tally:{game_id}:1:new")

    # Save unanswered: refused, naming the field.
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("alert").first).to_contain_text(
        "Who went out: Choose a team, or “No one: the stock ran out”.")
    checks.check("who-went-out-unanswered")

    # Answered, but Foxes counted nothing: asked once, then saved.
    page.get_by_role("radio", name="No one: the stock ran out").check()
    expect(page.locator("#tally-warnings")).to_contain_text("No team went out")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#notice")).to_contain_text("Nothing is counted for Foxes")
    assert "save anyway?" in page.locator("#notice").inner_text()
    checks.check("nothing-counted-asked")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    page.wait_for_url(f"**/games/{game_id}")
    expect(page.get_by_role("status").filter(has_text="recorded")).to_contain_text(
        "Round 1 recorded — Owls +170, Foxes 0 · Undo")
    checks.check("recorded")

    # The next round's count page starts empty again, and what was kept on the phone for
    # round 1 went with the save.
    kept = f"tally:{game_id}:1:new"
    page.goto(f"/games/{game_id}/rounds/2")
    assert page.get_by_role("group", name="Owls", exact=True).get_by_role(
        "group", name="On the table").get_by_label("Jokers").input_value() == ""
    assert page.evaluate("(key) => localStorage.getItem(key)", kept) is None
    checks.assert_all_passed()


def test_problems_sit_on_their_field_in_a_players_words(held: tuple[Page, str],
                                                        screenshots: Path) -> None:
    from playwright.sync_api import expect

    page, name = held
    checks = PageChecks(page, screenshots, f"count-words-{name}")
    game_id = new_game(page)
    page.request.post(f"/api/v1/games/{game_id}/books",
                      data={"team": 1, "kind": "clean", "change": 1, "seen": 0})
    page.goto(f"/games/{game_id}/rounds/1")
    page.get_by_role("radio", name="Foxes").check()
    foxes = page.get_by_role("group", name="Foxes", exact=True)
    foxes.get_by_role("group", name="On the table").get_by_label("Aces").fill("3")
    page.get_by_role("group", name="Owls", exact=True).get_by_role(
        "group", name="On the table").get_by_label("Aces").fill("3")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text(
        "Foxes — Jokers on the table: The books counted need at least 7 natural cards")
    expect(summary).to_contain_text(
        "Foxes — Dirty books: Going out in round 1 needs 1 dirty book: 1 more dirty book is "
        "missing")
    assert "team 1" not in summary.inner_text().lower()
    assert "team 2" not in summary.inner_text().lower()
    jokers = foxes.get_by_role("group", name="On the table").get_by_label("Jokers")
    expect(jokers).to_have_attribute("aria-invalid", "true")
    checks.check("problems")
    checks.assert_all_passed()


def test_without_javascript_enter_only_shows_the_score(
        phone_without_js: Page, axe_page: Page, screenshots: Path) -> None:
    from playwright.sync_api import expect

    page = phone_without_js
    checks = PageChecks(page, screenshots, "count-nojs", axe_page)
    game_id = new_game(page)
    page.goto(f"/games/{game_id}/rounds/1")
    jokers = page.get_by_role("group", name="Owls", exact=True).get_by_role(
        "group", name="On the table").get_by_label("Jokers")
    jokers.fill("2")
    with page.expect_navigation():
        jokers.press("Enter")
    # Without scripts the page stands at the address it was shown again from.
    assert page.url.endswith(f"/games/{game_id}/rounds/1/show")
    expect(page.locator("[data-preview-team='0'] [data-preview=total]")).to_have_text("100")
    checks.check("enter-shows-score")
    answer = page.request.get(f"/api/v1/games/{game_id}")
    assert answer.json()["rounds"] == []
    page.get_by_role("radio", name="No one: the stock ran out").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#notice")).to_contain_text("Nothing is counted for Foxes")
    checks.check("asked")
    checks.assert_all_passed()


def test_a_long_team_name_is_never_covered_by_its_points_switch(browser: Any,
                                                                 server: str) -> None:
    """Teams side by side (a tablet on its side, or a narrower one): the switch to count in
    points sat over the right end of the name's line, so "Starlings of the Marsh" lost its
    last word (900 px wide, in Gaelic, whose switch is longest, "Kestrels" lost letters); it now
    goes below the name when both do not fit."""
    names = ["Starlings of the Marsh", "The Grandmothers of Kirkwall"]
    setup = browser.new_context(base_url=server)
    game_id = setup.request.post("/api/v1/games", data={
        "rules": RULES, "teams": [{"name": name} for name in names]}).json()["id"]
    setup.close()
    for language in ("en", "gd"):
        for width in (1180, 900):
            context = browser.new_context(base_url=server, locale=language,
                                          viewport={"width": width, "height": 820})
            page = context.new_page()
            page.goto(f"/games/{game_id}/rounds/1")
            covered = page.evaluate("""() => [...document.querySelectorAll('.tally-team')]
              .filter((team) => {
                const words = document.createRange();
                words.selectNodeContents(team.querySelector('legend'));
                const name = words.getBoundingClientRect();
                const switched = team.querySelector('.tally-switch').getBoundingClientRect();
                return name.right > switched.left && switched.right > name.left &&
                  name.bottom > switched.top && switched.bottom > name.top;
              }).map((team) => team.querySelector('legend').textContent)""")
            assert covered == [], (language, width)
            put_down(context)
