"""The round screen's extras: the Undo of the round just recorded stays until something else
is written, each team's own count offered up front, a team's checklist following its saved
count, a correction saying what changed, and the screen kept on while a game is played."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games
from tests.form_data import form_values
from tests.game_pages import (
    QUIET,
    page_text,
    record,
    save_round,
    start_game,
    state_of,
    team_panel_text,
)

OWLS_FOXES = [{"name": "Owls"}, {"name": "Foxes"}]
RECORDED = "Round 1 recorded — Owls +100, Foxes \u221245 · Undo"




def test_undo_stays_on_the_round_screen_after_a_reload(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    assert RECORDED in page_text(save_round(client, game_id))
    for _ in range(2):
        again = client.get(f"/games/{game_id}")
        assert RECORDED in page_text(again)
    version = form_values(again.get_data(as_text=True))["version"]
    assert version == str(state_of(app, game_id).version)
    taken = client.post(f"/games/{game_id}/rounds/1/undo", data={"version": version},
                        follow_redirects=True)
    assert "Round 1 was taken back" in page_text(taken)
    assert state_of(app, game_id).rounds == ()
    assert "Undo" not in page_text(client.get(f"/games/{game_id}"))


def test_a_reload_answered_not_modified_keeps_the_undo(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    save_round(client, game_id)
    shown = client.get(f"/games/{game_id}")
    assert RECORDED in page_text(shown) and shown.get_etag()[0]
    unchanged = client.get(f"/games/{game_id}",
                           headers={"If-None-Match": shown.headers["ETag"]})
    assert unchanged.status_code == 304


def test_a_book_tap_after_the_round_takes_the_undo_away(app: Flask,
                                                         client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    save_round(client, game_id)
    tapped = client.post(f"/games/{game_id}/books",
                         data={"team": 1, "kind": "clean", "change": 1}, follow_redirects=True)
    assert "Undo" not in page_text(tapped)
    assert "Undo" not in page_text(client.get(f"/games/{game_id}"))


def test_a_write_on_another_phone_takes_the_undo_away(app: Flask,
                                                      client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    save_round(client, game_id)
    with app.app_context():
        games.tap_book(game_id, 0, "dirty", 1)
        games.tap_book(game_id, 0, "dirty", -1)
    assert "Undo" not in page_text(client.get(f"/games/{game_id}"))


def test_the_undo_is_offered_on_the_phone_that_recorded_the_round(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    save_round(client, game_id)
    other_phone = app.test_client()
    assert "Undo" not in page_text(other_phone.get(f"/games/{game_id}"))
    assert RECORDED in page_text(client.get(f"/games/{game_id}"))


def test_the_last_round_still_lands_on_the_result_with_its_undo(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    for _ in range(3):
        record(app, game_id, QUIET, QUIET)
    landed = save_round(client, game_id, 4)
    assert landed.request.path == f"/games/{game_id}/over"
    assert "Round 4 recorded — Owls +100, Foxes \u221245 · Undo" in page_text(landed)


def correct(client: FlaskClient, game_id: str, **typed: str) -> Any:
    """Correct round 1 on its count page with ``typed`` in place of what was saved, saving
    again when the page asks "save anyway?" about the counts (round 1 holds fewer cards than
    were dealt)."""
    page = f"/games/{game_id}/rounds/1"
    values = {name: value for name, value in
              form_values(client.get(page).get_data(as_text=True)).items()
              if name not in ("next", "theme")}
    values.update(typed)
    asked = client.post(f"{page}/correct", data=values)
    if asked.status_code != 200 or not form_values(asked.get_data(as_text=True)).get("warned_ok"):
        return client.get(asked.location) if asked.status_code == 303 else asked
    return client.post(f"{page}/correct", data=form_values(asked.get_data(as_text=True)),
                       follow_redirects=True)


def test_a_correction_says_what_changed_on_the_page_it_lands_on(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    record(app, game_id, QUIET, QUIET)
    landed = correct(client, game_id, **{"teams-0-melded_eight_to_king": "14"})
    assert landed.request.path == f"/games/{game_id}/scoreboard"
    assert "Round 1 corrected: Owls +40" in page_text(landed)
    assert "Foxes +" not in page_text(landed)
    both = correct(client, game_id, **{"teams-0-melded_eight_to_king": "4",
                                       "teams-1-points_mode": "y", "teams-1-points_shown": "1",
                                       "teams-1-melded_points": "1400"})
    assert both.status_code == 200, page_text(both)[:3000]
    assert "Round 1 corrected: Owls \u2212100, Foxes +1,300" in page_text(both)
    # Said once: the scoreboard shown again has no message.
    assert "corrected" not in page_text(client.get(f"/games/{game_id}/scoreboard"))


def test_a_correction_that_changes_no_score_says_so(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    record(app, game_id, QUIET, QUIET)
    landed = correct(client, game_id)
    assert "Round 1 corrected: no team's score changed." in page_text(landed)


def test_the_correction_message_groups_figures_the_readers_way(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    record(app, game_id, QUIET, QUIET)
    client.set_cookie("lang", "de")
    landed = correct(client, game_id, **{"teams-1-points_mode": "y",
                                         "teams-1-points_shown": "1",
                                         "teams-1-melded_points": "1400"})
    assert "Foxes +1.300" in page_text(landed)


def test_each_team_can_count_on_its_own_phone_from_the_round_screen(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    links = re.findall(r'<a class="button button-secondary" href="([^"]+)" '
                       r'aria-label="Count only (\w+)">(\w+)</a>', page)
    assert links == [(f"/games/{game_id}/rounds/1?team=0", "Owls", "Owls"),
                     (f"/games/{game_id}/rounds/1?team=1", "Foxes", "Foxes")]
    # Beside "Count the round", before the round's rules.
    assert page.index("Count the round") < page.index("Count one team:") < \
        page.index("Count only Owls") < page.index("This round’s rules")
    owls = client.get(f"/games/{game_id}/rounds/1?team=0").get_data(as_text=True)
    values = form_values(owls)
    assert "teams-0-melded_aces" in values and "teams-1-melded_aces" not in values
    assert f'action="/games/{game_id}/rounds/1/teams/0"' in owls




def test_the_checklist_follows_the_count_a_team_saved(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic", teams=OWLS_FOXES)
    with app.app_context():
        for _ in range(3):
            games.tap_book(game_id, 0, "clean", 1)
    assert "Clean books: 3 of 2" in team_panel_text(client, game_id, 0)
    owls = form_values(client.get(f"/games/{game_id}/rounds/1?team=0").get_data(as_text=True))
    owls.update({"teams-0-melded_eight_to_king": "14", "teams-0-books_clean": "2",
                 "teams-0-left_eight_to_king": "38", "went_out": "nobody"})
    saved = client.post(f"/games/{game_id}/rounds/1/teams/0", data=owls)
    assert saved.status_code == 303, page_text(saved)[:2000]
    panel = team_panel_text(client, game_id, 0)
    assert "Clean books: 2 of 2 done" in panel and "3 of 2" not in panel
    # Taps no longer count for a team whose count is saved: its counters are put away.
    assert "take back one clean book" not in client.get(f"/games/{game_id}").get_data(
        as_text=True).split('id="team-1"')[0]
    assert "Clean books: 0 of 2" in team_panel_text(client, game_id, 1)


def test_the_screen_is_kept_on_while_the_game_is_played(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = start_game(app, teams=OWLS_FOXES)
    for page in (f"/games/{game_id}", f"/games/{game_id}/rounds/1",
                 f"/games/{game_id}/rounds/1?team=1"):
        assert 'data-awake=""' in client.get(page).get_data(as_text=True), page
    for _ in range(4):
        record(app, game_id, QUIET, QUIET)
    over = client.get(f"/games/{game_id}/scoreboard").get_data(as_text=True)
    assert "data-awake" not in over
