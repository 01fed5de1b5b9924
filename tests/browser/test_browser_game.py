"""A whole game on a phone, as the table plays it: set up the teams, tap books during
each round, count every round by typing the counts, land on the next round after each save
(on the result after the last), correct a round, and read the winner and the totals on the
last page; once with JavaScript and once without."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.scoring import score_round
from handfoot_score.services.tallies import read_tallies
from tests.browser.phone import PageChecks

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

RULES = "italian"
TEAMS = [("Us", ["Ann", "Bob"]), ("Them", ["Cy", "Di"])]
GROUPS = {"melded": "On the table", "left": "Left in hands and feet"}
CARDS = {"jokers": "Jokers", "twos": "Twos", "aces": "Aces", "eight_to_king": "8 to King",
         "four_to_seven": "4 to 7", "black_threes": "Black threes"}
#: A team that makes the books the Italian rules need to go out, and goes out.
GOES_OUT = {"jokers": 1, "twos": 1, "aces": 3, "eight_to_king": 12}

@dataclass(frozen=True)
class Round:
    """One round as the table plays it: books tapped while playing, cards counted after."""

    books: tuple[dict[str, int], dict[str, int]]
    cards: tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]
    went_out: int | None = None

    def tallies(self) -> list[dict[str, Any]]:
        """The teams' tallies as the JSON API would take them, to score with the engine."""
        return [{**cards, "books": books, "went_out": self.went_out == team}
                for team, (books, cards) in enumerate(zip(self.books, self.cards))]


# Each team ends a round holding at least the 44 cards dealt to it (a hand and a foot of 11
# for each of its two players): what it did not meld is still in its hands and feet.
ROUNDS = [
    Round(({"clean": 1, "dirty": 1}, {}),
          ({"melded": GOES_OUT, "left": {"aces": 2, "eight_to_king": 15, "four_to_seven": 10}},
           {"melded": {"aces": 3},
            "left": {"aces": 4, "eight_to_king": 25, "four_to_seven": 12}}), 0),
    Round(({"clean": 1}, {}),
          ({"melded": {"eight_to_king": 7},
            "left": {"twos": 2, "eight_to_king": 20, "four_to_seven": 15}},
           {"melded": {"aces": 3},
            "left": {"jokers": 2, "eight_to_king": 25, "four_to_seven": 14}})),
    Round(({}, {"clean": 1, "dirty": 1}),
          ({"melded": {"aces": 3}, "left": {"aces": 1, "eight_to_king": 22, "four_to_seven": 18}},
           {"melded": GOES_OUT, "left": {"eight_to_king": 12, "four_to_seven": 15}}), 1),
    Round(({}, {}),
          ({"melded": {"eight_to_king": 5}, "left": {"eight_to_king": 20, "four_to_seven": 19}},
           {"melded": {"aces": 3}, "left": {"eight_to_king": 21, "four_to_seven": 20}})),
]
#: Round 2 was miscounted: Us had one more card from 8 to King on the table.
CORRECTED = 2
CORRECTION = Round(ROUNDS[1].books,
                   ({"melded": {"eight_to_king": 8}, "left": ROUNDS[1].cards[0]["left"]},
                    ROUNDS[1].cards[1]))


@dataclass
class Table:
    """A phone at the table, and what it has been shown."""

    page: Page
    checks: PageChecks
    javascript: bool
    taps: int = field(default=0)

    def press(self, target: Locator, name: str | None = None) -> None:
        """Tap a button or link that loads a page, wait for it, and check that page."""
        with self.page.expect_navigation():
            target.tap()
        if name:
            self.checks.check(name, settle=False)

    def tap_book(self, team: str, kind: str) -> None:
        """Tap a book for a team on the round screen and wait until the screen counts it
        (the page may come back from the server, or change in place)."""
        from playwright.sync_api import expect

        button = self.page.get_by_role("button", name=f"+ {kind} for {team}")
        form = self.page.locator("form", has=button)
        made = re.search(r"made:\s*(\d+)", form.text_content() or "")
        assert made, form.text_content()
        if self.javascript:
            button.tap()
        else:
            with self.page.expect_navigation():
                button.tap()
        expect(form).to_contain_text(f"made: {int(made.group(1)) + 1}")
        self.page.wait_for_load_state()

    def type_count(self, field: Locator, count: int) -> None:
        """Type a count into an input, as a thumb does: tap it, clear it, type the digits."""
        self.taps += 1 + len(str(count))
        field.tap()
        field.fill("")
        field.press_sequentially(str(count) if count else "")


def points(value: int) -> str:
    """A score as the pages write it: 1,150 and −40 with a real minus sign."""
    return f"{value:,}".replace("-", "\u2212")


def expected_totals(rounds: list[Round]) -> list[int]:
    """The teams' totals after these rounds, as the rules engine scores them."""
    totals = [0, 0]
    for number, played in enumerate(rounds, start=1):
        scored = score_round(PRESETS[RULES], number, read_tallies(played.tallies()))
        totals = [total + score.total for total, score in zip(totals, scored.teams)]
    return totals


def set_up(table: Table) -> None:
    """From the start page to round 1: choose the rules, name the teams, start."""
    page = table.page
    page.goto("/")
    table.checks.check("home")
    table.press(page.get_by_role("link", name="New game"), "new-game")
    page.get_by_role("combobox", name="Rules").select_option(RULES)
    table.press(page.get_by_role("button", name="Use these rules"), "new-game-rules-chosen")
    for number, (name, players) in enumerate(TEAMS, start=1):
        team = page.get_by_role("group", name=f"Team {number}", exact=True)
        team.get_by_label(f"Team {number}: name").fill(name)
        for place, player in enumerate(players, start=1):
            team.get_by_label(f"Team {number}: player {place}").fill(player)
    table.press(page.get_by_role("button", name="Start the game", exact=True).last, "round-1")


def tap_books(table: Table, played: Round) -> None:
    """Tap each book as it is made during the round, on the round screen."""
    for (team, _), books in zip(TEAMS, played.books):
        for kind, count in books.items():
            for _ in range(count):
                table.tap_book(team, kind)


def count_cards(table: Table, played: Round, team: int, start: dict[str, dict[str, int]]
                ) -> None:
    """Bring one team's card counts from ``start`` to what the round says."""
    box = table.page.get_by_role("group", name=TEAMS[team][0], exact=True)
    for part, group_name in GROUPS.items():
        group = box.get_by_role("group", name=group_name, exact=True)
        for card, label in CARDS.items():
            have = start.get(part, {}).get(card, 0)
            want = played.cards[team].get(part, {}).get(card, 0)
            if want != have:
                table.type_count(group.get_by_label(label, exact=True), want)


def count_round(table: Table, number: int, played: Round,
                start: tuple[dict[str, dict[str, int]], ...] = ({}, {})) -> None:
    """Count a round on the tally page (from ``start`` when correcting it) and save it."""
    page = table.page
    for team in (0, 1):
        count_cards(table, played, team, start[team])
    who = "No one: the stock ran out" if played.went_out is None else TEAMS[played.went_out][0]
    radio = page.get_by_role("radio", name=who, exact=True)
    if start == ({}, {}):
        assert not radio.is_checked(), "who went out starts unanswered"
    radio.check()
    if table.javascript:
        from playwright.sync_api import expect

        # The live preview follows the taps: each team's total after this round.
        expected = expected_totals([*ROUNDS[:number - 1], played])
        for team, total in enumerate(expected):
            preview = page.locator(f"[data-preview-team='{team}'] [data-preview=total_after]")
            expect(preview).to_have_text(points(total))
    table.checks.check(f"round-{number}-counted")
    button = "Save the correction" if start != ({}, {}) else f"Save round {number}"
    table.press(page.get_by_role("button", name=button, exact=True).last,
                f"round-{number}-saved")


def play_game(page: Page, screenshots: Path, axe_page: Page | None = None) -> Table:
    """Play all four rounds; JavaScript is off when an ``axe_page`` is given for it."""
    javascript = axe_page is None
    checks = PageChecks(page, screenshots, "js" if javascript else "nojs", axe_page)
    table = Table(page, checks, javascript)
    set_up(table)
    for number, played in enumerate(ROUNDS, start=1):
        assert page.get_by_role("heading", level=1).inner_text() == f"Round {number} of 4"
        tap_books(table, played)
        table.checks.check(f"round-{number}-books-tapped")
        table.press(page.get_by_role("link", name="Count the round"), f"round-{number}-count")
        count_round(table, number, played)
        # Straight on: the next round's screen (the result after the last), with the scores.
        status = page.get_by_role("status").filter(has_text="recorded")
        assert status.inner_text().startswith(f"Round {number} recorded — {TEAMS[0][0]} ")
        if number < len(ROUNDS):
            assert re.search(r"/games/[^/]+$", page.url), page.url
    assert page.url.endswith("/over")
    return table


def correct_and_finish(table: Table) -> None:
    """From the scoreboard to the last page, correcting a round on the way."""
    page = table.page
    table.press(page.get_by_role("link", name=f"Round {CORRECTED}", exact=True),
                "correct-round")
    old = ROUNDS[CORRECTED - 1]
    count_round(table, CORRECTED, CORRECTION, start=old.cards)
    table.press(page.get_by_role("link", name="Final result"), "game-over-corrected")


def assert_final_page(page: Page) -> None:
    """The last page names the winner and shows both totals, the correction counted."""
    corrected = [*ROUNDS]
    corrected[CORRECTED - 1] = CORRECTION
    totals = expected_totals(corrected)
    assert totals != expected_totals(ROUNDS), "the correction must change the score"
    winner = max(range(2), key=lambda team: totals[team])
    assert totals[0] != totals[1]
    heading = page.get_by_role("heading", level=1).inner_text()
    assert heading == f"Winner: {TEAMS[winner][0]}, with {points(totals[winner])}"
    text = " ".join(page.locator("main").inner_text().split())
    for (name, _), total in zip(TEAMS, totals):
        assert f"{name} Total {points(total)}" in text or \
            f"Total {points(totals[0])} {points(totals[1])}" in text, (name, total, text)


def test_a_whole_game_on_a_phone(phone: Page, screenshots: Path) -> None:
    table = play_game(phone, screenshots)
    correct_and_finish(table)
    assert_final_page(phone)
    assert table.taps > 20, "the counts were typed, tap by tap"
    table.checks.assert_all_passed()


def test_a_whole_game_on_a_phone_without_javascript(
        phone_without_js: Page, axe_page: Page, screenshots: Path) -> None:
    table = play_game(phone_without_js, screenshots, axe_page)
    correct_and_finish(table)
    assert_final_page(phone_without_js)
    table.checks.assert_all_passed()
