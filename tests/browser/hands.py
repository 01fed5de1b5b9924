"""A player's fingers on a phone, counting actions as the count page's action tests measure
them (issue #33): every tap, keystroke and scroll is one; a scroll counts whenever the next
control is off screen or under the keyboard (the bottom ``KEYBOARD`` px while a count has
the focus). The floor of a count is its digits plus one move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

KEYBOARD = 300


class Hands:
    """A player's fingers on a phone: each tap, key and needed scroll is one action."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.actions = 0
        #: The digits typed and one move per count typed: what no page can go below.
        self.floor = 0
        #: What each action was, for a failing test's message.
        self.log: list[str] = []

    def _keyboard_up(self) -> bool:
        up: bool = self.page.evaluate(
            "() => !!document.activeElement?.matches('input[type=number]')")
        return up

    def reach(self, target: Locator) -> None:
        """Scroll (one action) if the target is off screen or under the keyboard."""
        box = target.bounding_box()
        assert box is not None
        height = self.page.viewport_size["height"] if self.page.viewport_size else 844
        bottom = height - (KEYBOARD if self._keyboard_up() else 0)
        if box["y"] < 0 or box["y"] + box["height"] > bottom:
            self.actions += 1
            self.log.append("scroll")
            target.evaluate("e => e.scrollIntoView({block: 'center'})")

    def tap(self, target: Locator) -> None:
        # A player looks before tapping: the score below a count may have just grown.
        self.page.wait_for_timeout(400)
        self.reach(target)
        self.actions += 1
        self.log.append(f"tap {target.get_attribute('name') or target.text_content()}")
        target.tap()

    def focus(self, target: Locator) -> None:
        """Tap a count, unless it has the cursor already (choosing who went out before
        counting moves it to the first count)."""
        if not target.evaluate("e => e === document.activeElement"):
            self.tap(target)

    def move_to(self, target: Locator) -> None:
        """Go on to the target count as a player would: Enter if it is the next count shown
        (Enter never skips a count), else a tap on it (with a scroll if it is out of
        sight)."""
        if target.evaluate("e => e === document.activeElement"):
            return
        after = self.page.evaluate("""() => {
          const shown = [...document.querySelectorAll('form.tally .counts input')]
            .filter((input) => input.offsetParent);
          return shown[shown.indexOf(document.activeElement) + 1]?.name ?? null; }""")
        if after == target.get_attribute("name"):
            self.enter()
            assert target.evaluate("e => e === document.activeElement"), "Enter did not move on"
        else:
            self.tap(target)

    def type(self, text: str) -> None:
        """Type a count's digits where the cursor is (the floor: its digits and the move to
        it)."""
        self.floor += len(text) + 1
        for character in text:
            self.actions += 1
            self.page.keyboard.type(character)
        self.log.append(text)

    def enter(self, times: int = 1) -> None:
        for _press in range(times):
            self.actions += 1
            self.log.append("Enter")
            self.page.keyboard.press("Enter")


def start_count(hands: Hands, game_id: str, number: int) -> None:
    """Tap the round screen's "Count the round" (with a scroll if it is out of sight)."""
    hands.tap(hands.page.get_by_role("link", name="Count the round"))
    hands.page.wait_for_url(f"**/games/{game_id}/rounds/{number}")


def save(hands: Hands, name: str, game_id: str) -> None:
    """Tap the count's Save button called ``name``; on to the round screen."""
    hands.tap(hands.page.get_by_role("button", name=name))
    hands.page.wait_for_url(f"**/games/{game_id}")


def recorded(page: Page, game_id: str, rounds: int) -> tuple[int, ...]:
    """Each team's score in the last of the game's ``rounds`` recorded rounds."""
    state = page.request.get(f"/api/v1/games/{game_id}").json()
    assert len(state["rounds"]) == rounds
    return tuple(team["total"] for team in state["rounds"][-1]["teams"])


def tap_books(page: Page, game_id: str, tallies: Sequence[dict[str, Any]]) -> None:
    """Each team's books of its tally (``{"books": {kind: made}}``) tapped during play, one
    tap a book, as the round screen's buttons send them."""
    for team, tally in enumerate(tallies):
        for kind, made in tally["books"].items():
            for seen in range(made):
                answer = page.request.post(f"/api/v1/games/{game_id}/books", data={
                    "team": team, "kind": kind, "change": 1, "seen": seen})
                assert answer.ok, answer.text()
