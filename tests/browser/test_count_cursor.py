"""Where a digit goes on the count page, on a 390 x 844 and a 360 x 740 phone (issue #33): a
digit lands where the cursor is and the cursor moves only when the player moves it, so "7",
"5" typed without Next is 75 in one count and with Next (Enter) is 7 and 5 in two; Enter,
in any count, empty or not, moves to the next count shown and never sends the form; the
keypad's Enter key says "next", and "done" on the last count; one team's own page asks
whether the team went out with nothing chosen, and choosing moves to its first count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import NARROW, PHONE, put_down

#: The counts of the first team on the table, in the page's order, classic rules.
FIRST_COUNTS = ["teams-0-melded_jokers", "teams-0-melded_twos", "teams-0-melded_aces",
                "teams-0-melded_eight_to_king", "teams-0-melded_four_to_seven"]
SHOWN_COUNTS = """() => [...document.querySelectorAll('form.tally .counts input')]
  .filter((input) => input.offsetParent)
  .map((input) => [input.name, input.value, input.getAttribute('enterkeyhint')])"""
FOCUSED = "() => document.activeElement?.name ?? null"


@pytest.fixture(params=["phone", "narrow"])
def held(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Any]:
    """A phone's tab, 390 x 844 or 360 x 740, with JavaScript on."""
    context = browser.new_context(base_url=server,
                                  **(PHONE if request.param == "phone" else NARROW))
    yield context.new_page()
    put_down(context)


def count_page(page: Any, team: int | None = None) -> str:
    """A new classic game of Herons and Kestrels, its first round's count page open (one
    team's own page for ``team``): the game's id."""
    game = page.request.post("/api/v1/games", data={"rules": "classic", "teams": [
        {"name": "Herons", "players": ["Ann", "Bob"]},
        {"name": "Kestrels", "players": ["Cy", "Di"]}]}).json()
    page.goto(f"/games/{game['id']}/rounds/1" + ("" if team is None else f"?team={team}"))
    page.wait_for_load_state("load")
    return str(game["id"])


def values(page: Any) -> dict[str, str]:
    return {name: value for name, value, _hint in page.evaluate(SHOWN_COUNTS)}


def test_seven_then_five_without_next_is_seventy_five_in_one_count(held: Any) -> None:
    count_page(held)
    held.locator(f"input[name='{FIRST_COUNTS[4]}']").tap()
    held.keyboard.type("7")
    held.wait_for_timeout(300)  # as slow as a thumb: nothing may move the cursor meanwhile
    held.keyboard.type("5")
    assert held.evaluate(FOCUSED) == FIRST_COUNTS[4]
    shown = values(held)
    assert shown[FIRST_COUNTS[4]] == "75"
    assert shown["teams-0-left_jokers"] == ""


def test_seven_next_five_is_two_counts(held: Any) -> None:
    count_page(held)
    held.locator(f"input[name='{FIRST_COUNTS[1]}']").tap()
    held.keyboard.type("7")
    held.keyboard.press("Enter")
    held.keyboard.type("5")
    shown = values(held)
    assert (shown[FIRST_COUNTS[1]], shown[FIRST_COUNTS[2]]) == ("7", "5")
    # A count that holds its most still waits for the player: 3 twos stay in the twos.
    held.locator(f"input[name='{FIRST_COUNTS[3]}']").tap()
    held.keyboard.type("3")
    assert held.evaluate(FOCUSED) == FIRST_COUNTS[3]


def test_enter_never_sticks_and_never_sends_the_form(held: Any) -> None:
    count_page(held)
    address = held.url
    held.locator(f"input[name='{FIRST_COUNTS[0]}']").tap()
    held.keyboard.type("3")
    for expected in FIRST_COUNTS[1:4]:  # three Enters, through counts left empty
        held.keyboard.press("Enter")
        assert held.evaluate(FOCUSED) == expected
    held.wait_for_timeout(300)
    assert held.url == address
    assert values(held)[FIRST_COUNTS[0]] == "3"


def test_the_keypads_enter_says_next_and_done_on_the_last_count(held: Any) -> None:
    count_page(held)
    hints = [hint for _name, _value, hint in held.evaluate(SHOWN_COUNTS)]
    assert hints[:-1] == ["next"] * (len(hints) - 1) and hints[-1] == "done", hints
    # Switched to points, the counts shown change and so does the last one.
    held.get_by_label("Count in points instead").last.check()
    hints = [hint for _name, _value, hint in held.evaluate(SHOWN_COUNTS)]
    assert hints.count("done") == 1 and hints[-1] == "done", hints


def test_one_teams_own_page_asks_who_went_out_and_moves_on_when_chosen(held: Any) -> None:
    from playwright.sync_api import expect

    count_page(held, team=1)
    for choice in ("Yes, Kestrels went out", "No"):
        expect(held.get_by_role("radio", name=choice, exact=True)).not_to_be_checked()
    held.get_by_role("radio", name="Yes, Kestrels went out", exact=True).tap()
    assert held.evaluate(FOCUSED) == "teams-1-melded_jokers"


def test_one_teams_score_shows_while_the_other_still_counts(held: Any) -> None:
    """Herons counted whole (30 eight-to-kings on the table, 300 points); Kestrels have typed
    two clean books but not yet their cards: Herons' score shows, Kestrels' is "—"."""
    from playwright.sync_api import expect

    count_page(held)
    held.locator("input[name='teams-0-melded_eight_to_king']").fill("30")
    held.locator("input[name='teams-1-books_clean']").fill("2")
    held.locator("input[name='teams-1-melded_eight_to_king']").fill("5")
    herons, kestrels = (held.locator(f"[data-bar-team='{team}'] [data-bar=total]")
                        for team in (0, 1))
    expect(herons).to_have_text("300")
    expect(kestrels).to_have_text("—")
    expect(held.locator("[data-preview-team='1'] [data-preview=problem]")).to_be_visible()
