"""Each kind of write refused because another phone changed the same thing meanwhile: the
service raises its own type, the API answers it with what is stored now in ``current``, and
the page shows it one way."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games, tally_parts, undo
from handfoot_score.services.games import (
    GameConflict,
    SavedCount,
    StaleBookCount,
    StaleGame,
    StaleRound,
    StaleTeamCount,
    StaleTeamCounts,
)
from handfoot_score.services.tallies import read_entered, read_entered_tally
from tests.form_data import form_values
from tests.game_pages import QUIET, as_stored, page_text, record, start_game, tally

THEM = {"melded": {"points": 230}, "left": {"points": 85}}
THEIRS_IN_WORDS = "Them on the other phone: on the table 230 points; left 85 points."


def api(game_id: str, path: str = "") -> str:
    return f"/api/v1/games/{game_id}{path}"


def test_a_stale_correction_is_a_stale_round(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, THEM)
    values = form_values(client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True))
    corrected = client.put(api(game_id, "/rounds/1"), json={"teams": [QUIET, THEM], "version": 1})
    assert corrected.status_code == 200
    with app.app_context(), pytest.raises(StaleRound) as refused:
        games.correct_round(game_id, 1, read_entered([QUIET, QUIET]), version=1)
    assert (refused.value.number, refused.value.version) == (1, 2)
    assert refused.value.tallies == (tally(QUIET), tally(THEM))

    stale = client.put(api(game_id, "/rounds/1"), json={"teams": [QUIET, QUIET], "version": 1})
    assert stale.status_code == 409
    assert stale.json["current"] == {"round": 1, "version": 2,
                                     "teams": [as_stored(QUIET), as_stored(THEM)]}
    assert stale.json["errors"][0]["field"] == "version"

    values["teams-0-left_eight_to_king"] = "42"  # the 52 cards dealt to Us
    page = client.post(f"/games/{game_id}/rounds/1/correct", data=values)
    assert page.status_code == 409
    assert THEIRS_IN_WORDS in page_text(page)
    assert form_values(page.get_data(as_text=True))["version"] == "2"


def test_a_count_for_a_round_recorded_meanwhile_is_a_stale_round(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, THEM)
    with app.app_context(), pytest.raises(StaleRound) as refused:
        tally_parts.save_part(game_id, 1, 0, read_entered_tally(QUIET, 0), 0)
    assert refused.value.field == "round"

    late = client.put(api(game_id, "/rounds/1/parts/0"), json={"tally": QUIET, "version": 0})
    assert late.status_code == 409
    assert late.json["current"] == {"round": 1, "version": 1, "teams": [QUIET, THEM]}



def test_a_count_saved_over_a_newer_one_is_a_stale_team_count(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    values = form_values(client.get(f"/games/{game_id}/rounds/1?team=1").get_data(as_text=True))
    assert client.put(api(game_id, "/rounds/1/parts/1"),
                      json={"tally": THEM, "version": 0}).status_code == 200
    with app.app_context(), pytest.raises(StaleTeamCount) as refused:
        tally_parts.save_part(game_id, 1, 1, read_entered_tally(QUIET, 1), 0)
    assert refused.value.counts == (SavedCount(1, 1, tally(THEM)),)

    stale = client.put(api(game_id, "/rounds/1/parts/1"), json={"tally": QUIET, "version": 0})
    assert stale.status_code == 409
    assert stale.json["current"] == {"team": 1, "version": 1, "tally": as_stored(THEM)}

    values.update({"teams-1-melded_eight_to_king": "10", "teams-1-left_eight_to_king": "42",
                   "went_out": "nobody"})
    page = client.post(f"/games/{game_id}/rounds/1/teams/1", data=values)
    assert page.status_code == 409
    assert THEIRS_IN_WORDS in page_text(page)
    assert form_values(page.get_data(as_text=True))["teams-1-part_version"] == "1"


def test_a_round_over_newer_counts_is_stale_team_counts(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    values = form_values(client.get(f"/games/{game_id}/rounds/1").get_data(as_text=True))
    client.put(api(game_id, "/rounds/1/parts/1"), json={"tally": THEM, "version": 0})
    with app.app_context(), pytest.raises(StaleTeamCounts) as refused:
        games.record_round(game_id, read_entered([QUIET, QUIET]), based_on=(0, 0))
    assert type(refused.value) is StaleTeamCounts
    assert refused.value.counts == (SavedCount(1, 1, tally(THEM)),)

    stale = client.post(api(game_id, "/rounds"),
                        json={"teams": [QUIET, QUIET], "part_versions": [0, 0]})
    assert stale.status_code == 409
    assert stale.json["current"] == {"parts": [{"team": 1, "version": 1,
                                                "tally": as_stored(THEM)}]}

    values.update({"teams-0-melded_eight_to_king": "10", "teams-1-melded_eight_to_king": "10",
                   "teams-0-left_eight_to_king": "42", "teams-1-left_eight_to_king": "42",
                   "went_out": "nobody"})
    page = client.post(f"/games/{game_id}/rounds/1/record", data=values)
    assert page.status_code == 409
    assert THEIRS_IN_WORDS in page_text(page)
    assert form_values(page.get_data(as_text=True))["teams-1-part_version"] == "1"


def test_a_tap_on_a_changed_count_is_a_stale_book_count(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    tap = {"team": 0, "kind": "clean", "change": 1, "seen": 0}
    assert client.post(api(game_id, "/books"), json=tap).status_code == 200
    with app.app_context(), pytest.raises(StaleBookCount) as refused:
        games.tap_book(game_id, 0, "clean", 1, seen=0)
    assert (refused.value.team, refused.value.kind, refused.value.count) == (0, "clean", 1)

    stale = client.post(api(game_id, "/books"), json=tap)
    assert stale.status_code == 409
    assert stale.json["current"] == {"team": 0, "kind": "clean", "count": 1}

    page = client.post(f"/games/{game_id}/books", data=tap, follow_redirects=True)
    assert "Another phone changed the clean books of Us to 1 meanwhile" in page_text(page)


@pytest.mark.parametrize("counter", ["/books", "/red-threes"])
def test_a_tap_through_the_api_always_says_the_count_it_saw(
        app: Flask, client: FlaskClient, counter: str) -> None:
    """``"seen": null`` was taken as a tap that compares nothing (Schemathesis sent it), so a
    second phone tapping the same book counted it twice."""
    game_id = start_game(app)
    tap = {"team": 0, "change": 1, "seen": 0} | ({"kind": "clean"} if counter == "/books" else {})
    assert client.post(api(game_id, counter), json=tap).status_code == 200

    blind = client.post(api(game_id, counter), json={**tap, "seen": None})
    assert blind.status_code == 422
    assert blind.json["errors"] == [{"team": None, "field": "seen",
                                     "message": "must be the count the phone showed"}]
    counts = client.get(api(game_id)).json
    assert (counts["books"][0]["clean"] if counter == "/books"
            else counts["red_threes_down"][0]) == 1


def test_an_undo_after_anything_else_was_entered_is_a_stale_game(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    seen = record(app, game_id, QUIET, THEM).version
    client.post(api(game_id, "/books"), json={"team": 0, "kind": "clean", "change": 1, "seen": 0})
    with app.app_context(), pytest.raises(StaleGame) as refused:
        undo.undo_round(game_id, 1, seen)
    assert refused.value.version == seen + 1

    stale = client.post(api(game_id, "/rounds/1/undo"), json={"version": seen})
    assert stale.status_code == 409
    assert stale.json["current"] == {"version": seen + 1}

    page = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": str(seen)},
                       follow_redirects=True)
    assert "Round 1 was not taken back: something was entered on another phone" \
        in page_text(page)


def test_a_refusal_about_nothing_changed_meanwhile_has_no_current(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with app.app_context(), pytest.raises(GameConflict) as refused:
        games.record_round(game_id, read_entered([QUIET, QUIET]), round_number=2)
    assert type(refused.value) is GameConflict and refused.value.current_data() is None
    wrong = client.post(api(game_id, "/rounds"), json={"round": 2, "teams": [QUIET, QUIET]})
    assert wrong.status_code == 409
    assert "current" not in wrong.json
    assert wrong.json["errors"] == [{"team": None, "field": "round", "message":
                                     "Round 2 cannot be recorded now: the next round is 1."}]

