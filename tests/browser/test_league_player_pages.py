"""A league player's page and /rules on the narrowest phone, light and dark: a player's games
as cards (three teams, long names, a five-digit negative total) and the results chart fit
360 px, pass axe-core, and the chart takes the dark theme; /rules lists the house rules
this phone saved, each linking to its card."""

from __future__ import annotations

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
from tests.browser.conftest import NARROW
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
    context.close()
    checks.assert_all_passed()
