"""Any league backup, however malformed, is restored or refused with an answer that says where
(issue 27): whole documents exported from a real league (games finished and in play, book
taps, a team's saved count, house rules) with hostile values put anywhere in them (moments
out of range, text no database stores, numbers past any column, nesting too deep, wrong
types), sent to the JSON API and to the import page, on SQLite and on PostgreSQL.

Nothing is answered 500; a refusal is a 4xx whose problems name a field (the API) or the
import page again with its problems listed (the page).
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import TestResponse, encode_multipart

from tests.test_api_fuzz import HOSTILE_VALUES, INTS, post

BACKUPS = settings(max_examples=60, deadline=None,
                   phases=[Phase.explicit, Phase.reuse, Phase.generate],
                   suppress_health_check=[HealthCheck.function_scoped_fixture,
                                          HealthCheck.too_slow, HealthCheck.data_too_large])

#: Stands for a value nested deeper than any reader goes; put in the body's text as such.
DEEP = "\u2063deep\u2063"
DEPTH = 5_000
MOMENTS = st.sampled_from([
    "9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59+00:00",
    "0001-01-01T00:00:00+00:00", "2025-02-30T20:00:00+00:00", "2025-03-12T20:00:00",
    "2025-03-12T20:00:00+24:00", "2025-03-12", "20:00", "", "2025-03-12T20:00:00\udfff+00:00",
    "2025-03-12T20:00:00.999999999+00:00", "+2025-03-12T20:00:00+00:00",
])
HOSTILE = st.one_of(HOSTILE_VALUES, MOMENTS, INTS, st.just(DEEP),
                    st.sampled_from([float("nan"), float("inf"), -0.0, 1e308, 2**63, -(2**63)]))

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def _id(response: TestResponse) -> str:
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


#: The round issue 23 measures with (classic, round 3): Owls went out, Foxes did not.
OWLS = {"melded": {"jokers": 3, "twos": 6, "aces": 5, "eight_to_king": 28, "four_to_seven": 8},
        "left": {"aces": 1, "eight_to_king": 1},
        "books": {"clean": 3, "dirty": 2, "wild": 1}, "red_threes_down": 3, "went_out": True}
FOXES = {"melded": {"jokers": 1, "twos": 3, "aces": 4, "eight_to_king": 18, "four_to_seven": 9},
         "left": {"jokers": 1, "twos": 1, "aces": 2, "eight_to_king": 6, "four_to_seven": 5,
                  "black_threes": 2},
         "books": {"clean": 1, "dirty": 1}, "red_threes_down": 1}
#: A count in points, as a team that counts that way saves it.
IN_POINTS = {"melded": {"points": 230}, "left": {"points": 85}}


@pytest.fixture
def exported(client: FlaskClient) -> dict[str, Any]:
    """A league's backup: a classic game played to its end, a house-rules game in play
    with books tapped and one team's count saved, and a game of three teams."""
    league = _id(post(client, "/api/v1/leagues", {"name": "Thursday club"}))
    teams = [{"name": "Owls", "players": PLAYERS[:2]}, {"name": "Foxes", "players": PLAYERS[2:4]}]
    finished = _id(post(client, "/api/v1/games",
                        {"rules": "classic", "teams": teams, "league": league}))
    for _ in range(4):
        rounds = post(client, f"/api/v1/games/{finished}/rounds", {"teams": [OWLS, FOXES]})
        assert rounds.status_code == 201, rounds.get_json()
    house = {"base": "classic", "name": "Grandma's", "first_meld_bonus": 100}
    playing = _id(post(client, "/api/v1/games",
                       {"rules": house, "teams": teams, "league": league}))
    tap = post(client, f"/api/v1/games/{playing}/books",
               {"team": 0, "kind": "clean", "change": 1, "seen": 0})
    assert tap.status_code < 300, tap.get_json()
    count = client.put(f"/api/v1/games/{playing}/rounds/1/parts/1",
                       json={"tally": IN_POINTS, "version": 0})
    assert count.status_code == 200, count.get_json()
    three = [{"name": name, "players": PLAYERS[2 * n:2 * n + 2]}
             for n, name in enumerate(["Owls", "Foxes", "Greens United"])]
    thirds = _id(post(client, "/api/v1/games",
                      {"rules": "italian", "teams": three, "league": league}))
    three_teams = post(client, f"/api/v1/games/{thirds}/rounds",
                       {"teams": [IN_POINTS, IN_POINTS, {**IN_POINTS, "went_out": True,
                                                          "books": {"clean": 1, "dirty": 1}}]})
    assert three_teams.status_code == 201, three_teams.get_json()
    document = client.get(f"/api/v1/leagues/{league}/export").get_json()
    assert len(document["games"]) == 3
    return dict(document)


def places(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in the document, its containers included."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from places(value, (*path, index))


def broken(data: st.DataObject, document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with one to five of its values replaced by hostile ones, or dropped."""
    document = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(1, 5), label="changes")):
        # The moments are few among hundreds of places: each is picked as often as the rest.
        every = list(places(document))[1:]
        moments = [place for place in every if place[-1] in ("created_at", "played_at")]
        where = st.sampled_from(every) | st.sampled_from(moments) if moments else \
            st.sampled_from(every)
        path = data.draw(where, label="where")
        *parents, last = path
        target: Any = document
        for part in parents:
            target = target[part]
        if isinstance(target, dict) and data.draw(st.booleans(), label="drop"):
            del target[last]
        else:
            moment = last in ("created_at", "played_at")
            target[last] = data.draw(st.one_of(MOMENTS, HOSTILE) if moment else HOSTILE,
                                     label="value")
    return document


def body_of(document: dict[str, Any]) -> bytes:
    """The document as JSON text, with ``DEEP`` written as lists nested ``DEPTH`` deep."""
    text = json.dumps(document)
    return text.replace(json.dumps(DEEP), "[" * DEPTH + "]" * DEPTH).encode(
        "utf-8", "surrogatepass")


def import_by_api(client: FlaskClient, body: bytes) -> TestResponse:
    return client.post("/api/v1/leagues/import", data=body, content_type="application/json")


def import_by_page(client: FlaskClient, body: bytes) -> TestResponse:
    boundary, form = encode_multipart(MultiDict({"document": FileStorage(
        io.BytesIO(body), "league.json")}))
    return client.post("/leagues/import", data=form,
                       content_type=f"multipart/form-data; boundary={boundary}")


def assert_restored_or_refused_saying_where(api: TestResponse, page: TestResponse) -> None:
    assert api.status_code < 500, api.get_data(as_text=True)[:500]
    assert page.status_code < 500, page.get_data(as_text=True)[:500]
    if api.status_code == 201:
        return
    errors = api.get_json()["errors"]
    assert errors, api.get_json()
    if api.status_code == 422:
        assert any(error["field"] for error in errors), errors
    if page.status_code != 303:
        assert 'class="problems"' in page.get_data(as_text=True) or \
            'role="alert"' in page.get_data(as_text=True), page.get_data(as_text=True)[:500]


@BACKUPS
@given(data=st.data())
def test_any_broken_backup_is_restored_or_refused_saying_where(
        client: FlaskClient, exported: dict[str, Any], data: st.DataObject) -> None:
    body = body_of(broken(data, exported))
    assert_restored_or_refused_saying_where(import_by_api(client, body),
                                            import_by_page(client, body))


@pytest.mark.parametrize("where", [("created_at",), ("games", 0, "played_at"),
                                   ("games", 1, "played_at")])
@pytest.mark.parametrize("moment", ["9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+01:00"])
def test_a_moment_outside_the_years_databases_hold_is_refused_by_name(
        client: FlaskClient, exported: dict[str, Any], where: tuple[Any, ...],
        moment: str) -> None:
    document = copy.deepcopy(exported)
    target: Any = document
    for part in where[:-1]:
        target = target[part]
    target[where[-1]] = moment
    api = import_by_api(client, body_of(document))
    assert api.status_code == 422
    named = "created_at" if where == ("created_at",) else f"games[{where[1]}].played_at"
    assert named in [error["field"] for error in api.get_json()["errors"]]
    page = import_by_page(client, body_of(document))
    assert page.status_code == 422
    assert named in page.get_data(as_text=True)


def test_the_untouched_backup_restores(client: FlaskClient, exported: dict[str, Any]) -> None:
    assert import_by_api(client, body_of(exported)).status_code == 201
    assert import_by_page(client, body_of(exported)).status_code == 303


def test_a_team_without_a_name_is_named_as_a_new_games_is(
        client: FlaskClient, exported: dict[str, Any]) -> None:
    """A game's team read from a backup as a new game's team is: without a name it is named
    "Team 1"; the API's description takes such a team too (the fuzzing above once dropped
    a name, and the import took what the description refused: every request the API takes
    is checked against it, tests/openapi_check.py)."""
    document = copy.deepcopy(exported)
    del document["games"][1]["teams"][0]["name"]
    league = _id(import_by_api(client, body_of(document)))
    again = client.get(f"/api/v1/leagues/{league}/export").get_json()
    assert [team["name"] for team in again["games"][1]["teams"]] == ["Team 1", "Foxes"]


@pytest.mark.parametrize("key", ["season", "note", "place", "played_on", "books",
                                 "red_threes_down", "counts"])
def test_a_games_key_given_as_null_is_taken_as_left_out(
        client: FlaskClient, exported: dict[str, Any], key: str) -> None:
    """The import reads a game in play's optional keys given as null as left out, and the
    API's description says they may be null (it said they may not, and took the import)."""
    document = copy.deepcopy(exported)
    document["games"][1][key] = None
    assert import_by_api(client, body_of(document)).status_code == 201


@pytest.mark.parametrize("key", ["x\ud800", "x\x00"])
def test_a_key_no_database_stores_is_refused_by_the_page_saying_where(
        client: FlaskClient, exported: dict[str, Any], key: str) -> None:
    """The case the fuzzing found: the import page answered 500 on a key holding a lone
    surrogate, as its problems quoted the key and a page cannot be written with it."""
    document = copy.deepcopy(exported)
    document["rules"][0]["red_three"][key] = {"books": 153}
    page = import_by_page(client, body_of(document))
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert "rules.0.red_three" in text
    assert "has a key holding" in text
    api = import_by_api(client, body_of(document))
    assert api.status_code == 422
    assert [error["field"] for error in api.get_json()["errors"]] == ["rules.0.red_three"]
