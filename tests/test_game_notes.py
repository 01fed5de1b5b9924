"""Notes on a game: given at its start (the API, the new-game page) or later, checked field
by field, and carried by a league's export and import with its seasons; an older export
without them still imports."""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games, league_backup, leagues, seasons, standings
from handfoot_score.services.league_backup import InvalidBackup
from tests.test_new_game import filled, game_id_from
from tests.test_standings import play

TEAMS = [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]
NOTES = {"note": "Grandma's birthday", "place": "Kitchen", "played_on": "2026-12-24"}
CODE = "river and stone"


def test_the_api_takes_notes_at_the_start_and_later(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"rules": "pagat", "teams": TEAMS, **NOTES})
    assert created.status_code == 201
    assert {key: created.json[key] for key in NOTES} == NOTES
    url = f"/api/v1/games/{created.json['id']}"
    assert {key: client.get(url).json[key] for key in NOTES} == NOTES
    changed = client.put(url + "/notes", json={"note": "  New   year ", "played_on": None})
    assert changed.status_code == 200
    assert (changed.json["note"], changed.json["place"], changed.json["played_on"]) == \
        ("New year", None, None)
    assert changed.json["version"] == created.json["version"] + 1
    plain = client.post("/api/v1/games", json={"rules": "pagat", "teams": TEAMS}).json
    assert (plain["note"], plain["place"], plain["played_on"]) == (None, None, None)


@pytest.mark.parametrize(("body", "field"), [
    ({"note": "x" * 201}, "note"),
    ({"note": 12}, "note"),
    ({"note": "a\x00b"}, "note"),
    ({"place": "x" * 101}, "place"),
    ({"place": ["Kitchen"]}, "place"),
    ({"played_on": "2026-13-01"}, "played_on"),
    ({"played_on": "24/12/2026"}, "played_on"),
    ({"played_on": "2026-12-24T20:00:00"}, "played_on"),
    ({"played_on": 20261224}, "played_on"),
    ({"played_on": "0001-01-01"}, "played_on"),
])
def test_bad_notes_are_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any],
                                             field: str) -> None:
    created = client.post("/api/v1/games", json={"rules": "pagat", "teams": TEAMS, **body})
    assert created.status_code == 422
    assert [error["field"] for error in created.json["errors"]] == [field]
    game_id = client.post("/api/v1/games", json={"rules": "pagat", "teams": TEAMS}).json["id"]
    changed = client.put(f"/api/v1/games/{game_id}/notes", json=body)
    assert changed.status_code == 422
    assert [error["field"] for error in changed.json["errors"]] == [field]


def test_changing_a_league_games_notes_needs_the_code(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        league_id = leagues.create_league({"name": "Guarded", "edit_code": CODE}).id
        game_id = games.create_game(games.read_setup(
            {"rules": "pagat", "teams": TEAMS, "league": league_id}), edit_code=CODE).id
    url = f"/api/v1/games/{game_id}/notes"
    assert client.put(url, json={"note": "x"}).status_code == 403
    assert client.put(url, json={"note": "x"}, headers={"X-Edit-Code": CODE}).status_code == 200
    # The code is asked before the body is read: a wrong body needs the code to be told so.
    assert client.put(url, json={"colour": "red"}).status_code == 403
    assert client.put(url, json={"colour": "red"},
                      headers={"X-Edit-Code": CODE}).status_code == 422


def test_the_pages_take_notes_at_the_start_and_later(client: FlaskClient) -> None:
    started = client.post("/games/new", data=filled(client, note="Grandma's birthday"))
    game_id = game_id_from(started)
    round_page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Grandma&#39;s birthday" in round_page
    assert f'href="/games/{game_id}/notes"' in round_page
    notes_page = client.get(f"/games/{game_id}/notes")
    assert 'value="Grandma&#39;s birthday"' in notes_page.get_data(as_text=True)
    refused = client.post(f"/games/{game_id}/notes", data={"note": "x", "played_on": "soon"})
    assert refused.status_code == 422
    saved = client.post(f"/games/{game_id}/notes",
                        data={"note": "", "place": "Kitchen", "played_on": "2026-12-24"})
    assert saved.status_code == 303
    assert client.get(f"/api/v1/games/{game_id}").json["place"] == "Kitchen"
    refused = client.post("/games/new", data=filled(client, played_on="2026-02-30"))
    assert refused.status_code == 200  # the form shown again, as for any field it refuses
    assert 'id="played_on-error"' in refused.get_data(as_text=True)


@pytest.fixture
def exported(app: Flask) -> dict[str, Any]:
    """A league with a game before its seasons, a game in each of two seasons, and notes."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Club"}).id
        play(league_id, [["Ann"], ["Bob"]], [1000, 500])
        seasons.start_season(league_id, "Spring", date(2026, 3, 1))
        spring = play(league_id, [["Ann"], ["Bob"]], [200, 900])
        games.change_notes(spring, games.read_notes("Grandma's birthday", "Kitchen",
                                                    "2026-03-14"))
        seasons.start_season(league_id, "Summer", date(2026, 6, 1))
        play(league_id, [["Bob"], ["Cy"]], [300, 100])
        return league_backup.export_league(league_id)


def test_seasons_and_notes_round_trip(app: Flask, exported: dict[str, Any]) -> None:
    assert exported["version"] == 2
    assert exported["seasons"] == [{"name": "Spring", "starts_on": "2026-03-01"},
                                   {"name": "Summer", "starts_on": "2026-06-01"}]
    assert [game.get("season") for game in exported["games"]] == [None, 0, 1]
    assert {key: exported["games"][1][key] for key in NOTES} == {**NOTES,
                                                                "played_on": "2026-03-14"}
    with app.app_context():
        copy_id = league_backup.import_league(exported)
        assert league_backup.export_league(copy_id) == exported
        copied = seasons.league_seasons(copy_id)
        for season in ("", "all", *(str(s.id) for s in copied)):
            table = standings.league_standings(copy_id, season=season)
            assert [(r.name, r.games, r.points) for r in table.players] or season == ""
        now = standings.league_standings(copy_id)
        assert [(r.name, r.points) for r in now.players] == [("Bob", 300), ("Cy", 100)]
        spring = league_backup.export_league(copy_id, str(copied[0].id))
    assert spring["seasons"] == [{"name": "Spring", "starts_on": "2026-03-01"}]
    assert [(game["season"], game["note"]) for game in spring["games"]] == \
        [(0, "Grandma's birthday")]


def test_an_older_file_without_seasons_or_notes_imports(app: Flask,
                                                        exported: dict[str, Any]) -> None:
    older = copy.deepcopy(exported)
    older["version"] = 1
    del older["seasons"]
    for game in older["games"]:
        for key in ("season", *NOTES):
            game.pop(key, None)
    with app.app_context():
        copy_id = league_backup.import_league(older)
        assert seasons.league_seasons(copy_id) == ()
        assert len(standings.league_standings(copy_id).players) == 3
        again = league_backup.export_league(copy_id)
    assert again["seasons"] == [] and again["version"] == 2
    assert all(not {"season", *NOTES} & set(game) for game in again["games"])


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d["games"][1].update(season=2), "games[1].season"),
    (lambda d: d["games"][1].update(season="0"), "games[1].season"),
    (lambda d: d["games"][1].update(note="x" * 201), "games[1].note"),
    (lambda d: d["games"][1].update(played_on="March"), "games[1].played_on"),
    (lambda d: d["seasons"].append({"name": "spring", "starts_on": "2026-09-01"}),
     "seasons[2]"),
    (lambda d: d["seasons"].append({"name": "Autumn"}), "seasons[2]"),
    (lambda d: d["seasons"].append({"name": "Autumn", "starts_on": "09/01"}), "seasons[2]"),
    (lambda d: d.update(seasons={}), "seasons"),
])
def test_bad_seasons_and_notes_in_a_file_say_where(app: Flask, exported: dict[str, Any],
                                                   change: Any, where: str) -> None:
    broken = copy.deepcopy(exported)
    change(broken)
    with app.app_context(), pytest.raises(InvalidBackup) as raised:
        league_backup.import_league(broken)
    assert [problem.field for problem in raised.value.problems] == [where]
