"""A league player's page and /rules on the narrowest phone, light and dark: a player's games
as cards (three teams, long names, a five-digit negative total) and the results chart fit
360 px, pass axe-core, and the chart takes the dark theme; /rules lists the house rules
this phone saved, each linking to its card."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import sqlalchemy as sa
from flask import Flask

from handfoot_score import create_app
from handfoot_score.extensions import db
from handfoot_score.services import games, leagues
from handfoot_score.services.tallies import read_entered
from handfoot_score.storage.models import LeaguePlayer
from tests.browser.conftest import NARROW, put_down
from tests.browser.phone import PageChecks
from tests.conftest import TEST_CONFIG

if TYPE_CHECKING:
    from playwright.sync_api import Page

WHITE = "rgb(255, 255, 255)"


def _finish(league_id: str, teams: list[list[str]], rounds: list[list[dict[str, Any]]]) -> None:
    game = games.create_game(games.read_setup({"rules": "classic", "league": league_id,
                                               "teams": [{"players": t} for t in teams]}))
    for tallies in rounds:
        games.record_round(game.id, read_entered(tallies))


@pytest.fixture(scope="module")
def player_page(server: str, database_url: str) -> str:
    """The address of a player's page: a game of two teams and one of three, where a
    team of long names ends on a five-digit negative total."""
    app: Flask = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": database_url})
    with app.app_context():
        league = leagues.create_league({"name": "Maximiliana's Thursday night club"})
        _finish(league.id, [["Maximiliana", "Bartholomew"], ["Evangelinaxx", "Christophera"]],
                [[{"melded": {"points": 1500}}, {"melded": {"points": 900}}]] * 4)
        _finish(league.id, [["Maximiliana"], ["Bartholomew"], ["Evangelinaxx", "Christophera"]],
                [[{"melded": {"points": 1200}}, {"left": {"points": 2500}},
                  {"melded": {"points": 300}}]] * 4)
        league_id = league.id
        # Looked up: the server's database holds the other browser tests' leagues too.
        player = db.session.scalar(sa.select(LeaguePlayer.id).where(
            LeaguePlayer.league_id == league_id, LeaguePlayer.name == "Maximiliana"))
        db.engine.dispose()
    return f"/leagues/{league_id}/players/{player}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_players_games_and_the_rules_list_fit_the_narrowest_phone(
        browser: Any, server: str, player_page: str, screenshots: Path, scheme: str) -> None:
    context = browser.new_context(base_url=server, color_scheme=scheme, **NARROW)
    page: Page = context.new_page()
    checks = PageChecks(page, screenshots, f"league-player-{scheme}")
    page.goto(player_page)
    checks.check("player", settle=False)
    cards = page.locator(".played")
    assert cards.count() == 2
    assert "\u221210,000" in cards.nth(0).inner_text()  # the newest game first
    # The results chart and the club rating's: both follow the theme.
    backgrounds = [chart.evaluate("svg => getComputedStyle(svg).backgroundColor")
                   for chart in page.locator(".chart-svg").all()]
    assert len(backgrounds) == 2
    assert all((background == WHITE) == (scheme == "light") for background in backgrounds)
    page.goto("/rules/house?base=classic")
    page.fill("#rules-name", "Maximiliana's fives")
    page.get_by_role("button", name="Save these rules").click()
    page.goto("/rules")
    checks.check("rules", settle=False)
    house = page.locator("#house-rules ~ .preset-list .preset-name")
    assert house.inner_text() == "Maximiliana's fives"
    house.click()
    assert page.locator("h1").inner_text().startswith("Maximiliana's fives")
    put_down(context)
    checks.assert_all_passed()


#: Runs in the page: every standings cell that is rendered but lies outside the screen or
#: under a sideways scroll of its table, and every body row whose player names are not in
#: sight whole.
_OUT_OF_SIGHT = """
() => {
  const problems = [], width = document.documentElement.clientWidth;
  for (const wrap of document.querySelectorAll('.standings-wrap')) {
    if (wrap.scrollWidth > wrap.clientWidth)
      problems.push(`a table scrolls sideways: ${wrap.scrollWidth} px in ${wrap.clientWidth}`);
  }
  for (const cell of document.querySelectorAll('.standings th, .standings td')) {
    if (getComputedStyle(cell).display === 'none') continue;
    const box = cell.getBoundingClientRect();
    if (box.left < 0 || box.right > width + 0.5)
      problems.push(`"${cell.innerText.trim()}" lies at ${box.left}-${box.right} px`);
  }
  for (const name of document.querySelectorAll('.standings tbody th')) {
    if (!name.innerText.trim() || name.scrollWidth > name.clientWidth)
      problems.push(`a row's names are not in sight: "${name.innerText.trim()}"`);
  }
  return problems;
}
"""
#: A points average as the pages write it: whole points, thousands separated.
WHOLE_POINTS = re.compile(r"\u2212?\d{1,3}(,\d{3})*")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_league_tables_show_every_column_they_keep_on_the_narrowest_phone(
        browser: Any, server: str, player_page: str, screenshots: Path, scheme: str) -> None:
    """At 360 px the players' and the partnerships' tables hide nothing in a sideways
    scroll: each row's names take a line of their own, its rating, wins, ties, losses and
    points a line under them; averages are whole points, here and on the player's page."""
    context = browser.new_context(base_url=server, color_scheme=scheme, **NARROW)
    page: Page = context.new_page()
    checks = PageChecks(page, screenshots, f"league-tables-{scheme}")
    page.goto(player_page.split("/players/")[0])
    checks.check("league", settle=False)
    assert page.evaluate(_OUT_OF_SIGHT) == []
    partners = page.locator(".standings").nth(1).locator("tbody tr")
    assert partners.count() == 2
    row = partners.filter(has_text="Evangelinaxx").first
    # "Evangelinaxx & Christophera" on one line, the figures on the next.
    names, rating = row.locator("th").bounding_box(), row.locator(".rating").bounding_box()
    assert names is not None and rating is not None
    assert names["height"] < 2 * 44 and rating["y"] >= names["y"] + names["height"] - 1
    # The averages kept for wider screens and the player's figures: whole points.
    averages = page.locator(".standings td:nth-child(8)").all_text_contents()
    assert averages and all(WHOLE_POINTS.fullmatch(text) for text in averages), averages
    page.goto(player_page)
    figures = page.locator(".player-figures dd").all_inner_texts()
    for label in ("Per game", "Per round"):
        shown = page.locator(".player-figures div", has_text=label).locator("dd").inner_text()
        assert WHOLE_POINTS.fullmatch(shown), (label, shown, figures)
    put_down(context)
    checks.assert_all_passed()
