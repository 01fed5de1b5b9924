"""How many actions the round a table plays takes to count on a 390 x 844 phone (issue #23's
round to measure with): by kind on one phone, both teams in points, and each team on its own
phone. Books and red threes laid down are tapped on the round screen during play and not
counted; every tap,
keystroke and scroll from the round screen's "Count the round" to the next round screen is.
A scroll counts whenever the next control is off screen or under the keyboard (the bottom
300 px while a count has the focus). The count page's height and the reach of Save are
checked at 360 x 740, 390 x 844 and 1180 x 820, light and dark."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.scoring import score_round
from handfoot_score.services.tallies import read_tallies
from tests.browser.conftest import put_down
from tests.browser.hands import KEYBOARD, Hands, recorded, save, start_count, tap_books

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

RULES = "classic"
OWLS = {"melded": {"jokers": 3, "twos": 6, "aces": 5, "eight_to_king": 28, "four_to_seven": 8},
        "left": {"aces": 1, "eight_to_king": 1}, "books": {"clean": 3, "dirty": 2, "wild": 1},
        "red_threes_down": 3, "went_out": True}
FOXES = {"melded": {"jokers": 1, "twos": 3, "aces": 4, "eight_to_king": 18, "four_to_seven": 9},
         "left": {"jokers": 1, "twos": 1, "aces": 2, "eight_to_king": 6, "four_to_seven": 5,
                  "black_threes": 2},
         "books": {"clean": 1, "dirty": 1}, "red_threes_down": 1}
KINDS = ("jokers", "twos", "aces", "eight_to_king", "four_to_seven", "black_threes")
#: The round as each team would count it in points (what its cards are worth).
IN_POINTS = {"Owls": (690, 30), "Foxes": (415, 205)}
SCORES = (4660, 1110)
#: The floor of a count is its digits plus one move per count typed (the cursor moves only
#: when the player moves it); each way, and each phone of a split, may take at most this
#: many actions more (opening the count, who went out, Save, and one more: issue #33). The
#: round screen's scroll to "Count the round" and its way to one team's count are counted.
ABOVE_FLOOR = 4
SCREENS = {"narrow": (360, 740), "phone": (390, 844), "landscape": (1180, 820)}
#: The played rounds before the one measured: nobody went out, both counted in points...
EARLIER = {"melded": {"points": 400}, "left": {"points": 50}}
#: ... or, at a table that counts by kind, by kind (the count page opens each team the way
#: it counted its last round).
EARLIER_BY_KIND = {"melded": {"eight_to_king": 47}, "left": {"eight_to_king": 5}}


def new_round_three(page: Page, earlier: dict[str, Any] = EARLIER) -> str:
    """A classic game of Owls and Foxes at round 3, its books and red threes laid down
    tapped during play."""
    from playwright.sync_api import expect

    game: dict[str, Any] = page.request.post("/api/v1/games", data={
        "rules": RULES, "teams": [{"name": "Owls"}, {"name": "Foxes"}]}).json()
    for number in (1, 2):
        answer = page.request.post(f"/api/v1/games/{game['id']}/rounds",
                                   data={"round": number, "teams": [earlier, earlier]})
        assert answer.ok, answer.text()
    tap_books(page, str(game["id"]), (OWLS, FOXES))
    page.goto(f"/games/{game['id']}")
    # The red threes as they are laid down, on the round screen.
    for team, (name, tally) in enumerate((("Owls", OWLS), ("Foxes", FOXES))):
        for laid in range(1, tally["red_threes_down"] + 1):
            page.get_by_role("button", name=f"+ red three for {name}").tap()
            expect(page.locator(f"#team-{team} .red-three-count")).to_have_text(
                f"laid down: {laid}")
    page.wait_for_load_state("load")
    return str(game["id"])


def count_by_kind(hands: Hands, team: Locator, tally: dict[str, Any]) -> None:
    """Type a team's cards kind by kind: tap the first count, then on to each next count to
    type (Enter, or a tap on a count further on); the books and red threes laid down are
    filled in from the taps."""
    order = [("On the table", kind, tally["melded"].get(kind, 0)) for kind in KINDS[:5]] + \
        [("Left in hands and feet", kind, tally["left"].get(kind, 0)) for kind in KINDS]
    counted = [(part, kind, count) for part, kind, count in order if count]
    for step, (part, kind, count) in enumerate(counted):
        target = team.get_by_role("group", name=part).locator(f"input[name$='{field(part, kind)}']")
        if step == 0:
            hands.focus(target)
        else:
            hands.move_to(target)
        hands.type(str(count))


def field(part: str, kind: str) -> str:
    """The end of a count's input name."""
    return ("melded_" if part == "On the table" else "left_") + kind


def count_in_points(hands: Hands, team: Locator, name: str, tally: dict[str, Any]) -> None:
    """Type what a team's cards on the table and left are worth: it counted its last round
    in points, so its count opens in points (the red threes laid down come from the taps)."""
    from playwright.sync_api import expect

    expect(team.get_by_label("Count in points instead")).to_be_checked()
    on_table, left = IN_POINTS[name]
    hands.focus(team.get_by_label("Points on the table"))
    hands.type(str(on_table))
    hands.move_to(team.get_by_label("Points left in hands and feet"))
    hands.type(str(left))








def one_phone(page: Page, count: Any, earlier: dict[str, Any]) -> tuple[int, int]:
    """Round 3 counted on one phone, each team by ``count`` (as it counted the rounds
    ``earlier``); its actions and their floor."""
    game_id = new_round_three(page, earlier)
    hands = Hands(page)
    start_count(hands, game_id, 3)
    hands.tap(page.get_by_role("radio", name="Owls", exact=True))
    for name, tally in (("Owls", OWLS), ("Foxes", FOXES)):
        count(hands, page.get_by_role("group", name=name, exact=True), name, tally)
    save(hands, "Save round 3", game_id)
    assert recorded(page, game_id, 3) == SCORES
    return hands.actions, hands.floor


def by_kind(page: Page) -> tuple[int, int]:
    return one_phone(page, lambda hands, team, _name, tally: count_by_kind(hands, team, tally),
                     EARLIER_BY_KIND)


def in_points(page: Page) -> tuple[int, int]:
    return one_phone(page, count_in_points, EARLIER)


def per_phone(owls_page: Page, foxes_page: Page) -> tuple[int, int]:
    """Each team counts on its own phone, from the round screen's "Count one team" row: the
    phone furthest above its floor, its actions and floor."""
    from playwright.sync_api import expect

    game_id = new_round_three(owls_page, EARLIER_BY_KIND)
    foxes_page.goto(f"/games/{game_id}")
    counted = []
    # Each team's own page asks whether it went out, nothing chosen.
    for page, name, tally, went_out in ((foxes_page, "Foxes", FOXES, "No"),
                                        (owls_page, "Owls", OWLS, "Yes, Owls went out")):
        hands = Hands(page)
        hands.tap(page.get_by_role("link", name=f"Count only {name}"))
        page.wait_for_url("**/rounds/3?team=*")
        for choice in ("No", "Yes, Owls went out" if name == "Owls" else "Yes, Foxes went out"):
            expect(page.get_by_role("radio", name=choice, exact=True)).not_to_be_checked()
        hands.tap(page.get_by_role("radio", name=went_out, exact=True))
        count_by_kind(hands, page.get_by_role("group", name=name, exact=True), tally)
        save(hands, f"Save the count for {name}", game_id)
        counted.append((hands.actions - hands.floor, hands.actions, hands.floor))
    assert recorded(owls_page, game_id, 3) == SCORES
    _above, actions, floor = max(counted)
    return actions, floor


@pytest.fixture
def second_phone(browser: Any, server: str) -> Iterator[Page]:
    from tests.browser.conftest import PHONE

    context = browser.new_context(base_url=server, **PHONE)
    yield context.new_page()
    put_down(context)


def test_the_round_to_measure_with_prints_its_actions(phone: Page,
                                                        second_phone: Page) -> None:
    counts = {"by kind": by_kind(phone), "in points": in_points(phone),
              "per phone": per_phone(phone, second_phone)}
    print("\nactions (floor): " + ", ".join(
        f"{way} {actions} ({floor})" for way, (actions, floor) in counts.items()))
    assert score_round(PRESETS[RULES], 3, read_tallies([OWLS, FOXES])).teams[0].total == \
        SCORES[0]
    assert all(actions - floor <= ABOVE_FLOOR for actions, floor in counts.values()), counts


@pytest.fixture(params=[(screen, scheme) for screen in SCREENS for scheme in ("light", "dark")],
                ids=lambda held: f"{held[0]}-{held[1]}")
def held(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Page]:
    """A tab at one size and colour scheme, with JavaScript on."""
    screen, scheme = request.param
    width, height = SCREENS[screen]
    context = browser.new_context(base_url=server, viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=screen != "landscape",
                                  color_scheme=scheme)
    yield context.new_page()
    put_down(context)


#: The count page's height for two teams by kind at round 3, its books tapped, in screens
#: (it was 4.7 on a phone, 5.6 at 360 px and 2.3 on a landscape tablet; the issue asks 2 on
#: a 390 px phone, and 1 on a landscape tablet, checked below as every count in sight).
MOST_SCREENS = {360: 2.6, 390: 2.0, 1180: 1.45}


def test_save_and_the_scores_stay_in_reach_while_counting(held: Page) -> None:
    from playwright.sync_api import expect

    page = held
    game_id = new_round_three(page, EARLIER_BY_KIND)
    page.goto(f"/games/{game_id}/rounds/3")
    size = page.viewport_size
    assert size is not None
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"\ncount page at {size['width']} x {size['height']}: {height} px, "
          f"{height / size['height']:.2f} screens")
    assert height / size["height"] <= MOST_SCREENS[size["width"]]
    save = page.get_by_role("button", name="Save round 3")
    bar = page.locator(".tally-bar")
    # With the keyboard up for the last count, Save and each team's score are still in sight
    # above it, and no scroll was needed to get there.
    last = page.get_by_role("group", name="Foxes", exact=True).get_by_label("Red threes caught")
    last.scroll_into_view_if_needed()
    last.tap()
    last.press_sequentially("1")
    keyboard = KEYBOARD if size["width"] < 700 else 0
    for shown in (save, bar):
        box = shown.bounding_box()
        assert box is not None
        assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"] - keyboard, box
    expect(bar.locator("[data-bar-team='1'] [data-bar=total]")).to_be_in_viewport()
    if size["width"] >= 700:
        teams = [page.locator(f"#team-{team}").bounding_box() for team in (0, 1)]
        assert teams[0] and teams[1] and teams[0]["y"] == teams[1]["y"], "side by side"
        # On a landscape tablet the whole count, Save and every input, is on one screen.
        page.evaluate("scrollTo(0, 0)")
        lowest = page.evaluate("Math.max(...[...document.querySelectorAll('.tally input:not("
                               "[type=hidden])')].map(e => e.getBoundingClientRect().bottom))")
        print(f"lowest input on the landscape tablet: {lowest:.0f} px of {size['height']}")
        assert lowest <= size["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def test_a_second_tap_on_save_lands_nowhere_and_the_notice_shows_once(phone: Page) -> None:
    from playwright.sync_api import expect

    game_id = new_round_three(phone)
    phone.goto(f"/games/{game_id}/rounds/3")
    phone.get_by_role("radio", name="Owls", exact=True).check()
    for name, (on_table, left) in IN_POINTS.items():
        team = phone.get_by_role("group", name=name, exact=True)
        team.get_by_label("Count in points instead").check()
        team.get_by_label("Points on the table").fill(str(on_table))
        team.get_by_label("Points left").fill(str(left))
    for name, tally in (("Owls", OWLS), ("Foxes", FOXES)):
        phone.get_by_role("group", name=name, exact=True).get_by_label(
            "Red threes laid down").fill(str(tally["red_threes_down"]))
    box = phone.get_by_role("button", name="Save round 3").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    phone.touchscreen.tap(x, y)
    for gap in (60, 500):
        phone.wait_for_timeout(gap)
        # Tapped again while the save is on its way: once the round screen is shown, a tap
        # there is a tap on the round screen, not on Save (a quick server gets there first).
        if "/rounds/3" in phone.url:
            phone.touchscreen.tap(x, y)
    phone.wait_for_url(f"**/games/{game_id}")
    phone.wait_for_load_state("networkidle")
    assert phone.url.endswith(f"/games/{game_id}")
    expect(phone.get_by_text("Round 3 recorded")).to_have_count(1)
    assert recorded(phone, game_id, 3) == SCORES


def test_enter_on_a_choice_goes_on_without_reloading(phone: Page) -> None:
    from playwright.sync_api import expect

    game_id = new_round_three(phone, EARLIER_BY_KIND)
    phone.goto(f"/games/{game_id}/rounds/3")
    history = phone.evaluate("history.length")
    owls = phone.get_by_role("radio", name="Owls", exact=True)
    owls.focus()
    phone.keyboard.press("Enter")
    expect(owls).to_be_checked()
    team = phone.get_by_role("group", name="Owls", exact=True)
    expect(team.get_by_role("group", name="On the table").get_by_label("Jokers")).to_be_focused()
    # Owls' points switch is the last of their inputs: Enter goes on to Foxes' first count.
    switch = team.get_by_label("Count in points instead")
    switch.focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("group", name="Foxes", exact=True).get_by_role(
        "group", name="On the table").get_by_label("Jokers")).to_be_focused()
    phone.wait_for_timeout(300)
    assert phone.evaluate("history.length") == history
    assert phone.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert phone.url.endswith(f"/games/{game_id}/rounds/3")


def test_offline_the_scores_say_they_are_not_known(phone: Page) -> None:
    from playwright.sync_api import expect

    game: dict[str, Any] = phone.request.post("/api/v1/games", data={
        "rules": RULES, "teams": [{"name": "Owls"}, {"name": "Foxes"}]}).json()
    phone.goto(f"/games/{game['id']}/rounds/1")
    phone.get_by_role("radio", name="No one: the stock ran out").check()
    owls = phone.get_by_role("group", name="Owls", exact=True)
    aces = owls.get_by_role("group", name="On the table").get_by_label("Aces")
    aces.fill("5")
    total = phone.locator("[data-bar-team='0'] [data-bar=total]")
    expect(total).to_have_text("100")
    phone.context.set_offline(True)
    aces.fill("7")
    expect(total).to_have_text("\u2014")
    expect(phone.locator("[data-preview-team='0'] [data-preview=total]")).to_have_text("\u2014")
    phone.context.set_offline(False)
    aces.fill("6")
    expect(total).to_have_text("120")
