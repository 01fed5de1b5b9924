"""How many taps and keystrokes a whole round takes on a phone: two teams, books tapped on
the round screen during play, then the count, one team by card kinds and the other by
points, until the table lands on the next round. The count is printed; the target is 24."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.scoring import score_round
from handfoot_score.services.tallies import read_tallies

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

MOST_ACTIONS = 24
RULES = "italian"  # one clean and one dirty book to go out
# Owls, one player dealt 11 + 11 cards, go out with all 22 on the table.
OWLS = {"melded": {"twos": 1, "aces": 3, "eight_to_king": 18},
        "books": {"clean": 1, "dirty": 1}, "went_out": True}
FOXES = {"melded": {"points": 230}, "left": {"points": 85}, "books": {"clean": 1}}


class Hands:
    """The player's fingers: every tap, click, character typed and key pressed is counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.actions = 0

    def tap(self, target: Locator) -> None:
        self.actions += 1
        target.tap()

    def type(self, text: str) -> None:
        for character in text:
            self.actions += 1
            self.page.keyboard.type(character)

    def press(self, key: str) -> None:
        self.actions += 1
        self.page.keyboard.press(key)


def points(value: int) -> str:
    return f"{value:+,}".replace("-", "\u2212")


def test_a_round_for_two_teams_takes_at_most_24_taps_and_keys(phone: Page,
                                                              screenshots: Path) -> None:
    from playwright.sync_api import expect

    answer = phone.request.post("/api/v1/games", data={
        "rules": RULES, "teams": [{"name": "Owls"}, {"name": "Foxes"}]})
    game: dict[str, Any] = answer.json()
    phone.goto(f"/games/{game['id']}")
    hands = Hands(phone)

    # During play: each book tapped on the round screen as it is made.
    for team, kind in (("Owls", "clean"), ("Owls", "dirty"), ("Foxes", "clean")):
        button = phone.get_by_role("button", name=f"+ {kind} for {team}")
        form = phone.locator("form", has=button)
        hands.tap(button)
        expect(form).to_contain_text("made: 1")
        phone.wait_for_load_state()

    hands.tap(phone.get_by_role("link", name="Count the round"))
    phone.wait_for_url(f"**/games/{game['id']}/rounds/1")
    hands.tap(phone.get_by_role("radio", name="Owls", exact=True))

    # Owls count card by card: Enter goes on to the next count.
    owls = phone.get_by_role("group", name="Owls", exact=True)
    hands.tap(owls.get_by_role("group", name="On the table").get_by_label("Twos"))
    hands.type("1")
    hands.press("Enter")
    hands.type("3")
    hands.press("Enter")
    hands.type("18")

    # Foxes count their points.
    foxes = phone.get_by_role("group", name="Foxes", exact=True)
    hands.tap(foxes.get_by_label("Count in points instead"))
    hands.tap(foxes.get_by_label("Points on the table"))
    hands.type("230")
    hands.tap(foxes.get_by_label("Points left"))
    hands.type("85")
    expected = score_round(PRESETS[RULES], 1, read_tallies([OWLS, FOXES])).teams
    expect(phone.locator("[data-preview-team='1'] [data-preview=total]")).to_have_text(
        f"{expected[1].total:,}")
    phone.screenshot(path=screenshots / "tap-count-counted.png", full_page=True)

    hands.tap(phone.get_by_role("button", name="Save round 1"))
    phone.wait_for_url(f"**/games/{game['id']}")
    expect(phone.get_by_role("status").filter(has_text="recorded")).to_have_text(
        f"Round 1 recorded — Owls {points(expected[0].total)}, "
        f"Foxes {points(expected[1].total)} · Undo")
    phone.screenshot(path=screenshots / "tap-count-landed.png", full_page=True)
    print(f"\nA round for two teams took {hands.actions} taps and keystrokes "
          f"(target: at most {MOST_ACTIONS}).")
    assert hands.actions <= MOST_ACTIONS
