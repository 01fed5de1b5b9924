"""Heavy reads: a league's report, export and standings file take one of the process's few
slots and are refused at once (503, Retry-After) while every slot is taken; a streamed
answer holds its slot until it is read to the end or closed; and what they send is what
reading the whole league at once gave: the export the same document, byte for byte, the
report the same results."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from datetime import date
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.extensions import db
from handfoot_score.services import game_results, league_backup, league_play, leagues, seasons
from handfoot_score.services.heavy_reads import HEAVY_READS, HeavyRead, HeavyReadsBusy
from handfoot_score.services.league_backup import exporting
from tests.test_league_export import CARDS, HOUSE_RULES, POINTS, play

#: The four heavy reads, each a page or the API's answer.
HEAVY = ("/leagues/{}/report", "/leagues/{}/export", "/leagues/{}/standings.csv",
         "/api/v1/leagues/{}/export")


@pytest.fixture
def league(app: Flask) -> str:
    """A league of finished games (two of them tied, one of three teams), a game in play and
    a game stopped, under three rule sets, over two seasons."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Thursday club ß"}).id
        play(league_id, HOUSE_RULES, [["Ann", "Bob"], ["Cy", "Di"]], [[CARDS, POINTS]] * 4)
        play(league_id, "pagat", [["Ann"], ["Cy"], ["Eve"]],
             [[POINTS, {}, {"left": {"points": 120}}]] * 4)
        play(league_id, "classic", [["Bob", "Eve"], ["Di", "Ann"]], [[POINTS, POINTS]] * 4)
        seasons.start_season(league_id, "Spring", date(2026, 3, 1))
        play(league_id, "classic", [["Cy", "Di"], ["Ann", "Bob"]], [[CARDS, {}]] * 4)
        play(league_id, "italian", [["Bob", "Eve"], ["Di", "Ann"]], [[{}, POINTS]])
        play(league_id, HOUSE_RULES, [["Cy"], ["Bob"]], [[POINTS, CARDS]] * 2, stop=True)
        return league_id


@pytest.fixture
def slots_taken() -> Iterator[None]:
    """Every heavy-read slot of the process held, as by reads under way."""
    with ExitStack() as held:
        for _ in range(HEAVY_READS):
            held.enter_context(HeavyRead())
        yield


@pytest.mark.parametrize("address", HEAVY)
def test_a_heavy_read_is_refused_at_once_while_every_slot_is_taken(
        client: FlaskClient, league: str, slots_taken: None, address: str) -> None:
    answer = client.get(address.format(league))
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == str(HeavyReadsBusy.retry_after)
    if address.startswith("/api/"):
        assert answer.get_json() == {"errors": [{
            "team": None, "field": None,
            "message": "The scorekeeper is busy. Please try again in a moment."}]}
    else:
        assert "The scorekeeper is busy" in answer.get_data(as_text=True)


@pytest.mark.parametrize("address", HEAVY)
def test_a_heavy_read_gives_its_slot_back_once_read(client: FlaskClient, league: str,
                                                    address: str) -> None:
    for _ in range(HEAVY_READS + 1):
        assert client.get(address.format(league)).status_code == 200
    with ExitStack() as held:
        for _ in range(HEAVY_READS):
            held.enter_context(HeavyRead())


@pytest.mark.parametrize("address", HEAVY)
def test_a_streamed_answer_holds_its_slot_until_its_client_goes(
        client: FlaskClient, league: str, address: str) -> None:
    answer = client.get(address.format(league), buffered=False)
    assert answer.status_code == 200
    with ExitStack() as held:
        for _ in range(HEAVY_READS - 1):
            held.enter_context(HeavyRead())
        with pytest.raises(HeavyReadsBusy):
            HeavyRead()
    next(iter(answer.response))  # the client reads a piece, then goes
    answer.close()
    with ExitStack() as held:
        for _ in range(HEAVY_READS):
            held.enter_context(HeavyRead())


def test_an_unknown_league_frees_its_slot(client: FlaskClient, league: str) -> None:
    for _ in range(HEAVY_READS + 1):
        for address in HEAVY:
            assert client.get(address.format("nope")).status_code == 404
    assert client.get(HEAVY[0].format(league)).status_code == 200


@pytest.mark.parametrize("chunk", [1, 2, 100])
def test_the_streamed_export_is_the_document_byte_for_byte(
        app: Flask, client: FlaskClient, league: str, chunk: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exporting, "CHUNK_GAMES", chunk)
    page = client.get(f"/leagues/{league}/export").get_data()
    api = client.get(f"/api/v1/leagues/{league}/export").get_data()
    with app.app_context():
        document = league_backup.export_league(league)
        assert api == app.json.response(document).get_data()
    assert page == json.dumps(document, ensure_ascii=False, indent=1).encode()
    assert len(document["games"]) == 6 and len(document["rules"]) == 4
    assert "Thursday club ß" in page.decode()


def test_an_export_of_a_league_without_games_or_of_one_season(app: Flask,
                                                              client: FlaskClient) -> None:
    with app.app_context():
        empty = leagues.create_league({"name": "New club"}).id
        document = league_backup.export_league(empty)
    assert document["games"] == [] and document["rules"] == []
    assert client.get(f"/leagues/{empty}/export").get_data() == json.dumps(
        document, ensure_ascii=False, indent=1).encode()


def test_the_export_reads_whole_games_a_chunk_at_a_time(
        app: Flask, league: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exporting, "CHUNK_GAMES", 4)
    chunks: list[int] = []

    def note(connection: object, cursor: object, statement: str, parameters: Any,
             *args: object) -> None:
        if re.search(r"FROM games\b.*\bgames\.id IN", statement, re.DOTALL):
            values = parameters.values() if isinstance(parameters, dict) else parameters
            chunks.append(sum(value in game_ids for value in values))

    with app.app_context():
        export = league_backup.league_export(league)
        game_ids = {each.game_id for each in export.listed}
        sa.event.listen(db.engine, "before_cursor_execute", note)
        try:
            documents = list(export.games())
        finally:
            sa.event.remove(db.engine, "before_cursor_execute", note)
    assert chunks == [4, 2] and len(documents) == 6


@pytest.mark.parametrize("season", [None, "all"])
def test_the_reports_results_are_the_finished_games(app: Flask, league: str,
                                                    season: str | None) -> None:
    with app.app_context():
        chosen = seasons.choose_season(league, season).season_id
        results = list(game_results.finished_results(league, chosen))
        whole = league_play.finished_games(league, season_id=chosen)
        assert game_results.finished_count(league, chosen) == len(whole) == len(results)
    assert len(results) == (1 if season is None else 4)
    assert [r.game_id for r in results] == [g.id for g in whole]
    assert [r.totals for r in results] == [g.totals for g in whole]
    assert [r.winners for r in results] == [g.winners for g in whole]
    assert [[t.players for t in r.teams] for r in results] == \
        [[t.players for t in g.teams] for g in whole]
    assert [r.updated_at for r in results] == [g.updated_at for g in whole]


def test_the_report_lists_every_finished_game_of_the_season_asked_for(
        client: FlaskClient, league: str) -> None:
    page = client.get(f"/leagues/{league}/report?season=all").get_data(as_text=True)
    games = page.split('class="paper-table paper-games"')[1].split("</table>")[0]
    assert games.count("<tbody>") == 4 and "4 finished games." in page
    assert games.count("leader-mark") == 1 + 1 + 2 + 1  # the tied game has two winners
