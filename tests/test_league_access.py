"""A league with an edit code: without the code nothing in it changes, through the API or the
pages; wrong codes are throttled per league and client address, in the database, across
server processes (more on the throttle in ``test_throttles.py``)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import create_app
from handfoot_score.extensions import db
from handfoot_score.services import games, leagues
from handfoot_score.services.edit_codes import MAX_FAILURES, EditCodeRequired, TooManyAttempts
from handfoot_score.services.player_history import player_history
from handfoot_score.services.tallies import read_entered
from handfoot_score.storage.models import EditCodeFailure
from tests.form_data import form_values
from tests.site_map import database_rows

CODE = "river and stone"
TEAMS = [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]
ROUND = {"teams": [{"melded": {"points": 400}}, {"melded": {"points": 200}}]}


def game_body(league_id: str) -> dict[str, Any]:
    return {"rules": "pagat", "league": league_id, "teams": TEAMS}


@pytest.fixture
def league(app: Flask) -> str:
    """A protected league with a game in play (one round) and a finished game."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Guarded", "edit_code": CODE}).id
        for rounds in (1, 4):
            game = games.create_game(games.read_setup(game_body(league_id)), edit_code=CODE)
            for _ in range(rounds):
                games.record_round(game.id, read_entered(ROUND["teams"]))
        return league_id


def league_games(app: Flask, league_id: str) -> list[games.GameState]:
    """The league's games, oldest first."""
    with app.app_context():
        return [games.get_game(game.game_id) for game in player_history(league_id, 1).games]


def unchanged(app: Flask) -> dict[str, Any]:
    """Every row the tests guard: all but the record of wrong codes."""
    rows = database_rows(app)
    rows.pop("edit_code_failures")
    return rows


def fail_codes(app: Flask, league_id: str, times: int) -> None:
    """Wrong codes checked outside a request: they count against no address."""
    with app.app_context():
        for _ in range(times):
            with pytest.raises(EditCodeRequired):
                leagues.unlock(league_id, "wrong guess")


def age_failures(app: Flask, by: timedelta) -> None:
    """Move every recorded wrong code back in time."""
    with app.app_context():
        for failure in db.session.scalars(sa.select(EditCodeFailure)):
            failure.failed_at = failure.failed_at - by
        db.session.commit()


# Through the API


def test_starting_a_game_needs_the_code(app: Flask, client: FlaskClient, league: str) -> None:
    before = unchanged(app)
    for headers in ({}, {"X-Edit-Code": "wrong guess"}, {"X-Edit-Code": ""}):
        response = client.post("/api/v1/games", json=game_body(league), headers=headers)
        assert response.status_code == 403
        assert response.json["errors"][0]["field"] == "edit_code"
    assert unchanged(app) == before
    right = client.post("/api/v1/games", json=game_body(league), headers={"X-Edit-Code": CODE})
    assert right.status_code == 201


def test_correcting_a_round_needs_the_code(app: Flask, client: FlaskClient, league: str) -> None:
    finished = league_games(app, league)[1]
    before = unchanged(app)
    body = {"teams": [{"melded": {"points": 900}}, {}], "version": 1}
    url = f"/api/v1/games/{finished.id}/rounds/1"
    assert client.put(url, json=body).status_code == 403
    assert client.put(url, json=body, headers={"X-Edit-Code": "wrong guess"}).status_code == 403
    assert unchanged(app) == before
    assert client.put(url, json=body, headers={"X-Edit-Code": CODE}).status_code == 200


def test_the_next_round_is_recorded_without_the_code(app: Flask, client: FlaskClient,
                                                     league: str) -> None:
    """Players at the table keep score: only starting, correcting and stopping need it."""
    playing = league_games(app, league)[0]
    response = client.post(f"/api/v1/games/{playing.id}/rounds", json=ROUND)
    assert response.status_code == 201


def test_taking_back_a_finished_games_last_round_needs_the_code(
        app: Flask, client: FlaskClient, league: str) -> None:
    """The attack of issue #28: a correction is refused without the code, so undo the last
    round instead and record it again with other scores. Undo now asks for the code too."""
    finished = league_games(app, league)[1]
    assert finished.finished and finished.winners == (0,)
    before = unchanged(app)
    undo_url = f"/api/v1/games/{finished.id}/rounds/4/undo"
    body = {"version": finished.version}
    for headers in ({}, {"X-Edit-Code": "wrong guess"}):
        response = client.post(undo_url, json=body, headers=headers)
        assert response.status_code == 403
        assert response.json["errors"][0]["field"] == "edit_code"
    other_scores = {"teams": [{}, {"melded": {"points": 5000}}]}
    assert client.post(f"/api/v1/games/{finished.id}/rounds", json=other_scores
                       ).status_code == 409
    assert unchanged(app) == before
    assert league_games(app, league)[1].winners == (0,)
    right = client.post(undo_url, json=body, headers={"X-Edit-Code": CODE})
    assert right.status_code == 200
    assert right.json["status"] == "playing" and right.json["current_round"] == 4


def test_taking_back_a_round_of_a_game_in_play_needs_no_code(
        app: Flask, client: FlaskClient, league: str) -> None:
    """Recording a round of a game in play is open to the table, and so is taking it back."""
    playing = league_games(app, league)[0]
    response = client.post(f"/api/v1/games/{playing.id}/rounds/1/undo",
                           json={"version": playing.version})
    assert response.status_code == 200
    assert response.json["rounds"] == []


def test_stopping_a_game_needs_the_code(app: Flask, league: str) -> None:
    playing = league_games(app, league)[0]
    with app.app_context():
        with pytest.raises(EditCodeRequired):
            games.abandon_game(playing.id)
        assert games.get_game(playing.id).status == "playing"
        games.abandon_game(playing.id, edit_code=CODE)
        assert games.get_game(playing.id).status == "abandoned"


def test_a_rematch_stays_in_the_league_and_needs_the_code(app: Flask, league: str) -> None:
    finished = league_games(app, league)[1]
    with app.app_context():
        with pytest.raises(EditCodeRequired):
            games.play_again(finished.id)
        again = games.play_again(finished.id, edit_code=CODE)
        assert leagues.league_of_game(again.id).id == league  # type: ignore[union-attr]


def test_a_league_without_a_code_asks_for_none(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        open_league = leagues.create_league({"name": "Open"}).id
    response = client.post("/api/v1/games", json=game_body(open_league))
    assert response.status_code == 201


def test_the_unlock_key_stands_for_the_code(app: Flask, league: str) -> None:
    with app.app_context():
        key = leagues.unlock(league, CODE)
        assert CODE not in key
        games.create_game(games.read_setup(game_body(league)), edit_code=key)
        with pytest.raises(EditCodeRequired):
            games.create_game(games.read_setup(game_body(league)),
                              edit_code=key[:-1] + ("1" if key.endswith("0") else "0"))


def test_the_code_is_stored_only_as_a_salted_hash(app: Flask, league: str) -> None:
    with app.app_context():
        stored = db.session.execute(sa.text("select edit_code_hash from leagues")).scalar()
    assert CODE not in stored and stored.startswith(("scrypt:", "pbkdf2:"))


# Throttling


def test_five_wrong_codes_refuse_even_the_right_one_from_that_address_for_a_minute(
        app: Flask, client: FlaskClient, league: str) -> None:
    for _ in range(MAX_FAILURES):
        response = client.post("/api/v1/games", json=game_body(league),
                               headers={"X-Edit-Code": "wrong guess"})
        assert response.status_code == 403
    response = client.post("/api/v1/games", json=game_body(league),
                           headers={"X-Edit-Code": CODE})
    assert response.status_code == 429
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert "Too many wrong edit codes" in response.json["errors"][0]["message"]
    age_failures(app, timedelta(seconds=61))
    response = client.post("/api/v1/games", json=game_body(league),
                           headers={"X-Edit-Code": CODE})
    assert response.status_code == 201


def test_wrong_codes_older_than_ten_minutes_are_forgotten(app: Flask, league: str) -> None:
    fail_codes(app, league, MAX_FAILURES - 1)
    age_failures(app, timedelta(minutes=11))
    fail_codes(app, league, 1)
    with app.app_context():
        leagues.unlock(league, CODE)


def test_another_wrong_code_after_the_lock_locks_again(app: Flask, league: str) -> None:
    fail_codes(app, league, MAX_FAILURES)
    age_failures(app, timedelta(seconds=61))
    fail_codes(app, league, 1)
    with app.app_context(), pytest.raises(TooManyAttempts):
        leagues.unlock(league, CODE)


def test_the_throttle_is_per_league(app: Flask, league: str) -> None:
    with app.app_context():
        other = leagues.create_league({"name": "Other", "edit_code": CODE}).id
    fail_codes(app, league, MAX_FAILURES)
    with app.app_context():
        leagues.unlock(other, CODE)
        with pytest.raises(TooManyAttempts):
            leagues.unlock(league, CODE)


def test_the_throttle_holds_across_server_processes(tmp_path: Path) -> None:
    config = {"TESTING": True, "SECRET_KEY": "test",
              "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'shared.sqlite'}"}
    first, second = create_app(config), create_app(config)
    with first.app_context():
        league_id = leagues.create_league({"name": "Shared", "edit_code": CODE}).id
    fail_codes(first, league_id, MAX_FAILURES)
    with second.app_context(), pytest.raises(TooManyAttempts):
        leagues.unlock(league_id, CODE)
    for app in (first, second):
        with app.app_context():
            db.engine.dispose()


# Through the pages


def asks_for_the_code(response: Any, league_id: str, posted_to: str) -> None:
    """A form posted without the code is answered with the code's question, which posts the
    form again once the code is right."""
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert f'action="/leagues/{league_id}/unlock"' in page
    assert f'name="next" type="hidden" value="{posted_to}"' in page


def test_the_unlock_page_remembers_a_key_never_the_code(client: FlaskClient, league: str
                                                        ) -> None:
    response = client.post(f"/leagues/{league}/unlock", data={"edit_code": CODE})
    assert response.status_code == 303
    assert response.location == f"/leagues/{league}"
    with client.session_transaction() as session:
        assert league in session["league_keys"]
        assert CODE not in repr(dict(session))


def test_the_unlock_page_refuses_a_wrong_code_then_throttles(client: FlaskClient,
                                                             league: str) -> None:
    for _ in range(MAX_FAILURES):
        response = client.post(f"/leagues/{league}/unlock", data={"edit_code": "wrong guess"})
        assert response.status_code == 403
        assert "not this league&#39;s edit code" in response.get_data(as_text=True)
    response = client.post(f"/leagues/{league}/unlock", data={"edit_code": CODE})
    assert response.status_code == 429
    assert "Too many wrong edit codes" in response.get_data(as_text=True)
    with client.session_transaction() as session:
        assert league not in session.get("league_keys", {})


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/x",
                                    "javascript:alert(1)"])
def test_unlocking_never_sends_anyone_to_another_site(client: FlaskClient, league: str,
                                                      target: str) -> None:
    response = client.post(f"/leagues/{league}/unlock",
                           data={"edit_code": CODE, "next": target})
    assert response.location == f"/leagues/{league}"


def test_stopping_a_protected_game_on_its_page_asks_for_the_code(
        app: Flask, client: FlaskClient, league: str) -> None:
    playing = league_games(app, league)[0]
    before = unchanged(app)
    response = client.post(f"/games/{playing.id}/abandon")
    asks_for_the_code(response, league, f"/games/{playing.id}/abandon")
    assert unchanged(app) == before


def test_a_rematch_on_its_page_asks_for_the_code(app: Flask, client: FlaskClient,
                                                 league: str) -> None:
    finished = league_games(app, league)[1]
    before = unchanged(app)
    response = client.post(f"/games/{finished.id}/again")
    asks_for_the_code(response, league, f"/games/{finished.id}/again")
    assert unchanged(app) == before


def test_correcting_a_round_on_its_page_asks_for_the_code(app: Flask, client: FlaskClient,
                                                          league: str) -> None:
    finished = league_games(app, league)[1]
    page = client.get(f"/games/{finished.id}/rounds/1")
    assert page.status_code == 200
    before = unchanged(app)
    response = client.post(f"/games/{finished.id}/rounds/1/correct",
                           data=form_values(page.get_data(as_text=True)))
    asks_for_the_code(response, league, f"/games/{finished.id}/rounds/1/correct")
    assert unchanged(app) == before


def test_undoing_a_finished_games_round_on_its_page_asks_for_the_code(
        app: Flask, client: FlaskClient, league: str) -> None:
    """The result page's Undo, posted without the code, asks for it and then takes the round
    back once the code is right."""
    finished = league_games(app, league)[1]
    before = unchanged(app)
    undo_path = f"/games/{finished.id}/rounds/4/undo"
    response = client.post(undo_path, data={"version": finished.version})
    asks_for_the_code(response, league, undo_path)
    assert unchanged(app) == before
    carried = form_values(response.get_data(as_text=True))
    assert carried["version"] == str(finished.version)
    unlocked = client.post(f"/leagues/{league}/unlock", data={**carried, "edit_code": CODE})
    assert unlocked.status_code == 307 and unlocked.location == undo_path
    again = client.post(undo_path, data={"version": finished.version})
    assert again.status_code == 303
    assert again.location == f"/games/{finished.id}/rounds/4"
    assert league_games(app, league)[1].status == "playing"
