"""Starting a game is one transaction: rules saved on the way are saved with the game, and
only with it (issue 12: a protected league's refusal used to keep a copy of the rules each
time the table tried again)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.engine.errors import InvalidRules
from handfoot_score.extensions import db
from handfoot_score.services import games, leagues
from handfoot_score.services.edit_codes import EditCodeRequired
from handfoot_score.services.errors import InvalidInput
from handfoot_score.storage.models import SavedRules
from tests.test_new_game import filled, game_id_from

CODE = "secret passphrase"
TEAMS = [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]


def saved_rules(app: Flask) -> list[tuple[str, str]]:
    with app.app_context():
        return [(row.id, row.name) for row in db.session.scalars(
            sa.select(SavedRules).order_by(SavedRules.id))]


def test_a_protected_leagues_retry_saves_the_rules_once(app: Flask, client: FlaskClient
                                                        ) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Club", "edit_code": CODE})
    typed = filled(client, f"/games/new?league={league.id}",
                   **{"house-rounds-0-going_out_bonus": "200", "save_as": "Thursday club"})
    for _ in range(2):  # the table taps Start again before it types the code
        refused = client.post("/games/new", data=typed)
        assert refused.status_code == 403
    assert saved_rules(app) == []
    carried = {**{k: v for k, v in typed.items() if k not in ("csrf_token", "next")},
               "next": "/games/new", "repost": "1", "edit_code": CODE}
    unlocked = client.post(f"/leagues/{league.id}/unlock", data=carried)
    assert unlocked.status_code == 307
    started = client.post(unlocked.location, data=carried)
    with app.app_context():
        state = games.get_game(game_id_from(started))
    assert saved_rules(app) == [("thursday-club", "Thursday club")]
    assert state.rules.id == "thursday-club"
    assert state.rules.rounds[0].going_out_bonus == 200


def test_the_service_saves_no_rules_for_a_game_it_refuses(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Club", "edit_code": CODE}).id
        body = {"rules": "pagat", "league": league, "teams": TEAMS}
        with pytest.raises(EditCodeRequired):
            games.create_game(games.read_setup(body), save_rules_as="Ours")
        with pytest.raises(InvalidInput):
            games.create_game(games.read_setup({**body, "teams": TEAMS[:1]}), edit_code=CODE,
                              save_rules_as="Ours")
        state = games.create_game(games.read_setup(body), edit_code=CODE, save_rules_as="Ours")
    assert state.rules.id == "ours"
    assert saved_rules(app) == [("ours", "Ours")]


def test_a_name_that_cannot_be_saved_starts_no_game(app: Flask) -> None:
    with app.app_context():
        with pytest.raises(InvalidRules) as refused:
            games.create_game(games.read_setup({"rules": "pagat", "teams": TEAMS}),
                              save_rules_as="bad\x00name")
        assert [p.field for p in refused.value.problems] == ["name"]
        assert games.games_in_play() == []
    assert saved_rules(app) == []


def test_a_name_taken_gets_the_next_free_id(app: Flask) -> None:
    with app.app_context():
        setup = games.read_setup({"rules": "pagat", "teams": TEAMS})
        first = games.create_game(setup, save_rules_as="Ours")
        second = games.create_game(setup, save_rules_as="Ours")
    assert (first.rules.id, second.rules.id) == ("ours", "ours-2")
