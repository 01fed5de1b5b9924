"""The scoreboard, the game-over page with its chart, and playing again."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.web.shared.formats import deduction, points, signed_points
from tests.game_pages import (
    QUIET,
    THREE_TEAMS,
    get_text,
    page_text,
    record,
    start_game,
    state_of,
)

SVG = "{http://www.w3.org/2000/svg}"
#: Team 1 goes out in a classic round with the five books it needs (35 cards): 3,740 points.
OUT = {"melded": {"jokers": 2, "twos": 7, "aces": 4, "eight_to_king": 22},
       "books": {"clean": 2, "dirty": 2, "wild": 1}, "went_out": True}
#: One red three down, two caught, and cards in hand: 100 + 100 - 200 - 20 = -20 points.
CAUGHT = {"melded": {"eight_to_king": 10}, "left": {"four_to_seven": 3, "black_threes": 1},
          "red_threes_down": 1, "red_threes_left": 2}


def finished_game(app: Flask, *rounds: tuple[dict[str, Any], ...],
                  teams: list[dict[str, Any]] | None = None) -> str:
    """A classic game with these rounds recorded, one tally per team in each."""
    game_id = start_game(app, "classic", teams)
    for tallies in rounds:
        record(app, game_id, *tallies)
    return game_id


def test_scoreboard_shows_each_part_and_the_services_totals(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    record(app, game_id, OUT, CAUGHT)
    state = record(app, game_id, CAUGHT, OUT)
    text = get_text(client, f"/games/{game_id}/scoreboard")
    assert "Round 3 of 4 is being played." in text
    sheet = " ".join(f"Round {r.number} {points(r.scores[0].total)} {points(r.scores[1].total)}"
                     for r in state.rounds)
    assert (f"Score sheet Round Us Them {sheet} Round 3 being played "
            f"Total {points(state.totals[0])} {points(state.totals[1])}") in text
    assert "leads" not in text, "level teams: nobody leads"
    for game_round, running in zip(state.rounds, state.running_totals):
        us, them = game_round.scores
        assert (f"Cards melded {points(us.melded_points)} {points(them.melded_points)}"
                in text)
        assert f"Books {points(us.book_points)} {points(them.book_points)}" in text
        assert (f"Red threes {signed_points(us.red_three_points)} "
                f"{signed_points(them.red_three_points)}") in text
        assert f"Cards left {deduction(us.left_points)} {deduction(them.left_points)}" in text
        assert f"Round total {points(us.total)} {points(them.total)}" in text
        assert f"Running total {points(running[0])} {points(running[1])}" in text
    assert state.rounds[0].scores[0].total == 3_740
    assert "Red threes 0 −100" in text
    assert "Cards left 0 −20" in text
    assert state.totals == (3_720, 3_720)
    for number in (1, 2):
        assert f'href="/games/{game_id}/rounds/{number}"' in client.get(
            f"/games/{game_id}/scoreboard").get_data(as_text=True)
    deal = state.deal(3)
    assert (f"Who deals round 3 {deal.hands_dealer.player} (Us) deals the hands." in text)


def test_scoreboard_gives_three_teams_a_card_each(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic", THREE_TEAMS)
    state = record(app, game_id, OUT, CAUGHT, QUIET)
    page = client.get(f"/games/{game_id}/scoreboard").get_data(as_text=True)
    assert '<table class="breakdown">' not in page
    assert page.count('class="team-card"') == 3
    text = page_text(client.get(f"/games/{game_id}/scoreboard"))
    for team in state.teams:
        assert f"{team.name} Cards melded" in text
    assert "Round total 3,740 Running total 3,740" in text
    assert "Round total −20 Running total −20" in text


def test_scoreboard_before_any_round(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    text = get_text(client, f"/games/{game_id}/scoreboard")
    assert "No round has been recorded yet." in text
    assert "Who deals round 1 Ann (Us) deals the hands." in text


def test_game_over_names_the_winner(app: Flask, client: FlaskClient) -> None:
    game_id = finished_game(app, (OUT, CAUGHT), (OUT, CAUGHT), (QUIET, QUIET), (QUIET, {}))
    assert client.get(f"/games/{game_id}").location == f"/games/{game_id}/over"
    page = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    state = state_of(app, game_id)
    assert state.totals == (7_680, 60)
    assert re.search(r'<h1 class="winner">\s*Winner: Us, with 7,680\s*</h1>', page)
    text = page_text(client.get(f"/games/{game_id}/over"))
    assert "Round Us Them 1 3,740 −20 2 3,740 −20 3 100 100 4 100 0 Total 7,680 60" in text
    for number in range(1, 5):
        assert f'href="/games/{game_id}/rounds/{number}"' in page
    assert f'action="/games/{game_id}/again"' in page


def test_game_over_names_every_team_in_a_tie(app: Flask, client: FlaskClient) -> None:
    game_id = finished_game(app, (QUIET, QUIET, {}), ({}, {}, {}), ({}, {}, {}),
                            ({}, {}, QUIET), teams=THREE_TEAMS)
    text = get_text(client, f"/games/{game_id}/over")
    assert "Tie: Reds, Blues and Greens with 100" in text
    assert '<table class="final-table">' in client.get(f"/games/{game_id}/over").get_data(
        as_text=True)
    two = finished_game(app, (QUIET, QUIET), ({}, {}), ({}, {}), ({}, {}))
    assert "Tie: Us and Them with 100" in get_text(client, f"/games/{two}/over")


def test_game_over_gives_four_teams_a_card_each(app: Flask, client: FlaskClient) -> None:
    teams = [{"name": name} for name in ("Ann", "Bob", "Cy", "Di")]
    game_id = finished_game(app, *[(QUIET, {}, {}, {})] * 3, (QUIET, {}, {}, QUIET),
                            teams=teams)
    page = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    assert '<table class="final-table">' not in page
    assert page.count('class="team-card"') == 4
    text = page_text(client.get(f"/games/{game_id}/over"))
    assert "Winner: Ann, with 400" in text
    assert "Di Round 1 0 Round 2 0 Round 3 0 Round 4 100 Total 100" in text
    assert len(chart_of(page).findall(f".//{SVG}polyline")) == 4


def chart_of(page: str) -> ET.Element:
    """The game-over page's chart, parsed as SVG."""
    found = re.search(r'<svg class="chart-svg".*?</svg>', page, re.S)
    assert found is not None
    return ET.fromstring(found.group())


def test_game_over_draws_a_line_per_team(app: Flask, client: FlaskClient) -> None:
    game_id = finished_game(app, (OUT, CAUGHT, QUIET), (CAUGHT, OUT, QUIET),
                            (QUIET, {}, {}), ({}, QUIET, {}), teams=THREE_TEAMS)
    page = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    svg = chart_of(page)
    lines = svg.findall(f".//{SVG}polyline")
    assert len(lines) == 3
    for line in lines:
        assert len(line.get("points", "").split()) == 4
    assert len({line.get("stroke-dasharray") for line in lines}) == 3
    assert len({g.get("stroke") for g in svg.findall(f".//{SVG}g[@class='chart-line']")}) == 3
    assert svg.get("role") == "img"
    assert svg.get("aria-label")
    assert svg.findtext(f"{SVG}title")
    description = svg.findtext(f"{SVG}desc") or ""
    assert "Reds: 3,740 after round 1, 3,720 after round 2" in description
    assert "style=" not in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page), "no inline script"
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_game_over_waits_for_the_last_round(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    record(app, game_id, QUIET, {})
    assert client.get(f"/games/{game_id}/over").location == f"/games/{game_id}"


def test_play_again_starts_a_game_with_the_same_teams(app: Flask, client: FlaskClient) -> None:
    game_id = finished_game(app, (QUIET, {}), (QUIET, {}), (QUIET, {}), (QUIET, {}))
    response = client.post(f"/games/{game_id}/again")
    assert response.status_code == 303
    new_id = response.location.removeprefix("/games/")
    assert new_id != game_id
    old, new = state_of(app, game_id), state_of(app, new_id)
    assert new.teams == old.teams
    assert new.rules == old.rules
    assert (new.current_round, new.totals) == (1, (0, 0))
    text = page_text(client.get(response.location))
    assert "A new game with the same teams has started." in text
    assert "Round 1 of 4" in text
    assert "Cy (Them) deals the hands." in text
