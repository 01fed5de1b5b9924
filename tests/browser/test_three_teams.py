"""Many teams, long names and deep totals on the score sheet, in Chromium: the round screen and
the scoreboard at 360 x 740, 390 x 844 and 1180 x 820, light and dark, with three teams named
"Greens United", "Owls of Mull" and "Foxes of Skye" and a total of −17,355; two teams with
long names; four and six teams; the header at 360 px; the charts in the dark (issue #23)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import put_down

DEVICES: dict[str, dict[str, Any]] = {
    "narrow": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "tablet-landscape": {"viewport": {"width": 1180, "height": 820}, "is_mobile": False},
}
#: Red threes caught in hand cost 5,000 each here: a team can sink to −17,355 in one round.
DEEP_RULES = {"base": "classic", "red_three": {"down": 100, "left": 5000}}
NAMES = ["Greens United", "Owls of Mull", "Foxes of Skye", "Badgers", "Stoats Rule", "Hares"]
#: Going out: 3,870 (the round of docs/table/counting.md).
OUT = {"melded": {"jokers": 4, "twos": 5, "aces": 4, "eight_to_king": 17, "four_to_seven": 5},
       "left": {"black_threes": 1}, "books": {"clean": 2, "dirty": 2, "wild": 1},
       "red_threes_down": 1, "went_out": True}
#: Caught with three red threes and 2,355 in hand: −17,355.
CAUGHT = {"melded": {"points": 0}, "left": {"points": 2355}, "red_threes_left": 3}
SMALLEST_TOTAL_PX = 24


def counted(points: int, left: int = 0) -> dict[str, Any]:
    """A team's tally counted in piles."""
    return {"melded": {"points": points}, "left": {"points": left}}


#: Two rounds for up to six teams: the totals are 5,610, −13,485, 1,160, 350, 25 and −65.
ROUNDS = [[OUT, CAUGHT, counted(1200), counted(300), counted(5), counted(0, 95)],
          [counted(1740), OUT, counted(0, 40), counted(50), counted(20), counted(30)]]
TOTALS = ["5,610", "−13,485", "1,160", "350", "25", "−65"]


@dataclass(frozen=True)
class Held:
    """A tab on a device, in one colour scheme."""

    page: Any
    device: str
    scheme: str

    @property
    def width(self) -> int:
        """The screen's width: a phone's page may grow wider than it, and then scrolls."""
        return int(DEVICES[self.device]["viewport"]["width"])


@pytest.fixture(params=[(device, scheme) for device in DEVICES for scheme in ("light", "dark")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def device(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Held]:
    """A tab on each device, in each colour scheme."""
    name, scheme = request.param
    context = browser.new_context(base_url=server, color_scheme=scheme, device_scale_factor=1,
                                  **DEVICES[name])
    yield Held(context.new_page(), name, scheme)
    put_down(context)


def game_of(page: Any, teams: int) -> str:
    """A game of ``teams`` teams with two rounds recorded, through the JSON API: its id."""
    game = page.request.post("/api/v1/games", data={
        "rules": DEEP_RULES,
        "teams": [{"name": name, "players": [f"{name[:2]}1", f"{name[:2]}2"]}
                  for name in NAMES[:teams]]}).json()
    for tallies in ROUNDS:
        answer = page.request.post(f"/api/v1/games/{game['id']}/rounds",
                                   data={"teams": tallies[:teams]})
        assert answer.ok, answer.text()
    return str(game["id"])


#: Each total on the sheet: its box, the box of its number's text, how many lines the number
#: takes, and its font size.
_TOTALS = """() => [...document.querySelectorAll('.sheet-total')].map((el) => {
  const box = el.getBoundingClientRect();
  const number = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).pop();
  const range = document.createRange();
  range.selectNodeContents(number);
  const text = range.getBoundingClientRect();
  return {number: number.textContent.trim(), left: box.left, right: box.right, top: box.top,
          bottom: box.bottom, text_left: text.left, text_right: text.right,
          lines: range.getClientRects().length, size: parseFloat(getComputedStyle(el).fontSize)};
})"""

#: Every word of the given elements that is broken over two lines.
_BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""

#: Every cell of the rounds whose number runs out of its cell.
_SPILLING_CELLS = """() => [...document.querySelectorAll('.score-sheet td.num')].filter((el) => {
  const box = el.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(el);
  const text = range.getBoundingClientRect();
  return text.width && (text.left < box.left - .5 || text.right > box.right + .5);
}).map((el) => el.textContent.trim())"""


def overlapping(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Each pair of boxes that overlap by more than half a pixel."""
    return [(a["number"], b["number"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if min(a["right"], b["right"]) - max(a["left"], b["left"]) > .5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > .5]


def sideways(held: Held) -> int:
    """How far the page is wider than the screen: 0 when it fits."""
    return max(0, int(held.page.evaluate("document.documentElement.scrollWidth")) - held.width)


def check_sheet(held: Held, teams: int, where: str) -> list[str]:
    """What is wrong with the score sheet on the page now: a list of problems."""
    page = held.page
    problems = []
    if sideways(held):
        problems.append(f"{where}: the page scrolls sideways by {sideways(held)} px")
    totals = page.evaluate(_TOTALS)
    if [total["number"] for total in totals] != TOTALS[:teams]:
        problems.append(f"{where}: totals read {[total['number'] for total in totals]}")
    for total in totals:
        if total["lines"] != 1 or total["text_left"] < total["left"] - .5 \
                or total["text_right"] > total["right"] + .5:
            problems.append(f"{where}: {total['number']} is not whole in its box: {total}")
        if where == "round screen" and total["size"] < SMALLEST_TOTAL_PX:
            problems.append(f"{where}: {total['number']} is {total['size']} px")
    if pairs := overlapping(totals):
        problems.append(f"{where}: totals overlap: {pairs}")
    if spilling := page.evaluate(_SPILLING_CELLS):
        problems.append(f"{where}: round scores spill out of their cells: {spilling}")
    if broken := page.evaluate(_BROKEN_WORDS,
                              ".score-sheet .team-column, .sheet-list li > span:first-child"):
        problems.append(f"{where}: names broken inside a word: {broken}")
    return problems


def show_both_pages(held: Held, teams: int, screenshots: Path) -> list[str]:
    """Check the round screen and the scoreboard of a new game of ``teams`` teams."""
    page = held.page
    game_id = game_of(page, teams)
    problems = []
    for where, address in (("round screen", f"/games/{game_id}"),
                           ("scoreboard", f"/games/{game_id}/scoreboard")):
        page.goto(address)
        page.screenshot(path=screenshots / f"teams{teams}-{where.replace(' ', '-')}-"
                        f"{held.device}-{held.scheme}.png")
        problems += check_sheet(held, teams, where)
    return problems


def test_three_teams_with_long_names_and_deep_totals_fit(
        device: Held, screenshots: Path) -> None:
    assert show_both_pages(device, 3, screenshots) == []
    leader = device.page.locator(".sheet-leader")
    assert leader.inner_text().split() == ["Greens", "United", "★", "leads", "5,610"]


def test_two_teams_with_long_names_and_a_deep_total_do_not_collide(
        device: Held, screenshots: Path) -> None:
    assert show_both_pages(device, 2, screenshots) == []


@pytest.mark.parametrize("teams", [4, 6])
def test_four_and_six_teams_get_a_line_each(
        device: Held, teams: int, screenshots: Path) -> None:
    assert show_both_pages(device, teams, screenshots) == []
    lines = device.page.locator(".sheet-list li")
    assert lines.count() == teams
    assert lines.nth(1).inner_text().split() == ["Owls", "of", "Mull", "−13,485"]


def test_the_header_keeps_one_line_at_360_px(narrow_phone: Any) -> None:
    narrow_phone.goto("/")
    tops = narrow_phone.eval_on_selector_all(
        ".site-nav > a", "links => links.map((a) => [a.textContent.trim(),"
        " a.getBoundingClientRect().top, a.getClientRects().length])")
    assert [name for name, _, _ in tops[1:]] == ["Rules", "Leagues"]
    assert {top for _, top, _ in tops} == {tops[0][1]}, tops
    height = narrow_phone.eval_on_selector(".site-header", "el => el.offsetHeight")
    line = narrow_phone.eval_on_selector(".nav-link", "el => el.offsetHeight")
    assert height == line, "Leagues wrapped onto a second line"


_BACKGROUND_AND_INK = """(svg) => [getComputedStyle(svg).backgroundColor,
  getComputedStyle(svg.querySelector('text')).fill]"""


def brightness(colour: str) -> float:
    """The mean of an rgb() colour's channels, 0 to 255."""
    return sum(float(part) for part in colour[colour.index("(") + 1:-1].split(",")[:3]) / 3


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_charts_follow_the_theme(
        browser: Any, server: str, scheme: str, screenshots: Path) -> None:
    context = browser.new_context(base_url=server, color_scheme=scheme, device_scale_factor=1,
                                  **DEVICES["phone"])
    page = context.new_page()
    league = page.request.post("/api/v1/leagues", data={"name": f"Chart club {scheme}"}).json()
    game = page.request.post("/api/v1/games", data={
        "rules": "classic", "league": league["id"],
        "teams": [{"name": name, "players": [f"{name[:2]}1", f"{name[:2]}2"]}
                  for name in NAMES[:3]]}).json()
    for number in range(4):
        tallies = [counted(300, 40), counted(200), counted(100, 60)]
        tallies[number % 3] = OUT
        answer = page.request.post(f"/api/v1/games/{game['id']}/rounds", data={"teams": tallies})
        assert answer.ok, answer.text()
    charts = []
    page.goto(f"/games/{game['id']}/over")
    page.locator(".chart").screenshot(path=screenshots / f"chart-game-{scheme}.png")
    charts.append(page.eval_on_selector(".chart-svg", _BACKGROUND_AND_INK))
    page.goto(f"/leagues/{league['id']}")
    page.locator("a[href*='/players/']").first.click()
    # Listing the charts does not wait: wait for the player's page to be there first.
    page.wait_for_url("**/players/**")
    page.locator(".chart").nth(1).wait_for()
    # The player's results, and their club rating over time.
    for number, figure in enumerate(page.locator(".chart").all(), start=1):
        figure.screenshot(path=screenshots / f"chart-player-{number}-{scheme}.png")
        charts.append(figure.locator(".chart-svg").evaluate(_BACKGROUND_AND_INK))
    put_down(context)
    assert len(charts) == 3
    for background, ink in charts:
        if scheme == "dark":
            assert brightness(background) < 96 < brightness(ink), (background, ink)
        else:
            assert brightness(ink) < 96 < brightness(background), (background, ink)


#: One word each, the longest as wide as "Kestrels" was when it broke ("Kestrel / s") beside
#: "Round 1" at 360 px (issue #33).
ONE_WORD_NAMES = ["Kestrels", "Starlings", "Herons"]


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_three_one_word_names_never_break_inside_a_word(
        device: Held, language: str, screenshots: Path) -> None:
    page = device.page
    page.set_extra_http_headers({"Accept-Language": language})
    game = page.request.post("/api/v1/games", data={
        "rules": "pagat", "teams": [{"name": name, "players": [f"{name}1", f"{name}2"]}
                                    for name in ONE_WORD_NAMES]}).json()
    answer = page.request.post(f"/api/v1/games/{game['id']}/rounds", data={"teams": [
        counted(1230, 40), counted(800, 95), counted(420, 310)]})
    assert answer.ok, answer.text()
    problems = []
    for where, address in (("round screen", f"/games/{game['id']}"),
                           ("scoreboard", f"/games/{game['id']}/scoreboard"),
                           ("count page", f"/games/{game['id']}/rounds/2")):
        page.goto(address)
        page.screenshot(path=screenshots / f"one-word-names-{where.replace(' ', '-')}-"
                        f"{language}-{device.device}-{device.scheme}.png")
        broken = [word for word in page.evaluate(_BROKEN_WORDS, "main")
                  if word.strip(",.:") in ONE_WORD_NAMES]
        if broken:
            problems.append(f"{where}: {broken}")
        if sideways(device):
            problems.append(f"{where}: the page scrolls sideways by {sideways(device)} px")
    assert problems == []
