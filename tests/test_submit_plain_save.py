"""A plain save of the round being played: what the bound form reads is what is recorded,
and every post the form cannot save as it stands shows the page again, storing nothing."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.game_pages import start_game, state_of


def a_save(**changes: str) -> dict[str, str]:
    """A post that saves: cards counted for both teams (at least the 52 dealt to each), who
    went out answered."""
    data = {"teams-0-melded_aces": "4", "teams-0-left_eight_to_king": "48",
            "teams-1-left_twos": "1", "teams-1-left_four_to_seven": "30",
            "teams-1-left_eight_to_king": "21", "went_out": "nobody",
            "teams-0-part_version": "0", "teams-1-part_version": "0",
            "request_key": "k" * 32}
    data.update(changes)
    return {key: value for key, value in data.items() if value != "(none)"}


def record(client: FlaskClient, game_id: str, data: dict[str, str]) -> int:
    """Post the count form's save of round 1; its status."""
    return client.post(f"/games/{game_id}/rounds/1/record", data=data).status_code


def test_a_plain_save_records_each_teams_tally(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    assert record(client, game_id, a_save()) == 303
    [recorded] = state_of(app, game_id).rounds
    us, them = recorded.tallies
    assert us.melded.aces == 4 and not us.went_out
    assert them.left.twos == 1 and not them.went_out


@pytest.mark.parametrize("changes", [
    {"went_out": "(none)"},                               # who went out not answered
    {"went_out": "2"},                                    # no such team
    {"teams-1-points_mode": "y"},                         # a switch flipped without scripts
    {"teams-1-left_twos": "", "teams-1-left_four_to_seven": "",
     "teams-1-left_eight_to_king": ""},                   # nothing counted, not asked yet
    {"teams-1-left_four_to_seven": ""},                   # fewer cards than dealt, not asked
], ids=str)
def test_what_cannot_save_as_it_stands_shows_the_page_again(
        app: Flask, client: FlaskClient, changes: dict[str, str]) -> None:
    game_id = start_game(app)
    status = record(client, game_id, a_save(**changes))
    assert status in (200, 400), status
    assert state_of(app, game_id).rounds == ()


def test_a_team_asked_about_saves_with_nothing_counted(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    assert record(client, game_id, a_save(**{
        "teams-1-left_twos": "", "teams-1-left_four_to_seven": "",
        "teams-1-left_eight_to_king": "", "empty_ok": "1"})) == 303
    [recorded] = state_of(app, game_id).rounds
    assert recorded.tallies[1].left.twos == 0
