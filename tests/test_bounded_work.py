"""Every request's work is bounded by what a real table sends: a body of a megabyte that lists
more teams, melds, cards, rounds or keys than any game has is refused (413 or 422, naming the
field) in a fraction of a second, never worked through; and the edit code of a new league,
costly to hash, is hashed only so many times an hour for one address (issue 28, point 2)."""

from __future__ import annotations

import copy
import io
import itertools
import json
import time
from datetime import timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from handfoot_score.config import MAX_CONTENT_LENGTH
from handfoot_score.engine.cards import DECK_SIZE, SMALLEST_MELD
from handfoot_score.engine.errors import MOST_PROBLEMS
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.extensions import db
from handfoot_score.services.new_edit_codes import MAX_HASHED, WINDOW
from handfoot_score.storage.models import EditCodeHashed
from tests.form_data import page_form

#: CPU time allowed for any one answer: the refusals take a few hundredths of a second;
#: this leaves room for a slow machine, and none for the seconds the work used to take. The
#: test client answers in this thread, so its CPU time is the answer's, and other programs
#: busy on the machine do not count (wall time did: a loaded machine failed a good answer).
SECONDS = 2.0
TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
CLASSIC = rules_to_dict(PRESETS["classic"])
CLASSIC_CARDS = PRESETS["classic"].decks * DECK_SIZE
CODE = "river and stone"
ADDRESSES = (f"198.18.{n // 256}.{n % 256}" for n in itertools.count(1))

BOUNDED = settings(max_examples=8, deadline=None, phases=[Phase.explicit, Phase.generate],
                   suppress_health_check=[HealthCheck.function_scoped_fixture,
                                          HealthCheck.too_slow, HealthCheck.data_too_large])


def compact(body: object) -> str:
    """``body`` as JSON without spaces, so a megabyte holds as much as it can."""
    return json.dumps(body, separators=(",", ":"))


def timed(send: Any, *args: Any, **kwargs: Any) -> tuple[TestResponse, float]:
    """The answer to one request and the CPU time this thread spent on it."""
    start = time.thread_time()
    response = send(*args, **kwargs)
    return response, time.thread_time() - start


def send_json(client: FlaskClient, method: str, address: str, body: object) -> TestResponse:
    """``body`` sent compactly; the answer must be quick, no 5xx, and small."""
    data = compact(body)
    response, took = timed(client.open, address, method=method, data=data,
                           content_type="application/json")
    assert took < SECONDS, (address, len(data), response.status_code, took)
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    assert len(response.data) < 100_000, (address, len(response.data))
    return response


def fields_of(response: TestResponse) -> set[str]:
    return {error["field"] for error in response.get_json()["errors"]}


def a_game(client: FlaskClient) -> str:
    response = client.post("/api/v1/games", json={"rules": "classic", "teams": TEAMS})
    assert response.status_code == 201
    return str(response.get_json()["id"])


def many(item: object, how_many: int, wrapped: Any) -> object:
    """``wrapped(items)`` with ``how_many`` copies of ``item``, as many as fit a body of the
    app's largest size."""
    fits = (MAX_CONTENT_LENGTH - len(compact(wrapped([])))) // (len(compact(item)) + 1)
    return wrapped([item] * min(how_many, fits))


# The reported bodies: each cost seconds, now refused by its length before it is read.


@pytest.mark.parametrize("address", ["/api/v1/score", "rounds", "correction"])
def test_340000_empty_tallies_are_refused_by_their_number(client: FlaskClient,
                                                          address: str) -> None:
    game_id = a_game(client)
    client.post(f"/api/v1/games/{game_id}/rounds", json={"teams": [{"melded": {"points": 90}},
                                                                  {}]})
    body: dict[str, Any] = {"teams": [{}] * 340_000}
    method = "POST"
    if address == "/api/v1/score":
        body.update(rules="classic", round=1)
    elif address == "rounds":
        address = f"/api/v1/games/{game_id}/rounds"
    else:
        address, method = f"/api/v1/games/{game_id}/rounds/1", "PUT"
        body["version"] = 1
    assert len(compact(body)) <= MAX_CONTENT_LENGTH
    response = send_json(client, method, address, body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert [error["field"] for error in errors] == ["teams"]
    assert "must list 1 to 6 teams, not 340,000" in errors[0]["message"]


def test_100000_melds_are_refused_by_their_number(client: FlaskClient) -> None:
    body = {"rules": "classic", "round": 1, "melds": [["5"]] * 100_000}
    response = send_json(client, "POST", "/api/v1/meld-check", body)
    assert response.status_code == 422
    assert fields_of(response) == {"melds"}
    assert f"at most {CLASSIC_CARDS // SMALLEST_MELD}" in response.get_json()["errors"][0][
        "message"]


@pytest.mark.parametrize("melds", [
    [[]] * 300_000,
    [["5"] * 200_000],
    [["K", "K", "K"]] * (CLASSIC_CARDS // SMALLEST_MELD - 1) + [["K"] * 10],
])
def test_more_melds_or_cards_than_the_decks_hold_are_refused(client: FlaskClient,
                                                             melds: list[list[str]]) -> None:
    response = send_json(client, "POST", "/api/v1/meld-check",
                         {"rules": "classic", "round": 1, "melds": melds})
    assert response.status_code == 422
    assert fields_of(response) == {"melds"}


def test_as_many_melds_as_the_decks_could_form_are_judged(client: FlaskClient) -> None:
    melds = [["K", "K", "K"]] * (CLASSIC_CARDS // SMALLEST_MELD)
    response = send_json(client, "POST", "/api/v1/meld-check",
                         {"rules": "classic", "round": 1, "melds": melds})
    assert response.status_code == 200
    assert len(response.get_json()["melds"]) == len(melds)


@pytest.mark.parametrize(("tally", "field"), [
    ({f"k{n}": 0 for n in range(80_000)}, "k0"),
    ({"books": {f"k{n}": 0 for n in range(80_000)}}, "books"),
    ({"melded": {"by_rank": {f"k{n}": 0 for n in range(80_000)}}}, "melded.by_rank"),
])
def test_a_tally_with_more_keys_than_a_tally_has_answers_briefly(
        client: FlaskClient, tally: dict[str, Any], field: str) -> None:
    response = send_json(client, "POST", "/api/v1/score",
                         {"rules": "classic", "round": 1, "teams": [tally, {}]})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert field in {error["field"] for error in errors}
    assert len(errors) <= MOST_PROBLEMS


@pytest.mark.parametrize(("change", "field"), [
    ({"rounds": [CLASSIC["rounds"][0]] * 7_000}, "rules.rounds"),
    ({"card_values": {**CLASSIC["card_values"], "by_rank": {f"k{n}": 1 for n in range(80_000)}}},
     "rules.card_values.by_rank"),
    ({f"k{n}": 1 for n in range(80_000)}, "rules.k0"),
])
def test_a_rule_set_larger_than_any_game_answers_briefly(
        client: FlaskClient, change: dict[str, Any], field: str) -> None:
    rules = {**copy.deepcopy(CLASSIC), **change}
    response = send_json(client, "POST", "/api/v1/score",
                         {"rules": rules, "round": 1, "teams": [{}, {}]})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert field in {error["field"] for error in errors}
    assert len(errors) <= MOST_PROBLEMS


def test_text_no_database_stores_is_found_quickly_in_a_megabyte(client: FlaskClient) -> None:
    body = {"rules": "classic", "round": 1, "melds": [[]] * 300_000 + [["\x00"]]}
    response = send_json(client, "POST", "/api/v1/meld-check", body)
    assert response.status_code == 422
    assert fields_of(response) == {"melds.300000.0"}


def test_the_meld_calculator_reads_no_more_than_its_cards_fill(client: FlaskClient) -> None:
    response, took = timed(client.get, "/meld-calculator?melds=" + "|" * 200_000 + "K")
    assert took < SECONDS
    assert response.status_code == 200
    assert "at most 100 cards" in response.get_data(as_text=True)


# Oversized but valid: every entry well formed, only too many of them.

TALLY = st.sampled_from([{}, {"melded": {"points": 90}}, {"books": {"clean": 1}},
                         {"melded": {"jokers": 1, "aces": 3}, "went_out": True}])
#: How many entries: a few too many, or a megabyte's worth (``many`` stops at what fits).
HOW_MANY = st.one_of(st.integers(7, 64), st.integers(1_000, 400_000),
                     st.just(MAX_CONTENT_LENGTH))


@BOUNDED
@given(tally=TALLY, how_many=HOW_MANY, where=st.sampled_from(["score", "rounds", "correct"]))
@example(tally={}, how_many=MAX_CONTENT_LENGTH, where="score")
@example(tally={}, how_many=MAX_CONTENT_LENGTH, where="rounds")
def test_many_valid_tallies(client: FlaskClient, tally: dict[str, Any], how_many: int,
                            where: str) -> None:
    game_id = a_game(client)
    if where == "score":
        body = many(tally, how_many, lambda teams: {"rules": "classic", "round": 1,
                                                    "teams": teams})
        response = send_json(client, "POST", "/api/v1/score", body)
    elif where == "rounds":
        body = many(tally, how_many, lambda teams: {"teams": teams})
        response = send_json(client, "POST", f"/api/v1/games/{game_id}/rounds", body)
    else:
        body = many(tally, how_many, lambda teams: {"teams": teams, "version": 1})
        response = send_json(client, "PUT", f"/api/v1/games/{game_id}/rounds/1", body)
    assert response.status_code in (404, 409, 413, 422)


MELD = st.sampled_from([["K", "K", "K"], ["A", "A", "2"], ["JK", "JK", "JK"], ["5"],
                        ["9", "9", "9", "9", "9", "9", "9"]])


@BOUNDED
@given(meld=MELD, how_many=st.one_of(st.integers(91, 400), st.integers(1_000, 300_000),
                                     st.just(MAX_CONTENT_LENGTH)),
       rules=st.sampled_from(["classic", "pagat", "italian"]))
@example(meld=["5"], how_many=MAX_CONTENT_LENGTH, rules="classic")
def test_many_valid_melds(client: FlaskClient, meld: list[str], how_many: int,
                          rules: str) -> None:
    decks = PRESETS[rules].decks
    how_many = max(how_many, decks * DECK_SIZE // SMALLEST_MELD + 1)
    body = many(meld, how_many, lambda melds: {"rules": rules, "round": 1, "melds": melds})
    response = send_json(client, "POST", "/api/v1/meld-check", body)
    assert response.status_code in (413, 422)


@BOUNDED
@given(how_many=HOW_MANY, players=st.integers(1, 3), in_team=st.booleans())
def test_many_valid_teams_and_players(client: FlaskClient, how_many: int, players: int,
                                      in_team: bool) -> None:
    if in_team:
        body = many("Ann", how_many, lambda names: {
            "rules": "classic", "teams": [{"players": names}, {"players": ["Bo"]}]})
    else:
        team = {"players": [f"P{n}" for n in range(players)]}
        body = many(team, how_many, lambda teams: {"rules": "classic", "teams": teams})
    response = send_json(client, "POST", "/api/v1/games", body)
    assert response.status_code in (413, 422)


@BOUNDED
@given(how_many=st.integers(1_000, 60_000),
       form=st.sampled_from(["count", "team count", "new game", "players", "house rules"]))
def test_many_entries_in_a_page_form(client: FlaskClient, how_many: int, form: str) -> None:
    game_id = a_game(client)
    shown, target, name = {
        "count": (f"/games/{game_id}/rounds/1", f"/games/{game_id}/rounds/1/record",
                  "teams-{n}-melded"),
        "team count": (f"/games/{game_id}/rounds/1?team=0",
                       f"/games/{game_id}/rounds/1/teams/0", "teams-{n}-melded"),
        "new game": ("/games/new", None, "teams-{n}-players-0"),
        "players": ("/games/new", None, "teams-0-players-{n}"),
        "house rules": ("/rules/house?base=pagat", "/rules/house", "rounds-{n}-meld_minimum"),
    }[form]
    fields = {**page_form(client, shown), **{name.format(n=n): "5" for n in range(how_many)}}
    response, took = timed(client.post, target or shown, data=fields)
    assert took < SECONDS, (form, how_many, took)
    assert response.status_code < 500


# The edit code of a new league: hashed only so many times an hour for one address.


def create(client: FlaskClient, address: str, code: str | None = CODE) -> TestResponse:
    body = {"name": "Club"} if code is None else {"name": "Club", "edit_code": code}
    return client.post("/api/v1/leagues", json=body, environ_base={"REMOTE_ADDR": address})


def test_leagues_with_an_edit_code_are_throttled_per_address(client: FlaskClient) -> None:
    busy, other = next(ADDRESSES), next(ADDRESSES)
    for _ in range(MAX_HASHED):
        assert create(client, busy).status_code == 201
    refused = create(client, busy)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= WINDOW.total_seconds()
    assert fields_of(refused) == {"edit_code"}
    assert create(client, other).status_code == 201
    assert create(client, busy, code=None).status_code == 201


def test_a_refused_or_invalid_code_is_not_counted(app: Flask, client: FlaskClient) -> None:
    address = next(ADDRESSES)
    assert create(client, address, code="short").status_code == 422
    for _ in range(MAX_HASHED):
        assert create(client, address).status_code == 201
    for _ in range(3):
        assert create(client, address).status_code == 429
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(EditCodeHashed)) \
            == MAX_HASHED


def test_the_throttle_lifts_as_the_oldest_leave_the_window(app: Flask,
                                                           client: FlaskClient) -> None:
    address = next(ADDRESSES)
    for _ in range(MAX_HASHED):
        assert create(client, address).status_code == 201
    assert create(client, address).status_code == 429
    with app.app_context():
        oldest = db.session.scalars(sa.select(EditCodeHashed).order_by(EditCodeHashed.id)
                                    ).first()
        assert oldest is not None
        oldest.hashed_at = oldest.hashed_at - WINDOW - timedelta(seconds=1)
        db.session.commit()
    assert create(client, address).status_code == 201
    assert create(client, address).status_code == 429


def test_the_new_league_page_is_throttled_too(client: FlaskClient) -> None:
    address = next(ADDRESSES)
    for _ in range(MAX_HASHED):
        assert create(client, address).status_code == 201
    page = client.post("/leagues", data={"name": "Club", "edit_code": CODE},
                       environ_base={"REMOTE_ADDR": address})
    assert page.status_code == 429
    assert int(page.headers["Retry-After"]) >= 1
    assert "Too many leagues with an edit code" in page.get_data(as_text=True)
    plain = client.post("/leagues", data={"name": "Club"}, environ_base={"REMOTE_ADDR": address})
    assert plain.status_code == 303


def test_restored_leagues_with_an_edit_code_count_as_new_ones(app: Flask,
                                                              client: FlaskClient) -> None:
    """A restore protected by a code hashes it as a new league does: the same count."""
    address = next(ADDRESSES)
    backup = client.get(f"/api/v1/leagues/{create(client, next(ADDRESSES)).json['id']}/export"
                        ).json
    for _ in range(MAX_HASHED):
        assert client.post("/api/v1/leagues/import", json=backup, headers={"X-Edit-Code": CODE},
                           environ_base={"REMOTE_ADDR": address}).status_code == 201
    refused = client.post("/api/v1/leagues/import", json=backup, headers={"X-Edit-Code": CODE},
                          environ_base={"REMOTE_ADDR": address})
    assert refused.status_code == 429 and fields_of(refused) == {"edit_code"}
    assert create(client, address).status_code == 429
    page = client.post("/leagues/import", environ_base={"REMOTE_ADDR": address}, data={
        "edit_code": CODE, "document": (io.BytesIO(json.dumps(backup).encode()), "club.json")})
    assert page.status_code == 429
    assert "Too many leagues with an edit code" in page.get_data(as_text=True)
