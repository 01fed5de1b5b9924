"""Set up games through the service layer and read the pages about them, for the page tests."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from handfoot_score.engine.tally import Tally
from handfoot_score.services import games
from handfoot_score.services.games import GameState
from handfoot_score.services.tallies import read_entered, read_entered_tally, tally_json
from tests.form_data import form_values

TWO_TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]},
             {"name": "Them", "players": ["Cy", "Di"]}]
THREE_TEAMS = [{"name": "Reds", "players": ["Ann", "Bob"]},
               {"name": "Blues", "players": ["Cy", "Di"]},
               {"name": "Greens", "players": ["Ed", "Flo"]}]
#: Scores a team some points without anybody going out.
QUIET = {"melded": {"eight_to_king": 10}}
#: A csrf token on a page, its value the group.
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def tally(data: dict[str, Any]) -> Tally:
    """A tally as a phone sends it, read as the game stores it."""
    return read_entered_tally(data, 0)


def as_stored(data: dict[str, Any]) -> dict[str, Any]:
    """A tally as a phone sends it, as the API shows it back once stored: what is counted,
    keys holding nothing left out."""
    return tally_json(tally(data))


def start_game(app: Flask, rules: object = "classic", teams: list[dict[str, Any]] | None = None,
               first_dealer: int = 0, league: str | None = None) -> str:
    """A new game's id, in ``league`` when one is given."""
    with app.app_context():
        body = {"rules": rules, "teams": teams or TWO_TEAMS, "first_dealer": first_dealer}
        if league is not None:
            body["league"] = league
        return games.create_game(games.read_setup(body)).id


def record(app: Flask, game_id: str, *tallies: dict[str, Any]) -> GameState:
    """Record the next round from one tally per team."""
    with app.app_context():
        state, _ = games.record_round(game_id, read_entered(list(tallies)))
        return state


def state_of(app: Flask, game_id: str) -> GameState:
    """The game as the service sees it now."""
    with app.app_context():
        return games.get_game(game_id)


def without_tokens(html: str) -> str:
    """The page with every csrf token's value emptied: tokens differ by device and moment."""
    return TOKEN.sub('name="csrf_token" value=""', html)


def page_text(response: TestResponse) -> str:
    """The page's words as a reader sees them: no tags, entities decoded, spaces collapsed."""
    words = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return " ".join(html.unescape(words).split())


def get_text(client: FlaskClient, path: str) -> str:
    """Fetch a page that must answer 200, and give its text."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return page_text(response)


def save_round(client: FlaskClient, game_id: str, number: int = 1) -> Any:
    """Count and save a round on the count page, as one phone does (Owls the 52 cards dealt
    to them, 30 eight-to-kings melded and 18 and four 4-to-7s left, +100; Foxes 45 points
    left), landing where it leads."""
    values = form_values(client.get(f"/games/{game_id}/rounds/{number}").get_data(as_text=True))
    values.update({"went_out": "nobody", "teams-0-melded_eight_to_king": "30",
                   "teams-0-left_eight_to_king": "18", "teams-0-left_four_to_seven": "4",
                   "teams-1-points_mode": "y", "teams-1-points_shown": "1",
                   "teams-1-left_points": "45"})
    return client.post(f"/games/{game_id}/rounds/{number}/record", data=values,
                       follow_redirects=True)


def team_panel_text(client: FlaskClient, game_id: str, team: int) -> str:
    """The text of one team's panel on the round screen (its counters and checklist)."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    panel = re.search(rf'<section class="team-panel" id="team-{team}".*?</section>', page, re.S)
    assert panel is not None
    return " ".join(re.sub(r"<[^>]+>", " ", panel.group()).split())
