"""The tally page: whole games played through it, points mode, errors, what stops a half
round being saved, double submits, corrections, Undo and the live preview's JSON."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.scoring import score_round, score_team
from handfoot_score.engine.tally import Points
from handfoot_score.services import games
from handfoot_score.services.tallies import read_entered, read_tallies
from tests.conftest import TEST_CONFIG
from tests.form_data import form_values, page_form

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def new_game(app: Flask, rules: object = "classic") -> str:
    with app.app_context():
        return games.create_game(games.read_setup({"rules": rules, "teams": TEAMS})).id


def state_of(app: Flask, game_id: str) -> games.GameState:
    with app.app_context():
        return games.get_game(game_id)


def going_out_tally(rules_id: str) -> dict[str, Any]:
    """A tally counted card by card that holds exactly the books needed to go out, and on the
    table at least the cards dealt to a team of two (a black three left besides)."""
    rules = PRESETS[rules_id]
    books = rules.rounds[0].going_out_books
    kinds = ("clean", "dirty", "wild") if rules.books.wild else ("clean", "dirty")
    melded = {"jokers": 2 * books.wild + 1, "twos": 5 * books.wild + books.dirty, "aces": 4,
              "eight_to_king": 7 * books.clean + 5 * books.dirty}
    return {
        "melded": {**melded, "four_to_seven": 2 * (rules.hand_size + rules.foot_size)
                   - sum(melded.values())},
        "left": {"black_threes": 1},
        "books": {kind: getattr(books, kind) for kind in kinds},
        "red_threes_down": 1,
        **({"exact_draws": 1} if PRESETS[rules_id].exact_draw_bonus else {}),
        "went_out": True,
    }


def caught_tally() -> dict[str, Any]:
    """A team caught with cards, counted in points, with a red three in hand."""
    return {"melded": {"points": 230}, "left": {"points": 85}, "red_threes_left": 1}


def fill(values: dict[str, str], team: int, tally: dict[str, Any]) -> None:
    """Type a JSON tally into the page's inputs, switching to points or to cards (a team
    that counted its last round in points starts in points) as the script would."""
    prefix = f"teams-{team}-"
    in_points = "points" in tally.get("melded", {})
    if in_points:
        values[prefix + "points_mode"] = "y"
        values[prefix + "points_shown"] = "1"
    else:
        values.pop(prefix + "points_mode", None)
        values[prefix + "points_shown"] = ""
    for part in ("melded", "left"):
        for key, count in tally.get(part, {}).items():
            values[f"{prefix}{part}_{key}"] = str(count)
    for kind, count in tally.get("books", {}).items():
        values[f"{prefix}books_{kind}"] = str(count)
    for key in ("red_threes_down", "red_threes_left", "exact_draws"):
        if key in tally:
            values[prefix + key] = str(tally[key])
    if tally.get("went_out"):
        values["went_out"] = str(team)
    values.setdefault("went_out", "nobody")


def tally_url(game_id: str, number: int) -> str:
    return f"/games/{game_id}/rounds/{number}"


def error_summary(page: str) -> str:
    match = re.search(r'<div class="error-summary[^"]*" role="alert".*?</div>', page, re.S)
    return match.group(0) if match else ""


def engine_totals(rules_id: str, rounds: list[list[dict[str, Any]]]) -> list[int]:
    totals = [0, 0]
    for number, teams in enumerate(rounds, start=1):
        scored = score_round(PRESETS[rules_id], number, read_tallies(teams))
        totals = [t + s.total for t, s in zip(totals, scored.teams)]
    return totals


@pytest.mark.parametrize("rules_id", sorted(PRESETS))
def test_a_whole_game_through_the_page_totals_as_the_engine_and_the_service(
        app: Flask, client: FlaskClient, rules_id: str) -> None:
    game_id = new_game(app, rules_id)
    played: list[list[dict[str, Any]]] = []
    for number in range(1, 5):
        teams = [going_out_tally(rules_id), caught_tally()] if number % 2 else \
            [caught_tally(), going_out_tally(rules_id)]
        values = page_form(client, tally_url(game_id, number))
        for team, tally in enumerate(teams):
            fill(values, team, tally)
        preview = client.post(tally_url(game_id, number) + "/preview", data=values)
        response = client.post(tally_url(game_id, number) + "/record", data=values)
        assert response.status_code == 303, error_summary(response.get_data(as_text=True))
        # The table lands on the next round (the result once the game is over).
        assert response.location.endswith(f"/games/{game_id}")
        played.append(teams)
        expected = engine_totals(rules_id, played)
        state = state_of(app, game_id)
        assert list(state.totals) == expected
        assert [s.total for s in state.rounds[-1].scores] == \
            [s.total for s in score_round(PRESETS[rules_id], number,
                                          read_tallies(teams)).teams]
        assert [team["total_after"] for team in preview.json["teams"]] == expected
    assert state_of(app, game_id).finished


def test_the_page_reminds_to_count_every_card(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    fill(values, 0, going_out_tally("classic"))
    fill(values, 1, caught_tally())
    client.post(tally_url(game_id, 1) + "/record", data=values)
    page = client.get(tally_url(game_id, 2)).get_data(as_text=True)
    assert "Round 2 of 4 · Empty counts as 0." in page
    assert '<legend>Them</legend>' in page


def test_the_script_is_a_deferred_file_and_nothing_inline(app: Flask,
                                                          client: FlaskClient) -> None:
    page = client.get(tally_url(new_game(app), 1)).get_data(as_text=True)
    assert re.search(r'<script src="/static/js/tally\.js\?v=[0-9a-f]{12}" defer></script>', page)
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert ' on' + 'click=' not in page
    with client.get("/static/js/tally.js") as script:
        assert script.status_code == 200


def test_the_round_starts_from_the_books_tapped_during_play(app: Flask,
                                                            client: FlaskClient) -> None:
    game_id = new_game(app)
    with app.app_context():
        games.tap_book(game_id, 1, "clean", 1)
        games.tap_book(game_id, 1, "clean", 1)
        games.tap_book(game_id, 0, "wild", 1)
    values = page_form(client, tally_url(game_id, 1))
    assert (values["teams-1-books_clean"], values["teams-0-books_wild"]) == ("2", "1")
    assert values["teams-0-books_clean"] == ""
    assert len(values["request_key"]) == 32
    assert not values.get("version"), "a new round has no version to be based on"


def test_only_the_inputs_the_rules_score_are_shown(app: Flask, client: FlaskClient) -> None:
    classic = page_form(client, tally_url(new_game(app, "classic"), 1))
    pagat = page_form(client, tally_url(new_game(app, "pagat"), 1))
    assert "teams-0-books_wild" in classic and "teams-0-books_wild" not in pagat
    assert "teams-0-exact_draws" in pagat and "teams-0-exact_draws" not in classic
    assert "teams-0-red_threes_down" in pagat
    page = client.get(tally_url(new_game(app, "pagat"), 1)).get_data(as_text=True)
    assert "300 each: exactly 22 cards drawn" in page
    house = {"base": "classic", "special_books": [
        {"id": "sevens", "name": "Book of sevens", "bonus": 1500, "kind": "four_to_seven",
         "rank": "7"}]}
    page = client.get(tally_url(new_game(app, house), 1)).get_data(as_text=True)
    assert '<label>Book of sevens<input type="number" inputmode="numeric" ' \
           'name="teams-1-books_sevens"' in page


def test_enter_in_a_count_shows_the_score_and_saves_nothing(app: Flask,
                                                             client: FlaskClient) -> None:
    game_id = new_game(app)
    page = client.get(tally_url(game_id, 1)).get_data(as_text=True)
    first = re.search(r"<form class=\"tally\".*?<button([^>]*)>", page, re.S)
    assert first and f'formaction="{tally_url(game_id, 1)}/show"' in first.group(1), \
        "Enter presses the form's first button, which only shows the score"
    values = page_form(client, tally_url(game_id, 1))
    values["teams-0-melded_jokers"] = "1"
    response = client.post(tally_url(game_id, 1) + "/show", data=values)
    assert response.status_code == 200
    shown = response.get_data(as_text=True)
    assert form_values(shown)["teams-0-melded_jokers"] == "1"
    assert "<strong data-preview=\"total\">50</strong>" in shown
    assert not error_summary(shown)
    assert state_of(app, game_id).rounds == ()


def test_the_points_switch_shows_points_without_javascript(app: Flask,
                                                         client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    assert '<div class="counts" data-mode="points" hidden>' in client.get(
        tally_url(game_id, 1)).get_data(as_text=True)
    fill(values, 0, going_out_tally("classic"))
    values["teams-1-points_mode"] = "y"  # ticked, then Save pressed with no script
    response = client.post(tally_url(game_id, 1) + "/record", data=values)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    team = page[page.index('id="team-1"'):]
    assert re.search(r'<div class="counts" data-mode="points"><p class="r1">'
                     r'<label>Points on the table<input[^>]*name="teams-1-melded_points"', team)
    assert '<div class="counts" data-mode="cards" hidden>' in team
    assert "fill them in, then save" in page
    assert state_of(app, game_id).rounds == ()
    values = form_values(page)
    assert values["teams-1-points_shown"] == "1"
    values["teams-1-melded_points"], values["teams-1-left_points"] = "230", "85"
    response = client.post(tally_url(game_id, 1) + "/record", data=values)
    assert response.status_code == 303
    [_, them] = state_of(app, game_id).rounds[0].tallies
    assert (them.melded, them.left) == (Points(230), Points(85))


def test_errors_name_team_and_input_and_keep_what_was_typed(app: Flask,
                                                           client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    values["teams-0-melded_aces"] = "3"
    values["teams-1-books_wild"] = "1"
    values["teams-1-melded_eight_to_king"] = "12"
    values["went_out"] = "nobody"
    response = client.post(tally_url(game_id, 1) + "/record", data=values)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    summary = error_summary(page)
    assert 'tabindex="-1"' in summary
    # The problem is the cards counted, so it sits on them, not on the books.
    assert ('<a href="#teams-1-melded_jokers">Them — Jokers on the table: The books counted '
            'need at least 7 wild cards (jokers, twos) on the table; 0 counted</a>') in summary
    kept = form_values(page)
    assert (kept["teams-0-melded_aces"], kept["teams-1-books_wild"],
            kept["teams-1-melded_eight_to_king"]) == ("3", "1", "12")
    assert kept["request_key"] == values["request_key"]
    assert re.search(r'id="teams-1-melded_jokers"[^>]*aria-invalid="true"', page)
    assert state_of(app, game_id).rounds == ()


def test_text_that_is_no_count_is_kept_and_named(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    values["teams-0-left_twos"] = "two"
    values["teams-1-red_threes_left"] = "-1"
    values["went_out"] = "nobody"
    page = client.post(tally_url(game_id, 1) + "/record", data=values).get_data(as_text=True)
    summary = error_summary(page)
    assert "Us — Twos left: Must be a whole number, 0 or more" in summary
    assert "Them — Red threes caught: Must be a whole number, 0 or more" in summary
    kept = form_values(page)
    assert (kept["teams-0-left_twos"], kept["teams-1-red_threes_left"]) == ("two", "-1")


def test_a_double_submit_records_one_round(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    fill(values, 0, going_out_tally("classic"))
    fill(values, 1, caught_tally())
    first = client.post(tally_url(game_id, 1) + "/record", data=values)
    again = client.post(tally_url(game_id, 1) + "/record", data=values)
    assert (first.status_code, again.status_code) == (303, 303)
    assert again.location == first.location
    state = state_of(app, game_id)
    assert len(state.rounds) == 1
    assert state.current_round == 2


def test_a_double_submit_says_the_round_is_recorded_once(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    fill(values, 0, going_out_tally("classic"))
    fill(values, 1, caught_tally())
    for _tap in range(2):
        assert client.post(tally_url(game_id, 1) + "/record", data=values).status_code == 303
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert page.count("Round 1 recorded") == 1


def test_a_round_recorded_from_another_phone_keeps_this_ones_input(
        app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    mine = page_form(client, tally_url(game_id, 1))
    theirs = page_form(client, tally_url(game_id, 1))
    for values in (mine, theirs):
        fill(values, 0, going_out_tally("classic"))
        fill(values, 1, caught_tally())
    mine["teams-0-melded_aces"] = "5"
    assert client.post(tally_url(game_id, 1) + "/record", data=theirs).status_code == 303
    response = client.post(tally_url(game_id, 1) + "/record", data=mine)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Round 1 cannot be recorded now: the next round is 2." in error_summary(page)
    assert form_values(page)["teams-0-melded_aces"] == "5"
    assert len(state_of(app, game_id).rounds) == 1


def play_three_rounds(app: Flask, client: FlaskClient) -> str:
    game_id = new_game(app)
    for number in range(1, 4):
        values = page_form(client, tally_url(game_id, number))
        fill(values, 0, going_out_tally("classic"))
        fill(values, 1, caught_tally())
        assert client.post(tally_url(game_id, number) + "/record", data=values).status_code == 303
    return game_id


def test_correcting_round_one_after_round_three_changes_totals_and_nothing_else(
        app: Flask, client: FlaskClient) -> None:
    game_id = play_three_rounds(app, client)
    before = state_of(app, game_id)
    values = page_form(client, tally_url(game_id, 1))
    assert values["version"] == "1"
    assert "request_key" not in values or values["request_key"] == ""
    assert (values["teams-0-melded_aces"], values["teams-0-books_wild"]) == ("4", "1")
    assert (values["teams-1-points_mode"], values["teams-1-melded_points"]) == ("y", "230")
    assert values["went_out"] == "0"
    values["teams-1-melded_points"] = "430"
    response = client.post(tally_url(game_id, 1) + "/correct", data=values)
    assert response.status_code == 303
    assert response.location.endswith(f"/games/{game_id}/scoreboard")
    after = state_of(app, game_id)
    assert list(after.totals) == [before.totals[0], before.totals[1] + 200]
    assert after.rounds[1:] == before.rounds[1:]
    assert after.rounds[0].version == 2
    assert after.rounds[0].scores[0] == before.rounds[0].scores[0]
    assert after.rounds[0].tallies[0] == before.rounds[0].tallies[0]
    assert after.rounds[0].tallies[1].melded == Points(430)
    assert len(after.rounds) == 3 and after.current_round == 4


def test_a_stale_correction_shows_the_message_and_keeps_the_input(
        app: Flask, client: FlaskClient) -> None:
    game_id = play_three_rounds(app, client)
    values = page_form(client, tally_url(game_id, 1))
    stored = state_of(app, game_id).rounds[0]
    with app.app_context():
        games.correct_round(game_id, 1, stored.tallies, version=1)
    values["teams-1-melded_points"] = "630"
    response = client.post(tally_url(game_id, 1) + "/correct", data=values)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Round 1 was changed meanwhile (now version 2)" in error_summary(page)
    assert "Them on the other phone: on the table 230 points; left 85 points" \
        in error_summary(page)
    kept = form_values(page)
    # Based on the stored version now: saving again re-applies this phone's input.
    assert (kept["teams-1-melded_points"], kept["version"]) == ("630", "2")
    assert state_of(app, game_id).rounds[0].tallies == stored.tallies
    assert client.post(tally_url(game_id, 1) + "/correct", data=kept).status_code == 303
    assert state_of(app, game_id).rounds[0].tallies[1].melded == Points(630)


def test_the_preview_scores_without_storing(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    teams = [going_out_tally("classic"), caught_tally()]
    fill(values, 0, teams[0])
    fill(values, 1, teams[1])
    response = client.post(tally_url(game_id, 1) + "/preview", data=values)
    assert response.status_code == 200
    body = response.json
    engine = score_round(PRESETS["classic"], 1, read_tallies(teams))
    assert body["errors"] == []
    assert [t["total"] for t in body["teams"]] == [s.total for s in engine.teams]
    assert [t["melded_points"] for t in body["teams"]] == \
        [s.melded_points for s in engine.teams]
    assert set(body["teams"][0]) >= {"name", "melded_points", "book_points",
                                     "red_three_points", "going_out_points", "bonus_points",
                                     "left_points", "total", "total_after", "meld_minimum"}
    assert state_of(app, game_id).rounds == ()


def test_the_preview_names_what_stops_a_score(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    values["teams-1-books_wild"] = "1"
    response = client.post(tally_url(game_id, 1) + "/preview", data=values)
    assert response.status_code == 422
    # Us, with nothing counted, score 0 on their own; Them cannot be scored yet.
    assert [team and team["total"] for team in response.json["teams"]] == [0, None]
    [error] = response.json["errors"]
    # The engine's field stays in the JSON; the page points at the cards that are short.
    assert (error["team"], error["field"], error["input"]) == (1, "books.wild",
                                                               "teams-1-melded_jokers")
    assert error["message"].startswith(
        "these books need wild cards (jokers, twos) on the table: at least 7,")
    assert error["text"].startswith("Them — Jokers on the table: The books counted need")


def test_one_teams_score_shows_while_the_other_still_counts(
        app: Flask, client: FlaskClient) -> None:
    """Us counted whole, Them with books whose cards are not typed yet: Us's score is the
    engine's for their count alone, Them's is not shown (issue #33)."""
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    fill(values, 0, caught_tally())
    values["teams-1-books_clean"] = "2"
    answer = client.post(tally_url(game_id, 1) + "/preview", data=values)
    assert answer.status_code == 422
    us, them = answer.json["teams"]
    alone = score_team(PRESETS["classic"], 1, read_tallies([caught_tally()])[0])
    assert (us["total"], us["total_after"], them) == (alone.total, alone.total, None)
    assert {error["team"] for error in answer.json["errors"]} == {1}
    # The page without JavaScript shows it too, Them's as not scored yet.
    page = client.post(tally_url(game_id, 1) + "/show", data=values).get_data(as_text=True)
    assert f"{alone.total:,}".replace("-", "−") in page


def test_the_page_shows_the_preview_without_javascript(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    values = page_form(client, tally_url(game_id, 1))
    fill(values, 0, going_out_tally("classic"))
    fill(values, 1, caught_tally())
    values["teams-0-melded_aces"] = "5"
    page = client.post(tally_url(game_id, 1) + "/show", data=values).get_data(as_text=True)
    engine = score_round(PRESETS["classic"], 1, read_tallies([
        {**going_out_tally("classic"),
         "melded": {**going_out_tally("classic")["melded"], "aces": 5}}, caught_tally()]))
    assert f'<strong data-preview="total">{engine.teams[0].total:,}</strong>' in page
    assert re.search(r'data-preview-team="1" aria-live="polite"', page)


def test_unknown_games_and_rounds_are_not_found(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(app)
    assert client.get(tally_url("no-such-game", 1)).status_code == 404
    assert client.get(tally_url(game_id, 2)).status_code == 404
    assert client.get(tally_url(game_id, 0)).status_code == 404
    assert client.post(tally_url(game_id, 3) + "/preview", data={}).status_code == 404


class _Inputs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inputs: list[dict[str, str]] = []
        self.labelled: set[str] = set()
        self.buttons: list[dict[str, str]] = []
        self.in_label = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("type") != "hidden":
            # An input inside a label without for= is that label's (an implicit label).
            self.inputs.append({**a, "in_label": "yes"} if self.in_label else a)
        elif tag == "label":
            self.in_label = "for" not in a
            if "for" in a:
                self.labelled.add(a["for"])
        elif tag == "button":
            self.buttons.append(a)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self.in_label = False


@pytest.mark.parametrize("rules_id", sorted(PRESETS))
def test_every_input_has_a_label_and_numbers_bring_the_keypad(
        app: Flask, client: FlaskClient, rules_id: str) -> None:
    page = client.get(tally_url(new_game(app, rules_id), 1)).get_data(as_text=True)
    found = _Inputs()
    found.feed(page)
    assert len(found.inputs) > 20
    for attrs in found.inputs:
        assert attrs.get("in_label") or attrs.get("id") in found.labelled, attrs
        if attrs["type"] == "number":
            assert attrs.get("inputmode") == "numeric", attrs
    [shows] = [b for b in found.buttons if b.get("formaction", "").endswith("/show")]
    assert shows.get("aria-hidden") == "true" and shows.get("tabindex") == "-1"


@pytest.fixture
def guarded_app() -> Flask:
    """The app with CSRF protection on, as it runs at the table."""
    return create_app({**TEST_CONFIG, "WTF_CSRF_ENABLED": True})


def test_a_missing_token_keeps_the_input_and_the_next_save_works(guarded_app: Flask) -> None:
    client = guarded_app.test_client()
    game_id = new_game(guarded_app)
    values = page_form(client, tally_url(game_id, 1))
    assert values["csrf_token"]
    fill(values, 0, going_out_tally("classic"))
    fill(values, 1, caught_tally())
    stepped = client.post(tally_url(game_id, 1) + "/show", data={
        **values, "csrf_token": ""})
    assert stepped.status_code == 200
    preview = client.post(tally_url(game_id, 1) + "/preview", data={**values, "csrf_token": ""})
    assert preview.status_code == 200
    refused = client.post(tally_url(game_id, 1) + "/record", data={**values, "csrf_token": "stale"})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "press Save once more" in error_summary(page)
    kept = form_values(page)
    assert kept["teams-0-melded_aces"] == values["teams-0-melded_aces"]
    assert state_of(guarded_app, game_id).rounds == ()
    assert client.post(tally_url(game_id, 1) + "/record", data=kept).status_code == 303
    assert len(state_of(guarded_app, game_id).rounds) == 1


@pytest.mark.parametrize("page, save", [("?team=1", "/teams/1"), ("", "/correct")],
                         ids=["one team's count", "a correction"])
def test_every_save_with_a_stale_token_shows_the_form_again(guarded_app: Flask, page: str,
                                                            save: str) -> None:
    client = guarded_app.test_client()
    game_id = new_game(guarded_app)
    if save == "/correct":
        with guarded_app.app_context():
            games.record_round(game_id, read_entered([going_out_tally("classic"),
                                                      caught_tally()]))
    values = page_form(client, tally_url(game_id, 1) + page)
    values["teams-1-left_aces"] = "7"
    before = state_of(guarded_app, game_id)
    refused = client.post(tally_url(game_id, 1) + save, data={**values, "csrf_token": "x"})
    assert refused.status_code == 400
    shown = refused.get_data(as_text=True)
    assert "press Save once more" in error_summary(shown)
    assert form_values(shown)["teams-1-left_aces"] == "7"
    assert f'action="{tally_url(game_id, 1)}{save}"' in shown
    assert state_of(guarded_app, game_id) == before
    # No such game: not found, stale token or not.
    gone = client.post(f"/games/no-such-game/rounds/1{save}", data={**values, "csrf_token": "x"})
    assert gone.status_code == 404
