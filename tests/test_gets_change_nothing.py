"""A GET only looks: every GET route, with each query string its page reads (a join code
wrong or right, a team, a sort, rules to start from), leaves every table's rows as they
were. A GET that wrote could be made by any other site, with an image."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.services import games
from handfoot_score.services.join_codes import MAX_FAILURES
from tests.site_map import QUERIES, addresses, database_rows, make_samples, with_queries


def test_every_get_with_its_query_strings_changes_nothing(app: Flask,
                                                          client: FlaskClient) -> None:
    samples = make_samples(app)
    before = database_rows(app)
    asked = set()
    for rule, address in addresses(app, samples):
        for url in with_queries(app, samples, rule, address):
            with client.get(url) as response:
                assert response.status_code < 500, (url, response.status_code)
            assert database_rows(app) == before, f"GET {url} ({rule.endpoint}) changed " \
                "the database"
            asked.add(rule.endpoint)
    assert set(QUERIES) <= asked, "a page named in QUERIES has no GET route"


def test_a_join_link_opens_the_game_with_one_post_whatever_other_sites_got(
        app: Flask, client: FlaskClient) -> None:
    samples = make_samples(app)
    with app.app_context():
        code = games.get_game(samples["game_id"][0]).join_code
    for _ in range(2 * MAX_FAILURES):
        client.get("/join?code=WRQNG2")
    page = client.get(f"/join?code={code}")
    assert page.status_code == 200 and f'value="{code}"' in page.get_data(as_text=True)
    joined = client.post("/join", data={"code": code})
    assert joined.status_code == 303
    assert joined.location == f"/games/{samples['game_id'][0]}"
