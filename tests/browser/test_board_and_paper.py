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
from handfoot_score.services import games, leagues
from handfoot_score.services.tallies import read_entered
from tests.browser.conftest import missing
from tests.conftest import TEST_CONFIG

if TYPE_CHECKING:
    from playwright.sync_api import Page

TV = {"viewport": {"width": 1920, "height": 1080}}
#: Across a room, no text smaller than this (in CSS pixels at 1920 x 1080).
SMALLEST_BOARD_TEXT = 32
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
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallest)
      problems.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" is ${size} px`);
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
    context.close()


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
    context.close()
