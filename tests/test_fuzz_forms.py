"""Every form and page with a query, filled in with anything: never a 5xx.

Each example starts from the form as the page shows it (its real field names and values),
then changes some fields to text no one types (NUL, control characters, "²", 5,000 digits,
400 zeros, names too long once case-folded) or adds fields of its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.form_data import page_form

FORMS = settings(max_examples=25, deadline=None,
                 phases=[Phase.explicit, Phase.reuse, Phase.generate],
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])

TYPED = st.one_of(
    st.text(max_size=10),
    st.sampled_from(["\x00", "a\x00", "\x07", "²", "١٢", "10²⁰", "9" * 5000, "0" * 400,
                     "1" + "0" * 400, "ß" * 60, "x" * 200, "-1", "3000000000", "", " ",
                     "0", "1", "2", "+1", "-1", "clean", "dirty", "wild", "classic",
                     "1,500", "\u2212" + "5", "below: 50\n15,000: 90", "AB12CD",
                     "y", "on", "start", "add_team", "load_rules"]),
)
#: A new client address for each league the fuzzing makes.
ADDRESSES = (f"198.18.{n // 256}.{n % 256}" for n in itertools.count(1))
GAME = {"rules": "classic", "teams": [{"name": "Us", "players": ["Ann", "Bob"]},
                                      {"name": "Them", "players": ["Cy", "Di"]}]}


def new_game(client: FlaskClient, league: str | None = None, code: str | None = None) -> str:
    """A new game's id, in ``league`` if given (whose edit code is ``code``)."""
    response = client.post("/api/v1/games", json={**GAME, **({"league": league} if league
                                                             else {})},
                           headers={"X-Edit-Code": code} if code else {})
    assert response.status_code == 201
    return str(response.get_json()["id"])


def new_league(client: FlaskClient, code: str | None = None) -> str:
    """A new league's id; one with a code comes from an address of its own, as an address
    may hash only so many edit codes an hour."""
    response = client.post("/api/v1/leagues", json={"name": "Club", "edit_code": code},
                           environ_base={"REMOTE_ADDR": next(ADDRESSES)})
    assert response.status_code == 201
    return str(response.get_json()["id"])


# Each form: where its page is (to read its fields) and where it posts, given a client.
Form = Callable[[FlaskClient], tuple[str | None, str]]


def _game_page(path: str, page: str | None) -> Form:
    """A form of a new game's pages posting to ``path``, shown on ``page`` (None: posted
    from a button with no fields)."""
    def where(client: FlaskClient) -> tuple[str | None, str]:
        game_id = new_game(client)
        shown = None if page is None else f"/games/{game_id}{page}"
        return shown, f"/games/{game_id}{path}"
    return where


def _league_page(path: str, page: str | None = None, code: str | None = "secret-code",
                 league_game: bool = False) -> Form:
    """A form of a new league's pages posting to ``path``, shown on ``page`` (``path`` if
    None); the league has ``code`` as its edit code, and a game on its roster if asked."""
    def where(client: FlaskClient) -> tuple[str | None, str]:
        league_id = new_league(client, code)
        if league_game:
            new_game(client, league_id, code)
        shown = path if page is None else page
        return f"/leagues/{league_id}{shown}", f"/leagues/{league_id}{path}"
    return where


FORM_POSTS: dict[str, Form] = {
    "new game": lambda client: ("/games/new", "/games/new"),
    "house rules": lambda client: ("/rules/house?base=pagat", "/rules/house"),
    "new league": lambda client: ("/leagues", "/leagues"),
    "count a round": _game_page("/rounds/1/record", "/rounds/1"),
    "show the score": _game_page("/rounds/1/show", "/rounds/1"),
    "one team's count": _game_page("/rounds/1/teams/0", "/rounds/1?team=0"),
    "correct a round": _game_page("/rounds/1/correct", "/rounds/1"),
    "preview": _game_page("/rounds/1/preview", "/rounds/1"),
    "book tap": _game_page("/books", ""),
    "stop the game": _game_page("/abandon", "/abandon"),
    "play again": _game_page("/again", None),
    "undo": _game_page("/rounds/1/undo", None),
    "unlock": _league_page("/unlock"),
    # A protected league asks for its code before it reads these forms: the open league's
    # forms are the ones read.
    "club night": _league_page("/club-nights/new", code=None, league_game=True),
    "club night, protected": _league_page("/club-nights/new", league_game=True),
    "season": _league_page("/seasons", page="", code=None),
    "season, protected": _league_page("/seasons", page=""),
    "theme": lambda client: (None, "/theme"),
}


@pytest.mark.parametrize("form", sorted(FORM_POSTS))
@FORMS
@given(data=st.data())
def test_any_form_filled_in_any_way(client: FlaskClient, form: str, data: st.DataObject
                                    ) -> None:
    shown, target = FORM_POSTS[form](client)
    values = page_form(client, shown) if shown else {}
    names = sorted(values) + ["step", "action", "team", "kind", "change", "seen", "version",
                              "present", "new_names", "games_each", "rules", "six_seats",
                              "name", "starts_on"]
    # A field sent once, or several times (a form's way to send a list).
    changed = data.draw(st.dictionaries(st.one_of(st.sampled_from(names), st.text(max_size=6)),
                                        st.one_of(TYPED, st.lists(TYPED, min_size=2,
                                                                  max_size=3)),
                                        max_size=6), label="changed")
    response = client.post(target, data={**values, **changed})
    assert response.status_code < 500, (target, changed, response.status_code)


PAGES_WITH_QUERIES = ["/join", "/meld-calculator", "/leagues/open", "/rules/house",
                      "/games/new"]


@FORMS
@given(page=st.sampled_from(PAGES_WITH_QUERIES),
       query=st.dictionaries(st.sampled_from(["code", "round", "score", "melds", "game",
                                              "rules", "base", "league", "link", "team",
                                              "next", "sort", "order", "add", "clear"]),
                             TYPED, max_size=4))
def test_any_query_on_a_page(client: FlaskClient, page: str, query: dict[str, str]) -> None:
    words = "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())
    response = client.get(f"{page}?{words}")
    assert response.status_code < 500, (page, query, response.status_code)


@FORMS
@given(segment=TYPED, query=TYPED)
def test_any_id_or_number_in_a_page_address(client: FlaskClient, segment: str, query: str
                                            ) -> None:
    game_id = new_game(client)
    league_id = new_league(client)
    season = client.post(f"/leagues/{league_id}/seasons",
                         data={"name": "Spring", "starts_on": "2026-03-01"})
    assert season.status_code == 303
    new_game(client, league_id)
    part = quote(segment, safe="")
    for address in (f"/games/{part}", f"/games/{game_id}/rounds/{part}",
                    f"/games/{game_id}/rounds/1?team={quote(query)}",
                    f"/leagues/{part}", f"/leagues/{league_id}/players/{part}",
                    f"/leagues/{league_id}?season={quote(query)}",
                    f"/leagues/{league_id}/players/1?season={quote(query)}",
                    f"/leagues/{league_id}/export?season={quote(query)}",
                    f"/leagues/{league_id}/standings.csv?season={quote(query)}",
                    f"/leagues/{league_id}/report?season={quote(query)}",
                    f"/leagues/{league_id}/club-nights/{part}",
                    f"/leagues/{league_id}?sort={quote(query)}&order={quote(query)}",
                    f"/rules/{part}", f"/games/{game_id}/scoreboard?round={quote(query)}"):
        response = client.get(address)
        assert response.status_code < 500, (address, response.status_code)


def test_the_forms_fuzzed_are_the_forms_there_are(client: FlaskClient) -> None:
    """Each form named above is one the app shows or takes, so none is fuzzed by mistake."""
    for form, where in FORM_POSTS.items():
        shown, target = where(client)
        if shown:
            assert client.get(shown).status_code == 200, form
        assert client.post(target, data={}).status_code != 404, form
