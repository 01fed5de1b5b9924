"""The board for the wall and the pages made for paper, read as HTML: what each shows, how
the board turns its pages, and what they answer for a league or game that does not exist."""

from __future__ import annotations

import doctest
import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import club_nights, games, leagues
from handfoot_score.services.tallies import read_entered
from handfoot_score.web.club_nights import board
from handfoot_score.web.printouts import routes as printouts

MELDED = {"melded": {"points": 1500}}


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def start(league_id: str, teams: list[list[str]]) -> str:
    return games.create_game(games.read_setup({"rules": "classic", "league": league_id,
                                               "teams": [{"players": players}
                                                         for players in teams]})).id


@pytest.fixture
def club(app: Flask) -> dict[str, str]:
    """A league with one game finished (Ann and Bob won 1,500 to 0) and one in round 2."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club"}).id
        done = start(league_id, [["Ann", "Bob"], ["Cy", "Di"]])
        for number in range(1, 5):
            games.record_round(done, read_entered([MELDED if number == 1 else {}, {}]))
        playing = start(league_id, [["Eve", "Fay"], ["Gus", "Hal"]])
        games.record_round(playing, read_entered([{}, {"melded": {"points": 870}}]))
        return {"league": league_id, "done": done, "playing": playing}


def test_the_page_turning_of_the_board() -> None:
    assert doctest.testmod(board).failed == 0


def test_the_board_shows_standings_with_ratings_games_in_play_and_last_results(
        client: FlaskClient, club: dict[str, str]) -> None:
    page = text(client.get(f"/leagues/{club['league']}/board"))
    standings = page.split('class="board-standings"')[1].split("</section>")[0]
    assert [re.sub(r"<[^>]+>", "", name) for name in re.findall(
        r'<th scope="row" class="board-name">(.*?)</th>', standings)] == [
        "Ann", "Bob", "Cy", "Di"]
    assert "Rating" in standings
    in_play = page.split('class="board-games"')[1].split("</section>")[0]
    assert "Round 2 of 4" in in_play and "Ann" not in in_play
    assert re.search(r"Gus & Hal</span> <span class=\"num board-total\">870<", in_play)
    results = page.split('class="board-results"')[1].split("</section>")[0]
    assert re.search(r'★</span> Ann & Bob</span> <span class="num">1,500</span> · \s*'
                     r'<span class="board-name">Cy & Di</span> <span class="num">0<', results)
    assert "Eve" not in results


def test_the_board_turns_to_the_next_page_of_standings_every_few_ticks(
        client: FlaskClient, app: Flask) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Big club"}).id
        for pair in range(8):
            game = start(league_id, [[f"P{pair}a", f"P{pair}b"], [f"Q{pair}a", f"Q{pair}b"]])
            for number in range(1, 5):
                games.record_round(game, read_entered(
                    [{"melded": {"points": 100 * pair + 100}} if number == 1 else {}, {}]))
    pages = [text(client.get(f"/leagues/{league_id}/board?tick={tick}"))
             for tick in (0, board.TICKS_PER_PAGE - 1, board.TICKS_PER_PAGE,
                          2 * board.TICKS_PER_PAGE)]
    shown = [re.findall(r'class="board-name">([^<]+)</th>', page) for page in pages]
    assert len(shown[0]) == board.STANDINGS_LINES and shown[1] == shown[0]
    assert not set(shown[2]) & set(shown[0]) and len(shown[3]) == board.STANDINGS_LINES
    assert "1 of 4" in pages[0] and "2 of 4" in pages[2] and "3 of 4" in pages[3]
    assert f"tick={board.TICKS_PER_PAGE + 1}" in pages[2]


def test_a_name_too_long_for_its_line_takes_two_lines_of_the_page(
        client: FlaskClient, app: Flask) -> None:
    """The board pages the standings by the lines their names take, so a long name wraps
    instead of being cut, and the page holds one row less."""
    long_name = "Maximiliane-Charlotte"
    with app.app_context():
        league_id = leagues.create_league({"name": "Long names"}).id
        for pair in range(6):
            first = [long_name if pair == 0 else f"P{pair}a", f"P{pair}b"]
            game = start(league_id, [first, [f"Q{pair}a", f"Q{pair}b"]])
            for number in range(1, 5):
                games.record_round(game, read_entered(
                    [{"melded": {"points": 900 - 100 * pair}} if number == 1 else {}, {}]))
    page = text(client.get(f"/leagues/{league_id}/board"))
    shown = re.findall(r'class="board-name">([^<]+)</th>', page)
    assert long_name in shown and len(shown) == board.STANDINGS_LINES - 1


def test_a_game_started_by_hand_shows_beside_tonights_tables(
        client: FlaskClient, app: Flask) -> None:
    """Walk-ins at a spare table start a league game by hand while a night is on: the board
    shows it after tonight's tables, with its round and live total."""
    players = [f"Player {letter}" for letter in "ABCDEFGHIJKLM"]
    with app.app_context():
        league_id = leagues.create_league({"name": "Club night"}).id
        night = club_nights.create_night(league_id, club_nights.read_night(
            {"players": players, "games_each": 3, "seed": 7}))
        started = club_nights.start_table(league_id, night.id, 1, 1).game.id
        by_hand = start(league_id, [["Walk-in Wendy", "Walk-in Walter"], ["Nadia", "Olga"]])
        games.record_round(by_hand, read_entered([{}, {"melded": {"points": 1250}}]))
    page = text(client.get(f"/leagues/{league_id}/board"))
    shown = page.split('class="board-games"')[1].split("</section>")[0]
    assert "Tonight's tables" in shown
    assert shown.index('id="table-1"') < shown.index('id="table-3"') < shown.index(
        f'id="game-{by_hand}"')
    assert f'id="game-{started}"' not in shown  # the first table's game is on its table
    card = shown.split(f'id="game-{by_hand}"')[1].split("</article>")[0]
    assert "Round 2 of 4" in card and "Table" not in card
    assert re.search(r"Nadia & Olga</span> <span class=\"num board-total\">1,250<", card)


def test_the_board_follows_without_javascript_by_refreshing_at_the_next_tick(
        client: FlaskClient, club: dict[str, str]) -> None:
    page = text(client.get(f"/leagues/{club['league']}/board?tick=7"))
    assert re.search(r'<noscript><meta http-equiv="refresh" content="4; url=/leagues/'
                     + club["league"] + r'/board\?tick=8"></noscript>', page)


@pytest.mark.parametrize("address", ["/leagues/nope/board", "/leagues/nope/report",
                                     "/games/nope/sheet", "/rules/nope/sheet"])
def test_a_printout_or_board_of_nothing_is_not_found(client: FlaskClient, address: str) -> None:
    assert client.get(address).status_code == 404


def test_the_league_report_has_standings_ratings_every_result_and_a_chart(
        client: FlaskClient, club: dict[str, str]) -> None:
    page = text(client.get(f"/leagues/{club['league']}/report"))
    assert "Club rating" in page and "Partnerships" in page
    chart = page.split("<svg")[1].split("</svg>")[0]
    assert [name for name in ("Ann", "Bob", "Cy", "Di") if f">{name}</text>" in chart] == [
        "Ann", "Bob", "Cy", "Di"]
    played = page.split('class="paper-table paper-games"')[1].split("</table>")[0]
    assert "Ann & Bob" in played and "1,500" in played and "Eve" not in played
    assert page.count("paper-new-page") == 2


def test_the_score_sheet_of_a_game_has_each_round_part_by_part_and_the_rules(
        client: FlaskClient, club: dict[str, str]) -> None:
    page = text(client.get(f"/games/{club['done']}/sheet"))
    assert "Classic" in page and "★ won" in page
    assert page.count('class="breakdown"') == 4 and "Cards melded" in page
    assert "Ann, Bob" in page and "Cy, Di" in page


@pytest.mark.parametrize(("teams", "columns"), [(None, 2), ("3", 3), ("9", 2)])
def test_a_blank_score_sheet_has_the_rounds_the_points_and_boxes_per_team(
        client: FlaskClient, teams: str | None, columns: int) -> None:
    query = "" if teams is None else f"?teams={teams}"
    page = text(client.get(f"/rules/classic/sheet{query}"))
    assert page.count('class="breakdown paper-boxes"') == 4
    first = page.split('class="breakdown paper-boxes"')[1].split("</table>")[0]
    assert first.count('class="team-column"') == columns
    assert "Each card" in page and "Each book" in page and "Books needed" in page
    assert "50" in page


def test_every_page_prints_without_its_navigation_buttons_or_forms(
        client: FlaskClient, club: dict[str, str]) -> None:
    page = text(client.get("/"))
    assert re.search(r'href="/static/css/print\.css\?v=\w+" media="print"', page)
    css = client.get("/static/css/print.css").get_data(as_text=True)
    hidden = re.search(r"}([^{}]*){display:none!important}", css)
    assert hidden is not None
    assert {".site-header", ".site-foot", "button", "form", ".button"} <= set(
        hidden.group(1).split(","))


def test_the_chart_of_ratings_starts_below_the_lowest() -> None:
    from handfoot_score.services.standings import Standing
    rows = [Standing(players=(name,), player_ids=(n,), games=1, wins=0, ties=0, losses=1,
                     points=0, best=0, rating=rating)
            for n, (name, rating) in enumerate((("Ann", 1180), ("Bob", 1010), ("Cy", 1300)))]
    chart = printouts.RatingBars.of(rows)
    assert chart is not None
    assert [bar.name for bar in chart.bars] == ["Cy", "Ann", "Bob"]
    assert chart.bars[0].width == chart.plot_width and 0 < chart.bars[2].width < chart.plot_width
    assert printouts.RatingBars.of([]) is None


def test_the_board_shows_tonights_tables_in_the_rotation_being_played(
        app: Flask, client: FlaskClient, club: dict[str, str]) -> None:
    from datetime import UTC, datetime, timedelta

    from handfoot_score.services import club_nights

    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
    with app.app_context():
        night = club_nights.create_night(club["league"], club_nights.night_setup(names, 2))
        first = night.rotations[0]
        started = club_nights.start_table(club["league"], night.id, 1, 1).game.id
        games.record_round(started, read_entered([{"melded": {"points": 640}}, {}]))
    page = text(client.get(f"/leagues/{club['league']}/board"))
    tables = page.split('class="board-games"')[1].split("</section>")[0]
    assert "Tonight's tables" in tables and "Rotation 1" in tables
    assert "Games in play" not in page
    one, two = first.tables
    assert re.search(r"Table 1 ·\s+Round 2 of 4", tables)
    assert re.search(re.escape(" & ".join(one.plan.teams[0])) +
                     r"</span> <span class=\"num board-total\">640<", tables)
    assert re.search(r"Table 2 ·\s+Not started yet", tables)
    assert " & ".join(two.plan.teams[1]) in tables
    # Both tables of the first rotation over: the board moves on to the second.
    with app.app_context():
        for table in (1, 2):
            game_id = club_nights.start_table(club["league"], night.id, 1, table).game.id
            while games.get_game(game_id).current_round is not None:
                games.record_round(game_id, read_entered([{}, {}]))
        assert club_nights.tonight(club["league"]).rotation.number == 2
        # A night drawn yesterday evening is not tonight's.
        later = datetime.now(UTC) + club_nights.TONIGHT + timedelta(minutes=1)
        assert club_nights.tonight(club["league"], now=later) is None
    assert "Rotation 2" in text(client.get(f"/leagues/{club['league']}/board"))
