"""A round saved from the count page: what it stores, what it answers, and the league results
of a game's last round."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from handfoot_score.engine.presets import CLASSIC
from handfoot_score.extensions import db
from handfoot_score.services import games, leagues, tally_parts
from handfoot_score.services.tallies import read_entered, read_entered_tally, tally_json
from handfoot_score.storage.models import (
    GameStatus,
    LeagueSeat,
    LeagueTeam,
    Team,
)
from handfoot_score.web.counting.tally_form import RoundTallyForm
from tests.form_data import form_values, page_form
from tests.game_pages import QUIET, TWO_TEAMS, record, start_game, state_of, without_tokens
from tests.game_rows import stored

#: A round as a team counts it on the page: cards on the table and left, a book; 52 cards, as
#: dealt to a team of two.
COUNTED = {"melded_jokers": "2", "melded_aces": "4", "melded_eight_to_king": "14",
           "left_aces": "1", "left_four_to_seven": "2", "left_eight_to_king": "29",
           "books_clean": "1",
           "red_threes_down": "1"}


def counted_form(client: FlaskClient, game_id: str) -> dict[str, str]:
    """The count page of round 1, fetched and filled in for both teams, nobody gone out."""
    values = page_form(client, f"/games/{game_id}/rounds/1")
    for team in range(2):
        values.update({f"teams-{team}-{name}": value for name, value in COUNTED.items()})
    values["went_out"] = "nobody"
    return values


def test_a_saved_round_stores_its_tallies_and_scores_and_clears_the_taps(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with app.app_context():
        games.tap_book(game_id, 0, "clean", 1)
    before = stored(app, game_id)
    form = counted_form(client, game_id)
    answer = client.post(f"/games/{game_id}/rounds/1/record", data=form)
    assert answer.status_code == 303
    after = stored(app, game_id)
    assert after["rounds"] == [(1, 1, form["request_key"])]
    assert after["books"] == [{}, {}], "the taps of play were for this round"
    assert after["version"] == before["version"] + 1
    assert after["updated_at"] != before["updated_at"]
    assert after["status"] == GameStatus.PLAYING
    state = state_of(app, game_id)
    (us, them), = after["tallies"]
    for row, score, tally in zip((us, them), state.round(1).scores, state.round(1).tallies):
        assert row[1] == tally_json(tally)
        assert row[2:] == (score.melded_points, score.book_points, score.red_three_points,
                           score.going_out_points, score.bonus_points, score.left_points,
                           score.total)
    # Stored as what was counted: a team that did not go out stores no "went_out".
    assert us[1]["books"]["clean"] == 1 and "went_out" not in them[1]


def test_the_page_and_the_service_store_a_round_alike(app: Flask, client: FlaskClient) -> None:
    by_page, by_service = start_game(app), start_game(app)
    form = counted_form(client, by_page)
    assert client.post(f"/games/{by_page}/rounds/1/record", data=form).status_code == 303
    with app.test_request_context(method="POST", data=form):
        teams = RoundTallyForm.for_game(state_of(app, by_page).rules,
                                        [t["name"] for t in TWO_TEAMS]).to_teams()
    record(app, by_service, *teams)
    page_rows, service_rows = stored(app, by_page), stored(app, by_service)
    assert page_rows["tallies"] == service_rows["tallies"]
    assert page_rows["version"] == service_rows["version"]


def test_a_retried_save_records_one_round(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    form = counted_form(client, game_id)
    first = client.post(f"/games/{game_id}/rounds/1/record", data=form)
    again = client.post(f"/games/{game_id}/rounds/1/record", data=form)
    assert (first.status_code, again.status_code) == (303, 303)
    assert len(stored(app, game_id)["rounds"]) == 1


def test_recording_the_round_clears_its_saved_counts(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app)
    with app.app_context():
        tally_parts.save_part(game_id, 1, 0, read_entered_tally(QUIET, 0), 0)
    assert stored(app, game_id)["parts"] == [1]
    with app.app_context():
        state = games.get_game(game_id)
        games.record_round(game_id, read_entered([QUIET, QUIET]),
                           based_on=state.part_versions())
    assert stored(app, game_id)["parts"] == []


def test_the_last_count_records_the_round_with_the_counts_key(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        _, done = tally_parts.save_part(game_id, 1, 0, read_entered_tally(QUIET, 0), 0)
        assert not done
        state, done = tally_parts.save_part(game_id, 1, 1, read_entered_tally(QUIET, 1), 0)
    assert done and len(state.rounds) == 1
    rows = stored(app, game_id)
    assert rows["rounds"] == [(1, 1, tally_parts.request_key(1))]
    assert rows["parts"] == []
    assert rows["version"] == state.version == state_of(app, game_id).version


def test_the_last_round_finishes_the_game_and_keeps_its_league_results(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Thursday"}).id
    game_id = start_game(app, league=league)
    for _ in range(3):
        record(app, game_id, QUIET, {})
    state = record(app, game_id, {"melded": {"eight_to_king": 30}}, QUIET)
    assert state.finished and state.winners == (0,)
    with app.app_context():
        entries = db.session.scalars(select(LeagueTeam).join(Team).where(
            Team.game_id == game_id).order_by(Team.position)).all()
        assert [(e.total, e.outcome) for e in entries] == [
            (state.totals[0], "win"), (state.totals[1], "loss")]
        seats = db.session.scalars(select(LeagueSeat).where(
            LeagueSeat.team_id.in_([e.team_id for e in entries]))).all()
        assert sorted((s.total, s.outcome) for s in seats) == sorted(
            [(state.totals[0], "win")] * 2 + [(state.totals[1], "loss")] * 2)
    assert stored(app, game_id)["status"] == GameStatus.FINISHED


#: The message after round 1 of a game whose first team is "Us & <them>", as the next page
#: shows it (its token left out: it is signed with the moment).
RECORDED_HTML = (
    '<div class="flash flash-recorded" role="status"><form class="undo-form" method="post" '
    'action="/games/GAME/rounds/1/undo">Round 1 recorded — Us &amp; &lt;them&gt; +330, Them '
    '+600 ·\n<input type="hidden" name="csrf_token" value=""><input type="hidden" '
    'name="version" value="2"><button type="submit" class="button-secondary undo-button">'
    'Undo</button></form></div>')


def recorded_message(client: FlaskClient, game_id: str, **headers: str) -> str:
    """The message a save of round 1 leaves on the round screen, as that page shows it (it
    stays there, with its Undo, until anything else is written)."""
    form = counted_form(client, game_id)
    # Each team holds the 52 cards dealt to it; the cards of one kind on the table and left
    # alike weigh nothing in its score.
    tallies = [{"melded_eight_to_king": "40", "melded_aces": "4", "left_jokers": "3",
                "melded_four_to_seven": "3", "left_four_to_seven": "3"},
               {"melded_eight_to_king": "31", "left_eight_to_king": "21", "books_clean": "1"}]
    for team, counted in enumerate(tallies):
        form = {key: value for key, value in form.items()
                if not key.startswith(f"teams-{team}-") or key.endswith(
                    ("part_version", "points_shown"))}
        form.update({f"teams-{team}-{name}": value for name, value in counted.items()})
    assert client.post(f"/games/{game_id}/rounds/1/record", data=form,
                       headers=headers).status_code == 303
    page = client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True)
    start = page.index('<div class="flash flash-recorded"')
    return page[start:page.index("</div>", start) + len("</div>")]


def test_the_recorded_message_is_the_html_it_always_was(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = start_game(app, teams=[{"name": "Us & <them>", "players": ["Ann"]},
                                     {"name": "Them", "players": ["Cy"]}])
    message = recorded_message(client, game_id)
    assert without_tokens(message).replace(game_id, "GAME") == RECORDED_HTML
    with client.session_transaction() as session:
        token = form_values(message)["csrf_token"]
        assert token and session["csrf_token"]


def test_the_recorded_message_speaks_the_pages_language(app: Flask,
                                                        client: FlaskClient) -> None:
    message = recorded_message(client, start_game(app), **{"Accept-Language": "de"})
    assert "Runde 1 eingetragen – Us +330, Them +600 ·" in message
    assert ">Rückgängig</button>" in message


def test_a_count_form_class_is_made_once_for_its_rules_teams_and_language(app: Flask) -> None:
    names = [team["name"] for team in TWO_TEAMS]
    with app.test_request_context():
        first = RoundTallyForm.for_game(CLASSIC, names)
        again = RoundTallyForm.for_game(CLASSIC, names)
        three = RoundTallyForm.for_game(CLASSIC, [*names, "Greens"])
    with app.test_request_context(headers={"Accept-Language": "de"}):
        german = RoundTallyForm.for_game(CLASSIC, names)
    assert type(first) is type(again)
    assert type(three) is not type(first) and len(three.teams) == 3
    assert type(german) is not type(first)
    assert german.went_out.label.text != first.went_out.label.text
    assert first.teams is not again.teams, "each form is bound on its own"

