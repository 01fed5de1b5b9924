"""The board on a 1920 x 1080 TV, light and dark, following two games played through the API,
and every page made for paper printed to PDF by Chromium on A4 and Letter, read back with
pdftotext (Debian's poppler-utils)."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.extensions import db
from handfoot_score.services import club_nights, games, leagues
from handfoot_score.services.tallies import read_entered
from handfoot_score.web.club_nights import board
from tests.browser.conftest import missing, put_down
from tests.conftest import TEST_CONFIG

if TYPE_CHECKING:
    from playwright.sync_api import Page

TV = {"viewport": {"width": 1920, "height": 1080}}
#: Across a room, no text smaller than this share of the screen's height.
SMALLEST_BOARD_TEXT = 0.03
#: The screens a club points at a wall: the common projector, a TV, 1080p and 4K.
WALLS = [(1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]
#: The board may be at most this far behind the games.
BEHIND_AT_MOST_MS = 5000
THREE_TEAMS = [["Maximiliana", "Bartholomew"], ["Evangeline", "Christopher"], ["Wu", "Zoe"]]

#: What the board shows that it should not: text under the smallest size, a page that
#: scrolls, a part whose content runs out of its box (cut off rather than scrolled).
_BOARD_PROBLEMS = """
(smallest) => {
  const problems = [], root = document.documentElement;
  if (root.scrollHeight > innerHeight || root.scrollWidth > innerWidth)
    problems.push(`the board scrolls: ${root.scrollWidth} x ${root.scrollHeight}`);
  for (const part of document.querySelectorAll("#board > *"))
    if (part.scrollHeight > part.clientHeight + 1)
      problems.push(`${part.className} is cut off: ${part.scrollHeight} in ${part.clientHeight}`);
  for (const el of document.body.querySelectorAll("*")) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const text = `${el.tagName} "${el.textContent.trim().slice(0, 30)}"`;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallest * innerHeight)
      problems.push(`${text} is ${size} px, under ${smallest * 100} % of ${innerHeight} px`);
    // Cut or clipped: text beyond its own box (an ellipsis, a clamp), its part of the
    // board or the screen.
    if (getComputedStyle(el).display !== "inline"
        && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      problems.push(`${text} is clipped: ${el.scrollWidth} x ${el.scrollHeight} in ` +
                    `${el.clientWidth} x ${el.clientHeight}`);
    const box = el.getBoundingClientRect(), part = el.closest("#board > *");
    const within = part ? part.getBoundingClientRect() : {left: 0, top: 0,
                                                          right: innerWidth, bottom: innerHeight};
    if (box.left < within.left - 1 || box.right > within.right + 1 || box.top < within.top - 1
        || box.bottom > within.bottom + 1 || box.right > innerWidth || box.bottom > innerHeight)
      problems.push(`${text} lies outside its part of the board`);
  }
  return problems;
}
"""



def _finish(league_id: str | None, teams: list[list[str]],
            rounds: list[list[dict[str, Any]]]) -> str:
    game = games.create_game(games.read_setup({
        "rules": "classic", "league": league_id, "teams": [{"players": t} for t in teams]}))
    for tallies in rounds:
        games.record_round(game.id, read_entered(tallies))
    return game.id


@pytest.fixture(scope="module")
def club(server: str, database_url: str) -> dict[str, str]:
    """A league of twelve players who finished six games (two pages of standings on the
    board), and a finished game of three teams outside it."""
    app: Flask = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": database_url})
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday night club"}).id
        names = [f"Player {letter}" for letter in "ABCDEFGHIJKL"]
        for game in range(6):
            first, second = names[2 * game:2 * game + 2], names[(2 * game + 5) % 12:][:2]
            if len(second) < 2 or set(first) & set(second):
                second = [names[(2 * game + 2) % 12], names[(2 * game + 3) % 12]]
            _finish(league_id, [first, second],
                    [[{"melded": {"points": 500 + 100 * game}}, {"melded": {"points": 300}}]] * 4)
        three = _finish(None, THREE_TEAMS, [[{"melded": {"points": 1200}},
                                             {"left": {"points": 250}},
                                             {"melded": {"points": 300}}]] * 4)
        db.engine.dispose()
    return {"league": league_id, "three": three}


#: A night of 13: one name of 21 letters, six of 10, six short ones.
NIGHT = ["Alexandrina-Wilhelmina", "Evangeline", "Wilhelmina", "Jacqueline", "Kristoffer",
         "Alessandra", "Maximilian", "Ann", "Bob", "Zoe", "Gus", "Ivy", "Eve"]


@pytest.fixture(scope="module")
def night_club(server: str, database_url: str) -> dict[str, str]:
    """A league whose 13 players finished eight games (two pages of standings), with
    tonight's night drawn and its first table's game in round 2."""
    app: Flask = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": database_url})
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday night club"}).id
        for game in range(8):
            seats = [NIGHT[(3 * game + seat) % len(NIGHT)] for seat in range(4)]
            _finish(league_id, [seats[:2], seats[2:]],
                    [[{"melded": {"points": 400 + 150 * game}}, {"melded": {"points": 900}}]] * 4)
        night = club_nights.create_night(league_id, club_nights.read_night(
            {"players": NIGHT, "games_each": 3, "seed": 7}))
        table = club_nights.start_table(league_id, night.id, 1, 1).game.id
        games.record_round(table, read_entered([{"melded": {"points": 1250}},
                                                {"melded": {"points": 900}}]))
        db.engine.dispose()
    return {"league": league_id}


@pytest.mark.parametrize(("width", "height"), WALLS)
def test_the_board_reads_on_every_screen_a_club_points_at_a_wall(
        browser: Any, server: str, night_club: dict[str, str], screenshots: Path,
        width: int, height: int) -> None:
    """At 720p, 768p, 1080p and 4K, unscaled: nothing scrolls, no text under 3 % of the
    height, nothing cut or clipped, every standings row shows its player's name; a game
    started by hand shows beside tonight's tables and follows its rounds live."""
    scheme = "dark" if height in (768, 2160) else "light"
    context = browser.new_context(base_url=server, color_scheme=scheme,
                                  viewport={"width": width, "height": height})
    page: Page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Walk-ins start a league game by hand at a spare table.
    by_hand = _post(page, "/api/v1/games", {
        "rules": "classic", "league": night_club["league"],
        "teams": [{"players": [f"Walk-in Wendy {width}", "Walk-in Walter"]},
                  {"players": ["Nadia", "Olga"]}]})["id"]
    card = f"#game-{by_hand}"
    # The page of the games the hand-started game is on, opened at its first tick: it
    # stays three ticks, longer than the board may be behind.
    for tick in range(0, 4 * board.TICKS_PER_PAGE, board.TICKS_PER_PAGE):
        page.goto(f"/leagues/{night_club['league']}/board?tick={tick}")
        if page.locator(card).count():
            break
    assert "Tonight's tables" in page.locator(".board-games").inner_text()
    assert page.evaluate(_BOARD_PROBLEMS, SMALLEST_BOARD_TEXT) == []
    # Every row on the standings' page shows its player's name, whole.
    names = page.locator(".board-standings tbody th").all_inner_texts()
    assert names and all(name.replace("\n", "") in NIGHT for name in names), names
    page.screenshot(path=screenshots / f"board-{width}x{height}-{scheme}.png")
    # Each screen's test records a round of its own: the total the board must show is the
    # one the API answers.
    saved = _post(page, f"/api/v1/games/{by_hand}/rounds",
                  {"teams": [{"melded": {"points": 25 * (width // 64)}}, {}]})
    page.wait_for_function(
        "([selector, text]) => document.querySelector(selector)?.innerText.includes(text)",
        arg=[card, f"{saved['totals'][0]:,}"], timeout=BEHIND_AT_MOST_MS)
    assert page.evaluate(_BOARD_PROBLEMS, SMALLEST_BOARD_TEXT) == []
    assert errors == []
    put_down(context)


def _post(page: Page, address: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(address, data=body)
    assert response.ok, response.text()
    answer: dict[str, Any] = response.json()
    return answer


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_follows_two_games_on_a_tv_without_scrolling_or_small_text(
        browser: Any, server: str, club: dict[str, str], screenshots: Path,
        scheme: str) -> None:
    context = browser.new_context(base_url=server, color_scheme=scheme, **TV)
    page: Page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    played = [_post(page, "/api/v1/games", {
        "rules": "classic", "league": club["league"],
        "teams": [{"players": [f"Maximiliana {n}", f"Bartholomew {scheme}"]},
                  {"players": [f"Wu {n}", f"Zoe {scheme}"]}]})["id"] for n in (1, 2)]
    page.goto(f"/leagues/{club['league']}/board")
    assert page.evaluate(_BOARD_PROBLEMS, SMALLEST_BOARD_TEXT) == []
    page.screenshot(path=screenshots / f"board-{scheme}-01-opened.png")
    for game_id, melded in zip(played, (1230, 2340), strict=True):
        card = page.locator(f"#game-{game_id}")
        assert "Round 1 of 4" in card.inner_text()
        _post(page, f"/api/v1/games/{game_id}/rounds",
              {"teams": [{"melded": {"points": melded}}, {}]})
        started = time.monotonic()
        page.wait_for_function(
            "([id, text]) => document.getElementById(id)?.innerText.includes(text)",
            arg=[f"game-{game_id}", f"{melded:,}"], timeout=BEHIND_AT_MOST_MS)
        assert time.monotonic() - started < BEHIND_AT_MOST_MS / 1000
        assert "Round 2 of 4" in page.locator(f"#game-{game_id}").inner_text()
    assert page.evaluate(_BOARD_PROBLEMS, SMALLEST_BOARD_TEXT) == []
    standings = page.locator(".board-standings").inner_text()
    assert "1 of 2" in standings or "2 of 2" in standings
    page.screenshot(path=screenshots / f"board-{scheme}-02-played.png")
    # The standings turn to their other page with nobody touching the board.
    page.wait_for_function(
        "first => !document.querySelector('.board-standings').innerText.includes(first)",
        arg=standings.split("\n")[0], timeout=20000)
    page.screenshot(path=screenshots / f"board-{scheme}-03-turned.png")
    assert errors == []
    put_down(context)


def _three_values(text: str) -> dict[str, str]:
    """The threes' table as pdftotext lays it out: each name with its value after it, on a
    line the sheet's other columns may share, two or more spaces away."""
    found = {}
    for line in text.splitlines():
        for name in ("Red threes laid down", "Red threes caught", "Black threes left"):
            if name in line:
                found[name] = re.split(r"\s{2,}", line.split(name, 1)[1].strip())[0]
    return found


def _threes_of(rules: RuleSet) -> dict[str, str]:
    """What the threes' table must say for ``rules``, worked out from the rule set."""
    def each(value: int) -> str:
        return ("+" if value > 0 else "") + f"{value:,}".replace("-", "\u2212")
    return {"Red threes laid down": each(rules.red_three.down),
            "Red threes caught": each(-rules.red_three.left),
            "Black threes left": each(-rules.card_values.black_three)}


def _pdf_text(page: Page, paper: str, path: Path) -> tuple[int, str]:
    page.emulate_media(media="print")
    path.write_bytes(page.pdf(format=paper, print_background=True))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    pages = int(next(line.split()[-1] for line in info.stdout.splitlines()
                     if line.startswith("Pages:")))
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    return pages, text


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_page_made_for_paper_prints_on_a4_and_letter(
        browser: Any, server: str, club: dict[str, str], screenshots: Path,
        paper: str) -> None:
    if not (shutil.which("pdftotext") and shutil.which("pdfinfo")):
        missing("pdftotext and pdfinfo are missing (Debian: apt-get install poppler-utils)")
    # Printed from a dark screen: paper is always light.
    context = browser.new_context(base_url=server, color_scheme="dark")
    page: Page = context.new_page()
    printed: dict[str, tuple[int, str]] = {}
    for name, address in (("sheet", f"/games/{club['three']}/sheet"),
                          ("scoreboard", f"/games/{club['three']}/scoreboard"),
                          ("report", f"/leagues/{club['league']}/report"),
                          ("blank", "/rules/classic/sheet"),
                          ("blank-three", "/rules/classic/sheet?teams=3"),
                          ("blank-pagat", "/rules/pagat/sheet"),
                          ("blank-italian", "/rules/italian/sheet?teams=3"),
                          ("rules", "/rules/classic")):
        page.goto(address)
        printed[name] = _pdf_text(page, paper, screenshots / f"paper-{paper}-{name}.pdf")
        assert "Scorekeeper" not in printed[name][1].split("\n", 1)[1], name  # no navigation
        assert "Light" not in printed[name][1] and "Print" not in printed[name][1], name
    pages, text = printed["sheet"]
    assert pages == 1, text
    for words in ("Maximiliana", "Christopher", "Zoe", "Classic", "Cards melded",
                  "4,800", "−1,000", "1,200", "Round 4"):
        assert words in text, words
    assert printed["scoreboard"][0] <= 2 and "4,800" in printed["scoreboard"][1]
    pages, text = printed["report"]
    assert pages == 3, text
    for words in ("Thursday night club", "Player A", "Player L", "Club rating", "3,200"):
        assert words in text, words
    for blank, preset in (("blank", "classic"), ("blank-three", "classic"),
                          ("blank-pagat", "pagat"), ("blank-italian", "italian")):
        pages, text = printed[blank]
        assert pages == 1, (blank, text)
        for words in ("Round 4", "Books needed", "Each card", "Joker", "Running total"):
            assert words in text, (blank, words)
        # Each rule set's threes, read back with their values: pagat's red three caught
        # costs 300, the most of any card, and a sheet without it scores it wrong.
        assert _three_values(text) == _threes_of(PRESETS[preset]), blank
    put_down(context)
