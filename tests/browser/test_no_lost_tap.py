"""No tap is lost in silence (issue #33): after a save the page it opens takes no tap for a
moment (a second tap on Save must not land on its controls), and says so while it waits;
after an Undo, a Save tapped at once on the count page it opens is taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

TEAMS = [{"name": "Owls", "players": ["Ann", "Bob"]}, {"name": "Foxes", "players": ["Cy", "Di"]}]


def save_round_one(phone: Page) -> str:
    """A new classic game whose first round is counted and saved on its count page: its id,
    the round screen shown."""
    game = phone.request.post("/api/v1/games", data={"rules": "classic", "teams": TEAMS}).json()
    phone.goto(f"/games/{game['id']}/rounds/1")
    phone.get_by_role("radio", name="No one: the stock ran out").check()
    for team in (0, 1):
        phone.locator(f"input[name='teams-{team}-melded_eight_to_king']").fill("30")
        phone.locator(f"input[name='teams-{team}-left_four_to_seven']").fill("22")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Save round 1").tap()
    phone.wait_for_url(f"**/games/{game['id']}")
    return str(game["id"])


def test_the_page_a_save_opens_says_it_is_holding_taps(phone: Page) -> None:
    from playwright.sync_api import expect

    save_round_one(phone)
    note = phone.get_by_role("status").filter(has_text="One moment")
    expect(note).to_have_text("Saved. One moment: this page takes taps in a second.")
    expect(note).to_be_visible()
    # Then it goes, and a tap is taken.
    expect(note).to_have_count(0, timeout=2000)
    assert phone.evaluate("document.documentElement.classList.contains('settling')") is False


def test_a_save_tapped_at_once_after_undo_is_taken(phone: Page) -> None:
    from playwright.sync_api import expect

    game_id = save_round_one(phone)
    undo = phone.get_by_role("button", name="Undo")
    expect(phone.locator(".settling-note")).to_have_count(0, timeout=2000)
    with phone.expect_navigation():
        undo.tap()
    phone.wait_for_url(f"**/games/{game_id}/rounds/1")
    assert phone.request.get(f"/api/v1/games/{game_id}").json()["rounds"] == []
    # The count as it was, tapped at once: the page Undo opened takes the tap.
    save = phone.get_by_role("button", name="Save round 1")
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    assert box is not None
    with phone.expect_navigation():
        phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.wait_for_url(f"**/games/{game_id}")
    assert len(phone.request.get(f"/api/v1/games/{game_id}").json()["rounds"]) == 1
